// rigio/spine/runtime/curves.hpp: keyframe interpolation curves as the Spine runtimes evaluate them.
// A Bézier transition is not solved exactly: the runtimes sample the curve at 9 evenly spaced
// parameters (t = 0.1 .. 0.9) and interpolate linearly between those points and the ends. 3.x does it
// once per key on a curve from (0,0) to (1,1) giving an eased fraction for every channel; 4.x does it
// per channel on a curve in absolute (time, value) units from one key to the next. Poses match the
// official runtimes only when the same approximation is used, so it is reproduced here. Depends on
// nothing but the model.
#pragma once

#include <algorithm>
#include <bit>

#if defined(__SSE2__)
#include <xmmintrin.h>
#endif

#include "rigio/spine/model.hpp"

namespace rigio::spine::runtime {

constexpr int kCurveStride = 19;  // per transition: type, then 9 (x, y) samples
constexpr float kCurveLinear = 0, kCurveStepped = 1, kCurveBezier = 2;

// Writes the 19 floats describing `curve` to out[0..18].
void sample_curve(const Curve& curve, float* out);

// The eased fraction for transition `curve` (19 floats) at linear fraction `percent`. Inline: it is
// on every 3.x timeline's path, where the call cost as much as the work.
inline float curve_percent(const float* curve, float percent) {
    percent = std::clamp(percent, 0.0f, 1.0f);
    if (curve[0] == kCurveLinear) return percent;
    if (curve[0] == kCurveStepped) return 0;
    // The first sample whose x is at or after `percent` (10: none), found without a branch per
    // sample (where the search stops changes from call to call and would be mispredicted).
    int i = 10;
    for (int k = 9; k >= 1; --k) i = curve[2 * k - 1] >= percent ? k : i;
    const float px = i > 1 ? curve[2 * i - 3] : 0, py = i > 1 ? curve[2 * i - 2] : 0;
    if (i == 10) {
        if (px >= 1) return py;
        return py + (1 - py) * (percent - px) / (1 - px);
    }
    const float x = curve[2 * i - 1], y = curve[2 * i];
    if (x == px) return y;
    return py + (y - py) * (percent - px) / (x - px);
}

// 4.x: floats per transition for `channels` channels (the type, then 9 (time, value) points each).
constexpr int absolute_curve_stride(int channels) { return 1 + 18 * channels; }

// 4.x: writes the transition from key (t0, v0[c]) to key (t1, v1[c]) for each channel c; `curve.bezier`
// holds cx1, cy1, cx2, cy2 per channel.
void sample_absolute_curve(const Curve& curve, int channels, float t0, const float* v0, float t1, const float* v1,
                           float* out);

// 4.x: channel `channel` of transition `curve` at `time` (t0 <= time < t1), from v0 to v1. Inline:
// it is on every 4.x timeline's path, where the call cost as much as the work.
inline float absolute_curve_value(const float* curve, int channel, float t0, float v0, float t1, float v1, float time) {
    if (curve[0] == kCurveLinear) return v0 + (time - t0) / (t1 - t0) * (v1 - v0);
    if (curve[0] == kCurveStepped) return v0;
    const float* p = curve + 1 + 18 * channel;
    // The segment holding `time`: from the key to the first point, between two points, or from the
    // last point to the next key. The first point at or after `time` (i = 18: none) is found without a
    // branch per point (where the search stops changes from call to call and would be mispredicted).
    float x0 = t0, y0 = v0, x1 = p[0], y1 = p[1];
    if (!(p[0] > time)) {
        int i = 18;
#if defined(__SSE2__)
        // The eight times p[2], p[4], .. p[16] compared four at a time: bit k - 1 of `at_or_after`
        // says p[2k] >= time (false for NaN, as the scalar compare).
        const __m128 now = _mm_set1_ps(time);
        const __m128 low = _mm_shuffle_ps(_mm_loadu_ps(p + 2), _mm_loadu_ps(p + 6), _MM_SHUFFLE(2, 0, 2, 0));
        const __m128 high = _mm_shuffle_ps(_mm_loadu_ps(p + 10), _mm_loadu_ps(p + 14), _MM_SHUFFLE(2, 0, 2, 0));
        const int at_or_after = _mm_movemask_ps(_mm_cmple_ps(now, low)) | _mm_movemask_ps(_mm_cmple_ps(now, high)) << 4;
        if (at_or_after != 0) i = 2 + 2 * std::countr_zero(static_cast<unsigned>(at_or_after));
#else
        for (int k = 16; k >= 2; k -= 2) i = p[k] >= time ? k : i;
#endif
        x0 = p[i - 2];
        y0 = p[i - 1];
        x1 = i < 18 ? p[i] : t1;
        y1 = i < 18 ? p[i + 1] : v1;
    }
    return y0 + (time - x0) / (x1 - x0) * (y1 - y0);
}

}  // namespace rigio::spine::runtime
