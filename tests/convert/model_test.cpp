// DragonBones -> Spine on small armatures built in code: the y flip, skew to shear, IK bend direction,
// meshes, animation keys and the loss report.
#include <gtest/gtest.h>

#include <cmath>

#include "rigio/convert/dragonbones_to_spine.hpp"
#include "rigio/dragonbones/json.hpp"
#include "rigio/spine/runtime/animation.hpp"
#include "rigio/spine/runtime/data.hpp"
#include "rigio/spine/runtime/skeleton.hpp"
#include "armature_fixtures.hpp"

using namespace rigio;
namespace db = rigio::dragonbones;

namespace {

using test::bone;
using test::one_armature;
using test::tr;

spine::SkeletonData to_spine(const db::DragonBonesData& d, convert::LossReport& r) {
    auto sd = convert::dragonbones_to_spine(d, 0, r);
    EXPECT_TRUE(sd.ok()) << (sd.ok() ? "" : sd.error().what());
    return sd.ok() ? *sd : spine::SkeletonData{};
}

// DragonBones world matrix (y down) of a root bone, as the golden README defines it.
std::array<double, 4> db_matrix(double skX, double skY, double sx, double sy) {
    const double r = skY * M_PI / 180, s = (skX - skY) * M_PI / 180;
    return {std::cos(r) * sx, std::sin(r) * sx, -std::sin(r + s) * sy, std::cos(r + s) * sy};
}

}  // namespace

TEST(DragonBonesToSpineModel, SkewBecomesShearAndYFlips) {
    auto d = one_armature({bone("root", -1, tr(10, 20, 50, 30, 2, 0.5))});
    convert::LossReport r;
    const spine::SkeletonData sd = to_spine(d, r);
    ASSERT_EQ(sd.bones.size(), 1u);
    spine::runtime::RuntimeData data = spine::runtime::prepare(sd).value();
    spine::runtime::Skeleton sk(data);
    sk.set_to_setup_pose();
    sk.update_world_transform();
    const auto m = db_matrix(50, 30, 2, 0.5);
    const auto& b = sk.bones[0];
    // Spine world = F * DB * F with F = diag(1, -1); Spine's b is DB's c.
    EXPECT_NEAR(b.a, m[0], 1e-5);
    EXPECT_NEAR(b.b, -m[2], 1e-5);
    EXPECT_NEAR(b.c, -m[1], 1e-5);
    EXPECT_NEAR(b.d, m[3], 1e-5);
    EXPECT_NEAR(b.world_x, 10, 1e-5);
    EXPECT_NEAR(b.world_y, -20, 1e-5);
    EXPECT_TRUE(r.empty());
}

TEST(DragonBonesToSpineModel, IkBendDirectionFlipsWithTheYAxis) {
    auto d = one_armature({bone("root", -1, {}), bone("upper", 0, tr(0, 0, 0, 0)), bone("lower", 1, tr(50, 0, 0, 0)),
                           bone("target", 0, tr(60, 20, 0, 0))});
    db::IkConstraint k;
    k.name = "leg", k.bone = "lower", k.target = "target", k.bone_index = 2, k.target_index = 3;
    k.chain = db::Num(1);
    d.armature[0].ik = db::Vector<db::IkConstraint>{k};
    convert::LossReport r;
    spine::SkeletonData sd = to_spine(d, r);
    ASSERT_EQ(sd.ik.size(), 1u);
    EXPECT_EQ(sd.ik[0].bones, (spine::Vector<int>{1, 2}));
    EXPECT_EQ(sd.ik[0].bend_direction, -1);  // DragonBones bendPositive (default true) seen y-up
    (*d.armature[0].ik)[0].bendPositive = db::Flag(false);
    EXPECT_EQ(to_spine(d, r).ik[0].bend_direction, 1);
}

// DragonBones solves IK while it updates bones (parents first, after the target), whatever the order of
// the `ik` array; Spine follows `order`. A foot chain under a leg chain, listed first, must run second.
TEST(DragonBonesToSpineModel, IkOrderFollowsTheBonesTheConstraintsMove) {
    auto d = one_armature({bone("root", -1, {}), bone("thigh", 0, tr(0, 0, 0, 0)), bone("shin", 1, tr(50, 0, 0, 0)),
                           bone("ankle", 2, tr(50, 0, 0, 0)), bone("foot", 3, tr(20, 0, 0, 0)), bone("leg-target", 0, tr(80, 20, 0, 0)),
                           bone("foot-target", 0, tr(90, 30, 0, 0))});
    db::IkConstraint foot, leg;
    foot.name = "foot", foot.bone = "foot", foot.target = "foot-target", foot.bone_index = 4, foot.target_index = 6;
    foot.chain = db::Num(1);
    leg.name = "leg", leg.bone = "shin", leg.target = "leg-target", leg.bone_index = 2, leg.target_index = 5;
    leg.chain = db::Num(1);
    d.armature[0].ik = db::Vector<db::IkConstraint>{foot, leg};
    convert::LossReport r;
    spine::SkeletonData sd = to_spine(d, r);
    ASSERT_EQ(sd.ik.size(), 2u);
    EXPECT_EQ(*sd.ik[0].name, "foot");
    EXPECT_GT(sd.ik[0].order, sd.ik[1].order) << "the foot chain hangs below the leg chain";
    // A target below another chain's bones also waits for that chain.
    (*d.armature[0].ik)[0].bone = "ankle", (*d.armature[0].ik)[0].bone_index = 3;
    (*d.armature[0].ik)[1].target = "foot", (*d.armature[0].ik)[1].target_index = 4;
    (*d.armature[0].ik)[0].target = "foot-target", (*d.armature[0].ik)[0].target_index = 6;
    (*d.armature[0].ik)[1].bone = "leg-target", (*d.armature[0].ik)[1].bone_index = 5, (*d.armature[0].ik)[1].chain = db::Num(0);
    sd = to_spine(d, r);
    ASSERT_EQ(sd.ik.size(), 2u);
    EXPECT_LT(sd.ik[0].order, sd.ik[1].order) << "the aim at the foot runs after the chain that moves the foot";
}

TEST(DragonBonesToSpineModel, AnimationKeysAndDuration) {
    auto d = one_armature({bone("root", -1, {})});
    db::Animation a;
    a.name = "turn";
    a.duration = db::Num(24);
    db::BoneTimeline t;
    t.name = "root";
    t.bone = 0;
    db::Frame f0, f1;
    f0.duration = db::Num(24);
    f0.tweenEasing = db::Num(0);
    f1.duration = db::Num(0);
    f1.rotate = db::Num(90);
    t.rotateFrame = db::Frames{f0, f1};
    a.bone = db::Vector<db::BoneTimeline>{t};
    d.armature[0].animation = db::Vector<db::Animation>{a};
    convert::LossReport r;
    const spine::SkeletonData sd = to_spine(d, r);
    ASSERT_EQ(sd.animations.size(), 1u);
    EXPECT_FLOAT_EQ(spine::duration(sd.animations[0]), 1.0f);  // 24 frames at 24 fps
    const auto& keys = sd.animations[0].bones.at(0).timelines.at(0).keys;
    ASSERT_EQ(keys.size(), 2u);
    EXPECT_FLOAT_EQ(keys[1].x, -90);  // clockwise on screen (y down) is negative in Spine (y up)
}

TEST(DragonBonesToSpineModel, LossesNameTheirPlace) {
    auto d = one_armature({bone("root", -1, {})});
    db::Slot s;
    s.name = "body";
    s.parent = "root";
    s.parent_index = 0;
    db::ColorTransform c;
    c.rO = db::Num(20);
    s.color = c;
    d.armature[0].slot = db::Vector<db::Slot>{s};
    db::Display child;
    child.name = "weapon";
    child.type = db::RawJson{"\"armature\""};
    db::SkinSlot ss;
    ss.name = "body";
    ss.display = db::Vector<db::Display>{child};
    db::Skin skin;
    skin.slot = db::Vector<db::SkinSlot>{ss};
    d.armature[0].skin = db::Vector<db::Skin>{skin};
    convert::LossReport r;
    const spine::SkeletonData sd = to_spine(d, r);
    ASSERT_EQ(r.losses.size(), 2u);
    EXPECT_EQ(r.losses[0].where, "/armature/0/slot/0/color");
    EXPECT_EQ(r.losses[0].feature, "colour offset");
    EXPECT_EQ(r.losses[1].where, "/armature/0/skin/0/slot/0/display/0");
    EXPECT_NE(r.losses[1].feature.find("sub-armature"), std::string::npos);
    EXPECT_FALSE(sd.slots.at(0).attachment.has_value());
    EXPECT_NE(convert::loss_report_json(r, "dragonbones-json", "spine-json").find("\"lossless\": false"), std::string::npos);
}

TEST(DragonBonesToSpineModel, UnknownArmatureIsAnError) {
    auto d = one_armature({bone("root", -1, {})});
    convert::LossReport r;
    EXPECT_FALSE(convert::dragonbones_to_spine(d, 3, r).ok());
    EXPECT_FALSE(convert::find_armature(d, "nope").has_value());
    EXPECT_EQ(convert::find_armature(d, "arm"), std::optional<std::size_t>(0));
}

// Regression (issue 13, defect 1): an ffd delta is flipped with the rest of the data (y down -> y up),
// for unweighted meshes under a rotated bone too: Spine's delta is F * M * d, never F * M * F * d.
TEST(DragonBonesToSpineModel, MeshDeformDeltasFlipLikeTheVertices) {
    const char* text = R"({"frameRate":24,"name":"t","version":"5.5","armature":[{"type":"Armature","frameRate":24,"name":"arm",
"bone":[{"name":"root"},{"name":"b","parent":"root","transform":{"skX":90,"skY":90}}],
"slot":[{"name":"s","parent":"b"}],
"skin":[{"slot":[{"name":"s","display":[{"type":"mesh","name":"m","width":10,"height":10,
  "vertices":[0,0,10,0,10,10],"uvs":[0,0,1,0,1,1],"triangles":[0,1,2],"edges":[0,1,1,2,2,0]}]}]}],
"animation":[{"duration":2,"name":"a","ffd":[{"name":"m","slot":"s","frame":[
  {"duration":1,"offset":0,"vertices":[3,4]},{"duration":0,"vertices":[]}]}]}]}]})";
    auto d = db::read_json(text);
    ASSERT_TRUE(d.ok()) << d.error().what();
    convert::LossReport r;
    const spine::SkeletonData sd = to_spine(*d, r);
    ASSERT_EQ(sd.animations.size(), 1u);
    ASSERT_EQ(sd.animations[0].deform.size(), 1u);
    const auto& key = sd.animations[0].deform[0].slots.at(0).timelines.at(0).keys.at(0);
    // The delta moves vertex 0 by (3, 4) in the slot's (mesh's) own space, y down. The mesh has no
    // transform of its own here, so in Spine's attachment space (y up) it is (3, -4).
    ASSERT_EQ(key.offset, 0);
    ASSERT_GE(key.values.size(), 2u);
    EXPECT_NEAR(key.values[0], 3, 1e-5);
    EXPECT_NEAR(key.values[1], -4, 1e-5);
}
