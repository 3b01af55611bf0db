#include "rigio/mrtk/model.hpp"

#include <array>

namespace rigio::mrtk {

namespace {

constexpr std::array<std::string_view, kJointCount> kJointNames{
    "None",           "Wrist",           "Palm",           "ThumbMetacarpalJoint", "ThumbProximalJoint", "ThumbDistalJoint",
    "ThumbTip",       "IndexMetacarpal", "IndexKnuckle",   "IndexMiddleJoint",     "IndexDistalJoint",   "IndexTip",
    "MiddleMetacarpal", "MiddleKnuckle", "MiddleMiddleJoint", "MiddleDistalJoint", "MiddleTip",          "RingMetacarpal",
    "RingKnuckle",    "RingMiddleJoint", "RingDistalJoint", "RingTip",             "PinkyMetacarpal",    "PinkyKnuckle",
    "PinkyMiddleJoint", "PinkyDistalJoint", "PinkyTip"};

constexpr std::array<std::string_view, kPoseComponents> kPoseNames{"positionX", "positionY", "positionZ", "rotationX",
                                                                   "rotationY", "rotationZ", "rotationW"};
constexpr std::array<std::string_view, kRayComponents> kRayNames{"originX",    "originY",    "originZ",
                                                                 "directionX", "directionY", "directionZ"};

}  // namespace

std::string_view joint_name(int joint) {
    return joint >= 0 && joint < kJointCount ? kJointNames[static_cast<std::size_t>(joint)] : std::string_view("?");
}

int joint_from_name(std::string_view name) {
    for (int i = 0; i < kJointCount; ++i)
        if (kJointNames[static_cast<std::size_t>(i)] == name) return i;
    return -1;
}

std::string_view pose_component_name(int c) {
    return c >= 0 && c < kPoseComponents ? kPoseNames[static_cast<std::size_t>(c)] : std::string_view("?");
}

std::string_view ray_component_name(int c) {
    return c >= 0 && c < kRayComponents ? kRayNames[static_cast<std::size_t>(c)] : std::string_view("?");
}

std::string CurveRef::label() const {
    const char* side = hand == 0 ? "left" : "right";
    switch (role) {
        case CurveRole::Camera: return "camera " + std::string(pose_component_name(component));
        case CurveRole::HandTracked: return std::string(side) + " hand tracked";
        case CurveRole::HandPinch: return std::string(side) + " hand pinch";
        case CurveRole::Joint:
            return std::string(side) + " hand joint " + std::string(joint_name(joint)) + " " +
                   std::string(pose_component_name(component));
        case CurveRole::EyeGaze: return "eye gaze " + std::string(ray_component_name(component));
    }
    return "?";
}

std::vector<CurveRef> stored_curves(const InputAnimation& a) {
    const bool v11 = uses_new_format(a);
    std::vector<CurveRef> out;
    out.reserve(395);
    if (!v11 || a.has_camera_pose)
        for (int c = 0; c < kPoseComponents; ++c) out.push_back({CurveRole::Camera, -1, -1, c, &a.camera.curves[static_cast<std::size_t>(c)]});
    if (!v11 || a.has_hand_data) {
        out.push_back({CurveRole::HandTracked, 0, -1, -1, &a.left.tracked});
        out.push_back({CurveRole::HandTracked, 1, -1, -1, &a.right.tracked});
        out.push_back({CurveRole::HandPinch, 0, -1, -1, &a.left.pinch});
        out.push_back({CurveRole::HandPinch, 1, -1, -1, &a.right.pinch});
        for (int h = 0; h < 2; ++h) {
            const Hand& hand = h == 0 ? a.left : a.right;
            for (int j = 0; j < kJointCount; ++j)
                for (int c = 0; c < kPoseComponents; ++c)
                    out.push_back({CurveRole::Joint, h, j, c,
                                   &hand.joints[static_cast<std::size_t>(j)].curves[static_cast<std::size_t>(c)]});
        }
    }
    if (v11 && a.has_eye_gaze)
        for (int c = 0; c < kRayComponents; ++c)
            out.push_back({CurveRole::EyeGaze, -1, -1, c, &a.eye_gaze.curves[static_cast<std::size_t>(c)]});
    return out;
}

}  // namespace rigio::mrtk
