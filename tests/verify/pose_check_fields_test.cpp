// rigio::verify compares everything a reference holds: each test changes one value of a reference that
// passes (one colour, one attachment, one vertex, the draw order, a sequence element or physics array
// that rigio does not produce, a display index, a mesh vertex, a zOrder) and expects the check to fail
// there, so that a field the check ignored would make a test fail.
#include <gtest/gtest.h>

#include <cstdio>
#include <map>
#include <string>

#include "rigio/convert/dragonbones_to_spine.hpp"
#include "rigio/dragonbones/json.hpp"
#include "rigio/io/file.hpp"
#include "rigio/spine/binary.hpp"
#include "rigio/verify/pose_check.hpp"
#include "rigio/verify/pose_json.hpp"
#include "verify/dumps.hpp"

using namespace rigio;
namespace rt = rigio::spine::runtime;

namespace {

struct Stickman {
    spine::SkeletonData skeleton;
    rt::RuntimeData data;
};

const Stickman& stickman() {
    static const Stickman s = [] {
        Stickman out;
        out.skeleton = test::stickman_skeleton();
        return out;
    }();
    return s;
}

std::string own_dump(const rt::RuntimeData& data) { return test::pose_dump(data, 2); }

const auto edit = test::replace_after;

// The first mismatch of the first failing animation ("" when all pass).
std::string spine_failure(const std::string& reference) {
    static const rt::RuntimeData data = rt::prepare(stickman().skeleton).value();
    const verify::PoseCheck check = verify::check_spine_poses(data, reference).value();
    for (const auto& a : check.animations)
        if (!a.ok()) return a.first_mismatch;
    return "";
}

std::string spine_reference() {
    static const rt::RuntimeData data = rt::prepare(stickman().skeleton).value();
    return own_dump(data);
}

}  // namespace

TEST(PoseCheckFields, SpineReferenceThatMatchesPasses) { EXPECT_EQ(spine_failure(spine_reference()), ""); }

TEST(PoseCheckFields, SpineSlotColourAttachmentDarkColourVerticesAndOrderAreCompared) {
    const std::string ref = spine_reference();
    const std::string first_slot = "\"slots\":[[0,\"body\",";
    // The body slot's colour, its red channel made 0.5.
    EXPECT_NE(spine_failure(edit(ref, first_slot, "[0,\"body\",[1,1,1,1]", "[0,\"body\",[0.5,1,1,1]")).find("t=0 draw order 0 (slot \"body\") colour r: want 0.5, got 1"),
              std::string::npos);
    // Its dark colour.
    EXPECT_NE(spine_failure(edit(ref, first_slot, "[1,1,1,1],[0,0,0,1]", "[1,1,1,1],[0,0.25,0,1]")).find("(slot \"body\") dark colour g: want 0.25, got 0"),
              std::string::npos);
    // Its attachment name.
    EXPECT_NE(spine_failure(edit(ref, first_slot, "[0,\"body\",", "[0,\"bodyx\",")).find("(slot \"body\") attachment: want \"bodyx\", got \"body\""),
              std::string::npos);
    // One world vertex.
    EXPECT_NE(spine_failure(edit(ref, first_slot, "[20,95,", "[20.01,95,")).find("(slot \"body\") vertex 0: want 20.01, got 20"), std::string::npos);
    // The draw order: the reference draws another slot first.
    EXPECT_NE(spine_failure(edit(ref, first_slot, "[0,\"body\",", "[1,\"body\",")).find("draw order 0 (slot \"head\") slot index: want 1, got 0"),
              std::string::npos);
    // A bone's active flag.
    EXPECT_NE(spine_failure(edit(ref, "\"t\":0,", "0,0,1],", "0,0,0],")).find("bone \"root\" active: want 0, got 1"), std::string::npos);
}

TEST(PoseCheckFields, SpineSchemaAdditionsInTheReferenceMustBeProduced) {
    const std::string ref = spine_reference();
    // A 4.1+ sequence element on a slot: rigio's poses do not have it for this skeleton, so it differs.
    EXPECT_NE(spine_failure(edit(ref, "\"slots\":[[0,\"body\",", "165,20,165]]", "165,20,165],[0,\"body01\"]]")).find("6 elements expected, got 5"),
              std::string::npos);
    // A 4.2 physics array per sample.
    EXPECT_NE(spine_failure(edit(ref, "\"t\":0,", "\"t\":0,", "\"t\":0,\"physics\":[[1,1,1,1,0,0,1]],")).find("\"physics\" is in the reference, not in rigio's poses"),
              std::string::npos);
    // A sample time the reference has and rigio does not sample.
    EXPECT_NE(spine_failure(edit(ref, "\"samples\":[", "{\"t\":0.5,", "{\"t\":0.5000001,")).find("the reference is at t=0.5000001, rigio sampled t=0.5"),
              std::string::npos);
    // The skeleton's bone names.
    EXPECT_NE(spine_failure(edit(ref, "\"bones\":[\"root\"", "\"hip\"", "\"hips\"")).find("want \"hips\", got \"hip\""), std::string::npos);
}

// --- DragonBones ---------------------------------------------------------------------------------------

namespace {

// Slots: "a" shows an image with alpha 50 %, "b" a mesh, "c" image x, then image y from frame 2; from frame 2
// slot a is drawn last (zOrder [0, 2]). 24 fps, 4 frames.
constexpr std::string_view kArmature = R"({"frameRate":24,"name":"f","version":"5.5","armature":[
 {"type":"Armature","frameRate":24,"name":"arm","bone":[{"name":"root"}],
  "slot":[{"name":"a","parent":"root"},{"name":"b","parent":"root"},{"name":"c","parent":"root"}],
  "skin":[{"slot":[{"name":"a","display":[{"name":"img"}]},
   {"name":"b","display":[{"type":"mesh","name":"m","width":10,"height":10,"vertices":[0,0,10,0,0,10],"uvs":[0,0,1,0,0,1],"triangles":[0,1,2]}]},
   {"name":"c","display":[{"name":"x"},{"name":"y"}]}]}],
  "animation":[{"duration":4,"playTimes":0,"name":"go",
   "slot":[{"name":"a","colorFrame":[{"duration":4,"value":{"aM":50}}]},{"name":"c","displayFrame":[{"duration":2},{"duration":2,"value":1}]}],
   "zOrder":{"frame":[{"duration":2},{"duration":2,"zOrder":[0,2]}]}}]}]})";

// What the DragonBones runtime shows for it (README schema; armature space, y down).
constexpr std::string_view kReference = R"({"format":"dragonbones-oracle-pose/1","source":"f_ske.json","samples":2,"armatures":[
 {"name":"arm","bones":["root"],"parents":[-1],"slots":["a","b","c"],"slotBones":[0,0,0],"animationCount":1,
  "setup":{"bones":[[1,0,0,1,0,0]],"slots":[[0,null,0],[0,null,1],[0,null,2]],"meshes":[[1,[0,0,10,0,0,10]]]},
  "animations":[{"name":"go","duration":0.166666672,"frameCount":4,"playTimes":0,"samples":[
   {"t":0,"bones":[[1,0,0,1,0,0]],"slots":[[0,[0.5,1,1,1,0,0,0,0],0],[0,null,1],[0,null,2]],"meshes":[[1,[0,0,10,0,0,10]]]},
   {"t":0.0833333358,"bones":[[1,0,0,1,0,0]],"slots":[[0,[0.5,1,1,1,0,0,0,0],2],[0,null,0],[1,null,1]],"meshes":[[1,[0,0,10,0,0,10]]]},
   {"t":0.166666672,"beforeEdge":true,"bones":[[1,0,0,1,0,0]],"slots":[[0,[0.5,1,1,1,0,0,0,0],2],[0,null,0],[1,null,1]],"meshes":[[1,[0,0,10,0,0,10]]]}]}]}]})";

verify::PoseCheck check_db(const std::string& reference) {
    static const dragonbones::DragonBonesData db = [] {
        auto d = dragonbones::read_json(kArmature);
        EXPECT_TRUE(d.ok()) << d.error().what();
        return *d;
    }();
    static std::map<std::string, std::pair<spine::SkeletonData, rt::RuntimeData>> converted;
    return verify::check_dragonbones_poses(reference, [&](const std::string& name) -> verify::ConvertedArmature {
        const auto index = convert::find_armature(db, name);
        if (!index) return {};
        auto it = converted.find(name);
        if (it == converted.end()) {
            convert::LossReport report;
            auto sd = convert::dragonbones_to_spine(db, *index, report);
            EXPECT_TRUE(sd.ok()) << sd.error().what();
            it = converted.emplace(name, std::pair{std::move(*sd), rt::RuntimeData{}}).first;
            it->second.second = rt::prepare(it->second.first).value();
        }
        return {&it->second.second, &db.armature[*index]};
    }).value();
}

std::string db_failure(const std::string& reference) {
    const verify::PoseCheck check = check_db(reference);
    for (const auto& a : check.animations)
        if (!a.ok()) return a.animation + ": " + a.first_mismatch;
    return "";
}

}  // namespace

TEST(PoseCheckFields, DragonBonesEverySampleAndTheSetupPoseAreCompared) {
    const verify::PoseCheck check = check_db(std::string(kReference));
    ASSERT_EQ(check.animations.size(), 2u);
    EXPECT_EQ(check.animations[0].animation, "(setup pose)");
    for (const auto& a : check.animations) EXPECT_TRUE(a.ok()) << a.animation << ": " << a.first_mismatch;
    EXPECT_EQ(check.animations[1].samples, 3u);  // the beforeEdge sample too
}

TEST(PoseCheckFields, DragonBonesSlotsColoursDrawOrderAndMeshesAreCompared) {
    const std::string ref(kReference);
    const std::string s1 = "\"t\":0.0833333358";
    EXPECT_NE(db_failure(edit(ref, s1, "[0,[0.5,1,1,1", "[0,[0.7,1,1,1")).find("t=0.083333336 slot \"a\" colour a: want 0.7"), std::string::npos)
        << db_failure(edit(ref, s1, "[0,[0.5,1,1,1", "[0,[0.7,1,1,1"));
    EXPECT_NE(db_failure(edit(ref, s1, "[1,null,1]", "[-1,null,1]")).find("slot \"c\": displayIndex -1, an attachment is shown"), std::string::npos);
    EXPECT_NE(db_failure(edit(ref, s1, "[0,null,0],[1,null,1]", "[0,null,1],[1,null,0]")).find("draw order 0: want slot \"c\", got \"b\""),
              std::string::npos)
        << db_failure(edit(ref, s1, "[0,null,0],[1,null,1]", "[0,null,1],[1,null,0]"));
    EXPECT_NE(db_failure(edit(ref, s1, "[1,[0,0,10,0,0,10]]", "[1,[0,0,10.01,0,0,10]]")).find("slot \"b\" vertex 1 x: want 10.01, got 10"),
              std::string::npos);
    // Mesh y is flipped: a reference y of 10 (down) is Spine's -10.
    EXPECT_NE(db_failure(edit(ref, s1, "[1,[0,0,10,0,0,10]]", "[1,[0,0,10,0,0,-10]]")).find("slot \"b\" vertex 2 y: want 10, got -10"), std::string::npos);
    // Colour offsets cannot be shown by Spine: a reference with one differs.
    EXPECT_NE(db_failure(edit(ref, s1, "[0.5,1,1,1,0,0,0,0]", "[0.5,1,1,1,0,20,0,0]")).find("colour offsets (0, 20, 0, 0)"), std::string::npos);
    // The hierarchy: a parent, a slot's bone.
    EXPECT_NE(db_failure(edit(ref, "\"parents\"", "\"parents\":[-1]", "\"parents\":[0]")).find("(setup pose): bone \"root\": parent \"root\" expected, "
                                                                                                "the converted skeleton has none"),
              std::string::npos);
    EXPECT_NE(db_failure(edit(ref, "\"slotBones\"", "[0,0,0]", "[0,0,-1]")).find("slot \"c\": bone none expected, the converted skeleton has \"root\""),
              std::string::npos);
    // The setup pose: slot c shows nothing there?
    EXPECT_NE(db_failure(edit(ref, "\"setup\"", "[0,null,2]", "[-1,null,2]")).find("(setup pose): slot \"c\": displayIndex -1"), std::string::npos);
}

TEST(PoseCheckFields, DragonBonesBeforeEdgeSamplesMatchJustBeforeOrAtT) {
    const std::string ref(kReference);
    const std::string s1 = "\"t\":0.0833333358,";
    // At the frame-2 key, marked beforeEdge: the runtime showed the state before the key (display 0, setup
    // order): rigio just before t matches.
    const std::string before = edit(edit(ref, s1, s1, s1 + "\"beforeEdge\":true,"), s1, "[[0,[0.5,1,1,1,0,0,0,0],2],[0,null,0],[1,null,1]]",
                                    "[[0,[0.5,1,1,1,0,0,0,0],0],[0,null,1],[0,null,2]]");
    EXPECT_EQ(db_failure(before), "");
    // The state at the key matches too (rigio at t).
    EXPECT_EQ(db_failure(edit(ref, s1, s1, s1 + "\"beforeEdge\":true,")), "");
    // A mix of the two (display after the key, order before it) matches neither: still compared, so it fails.
    const std::string neither = edit(edit(ref, s1, s1, s1 + "\"beforeEdge\":true,"), s1, "[[0,[0.5,1,1,1,0,0,0,0],2],[0,null,0],[1,null,1]]",
                                     "[[0,[0.5,1,1,1,0,0,0,0],0],[0,null,1],[7,null,2]]");
    EXPECT_NE(db_failure(neither).find("beforeEdge"), std::string::npos) << db_failure(neither);
}
