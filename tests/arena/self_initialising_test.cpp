// Arena containers make their class-type elements by default-initialisation (io::ArenaAllocator::
// construct): no zero fill before the constructor. That is only right for types that give each member
// a value themselves. Each model type is built here in memory full of garbage, as an arena container
// would build it, and compared with one made by value-initialisation: a member left without a default
// member initialiser shows as a difference.
#include <gtest/gtest.h>

#include <cstring>
#include <memory>
#include <new>
#include <typeinfo>

#include "rigio/dragonbones/model.hpp"
#include "rigio/io/arena.hpp"
#include "rigio/spine/model.hpp"

namespace {

template <class T>
void expect_sets_every_member() {
    alignas(T) unsigned char bytes[sizeof(T)];
    for (const unsigned char garbage : {0x00, 0xA5, 0xFF}) {
        std::memset(bytes, garbage, sizeof bytes);
        rigio::io::ArenaAllocator<T> allocator;
        std::allocator_traits<rigio::io::ArenaAllocator<T>>::construct(allocator, reinterpret_cast<T*>(bytes));
        T* const made = std::launder(reinterpret_cast<T*>(bytes));
        EXPECT_TRUE(*made == T()) << typeid(T).name() << " over bytes 0x" << std::hex << int{garbage};
        made->~T();
    }
}

template <class... T>
void expect_all() {
    (expect_sets_every_member<T>(), ...);
}

}  // namespace

TEST(ArenaConstruct, SpineModelTypesSetEveryMember) {
    using namespace rigio::spine;
    expect_all<JsonExtra, Header, Bone, Slot, IkConstraint, TransformConstraint, PathConstraint, PhysicsConstraint,
               Vertices, Sequence, Attachment, SkinAttachment, SkinSlot, Skin, EventData, Curve, Curve2, AttachmentKeyframe,
               ColorKeyframe, SlotTimeline, SlotTimelines, BoneKeyframe, BoneTimeline, BoneTimelines, IkKeyframe,
               IkTimeline, TransformKeyframe, TransformTimeline, PathKeyframe, PathTimeline, PathTimelines,
               PhysicsKeyframe, PhysicsTimeline, PhysicsTimelines, SequenceKeyframe, DeformKeyframe, DeformTimeline,
               DeformSlot, DeformSkin, DrawOrderOffset, DrawOrderKeyframe, EventKeyframe, KeyJsonExtra, Animation,
               SkeletonData>();
}

TEST(ArenaConstruct, DragonBonesModelTypesSetEveryMember) {
    using namespace rigio::dragonbones;
    expect_all<Num, Opt<Num>, Flag, RawJson, Transform, ColorTransform, Rectangle, Point, Event, FrameRare, Frame,
               BoneTimeline, SlotTimeline, FfdTimeline, ZOrderTimeline, Animation, Bone, Slot, Display, SkinSlot, Skin,
               IkConstraint, Armature, DragonBonesData>();
}

// Types without a constructor of their own are still value-initialised: zeros.
TEST(ArenaConstruct, PlainTypesAreStillZeroed) {
    struct Plain {
        int a;
        float b[3];
    };
    for (int round = 0; round < 2; ++round) {
        rigio::io::ArenaVector<Plain> v;
        v.resize(8);
        for (const Plain& p : v) EXPECT_TRUE(p.a == 0 && p.b[0] == 0 && p.b[1] == 0 && p.b[2] == 0);
        for (Plain& p : v) p = {7, {1, 2, 3}};  // (the next round's memory may be this one's)
        rigio::io::ArenaVector<int> ints(16);
        for (const int i : ints) EXPECT_EQ(i, 0);
    }
}
