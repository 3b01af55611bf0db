// Path constraints measure curves by chords: the four-at-a-time form of curve_length gives what the
// chord-by-chord formula gives, bit for bit, for the running totals and the length.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>

#include "../../src/spine/runtime/runtime_internal.hpp"

namespace {

// The formula: chord end points at t = i / steps from the Bernstein weights, lengths summed in order.
float chords(int steps, const float* c, float* partial) {
    float px = c[0], py = c[1], total = 0;
    for (int i = 1; i <= steps; ++i) {
        const float t = static_cast<float>(i) / static_cast<float>(steps), u = 1 - t;
        const float w0 = u * u * u, w1 = 3 * u * u * t, w2 = 3 * u * t * t, w3 = t * t * t;
        const float x = c[0] * w0 + c[2] * w1 + c[4] * w2 + c[6] * w3;
        const float y = c[1] * w0 + c[3] * w1 + c[5] * w2 + c[7] * w3;
        total += std::sqrt((x - px) * (x - px) + (y - py) * (y - py));
        partial[i - 1] = total;
        px = x;
        py = y;
    }
    return total;
}

std::uint32_t bits(float v) { return std::bit_cast<std::uint32_t>(v); }

template <int Steps>
void expect_same(const float* c) {
    using rigio::spine::runtime::detail::curve_length;
    float want[Steps], got[Steps];
    const float length = chords(Steps, c, want);
    EXPECT_EQ(bits(curve_length<Steps>(c, got)), bits(length)) << Steps << " chords";
    EXPECT_EQ(bits(curve_length<Steps>(c, nullptr)), bits(length)) << Steps << " chords, no totals";
    for (int i = 0; i < Steps; ++i) EXPECT_EQ(bits(got[i]), bits(want[i])) << Steps << " chords, total " << i;
}

}  // namespace

TEST(SpinePathChords, CurveLengthMatchesTheChordFormulaBitForBit) {
    std::mt19937 rng(10);
    std::uniform_real_distribution<float> any(-1000, 1000), small(-1e-3f, 1e-3f);
    for (int round = 0; round < 20000; ++round) {
        float c[8];
        for (float& v : c) v = round % 3 == 0 ? small(rng) : any(rng);
        if (round % 7 == 0) c[2] = c[0], c[3] = c[1];  // a handle on its point
        if (round % 11 == 0)
            for (float& v : c) v = -0.0f;  // a point curve
        expect_same<4>(c);
        expect_same<10>(c);
    }
    float huge[8] = {0, 0, std::numeric_limits<float>::max(), 0, 0, 0, 1, 1};
    expect_same<4>(huge);
    expect_same<10>(huge);
}
