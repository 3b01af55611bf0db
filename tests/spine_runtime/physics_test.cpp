// Physics constraints (4.2) stepped by explicit time: rigio's damped-spring model (physics.hpp) against
// values computed by hand, step by step, for small skeletons built here.
#include <gtest/gtest.h>

#include "fixtures.hpp"

using namespace rigio::test;

namespace {

// Root, and a bone "b" at the origin (length `length`) moved by a physics constraint.
struct PhysicsRig {
    SkeletonData sd = skeleton();
    int bone = 0;
    explicit PhysicsRig(PhysicsConstraint c, float length = 0) {
        sd.header.data_version = Version::V42;
        bone = add_bone(sd, "b", 0, 0, 0, 0, length);
        c.name = "p";
        c.bone = bone;
        c.fps = 60;
        sd.physics.push_back(c);
    }
};

constexpr float kStep = 1.0f / 60;

PhysicsConstraint translate_x(float inertia, float strength, float damping = 1) {
    PhysicsConstraint c;
    c.x = 1;
    c.inertia = inertia;
    c.strength = strength;
    c.damping = damping;
    return c;
}

// Moves the root to (x, y) and updates at `time` with `mode`.
void update(Skeleton& sk, float x, float y, float time, Physics mode = Physics::Update) {
    sk.bones[0].local.x = x;
    sk.bones[0].local.y = y;
    sk.time = time;
    sk.update_world_transform(mode);
}

}  // namespace

TEST(SpinePhysics, WithoutPhysicsTheBoneFollowsTheAnimation) {
    PhysicsRig rig(translate_x(1, 0));
    const RuntimeData rd = prepare(rig.sd).value();
    Skeleton sk(rd);
    update(sk, 0, 0, 0, Physics::None);
    update(sk, 6, 0, kStep, Physics::None);
    EXPECT_FLOAT_EQ(sk.bones[1].world_x, 6);
}

TEST(SpinePhysics, InertiaKeepsTheMovementAsAnOffset) {
    // inertia 1, no spring: the bone stays where it was when its parent moves by 6.
    PhysicsRig rig(translate_x(1, 0));
    const RuntimeData rd = prepare(rig.sd).value();
    Skeleton sk(rd);
    update(sk, 0, 0, 0);  // the first update only records positions
    EXPECT_FLOAT_EQ(sk.bones[1].world_x, 0);
    update(sk, 6, 0, kStep);
    EXPECT_NEAR(sk.bones[1].world_x, 0, 1e-5);
    // inertia 0.5 keeps half.
    PhysicsRig half(translate_x(0.5f, 0));
    const RuntimeData rd2 = prepare(half.sd).value();
    Skeleton sk2(rd2);
    update(sk2, 0, 0, 0);
    update(sk2, 6, 0, kStep);
    EXPECT_NEAR(sk2.bones[1].world_x, 3, 1e-5);
}

TEST(SpinePhysics, TheLimitCapsTheLagPerSecond) {
    PhysicsConstraint c = translate_x(1, 0);
    c.limit = 600;  // 10 units per 1/60 s
    PhysicsRig rig(c);
    const RuntimeData rd = prepare(rig.sd).value();
    Skeleton sk(rd);
    update(sk, 0, 0, 0);
    update(sk, 200, 0, kStep);
    EXPECT_NEAR(sk.bones[1].world_x, 190, 1e-3);
}

TEST(SpinePhysics, TheSpringPullsTheOffsetBack) {
    // strength 100, mass 1: one step from offset -6: v = (0 - 100 * -6) / 60 = 10, offset = -6 + 10 / 60.
    PhysicsRig rig(translate_x(1, 100));
    const RuntimeData rd = prepare(rig.sd).value();
    Skeleton sk(rd);
    update(sk, 0, 0, 0);
    update(sk, 6, 0, kStep);
    EXPECT_NEAR(sk.bones[1].world_x, 6 - 6 + 10.0f / 60, 1e-4);
    EXPECT_NEAR(sk.physics[0].sim.vx, 10, 1e-4);
    // Second step, the parent still: v = 10 + 100 * (6 - 1/6) / 60, offset += v / 60.
    update(sk, 6, 0, 2 * kStep);
    const float v2 = 10 + 100 * (6 - 10.0f / 60) / 60;
    EXPECT_NEAR(sk.physics[0].sim.vx, v2, 1e-3);
    EXPECT_NEAR(sk.bones[1].world_x, 6 + (-6 + 10.0f / 60 + v2 / 60), 1e-3);
}

TEST(SpinePhysics, DampingScalesTheVelocityPerSixtiethOfASecond) {
    // damping 0.5 at 60 steps per second: the velocity halves after each step.
    PhysicsRig rig(translate_x(1, 100, 0.5f));
    const RuntimeData rd = prepare(rig.sd).value();
    Skeleton sk(rd);
    update(sk, 0, 0, 0);
    update(sk, 6, 0, kStep);
    EXPECT_NEAR(sk.physics[0].sim.vx, 5, 1e-4);
    EXPECT_NEAR(sk.bones[1].world_x, 10.0f / 60, 1e-4);
}

TEST(SpinePhysics, GravityPullsDownStepByStepAndPartialStepsWait) {
    PhysicsConstraint c;
    c.y = 1;
    c.strength = 0;
    c.gravity = 10;
    PhysicsRig rig(c);
    const RuntimeData rd = prepare(rig.sd).value();
    Skeleton sk(rd);
    update(sk, 0, 0, 0);
    update(sk, 0, 0, 0.5f * kStep);  // less than a step: nothing yet
    EXPECT_FLOAT_EQ(sk.bones[1].world_y, 0);
    update(sk, 0, 0, 2 * kStep);  // 2 steps: v = -10/60, y = v/60; v = -20/60, y += v/60
    EXPECT_NEAR(sk.physics[0].sim.vy, -20.0f / 60, 1e-5);
    EXPECT_NEAR(sk.bones[1].world_y, -10.0f / 3600 - 20.0f / 3600, 1e-6);
    // Pose applies the offsets without advancing; the mix scales them.
    sk.physics[0].mix = 0.5f;
    update(sk, 0, 0, 10, Physics::Pose);
    EXPECT_NEAR(sk.bones[1].world_y, 0.5f * (-30.0f / 3600), 1e-6);
    // Reset starts again from the current pose.
    sk.physics[0].mix = 1;
    update(sk, 0, 0, 11, Physics::Reset);
    EXPECT_FLOAT_EQ(sk.bones[1].world_y, 0);
    EXPECT_FLOAT_EQ(sk.physics[0].sim.vy, 0);
}

TEST(SpinePhysics, GravityTurnsARotatingBoneDown) {
    // A bone of length 10 along +x, rotate 1, gravity 10: torque per length -10 / 10 = -1 rad/s^2.
    PhysicsConstraint c;
    c.rotate = 1;
    c.strength = 0;
    c.gravity = 10;
    PhysicsRig rig(c, 10);
    const RuntimeData rd = prepare(rig.sd).value();
    Skeleton sk(rd);
    update(sk, 0, 0, 0);
    update(sk, 0, 0, kStep);
    const float angle = -1.0f / 3600;  // v = -1/60, angle = v/60
    EXPECT_NEAR(sk.physics[0].sim.rotate, angle, 1e-7);
    EXPECT_NEAR(sk.bones[1].c, std::sin(angle), 1e-7);
    EXPECT_NEAR(sk.bones[1].a, std::cos(angle), 1e-7);
    // The applied pose follows the world transform (constraints later in the order read it).
    EXPECT_NEAR(sk.applied_pose(1).rotation, angle * 180 / 3.14159265f, 1e-5);
}

TEST(SpinePhysics, ATrailingTipTurnsTheBone) {
    // The parent moves up by 10 under a bone of length 10 along +x: the tip trails 10 below, i.e. the
    // bone turns by atan2(-10, 10) = -45 degrees (inertia 1, no spring).
    PhysicsConstraint c;
    c.rotate = 1;
    c.strength = 0;
    PhysicsRig rig(c, 10);
    const RuntimeData rd = prepare(rig.sd).value();
    Skeleton sk(rd);
    update(sk, 0, 0, 0);
    update(sk, 0, 10, kStep);
    EXPECT_NEAR(sk.physics[0].sim.rotate, -3.14159265f / 4, 1e-5);
    EXPECT_NEAR(sk.bones[1].world_y, 10, 1e-5);  // the base follows (no x/y amounts)
    EXPECT_NEAR(sk.bones[1].c, -std::sqrt(0.5f), 1e-5);
}

TEST(SpinePhysics, SteppingIsReproducible) {
    PhysicsConstraint c = translate_x(0.7f, 80, 0.9f);
    c.y = 1;
    c.rotate = 0.5f;
    c.gravity = 30;
    c.wind = 5;
    PhysicsRig rig(c, 12);
    const RuntimeData rd = prepare(rig.sd).value();
    auto run = [&] {
        Skeleton sk(rd);
        for (int i = 0; i <= 50; ++i) update(sk, std::sin(i * 0.3f) * 40, std::cos(i * 0.2f) * 10, static_cast<float>(i) / 45);
        return sk.bones[1];
    };
    const BoneState a = run(), b = run();
    EXPECT_EQ(a.world_x, b.world_x);
    EXPECT_EQ(a.world_y, b.world_y);
    EXPECT_EQ(a.a, b.a);
    EXPECT_EQ(a.c, b.c);
    EXPECT_TRUE(std::isfinite(a.world_x) && std::isfinite(a.a));
}
