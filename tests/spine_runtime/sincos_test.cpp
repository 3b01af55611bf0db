// cos_deg and sin_deg of the same angle (the bone axis cache, constraints) are compiled into one
// sincosf call by GCC; the poses match the official runtimes' separate cosf/sinf only if sincosf gives
// the same bits. Checked here against separate calls (through volatile pointers, so that they are
// not fused too) over the angles poses meet: floats across [-2, 2] degrees, a spread of
// random angles up to many turns, and special values.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>

#include <math.h>

#include "../../src/spine/runtime/runtime_internal.hpp"

namespace {

using rigio::spine::runtime::detail::kDegRad;

float (*volatile separate_sin)(float) = ::sinf;
float (*volatile separate_cos)(float) = ::cosf;

// Counts the angles (degrees) whose sincosf differs from sinf/cosf in any bit.
int mismatches(float degrees) {
    const float x = degrees * kDegRad;  // as cos_deg and sin_deg compute the argument
    float s, c;
    ::sincosf(x, &s, &c);
    const float s1 = separate_sin(x), c1 = separate_cos(x);
    return (std::bit_cast<std::uint32_t>(s) != std::bit_cast<std::uint32_t>(s1)) +
           (std::bit_cast<std::uint32_t>(c) != std::bit_cast<std::uint32_t>(c1));
}

}  // namespace

TEST(SpineSinCos, OneCallGivesTheBitsOfSeparateCalls) {
    long checked = 0, bad = 0;
    // Every 1021st float from -2 to 2 degrees (the small angles, where most shears and many rotations are).
    for (std::uint32_t b = 0; b <= std::bit_cast<std::uint32_t>(2.0f); b += 1021) {
        const float d = std::bit_cast<float>(b);
        bad += mismatches(d) + mismatches(-d);
        checked += 2;
    }
    std::mt19937 rng(2024);
    std::uniform_real_distribution<float> turns(-3600, 3600), wide(-1e6f, 1e6f);
    for (int i = 0; i < 1000000; ++i) {
        bad += mismatches(turns(rng)) + mismatches(wide(rng));
        checked += 2;
    }
    // Whole and half degrees (keyed angles), including 90 + shear style sums.
    for (int i = -7200; i <= 7200; ++i) {
        bad += mismatches(static_cast<float>(i) * 0.5f) + mismatches(static_cast<float>(i) * 0.5f + 90);
        checked += 2;
    }
    for (float d : {0.0f, -0.0f, std::numeric_limits<float>::min(), std::numeric_limits<float>::denorm_min(),
                    std::numeric_limits<float>::max(), std::numeric_limits<float>::infinity(),
                    -std::numeric_limits<float>::infinity()}) {
        bad += mismatches(d);
        ++checked;
    }
    EXPECT_EQ(bad, 0) << "of " << checked << " angles";
}
