// The curve evaluations find the sample segment without a branch per sample; they must give exactly
// what the plain search does (the first sample at or after the time, the way the official runtimes
// walk the samples), also for samples out of order (a file may hold such handles), times on a
// sample, before, after and NaN. Compared bit for bit against that search written out here.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include "rigio/spine/runtime/curves.hpp"

using namespace rigio::spine::runtime;

namespace {

float scan_percent(const float* curve, float percent) {
    percent = std::clamp(percent, 0.0f, 1.0f);
    if (curve[0] == kCurveLinear) return percent;
    if (curve[0] == kCurveStepped) return 0;
    float px = 0, py = 0;
    for (int i = 1; i <= 9; ++i) {
        const float x = curve[2 * i - 1], y = curve[2 * i];
        if (x >= percent) {
            if (x == px) return y;
            return py + (y - py) * (percent - px) / (x - px);
        }
        px = x;
        py = y;
    }
    if (px >= 1) return py;
    return py + (1 - py) * (percent - px) / (1 - px);
}

float scan_absolute(const float* curve, int channel, float t0, float v0, float t1, float v1, float time) {
    if (curve[0] == kCurveLinear) return v0 + (time - t0) / (t1 - t0) * (v1 - v0);
    if (curve[0] == kCurveStepped) return v0;
    const float* p = curve + 1 + 18 * channel;
    if (p[0] > time) return v0 + (time - t0) / (p[0] - t0) * (p[1] - v0);
    for (int i = 2; i < 18; i += 2) {
        if (p[i] >= time) {
            const float x = p[i - 2], y = p[i - 1];
            return y + (time - x) / (p[i] - x) * (p[i + 1] - y);
        }
    }
    const float x = p[16], y = p[17];
    return y + (time - x) / (t1 - x) * (v1 - y);
}

std::uint32_t bits(float v) { return std::bit_cast<std::uint32_t>(v); }

}  // namespace

TEST(SpineCurves, SegmentSearchMatchesAPlainScan) {
    std::mt19937 rng(20);
    std::uniform_real_distribution<float> unit(0, 1), wide(-0.5f, 1.5f);
    const float nan = std::numeric_limits<float>::quiet_NaN();
    int compared = 0;
    for (int round = 0; round < 400; ++round) {
        const bool ordered = round % 3 != 0;  // every third curve has samples out of order
        // 3.x: 19 floats, samples of a curve from (0,0) to (1,1).
        float c[kCurveStride];
        c[0] = round % 10 == 0 ? kCurveLinear : round % 10 == 1 ? kCurveStepped : kCurveBezier;
        std::vector<float> xs(9);
        for (float& x : xs) x = ordered ? unit(rng) : wide(rng);
        if (ordered) std::sort(xs.begin(), xs.end());
        if (round % 7 == 0) xs[4] = xs[3];  // two samples at one x
        for (int i = 1; i <= 9; ++i) {
            c[2 * i - 1] = xs[static_cast<std::size_t>(i - 1)];
            c[2 * i] = wide(rng);
        }
        std::vector<float> percents = {0, 1, -1, 2, nan, 0.5f};
        for (int i = 1; i <= 9; ++i) percents.insert(percents.end(), {c[2 * i - 1], std::nextafter(c[2 * i - 1], 2.0f)});
        for (int k = 0; k < 20; ++k) percents.push_back(wide(rng));
        for (float p : percents) {
            EXPECT_EQ(bits(curve_percent(c, p)), bits(scan_percent(c, p))) << "round " << round << " percent " << p;
            ++compared;
        }
        // 4.x: two channels of absolute (time, value) points between keys at t0 and t1.
        const float t0 = 2, t1 = 3, v0[2] = {wide(rng), wide(rng)}, v1[2] = {wide(rng), wide(rng)};
        float a[absolute_curve_stride(2)];
        a[0] = c[0];
        for (int ch = 0; ch < 2; ++ch) {
            for (int i = 0; i < 9; ++i) {
                a[1 + 18 * ch + 2 * i] = t0 + xs[static_cast<std::size_t>(i)];
                a[1 + 18 * ch + 2 * i + 1] = wide(rng);
            }
            std::vector<float> times = {t0, t1, 1, 4, nan};
            for (int i = 0; i < 9; ++i) times.insert(times.end(), {a[1 + 18 * ch + 2 * i], std::nextafter(a[1 + 18 * ch + 2 * i], 0.0f)});
            for (int k = 0; k < 20; ++k) times.push_back(t0 + wide(rng));
            for (float t : times) {
                EXPECT_EQ(bits(absolute_curve_value(a, ch, t0, v0[ch], t1, v1[ch], t)),
                          bits(scan_absolute(a, ch, t0, v0[ch], t1, v1[ch], t)))
                    << "round " << round << " channel " << ch << " time " << t;
                ++compared;
            }
        }
    }
    EXPECT_GT(compared, 20000);
}

// 4.x Bézier sampling (done on pairs of doubles, the weights stored as pairs) gives exactly what plain
// scalar double code gives: each point B(t) = u^3 p0 + 3u^2 t p1 + 3u t^2 p2 + t^3 p3 at t = 0.1 .. 0.9,
// summed left to right, rounded to float.
TEST(SpineCurveSampling, AbsoluteCurvesMatchScalarDoubleCode) {
    std::mt19937 rng(42);
    std::uniform_real_distribution<float> value(-500.0f, 500.0f), time(0.0f, 10.0f);
    for (int round = 0; round < 2000; ++round) {
        const int channels = 1 + round % 3;
        rigio::spine::Curve curve(rigio::spine::CurveType::Bezier);
        float v0[3], v1[3];
        const float t0 = time(rng), t1 = t0 + time(rng);
        for (int c = 0; c < channels; ++c) {
            v0[c] = value(rng);
            v1[c] = value(rng);
            for (float h : {t0 + (t1 - t0) * 0.3f, value(rng), t0 + (t1 - t0) * 0.7f, value(rng)}) curve.bezier.push_back(h);
        }
        std::vector<float> got(static_cast<std::size_t>(absolute_curve_stride(channels)), -1.0f);
        sample_absolute_curve(curve, channels, t0, v0, t1, v1, got.data());
        ASSERT_EQ(got[0], kCurveBezier);
        for (int c = 0; c < channels; ++c) {
            const float* h = curve.bezier.data() + 4 * c;
            for (int i = 0; i < 9; ++i) {
                const double t = 0.1 * (i + 1), u = 1 - t;
                const double w0 = u * u * u, w1 = 3 * u * u * t, w2 = 3 * u * t * t, w3 = t * t * t;
                const double x = w0 * t0 + w1 * static_cast<double>(h[0]) + w2 * static_cast<double>(h[2]) + w3 * t1;
                const double y = w0 * v0[c] + w1 * static_cast<double>(h[1]) + w2 * static_cast<double>(h[3]) + w3 * v1[c];
                ASSERT_EQ(std::bit_cast<std::uint32_t>(got[1 + 18 * c + 2 * i]), std::bit_cast<std::uint32_t>(static_cast<float>(x)));
                ASSERT_EQ(std::bit_cast<std::uint32_t>(got[1 + 18 * c + 2 * i + 1]), std::bit_cast<std::uint32_t>(static_cast<float>(y)));
            }
        }
    }
}
