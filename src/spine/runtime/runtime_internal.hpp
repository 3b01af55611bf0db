// Internal helpers shared by the runtime's source files: angle constants, the degree wrap the 3.8
// runtime uses, bone transform maths, constraint solvers and the animation builder.
#pragma once

#include <cmath>
#include <cstdint>

#include "rigio/spine/runtime/skeleton.hpp"

namespace rigio::spine::runtime::detail {

constexpr float kPi = 3.1415927f;
constexpr float kPi2 = kPi * 2;
constexpr float kDegRad = kPi / 180;
constexpr float kRadDeg = 180 / kPi;

inline std::uint64_t skin_key(int slot, int name) {
    return (static_cast<std::uint64_t>(static_cast<std::uint32_t>(slot)) << 32) | static_cast<std::uint32_t>(name);
}

inline float sin_deg(float d) { return std::sin(d * kDegRad); }
inline float cos_deg(float d) { return std::cos(d * kDegRad); }

// Brings an angle difference in degrees into [-180, 180], rounding the number of turns the way the
// 3.8 runtime does (which decides the direction at exactly half a turn).
inline float wrap_degrees(float r) {
    if (!(std::fabs(r) < 4e6f)) return static_cast<float>(std::remainder(static_cast<double>(r), 360.0));  // huge or NaN
    return r - static_cast<float>((16384 - static_cast<int>(16384.499999999996 - static_cast<double>(r / 360))) * 360);
}

// Brings an angle in radians into [-pi, pi] with one turn at most.
inline float wrap_radians(float r) {
    if (r > kPi) return r - kPi2;
    if (r < -kPi) return r + kPi2;
    return r;
}

// World transform of `bone` from the given local values (which become its applied pose).
void update_world(Skeleton& sk, int bone, const BoneTransform& t);
// A constraint moved `bone`'s world transform: its applied pose is out of date until update_applied.
// 3.x recomputes it when a constraint reads it, from the parent as it is then. 4.x recomputes it at
// once in the official runtimes, but most such poses are never read (only IK and local transform
// constraints read applied poses): the parent's world transform of the moment is kept instead, and the
// pose computed from it when read gives the same values (the bone's own world transform is only changed
// again by a step that invalidates or sets the applied pose anew).
void invalidate_applied(Skeleton& sk, int bone);
// Recomputes a bone's applied pose from its world transform (see invalidate_applied).
void update_applied(Skeleton& sk, int bone);
inline void ensure_applied(Skeleton& sk, int bone) {
    if (!sk.bones[static_cast<std::size_t>(bone)].applied_valid) update_applied(sk, bone);
}

void apply_ik(Skeleton& sk, int constraint);
void apply_transform(Skeleton& sk, int constraint);
void apply_path(Skeleton& sk, int constraint);
void apply_physics(Skeleton& sk, int constraint, Physics mode);

// `budget`: how many more expanded deform/draw-order values may be allocated (see the .cpp).
AnimationInfo build_animation(const RuntimeData& rd, const Animation& a, std::size_t& budget);
std::size_t expansion_budget();

}  // namespace rigio::spine::runtime::detail
