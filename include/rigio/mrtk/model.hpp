// rigio/mrtk/model.hpp: an MRTK input animation (InputAnimation-*.bin) as plain values.
// Layout and meaning: docs/formats/mrtk-input-animation.md. Every stored field is kept:
// the version, the 1.1 presence flags, each curve's wrap modes and every key field, markers,
// and any bytes after the marker list. Curves are per component (each has its own keys).
// No behaviour beyond names and iteration helpers; depends only on curves/keyframe.hpp.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "rigio/curves/keyframe.hpp"

namespace rigio::mrtk {

using Keyframe = curves::UnityKeyframe;

// The 8-byte magic number at the start of every released file (little-endian Int64).
inline constexpr std::uint64_t kMagic = 0x6a8faf6e0f9e42c6ULL;

// One AnimationCurve: wrap modes as stored (Unity WrapMode, MRTK always 8) and its keys.
struct Curve {
    std::int32_t pre_wrap_mode = curves::kWrapClampForever;
    std::int32_t post_wrap_mode = curves::kWrapClampForever;
    std::vector<Keyframe> keys;
};

// Pose curves: position X, Y, Z and rotation X, Y, Z, W, in this order in the file.
enum PoseComponent { kPosX, kPosY, kPosZ, kRotX, kRotY, kRotZ, kRotW, kPoseComponents };
struct PoseCurves {
    std::array<Curve, kPoseComponents> curves;
};

// Ray curves (1.1 eye gaze): origin X, Y, Z and direction X, Y, Z.
enum RayComponent { kOriginX, kOriginY, kOriginZ, kDirX, kDirY, kDirZ, kRayComponents };
struct RayCurves {
    std::array<Curve, kRayComponents> curves;
};

// MRTK 2.x TrackedHandJoint, including None (0): 27 entries in enum order (None, Wrist, Palm,
// ThumbMetacarpalJoint, ... PinkyTip), all written to the file; joint_name() spells them.
inline constexpr int kJointCount = 27;

struct Hand {
    Curve tracked;  // bool curve: 1.0 while the hand is tracked
    Curve pinch;    // bool curve: 1.0 while the hand pinches
    std::array<PoseCurves, kJointCount> joints;
};

struct Marker {
    float time = 0;  // seconds, relative to the recording start
    std::string name;
};

struct InputAnimation {
    std::int32_t major = 1;
    std::int32_t minor = 1;  // 0: MRTK 2.0-2.5, 1: MRTK 2.6+
    // Presence flags, stored in 1.1 only. A 1.0 file always holds camera and hands, never gaze.
    bool has_camera_pose = true;
    bool has_hand_data = true;
    bool has_eye_gaze = false;
    PoseCurves camera;
    Hand left;
    Hand right;
    RayCurves eye_gaze;
    std::vector<Marker> markers;
    std::vector<std::uint8_t> trailing;  // bytes after the marker list (MRTK ignores them)
};

// Names as they appear in MRTK's enum (joints) and in rigio's JSON form (components).
std::string_view joint_name(int joint);           // "None", "Wrist", ... "PinkyTip"
int joint_from_name(std::string_view name);       // -1 when unknown
std::string_view pose_component_name(int c);      // "positionX" ... "rotationW"
std::string_view ray_component_name(int c);       // "originX" ... "directionZ"

// Which part of the recording a curve belongs to, for reports and iteration.
enum class CurveRole { Camera, HandTracked, HandPinch, Joint, EyeGaze };
struct CurveRef {
    CurveRole role;
    int hand = -1;       // 0 left, 1 right (hand roles and joints)
    int joint = -1;      // joint index (Joint role)
    int component = -1;  // pose or ray component
    const Curve* curve;
    bool is_bool() const { return role == CurveRole::HandTracked || role == CurveRole::HandPinch; }
    std::string label() const;  // "camera rotationW", "left hand joint IndexTip positionX", ...
};

// Every curve the version stores (present sections only), in file order.
std::vector<CurveRef> stored_curves(const InputAnimation& a);

// True when the recording's version is 1.1 or newer (flags and 8-byte float keys).
inline bool uses_new_format(const InputAnimation& a) { return a.major > 1 || (a.major == 1 && a.minor >= 1); }

}  // namespace rigio::mrtk
