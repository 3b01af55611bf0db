// Curve sampling and evaluation (see curves.hpp).
#include "rigio/spine/runtime/curves.hpp"

#include <algorithm>

namespace rigio::spine::runtime {

void sample_curve(const Curve& curve, float* out) {
    std::fill(out, out + kCurveStride, 0.0f);
    switch (curve.type) {
        case CurveType::Linear: out[0] = kCurveLinear; return;
        case CurveType::Stepped: out[0] = kCurveStepped; return;
        case CurveType::Bezier: break;
    }
    out[0] = kCurveBezier;
    // Cubic Bézier with end points (0,0) and (1,1), evaluated at t = 0.1 .. 0.9.
    for (int i = 1; i <= 9; ++i) {
        const float t = 0.1f * static_cast<float>(i), u = 1 - t;
        const float w1 = 3 * u * u * t, w2 = 3 * u * t * t, w3 = t * t * t;
        out[2 * i - 1] = w1 * curve.cx1 + w2 * curve.cx2 + w3;
        out[2 * i] = w1 * curve.cy1 + w2 * curve.cy2 + w3;
    }
}

float curve_percent(const float* curve, float percent) {
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

}  // namespace rigio::spine::runtime
