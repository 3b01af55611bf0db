// prepare()'s fast paths must give exactly what the plain code gives: colour bytes read from a table
// divided at compile time, the 3.x Bézier samples computed four at a time, the name table's hash of a
// name's last bytes. Compared bit for bit with the plain computations written out here.
#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "rigio/spine/runtime/curves.hpp"
#include "rigio/spine/runtime/data.hpp"

using namespace rigio::spine;
using namespace rigio::spine::runtime;

namespace {

std::uint32_t bits(float f) { return std::bit_cast<std::uint32_t>(f); }

// The division as done at run time (the divisor is not a constant to the compiler).
float byte_fraction(unsigned byte) {
    volatile float divisor = 255.0f;
    return static_cast<float>(byte) / divisor;
}

// sample_curve as it was written before it was vectorized: one output at a time, in float.
void plain_sample(const Curve& curve, float* out) {
    out[0] = kCurveBezier;
    for (int i = 1; i <= 9; ++i) {
        const float t = 0.1f * static_cast<float>(i), u = 1 - t;
        const float w1 = 3 * u * u * t, w2 = 3 * u * t * t, w3 = t * t * t;
        out[2 * i - 1] = w1 * curve.cx1 + w2 * curve.cx2 + w3;
        out[2 * i] = w1 * curve.cy1 + w2 * curve.cy2 + w3;
    }
}

}  // namespace

TEST(SpinePrepareFastPaths, ColorBytesAreDividedAsAtRunTime) {
    for (unsigned b = 0; b < 256; ++b) {
        const Color c = to_color(b << 24 | (255 - b) << 16 | b << 8 | (b ^ 0x5A));
        EXPECT_EQ(bits(c.r), bits(byte_fraction(b))) << b;
        EXPECT_EQ(bits(c.g), bits(byte_fraction(255 - b))) << b;
        EXPECT_EQ(bits(c.b), bits(byte_fraction(b))) << b;
        EXPECT_EQ(bits(c.a), bits(byte_fraction(b ^ 0x5A))) << b;
        const Color d = to_dark_color(b << 16 | (255 - b) << 8 | b);
        EXPECT_EQ(bits(d.r), bits(byte_fraction(b))) << b;
        EXPECT_EQ(bits(d.g), bits(byte_fraction(255 - b))) << b;
        EXPECT_EQ(bits(d.b), bits(byte_fraction(b))) << b;
        EXPECT_EQ(d.a, 1.0f);
    }
}

TEST(SpinePrepareFastPaths, BezierSamplesMatchThePlainComputation) {
    std::mt19937 rng(20);
    std::uniform_real_distribution<float> handle(-2.0f, 3.0f);
    std::vector<Curve> curves = {Curve(CurveType::Bezier, 0.25f, 0.1f, 0.75f, 0.9f), Curve(CurveType::Bezier, 0, 0, 1, 1),
                                 Curve(CurveType::Bezier, 1e-30f, -1e30f, 1e-45f, 7)};
    for (int i = 0; i < 1000; ++i) curves.emplace_back(CurveType::Bezier, handle(rng), handle(rng), handle(rng), handle(rng));
    for (const Curve& c : curves) {
        float fast[kCurveStride + 1], plain[kCurveStride];
        fast[kCurveStride] = 42;  // past the stride: must stay untouched
        sample_curve(c, fast);
        plain_sample(c, plain);
        for (int k = 0; k < kCurveStride; ++k) EXPECT_EQ(bits(fast[k]), bits(plain[k])) << c.cx1 << " " << c.cy1 << " at " << k;
        EXPECT_EQ(fast[kCurveStride], 42);
    }
}

// Names of every length up to 24 that differ in one byte anywhere get distinct ids and are found again
// (the hash reads a name's last bytes with overlapping loads).
TEST(SpinePrepareFastPaths, NameTableTellsNamesApartByAnyByte) {
    NameTable table;
    std::vector<std::pair<std::string, int>> names;
    for (std::size_t length = 0; length <= 24; ++length) {
        const std::string base(length, 'a');
        names.emplace_back(base, table.intern(base));
        for (std::size_t at = 0; at < length; ++at) {
            std::string other = base;
            other[at] = 'b';
            names.emplace_back(other, table.intern(other));
        }
    }
    EXPECT_EQ(table.size(), names.size());
    for (std::size_t i = 0; i < names.size(); ++i) {
        EXPECT_EQ(names[i].second, static_cast<int>(i)) << names[i].first;
        EXPECT_EQ(table.find(names[i].first), names[i].second) << names[i].first;
        EXPECT_EQ(table.intern(names[i].first), names[i].second) << names[i].first;
    }
    EXPECT_EQ(table.find("abc"), -1);
}
