// DragonBones version changes: 4.x slot-frame "z" (per-slot draw-order keys) becomes a 5.5 zOrder timeline
// on the upgrade, and the 4.5 downgrade's loss for bone channels that one easing cannot carry states
// the measured largest bone displacement of the animation.
#include <gtest/gtest.h>

#include <string>

#include "rigio/convert/dragonbones_to_spine.hpp"
#include "rigio/dragonbones/json.hpp"
#include "rigio/dragonbones/version.hpp"

using namespace rigio;
namespace db = rigio::dragonbones;

namespace {

db::DragonBonesData read(const char* text) {
    auto d = db::read_json(text);
    EXPECT_TRUE(d.ok()) << (d.ok() ? "" : d.error().what());
    return d.ok() ? *d : db::DragonBonesData{};
}

std::string all(const LossReport& r) {
    std::string out;
    for (const Loss& l : r.losses) out += l.where + ": " + l.feature + ": " + l.action + "\n";
    return out;
}

// Three slots a, b, c keyed with their place among the shown slots; from frame 2 on, a goes in front of b.
constexpr const char* kSlotZ = R"({"frameRate":24,"name":"z","version":"4.5","isGlobal":0,"armature":[
{"type":"Armature","name":"arm","bone":[{"name":"root"}],
 "slot":[{"name":"a","parent":"root","z":0},{"name":"b","parent":"root","z":1},{"name":"c","parent":"root","z":2}],
 "animation":[{"name":"swap","duration":4,"slot":[
   {"name":"a","frame":[{"duration":2,"z":0},{"duration":2,"z":2}]},
   {"name":"b","frame":[{"duration":4,"z":1}]},
   {"name":"c","frame":[{"duration":4,"z":3}]}]},
  {"name":"still","duration":4,"slot":[{"name":"a","frame":[{"duration":4,"z":1}]},{"name":"c","frame":[{"duration":4,"z":2}]}]}]}]})";

}  // namespace

TEST(DragonBonesVersionChange, UpgradeKeepsPerSlotDrawOrderKeys) {
    const db::DragonBonesData d = read(kSlotZ);
    LossReport r;
    const db::DragonBonesData up = db::convert_version(d, "5.5", r).value();
    EXPECT_TRUE(r.empty()) << all(r);
    const auto& animations = *up.armature[0].animation;
    ASSERT_TRUE(animations[0].zOrder && animations[0].zOrder->frame);
    const db::Frames& frames = *animations[0].zOrder->frame;
    ASSERT_EQ(frames.size(), 2u);
    EXPECT_EQ(frames[0].duration->value(), 2);
    EXPECT_FALSE(frames[0].rare().zOrder.has_value());  // setup order
    EXPECT_EQ(frames[1].duration->value(), 2);
    ASSERT_TRUE(frames[1].rare().zOrder.has_value());
    std::vector<double> pairs;
    for (const db::Num& n : *frames[1].rare().zOrder) pairs.push_back(n.value());
    EXPECT_EQ(pairs, (std::vector<double>{0, 1, 1, -1}));  // a one place up, b one down
    // Keys that only restate the setup order (places among the shown slots) need no timeline.
    EXPECT_FALSE(animations[1].zOrder.has_value());
    // The slot frames no longer carry "z", and the 5.5 text reads back.
    for (const auto& t : *animations[0].slot) EXPECT_FALSE(t.frame.has_value());
    EXPECT_TRUE(db::read_json(db::write_json(up)).ok());
}

TEST(DragonBonesVersionChange, SpineConversionFollowsThe5xRuntimesAndReportsSlotZ) {
    const db::DragonBonesData d = read(kSlotZ);
    LossReport r;
    auto sd = convert::dragonbones_to_spine(d, 0, r);
    ASSERT_TRUE(sd.ok()) << sd.error().what();
    EXPECT_TRUE(sd->animations[0].draw_order.empty());  // DragonBones 5.x runtimes ignore slot-frame "z"
    EXPECT_NE(all(r).find("/armature/0/animation/0/slot/0/frame: slot-frame \"z\" (4.x draw-order animation) of slot \"a\": dropped: "
                          "DragonBones 5.x runtimes ignore it"),
              std::string::npos)
        << all(r);
}

TEST(DragonBonesVersionChange, DowngradeLossStatesTheMeasuredDisplacement) {
    // "arm" (100 px long) slides linearly over 10 frames while it turns 90 degrees with a quad ease-out over
    // the first 5: merged at frames 0, 5, 10, the first segment gets the slide's linear easing. The turn is
    // then 0.25 * 90 = 22.5 degrees behind at frame 2.5, which puts the tip 2 * 100 * sin(11.25 deg) =
    // 39.0 px away.
    const db::DragonBonesData d = read(R"({"frameRate":24,"name":"e","version":"5.5","armature":[
{"type":"Armature","name":"arm","bone":[{"name":"root"},{"name":"arm","parent":"root","length":100}],"slot":[],
 "animation":[{"name":"reach","duration":10,"bone":[{"name":"arm",
   "translateFrame":[{"duration":10,"tweenEasing":0},{"duration":0,"x":100}],
   "rotateFrame":[{"duration":5,"tweenEasing":1},{"duration":5,"tweenEasing":0,"rotate":90},{"duration":0,"rotate":90}]}]}]}]})");
    LossReport r;
    (void)db::convert_version(d, "4.5", r).value();
    const std::string text = all(r);
    EXPECT_NE(text.find("/armature/0/animation/0/bone/0: channels keyed at different times or with different easing: the segment at frame "
                        "0 keeps one easing; measured over the animation, bones move up to 39 px from the 5.x pose (bone \"arm\" at frame "
                        "2.5; IK not applied), this bone's own values by up to 0 px, 22.5 degrees and 0 in scale"),
              std::string::npos)
        << text;
    EXPECT_EQ(r.losses.size(), 1u) << text;
}
