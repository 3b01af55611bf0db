// Reading DragonBones JSON allocates for what the model keeps, and keyframes keep little: a frame
// whose keys are all common ones (duration, tweenEasing, x, y, rotate, ...) lives in its timeline's
// array with no block of its own, even when it writes tweenEasing as null or "NaN" (the texts real
// files write most); a rare key (skew, events, an unknown key, ...) costs the frame one box, placed in a
// slab with other frames' boxes, as are transforms, colours and lists of numbers. Counted
// by replacing the global operator new for this program.
#include <gtest/gtest.h>

#include <string>

#include "rigio/dragonbones/json.hpp"
#include "rigio/io/arena.hpp"
#include "support/counting_new.hpp"

namespace {

// A 5.5 skeleton whose one translate timeline has `count` copies of `frame`.
std::string skeleton(int count, const std::string& frame) {
    std::string frames;
    for (int i = 0; i < count; ++i) frames += (i ? "," : "") + frame;
    return R"({"version":"5.5","frameRate":24,"armature":[{"name":"a","bone":[{"name":"b"}],"animation":[{"name":"go",)"
           R"("duration":)" + std::to_string(count) + R"(,"bone":[{"name":"b","translateFrame":[)" + frames + "]}]}]}]}";
}

// Blocks that reading (and dropping) the skeleton with `count` frames allocates.
long allocations_for(int count, const std::string& frame) {
    const std::string text = skeleton(count, frame);
    (void)rigio::dragonbones::read_json(text);  // the thread's parser grows to this size first
    rigio::io::release_arena_spares();           // (and the blocks of its arena are not reused)
    const long before = counting_new::allocations.load();
    auto d = rigio::dragonbones::read_json(text);
    EXPECT_TRUE(d.ok()) << d.error().what();
    return counting_new::allocations.load() - before;
}

// (The frames' array itself comes from the read's arena, whose blocks follow the text's size: 1,000 frames
// cost a block or two more than 100, and none of their own.)
TEST(DragonBonesReadAllocation, CommonFramesCostNoBlockOfTheirOwn) {
    for (const char* frame : {R"({"duration":1,"tweenEasing":0,"x":1.5,"y":-2})", R"({"duration":1,"tweenEasing":null,"x":3})",
                              R"({"duration":2,"tweenEasing":"NaN","y":0.25})", R"({"tweenEasing":null})"}) {
        EXPECT_LE(allocations_for(1000, frame) - allocations_for(100, frame), 2) << frame;
    }
}

// A rare key puts the frame's rare members in a box, which the reader places in a slab (OptPool): 90 more
// frames with one cost a few slabs (before: a block each). An unknown key also costs the box's list of
// unknown keys (a box and its array: two blocks per frame).
TEST(DragonBonesReadAllocation, ARareKeyCostsTheFrameACellOfASlab) {
    const std::string frame = R"({"duration":1,"x":1,"clockwise":1})";
    const long rare = allocations_for(100, frame) - allocations_for(10, frame);
    EXPECT_GE(rare, 1);
    EXPECT_LE(rare, 3);
    const std::string unknown = R"({"duration":1,"x":1,"note":1})";
    const long more = allocations_for(20, unknown) - allocations_for(10, unknown);
    EXPECT_GE(more, 10 * 2);
    EXPECT_LE(more, 10 * 2 + 1);
}

// Pre-5.5 bone frames carry a transform, slot frames a colour: the reader places them in slabs (an
// OptPool each) that grow 8, 16, ... 128 cells, so that 100 more frames cost one or two slabs, not a
// box per frame (before: 100 blocks).
TEST(DragonBonesReadAllocation, TransformsAndColoursShareSlabs) {
    auto frames = [](int count) {
        std::string bone, slot;
        for (int i = 0; i < count; ++i) {
            bone += std::string(i ? "," : "") + R"({"duration":1,"transform":{"x":)" + std::to_string(i) + R"(,"skY":2}})";
            slot += std::string(i ? "," : "") + R"({"duration":1,"color":{"aM":)" + std::to_string(i % 100) + "}}";
        }
        const std::string text = R"({"version":"5.0","frameRate":24,"armature":[{"name":"a","bone":[{"name":"b"}],)"
                                 R"("slot":[{"name":"s","parent":"b"}],"animation":[{"name":"go","duration":1,)"
                                 R"("bone":[{"name":"b","frame":[)" + bone + R"(]}],"slot":[{"name":"s","frame":[)" + slot + "]}]}]}]}";
        (void)rigio::dragonbones::read_json(text);
        rigio::io::release_arena_spares();  // (counted as if the first read: its arena's blocks anew)
        const long before = counting_new::allocations.load(), freed = counting_new::frees.load();
        {
            auto d = rigio::dragonbones::read_json(text);
            EXPECT_TRUE(d.ok()) << d.error().what();
            if (d.ok()) {
                const auto& an = (*d->armature[0].animation)[0];
                EXPECT_EQ((*(*an.bone)[0].frame)[static_cast<std::size_t>(count - 1)].transform->x->value(), count - 1);
                EXPECT_EQ((*(*an.slot)[0].frame)[static_cast<std::size_t>(count - 1)].color->aM->value(), (count - 1) % 100);
            }
        }
        const long made = counting_new::allocations.load() - before;
        rigio::io::release_arena_spares();
        EXPECT_EQ(counting_new::frees.load() - freed, made) << "every slab freed with the model";
        return made;
    };
    const long ten = frames(10), hundred = frames(100), two_hundred = frames(200);
    EXPECT_LE(hundred - ten, 2 * 4);  // slabs of 16, 32, 64 (and 8) per pool: 90 frames, 3 slabs each
    EXPECT_LE(two_hundred - hundred, 2 * 2);
}

// A timeline's name and its list of frames are held in the timeline, and the frames' array comes from the
// read's arena (dragonbones::Vector): 990 more timelines cost a few arena blocks, none for a name
// up to the short-string size (before the arena: a block per timeline; before that, a box for each too).
TEST(DragonBonesReadAllocation, ATimelineCostsOneBlockForItsFrames) {
    auto timelines = [](int count) {
        std::string list, bones;
        for (int i = 0; i < count; ++i) {
            const std::string name = "bone" + std::to_string(i);
            bones += std::string(i ? "," : "") + R"({"name":")" + name + R"("})";
            list += std::string(i ? "," : "") + R"({"name":")" + name + R"(","translateFrame":[{"duration":1,"x":1},{"duration":0,"y":2}]})";
        }
        const std::string text = R"({"version":"5.5","frameRate":24,"armature":[{"name":"a","bone":[)" + bones +
                                 R"(],"animation":[{"name":"go","duration":1,"bone":[)" + list + "]}]}]}";
        (void)rigio::dragonbones::read_json(text);
        rigio::io::release_arena_spares();
        const long before = counting_new::allocations.load();
        auto d = rigio::dragonbones::read_json(text);
        EXPECT_TRUE(d.ok()) << d.error().what();
        return counting_new::allocations.load() - before;
    };
    EXPECT_LE(timelines(1000) - timelines(10), 990 / 30);  // (14 today: arena blocks, sized after the text)
}

// The lists of a model read from the arena are ordinary values: they grow, are copied and outlive the
// read and each other, and every block (the arena's included) is given back once the models are gone.
TEST(DragonBonesReadAllocation, ArenaListsOutliveTheReadAndFreeEverything) {
    const std::string text = skeleton(50, R"({"duration":1,"tweenEasing":0,"x":1.5,"y":-2})");
    (void)rigio::dragonbones::read_json(text);
    rigio::io::release_arena_spares();  // (the blocks of that read's arena, kept for the next one)
    const long before = counting_new::allocations.load(), freed = counting_new::frees.load();
    {
        rigio::dragonbones::DragonBonesData copy;
        {
            auto d = rigio::dragonbones::read_json(text);
            ASSERT_TRUE(d.ok()) << d.error().what();
            auto& frames = *(*(*d->armature[0].animation)[0].bone)[0].translateFrame;
            for (int i = 0; i < 100; ++i) frames.push_back(frames[0]);  // grows past the read: from the heap
            frames.erase(frames.begin());
            copy = *d;
            EXPECT_TRUE(copy == *d);
        }  // the read model is gone; the copy holds no piece of its arena
        const auto& frames = *(*(*copy.armature[0].animation)[0].bone)[0].translateFrame;
        ASSERT_EQ(frames.size(), 149u);
        EXPECT_EQ(frames.back().x->value(), 1.5);
        EXPECT_EQ(rigio::dragonbones::write_json(rigio::dragonbones::read_json(text).value()),
                  rigio::dragonbones::write_json(rigio::dragonbones::read_json(rigio::dragonbones::write_json(
                      rigio::dragonbones::read_json(text).value())).value()));
    }
    rigio::io::release_arena_spares();
    EXPECT_EQ(counting_new::frees.load() - freed, counting_new::allocations.load() - before);
}

}  // namespace
