// World transforms for the five transform modes, skins (skin-required bones, attachments),
// region vertices, and the no-allocation promise.
#include <gtest/gtest.h>

#include "fixtures.hpp"
#include "rigio/io/error.hpp"

using namespace rigio::test;

namespace {

// Parent at (10, 0) rotated 90 degrees with the given scale, and a child at local (5, 0).
SkeletonData parent_and_child(TransformMode mode, float parent_sx = 1, float parent_sy = 1, float child_rotation = 0) {
    SkeletonData sd = skeleton();
    const int p = add_bone(sd, "parent", 0, 10, 0, 90);
    sd.bones[static_cast<std::size_t>(p)].scale_x = parent_sx;
    sd.bones[static_cast<std::size_t>(p)].scale_y = parent_sy;
    add_bone(sd, "child", p, 5, 0, child_rotation, 0, mode);
    return sd;
}

float det(const BoneState& b) { return b.a * b.d - b.b * b.c; }

}  // namespace

TEST(SpineBones, NormalModeComposesWithTheParent) {
    Rig r(parent_and_child(TransformMode::Normal, 2, 2, 30));
    r.pose(0);
    EXPECT_NEAR(r.bone(2).world_x, 10, 1e-4);
    EXPECT_NEAR(r.bone(2).world_y, 10, 1e-4);  // 5 along the parent's x axis (up), scaled by 2
    EXPECT_NEAR(r.world_rotation(2), 120, 1e-3);
    EXPECT_NEAR(r.world_scale_x(2), 2, 1e-5);
}

TEST(SpineBones, OnlyTranslationIgnoresParentRotationAndScale) {
    Rig r(parent_and_child(TransformMode::OnlyTranslation, 2, 2, 30));
    r.pose(0);
    EXPECT_NEAR(r.bone(2).world_y, 10, 1e-4);
    EXPECT_NEAR(r.world_rotation(2), 30, 1e-3);
    EXPECT_NEAR(r.world_scale_x(2), 1, 1e-5);
}

TEST(SpineBones, NoRotationOrReflectionKeepsScaleDropsRotation) {
    Rig r(parent_and_child(TransformMode::NoRotationOrReflection, 2, 2));
    r.pose(0);
    EXPECT_NEAR(r.world_rotation(2), 0, 1e-3);
    EXPECT_NEAR(r.world_scale_x(2), 2, 1e-5);
    EXPECT_NEAR(r.world_scale_y(2), 2, 1e-5);
}

TEST(SpineBones, NoScaleKeepsRotationDropsScale) {
    Rig r(parent_and_child(TransformMode::NoScale, 3, 3, 10));
    r.pose(0);
    EXPECT_NEAR(r.world_rotation(2), 100, 1e-3);
    EXPECT_NEAR(r.world_scale_x(2), 1, 1e-5);
    EXPECT_NEAR(r.world_scale_y(2), 1, 1e-5);
}

TEST(SpineBones, ReflectionIsKeptByNoScaleAndDroppedByNoScaleOrReflection) {
    Rig keep(parent_and_child(TransformMode::NoScale, -2, 2));
    keep.pose(0);
    EXPECT_LT(det(keep.bone(1)), 0);
    EXPECT_LT(det(keep.bone(2)), 0);
    EXPECT_NEAR(keep.world_scale_x(2), 1, 1e-5);
    Rig drop(parent_and_child(TransformMode::NoScaleOrReflection, -2, 2));
    drop.pose(0);
    EXPECT_GT(det(drop.bone(2)), 0);
    EXPECT_NEAR(drop.world_scale_y(2), 1, 1e-5);
}

TEST(SpineBones, SkinRequiredBonesAreActiveOnlyWithTheirSkin) {
    SkeletonData sd = skeleton();
    const int arm = add_bone(sd, "arm", 0, 0, 0);
    const int hand = add_bone(sd, "hand", arm, 3, 0);
    sd.bones[static_cast<std::size_t>(arm)].skin_required = true;
    sd.bones[static_cast<std::size_t>(hand)].skin_required = true;
    add_slot(sd, "s", hand, "r");
    add_attachment(skin(sd), 0, "r", region(2, 2));
    skin(sd, "with-hand").bones = {hand};
    skin(sd, "without");
    Rig r(std::move(sd));
    r.pose(0);
    EXPECT_FALSE(r.bone(hand).active);
    EXPECT_TRUE(r.vertices(0).empty());  // bone inactive: no vertices
    EXPECT_EQ(r.bone(hand).a, 1);        // never updated
    r.use_skin("with-hand");
    r.pose(0);
    EXPECT_TRUE(r.bone(arm).active);  // parents of listed bones too
    EXPECT_TRUE(r.bone(hand).active);
    EXPECT_FLOAT_EQ(r.bone(hand).world_x, 3);
    EXPECT_EQ(r.vertices(0).size(), 8u);
    r.use_skin("without");
    r.pose(0);
    EXPECT_FALSE(r.bone(arm).active);
}

TEST(SpineBones, SkinAttachmentsWinOverTheDefaultSkin) {
    SkeletonData sd = skeleton();
    add_slot(sd, "s", 0, "body");
    add_slot(sd, "t", 0, "hat");
    add_attachment(skin(sd), 0, "body", region(2, 2));
    add_attachment(skin(sd), 1, "hat", region(2, 2));
    Attachment girl = region(4, 4);
    girl.name = "girl/body";
    add_attachment(skin(sd, "girl"), 0, "body", girl);
    Rig r(std::move(sd));
    r.pose(0);
    EXPECT_EQ(r.attachment(0), "body");
    r.use_skin("girl");
    r.pose(0);
    EXPECT_EQ(r.attachment(0), "girl/body");
    EXPECT_EQ(r.attachment(1), "hat");  // not in the skin: from the default skin
    EXPECT_EQ(skin_rule(r.rd), -1);     // the default skin has attachments
}

TEST(SpineBones, SkinRulePicksTheFirstNamedSkinWhenTheDefaultIsEmpty) {
    SkeletonData sd = skeleton();
    add_slot(sd, "s", 0);
    skin(sd);
    skin(sd, "a");
    skin(sd, "b");
    RuntimeData rd = prepare(sd).value();
    EXPECT_EQ(skin_rule(rd), 1);
}

TEST(SpineVertices, RegionCornersAreBottomRightFirst) {
    SkeletonData sd = skeleton();
    const int b = add_bone(sd, "b", 0, 5, 5);
    add_slot(sd, "s", b, "r");
    add_attachment(skin(sd), 0, "r", region(20, 10));
    Rig r(std::move(sd));
    r.pose(0);
    expect_vertices(r.vertices(0), {15, 0, -5, 0, -5, 10, 15, 10});
}

TEST(SpineVertices, RegionOffsetIsRotatedAndScaled) {
    SkeletonData sd = skeleton();
    add_slot(sd, "s", 0, "r");
    Attachment a = region(2, 2, 10, 0, 90);
    a.scale_x = 2;
    add_attachment(skin(sd), 0, "r", a);
    Rig r(std::move(sd));
    r.pose(0);
    const std::vector<float> v = r.vertices(0);
    ASSERT_EQ(v.size(), 8u);
    // Bottom right corner (2, -1) after scaling, rotated by 90 degrees: (1, 2), moved by (10, 0).
    EXPECT_NEAR(v[0], 11, 1e-5);
    EXPECT_NEAR(v[1], 2, 1e-5);
}

TEST(SpineRuntime, PosingAllocatesNothingPerFrame) {
    SkeletonData sd = skeleton();
    add_slot(sd, "s", 0, "m");
    add_attachment(skin(sd), 0, "m", mesh({0, 0, 10, 0, 0, 10}));
    Animation a;
    a.deform.push_back({0, {{0, {DeformTimeline{"m", {{0, 0, {1, 1}, linear()}, {1, 0, {2, 2}, linear()}}}}}}});
    sd.animations.push_back(a);
    Rig r(std::move(sd));
    r.pose(0.5f);
    const float* buffer = r.sk.slots[0].deform.data();
    const std::size_t capacity = r.sk.slots[0].deform.capacity();
    for (int i = 0; i < 100; ++i) r.pose(static_cast<float>(i) / 50);
    EXPECT_EQ(r.sk.slots[0].deform.data(), buffer);
    EXPECT_EQ(r.sk.slots[0].deform.capacity(), capacity);
}

TEST(SpineRuntime, BadReferencesAreErrorsNotCrashes) {
    SkeletonData sd = skeleton();
    add_slot(sd, "s", 0);
    Animation a;
    a.deform.push_back({0, {{0, {DeformTimeline{"missing", {{0, 0, {}, linear()}}}}}}});
    sd.animations.push_back(a);
    skin(sd);
    rigio::Result<RuntimeData> r = prepare(sd);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().message().find("no vertex attachment \"missing\""), std::string::npos) << r.error().what();
    SkeletonData bad = skeleton();
    add_slot(bad, "s", 7);
    r = prepare(bad);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().message(), "slot bone index out of range");
}

TEST(SpineRuntime, CompactKeysCannotExpandWithoutBound) {
    // 20000 empty deform keys on a 1000-vertex mesh: a few bytes each in a file, 2000 floats each
    // once expanded. Refused instead of allocating 160 MB.
    SkeletonData sd = skeleton();
    add_slot(sd, "s", 0, "m");
    add_attachment(skin(sd), 0, "m", mesh(std::vector<float>(2000, 1.0f)));
    Animation a;
    DeformTimeline dt{"m", {}};
    for (int i = 0; i < 20000; ++i) dt.keys.push_back({static_cast<float>(i), 0, {}, linear()});
    a.deform.push_back({0, {{0, {dt}}}});
    sd.animations.push_back(a);
    EXPECT_FALSE(prepare(sd).ok());
    sd.animations[0].deform[0].slots[0].timelines[0].keys.resize(100);
    EXPECT_TRUE(prepare(sd).ok());
}

TEST(SpineBones, ChangingSkinsSwapsAttachmentsTheOldSkinShowed) {
    SkeletonData sd = skeleton();
    add_slot(sd, "s", 0, "body");
    add_slot(sd, "t", 0, "hat");
    add_attachment(skin(sd), 1, "hat", region(1, 1));
    Attachment a = region(2, 2), b = region(3, 3);
    a.name = "a/body";
    b.name = "b/body";
    add_attachment(skin(sd, "a"), 0, "body", a);
    add_attachment(skin(sd, "b"), 0, "body", b);
    Rig r(std::move(sd));
    r.sk.set_skin(r.rd.find_skin("a"));
    EXPECT_EQ(r.attachment(0), "a/body");
    r.sk.set_skin(r.rd.find_skin("b"));  // no setup pose in between
    EXPECT_EQ(r.attachment(0), "b/body");
    EXPECT_EQ(r.attachment(1), "hat");
    r.sk.set_skin(-1);
    r.sk.set_slots_to_setup_pose();
    EXPECT_EQ(r.attachment(0), "<none>");  // the default skin has no "body"
}
