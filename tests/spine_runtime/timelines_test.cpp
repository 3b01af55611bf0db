// One test per timeline kind, on skeletons built in code: values before the first key (setup),
// between keys (curve), after the last key, and what each kind writes.
#include <gtest/gtest.h>

#include "fixtures.hpp"
#include "rigio/io/error.hpp"
#include "rigio/spine/runtime/curves.hpp"

using namespace rigio::test;

namespace {

BoneTimeline bone_timeline(BoneTimelineType type, Vector<BoneKeyframe> keys) { return {type, std::move(keys)}; }

SkeletonData one_bone(float rotation = 0) {
    SkeletonData sd = skeleton();
    add_bone(sd, "arm", 0, 0, 0, rotation, 10);
    return sd;
}

}  // namespace

TEST(SpineCurves, LinearSteppedAndSampledBezier) {
    float c[kCurveStride];
    sample_curve(Curve(linear()), c);
    EXPECT_FLOAT_EQ(curve_percent(c, 0.3f), 0.3f);
    sample_curve(Curve(stepped()), c);
    EXPECT_EQ(curve_percent(c, 0.99f), 0.0f);
    // Control points on the diagonal: the identity.
    sample_curve(Curve{CurveType::Bezier, 1.0f / 3, 1.0f / 3, 2.0f / 3, 2.0f / 3}, c);
    for (float p : {0.0f, 0.05f, 0.37f, 0.5f, 0.93f, 1.0f}) EXPECT_NEAR(curve_percent(c, p), p, 1e-6);
    // Ease in: samples are the Bézier at t = 0.1 .. 0.9 and the result is linear between them.
    const Curve ease{CurveType::Bezier, 0.5f, 0.0f, 1.0f, 1.0f};
    sample_curve(ease, c);
    for (int i = 1; i <= 9; ++i) {
        const float t = 0.1f * static_cast<float>(i), u = 1 - t;
        EXPECT_NEAR(c[2 * i - 1], 3 * u * u * t * 0.5f + 3 * u * t * t + t * t * t, 1e-6);
        EXPECT_NEAR(c[2 * i], 3 * u * t * t + t * t * t, 1e-6);
    }
    const float x1 = c[1], y1 = c[2], x2 = c[3], y2 = c[4];
    const float mid = (x1 + x2) / 2;
    EXPECT_NEAR(curve_percent(c, mid), (y1 + y2) / 2, 1e-6);
    EXPECT_LT(curve_percent(c, 0.5f), 0.5f);  // eases in
    EXPECT_FLOAT_EQ(curve_percent(c, 1.0f), 1.0f);
    EXPECT_FLOAT_EQ(curve_percent(c, 2.0f), 1.0f);  // clamped
}

TEST(SpineTimelines, RotateInterpolatesFromSetupAndHoldsAfterTheLastKey) {
    SkeletonData sd = one_bone(10);
    Animation a;
    a.name = "turn";
    a.bones.push_back({1, {bone_timeline(BoneTimelineType::Rotate, {{0.5f, 0, 0, linear()}, {1.5f, 90, 0, linear()}})}});
    sd.animations.push_back(a);
    Rig r(std::move(sd));
    r.pose(0.0f);  // before the first key: setup
    EXPECT_FLOAT_EQ(r.local(1).rotation, 10);
    r.pose(1.0f);
    EXPECT_NEAR(r.local(1).rotation, 55, 1e-4);
    EXPECT_NEAR(r.world_rotation(1), 55, 1e-3);
    r.pose(7.0f);
    EXPECT_NEAR(r.local(1).rotation, 100, 1e-4);
}

TEST(SpineTimelines, RotateTakesTheShortestWay) {
    SkeletonData sd = one_bone();
    Animation a;
    a.bones.push_back({1, {bone_timeline(BoneTimelineType::Rotate, {{0, 170, 0, linear()}, {1, -170, 0, linear()}})}});
    sd.animations.push_back(a);
    Rig r(std::move(sd));
    r.pose(0.25f);
    EXPECT_NEAR(r.local(1).rotation, 175, 1e-3);  // through 180, not through 0
    r.pose(0.75f);
    EXPECT_NEAR(std::fabs(r.world_rotation(1)), 175, 1e-3);
}

TEST(SpineTimelines, SteppedHoldsTheKeyUntilTheNextOne) {
    SkeletonData sd = one_bone();
    Animation a;
    a.bones.push_back({1, {bone_timeline(BoneTimelineType::Rotate, {{0, 0, 0, stepped()}, {1, 90, 0, linear()}})}});
    sd.animations.push_back(a);
    Rig r(std::move(sd));
    r.pose(0.99f);
    EXPECT_EQ(r.local(1).rotation, 0);
    r.pose(1.0f);
    EXPECT_FLOAT_EQ(r.local(1).rotation, 90);
}

TEST(SpineTimelines, TranslateScaleAndShear) {
    SkeletonData sd = one_bone();
    sd.bones[1].x = 5;
    sd.bones[1].scale_x = 2;
    sd.bones[1].scale_y = 2;
    Animation a;
    a.bones.push_back({1,
                       {bone_timeline(BoneTimelineType::Translate, {{0, 0, 0, linear()}, {2, 10, 20, linear()}}),
                        bone_timeline(BoneTimelineType::Scale, {{0, 1.5f, -1, linear()}}),
                        bone_timeline(BoneTimelineType::Shear, {{0, 10, 20, linear()}})}});
    sd.animations.push_back(a);
    Rig r(std::move(sd));
    r.pose(1.0f);
    EXPECT_FLOAT_EQ(r.local(1).x, 10);  // setup 5 + half of 10
    EXPECT_FLOAT_EQ(r.local(1).y, 10);
    EXPECT_FLOAT_EQ(r.local(1).scale_x, 3);  // keys multiply the setup scale
    EXPECT_FLOAT_EQ(r.local(1).scale_y, -2);
    EXPECT_FLOAT_EQ(r.local(1).shear_x, 10);
    EXPECT_FLOAT_EQ(r.local(1).shear_y, 20);
    EXPECT_FLOAT_EQ(r.bone(1).world_x, 10);
    // Mixing half-way from the setup keeps the setup's sign and mixes the magnitude.
    r.pose(1.0f, 0, 0.5f);
    EXPECT_FLOAT_EQ(r.local(1).scale_x, 2.5f);
    EXPECT_FLOAT_EQ(r.local(1).scale_y, 2.0f);
    EXPECT_FLOAT_EQ(r.local(1).x, 7.5f);
}

TEST(SpineTimelines, ColorAndTwoColor) {
    SkeletonData sd = skeleton();
    add_slot(sd, "a", 0);
    const int b = add_slot(sd, "b", 0);
    sd.slots[static_cast<std::size_t>(b)].dark = 0x000000u;
    Animation a;
    SlotTimeline color{SlotTimelineType::Color, {}, {{0, 0xFFFFFFFFu, 0, linear()}, {1, 0x00000000u, 0, linear()}}};
    SlotTimeline two{SlotTimelineType::TwoColor, {}, {{0, 0xFF0000FFu, 0x000000u, linear()}, {1, 0xFF0000FFu, 0xFFFFFFu, linear()}}};
    a.slots.push_back({0, {color}});
    a.slots.push_back({b, {two}});
    sd.animations.push_back(a);
    Rig r(std::move(sd));
    r.pose(0.5f);
    EXPECT_NEAR(r.sk.slots[0].color.r, 0.5f, 1e-6);
    EXPECT_NEAR(r.sk.slots[0].color.a, 0.5f, 1e-6);
    EXPECT_FALSE(r.sk.slots[0].has_dark);
    EXPECT_FLOAT_EQ(r.sk.slots[1].color.r, 1);
    EXPECT_FLOAT_EQ(r.sk.slots[1].color.g, 0);
    EXPECT_NEAR(r.sk.slots[1].dark.g, 0.5f, 1e-6);
    EXPECT_FLOAT_EQ(r.sk.slots[1].dark.a, 1);
}

TEST(SpineTimelines, AttachmentSwitchesByNameAndBackToSetup) {
    SkeletonData sd = skeleton();
    add_slot(sd, "s", 0, "a");
    add_attachment(skin(sd), 0, "a", region(10, 10));
    Attachment named = region(4, 4);
    named.name = "shown-b";
    add_attachment(skin(sd), 0, "b", named);
    Animation a;
    a.slots.push_back({0, {SlotTimeline{SlotTimelineType::Attachment, {{0.5f, "b"}, {1, std::nullopt}, {2, "a"}}, {}}}});
    sd.animations.push_back(a);
    Rig r(std::move(sd));
    r.pose(0.25f);
    EXPECT_EQ(r.attachment(0), "a");
    r.pose(0.5f);
    EXPECT_EQ(r.attachment(0), "shown-b");  // the attachment's name, not its key
    r.pose(1.5f);
    EXPECT_EQ(r.attachment(0), "<none>");
    EXPECT_TRUE(r.vertices(0).empty());
    r.pose(3.0f);
    EXPECT_EQ(r.attachment(0), "a");
}

TEST(SpineTimelines, DeformMovesUnweightedMeshVertices) {
    SkeletonData sd = skeleton();
    const int bone = add_bone(sd, "b", 0, 100, 0);
    add_slot(sd, "s", bone, "m");
    add_attachment(skin(sd), 0, "m", mesh({0, 0, 10, 0, 0, 10}));
    Animation a;
    DeformTimeline dt{"m", {{0, 0, {}, linear()}, {1, 2, {5, 0}, linear()}}};
    a.deform.push_back({0, {{0, {dt}}}});
    sd.animations.push_back(a);
    Rig r(std::move(sd));
    r.pose(0.5f);
    std::vector<float> v = r.vertices(0);
    ASSERT_EQ(v.size(), 6u);
    EXPECT_FLOAT_EQ(v[0], 100);
    EXPECT_FLOAT_EQ(v[2], 112.5f);  // 10 + half of 5, moved by the bone
    EXPECT_FLOAT_EQ(v[5], 10);
    r.pose(-1.0f);  // before the first key: setup shape
    EXPECT_TRUE(r.sk.slots[0].deform.empty());
    EXPECT_FLOAT_EQ(r.vertices(0)[2], 110);
}

TEST(SpineTimelines, DeformOffsetsWeightedBindPositions) {
    SkeletonData sd = skeleton();
    const int b1 = add_bone(sd, "b1", 0, 0, 0);
    const int b2 = add_bone(sd, "b2", 0, 0, 100);
    add_slot(sd, "s", 0, "m");
    Attachment m;
    m.type = AttachmentType::Mesh;
    m.vertices.count = 1;
    m.vertices.weighted = true;
    m.vertices.bones = {2, b1, b2};
    m.vertices.values = {10, 0, 0.5f, 10, 0, 0.5f};
    add_attachment(skin(sd), 0, "m", m);
    Animation a;
    a.deform.push_back({0, {{0, {DeformTimeline{"m", {{0, 0, {4, 2, 0, 0}, linear()}}}}}}});
    sd.animations.push_back(a);
    Rig r(std::move(sd));
    r.pose(0.0f);
    std::vector<float> v = r.vertices(0);
    ASSERT_EQ(v.size(), 2u);
    EXPECT_FLOAT_EQ(v[0], 12);  // (14 + 10) / 2
    EXPECT_FLOAT_EQ(v[1], 51);  // (2 + 100) / 2
}

TEST(SpineTimelines, LinkedMeshInheritsItsParentsDeform) {
    SkeletonData sd = skeleton();
    add_slot(sd, "s", 0, "m");
    add_slot(sd, "t", 0, "m");
    add_attachment(skin(sd), 0, "m", mesh({0, 0, 10, 0}));
    add_attachment(skin(sd), 1, "m", mesh({0, 0, 10, 0}));
    Attachment inherit, own;
    inherit.type = own.type = AttachmentType::LinkedMesh;
    inherit.parent = own.parent = "m";
    own.deform = false;
    add_attachment(skin(sd, "other"), 0, "m", inherit);
    add_attachment(skin(sd, "other"), 1, "m", own);
    Animation a;
    a.deform.push_back({0, {{0, {DeformTimeline{"m", {{0, 0, {1, 1, 1, 1}, linear()}}}}},
                            {1, {DeformTimeline{"m", {{0, 0, {1, 1, 1, 1}, linear()}}}}}}});
    sd.animations.push_back(a);
    Rig r(std::move(sd));
    r.use_skin("other");
    r.pose(0.0f);
    EXPECT_EQ(r.sk.slots[0].attachment, 2);  // the linked meshes of skin "other"
    expect_vertices(r.vertices(0), {1, 1, 11, 1});  // parent's vertices, parent's deform
    expect_vertices(r.vertices(1), {0, 0, 10, 0});  // deform not inherited
}

TEST(SpineTimelines, DrawOrderOffsetsAndSetupOrder) {
    SkeletonData sd = skeleton();
    for (const char* n : {"a", "b", "c", "d"}) add_slot(sd, n, 0);
    Animation a;
    a.draw_order = {{1, {{0, 2}}}, {2, {}}, {3, {{1, 2}, {3, -3}}}};
    sd.animations.push_back(a);
    Rig r(std::move(sd));
    r.pose(0.5f);
    EXPECT_EQ(r.sk.draw_order, (std::vector<int>{0, 1, 2, 3}));
    r.pose(1.0f);
    EXPECT_EQ(r.sk.draw_order, (std::vector<int>{1, 2, 0, 3}));
    r.pose(2.5f);
    EXPECT_EQ(r.sk.draw_order, (std::vector<int>{0, 1, 2, 3}));
    r.pose(3.0f);
    EXPECT_EQ(r.sk.draw_order, (std::vector<int>{3, 0, 2, 1}));
}

TEST(SpineTimelines, DrawOrderOutOfRangeIsAnError) {
    SkeletonData sd = skeleton();
    add_slot(sd, "a", 0);
    Animation a;
    a.draw_order = {{1, {{0, 5}}}};
    sd.animations.push_back(a);
    const rigio::Result<RuntimeData> r = prepare(sd);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().message().find("draw order key at 1"), std::string::npos) << r.error().what();
}

TEST(SpineTimelines, EventsFireBetweenTwoTimesAndAcrossTheLoop) {
    SkeletonData sd = skeleton();
    EventData e;
    e.name = "step";
    e.string_value = "default";
    sd.events.push_back(e);
    Animation a;
    a.events = {{0.2f, 0, 1, 0, std::nullopt}, {0.5f, 0, 2, 0, "x"}, {0.5f, 0, 3, 0, std::nullopt}, {1.0f, 0, 4, 0, std::nullopt}};
    sd.animations.push_back(a);
    Rig r(std::move(sd));
    const AnimationInfo& anim = r.rd.animations[0];
    std::vector<FiredEvent> fired;
    apply(anim, r.sk, 0.1f, 0.5f, false, &fired);
    ASSERT_EQ(fired.size(), 3u);
    EXPECT_EQ(fired[0].int_value, 1);
    EXPECT_EQ(fired[0].string_value, "default");
    EXPECT_EQ(fired[1].string_value, "x");
    fired.clear();
    apply(anim, r.sk, 0.5f, 0.7f, false, &fired);
    EXPECT_TRUE(fired.empty());  // (last, time]: keys at 0.5 already fired
    apply(anim, r.sk, 0.9f, 1.3f, true, &fired);  // wraps: 1.0, then 0.2
    ASSERT_EQ(fired.size(), 2u);
    EXPECT_EQ(fired[0].int_value, 4);
    EXPECT_EQ(fired[1].int_value, 1);
    apply(anim, r.sk, 0.1f, 0.5f, false, nullptr);  // no sink: nothing to do, no crash
}

TEST(SpineTimelines, ConstraintTimelinesSetMixesAndDiscreteValues) {
    SkeletonData sd = skeleton();
    const int a1 = add_bone(sd, "a1", 0, 0, 0, 0, 10);
    const int a2 = add_bone(sd, "a2", a1, 10, 0, 0, 10);
    const int t = add_bone(sd, "t", 0, 10, 10);
    add_ik(sd, "ik", {a1, a2}, t);
    TransformConstraint tc;
    tc.name = "tc";
    tc.bones = {t};
    tc.target = a1;
    tc.order = 1;
    sd.transform.push_back(tc);
    PathConstraint pc;
    pc.name = "pc";
    pc.order = 2;
    add_slot(sd, "path", 0);
    pc.target = 0;
    sd.path.push_back(pc);
    Animation a;
    a.ik.push_back({0, {{0, 0, 0, 1, false, false, linear()}, {1, 1, 4, -1, true, true, linear()}}});
    a.transform.push_back({0, {{0, 0, 0.2f, 0.4f, 0.6f, linear()}}});
    a.path.push_back({0,
                      {{PathTimelineType::Position, {{0, 0.5f, 0, linear()}}},
                       {PathTimelineType::Spacing, {{0, 3, 0, linear()}}},
                       {PathTimelineType::Mix, {{0, 0.25f, 0.75f, linear()}}}}});
    sd.animations.push_back(a);
    Rig r(std::move(sd));
    r.pose(0.5f);
    EXPECT_FLOAT_EQ(r.sk.ik[0].mix, 0.5f);
    EXPECT_FLOAT_EQ(r.sk.ik[0].softness, 2);
    EXPECT_EQ(r.sk.ik[0].bend_direction, 1);  // from the key in effect
    EXPECT_FALSE(r.sk.ik[0].stretch);
    r.pose(1.0f);
    EXPECT_EQ(r.sk.ik[0].bend_direction, -1);
    EXPECT_TRUE(r.sk.ik[0].compress);
    EXPECT_FLOAT_EQ(r.sk.transform[0].rotate_mix, 0);
    EXPECT_FLOAT_EQ(r.sk.transform[0].shear_mix, 0.6f);
    EXPECT_FLOAT_EQ(r.sk.path[0].position, 0.5f);
    EXPECT_FLOAT_EQ(r.sk.path[0].spacing, 3);
    EXPECT_FLOAT_EQ(r.sk.path[0].translate_mix, 0.75f);
    r.sk.set_to_setup_pose();
    EXPECT_FLOAT_EQ(r.sk.ik[0].mix, 1);
    EXPECT_FLOAT_EQ(r.sk.path[0].translate_mix, 1);
}
