// 4.x timelines on small skeletons built here: sequence modes, per-channel Bézier curves, one-axis bone
// timelines, rgb/alpha colour timelines, rotations without the shortest way, and 4.2 inherit keys.
#include <gtest/gtest.h>

#include "fixtures.hpp"
#include "rigio/io/error.hpp"
#include "rigio/spine/runtime/sequence.hpp"

using namespace rigio::test;

namespace {

SkeletonData v4(Version v = Version::V42) {
    SkeletonData sd = skeleton();
    sd.header.data_version = v;
    return sd;
}

// Poses animation 0 at `t` on a fresh setup pose.
void pose(Skeleton& sk, float t) {
    sk.set_to_setup_pose();
    apply(sk.data().animations[0], sk, t, t, false, nullptr, 1);
    sk.update_world_transform();
}

}  // namespace

TEST(Spine4xTimelines, SequenceModesPickTheFrameAsTheEditorPlaysThem) {
    // 4 frames, a key at t = 0 with index 0 and delay 0.1: at t = 0.55, 5 frames have elapsed.
    const std::pair<SequenceMode, int> cases[] = {
        {SequenceMode::Hold, 0},        {SequenceMode::Once, 3},        {SequenceMode::Loop, 1},
        {SequenceMode::Pingpong, 1},    {SequenceMode::OnceReverse, 0}, {SequenceMode::LoopReverse, 2},
        {SequenceMode::PingpongReverse, 2}};
    for (const auto& [mode, want] : cases) {
        SCOPED_TRACE(static_cast<int>(mode));
        SkeletonData sd = v4(Version::V41);
        const int slot = add_slot(sd, "s", 0, std::string("wing"));
        Attachment a = region(10, 10);
        a.sequence = Sequence{4, 1, 2, 1, {}};
        add_attachment(skin(sd), slot, "wing", a);
        Animation anim;
        anim.name = "fly";
        DeformTimeline t;
        t.attachment = "wing";
        t.type = AttachmentTimelineType::Sequence;
        t.sequence_keys.push_back({0, mode, 0, 0.1f});
        anim.deform.push_back({0, {{slot, {t}}}});
        sd.animations.push_back(anim);
        const RuntimeData rd = prepare(sd).value();
        Skeleton sk(rd);
        sk.set_to_setup_pose();
        EXPECT_EQ(sequence_frame(sk, slot), 1);  // no key applied: the setup frame
        pose(sk, 0.55f);
        EXPECT_EQ(sequence_frame(sk, slot), want);
        EXPECT_EQ(sequence_region(rd.attachments[0], want), "wing" + std::string(want + 1 < 10 ? "0" : "") + std::to_string(want + 1));
    }
}

TEST(Spine4xTimelines, PerChannelBezierAndOneAxisTimelines) {
    SkeletonData sd = v4(Version::V40);
    const int b = add_bone(sd, "b", 0, 5, 0);
    Animation anim;
    anim.name = "a";
    BoneTimeline x;
    x.type = BoneTimelineType::TranslateX;
    // A Bézier from (0, 0) to (1, 10) whose handles hold the value at 0 until late: a slow start.
    BoneKeyframe k0(0, 0, 0, Curve2(CurveType::Bezier));
    k0.curve.bezier = {0.5f, 0, 1, 0};
    x.keys = {k0, BoneKeyframe(1, 10, 0)};
    BoneTimeline r;
    r.type = BoneTimelineType::Rotate;
    r.keys = {BoneKeyframe(0, 0, 0), BoneKeyframe(1, 350, 0)};  // 4.x: the long way, no wrap
    anim.bones.push_back({b, {x, r}});
    sd.animations.push_back(anim);
    const RuntimeData rd = prepare(sd).value();
    Skeleton sk(rd);
    pose(sk, 0.5f);
    // The curve sampled at u = 0.3: (0.4365, 0.27) and u = 0.4: (0.568, 0.64) (time = 1.5u(1-u)^2 +
    // 3u^2(1-u) + u^3, value = 10u^3); time 0.5 lies between them.
    const float want = 0.27f + (0.5f - 0.4365f) / (0.568f - 0.4365f) * (0.64f - 0.27f);
    EXPECT_NEAR(sk.bones[1].local.x, 5 + want, 1e-4);
    EXPECT_NEAR(sk.bones[1].local.rotation, 175, 1e-4);  // 3.x would turn -5 degrees
    EXPECT_FLOAT_EQ(sk.bones[1].local.y, 0);  // translateX leaves y alone
}

TEST(Spine4xTimelines, RgbAndAlphaTimelinesWriteTheirChannelsOnly) {
    SkeletonData sd = v4(Version::V40);
    const int slot = add_slot(sd, "s", 0);
    sd.slots[0].color = 0x336699CC;
    Animation anim;
    anim.name = "a";
    SlotTimeline rgb;
    rgb.type = SlotTimelineType::Rgb;
    rgb.color_keys = {{0, 0xFF0000FF, 0, {}}};
    SlotTimeline alpha;
    alpha.type = SlotTimelineType::Alpha;
    alpha.color_keys = {{0.5f, 0xFFFFFF80, 0, {}}};
    anim.slots.push_back({slot, {rgb, alpha}});
    sd.animations.push_back(anim);
    const RuntimeData rd = prepare(sd).value();
    Skeleton sk(rd);
    pose(sk, 0.25f);  // rgb keyed, alpha before its first key: the setup alpha
    EXPECT_FLOAT_EQ(sk.slots[0].color.r, 1);
    EXPECT_FLOAT_EQ(sk.slots[0].color.g, 0);
    EXPECT_FLOAT_EQ(sk.slots[0].color.a, 0xCC / 255.0f);
    pose(sk, 1);
    EXPECT_FLOAT_EQ(sk.slots[0].color.a, 0x80 / 255.0f);
    EXPECT_FLOAT_EQ(sk.slots[0].color.r, 1);
}

TEST(Spine4xTimelines, InheritKeysChangeTheBonesTransformMode) {
    SkeletonData sd = v4(Version::V42);
    sd.bones[0].rotation = 90;
    const int b = add_bone(sd, "b", 0, 10, 0);
    Animation anim;
    anim.name = "a";
    BoneTimeline t;
    t.type = BoneTimelineType::Inherit;
    BoneKeyframe k(0.5f, 0, 0);
    k.inherit = TransformMode::OnlyTranslation;
    t.keys = {k};
    anim.bones.push_back({b, {t}});
    sd.animations.push_back(anim);
    const RuntimeData rd = prepare(sd).value();
    Skeleton sk(rd);
    pose(sk, 0);  // before the key: normal, the parent's 90 degrees turn the bone
    EXPECT_NEAR(sk.bones[1].a, 0, 1e-6);
    EXPECT_NEAR(sk.bones[1].c, 1, 1e-6);
    pose(sk, 0.5f);  // only the translation is inherited
    EXPECT_NEAR(sk.bones[1].a, 1, 1e-6);
    EXPECT_NEAR(sk.bones[1].c, 0, 1e-6);
    EXPECT_NEAR(sk.bones[1].world_y, 10, 1e-5);
    sk.set_to_setup_pose();
    EXPECT_EQ(sk.bones[1].inherit, TransformMode::Normal);
}

TEST(Spine4xTimelines, AbsurdSequencePaddingIsRefusedNotAllocated) {
    SkeletonData sd = v4(Version::V41);
    const int slot = add_slot(sd, "s", 0, std::string("wing"));
    Attachment a = region(10, 10);
    a.sequence = Sequence{4, 1, 2000000000, 0, {}};
    add_attachment(skin(sd), slot, "wing", a);
    const rigio::Result<RuntimeData> r = prepare(sd);
    ASSERT_FALSE(r.ok()) << "prepared a sequence padded to 2e9 digits";
    EXPECT_NE(std::string(r.error().what()).find("sequence digits 2000000000"), std::string::npos) << r.error().what();
}
