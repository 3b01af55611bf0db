// Unity AnimationCurve evaluation in float32 (formulas: docs/formats/unity-animation-curve.md, sections 2-3).
#include "rigio/curves/unity_curve.hpp"

#include <algorithm>
#include <cmath>

namespace rigio::curves {

namespace {

constexpr float kPi = 3.14159265358979323846f;

bool in_unit(float u) { return u >= 0.0f && u <= 1.0f; }

// Real cube root as exp(log(|x|)/3) with the sign restored.
float cube_root(float x) {
    if (x == 0.0f) return 0.0f;
    float r = std::exp(std::log(std::fabs(x)) / 3.0f);
    return x < 0.0f ? -r : r;
}

// Solves X(u) = s for the Bézier parameter u, where X has control points 0, w1, w2x, 1
// (a*u^3 + b*u^2 + c*u + d = 0). Returns the first root in [0, 1], else 0 or 1 by s.
float bezier_parameter(float s, float w1, float w2x) {
    const float a = 3.0f * w1 - 3.0f * w2x + 1.0f;
    const float b = -6.0f * w1 + 3.0f * w2x;
    const float c = 3.0f * w1;
    const float d = -s;
    if (std::fabs(a) > 1e-3f) {
        const float p = -b / (3.0f * a);
        const float p2 = p * p;
        const float q = p2 * p + (b * c - 3.0f * a * d) / (6.0f * a * a);
        const float r = c / (3.0f * a);
        const float rp = r - p2;
        const float delta = q * q + rp * rp * rp;
        if (delta < 0.0f) {
            const float rho = cube_root(std::sqrt(q * q - delta));
            const float phi = std::atan2(std::sqrt(-delta), q) / 3.0f;
            const float offsets[3] = {0.0f, 2.0f * kPi / 3.0f, -2.0f * kPi / 3.0f};
            for (float off : offsets) {
                float u = 2.0f * rho * std::cos(phi + off) + p;
                if (in_unit(u)) return u;
            }
        } else {
            const float sd = std::sqrt(delta);
            float u = cube_root(q + sd) + cube_root(q - sd) + p;
            if (in_unit(u)) return u;
        }
    } else if (std::fabs(b) > 1e-3f) {
        const float disc = c * c - 4.0f * b * d;
        if (disc >= 0.0f) {
            const float sd = std::sqrt(disc);
            float u = (-c - sd) / (2.0f * b);
            if (in_unit(u)) return u;
            u = (-c + sd) / (2.0f * b);
            if (in_unit(u)) return u;
        }
    } else if (std::fabs(c) > 1e-3f) {
        float u = -d / c;
        if (in_unit(u)) return u;
    } else {
        return 0.0f;
    }
    return s < 0.5f ? 0.0f : 1.0f;  // no root in [0, 1]: numerical imprecision
}

float hermite(float p0, float m0, float m1, float p1, float s) {
    const float a = 2.0f * p0 + m0 - 2.0f * p1 + m1;
    const float b = -3.0f * p0 - 2.0f * m0 + 3.0f * p1 - m1;
    return ((a * s + b) * s + m0) * s + p0;
}

}  // namespace

float repeat(float t, float length) {
    return std::clamp(t - std::floor(t / length) * length, 0.0f, length);
}

float ping_pong(float t, float length) {
    t = repeat(t, length * 2.0f);
    return length - std::fabs(t - length);
}

float wrap_time(float time, float first, float last, std::int32_t pre_wrap, std::int32_t post_wrap) {
    const float length = last - first;
    if (!(time < first) && !(time > last)) return time;
    const std::int32_t mode = time < first ? pre_wrap : post_wrap;
    if (length > 0.0f && std::isfinite(length)) {
        if (mode == kWrapLoop) return repeat(time - first, length) + first;
        if (mode == kWrapPingPong) return ping_pong(time - first, length) + first;
    }
    return time < first ? first : last;
}

float evaluate_segment(const UnityKeyframe& l, const UnityKeyframe& r, float time) {
    if (std::isinf(l.out_tangent) || std::isinf(r.in_tangent)) return l.value;  // stepped
    const float dx = r.time - l.time;
    if (dx == 0.0f) return l.value;
    const float s = (time - l.time) / dx;
    const float m0 = l.out_tangent * dx;
    const float m1 = r.in_tangent * dx;
    const bool weighted_out = (l.weighted_mode & kWeightedOut) != 0;
    const bool weighted_in = (r.weighted_mode & kWeightedIn) != 0;
    if (!weighted_out && !weighted_in) return hermite(l.value, m0, m1, r.value, s);
    const float w1 = weighted_out ? l.out_weight : kDefaultWeight;
    const float w2 = weighted_in ? r.in_weight : kDefaultWeight;
    if (w1 == kDefaultWeight && w2 == kDefaultWeight) return hermite(l.value, m0, m1, r.value, s);
    const float u = bezier_parameter(s, w1, 1.0f - w2);
    const float y0 = l.value;
    const float y1 = l.value + w1 * m0;
    const float y2 = r.value - w2 * m1;
    const float y3 = r.value;
    const float v = 1.0f - u;
    return v * v * v * y0 + 3.0f * u * v * v * y1 + 3.0f * u * u * v * y2 + u * u * u * y3;
}

float evaluate(std::span<const UnityKeyframe> keys, std::int32_t pre_wrap, std::int32_t post_wrap, float time) {
    const std::size_t n = keys.size();
    if (n == 0) return 0.0f;
    if (n == 1) return keys[0].value;
    time = wrap_time(time, keys.front().time, keys.back().time, pre_wrap, post_wrap);
    // Upper bound: the first key strictly after `time`; the segment that starts at a key owns it.
    auto it = std::upper_bound(keys.begin(), keys.end(), time,
                               [](float t, const UnityKeyframe& k) { return t < k.time; });
    std::size_t rhs = static_cast<std::size_t>(it - keys.begin());
    if (rhs == 0) return keys[0].value;
    std::size_t lhs = rhs - 1;
    if (rhs >= n) return keys[lhs].value;
    return evaluate_segment(keys[lhs], keys[rhs], time);
}

}  // namespace rigio::curves
