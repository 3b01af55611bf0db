// prepare()'s fast paths must give exactly what the plain code gives: colour bytes read from a table
// divided at compile time, the 3.x Bézier samples computed four at a time, the name table's hash of a
// name's last bytes. Compared bit for bit with the plain computations written out here.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "fixtures.hpp"
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

// 4.x: the curve points computed two at a time in 4-lane vectors (with AVX where the machine has it)
// against the plain computation, one double at a time in the order the lanes do it, bit for bit: for
// 1 to 7 channels, with and without handles (a straight line then).
TEST(SpinePrepareFastPaths, AbsoluteBezierPointsMatchThePlainComputation) {
    std::mt19937 rng(11);
    std::uniform_real_distribution<float> value(-1000, 1000);
    for (int n = 0; n < 20000; ++n) {
        const int channels = 1 + n % 7;
        Curve c{CurveType::Bezier};
        if (n % 13 != 0)
            for (int k = 0; k < 4 * channels; ++k) c.bezier.push_back(value(rng));
        float v0[7], v1[7];
        for (int k = 0; k < 7; ++k) v0[k] = value(rng), v1[k] = value(rng);
        const float t0 = value(rng), t1 = value(rng);
        float fast[7 * 18 + 1];
        fast[18 * channels] = 42;  // past the last channel: must stay untouched
        sample_absolute_bezier(c, channels, t0, v0, t1, v1, fast);
        for (int ch = 0; ch < channels; ++ch) {
            const std::size_t h = static_cast<std::size_t>(ch) * 4;
            const bool has = h + 3 < c.bezier.size();
            const double cx1 = has ? c.bezier[h] : t0 + (t1 - t0) / 3.0, cy1 = has ? c.bezier[h + 1] : v0[ch] + (v1[ch] - v0[ch]) / 3.0;
            const double cx2 = has ? c.bezier[h + 2] : t0 + (t1 - t0) * 2 / 3.0;
            const double cy2 = has ? c.bezier[h + 3] : v0[ch] + (v1[ch] - v0[ch]) * 2 / 3.0;
            for (int i = 0; i < 9; ++i) {
                const double t = 0.1 * (i + 1), u = 1 - t;
                const double b0 = u * u * u, b1 = 3 * u * u * t, b2 = 3 * u * t * t, b3 = t * t * t;
                const double x = b0 * t0 + b1 * cx1 + b2 * cx2 + b3 * t1;
                const double y = b0 * v0[ch] + b1 * cy1 + b2 * cy2 + b3 * v1[ch];
                EXPECT_EQ(bits(fast[18 * ch + 2 * i]), bits(static_cast<float>(x))) << n << " channel " << ch << " point " << i;
                EXPECT_EQ(bits(fast[18 * ch + 2 * i + 1]), bits(static_cast<float>(y))) << n << " channel " << ch << " point " << i;
            }
        }
        EXPECT_EQ(fast[18 * channels], 42);
    }
}

// Regions: the unrotated ones (+0 and -0 degrees) skip the sine and cosine calls; their corners are
// still those of the plain computation with std::cos and std::sin, bit for bit (as are the others').
TEST(SpinePrepareFastPaths, RegionCornersMatchThePlainComputation) {
    const float rotations[] = {0.0f, -0.0f, 30.0f, -90.0f, 1e-30f, 180.0f};
    for (const float rotation : rotations) {
        SkeletonData sd = rigio::test::skeleton();
        const int slot = rigio::test::add_slot(sd, "s", 0);
        const Attachment a = rigio::test::region(37.5f, -12.25f, -3.5f, 0.0f, rotation);
        Attachment m = a;
        m.scale_x = 1.5f, m.scale_y = -0.75f;
        rigio::test::add_attachment(rigio::test::skin(sd), slot, "r", m);
        auto rd = prepare(sd);
        ASSERT_TRUE(rd.ok());
        const float x1 = -m.width / 2 * m.scale_x, y1 = -m.height / 2 * m.scale_y;
        const float x2 = x1 + m.width * m.scale_x, y2 = y1 + m.height * m.scale_y;
        const float r = m.rotation * (3.1415927f / 180), cos = std::cos(r), sin = std::sin(r);
        const float lx[4] = {x1, x1, x2, x2}, ly[4] = {y1, y2, y2, y1};
        for (int k = 0; k < 4; ++k) {
            EXPECT_EQ(bits(rd->attachments[0].offset[2 * k]), bits(lx[k] * cos - ly[k] * sin + m.x)) << rotation << " corner " << k;
            EXPECT_EQ(bits(rd->attachments[0].offset[2 * k + 1]), bits(lx[k] * sin + ly[k] * cos + m.y)) << rotation << " corner " << k;
        }
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
