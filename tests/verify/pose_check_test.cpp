// rigio::verify: comparing the Spine runtime with reference pose dumps. The references here are made
// by the tests (rigio's own pose output, a DragonBones dump written by hand from DragonBones' y-down
// conventions); the corpus goldens are checked when ../shared is present.
#include <gtest/gtest.h>

#include <cstdio>
#include <map>
#include <string>

#include "rigio/convert/dragonbones_to_spine.hpp"
#include "rigio/dragonbones/json.hpp"
#include "rigio/io/file.hpp"
#include "rigio/spine/binary.hpp"
#include "rigio/verify/pose_json.hpp"
#include "rigio/verify/pose_check.hpp"
#include "support/shared.hpp"
#include "verify/dumps.hpp"

using namespace rigio;
namespace rt = rigio::spine::runtime;

namespace {

using test::pose_dump;
using test::replace_after;

spine::SkeletonData stickman() { return test::stickman_skeleton(); }

// A DragonBones 5.5 armature: "arm" at (10, 20) turned 30 degrees (clockwise on a y-down screen) under
// "root", and an animation that moves it 10 px along its parent's x over 24 frames.
constexpr std::string_view kArmature = R"({"frameRate":24,"name":"t","version":"5.5","compatibleVersion":"5.5","armature":[
 {"type":"Armature","frameRate":24,"name":"arm","bone":[{"name":"root"},
   {"name":"arm","parent":"root","transform":{"x":10,"y":20,"skX":30,"skY":30}}],
  "slot":[],"skin":[],
  "animation":[{"duration":24,"playTimes":0,"name":"slide",
   "bone":[{"name":"arm","translateFrame":[{"duration":24,"tweenEasing":0,"x":0},{"duration":0,"x":10}]}]}]}]})";

// What the DragonBones runtime reports for it (armature space, y down): x' = a*x + c*y + tx.
constexpr std::string_view kReference = R"({"format":"dragonbones-oracle-pose/1","source":"t_ske.json","samples":2,
 "armatures":[{"name":"arm","bones":["root","arm"],"slots":[],"animations":[{"name":"slide","duration":1,"samples":[
  {"t":0,"bones":[[1,0,0,1,0,0],[0.866025,0.5,-0.5,0.866025,10,20]],"slots":[]},
  {"t":0.5,"bones":[[1,0,0,1,0,0],[0.866025,0.5,-0.5,0.866025,15,20]],"slots":[]},
  {"t":1,"bones":[[1,0,0,1,0,0],[0.866025,0.5,-0.5,0.866025,20,20]],"slots":[]}]}]}]})";

// Checks each armature of the reference against its conversion to Spine.
verify::PoseCheck check_armatures(const dragonbones::DragonBonesData& db, std::string_view reference) {
    std::map<std::string, std::pair<spine::SkeletonData, rt::RuntimeData>> converted;
    return verify::check_dragonbones_poses(reference, [&](const std::string& name) -> verify::ConvertedArmature {
        const auto index = convert::find_armature(db, name);
        if (!index) return {};
        convert::LossReport report;
        auto sd = convert::dragonbones_to_spine(db, *index, report);
        EXPECT_TRUE(sd.ok());
        auto& [skeleton, data] = converted[name];
        skeleton = std::move(*sd);
        data = rt::prepare(skeleton).value();
        return {&data, &db.armature[*index]};
    }).value();
}

}  // namespace

TEST(PoseCheck, RigiosOwnDumpMatchesItself) {
    const spine::SkeletonData sd = stickman();
    const rt::RuntimeData data = rt::prepare(sd).value();
    const std::string dump = pose_dump(data, 8);
    EXPECT_EQ(verify::reference_kind(dump).value(), verify::ReferenceKind::Spine);
    const verify::PoseCheck check = verify::check_spine_poses(data, dump).value();
    ASSERT_EQ(check.animations.size(), data.animations.size());
    EXPECT_EQ(check.failed(), 0u);
    for (const auto& a : check.animations) {
        EXPECT_GT(a.samples, 0u) << a.animation;
        EXPECT_GT(a.values, a.samples * sd.bones.size() * 7) << a.animation;  // bones, then slots and vertices
        EXPECT_LE(a.largest, 1e-3) << a.animation;
    }
}

TEST(PoseCheck, AMovedBoneIsNamedWithItsTime) {
    const spine::SkeletonData sd = stickman();
    const rt::RuntimeData data = rt::prepare(sd).value();
    const std::string name = data.animations.back().name;
    // The first bone matrix of the last animation's first sample gets a = 7.
    const std::string dump = replace_after(pose_dump(data, 8), "\"name\":\"" + name + "\"", "\"bones\":[[1,", "\"bones\":[[7,");
    const verify::PoseCheck check = verify::check_spine_poses(data, dump).value();
    ASSERT_EQ(check.failed(), 1u);
    const verify::AnimationCheck& bad = check.animations.back();
    EXPECT_FALSE(bad.ok());
    EXPECT_EQ(bad.animation, name);
    EXPECT_NE(bad.first_mismatch.find("t=0 bone \"" + *sd.bones[0].name + "\" a: want 7"), std::string::npos) << bad.first_mismatch;
}

TEST(PoseCheck, MissingAnimationsAndSkinsAreMismatchesNotErrors) {
    const spine::SkeletonData sd = stickman();
    const rt::RuntimeData data = rt::prepare(sd).value();
    const std::string name = data.animations.front().name;
    const std::string renamed = replace_after(pose_dump(data, 2), "\"runs\"", "\"name\":\"" + name + "\"", "\"name\":\"nope\"");
    verify::PoseCheck check = verify::check_spine_poses(data, renamed).value();
    ASSERT_FALSE(check.animations.front().ok());
    EXPECT_EQ(check.animations.front().first_mismatch, "the skeleton has no animation \"nope\"");
    const std::string skinned = replace_after(pose_dump(data, 2), "\"runs\"", "\"skin\":null", "\"skin\":\"gold\"");
    check = verify::check_spine_poses(data, skinned).value();
    EXPECT_EQ(check.failed(), check.animations.size());
    EXPECT_EQ(check.animations.front().first_mismatch, "the skeleton has no skin \"gold\"");
}

TEST(PoseCheck, MalformedReferencesAreLocatedErrors) {
    const spine::SkeletonData sd = stickman();
    const rt::RuntimeData data = rt::prepare(sd).value();
    auto error_of = [&](std::string_view text) -> std::string {
        const Result<verify::PoseCheck> check = verify::check_spine_poses(data, text);
        return check ? "no error" : check.error().what();
    };
    EXPECT_NE(error_of(R"({"runs":[]})").find("/format"), std::string::npos);
    EXPECT_NE(error_of(R"({"format":"dragonbones-oracle-pose/1"})").find("not a Spine reference"), std::string::npos);
    const std::string quoted_time = replace_after(pose_dump(data, 2), "\"runs\"", "{\"t\":0,", "{\"t\":\"0\",");
    EXPECT_NE(error_of(quoted_time).find("/runs/0/animations/0/samples/0/t"), std::string::npos) << error_of(quoted_time);
    EXPECT_NE(error_of("{\"format\":").find("error"), std::string::npos);
    const Result<verify::ReferenceKind> kind = verify::reference_kind(R"({"format":"gltf"})");
    ASSERT_FALSE(kind.ok()) << "an unknown format is accepted";
    EXPECT_EQ(kind.error().where().json_path, "/format");
    // The DragonBones reader reports its errors the same way.
    const Result<verify::PoseCheck> db_check = verify::check_dragonbones_poses(R"({"format":"dragonbones-oracle-pose/1","armatures":{}})",
                                                                               [](const std::string&) { return verify::ConvertedArmature{}; });
    ASSERT_FALSE(db_check.ok());
    EXPECT_EQ(db_check.error().where().json_path, "/armatures") << db_check.error().what();
}

TEST(PoseCheck, PoseDocumentOptionsAreCheckedNotThrown) {
    const spine::SkeletonData sd = stickman();
    const rt::RuntimeData data = rt::prepare(sd).value();
    std::FILE* f = std::tmpfile();
    verify::PoseOptions options;
    options.skin = "no-such-skin";
    Result<void> written = verify::write_pose_json(data, options, f);
    ASSERT_FALSE(written.ok());
    EXPECT_EQ(written.error().message(), "no skin named \"no-such-skin\"");
    options.skin.reset();
    options.samples = -1;
    written = verify::write_pose_json(data, options, f);
    ASSERT_FALSE(written.ok());
    EXPECT_EQ(written.error().message(), "the sample count must not be negative");
    EXPECT_EQ(std::ftell(f), 0);  // nothing was written
    std::fclose(f);
}

TEST(PoseCheck, DragonBonesReferenceIsComparedAfterTheYFlip) {
    auto db = dragonbones::read_json(kArmature);
    ASSERT_TRUE(db.ok()) << db.error().what();
    EXPECT_EQ(verify::reference_kind(kReference).value(), verify::ReferenceKind::DragonBones);
    verify::PoseCheck check = check_armatures(*db, kReference);
    ASSERT_EQ(check.animations.size(), 1u);
    EXPECT_TRUE(check.animations[0].ok()) << check.animations[0].first_mismatch;
    EXPECT_EQ(check.animations[0].samples, 3u);
    EXPECT_EQ(check.animations[0].values, 3u * (2 * 6 + 1));  // two bone matrices and the (empty) draw order

    // Had the y flip been left out, the rotation would be the wrong way round.
    std::string unflipped(kReference);
    for (std::size_t at; (at = unflipped.find("0.5,-0.5")) != std::string::npos;) unflipped.replace(at, 8, "-0.5,0.5");
    check = check_armatures(*db, unflipped);
    EXPECT_FALSE(check.animations[0].ok());
    EXPECT_NE(check.animations[0].first_mismatch.find("t=0 bone \"arm\" c: want 0.5, got -0.5"), std::string::npos) << check.animations[0].first_mismatch;

    // 0.002 px off is beyond the README's position tolerance (1e-3 + 1e-5 * |v|, plus 5e-6 * |v| for
    // rigio's float32): no other slack.
    check = check_armatures(*db, replace_after(std::string(kReference), "\"t\":0.5", "15,20", "15.002,20"));
    EXPECT_NE(check.animations[0].first_mismatch.find("t=0.5 bone \"arm\" x: want 15.002, got 15"), std::string::npos)
        << check.animations[0].first_mismatch;
    check = check_armatures(*db, replace_after(std::string(kReference), "\"t\":0.5", "15,20", "15.0008,20"));
    EXPECT_TRUE(check.animations[0].ok());
}

TEST(PoseCheck, ArmaturesTheInputLacksAreMismatches) {
    auto db = dragonbones::read_json(kArmature);
    ASSERT_TRUE(db.ok());
    std::string other = replace_after(std::string(kReference), "\"armatures\"", "\"name\":\"arm\"", "\"name\":\"leg\"");
    const verify::PoseCheck check = check_armatures(*db, other);
    ASSERT_EQ(check.animations.size(), 1u);
    EXPECT_EQ(check.animations[0].first_mismatch, "the input has no armature \"leg\"");
}

TEST(PoseCheck, CorpusGoldensPass) {
    const auto spine_golden = test::shared_dir() / "golden/spine-3.8/raptor-pro.skel.pose.json";
    const auto db_golden = test::shared_dir() / "golden/dragonbones/5.5/mecha_1406_ske.json.pose.json";
    if (!std::filesystem::exists(spine_golden) || !std::filesystem::exists(db_golden))
        GTEST_SKIP() << "../shared/golden not found: corpus pose check skipped";
    auto text = [](const std::filesystem::path& p) {
        const auto bytes = io::read_file(p.string()).value();
        return std::string(bytes.begin(), bytes.end());
    };
    auto sd = spine::read_skel(io::read_file((test::shared_dir() / "corpus/spine-3.8/raptor-pro.skel").string()).value());
    ASSERT_TRUE(sd.ok());
    const verify::PoseCheck spine_check = verify::check_spine_poses(rt::prepare(*sd).value(), text(spine_golden)).value();
    EXPECT_EQ(spine_check.animations.size(), 5u);
    EXPECT_EQ(spine_check.failed(), 0u);
    auto db = dragonbones::read_json(text(test::shared_dir() / "corpus/dragonbones/5.5/mecha_1406_ske.json"));
    ASSERT_TRUE(db.ok());
    const verify::PoseCheck db_check = check_armatures(*db, text(db_golden));
    EXPECT_EQ(db_check.animations.size(), 9u);  // the setup pose and 8 animations
    EXPECT_EQ(db_check.animations.front().animation, "(setup pose)");
    EXPECT_EQ(db_check.failed(), 0u);
    EXPECT_LT(db_check.largest(), 0.01);
}
