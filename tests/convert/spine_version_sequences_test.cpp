// Spine version conversion of 4.1+ sequences to 4.0 and older: one attachment per frame and attachment
// keys at every frame change, proven by poses: at every sample (a dense grid and each float on either
// side of every key the conversion made) the target slot shows an attachment named as the region the
// 4.1 runtime shows (its sequence frame's region path), for every sequence mode.
#include <gtest/gtest.h>

#include <cmath>

#include "rigio/convert/spine_version.hpp"
#include "rigio/spine/binary.hpp"
#include "rigio/spine/json.hpp"
#include "rigio/spine/runtime/sequence.hpp"
#include "spine_runtime/fixtures.hpp"

using namespace rigio::test;
using rigio::convert::convert_spine_version;

namespace {

// The region or attachment name slot `slot` shows at `t` (a sequence frame's region path).
std::string shown(Skeleton& sk, int slot, float t) {
    sk.set_to_setup_pose();
    apply(sk.data().animations[0], sk, t, t, false, nullptr, 1);
    sk.update_world_transform();
    const int a = sk.slots[static_cast<std::size_t>(slot)].attachment;
    if (a < 0) return "(none)";
    const AttachmentInfo& info = sk.data().attachments[static_cast<std::size_t>(a)];
    const int frame = sequence_frame(sk, slot);
    return frame >= 0 ? sequence_region(info, frame) : std::string(info.name);
}

// A 4.1 skeleton: slot "s" shows sequence "wing" (4 frames wing01..wing04, setup frame 1) of the given
// type; animation "fly" switches to "plain" and back and keys the sequence in `mode` twice.
SkeletonData winged(SequenceMode mode, bool as_mesh) {
    SkeletonData sd = skeleton();
    sd.header.data_version = Version::V41;
    sd.header.hash = "zgiHK9o7sFk";
    const int slot = add_slot(sd, "s", 0, std::string("wing"));
    Attachment a = as_mesh ? mesh({0, 0, 10, 0, 10, 10, 0, 10}) : region(10, 10);
    a.sequence = Sequence{4, 1, 2, 1, {}};
    add_attachment(skin(sd), slot, "wing", a);
    add_attachment(skin(sd), slot, "plain", region(5, 5));
    Animation anim;
    anim.name = "fly";
    SlotTimeline keys;
    keys.attachment_keys = {{0.7f, std::string("plain")}, {0.9f, std::string("wing")}, {1.4f, std::nullopt}, {1.45f, std::string("wing")}};
    anim.slots.push_back({slot, {keys}});
    DeformTimeline t;
    t.attachment = "wing";
    t.type = AttachmentTimelineType::Sequence;
    t.sequence_keys = {{0.05f, mode, 0, 0.1f}, {0.5f, SequenceMode::Loop, 2, 1.0f / 30}, {1.2f, mode, 3, 0.0333f}};
    Vector<DeformTimeline> timelines = {t};
    if (as_mesh) timelines.push_back(DeformTimeline(std::string("wing"), {DeformKeyframe{0, 0, {1, 2, 3, 4}, {}}, DeformKeyframe{1, 0, {}, {}}}));
    anim.deform.push_back({0, {{slot, timelines}}});
    sd.animations.push_back(anim);
    return sd;
}

void expect_same_regions(const SkeletonData& source, const SkeletonData& target) {
    const RuntimeData src = prepare(source).value(), out = prepare(target).value();
    Skeleton a(src), b(out);
    std::vector<float> times;
    for (int i = 0; i <= 1450; ++i) times.push_back(static_cast<float>(i * 0.001));  // to the duration
    for (const SlotTimelines& g : target.animations[0].slots)
        for (const SlotTimeline& t : g.timelines)
            for (const AttachmentKeyframe& k : t.attachment_keys)
                times.insert(times.end(), {std::nextafter(k.time, 0.0f), k.time, std::nextafter(k.time, 2.0f)});
    int compared = 0;
    for (float t : times) {
        ASSERT_EQ(shown(b, 0, t), shown(a, 0, t)) << "t = " << t;
        ++compared;
    }
    EXPECT_GT(compared, 1450);
}

}  // namespace

TEST(SpineVersionSequences, EveryModeBecomesAttachmentKeysShowingTheSameRegions) {
    for (SequenceMode mode : {SequenceMode::Hold, SequenceMode::Once, SequenceMode::Loop, SequenceMode::Pingpong, SequenceMode::OnceReverse,
                              SequenceMode::LoopReverse, SequenceMode::PingpongReverse}) {
        for (bool as_mesh : {false, true}) {
            SCOPED_TRACE(static_cast<int>(mode) * 10 + as_mesh);
            const SkeletonData sd = winged(mode, as_mesh);
            for (Version to : {Version::V40, Version::V38, Version::V37}) {
                auto r = convert_spine_version(sd, to);
                // Only the form is reported, where it excludes nothing from a pose comparison.
                for (const rigio::Loss& l : r.losses.losses) EXPECT_EQ(l.where, "/skins") << l.feature;
                EXPECT_FALSE(r.losses.empty());
                ASSERT_TRUE(r.data.animations[0].deform.empty() || as_mesh);
                EXPECT_EQ(*r.data.slots[0].attachment, "wing02");  // the setup frame
                expect_same_regions(sd, r.data);
                // The target writes and reads back in its own layout.
                const auto back = read_skel(write_skel(r.data).value());
                ASSERT_TRUE(back.ok());
                EXPECT_EQ(back.value().skins[0].slots[0].attachments.size(), 5u);
            }
        }
    }
}

TEST(SpineVersionSequences, MeshFramesShareTheFirstFramesDeformKeys) {
    auto r = convert_spine_version(winged(SequenceMode::Loop, true), Version::V40);
    const SkinSlot& sl = r.data.skins[0].slots[0];
    ASSERT_EQ(sl.attachments.size(), 5u);  // wing01 .. wing04, plain
    EXPECT_EQ(*sl.attachments[0].key, "wing01");
    EXPECT_EQ(sl.attachments[0].attachment.type, AttachmentType::Mesh);
    for (int f = 1; f < 4; ++f) {
        EXPECT_EQ(sl.attachments[f].attachment.type, AttachmentType::LinkedMesh);
        EXPECT_EQ(*sl.attachments[f].attachment.parent, "wing01");
        EXPECT_TRUE(sl.attachments[f].attachment.deform);
    }
    ASSERT_EQ(r.data.animations[0].deform.size(), 1u);
    EXPECT_EQ(*r.data.animations[0].deform[0].slots[0].timelines[0].attachment, "wing01");
}

TEST(SpineVersionSequences, ARegionPathTakenByAnotherAttachmentKeepsTheSetupFrameAndIsReported) {
    SkeletonData sd = winged(SequenceMode::Loop, false);
    add_attachment(sd.skins[0], 0, "wing03", region(3, 3));
    auto r = convert_spine_version(sd, Version::V40);
    bool skin = false, timeline = false;
    for (const rigio::Loss& l : r.losses.losses) {
        skin |= l.where == "/skins/default/s/wing" && l.feature.find("wing03") != std::string::npos;
        timeline |= l.where == "/animations/fly/attachments/default/s/wing/sequence";
    }
    EXPECT_TRUE(skin);
    EXPECT_TRUE(timeline);
    EXPECT_EQ(*r.data.skins[0].slots[0].attachments[0].attachment.path, "wing02");
}

TEST(SpineVersionSequences, HostileSequencesAreReportedNotExpanded) {
    // Too many frame steps: the slot keeps the setup frame (reported); odd delays and counts never crash.
    SkeletonData many = winged(SequenceMode::Loop, false);
    many.animations[0].deform[0].slots[0].timelines[0].sequence_keys = {{0, SequenceMode::Loop, 0, 1e-6f}, {1.4f, SequenceMode::Hold, 0, 0}};
    auto r = convert_spine_version(many, Version::V40);
    bool refused = false;
    for (const rigio::Loss& l : r.losses.losses) refused |= l.feature.find("frame steps") != std::string::npos;
    EXPECT_TRUE(refused);
    EXPECT_EQ(*r.data.skins[0].slots[0].attachments[0].attachment.path, "wing02");
    for (float delay : {0.0f, -1.0f, NAN, INFINITY}) {
        SkeletonData sd = winged(SequenceMode::Pingpong, false);
        sd.animations[0].deform[0].slots[0].timelines[0].sequence_keys[0].delay = delay;
        auto c = convert_spine_version(sd, Version::V38);
        if (c.data.skins[0].slots[0].attachments.size() == 5u) expect_same_regions(sd, c.data);
    }
    for (int count : {0, -3, 1}) {
        SkeletonData sd = winged(SequenceMode::Loop, false);
        sd.skins[0].slots[0].attachments[0].attachment.sequence->count = count;
        auto c = convert_spine_version(sd, Version::V40);
        EXPECT_FALSE(c.losses.empty());
    }
}
