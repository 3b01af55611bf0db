// Unity AnimationCurve evaluation against the vectors in ../shared/notes/unity-animation-curve.md
// (Part 1 U1-U7 and Part 2 A-W, S). Tolerance: 1e-6 * max(1, |exact|) unless a vector is exact.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "rigio/curves/unity_curve.hpp"

using rigio::curves::UnityKeyframe;
using rigio::curves::evaluate;

namespace {

constexpr float kInf = std::numeric_limits<float>::infinity();

UnityKeyframe key(float t, float v, float in = 0, float out = 0, float inw = 0, float outw = 0, int mode = 0) {
    return UnityKeyframe{t, v, in, out, inw, outw, mode};
}
UnityKeyframe linear_key(float t, float v) { return key(t, v, 0, 0, 0, 0, 3); }
UnityKeyframe bool_key(float t, float v) { return key(t, v, 0, 0, 0, 1e6f, 3); }

struct Vec {
    float t;
    double exact;
};

void expect_curve(const std::vector<UnityKeyframe>& keys, std::initializer_list<Vec> vs, int pre = 8, int post = 8) {
    for (const Vec& v : vs) {
        const float got = evaluate(keys, pre, post, v.t);
        EXPECT_NEAR(got, v.exact, 1e-6 * std::fmax(1.0, std::fabs(v.exact))) << "at t = " << v.t;
    }
}

// AnimationCurve.Linear(t0, v0, t1, v1): tangents = slope, mode None.
std::vector<UnityKeyframe> unity_linear(float t0, float v0, float t1, float v1) {
    const float s = (v1 - v0) / (t1 - t0);
    return {key(t0, v0, 0, s), key(t1, v1, s, 0)};
}

const std::vector<UnityKeyframe> kCurveA{linear_key(0, 0), linear_key(1, 2), linear_key(3, -2)};

}  // namespace

TEST(UnityCurve, U1U2LinearIsExactAtTheMiddleAndKeys) {
    auto c = unity_linear(0, 0, 10, 1);
    EXPECT_EQ(evaluate(c, 8, 8, 5.0f), 0.5f);
    EXPECT_EQ(evaluate(c, 8, 8, 0.0f), 0.0f);
    EXPECT_EQ(evaluate(c, 8, 8, 10.0f), 1.0f);
}

TEST(UnityCurve, U3SteppedKeys) {
    std::vector<UnityKeyframe> c{key(0, 0, kInf, kInf), key(0.5f, 1, kInf, kInf), key(1, 1, kInf, kInf)};
    expect_curve(c, {{-1, 0}, {0.5f, 1}, {0.51f, 1}, {1, 1}, {2, 1}});
}

TEST(UnityCurve, U4U5U6U7UnityCheckedCurves) {
    expect_curve(unity_linear(0, 2, 1, 3), {{-1, 2}, {0, 2}, {0.5f, 2.5}, {0.7f, 2.7}, {1, 3}, {2, 3}});
    std::vector<UnityKeyframe> ease{key(0, 2), key(1, 3)};
    expect_curve(ease, {{-1, 2}, {0, 2}, {0.5f, 2.5}, {0.7f, 2.784}, {1, 3}, {2, 3}});
    expect_curve(unity_linear(0, 1.5f, 1, 1.5f), {{-1, 1.5}, {0, 1.5}, {0.5f, 1.5}, {0.7f, 1.5}, {1, 1.5}, {2, 1.5}});
    auto u7 = unity_linear(10, -10, 100, -10);
    std::vector<UnityKeyframe> c7{u7[0], key(25, -30), key(50, 100), key(75, -30), u7[1]};
    expect_curve(c7, {{-1, -10}, {0, -10}, {0.5f, -10}, {0.7f, -10}, {1, -10}, {2, -10}}, 1, 1);
}

TEST(UnityCurve, AMrtkLinearKeysInterpolateLinearly) {
    expect_curve(kCurveA, {{-1, 0}, {0, 0}, {0.25f, 0.5}, {0.5f, 1}, {0.9f, 1.8}, {1, 2}, {1.5f, 1}, {2, 0}, {2.5f, -1}, {3, -2}, {10, -2}});
    EXPECT_EQ(evaluate(kCurveA, 8, 8, 1.0f), 2.0f);  // a key's own time gives its value exactly
}

TEST(UnityCurve, BHermiteFlatTangents) {
    expect_curve({key(0, 0), key(1, 1)}, {{-0.5f, 0}, {0.25f, 0.15625}, {0.5f, 0.5}, {0.75f, 0.84375}, {2, 1}});
}

TEST(UnityCurve, CHermiteWithTangentsOvershoots) {
    expect_curve({key(0, 1, 0, 2), key(2, 3, -1, 0)}, {{0, 1}, {0.5f, 1.96875}, {1, 2.75}, {1.5f, 3.15625}, {2, 3}});
}

TEST(UnityCurve, EWeightsOneThirdEqualHermite) {
    const float third = 1.0f / 3.0f;
    expect_curve({key(0, 1, 0, 2, 0, third, 3), key(2, 3, -1, 0, third, 0, 3)},
                 {{0, 1}, {0.5f, 1.96875}, {1, 2.75}, {1.5f, 3.15625}, {2, 3}});
}

TEST(UnityCurve, DWeightedSymmetric) {
    expect_curve({key(0, 0, 0, 0, 0, 0.5f, 3), key(1, 1, 0, 0, 0.5f, 0, 3)},
                 {{0, 0}, {0.1f, 0.014621886}, {0.25f, 0.105892543}, {0.5f, 0.5}, {0.75f, 0.894107457}, {0.9f, 0.985378114}, {1, 1}});
}

TEST(UnityCurve, D2WeightedWithTangentsDips) {
    std::vector<UnityKeyframe> c{key(0, 0, 0, 1, 0, 0.25f, 3), key(2, 1, 3, 0, 0.75f, 0, 3)};
    // The f32 column differs from exact by up to 3.5e-7; the tolerance covers it.
    expect_curve(c, {{0.5f, -0.756744327}, {1, -1.10672861}, {1.5f, -0.323147429}, {2, 1}});
}

TEST(UnityCurve, FMixedModesUseDefaultWeightOneThird) {
    expect_curve({key(0, 0, 0, 0, 0, 0.1f, 2), key(1, 1, 0, 0, 0.9f, 0, 0)},
                 {{0.25f, 0.286438016}, {0.5f, 0.608881655}, {0.75f, 0.873033108}});
}

TEST(UnityCurve, GSteppedHoldsUntilTheNextKey) {
    std::vector<UnityKeyframe> c{key(0, 0, kInf, kInf), key(0.5f, 1, kInf, kInf), key(1, 1, kInf, kInf)};
    expect_curve(c, {{-1, 0}, {0, 0}, {0.25f, 0}, {0.49f, 0}, {0.5f, 1}, {0.51f, 1}, {1, 1}, {2, 1}});
}

TEST(UnityCurve, HMrtkBoolCurveHoldsThePreviousValue) {
    std::vector<UnityKeyframe> c{bool_key(0, 0), bool_key(1, 1), bool_key(2.5f, 0)};
    struct B {
        float t;
        bool expected;
        double exact;
    };
    for (B b : {B{-1, false, 0}, B{0, false, 0}, B{0.5f, false, 8.3e-14}, B{0.999f, false, 3.3e-13}, B{1, true, 1},
                B{1.2f, true, 1}, B{2.4999f, true, 1}, B{2.5f, false, 0}, B{3, false, 0}}) {
        const float v = evaluate(c, 8, 8, b.t);
        EXPECT_EQ(v > 0.5f, b.expected) << "at t = " << b.t << " value " << v;
        EXPECT_NEAR(v, b.exact, 1e-6) << "at t = " << b.t;
    }
}

TEST(UnityCurve, WWrapModes) {
    expect_curve(kCurveA, {{-0.5f, -1}, {-2.5f, 1}}, 2, 8);             // pre Loop
    expect_curve(kCurveA, {{4, 0}, {5, 2}, {7, 2}, {9.5f, -1}}, 8, 4);   // post PingPong
    expect_curve(kCurveA, {{-0.5f, 0}}, 1, 8);                           // pre Once: clamp
    expect_curve(kCurveA, {{4, -2}}, 8, 0);                              // post Default: clamp
    expect_curve(kCurveA, {{-7, 0}, {70, -2}}, 8, 8);                    // ClampForever
    expect_curve(kCurveA, {{3, -2}}, 2, 2);  // the last key's own time is inside the range, even with Loop
    expect_curve(kCurveA, {{4, 2}}, 8, 2);   // post Loop: 4 -> 1
}

TEST(UnityCurve, SSingleKeyEmptyAndDuplicateTimes) {
    std::vector<UnityKeyframe> one{key(5, 7)};
    for (int mode : {0, 1, 2, 4, 8})
        for (float t : {-100.0f, 5.0f, 6.0f, 1e9f}) EXPECT_EQ(evaluate(one, mode, mode, t), 7.0f);
    std::vector<UnityKeyframe> none;
    EXPECT_EQ(evaluate(none, 8, 8, 1.0f), 0.0f);
    std::vector<UnityKeyframe> dup{linear_key(0, 0), linear_key(1, 5), linear_key(1, 9), linear_key(2, 0)};
    EXPECT_EQ(evaluate(dup, 8, 8, 1.0f), 9.0f);  // the later key at the same time wins
    // Loop and PingPong on a zero-length range clamp instead of dividing by zero (and the later
    // key at the clamped time wins).
    std::vector<UnityKeyframe> flat{linear_key(1, 3), linear_key(1, 4)};
    EXPECT_EQ(evaluate(flat, 2, 4, 0.0f), 4.0f);
    EXPECT_EQ(evaluate(flat, 2, 4, 9.0f), 4.0f);
}

TEST(UnityCurve, NonFiniteTimesNeverCrash) {
    const float nan = std::numeric_limits<float>::quiet_NaN();
    (void)evaluate(kCurveA, 2, 4, nan);
    (void)evaluate(kCurveA, 2, 4, kInf);
    (void)evaluate(kCurveA, 2, 4, -kInf);
    std::vector<UnityKeyframe> bad{linear_key(nan, 1), linear_key(0, 2)};
    (void)evaluate(bad, 2, 4, 0.5f);
    SUCCEED();
}
