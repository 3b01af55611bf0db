// DragonBones easing as Spine keys: the formulas of docs/formats/dragonbones.md (8. Easing), and the
// Spine pieces that follow them.
#include <gtest/gtest.h>

#include <cmath>

#include "../../src/convert/dragonbones_easing.hpp"

using namespace rigio;
using namespace rigio::convert::db2spine;

namespace {

dragonbones::Frame frame_with_easing(double e) {
    dragonbones::Frame f;
    f.tweenEasing = dragonbones::Num(e);
    return f;
}

}  // namespace

TEST(DragonBonesEasing, MissingNullAndNaNMeanStep) {
    dragonbones::Frame absent;
    EXPECT_EQ(easing_of(absent).kind, Easing::Kind::Step);
    dragonbones::Frame nan;
    nan.tweenEasing = dragonbones::Num(std::nan(""));
    EXPECT_EQ(easing_of(nan).kind, Easing::Kind::Step);
    EXPECT_EQ(easing_of(frame_with_easing(0)).kind, Easing::Kind::Linear);
}

TEST(DragonBonesEasing, TweenFormulas) {
    const double u = 0.3;
    EXPECT_NEAR(ease(easing_of(frame_with_easing(1)), u), 1 - (1 - u) * (1 - u), 1e-12);     // quad ease-out
    EXPECT_NEAR(ease(easing_of(frame_with_easing(-1)), u), u * u, 1e-12);                   // quad ease-in
    EXPECT_NEAR(ease(easing_of(frame_with_easing(2)), u), 0.5 * (1 - std::cos(M_PI * u)), 1e-12);  // cosine
    EXPECT_NEAR(ease(easing_of(frame_with_easing(0.5)), u), u + (1 - (1 - u) * (1 - u) - u) * 0.5, 1e-12);
}

TEST(DragonBonesEasing, PiecesFollowTheEasing) {
    for (double e : {0.5, 1.0, 1.5, 2.0, -1.0}) {
        Track t;
        const Easing easing = easing_of(frame_with_easing(e));
        append_interval(t, 0, {0}, 1, {100}, easing);
        t.push_back({1, {100}, {}});
        ASSERT_GE(t.size(), 9u) << e;  // split into Bezier pieces
        for (double u = 0; u <= 1; u += 0.01)
            EXPECT_NEAR(value_at(t, u)[0], 100 * ease(easing, u), 0.01) << "e " << e << " u " << u;
    }
}

TEST(DragonBonesEasing, BezierCurvesAreCutIntoExactPieces) {
    dragonbones::Frame f;
    f.curve = dragonbones::Vector<dragonbones::Num>{1, 0.002, 0, 1};  // a vertical tangent in the middle
    const Easing easing = easing_of(f);
    ASSERT_EQ(easing.kind, Easing::Kind::Curve);
    Track t;
    append_interval(t, 0, {0}, 2, {10}, easing);
    t.push_back({2, {10}, {}});
    for (double u = 0; u <= 1; u += 0.02) EXPECT_NEAR(value_at(t, 2 * u)[0], 10 * ease(easing, u), 1e-4) << u;
}

TEST(DragonBonesEasing, StepHoldsAndLinearIsOneKey) {
    Track t;
    append_interval(t, 0, {1}, 1, {5}, easing_of(dragonbones::Frame{}));
    append_interval(t, 1, {5}, 2, {9}, easing_of(frame_with_easing(0)));
    t.push_back({2, {9}, {}});
    ASSERT_EQ(t.size(), 3u);
    EXPECT_EQ(t[0].curve.type, spine::CurveType::Stepped);
    EXPECT_EQ(value_at(t, 0.99)[0], 1);
    EXPECT_NEAR(value_at(t, 1.5)[0], 7, 1e-12);
}

TEST(DragonBonesEasing, RetimeShiftsStretchesAndCutsExactly) {
    Track t;
    append_interval(t, 0, {0}, 1, {10}, easing_of(frame_with_easing(1)));
    t.push_back({1, {10}, {}});
    // Local time t' = t / 0.5 + 0.25: starts a quarter in, runs twice as fast, ends at 0.375.
    const Track r = retime(t, 0.25, 0.5, 1);
    ASSERT_FALSE(r.empty());
    EXPECT_EQ(r.front().time, 0);
    for (double x = 0; x <= 0.375; x += 0.025)
        EXPECT_NEAR(value_at(r, x)[0], value_at(t, x / 0.5 + 0.25)[0], 1e-4) << x;
    EXPECT_NEAR(value_at(r, 0.9)[0], 10, 1e-9);  // clamped to the end: the last key holds
}
