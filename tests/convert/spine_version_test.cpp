// Spine version conversion on skeletons built in the test: each mapping between the 3.x and 4.x forms
// (curves, rotations, one-channel and colour timelines, mixes) and each reported loss, by value.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "rigio/convert/spine_version.hpp"
#include "rigio/spine/binary.hpp"
#include "rigio/spine/json.hpp"

using namespace rigio;
using namespace rigio::spine;
using convert::convert_spine_version;

namespace {

SkeletonData skeleton(Version v) {
    SkeletonData sd;
    sd.header.data_version = v;
    sd.header.version = std::string(version_name(v)) + ".10";
    sd.header.hash = v >= Version::V40 ? OptString("zgiHK9o7sFk") : OptString("GI5HIy7VXSyAemjLiD8DnxDgI+E");
    Bone root;
    root.name = "root";
    Bone hip;
    hip.name = "hip";
    hip.parent = 0;
    sd.bones = {root, hip};
    Slot slot;
    slot.name = "body";
    slot.bone = 1;
    slot.color = 0x336699CCu;
    sd.slots = {slot};
    return sd;
}

Animation& animation(SkeletonData& sd, const char* name = "run") {
    sd.animations.emplace_back();
    sd.animations.back().name = name;
    return sd.animations.back();
}

BoneTimeline& bone_timeline(Animation& a, BoneTimelineType type, int bone = 1) {
    a.bones.push_back({bone, {BoneTimeline{type, {}}}});
    return a.bones.back().timelines.back();
}

bool has_loss(const LossReport& r, const std::string& where, const std::string& feature_part) {
    for (const Loss& l : r.losses)
        if (l.where == where && l.feature.find(feature_part) != std::string::npos) return true;
    return false;
}

// A 4.x per-channel Bézier point at parameter s.
double cubic(double p0, double p1, double p2, double p3, double s) {
    const double u = 1 - s;
    return u * u * u * p0 + 3 * s * u * u * p1 + 3 * s * s * u * p2 + s * s * s * p3;
}

}  // namespace

TEST(SpineVersion, UpgradeGivesEachChannelItsAbsoluteBezier) {
    SkeletonData sd = skeleton(Version::V38);
    BoneTimeline& t = bone_timeline(animation(sd), BoneTimelineType::Translate);
    t.keys = {BoneKeyframe(0, 10, 5, Curve2(CurveType::Bezier, 0.25f, 0.1f, 0.75f, 0.9f)), BoneKeyframe(2, 30, 5)};
    auto r = convert_spine_version(sd, Version::V40);
    EXPECT_TRUE(r.losses.empty());
    EXPECT_EQ(r.data.header.data_version, Version::V40);
    EXPECT_EQ(*r.data.header.version, "4.0.64");
    EXPECT_EQ(r.data.header.hash->size(), 11u);  // 8 bytes
    const Curve2& c = r.data.animations[0].bones[0].timelines[0].keys[0].curve;
    ASSERT_EQ(c.type, CurveType::Bezier);
    ASSERT_EQ(c.bezier.size(), 8u);
    // x: t0 + cx * dt, v0 + cy * dv; y does not change but keeps its (flat) Bézier.
    const std::vector<float> want{0.5f, 12, 1.5f, 28, 0.5f, 5, 1.5f, 5};
    for (std::size_t i = 0; i < want.size(); ++i) EXPECT_FLOAT_EQ(c.bezier[i], want[i]) << i;
    EXPECT_EQ(r.data.animations[0].bones[0].timelines[0].keys[1].curve.type, CurveType::Linear);
    // And back: the same normalized curve, nothing lost, a 3.x hash of 20 bytes.
    auto back = convert_spine_version(r.data, Version::V38);
    EXPECT_TRUE(back.losses.empty());
    EXPECT_EQ(back.data.header.hash->size(), 27u);
    EXPECT_EQ(*back.data.header.version, "3.8.99");
    const Curve2& b = back.data.animations[0].bones[0].timelines[0].keys[0].curve;
    EXPECT_EQ(b.type, CurveType::Bezier);
    EXPECT_NEAR(b.cx1, 0.25f, 1e-6);
    EXPECT_NEAR(b.cy1, 0.1f, 1e-6);
    EXPECT_NEAR(b.cx2, 0.75f, 1e-6);
    EXPECT_NEAR(b.cy2, 0.9f, 1e-6);
    EXPECT_TRUE(b.bezier.empty());
}

TEST(SpineVersion, UpgradeUnwrapsRotationsThe3xRuntimeTurnsTheShortWay) {
    SkeletonData sd = skeleton(Version::V37);
    BoneTimeline& t = bone_timeline(animation(sd), BoneTimelineType::Rotate);
    t.keys = {BoneKeyframe(0, 170, 0), BoneKeyframe(1, -170, 0), BoneKeyframe(2, -327.38f, 0), BoneKeyframe(3, -13.54f, 0)};
    auto r = convert_spine_version(sd, Version::V42);
    EXPECT_TRUE(r.losses.empty());
    const auto& k = r.data.animations[0].bones[0].timelines[0].keys;
    EXPECT_FLOAT_EQ(k[0].x, 170);
    EXPECT_FLOAT_EQ(k[1].x, 190);             // +20, not -340
    EXPECT_NEAR(k[2].x, -327.38 + 360, 1e-4);  // 32.62: -137.38 from 190, the short way
    EXPECT_NEAR(k[3].x, -13.54, 1e-4);         // -46.16 from 32.62
}

TEST(SpineVersion, DowngradeAddsKeysWhereA4xRotationTurns180DegreesOrMore) {
    SkeletonData sd = skeleton(Version::V41);
    BoneTimeline& t = bone_timeline(animation(sd), BoneTimelineType::Rotate);
    t.keys = {BoneKeyframe(0, 0, 0), BoneKeyframe(1, 270, 0)};
    auto r = convert_spine_version(sd, Version::V38);
    EXPECT_TRUE(has_loss(r.losses, "/animations/run/bones/hip/rotate", "180 degrees"));
    const auto& k = r.data.animations[0].bones[0].timelines[0].keys;
    ASSERT_GE(k.size(), 3u);
    for (std::size_t i = 0; i + 1 < k.size(); ++i) {
        EXPECT_LT(std::abs(k[i + 1].x - k[i].x), 180) << i;
        // Linear keys on the 4.x line: value = 270 * time.
        EXPECT_NEAR(k[i].x, 270 * k[i].time, 1e-3);
    }
    EXPECT_FLOAT_EQ(k.back().x, 270);
}

TEST(SpineVersion, DowngradeSplitsPerChannelCurvesAtEveryChannelsSamples) {
    SkeletonData sd = skeleton(Version::V40);
    BoneTimeline& t = bone_timeline(animation(sd), BoneTimelineType::Translate);
    Curve2 c(CurveType::Bezier);
    c.bezier = {0.2f, 0, 0.8f, 10, 0.5f, 0, 0.6f, 20};  // x and y with different handles
    t.keys = {BoneKeyframe(0, 0, 0, c), BoneKeyframe(1, 10, 20)};
    auto r = convert_spine_version(sd, Version::V38);
    EXPECT_TRUE(has_loss(r.losses, "/animations/run/bones/hip/translate", "per-channel"));
    const auto& k = r.data.animations[0].bones[0].timelines[0].keys;
    ASSERT_GE(k.size(), 2u + 9u);  // every sample of both channels (times two channels share once)
    ASSERT_LE(k.size(), 2u + 18u);
    for (const BoneKeyframe& key : k) EXPECT_EQ(key.curve.type, CurveType::Linear);
    // Each channel's own 9 samples are keys with that channel's value.
    for (int ch = 0; ch < 2; ++ch)
        for (int i = 1; i <= 9; ++i) {
            const double s = i / 10.0;
            const double time = cubic(0, c.bezier[4 * ch], c.bezier[4 * ch + 2], 1, s);
            const double value = cubic(0, c.bezier[4 * ch + 1], c.bezier[4 * ch + 3], ch ? 20 : 10, s);
            bool found = false;
            for (const BoneKeyframe& key : k)
                if (std::abs(key.time - time) < 1e-6) {
                    found = true;
                    EXPECT_NEAR(ch ? key.y : key.x, value, 1e-4);
                }
            EXPECT_TRUE(found) << "channel " << ch << " sample " << i;
        }
}

TEST(SpineVersion, DowngradeKeepsOneCurveWhenChannelsShareNormalizedHandles) {
    SkeletonData sd = skeleton(Version::V40);
    BoneTimeline& t = bone_timeline(animation(sd), BoneTimelineType::Scale);
    Curve2 c(CurveType::Bezier);
    c.bezier = {0.25f, 1.1f, 0.75f, 1.9f, 0.25f, 2.2f, 0.75f, 3.8f};  // (0.25, 0.1, 0.75, 0.9) for both
    t.keys = {BoneKeyframe(0, 1, 2, c), BoneKeyframe(1, 2, 4)};
    auto r = convert_spine_version(sd, Version::V37);
    EXPECT_TRUE(r.losses.empty());
    const auto& k = r.data.animations[0].bones[0].timelines[0].keys;
    ASSERT_EQ(k.size(), 2u);
    EXPECT_NEAR(k[0].curve.cy1, 0.1f, 1e-6);
    EXPECT_NEAR(k[0].curve.cy2, 0.9f, 1e-6);
}

TEST(SpineVersion, DowngradeMergesOneChannelTimelines) {
    SkeletonData sd = skeleton(Version::V42);
    Animation& a = animation(sd);
    a.bones.push_back({1, {BoneTimeline{BoneTimelineType::ScaleY, {BoneKeyframe(0, 2, 0), BoneKeyframe(1, 3, 0)}}}});
    auto r = convert_spine_version(sd, Version::V38);
    EXPECT_TRUE(r.losses.empty());
    const BoneTimeline& t = r.data.animations[0].bones[0].timelines[0];
    EXPECT_EQ(t.type, BoneTimelineType::Scale);
    ASSERT_EQ(t.keys.size(), 2u);
    EXPECT_FLOAT_EQ(t.keys[0].x, 1);  // scale x kept at the setup value
    EXPECT_FLOAT_EQ(t.keys[1].y, 3);
}

TEST(SpineVersion, DowngradeMergesRgbAndAlphaIntoOneColourTimeline) {
    SkeletonData sd = skeleton(Version::V40);
    Animation& a = animation(sd);
    SlotTimeline rgb{SlotTimelineType::Rgb, {}, {ColorKeyframe{0, 0xFF0000FFu, 0, {}}, ColorKeyframe{1, 0x00FF00FFu, 0, {}}}};
    SlotTimeline alpha{SlotTimelineType::Alpha, {}, {ColorKeyframe{0, 0xFFFFFF40u, 0, {}}, ColorKeyframe{1, 0xFFFFFF80u, 0, {}}}};
    a.slots.push_back({0, {rgb, alpha}});
    auto r = convert_spine_version(sd, Version::V38);
    EXPECT_TRUE(r.losses.empty());
    const auto& ts = r.data.animations[0].slots[0].timelines;
    ASSERT_EQ(ts.size(), 1u);
    EXPECT_EQ(ts[0].type, SlotTimelineType::Color);
    ASSERT_EQ(ts[0].color_keys.size(), 2u);
    EXPECT_EQ(ts[0].color_keys[0].color, 0xFF000040u);
    EXPECT_EQ(ts[0].color_keys[1].color, 0x00FF0080u);
    // An alpha timeline alone takes the slot's setup colour.
    sd.animations[0].slots[0].timelines = {alpha};
    r = convert_spine_version(sd, Version::V38);
    EXPECT_EQ(r.data.animations[0].slots[0].timelines[0].color_keys[1].color, 0x33669980u);
}

TEST(SpineVersion, MixesPerChannel) {
    SkeletonData sd = skeleton(Version::V38);
    TransformConstraint c;
    c.name = "aim";
    c.target = 0;
    c.bones = {1};
    c.translate_mix = 0.5f;
    c.scale_mix = 0.25f;
    sd.transform = {c};
    auto up = convert_spine_version(sd, Version::V41);
    EXPECT_FLOAT_EQ(up.data.transform[0].mix_y, 0.5f);
    EXPECT_FLOAT_EQ(up.data.transform[0].mix_scale_y, 0.25f);
    up.data.transform[0].mix_y = 0.75f;
    auto down = convert_spine_version(up.data, Version::V38);
    EXPECT_TRUE(has_loss(down.losses, "/transform/aim", "mixY"));
    EXPECT_FLOAT_EQ(down.data.transform[0].translate_mix, 0.5f);
}

TEST(SpineVersion, DowngradeDropsWhatOnly42HoldsByName) {
    SkeletonData sd = skeleton(Version::V42);
    PhysicsConstraint p;
    p.name = "hair";
    p.bone = 1;
    sd.physics = {p};
    sd.header.reference_scale = 50;
    Animation& a = animation(sd);
    a.bones.push_back({1, {BoneTimeline{BoneTimelineType::Inherit, {BoneKeyframe(0, 0, 0)}}}});
    a.physics.push_back({0, {PhysicsTimeline{PhysicsTimelineType::Mix, {PhysicsKeyframe{0, 1, {}}}}}});
    auto r = convert_spine_version(sd, Version::V41);
    EXPECT_TRUE(has_loss(r.losses, "/physics/hair", "physics constraint"));
    EXPECT_TRUE(has_loss(r.losses, "/animations/run/physics/hair", "physics timeline"));
    EXPECT_TRUE(has_loss(r.losses, "/animations/run/bones/hip/inherit", "inherit"));
    EXPECT_TRUE(has_loss(r.losses, "/skeleton/referenceScale", "reference scale"));
    EXPECT_TRUE(r.data.physics.empty());
    EXPECT_TRUE(r.data.animations[0].bones.empty());
    EXPECT_TRUE(r.data.animations[0].physics.empty());
    EXPECT_FLOAT_EQ(r.data.header.reference_scale, 100);
}

// Runtimes visit constraint orders 0 .. count - 1 only: once the physics constraints are dropped, the
// others must be renumbered (celestial-circus-pro 4.2: transform constraints at orders 6, 8, 9 of 33
// were otherwise never applied by a 4.0/4.1 runtime).
TEST(SpineVersion, DroppingPhysicsRenumbersTheOtherConstraintsInTheirOrder) {
    SkeletonData sd = skeleton(Version::V42);
    Bone b;
    b.name = "face";
    b.parent = 0;
    sd.bones.push_back(b);
    PhysicsConstraint p;
    p.name = "hair";
    p.bone = 1;
    p.order = 0;
    PhysicsConstraint q = p;
    q.name = "skirt";
    q.order = 2;
    sd.physics = {p, q};
    TransformConstraint t;
    t.name = "head";
    t.bones = {2};
    t.target = 1;
    t.order = 3;
    TransformConstraint u = t;
    u.name = "face";
    u.order = 1;
    sd.transform = {t, u};
    IkConstraint ik;
    ik.name = "aim";
    ik.bones = {2};
    ik.target = 1;
    ik.order = 4;
    sd.ik = {ik};
    for (Version to : {Version::V41, Version::V40, Version::V38}) {
        auto r = convert_spine_version(sd, to);
        ASSERT_TRUE(r.data.physics.empty());
        EXPECT_EQ(r.data.transform[1].order, 0);  // "face" (was 1)
        EXPECT_EQ(r.data.transform[0].order, 1);  // "head" (was 3)
        EXPECT_EQ(r.data.ik[0].order, 2);         // "aim" (was 4)
    }
    // Nothing dropped: orders stay as they are.
    sd.physics.clear();
    auto same = convert_spine_version(sd, Version::V41);
    EXPECT_EQ(same.data.transform[0].order, 3);
    EXPECT_EQ(same.data.ik[0].order, 4);
}

// Physics keys that ended an animation are dropped; the timeline that ends it now holds its last value
// until the source's end, so the duration (sample times, looping) stays and nothing is reported for it.
TEST(SpineVersion, DroppedKeysThatEndedAnAnimationLeaveItsDuration) {
    SkeletonData sd = skeleton(Version::V42);
    PhysicsConstraint p;
    p.name = "hair";
    p.bone = 1;
    sd.physics = {p};
    Animation& a = animation(sd);
    BoneTimeline& t = bone_timeline(a, BoneTimelineType::Rotate);
    t.keys = {BoneKeyframe(0, 10, 0, Curve2(CurveType::Bezier)), BoneKeyframe(1, 40, 0)};
    t.keys[0].curve.bezier = {0.3f, 12, 0.7f, 38};
    t.keys[1].curve = Curve2(CurveType::Bezier);
    t.keys[1].curve.bezier = {1.2f, 50, 1.5f, 60};  // on the last key: never played
    a.physics.push_back({0, {PhysicsTimeline{PhysicsTimelineType::Mix, {PhysicsKeyframe{2.5f, 1, {}}}}}});
    for (Version to : {Version::V41, Version::V38}) {
        auto r = convert_spine_version(sd, to);
        const Animation& out = r.data.animations[0];
        EXPECT_FLOAT_EQ(duration(out), 2.5f);
        EXPECT_FALSE(has_loss(r.losses, "/animations/run", "duration"));
        const Vector<BoneKeyframe>& k = out.bones[0].timelines[0].keys;
        ASSERT_GE(k.size(), 3u);
        EXPECT_FLOAT_EQ(k.back().time, 2.5f);
        EXPECT_FLOAT_EQ(k.back().x, 40);
        EXPECT_EQ(k[k.size() - 2].curve.type, CurveType::Stepped);
        EXPECT_FLOAT_EQ(k[k.size() - 2].x, 40);
    }
    // Nothing left to hold: the change is reported.
    a.bones.clear();
    auto r = convert_spine_version(sd, Version::V41);
    EXPECT_TRUE(has_loss(r.losses, "/animations/run", "duration"));
}

TEST(SpineVersion, SequenceGoingBelow41BecomesOneAttachmentPerFrame) {
    SkeletonData sd = skeleton(Version::V41);
    sd.slots[0].attachment = "wing";
    Skin skin;
    skin.name = "default";
    SkinAttachment a;
    a.key = "wing";
    a.attachment.path = "wings/wing";
    a.attachment.sequence = Sequence{4, 1, 2, 2, {}};
    skin.slots.push_back({0, {a}});
    sd.skins = {skin};
    sd.has_default_skin = true;
    auto r = convert_spine_version(sd, Version::V40);
    EXPECT_TRUE(has_loss(r.losses, "/skins", "sequence of 4 regions"));
    const Vector<SkinAttachment>& out = r.data.skins[0].slots[0].attachments;
    ASSERT_EQ(out.size(), 4u);
    for (int f = 0; f < 4; ++f) {
        EXPECT_EQ(*out[f].key, "wings/wing0" + std::to_string(f + 1));  // start 1, two digits
        EXPECT_FALSE(out[f].attachment.sequence.has_value());
        EXPECT_FALSE(out[f].attachment.path.has_value());  // the key is the region path
    }
    EXPECT_EQ(*r.data.slots[0].attachment, "wings/wing03");  // the setup frame (index 2)
}

TEST(SpineVersion, SkinRequiredAndSoftnessGoingTo37AreReported) {
    SkeletonData sd = skeleton(Version::V38);
    sd.bones[1].skin_required = true;
    IkConstraint ik;
    ik.name = "leg";
    ik.bones = {1};
    ik.softness = 5;
    sd.ik = {ik};
    auto r = convert_spine_version(sd, Version::V37);
    EXPECT_TRUE(has_loss(r.losses, "/bones/hip", "skin-required"));
    EXPECT_TRUE(has_loss(r.losses, "/ik/leg", "softness"));
    EXPECT_FALSE(r.data.bones[1].skin_required);
    EXPECT_FLOAT_EQ(r.data.ik[0].softness, 0);
}

TEST(SpineVersion, MeshTrianglesFollowThe42Count) {
    SkeletonData sd = skeleton(Version::V38);
    Skin skin;
    skin.name = "default";
    SkinAttachment a;
    a.key = "quad";
    a.attachment.type = AttachmentType::Mesh;
    a.attachment.vertices.count = 4;
    a.attachment.vertices.values = {0, 0, 1, 0, 1, 1, 0, 1};
    a.attachment.uvs = {0, 0, 1, 0, 1, 1, 0, 1};
    a.attachment.hull = 4;
    a.attachment.triangles = {0, 1, 2, 0, 2, 3, 1, 2, 3};  // one triangle too many (overlapping)
    skin.slots.push_back({0, {a}});
    sd.skins = {skin};
    sd.has_default_skin = true;
    auto r = convert_spine_version(sd, Version::V42);
    EXPECT_TRUE(has_loss(r.losses, "/skins/default/body/quad", "triangles"));
    const auto& tri = r.data.skins[0].slots[0].attachments[0].attachment.triangles;
    EXPECT_EQ(tri, (Vector<std::uint16_t>{0, 1, 2, 0, 2, 3}));
    // The result is a 4.2 binary that reads back.
    auto back = read_skel(write_skel(r.data).value());
    ASSERT_TRUE(back.ok()) << back.error().what();
    EXPECT_EQ(back->skins[0].slots[0].attachments[0].attachment.triangles, tri);
}

TEST(SpineVersion, EveryPairWritesAndReadsBackInTheTargetLayout) {
    const Version all[] = {Version::V37, Version::V38, Version::V40, Version::V41, Version::V42};
    for (Version from : all)
        for (Version to : all) {
            SkeletonData sd = skeleton(from);
            sd.skins.emplace_back().name = "default";
            sd.has_default_skin = true;
            BoneTimeline& t = bone_timeline(animation(sd), BoneTimelineType::Rotate);
            t.keys = {BoneKeyframe(0, 10, 0, Curve2(CurveType::Bezier, 0.25f, 0, 0.75f, 1)), BoneKeyframe(1, 20, 0)};
            if (from >= Version::V40) t.keys[0].curve = Curve2(CurveType::Bezier), t.keys[0].curve.bezier = {0.25f, 10, 0.75f, 20};
            auto r = convert_spine_version(sd, to);
            EXPECT_TRUE(r.losses.empty()) << version_name(from) << " -> " << version_name(to);
            auto skel = read_skel(write_skel(r.data).value());
            ASSERT_TRUE(skel.ok()) << version_name(from) << " -> " << version_name(to) << ": " << skel.error().what();
            EXPECT_EQ(skel->header.data_version, to);
            auto json = read_json(write_json(r.data).value());
            ASSERT_TRUE(json.ok()) << json.error().what();
            EXPECT_EQ(json->header.data_version, to);
            EXPECT_EQ(json->animations[0].bones[0].timelines[0].keys[0].curve, r.data.animations[0].bones[0].timelines[0].keys[0].curve);
        }
}
