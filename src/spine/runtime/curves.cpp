// Curve sampling and evaluation (see curves.hpp).
#include "rigio/spine/runtime/curves.hpp"

#include <algorithm>

namespace rigio::spine::runtime {

namespace {

// 3.x: the weights of the handles and of the end point at t = 0.1 * i, in float as the runtimes compute them.
struct FloatWeights {
    float w[10][3];
    constexpr FloatWeights() : w{} {
        for (int i = 1; i <= 9; ++i) {
            const float t = 0.1f * static_cast<float>(i), u = 1 - t;
            w[i][0] = 3 * u * u * t;
            w[i][1] = 3 * u * t * t;
            w[i][2] = t * t * t;
        }
    }
};
constexpr FloatWeights kFloatWeights;

// 3.x: the same weights laid out per output float (out[1 + j] is a time for even j, a value for odd j),
// so that four outputs are computed at once below.
struct LaneWeights {
    alignas(16) float w[3][18];
    constexpr LaneWeights() : w{} {
        for (int j = 0; j < 18; ++j)
            for (int k = 0; k < 3; ++k) w[k][j] = kFloatWeights.w[j / 2 + 1][k];
    }
};
constexpr LaneWeights kLaneWeights;

using FloatQuad = float __attribute__((vector_size(16)));

FloatQuad load_quad(const float* p) {
    FloatQuad v;
    __builtin_memcpy(&v, p, sizeof v);
    return v;
}

}  // namespace

void sample_bezier(const Curve& curve, float* out) {
    // Cubic Bézier with end points (0,0) and (1,1), evaluated at t = 0.1 .. 0.9: x = w1 * cx1 + w2 * cx2
    // + w3 and y likewise with cy1, cy2 (weights from the table above, the same float operations done
    // once at compile time). Four outputs at a time (a GCC/Clang vector: each lane does the same
    // operations in the same order as the scalar code of the last two).
    const FloatQuad c1 = {curve.cx1, curve.cy1, curve.cx1, curve.cy1}, c2 = {curve.cx2, curve.cy2, curve.cx2, curve.cy2};
    for (int j = 0; j < 16; j += 4) {
        const FloatQuad v = load_quad(kLaneWeights.w[0] + j) * c1 + load_quad(kLaneWeights.w[1] + j) * c2 +
                            load_quad(kLaneWeights.w[2] + j);
        __builtin_memcpy(out + j, &v, sizeof v);
    }
    const float w1 = kFloatWeights.w[9][0], w2 = kFloatWeights.w[9][1], w3 = kFloatWeights.w[9][2];
    out[16] = w1 * curve.cx1 + w2 * curve.cx2 + w3;
    out[17] = w1 * curve.cy1 + w2 * curve.cy2 + w3;
}

void sample_curve(const Curve& curve, float* out) {
    // Linear and stepped: the kind, then zeros; a Bézier (any other type) its samples.
    if (curve.type == CurveType::Linear || curve.type == CurveType::Stepped) {
        std::fill(out, out + kCurveStride, 0.0f);
        out[0] = curve.type == CurveType::Stepped ? kCurveStepped : kCurveLinear;
        return;
    }
    out[0] = kCurveBezier;
    sample_bezier(curve, out + 1);
}

namespace {

using DoubleQuad = double __attribute__((vector_size(32)));

// Bernstein weights of the cubic at parameters 0.1 .. 0.9, for two points at a time: quad j of basis k
// holds point 2j's weight twice, then point 2j + 1's twice (the lanes it multiplies: the time and value
// of each point), so that the loop below loads them ready to use. Quad 4's second point repeats point 8
// (computed, not stored).
struct Weights {
    alignas(32) double w[5][4][4];
    constexpr Weights() : w{} {
        for (int j = 0; j < 5; ++j)
            for (int h = 0; h < 2; ++h) {
                const int i = std::min(2 * j + h, 8);
                const double t = 0.1 * (i + 1), u = 1 - t;
                const double b[4] = {u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t};
                for (int k = 0; k < 4; ++k) w[j][k][2 * h] = w[j][k][2 * h + 1] = b[k];
            }
    }
};
constexpr Weights kWeights;

}  // namespace

// Built twice (GCC/Clang function clones, the one for the machine chosen when the program loads): with
// AVX the two points of a quad are one 4-lane operation each step (about half the instructions of two
// points in 2-lane SSE2 code); the default build does the same operations two lanes at a time. Each lane does the same double
// operations in the same order either way, and rounds to float alike: the samples are the same.
[[gnu::target_clones("avx", "default")]]
void sample_absolute_bezier(const Curve& curve, int channels, float t0, const float* v0, float t1, const float* v1,
                            float* out) {
    const float* const handles = curve.bezier.data();  // (taken once: each access checked where they are kept)
    const std::size_t handle_count = curve.bezier.size();
    for (int c = 0; c < channels; ++c) {
        const std::size_t h = static_cast<std::size_t>(c) * 4;
        // A channel without handles (never from the readers) moves in a straight line.
        const bool has = h + 3 < handle_count;
        const double cx1 = has ? handles[h] : t0 + (t1 - t0) / 3.0;
        const double cy1 = has ? handles[h + 1] : v0[c] + (v1[c] - v0[c]) / 3.0;
        const double cx2 = has ? handles[h + 2] : t0 + (t1 - t0) * 2 / 3.0;
        const double cy2 = has ? handles[h + 3] : v0[c] + (v1[c] - v0[c]) * 2 / 3.0;
        // Time and value of two points share the weights' vector: they are computed as one quad of
        // doubles (a GCC/Clang vector; each lane does the same operations in the same order as scalar
        // code would), then rounded to floats, which are the points' (time, value) pairs in order.
        const double a0 = t0, b0 = v0[c], a3 = t1, b3 = v1[c];
        const DoubleQuad p0 = {a0, b0, a0, b0}, p1 = {cx1, cy1, cx1, cy1}, p2 = {cx2, cy2, cx2, cy2}, p3 = {a3, b3, a3, b3};
        float* points = out + 18 * c;
#pragma GCC unroll 5
        for (int j = 0; j < 5; ++j) {
            DoubleQuad w[4];  // (copied, not returned by a function: a 32-byte vector value changes the ABI)
            __builtin_memcpy(w, kWeights.w[j], sizeof w);
            const DoubleQuad point = w[0] * p0 + w[1] * p1 + w[2] * p2 + w[3] * p3;
            const FloatQuad pair = __builtin_convertvector(point, FloatQuad);
            __builtin_memcpy(points + 4 * j, &pair, j < 4 ? sizeof pair : sizeof pair / 2);  // (quad 4: point 8 only)
        }
    }
}

void sample_absolute_curve(const Curve& curve, int channels, float t0, const float* v0, float t1, const float* v1,
                           float* out) {
    // Linear and stepped transitions need only their kind (the rest of the stride stays unused).
    switch (curve.type) {
        case CurveType::Linear: out[0] = kCurveLinear; return;
        case CurveType::Stepped: out[0] = kCurveStepped; return;
        case CurveType::Bezier: break;
    }
    out[0] = kCurveBezier;
    sample_absolute_bezier(curve, channels, t0, v0, t1, v1, out + 1);
}

}  // namespace rigio::spine::runtime
