// rigio/mrtk/evaluate.hpp: the state an MRTK recording plays back at a time, exactly as MRTK 2.x
// evaluates it (docs/formats/mrtk-input-animation.md, 4. Playback): every curve on its own with
// Unity's curve rules; rotations are the component-wise result, NOT normalised (MRTK's Normalize()
// runs on a temporary copy) unless `normalize_rotations` is set; hand state is Evaluate(t) > 0.5;
// gaze direction is normalised (the Ray.direction setter does it); absent sections give MRTK's
// defaults (camera and joints at the origin with identity rotation, gaze forward from the origin).
// Depends on the model and curves/ only.
#pragma once

#include <array>
#include <vector>

#include "rigio/io/error.hpp"
#include "rigio/mrtk/model.hpp"

namespace rigio::mrtk {

struct Vec3 {
    float x = 0, y = 0, z = 0;
};
struct Quat {
    float x = 0, y = 0, z = 0, w = 1;
};
struct Pose {
    Vec3 position;
    Quat rotation;
};
struct Ray {
    Vec3 origin;
    Vec3 direction{0, 0, 1};
};

struct HandSample {
    bool tracked = false;
    bool pinching = false;
    std::array<Pose, kJointCount> joints;
};

struct Sample {
    float time = 0;
    Pose camera;
    HandSample left, right;
    Ray eye_gaze;
};

struct EvaluateOptions {
    bool normalize_rotations = false;  // Unity Quaternion.Normalize (identity when |q| < float epsilon)
};

Sample evaluate(const InputAnimation& a, float time, const EvaluateOptions& options = {});

Pose evaluate_pose(const PoseCurves& p, float time, bool normalize);
Ray evaluate_ray(const RayCurves& r, float time);
float evaluate_curve(const Curve& c, float time);

// Unity Quaternion.Normalize and Vector3.Normalize (zero when |v| <= 1e-5).
Quat normalized(Quat q);
Vec3 normalized(Vec3 v);

// Sample times: 0, 1/rate, 2/rate, ... up to `duration` (inclusive when on the grid). An Error when
// the rate is not positive, the duration not finite, or the count would pass `max_samples` (a
// recording's key times are untrusted).
Result<std::vector<float>> sample_times(float duration, double rate, std::size_t max_samples = 10'000'000);

}  // namespace rigio::mrtk
