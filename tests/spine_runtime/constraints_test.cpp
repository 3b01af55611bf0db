// IK, transform and path constraints on small skeletons, checked against geometry worked out by
// hand, plus constraint ordering and skin-required constraints.
#include <gtest/gtest.h>

#include "fixtures.hpp"

using namespace rigio::test;

namespace {

float distance(std::pair<float, float> p, float x, float y) { return std::hypot(p.first - x, p.second - y); }

// Root, a bone "arm" at the origin (length 10), a target bone at (tx, ty), one IK constraint.
SkeletonData one_bone_ik(float tx, float ty) {
    SkeletonData sd = skeleton();
    const int arm = add_bone(sd, "arm", 0, 0, 0, 0, 10);
    const int target = add_bone(sd, "target", 0, tx, ty);
    add_ik(sd, "ik", {arm}, target);
    return sd;
}

// Upper (length 10) and lower (length 10) arm, target at (tx, ty).
SkeletonData two_bone_ik(float tx, float ty, float parent_sy = 1) {
    SkeletonData sd = skeleton();
    const int upper = add_bone(sd, "upper", 0, 0, 0, 0, 10);
    sd.bones[static_cast<std::size_t>(upper)].scale_y = parent_sy;
    const int lower = add_bone(sd, "lower", upper, 10, 0, 0, 10);
    const int target = add_bone(sd, "target", 0, tx, ty);
    add_ik(sd, "ik", {upper, lower}, target);
    return sd;
}

}  // namespace

TEST(SpineIk, OneBoneAimsAtTheTarget) {
    SkeletonData sd = one_bone_ik(0, 20);
    Rig r(std::move(sd));
    r.pose(0);
    EXPECT_NEAR(r.world_rotation(1), 90, 1e-3);
    EXPECT_NEAR(r.world_scale_x(1), 1, 1e-5);
    r.sk.ik[0].mix = 0.5f;  // half-way from the bone's own rotation
    r.sk.update_world_transform();
    EXPECT_NEAR(r.world_rotation(1), 45, 1e-3);
}

TEST(SpineIk, OneBoneStretchCompressAndUniform) {
    SkeletonData sd = one_bone_ik(0, 20);
    sd.ik[0].stretch = true;
    Rig far(std::move(sd));
    far.pose(0);
    EXPECT_NEAR(far.world_scale_x(1), 2, 1e-4);  // length 10 reaches 20
    EXPECT_NEAR(far.world_scale_y(1), 1, 1e-4);
    SkeletonData sd2 = one_bone_ik(0, 20);
    sd2.ik[0].stretch = true;
    sd2.ik[0].uniform = true;
    Rig uniform(std::move(sd2));
    uniform.pose(0);
    EXPECT_NEAR(uniform.world_scale_y(1), 2, 1e-4);
    SkeletonData sd3 = one_bone_ik(5, 0);
    sd3.ik[0].compress = true;
    Rig near_target(std::move(sd3));
    near_target.pose(0);
    EXPECT_NEAR(near_target.world_scale_x(1), 0.5f, 1e-4);
    SkeletonData sd4 = one_bone_ik(5, 0);  // neither: the length stays
    Rig plain(std::move(sd4));
    plain.pose(0);
    EXPECT_NEAR(plain.world_scale_x(1), 1, 1e-5);
}

TEST(SpineIk, TwoBonesReachTheTargetOnTheBendSide) {
    Rig up(two_bone_ik(10, 10));
    up.pose(0);
    EXPECT_LT(distance(up.tip(2, 10), 10, 10), 1e-3f);
    SkeletonData sd = two_bone_ik(10, 10);
    sd.ik[0].bend_direction = -1;
    Rig down(std::move(sd));
    down.pose(0);
    EXPECT_LT(distance(down.tip(2, 10), 10, 10), 1e-3f);
    // The elbows lie on opposite sides of the line from the shoulder to the target.
    auto side = [](const Rig& r) { return r.bone(2).world_x * 10 - r.bone(2).world_y * 10; };
    EXPECT_LT(side(up) * side(down), 0);
}

TEST(SpineIk, TwoBonesWithNonUniformParentScale) {
    Rig r(two_bone_ik(12, 6, 2));
    r.pose(0);
    EXPECT_LT(distance(r.tip(2, 10), 12, 6), 1e-2f);
}

TEST(SpineIk, TwoBonesOutOfReachStretchOrPointAtTheTarget) {
    Rig straight(two_bone_ik(30, 0));
    straight.pose(0);
    EXPECT_NEAR(straight.tip(2, 10).first, 20, 1e-3);
    SkeletonData sd = two_bone_ik(0, 30);
    sd.ik[0].stretch = true;
    Rig stretched(std::move(sd));
    stretched.pose(0);
    EXPECT_NEAR(stretched.world_scale_x(1), 1.5f, 1e-3);  // the parent stretches: 15 + 15 = 30
    EXPECT_LT(distance(stretched.tip(2, 10), 0, 30), 1e-2f);
}

TEST(SpineIk, SoftnessSlowsTheApproachToFullExtension) {
    SkeletonData sd = two_bone_ik(20, 0);
    sd.ik[0].softness = 5;
    Rig soft(std::move(sd));
    soft.pose(0);
    const auto tip = soft.tip(2, 10);
    EXPECT_NEAR(tip.first, 18.75f, 1e-2);  // stops short of the target
    EXPECT_GT(tip.first, 10.0f);
    Rig hard(two_bone_ik(20, 0));
    hard.pose(0);
    EXPECT_NEAR(hard.tip(2, 10).first, 20, 1e-3);
}

// Softness pulls a far target to exactly the chain's reach, where the chain is straight. Under a
// non-uniformly scaled parent the solver intersects an ellipse, and there the residual dd - r*r is
// rounding noise that a square root would turn into a visible bend (4.0 raptor-pro.json `roar`: 0.02
// degrees, 0.016 px at the hand). Every direction must give a straight chain.
TEST(SpineIk, SoftnessPutsAFarTargetAtFullExtensionWithoutABend) {
    int bent = 0;
    float worst = 0;
    for (int i = 0; i < 720; ++i) {
        const float angle = static_cast<float>(i) * 0.5f * 3.14159265f / 180;
        SkeletonData sd = two_bone_ik(40 * std::cos(angle), 40 * std::sin(angle), 0.8f);
        sd.bones[1].scale_x = 1.18f;
        sd.ik[0].softness = 5;
        Rig r(std::move(sd));
        r.pose(0);
        float bend = std::fabs(r.world_rotation(2) - r.world_rotation(1));
        bend = std::min(bend, 360 - bend);
        worst = std::max(worst, bend);
        if (bend > 1e-3f) ++bent;
    }
    EXPECT_EQ(bent, 0) << "largest bend " << worst << " degrees";
}

TEST(SpineTransformConstraint, WorldAbsoluteTakesTheTargetsTransform) {
    SkeletonData sd = skeleton();
    const int target = add_bone(sd, "target", 0, 10, 20, 30);
    sd.bones[static_cast<std::size_t>(target)].scale_x = 2;
    const int bone = add_bone(sd, "bone", 0, 0, 0);
    TransformConstraint tc;
    tc.name = "tc";
    tc.bones = {bone};
    tc.target = target;
    tc.offset_rotation = 10;
    tc.offset_x = 1;
    sd.transform.push_back(tc);
    Rig r(std::move(sd));
    r.pose(0);
    EXPECT_NEAR(r.world_rotation(bone), 40, 1e-3);
    EXPECT_NEAR(r.bone(bone).world_x, 10 + 2 * std::cos(30 * 3.14159265f / 180), 1e-3);  // offset in target space
    EXPECT_NEAR(r.world_scale_x(bone), 2, 1e-4);
    r.sk.transform[0].rotate_mix = 0.5f;
    r.sk.transform[0].translate_mix = 0;
    r.sk.transform[0].scale_mix = 0;
    r.sk.update_world_transform();
    EXPECT_NEAR(r.world_rotation(bone), 20, 1e-3);
    EXPECT_NEAR(r.bone(bone).world_x, 0, 1e-5);
}

TEST(SpineTransformConstraint, WorldRelativeAddsTheTargetsTransform) {
    SkeletonData sd = skeleton();
    const int target = add_bone(sd, "target", 0, 0, 0, 30);
    const int bone = add_bone(sd, "bone", 0, 5, 0, 15);
    TransformConstraint tc;
    tc.name = "tc";
    tc.bones = {bone};
    tc.target = target;
    tc.relative = true;
    tc.shear_mix = 0;
    tc.offset_x = 2;
    sd.transform.push_back(tc);
    Rig r(std::move(sd));
    r.pose(0);
    EXPECT_NEAR(r.world_rotation(bone), 45, 1e-3);
    EXPECT_NEAR(r.bone(bone).world_x, 5 + 2 * std::cos(30 * 3.14159265f / 180), 1e-4);
}

TEST(SpineTransformConstraint, LocalAbsoluteAndRelative) {
    for (bool relative : {false, true}) {
        SkeletonData sd = skeleton();
        const int target = add_bone(sd, "target", 0, 4, 0, 30);
        const int bone = add_bone(sd, "bone", 0, 1, 0, 10);
        TransformConstraint tc;
        tc.name = "tc";
        tc.bones = {bone};
        tc.target = target;
        tc.local = true;
        tc.relative = relative;
        tc.scale_mix = 0;
        tc.shear_mix = 0;
        sd.transform.push_back(tc);
        Rig r(std::move(sd));
        r.pose(0);
        SCOPED_TRACE(relative ? "relative" : "absolute");
        EXPECT_NEAR(r.world_rotation(bone), relative ? 40 : 30, 1e-3);
        EXPECT_NEAR(r.bone(bone).world_x, relative ? 5 : 4, 1e-4);
    }
}

TEST(SpineConstraints, OrderDecidesWhatATransformConstraintSees) {
    for (int ik_order : {0, 1}) {
        SkeletonData sd = one_bone_ik(0, 20);  // IK turns "arm" to 90 degrees
        const int copy = add_bone(sd, "copy", 0, 0, 0);
        TransformConstraint tc;
        tc.name = "copy-arm";
        tc.bones = {copy};
        tc.target = 1;
        tc.translate_mix = tc.scale_mix = tc.shear_mix = 0;
        tc.order = 1 - ik_order;
        sd.ik[0].order = ik_order;
        sd.transform.push_back(tc);
        Rig r(std::move(sd));
        r.pose(0);
        EXPECT_NEAR(r.world_rotation(copy), ik_order == 0 ? 90 : 0, 1e-3) << "IK order " << ik_order;
        EXPECT_NEAR(r.world_rotation(1), 90, 1e-3);
    }
}

// 4.x: a constraint that moved a bone leaves its applied pose to be computed when read, yet it must
// be the pose relative to the parent as it was then (the official runtimes compute it at once), not
// after a later constraint turned the parent. Here "child" is constrained (all mixes 0), then a
// second constraint turns its parent by 90 degrees, which makes "child" update again from its applied
// pose: 20 degrees on the turned parent, 110 in the world. 3.x keeps the local pose (20 too).
TEST(SpineConstraints, AppliedPoseIsRelativeToTheParentWhenTheConstraintRan) {
    for (Version v : {Version::V38, Version::V40, Version::V42}) {
        SkeletonData sd = skeleton();
        sd.header.data_version = v;
        const int parent = add_bone(sd, "parent", 0, 0, 0);
        const int child = add_bone(sd, "child", parent, 5, 0, 20, 10);
        const int target = add_bone(sd, "target", 0, 0, 0, 90);
        TransformConstraint hold;
        hold.name = "hold-child";
        hold.bones = {child};
        hold.target = target;
        hold.rotate_mix = hold.translate_mix = hold.scale_mix = hold.shear_mix = hold.mix_y = hold.mix_scale_y = 0;
        TransformConstraint turn = hold;
        turn.name = "turn-parent";
        turn.order = 1;
        turn.bones = {parent};
        turn.rotate_mix = 1;
        sd.transform = {hold, turn};
        Rig r(std::move(sd));
        r.pose(0);
        EXPECT_NEAR(r.world_rotation(parent), 90, 1e-3) << version_name(v);
        EXPECT_NEAR(r.world_rotation(child), 110, 1e-3) << version_name(v);
        EXPECT_NEAR(r.sk.applied_pose(child).rotation, 20, 1e-3) << version_name(v);
        EXPECT_NEAR(r.sk.applied_pose(child).x, 5, 1e-4) << version_name(v);
    }
}

TEST(SpineConstraints, SkinRequiredConstraintsRunOnlyWithTheirSkin) {
    SkeletonData sd = one_bone_ik(0, 20);
    sd.ik[0].skin_required = true;
    add_slot(sd, "s", 0);
    skin(sd, "aim").ik = {0};
    Rig r(std::move(sd));
    r.pose(0);
    EXPECT_FALSE(r.sk.ik[0].active);
    EXPECT_NEAR(r.world_rotation(1), 0, 1e-4);
    r.use_skin("aim");
    r.pose(0);
    EXPECT_TRUE(r.sk.ik[0].active);
    EXPECT_NEAR(r.world_rotation(1), 90, 1e-3);
}

namespace {

// A straight open path from (0,0) to (0,100) (two points, handles on the line) on slot "path",
// and a chain of two bones of length 10 constrained to it.
SkeletonData path_rig(PositionMode position_mode, SpacingMode spacing_mode, RotateMode rotate_mode, float position,
                      float spacing, bool constant_speed = true) {
    SkeletonData sd = skeleton();
    const int b1 = add_bone(sd, "b1", 0, 50, 0, 0, 10);
    const int b2 = add_bone(sd, "b2", b1, 10, 0, 0, 10);
    add_slot(sd, "path", 0, "p");
    Attachment p;
    p.type = AttachmentType::Path;
    p.vertices.count = 6;
    p.vertices.values = {0, -10, 0, 0, 0, 100.0f / 3, 0, 200.0f / 3, 0, 100, 0, 110};  // handles on thirds: even speed
    p.lengths = {100, 200};
    p.constant_speed = constant_speed;
    add_attachment(skin(sd), 0, "p", p);
    PathConstraint pc;
    pc.name = "pc";
    pc.bones = {b1, b2};
    pc.target = 0;
    pc.position_mode = position_mode;
    pc.spacing_mode = spacing_mode;
    pc.rotate_mode = rotate_mode;
    pc.position = position;
    pc.spacing = spacing;
    sd.path.push_back(pc);
    return sd;
}

}  // namespace

TEST(SpinePathConstraint, BonesFollowThePathBySpacingLength) {
    Rig r(path_rig(PositionMode::Fixed, SpacingMode::Length, RotateMode::Tangent, 25, 0));
    r.pose(0);
    EXPECT_NEAR(r.bone(1).world_x, 0, 1e-3);
    EXPECT_NEAR(r.bone(1).world_y, 25, 1e-2);
    EXPECT_NEAR(r.bone(2).world_y, 35, 1e-2);  // one bone length further
    EXPECT_NEAR(r.world_rotation(1), 90, 1e-2);  // along the tangent
    EXPECT_NEAR(r.world_rotation(2), 90, 1e-2);
}

TEST(SpinePathConstraint, PercentPositionAndFixedSpacing) {
    Rig r(path_rig(PositionMode::Percent, SpacingMode::Fixed, RotateMode::Chain, 0.5f, 20));
    r.pose(0);
    EXPECT_NEAR(r.bone(1).world_y, 50, 1e-2);
    // Chain: each bone points at the next position and the next bone starts at its tip.
    EXPECT_NEAR(r.bone(2).world_y, 60, 1e-2);
    EXPECT_NEAR(r.world_rotation(1), 90, 1e-2);
}

TEST(SpinePathConstraint, ChainScaleStretchesBonesToPercentSpacing) {
    Rig r(path_rig(PositionMode::Percent, SpacingMode::Percent, RotateMode::ChainScale, 0, 0.25f));
    r.pose(0);
    EXPECT_NEAR(r.bone(1).world_y, 0, 1e-2);
    EXPECT_NEAR(r.bone(2).world_y, 25, 1e-2);
    EXPECT_NEAR(r.world_scale_x(1), 2.5f, 1e-3);  // length 10 spans a quarter of 100
}

TEST(SpinePathConstraint, BeyondTheEndsFollowsTheEndTangents) {
    Rig r(path_rig(PositionMode::Fixed, SpacingMode::Length, RotateMode::Tangent, 95, 0, false));
    r.pose(0);
    EXPECT_NEAR(r.bone(1).world_y, 95, 1e-2);
    EXPECT_NEAR(r.bone(2).world_y, 105, 1e-2);  // past the end, on the end tangent
    r.sk.path[0].position = -5;
    r.sk.update_world_transform();
    EXPECT_NEAR(r.bone(1).world_y, -5, 1e-2);
}

TEST(SpinePathConstraint, MixesBlendWithTheBonesOwnTransform) {
    Rig r(path_rig(PositionMode::Fixed, SpacingMode::Length, RotateMode::Tangent, 20, 0));
    r.sk.set_to_setup_pose();
    r.sk.path[0].translate_mix = 0.5f;
    r.sk.path[0].rotate_mix = 0;
    r.sk.update_world_transform();
    EXPECT_NEAR(r.bone(1).world_x, 25, 1e-2);  // half-way between x 50 and the path's x 0
    EXPECT_NEAR(r.bone(1).world_y, 10, 1e-2);
    EXPECT_NEAR(r.world_rotation(1), 0, 1e-3);
}
