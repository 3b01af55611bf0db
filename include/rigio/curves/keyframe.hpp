// rigio/curves/keyframe.hpp: Unity's AnimationCurve data as plain values (a keyframe and the
// wrap-mode numbers). Shared by models that store Unity curves (MRTK recordings) and by the
// evaluator in unity_curve.hpp. No behaviour here.
#pragma once

#include <cstdint>

namespace rigio::curves {

// Unity WeightedMode bit flags.
enum WeightedMode : std::int32_t { kWeightedNone = 0, kWeightedIn = 1, kWeightedOut = 2, kWeightedBoth = 3 };

// Unity WrapMode values (not flags; Once and Clamp are the same value).
enum WrapMode : std::int32_t { kWrapDefault = 0, kWrapClamp = 1, kWrapLoop = 2, kWrapPingPong = 4, kWrapClampForever = 8 };

// One UnityEngine.Keyframe as stored (tangentMode is editor-only and never stored).
struct UnityKeyframe {
    float time = 0;
    float value = 0;
    float in_tangent = 0;
    float out_tangent = 0;
    float in_weight = 0;
    float out_weight = 0;
    std::int32_t weighted_mode = kWeightedNone;
};

}  // namespace rigio::curves
