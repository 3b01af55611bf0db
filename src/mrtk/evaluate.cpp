#include "rigio/mrtk/evaluate.hpp"

#include <cmath>
#include <limits>

#include "rigio/curves/unity_curve.hpp"

namespace rigio::mrtk {

float evaluate_curve(const Curve& c, float time) {
    return curves::evaluate(c.keys, c.pre_wrap_mode, c.post_wrap_mode, time);
}

Quat normalized(Quat q) {
    const float mag = std::sqrt(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w);
    if (mag < std::numeric_limits<float>::denorm_min()) return Quat{};
    return Quat{q.x / mag, q.y / mag, q.z / mag, q.w / mag};
}

Vec3 normalized(Vec3 v) {
    const float mag = std::sqrt(v.x * v.x + v.y * v.y + v.z * v.z);
    if (mag > 1e-5f) return Vec3{v.x / mag, v.y / mag, v.z / mag};
    return Vec3{};
}

Pose evaluate_pose(const PoseCurves& p, float time, bool normalize) {
    Pose out;
    out.position = {evaluate_curve(p.curves[kPosX], time), evaluate_curve(p.curves[kPosY], time),
                    evaluate_curve(p.curves[kPosZ], time)};
    out.rotation = {evaluate_curve(p.curves[kRotX], time), evaluate_curve(p.curves[kRotY], time),
                    evaluate_curve(p.curves[kRotZ], time), evaluate_curve(p.curves[kRotW], time)};
    if (normalize) out.rotation = normalized(out.rotation);
    return out;
}

Ray evaluate_ray(const RayCurves& r, float time) {
    Ray out;
    out.origin = {evaluate_curve(r.curves[kOriginX], time), evaluate_curve(r.curves[kOriginY], time),
                  evaluate_curve(r.curves[kOriginZ], time)};
    out.direction = normalized(Vec3{evaluate_curve(r.curves[kDirX], time), evaluate_curve(r.curves[kDirY], time),
                                    evaluate_curve(r.curves[kDirZ], time)});
    return out;
}

namespace {

void evaluate_hand(const Hand& h, float time, bool normalize, HandSample& out) {
    out.tracked = evaluate_curve(h.tracked, time) > 0.5f;
    out.pinching = evaluate_curve(h.pinch, time) > 0.5f;
    for (int j = 0; j < kJointCount; ++j)
        out.joints[static_cast<std::size_t>(j)] = evaluate_pose(h.joints[static_cast<std::size_t>(j)], time, normalize);
}

}  // namespace

Sample evaluate(const InputAnimation& a, float time, const EvaluateOptions& options) {
    Sample s;
    s.time = time;
    const bool v11 = uses_new_format(a);
    if (!v11 || a.has_camera_pose) s.camera = evaluate_pose(a.camera, time, options.normalize_rotations);
    if (!v11 || a.has_hand_data) {
        evaluate_hand(a.left, time, options.normalize_rotations, s.left);
        evaluate_hand(a.right, time, options.normalize_rotations, s.right);
    }
    if (v11 && a.has_eye_gaze) s.eye_gaze = evaluate_ray(a.eye_gaze, time);
    return s;
}

Result<std::vector<float>> sample_times(float duration, double rate, std::size_t max_samples) {
    if (!(rate > 0) || !std::isfinite(rate)) return Error("sample rate must be a positive number of samples per second");
    if (!std::isfinite(duration)) return Error("the recording's duration is not finite: give --times");
    if (duration < 0) duration = 0;
    const double n = std::floor(static_cast<double>(duration) * rate + 1e-9) + 1;
    if (n > static_cast<double>(max_samples))
        return Error("a duration of " + std::to_string(duration) + " s at " + std::to_string(rate) + " Hz gives " +
                    std::to_string(static_cast<long long>(n)) + " samples, more than " + std::to_string(max_samples) +
                    ": lower the rate or give --times");
    std::vector<float> out;
    out.reserve(static_cast<std::size_t>(n));
    for (std::size_t i = 0; i < static_cast<std::size_t>(n); ++i) out.push_back(static_cast<float>(static_cast<double>(i) / rate));
    return out;
}

}  // namespace rigio::mrtk
