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

void sample_bezier(CurveView curve, float* out) {
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

void sample_curve(CurveView curve, float* out) {
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

using DoublePair = double __attribute__((vector_size(16)));
using DoubleQuad = double __attribute__((vector_size(32)));

// Bernstein weights of the cubic at parameters 0.1 .. 0.9, each stored twice (as the pair it multiplies:
// a point's time and value), so that the loops below load them ready to use instead of loading and
// broadcasting every weight of every point.
struct PairWeights {
    alignas(16) double w[9][4][2];
    constexpr PairWeights() : w{} {
        for (int i = 0; i < 9; ++i) {
            const double t = 0.1 * (i + 1), u = 1 - t;
            const double b[4] = {u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t};
            for (int k = 0; k < 4; ++k) w[i][k][0] = w[i][k][1] = b[k];
        }
    }
};
constexpr PairWeights kPairWeights;

// The same for two points at a time: quad j of basis k holds point 2j's weight twice, then point
// 2j + 1's twice. Quad 4's second point repeats point 8 (computed, not stored).
struct QuadWeights {
    alignas(32) double w[5][4][4];
    constexpr QuadWeights() : w{} {
        for (int j = 0; j < 5; ++j)
            for (int h = 0; h < 2; ++h)
                for (int k = 0; k < 4; ++k) w[j][k][2 * h] = w[j][k][2 * h + 1] = kPairWeights.w[std::min(2 * j + h, 8)][k][0];
    }
};
constexpr QuadWeights kQuadWeights;

// One channel's 9 points from its control points (a0, b0) .. (a3, b3) (time, value) to out[0, 18). Time
// and value of a point share the weights: they are computed side by side in a vector of doubles (a
// GCC/Clang vector; each lane does the same operations in the same order as scalar code would), then
// rounded to floats, alike in both versions: the points are the same.
[[gnu::always_inline]] inline void pair_points(double a0, double b0, double a1, double b1, double a2, double b2, double a3,
                                               double b3, float* out) {
    const DoublePair p0 = {a0, b0}, p1 = {a1, b1}, p2 = {a2, b2}, p3 = {a3, b3};
    for (int i = 0; i < 9; ++i) {
        DoublePair w[4];
        __builtin_memcpy(w, kPairWeights.w[i], sizeof w);
        const DoublePair point = w[0] * p0 + w[1] * p1 + w[2] * p2 + w[3] * p3;
        out[2 * i] = static_cast<float>(point[0]);
        out[2 * i + 1] = static_cast<float>(point[1]);
    }
}
// Function multiversioning (an ifunc, chosen when the program loads) needs x86-64 and ELF (glibc);
// elsewhere the pairs are the only version.
#if defined(__x86_64__) && defined(__ELF__) && defined(__GNUC__)
#define RIGIO_CURVES_AVX 1
#endif

#if defined(RIGIO_CURVES_AVX)
// AVX: two points at a time, each step one 4-lane operation (unrolled: the weights are memory operands
// at fixed addresses), about half the instructions. (Built without AVX the same code was slower than the
// pairs above.)
[[gnu::target("avx"), gnu::always_inline]] inline void quad_points(double a0, double b0, double a1, double b1, double a2,
                                                                   double b2, double a3, double b3, float* out) {
    const DoubleQuad q0 = {a0, b0, a0, b0}, q1 = {a1, b1, a1, b1}, q2 = {a2, b2, a2, b2}, q3 = {a3, b3, a3, b3};
#pragma GCC unroll 5
    for (int j = 0; j < 5; ++j) {
        DoubleQuad w[4];  // (copied, not returned by a function: a 32-byte vector value changes the ABI)
        __builtin_memcpy(w, kQuadWeights.w[j], sizeof w);
        const DoubleQuad point = w[0] * q0 + w[1] * q1 + w[2] * q2 + w[3] * q3;
        const FloatQuad pair = __builtin_convertvector(point, FloatQuad);
        __builtin_memcpy(out + 4 * j, &pair, j < 4 ? sizeof pair : sizeof pair / 2);  // (quad 4: point 8 only)
    }
}
#endif

// Channel c's handles (cx1, cy1, cx2, cy2). A channel without handles (never from the readers) moves in
// a straight line.
struct Handles {
    double cx1, cy1, cx2, cy2;
};
[[gnu::always_inline]] inline Handles channel_handles(std::span<const float> handles, int c, float t0, const float* v0, float t1,
                                                      const float* v1) {
    const std::size_t h = static_cast<std::size_t>(c) * 4;
    if (h + 3 < handles.size()) {
        const float* own = handles.data() + h;
        return {own[0], own[1], own[2], own[3]};
    }
    return {t0 + (t1 - t0) / 3.0, v0[c] + (v1[c] - v0[c]) / 3.0, t0 + (t1 - t0) * 2 / 3.0, v0[c] + (v1[c] - v0[c]) * 2 / 3.0};
}

// Two versions where RIGIO_CURVES_AVX (the one for the machine is chosen when the program loads).
#if defined(RIGIO_CURVES_AVX)
[[gnu::target("default")]]
#endif
void absolute_points(std::span<const float> handles, int channels, float t0, const float* v0, float t1,
                                                const float* v1, float* out) {
    for (int c = 0; c < channels; ++c) {
        const Handles k = channel_handles(handles, c, t0, v0, t1, v1);
        pair_points(t0, v0[c], k.cx1, k.cy1, k.cx2, k.cy2, t1, v1[c], out + 18 * c);
    }
}
#if defined(RIGIO_CURVES_AVX)
[[gnu::target("avx")]] void absolute_points(std::span<const float> handles, int channels, float t0, const float* v0, float t1,
                                            const float* v1, float* out) {
    for (int c = 0; c < channels; ++c) {
        const Handles k = channel_handles(handles, c, t0, v0, t1, v1);
        quad_points(t0, v0[c], k.cx1, k.cy1, k.cx2, k.cy2, t1, v1[c], out + 18 * c);
    }
}
#endif

}  // namespace

void sample_absolute_bezier(std::span<const float> handles, int channels, float t0, const float* v0, float t1,
                            const float* v1, float* out) {
    absolute_points(handles, channels, t0, v0, t1, v1, out);
}

void sample_absolute_curve(CurveView curve, int channels, float t0, const float* v0, float t1, const float* v1,
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
