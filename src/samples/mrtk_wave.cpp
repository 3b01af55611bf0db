// The "wave" MRTK sample recording, built in code (see rigio/samples.hpp).
#include <cmath>

#include "rigio/mrtk/binary.hpp"
#include "rigio/samples.hpp"

namespace rigio::samples {

namespace {

constexpr float kPi = 3.14159265f;

void add_pose(mrtk::PoseCurves& p, float t, float px, float py, float pz, float qx, float qy, float qz, float qw) {
    const float v[mrtk::kPoseComponents] = {px, py, pz, qx, qy, qz, qw};
    for (int c = 0; c < mrtk::kPoseComponents; ++c) {
        auto& keys = p.curves[static_cast<std::size_t>(c)].keys;
        // MRTK 2.6/2.7's optimizer keeps only the first rotation W key (docs/formats/mrtk-input-animation.md, 6.1); so does this sample.
        if (c == mrtk::kRotW && !keys.empty()) continue;
        keys.push_back(mrtk::simple_key(t, v[c]));
    }
}

}  // namespace

mrtk::InputAnimation mrtk_wave() {
    mrtk::InputAnimation a;
    a.major = 1;
    a.minor = 1;
    a.has_camera_pose = a.has_hand_data = a.has_eye_gaze = true;
    const int frames = 31;  // 1.5 s at 20 frames per second
    for (int i = 0; i < frames; ++i) {
        const float t = static_cast<float>(i) / 20.0f;
        const float yaw = 0.2f * std::sin(2.0f * t);
        const float cx = 0.05f * std::sin(t);
        add_pose(a.camera, t, cx, 1.6f, 0.0f, 0.0f, std::sin(yaw / 2), 0.0f, std::cos(yaw / 2));
        for (int c = 0; c < mrtk::kRayComponents; ++c) {
            const float v[mrtk::kRayComponents] = {cx, 1.6f, 0.0f, 0.3f * std::sin(t), -0.1f, 1.0f};
            a.eye_gaze.curves[static_cast<std::size_t>(c)].keys.push_back(mrtk::simple_key(t, v[c]));
        }
        if (t < 0.25f || t > 1.4f) continue;  // joints are keyed while the hand is tracked
        const float roll = 0.6f * std::sin(2.0f * kPi * t);
        const float qz = std::sin(roll / 2), qw = std::cos(roll / 2);
        const float wx = 0.25f, wy = 1.3f + 0.05f * std::sin(2.0f * kPi * t), wz = 0.4f;
        auto& joints = a.right.joints;
        add_pose(joints[1], t, wx, wy, wz, 0, 0, qz, qw);                                 // Wrist
        add_pose(joints[2], t, wx, wy + 0.03f, wz + 0.02f, 0, 0, qz, qw);                 // Palm
        add_pose(joints[6], t, wx - 0.05f, wy + 0.10f, wz + 0.03f, 0, 0, qz, qw);         // ThumbTip
        add_pose(joints[11], t, wx + 0.02f, wy + 0.17f, wz + 0.02f, 0, 0, qz, qw);        // IndexTip
    }
    a.left.tracked.keys = {mrtk::bool_key(0, 0)};
    a.left.pinch.keys = {mrtk::bool_key(0, 0)};
    a.right.tracked.keys = {mrtk::bool_key(0, 0), mrtk::bool_key(0.25f, 1), mrtk::bool_key(1.45f, 0)};
    a.right.pinch.keys = {mrtk::bool_key(0, 0), mrtk::bool_key(0.6f, 1), mrtk::bool_key(0.9f, 0)};
    a.markers = {{0.6f, "pinch"}};
    return a;
}

}  // namespace rigio::samples
