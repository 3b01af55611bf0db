// The tables prepare() builds without a heap block per entry: a skin's (slot, name) lookup (open
// addressing), its per-slot attachment lists (one array), and 3.x curves written without clearing
// what the zero-filled array already holds.
#include <gtest/gtest.h>

#include <random>
#include <span>
#include <unordered_map>

#include "fixtures.hpp"
#include "rigio/spine/runtime/curves.hpp"
#include "self_contained_curves.hpp"

using namespace rigio::test;

namespace {

std::uint64_t key(int slot, int name) {
    return (static_cast<std::uint64_t>(static_cast<std::uint32_t>(slot)) << 32) | static_cast<std::uint32_t>(name);
}

// Random stores (new keys and replacements, past the reserved size so the table grows) against
// std::unordered_map.
TEST(SkinLookup, MatchesAHashMap) {
    std::mt19937 rng(7);
    for (int reserved : {0, 1, 5, 40}) {
        SkinLookup lookup;
        std::unordered_map<std::uint64_t, int> want;
        EXPECT_EQ(lookup.find(key(0, 0)), -1);  // empty, never sized
        lookup.reserve(static_cast<std::size_t>(reserved));
        std::uniform_int_distribution<int> slot(0, 30), name(0, 60), id(0, 1000);
        for (int i = 0; i < 300; ++i) {
            const std::uint64_t k = key(slot(rng), name(rng));
            const int v = id(rng);
            lookup.assign(k, v);
            want[k] = v;
            ASSERT_EQ(lookup.size(), want.size());
        }
        for (int s = -1; s <= 31; ++s)
            for (int n = -1; n <= 61; ++n) {
                auto it = want.find(key(s, n));
                EXPECT_EQ(lookup.find(key(s, n)), it == want.end() ? -1 : it->second) << s << " " << n;
            }
        std::size_t used = 0;
        for (const SkinLookup::Entry& e : lookup.places()) {
            if (e.attachment < 0) continue;
            ++used;
            EXPECT_EQ(want.at(e.key), e.attachment);
        }
        EXPECT_EQ(used, want.size());
        EXPECT_FALSE(lookup.empty());
    }
}

// A skin listing a slot in two places keeps file order per slot; a key stored twice for one slot
// resolves to the later attachment (as before), and skins without attachments stay empty.
TEST(SkinLookup, PrepareBuildsPerSlotListsInFileOrder) {
    SkeletonData sd = skeleton();
    for (int i = 0; i < 3; ++i) add_slot(sd, "s" + std::to_string(i), 0);
    Skin& def = skin(sd);
    def.slots.push_back({2, {{"a", region(1, 1)}, {"b", region(2, 2)}}});
    def.slots.push_back({0, {{"c", region(3, 3)}}});
    def.slots.push_back({2, {{"a", region(4, 4)}, {"d", region(5, 5)}}});
    skin(sd, "empty");
    const RuntimeData rd = prepare(sd).value();
    const SkinInfo& info = rd.skins[0];
    ASSERT_EQ(info.by_slot.size(), 3u);
    EXPECT_EQ(std::vector<int>(info.by_slot[0].begin(), info.by_slot[0].end()), (std::vector<int>{2}));
    EXPECT_TRUE(info.by_slot[1].empty());
    EXPECT_EQ(std::vector<int>(info.by_slot[2].begin(), info.by_slot[2].end()), (std::vector<int>{0, 1, 3, 4}));
    EXPECT_EQ(info.lookup.size(), 4u);  // a, b, c, d
    EXPECT_EQ(rd.skin_attachment(0, 2, rd.name_id("a")), 3);
    EXPECT_EQ(rd.skin_attachment(0, 2, rd.name_id("d")), 4);
    EXPECT_EQ(rd.skin_attachment(0, 0, rd.name_id("c")), 2);
    EXPECT_EQ(rd.skin_attachment(0, 1, rd.name_id("c")), -1);
    EXPECT_EQ(rd.skin_attachment(1, 2, rd.name_id("a")), -1);
    EXPECT_TRUE(rd.skins[1].lookup.empty());
    EXPECT_EQ(rd.skins[1].by_slot.size(), 3u);
    EXPECT_TRUE(rd.skins[1].by_slot[2].empty());
}

TEST(SkinLookup, SlotOutOfRangeStillReported) {
    SkeletonData sd = skeleton();
    add_slot(sd, "s", 0);
    skin(sd).slots.push_back({5, {{"a", region(1, 1)}}});
    auto rd = prepare(sd);
    ASSERT_FALSE(rd);
    EXPECT_NE(std::string(rd.error().what()).find("slot index out of range"), std::string::npos);
}

// Prepares a skeleton whose only animation has one rotate timeline with a key per curve (and one more).
RuntimeData prepare_curves(std::span<const Curve2> curves) {
    SkeletonData sd = skeleton();
    Animation a;
    a.name = "a";
    BoneTimeline t;
    for (std::size_t i = 0; i < curves.size(); ++i)
        t.keys.emplace_back(static_cast<float>(i), static_cast<float>(i * 10), 0.0f, curves[i]);
    a.bones.push_back({0, {t}});
    sd.animations.push_back(a);
    return prepare(sd).value();
}

// Every transition of `tl` (one per curve but the last) reads as sample_curve of its curve.
void expect_transitions_sample(const Timeline& tl, std::span<const Curve2> curves) {
    const std::vector<float> laid_out = rigio::test::self_contained_curves(tl);
    ASSERT_EQ(laid_out.size(), (curves.size() - 1) * kCurveStride);
    for (std::size_t i = 0; i + 1 < curves.size(); ++i) {
        float want[kCurveStride];
        sample_curve(curves[i], want);
        for (int k = 0; k < kCurveStride; ++k) EXPECT_EQ(laid_out[i * kCurveStride + static_cast<std::size_t>(k)], want[k]) << i << " " << k;
    }
}

// 3.x curves: each transition's stride equals sample_curve's output, whatever the curve type.
TEST(CurveTable, LinearSteppedAndBezierMatchSampleCurve) {
    const Curve2 curves[] = {linear(), Curve2{CurveType::Bezier, 0.25f, 0.1f, 0.75f, 0.9f}, stepped(), linear(),
                            Curve2{CurveType::Bezier, 0.5f, 0, 0.5f, 1}, stepped()};
    const RuntimeData rd = prepare_curves(curves);
    const Timeline& tl = rd.animations[0].timelines[0];
    // Samples for the two Bézier transitions only, each transition's kind in `transitions`.
    EXPECT_EQ(tl.curves.size(), 2u * kCurveSamples);
    EXPECT_EQ(std::vector<int>(tl.transitions.begin(), tl.transitions.end()),
              (std::vector<int>{kTransitionLinear, kTransitionBezier, kTransitionStepped, kTransitionLinear, kTransitionBezier + 1}));
    expect_transitions_sample(tl, curves);
}

// 3.x: a Bézier transition with the same handles as the Bézier transition before it shares its samples
// (-0 and 0 differ: the handles are compared bit for bit); every transition still reads as sample_curve.
TEST(CurveTable, RepeatedBezierSharesTheSamplesOfTheOneBefore) {
    const Curve2 ease{CurveType::Bezier, 0.25f, 0, 0.75f, 1}, other{CurveType::Bezier, 0.25f, -0.0f, 0.75f, 1};
    const Curve2 curves[] = {ease, ease, linear(), ease, other, ease, stepped()};
    const RuntimeData rd = prepare_curves(curves);
    const Timeline& tl = rd.animations[0].timelines[0];
    EXPECT_EQ(tl.curves.size(), 3u * kCurveSamples);
    EXPECT_EQ(std::vector<int>(tl.transitions.begin(), tl.transitions.end()),
              (std::vector<int>{kTransitionBezier, kTransitionBezier, kTransitionLinear, kTransitionBezier, kTransitionBezier + 1,
                                kTransitionBezier + 2}));
    expect_transitions_sample(tl, curves);
}

}  // namespace

namespace {

// sample_curve's precomputed weights give the bits of the weights computed per call in float.
TEST(CurveTable, SampleCurveMatchesThePerCallFloatFormula) {
    std::mt19937 rng(3);
    std::uniform_real_distribution<float> handle(-0.5f, 1.5f);
    for (int n = 0; n < 200; ++n) {
        const Curve2 c{CurveType::Bezier, handle(rng), handle(rng), handle(rng), handle(rng)};
        float got[kCurveStride];
        sample_curve(c, got);
        EXPECT_EQ(got[0], kCurveBezier);
        for (int i = 1; i <= 9; ++i) {
            volatile float t = 0.1f * static_cast<float>(i);  // volatile: computed at run time
            const float u = 1 - t;
            const float w1 = 3 * u * u * t, w2 = 3 * u * t * t, w3 = t * t * t;
            EXPECT_EQ(got[2 * i - 1], w1 * c.cx1 + w2 * c.cx2 + w3) << n << " " << i;
            EXPECT_EQ(got[2 * i], w1 * c.cy1 + w2 * c.cy2 + w3) << n << " " << i;
        }
    }
}

}  // namespace

// NameTable hashes names eight bytes at a time: names of every length around the word size, names
// that differ only in their last byte or only in length, and "" each get their own id, in the order
// first seen, through the table's growth.
TEST(SpineNameTable, IdsInFirstSeenOrderForNamesOfEveryLength) {
    NameTable table;  // (not reserved: it grows)
    std::vector<std::string> names{""};
    for (std::size_t length = 1; length <= 33; ++length) {
        names.push_back(std::string(length, 'a'));
        names.push_back(std::string(length - 1, 'a') + 'b');
        names.push_back(std::string(length, '\0'));
    }
    for (std::size_t i = 0; i < names.size(); ++i) ASSERT_EQ(table.intern(names[i]), static_cast<int>(i)) << i;
    for (std::size_t i = 0; i < names.size(); ++i) {
        EXPECT_EQ(table.intern(names[i]), static_cast<int>(i)) << i;
        EXPECT_EQ(table.find(names[i]), static_cast<int>(i)) << i;
    }
    EXPECT_EQ(table.size(), names.size());
    EXPECT_EQ(table.find("absent"), -1);
    EXPECT_EQ(table.find(std::string(34, 'a')), -1);
}
