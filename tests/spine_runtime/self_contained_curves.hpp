// A prepared timeline's curves in the self-contained form of curves.hpp, transition after transition:
// the kind as a float, then the transition's curve_stride samples (zeros for linear and stepped
// transitions). This is how prepare() laid curves out before Timeline::transitions (the pinned digests
// and the sampling tests compare this form).
#pragma once

#include <vector>

#include "rigio/spine/runtime/data.hpp"

namespace rigio::test {

inline std::vector<float> self_contained_curves(const spine::runtime::Timeline& t) {
    using namespace spine::runtime;
    const std::size_t stride = static_cast<std::size_t>(t.curve_stride);
    std::vector<float> out;
    out.reserve(t.transitions.size() * (stride + 1));
    for (const int kind : t.transitions) {
        if (kind < kTransitionBezier) {
            out.push_back(kind == kTransitionStepped ? kCurveStepped : kCurveLinear);
            out.insert(out.end(), stride, 0.0f);
            continue;
        }
        out.push_back(kCurveBezier);
        const float* samples = t.curves.data() + static_cast<std::size_t>(kind - kTransitionBezier) * stride;
        out.insert(out.end(), samples, samples + stride);
    }
    return out;
}

}  // namespace rigio::test
