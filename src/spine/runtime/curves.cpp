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

using DoublePair = double __attribute__((vector_size(16)));

// Bernstein weights of the cubic at parameters 0.1 .. 0.9, each stored twice (as the pair it multiplies:
// a point's time and value), so that the loop below loads them ready to use instead of loading and
// broadcasting every weight of every point.
struct Weights {
    alignas(16) double w[9][4][2];
    constexpr Weights() : w{} {
        for (int i = 0; i < 9; ++i) {
            const double t = 0.1 * (i + 1), u = 1 - t;
            const double b[4] = {u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t};
            for (int k = 0; k < 4; ++k) w[i][k][0] = w[i][k][1] = b[k];
        }
    }
    DoublePair pair(int i, int k) const {
        DoublePair v;
        __builtin_memcpy(&v, w[i][k], sizeof v);
        return v;
    }
};
constexpr Weights kWeights;

}  // namespace

void sample_absolute_bezier(const Curve& curve, int channels, float t0, const float* v0, float t1, const float* v1,
                            float* out) {
    for (int c = 0; c < channels; ++c) {
        const std::size_t h = static_cast<std::size_t>(c) * 4;
        // A channel without handles (never from the readers) moves in a straight line.
        const bool has = h + 3 < curve.bezier.size();
        const double cx1 = has ? curve.bezier[h] : t0 + (t1 - t0) / 3.0;
        const double cy1 = has ? curve.bezier[h + 1] : v0[c] + (v1[c] - v0[c]) / 3.0;
        const double cx2 = has ? curve.bezier[h + 2] : t0 + (t1 - t0) * 2 / 3.0;
        const double cy2 = has ? curve.bezier[h + 3] : v0[c] + (v1[c] - v0[c]) * 2 / 3.0;
        // Time and value of each point share the weights: they are computed as one pair of doubles (a
        // GCC/Clang vector; each lane does the same operations in the same order as scalar code would).
        const DoublePair p0 = {t0, v0[c]}, p1 = {cx1, cy1}, p2 = {cx2, cy2}, p3 = {t1, v1[c]};
        float* points = out + 18 * c;
        // Unrolled: the weights become memory operands of the products at fixed addresses (no loads,
        // counter or branch per point), about 10 instructions a point instead of 16.
#pragma GCC unroll 9
        for (int i = 0; i < 9; ++i) {
            const DoublePair point = kWeights.pair(i, 0) * p0 + kWeights.pair(i, 1) * p1 + kWeights.pair(i, 2) * p2 +
                                     kWeights.pair(i, 3) * p3;
            points[2 * i] = static_cast<float>(point[0]);
            points[2 * i + 1] = static_cast<float>(point[1]);
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
