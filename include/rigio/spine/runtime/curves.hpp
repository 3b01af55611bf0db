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
#include <span>

#if defined(__SSE2__)
#include <xmmintrin.h>
#endif

#include "rigio/spine/model.hpp"

namespace rigio::spine::runtime {

// Prepared timelines (data.hpp) keep per transition only its kind, and samples for Bézier transitions
// alone (Timeline::transitions, Timeline::curves): most transitions are linear and need none. A
// transition's kind there is kCurveLinear, kCurveStepped, or kCurveBezier + b for the timeline's b-th
// samples (see Timeline). The functions below also take the self-contained form of one transition: its kind
// (kCurveLinear, kCurveStepped, kCurveBezier) as a float, then its samples (zeros when it has none).
constexpr int kCurveSamples = 18;                 // 3.x: floats per Bézier transition, 9 (x, y) samples
constexpr int kCurveStride = 1 + kCurveSamples;   // 3.x: the self-contained form
constexpr float kCurveLinear = 0, kCurveStepped = 1, kCurveBezier = 2;
constexpr int kTransitionLinear = 0, kTransitionStepped = 1, kTransitionBezier = 2;  // Timeline::transitions

// 3.x: writes the 18 samples of Bézier `curve` to out[0..17].
void sample_bezier(CurveView curve, float* out);
// 3.x: writes the 19 floats of the self-contained form of `curve` to out[0..18].
void sample_curve(CurveView curve, float* out);

// 3.x: the eased fraction for a Bézier transition (its 18 samples) at linear fraction `percent`, which
// is within [0, 1]. Inline: it is on every 3.x timeline's path, where the call cost as much as the work.
inline float bezier_percent(const float* samples, float percent) {
    // The first sample whose x is at or after `percent` (10: none), found without a branch per
    // sample (where the search stops changes from call to call and would be mispredicted). Sample k
    // (1 to 9) is (samples[2k - 2], samples[2k - 1]).
    int i = 10;
    for (int k = 9; k >= 1; --k) i = samples[2 * k - 2] >= percent ? k : i;
    const float px = i > 1 ? samples[2 * i - 4] : 0, py = i > 1 ? samples[2 * i - 3] : 0;
    if (i == 10) {
        if (px >= 1) return py;
        return py + (1 - py) * (percent - px) / (1 - px);
    }
    const float x = samples[2 * i - 2], y = samples[2 * i - 1];
    if (x == px) return y;
    return py + (y - py) * (percent - px) / (x - px);
}

// 3.x: the eased fraction for transition `curve` (the self-contained form) at linear fraction `percent`.
inline float curve_percent(const float* curve, float percent) {
    percent = std::clamp(percent, 0.0f, 1.0f);
    if (curve[0] == kCurveLinear) return percent;
    if (curve[0] == kCurveStepped) return 0;
    return bezier_percent(curve + 1, percent);
}

// 4.x: floats per Bézier transition for `channels` channels (9 (time, value) points each), and per
// transition in the self-contained form (the kind first).
constexpr int absolute_curve_samples(int channels) { return 18 * channels; }
constexpr int absolute_curve_stride(int channels) { return 1 + absolute_curve_samples(channels); }

// 4.x: writes the points of a Bézier from key (t0, v0[c]) to key (t1, v1[c]) for each channel c to
// out[0, 18 * channels); `handles` (a curve's `bezier`) holds cx1, cy1, cx2, cy2 per channel.
void sample_absolute_bezier(std::span<const float> handles, int channels, float t0, const float* v0, float t1,
                            const float* v1, float* out);
inline void sample_absolute_bezier(CurveView curve, int channels, float t0, const float* v0, float t1, const float* v1,
                                   float* out) {
    sample_absolute_bezier(curve.bezier, channels, t0, v0, t1, v1, out);
}
// 4.x: the self-contained form of the same (the kind only, for linear and stepped curves).
void sample_absolute_curve(CurveView curve, int channels, float t0, const float* v0, float t1, const float* v1,
                           float* out);

// 4.x: a channel of a Bézier transition (`points`: its 9 points) at `time` (t0 <= time < t1), from v0
// to v1. Inline: it is on every 4.x timeline's path, where the call cost as much as the work.
inline float absolute_bezier_value(const float* p, float t0, float v0, float t1, float v1, float time) {
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

// 4.x: channel `channel` of transition `curve` (the self-contained form) at `time` (t0 <= time < t1),
// from v0 to v1.
inline float absolute_curve_value(const float* curve, int channel, float t0, float v0, float t1, float v1, float time) {
    if (curve[0] == kCurveLinear) return v0 + (time - t0) / (t1 - t0) * (v1 - v0);
    if (curve[0] == kCurveStepped) return v0;
    return absolute_bezier_value(curve + 1 + 18 * channel, t0, v0, t1, v1, time);
}

}  // namespace rigio::spine::runtime
