// rigio/curves/unity_curve.hpp: evaluation of a Unity AnimationCurve at a time, as
// AnimationCurve.Evaluate does it (see docs/formats/unity-animation-curve.md):
// cubic Hermite segments, weighted (Bézier) segments, stepped segments (infinite tangents),
// pre/post wrap modes (Loop, PingPong, everything else clamps), single-key and empty curves.
// Arithmetic is float32, in the order of Unity's reference evaluator, so results stay within
// a few ulp of Unity's. Depends only on keyframe.hpp; knows nothing of files.
#pragma once

#include <cstdint>
#include <span>

#include "rigio/curves/keyframe.hpp"

namespace rigio::curves {

// Weight used for a side whose weighted-mode flag is not set (Unity DOTS: 1/3).
inline constexpr float kDefaultWeight = 1.0f / 3.0f;

// Value of the curve at `time`. Keys must be sorted by time (Unity sorts on assignment);
// an empty curve evaluates to 0, a single key to its value.
float evaluate(std::span<const UnityKeyframe> keys, std::int32_t pre_wrap, std::int32_t post_wrap, float time);

// The time inside [first key, last key] that `time` maps to under the wrap modes.
float wrap_time(float time, float first, float last, std::int32_t pre_wrap, std::int32_t post_wrap);

// One segment from `l` to `r` at `time` (l.time <= time <= r.time): stepped, Hermite or weighted.
float evaluate_segment(const UnityKeyframe& l, const UnityKeyframe& r, float time);

// Unity Mathf.Repeat and Mathf.PingPong.
float repeat(float t, float length);
float ping_pong(float t, float length);

}  // namespace rigio::curves
