// rigio/spine/runtime/curves.hpp: keyframe interpolation curves as Spine 3.8 evaluates them.
// A Bézier transition is not solved exactly: the runtime samples the curve from (0,0) through the
// control points to (1,1) at 9 evenly spaced parameters (t = 0.1 .. 0.9) and interpolates linearly
// between those points, (0,0) and (1,1). Poses match the official runtime only when the same
// approximation is used, so it is reproduced here. Depends on nothing but the model.
#pragma once

#include "rigio/spine/model.hpp"

namespace rigio::spine::runtime {

constexpr int kCurveStride = 19;  // per transition: type, then 9 (x, y) samples
constexpr float kCurveLinear = 0, kCurveStepped = 1, kCurveBezier = 2;

// Writes the 19 floats describing `curve` to out[0..18].
void sample_curve(const Curve& curve, float* out);

// The eased fraction for transition `curve` (19 floats) at linear fraction `percent`.
float curve_percent(const float* curve, float percent);

}  // namespace rigio::spine::runtime
