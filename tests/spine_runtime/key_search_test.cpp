// Keys are found by counting when a timeline's key times are ordered (and there are not too many),
// else by bisection; both must give the same key, so the same pose, for ordered times with
// duplicates, times on keys, between them and NaN. prepare flags a timeline ordered only when it is.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>

#include "fixtures.hpp"
#include "rigio/spine/runtime/curves.hpp"

using namespace rigio::test;

namespace {

BoneTimeline rotate(Vector<BoneKeyframe> keys) { return {BoneTimelineType::Rotate, std::move(keys)}; }

// A 3.x translate timeline on bone 1 with `count` linear keys at increasing (sometimes repeated) times,
// viewing `frames` and `transitions`.
Timeline translate_timeline(int count, std::mt19937& rng, std::vector<float>& frames, std::vector<int>& transitions) {
    std::uniform_real_distribution<float> value(-100, 100), gap(0, 1);
    Timeline t;
    t.kind = TimelineKind::Translate;
    t.target = 1;
    t.entries = 3;
    float time = 0;
    frames.clear();
    for (int i = 0; i < count; ++i) {
        if (i > 0 && i % 4 != 0) time += gap(rng);  // every fourth key repeats the time before
        frames.insert(frames.end(), {time, value(rng), value(rng)});
    }
    transitions.assign(static_cast<std::size_t>(count - 1), kTransitionLinear);  // all linear
    t.frames = frames;
    t.transitions = transitions;
    return t;
}

}  // namespace

TEST(SpineKeySearch, CountingFindsTheKeyBisectionFinds) {
    SkeletonData sd = skeleton();
    add_bone(sd, "b", 0, 0, 0);
    Rig r(std::move(sd));
    const AnimationInfo none;
    std::mt19937 rng(20);
    for (int count = 2; count <= 40; ++count) {  // past the counting limit too
        std::vector<float> frames;
        std::vector<int> transitions;
        Timeline counted = translate_timeline(count, rng, frames, transitions), bisected = counted;
        counted.ordered = true;
        bisected.ordered = false;
        // Counted four at a time: the times of keys 1 to the last, padded with +infinity (as prepare lays them out).
        Timeline vectored = counted;
        std::vector<float> laid_out;
        for (std::size_t k = 3; k < counted.frames.size(); k += 3) laid_out.push_back(counted.frames[k]);
        while (laid_out.size() % 4) laid_out.push_back(std::numeric_limits<float>::infinity());
        if (count <= static_cast<int>(kCountedKeys)) vectored.times = laid_out;
        const float last = counted.frames[counted.frames.size() - 3];
        std::vector<float> times = {std::numeric_limits<float>::quiet_NaN()};
        for (std::size_t k = 0; k < counted.frames.size(); k += 3) times.push_back(counted.frames[k]);
        std::uniform_real_distribution<float> any(0, last);
        for (int i = 0; i < 200; ++i) times.push_back(any(rng));
        for (float time : times) {
            apply_timeline(counted, none, r.sk, time, time, nullptr, 1);
            const float x = r.local(1).x, y = r.local(1).y;
            apply_timeline(bisected, none, r.sk, time, time, nullptr, 1);
            EXPECT_EQ(std::bit_cast<std::uint32_t>(x), std::bit_cast<std::uint32_t>(r.local(1).x)) << count << " keys, time " << time;
            EXPECT_EQ(std::bit_cast<std::uint32_t>(y), std::bit_cast<std::uint32_t>(r.local(1).y)) << count << " keys, time " << time;
            apply_timeline(vectored, none, r.sk, time, time, nullptr, 1);
            EXPECT_EQ(std::bit_cast<std::uint32_t>(x), std::bit_cast<std::uint32_t>(r.local(1).x)) << count << " keys (times), time " << time;
            EXPECT_EQ(std::bit_cast<std::uint32_t>(y), std::bit_cast<std::uint32_t>(r.local(1).y)) << count << " keys (times), time " << time;
        }
    }
}

TEST(SpineKeySearch, PrepareFlagsOrderedKeyTimes) {
    SkeletonData sd = skeleton();
    add_bone(sd, "b", 0, 0, 0);
    Animation ordered, unordered, nan;
    ordered.bones.push_back({1, {rotate({{0, 0, 0, linear()}, {1, 9, 0, linear()}, {1, 5, 0, linear()}, {2, 0, 0, linear()}})}});
    unordered.bones.push_back({1, {rotate({{0, 0, 0, linear()}, {2, 9, 0, linear()}, {1, 5, 0, linear()}})}});
    nan.bones.push_back({1, {rotate({{0, 0, 0, linear()}, {std::nanf(""), 9, 0, linear()}, {1, 5, 0, linear()}})}});
    sd.animations = {ordered, unordered, nan};
    Rig r(std::move(sd));
    EXPECT_TRUE(r.rd.animations[0].timelines.at(0).ordered);
    EXPECT_FALSE(r.rd.animations[1].timelines.at(0).ordered);
    EXPECT_FALSE(r.rd.animations[2].timelines.at(0).ordered);
    // Only ordered timelines get their key times laid out for counting: keys 1 to 3, padded to 4.
    const std::span<const float> times = r.rd.animations[0].timelines.at(0).times;
    ASSERT_EQ(times.size(), 4u);
    EXPECT_EQ(times[0], 1);
    EXPECT_EQ(times[1], 1);
    EXPECT_EQ(times[2], 2);
    EXPECT_EQ(times[3], std::numeric_limits<float>::infinity());
    EXPECT_TRUE(r.rd.animations[1].timelines.at(0).times.empty());
    EXPECT_TRUE(r.rd.animations[2].timelines.at(0).times.empty());
}
