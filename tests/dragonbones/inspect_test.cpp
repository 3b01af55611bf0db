// dragonbones::statistics (rigio/dragonbones/inspect.hpp): per armature counts, displays by type,
// animation durations and timelines by kind, on data built here (5.x split timelines, 2.x/3.0 legacy
// timelines, 5.6 typed timelines) and on a corpus file.
#include <gtest/gtest.h>

#include <string>

#include "rigio/dragonbones/inspect.hpp"
#include "rigio/dragonbones/json.hpp"
#include "rigio/io/file.hpp"
#include "support/shared.hpp"

using namespace rigio;
using namespace rigio::dragonbones;

namespace {

DragonBonesData read_ok(const std::string& text) {
    auto r = read_json(text);
    if (!r.ok()) ADD_FAILURE() << r.error().what();
    return r.ok() ? r.value() : DragonBonesData{};
}

}  // namespace

TEST(DragonBonesInspect, CountsArmaturesDisplaysAndTimelines) {
    const DragonBonesData d = read_ok(R"({"name":"x","version":"5.5","frameRate":30,"armature":[
{"name":"a","frameRate":20,"bone":[{"name":"root"},{"name":"b","parent":"root"}],"slot":[{"name":"s","parent":"b"}],
 "ik":[{"name":"k","bone":"b","target":"root"}],
 "skin":[{"name":"","slot":[{"name":"s","display":[{"name":"i"},{"type":"mesh","name":"m","vertices":[0,0,1,0,1,1],"uvs":[0,0,1,0,1,1],
   "triangles":[0,1,2],"weights":[1,0,1,1,0,1,1,0,1],"slotPose":[1,0,0,1,0,0],"bonePose":[0,1,0,0,1,0,0]},{"type":"boundingBox","name":"bb"}]}]}],
 "animation":[{"name":"go","duration":40,"playTimes":0,
   "bone":[{"name":"b","translateFrame":[{"duration":20},{"duration":20}],"rotateFrame":[{"duration":40}]}],
   "slot":[{"name":"s","colorFrame":[{"duration":40}]}],
   "zOrder":{"frame":[{"duration":40}]},"frame":[{"duration":10},{"duration":30}]}]},
{"name":"empty"}]})");
    const DataStats s = statistics(d);
    ASSERT_EQ(s.armatures.size(), 2u);
    const ArmatureStats& a = s.armatures[0];
    EXPECT_EQ(a.name, std::optional<std::string>("a"));
    EXPECT_EQ(a.frame_rate, 20);
    EXPECT_EQ(a.bones, 2u);
    EXPECT_EQ(a.slots, 1u);
    EXPECT_EQ(a.ik, 1u);
    ASSERT_EQ(a.skins.size(), 1u);
    EXPECT_EQ(a.displays.total, 3u);
    EXPECT_EQ(a.displays.by_type[static_cast<std::size_t>(DisplayType::Image)], 1u);
    EXPECT_EQ(a.displays.by_type[static_cast<std::size_t>(DisplayType::Mesh)], 1u);
    EXPECT_EQ(a.displays.by_type[static_cast<std::size_t>(DisplayType::BoundingBox)], 1u);
    EXPECT_EQ(a.displays.weighted, 1u);
    ASSERT_EQ(a.animations.size(), 1u);
    const AnimationStats& an = a.animations[0];
    EXPECT_EQ(an.frames, 40);
    EXPECT_EQ(an.seconds, 2);  // at the armature's 20 fps
    EXPECT_EQ(an.play_times, 0);
    EXPECT_EQ(an.timelines.bone, 1u);
    EXPECT_EQ(an.timelines.bone_split, 1u);
    EXPECT_EQ(an.timelines.slot_split, 1u);
    EXPECT_EQ(an.timelines.zorder, 1u);
    EXPECT_EQ(an.timelines.frame, 1u);
    EXPECT_EQ(an.timelines.keys, 2u + 1u + 1u + 1u + 2u);
    // An armature without frame rate takes the data's; one without anything counts nothing.
    EXPECT_EQ(s.armatures[1].frame_rate, 30);
    EXPECT_EQ(s.armatures[1].bones, 0u);
    EXPECT_TRUE(s.armatures[1].animations.empty());
}

// DragonBones 2.x/3.0 bone timelines are kept under "timeline" as written; 5.6 typed timelines too.
TEST(DragonBonesInspect, LegacyAndTypedTimelinesAreCounted) {
    const DragonBonesData legacy = read_ok(R"({"name":"x","version":"2.3","frameRate":24,"armature":[{"name":"a","bone":[{"name":"root"}],
"animation":[{"name":"go","duration":10,"timeline":[{"name":"root","frame":[{"duration":5},{"duration":5}]}]}]}]})");
    const DataStats l = statistics(legacy);
    ASSERT_EQ(l.armatures.size(), 1u);
    ASSERT_EQ(l.armatures[0].animations.size(), 1u);
    EXPECT_EQ(l.armatures[0].animations[0].timelines.bone, 1u);
    EXPECT_EQ(l.armatures[0].animations[0].timelines.keys, 2u);
    EXPECT_EQ(l.armatures[0].animations[0].timelines.typed, 0u);
    const DragonBonesData typed = read_ok(R"({"name":"x","version":"5.6","frameRate":24,"armature":[{"name":"a","bone":[{"name":"root"}],
"animation":[{"name":"go","duration":10,"timeline":[{"type":50,"name":"root"},{"type":60,"name":"root"}]}]}]})");
    const DataStats t = statistics(typed);
    ASSERT_EQ(t.armatures.at(0).animations.size(), 1u);
    EXPECT_EQ(t.armatures[0].animations[0].timelines.typed, 2u);
    EXPECT_EQ(t.armatures[0].animations[0].timelines.bone, 0u);
}

TEST(DragonBonesInspect, CorpusMecha) {
    const auto f = test::shared_dir() / "corpus/dragonbones/5.5/mecha_1406_ske.json";
    if (!std::filesystem::exists(f)) GTEST_SKIP() << f << " not found: corpus test skipped";
    auto bytes = io::read_file(f.string()).value();
    const DataStats s = statistics(read_ok(std::string(bytes.begin(), bytes.end())));
    ASSERT_EQ(s.armatures.size(), 1u);
    const ArmatureStats& a = s.armatures[0];
    EXPECT_EQ(a.bones, 17u);
    EXPECT_EQ(a.slots, 13u);
    EXPECT_EQ(a.ik, 4u);
    EXPECT_EQ(a.displays.total, 13u);
    ASSERT_EQ(a.animations.size(), 8u);
    EXPECT_EQ(a.animations[0].name, std::optional<std::string>("idle"));
    EXPECT_EQ(a.animations[0].frames, 60);
    EXPECT_DOUBLE_EQ(a.animations[0].seconds, 2.5);
    EXPECT_EQ(a.animations[0].timelines.keys, 40u);
    EXPECT_EQ(a.animations[0].timelines.bone, 7u);
}
