// Internal helpers shared by the runtime's source files: angle constants, the degree wrap the 3.8
// runtime uses, bone transform maths, constraint solvers and the animation builder.
#pragma once

#include <bit>
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
    // Within half a turn the expression below takes no turn off (r - 0, which is r, also for -0), and
    // its chain of division and conversions is the slowest part of a rotate timeline.
    if (std::fabs(r) < 180) return r;
    if (!(std::fabs(r) < 4e6f)) return static_cast<float>(std::remainder(static_cast<double>(r), 360.0));  // huge or NaN
    return r - static_cast<float>((16384 - static_cast<int>(16384.499999999996 - static_cast<double>(r / 360))) * 360);
}

// Brings an angle in radians into [-pi, pi] with one turn at most.
inline float wrap_radians(float r) {
    if (r > kPi) return r - kPi2;
    if (r < -kPi) return r + kPi2;
    return r;
}

inline bool same_bits(float a, float b) { return std::bit_cast<std::uint32_t>(a) == std::bit_cast<std::uint32_t>(b); }

// The bone's cached axis cosines and sines brought up to date for these angles (see BoneState).
void refresh_axes(BoneState& bone, float rot_x, float rot_y);
// update_world for the root and the inherit modes other than Normal, once the applied pose is set.
void update_world_other(Skeleton& sk, BoneState& bone);

// World transform of `bone` from the given local values (which become its applied pose). Inline (forced) for
// the usual case, a bone with a parent, Normal inheritance and axis angles it had before: then it
// is a few products, without a call.
[[gnu::always_inline]] inline void update_world(Skeleton& sk, int index, const BoneTransform& t) {
    BoneState& bone = sk.bones[static_cast<std::size_t>(index)];
    const BoneTransform local = t;  // `t` may be the applied pose itself (4.x bones): then it is not stored again
    if (&t != &bone.applied) bone.applied = local;
    bone.applied_valid = true;
    // Local matrix columns: x axis rotated by rotation + shearX, y axis by rotation + 90 + shearY.
    const float rot_x = local.rotation + local.shear_x, rot_y = local.rotation + 90 + local.shear_y;
    if (!same_bits(rot_x, bone.axis_x_angle) || !same_bits(rot_y, bone.axis_y_angle)) refresh_axes(bone, rot_x, rot_y);
    if (bone.parent < 0 || bone.inherit != TransformMode::Normal) {
        update_world_other(sk, bone);
        return;
    }
    const float la = bone.axis_x_cos * local.scale_x, lb = bone.axis_y_cos * local.scale_y;
    const float lc = bone.axis_x_sin * local.scale_x, ld = bone.axis_y_sin * local.scale_y;
    const BoneState& parent = sk.bones[static_cast<std::size_t>(bone.parent)];
    const float pa = parent.a, pb = parent.b, pc = parent.c, pd = parent.d;
    bone.world_x = pa * local.x + pb * local.y + parent.world_x;
    bone.world_y = pc * local.x + pd * local.y + parent.world_y;
    bone.a = pa * la + pb * lc;
    bone.b = pa * lb + pb * ld;
    bone.c = pc * la + pd * lc;
    bone.d = pc * lb + pd * ld;
}
// A constraint moved `bone`'s world transform: its applied pose is out of date until update_applied.
// 3.x recomputes it when a constraint reads it, from the parent as it is then. 4.x recomputes it at
// once in the official runtimes, but most such poses are never read (only IK and local transform
// constraints read applied poses): the parent's world transform of the moment is kept instead, and the
// pose computed from it when read gives the same values (the bone's own world transform is only changed
// again by a step that invalidates or sets the applied pose anew).
// 4.x: keeps the parent's world transform for `bone` (see invalidate_applied).
void keep_moved_parent(Skeleton& sk, int bone);
// Inline: 3.x only clears a flag, a call per constrained bone cost more.
inline void invalidate_applied(Skeleton& sk, int bone) {
    sk.bones[static_cast<std::size_t>(bone)].applied_valid = false;
    if (sk.data().v4()) keep_moved_parent(sk, bone);
}
// Recomputes a bone's applied pose from its world transform (see invalidate_applied).
void update_applied(Skeleton& sk, int bone);
inline void ensure_applied(Skeleton& sk, int bone) {
    if (!sk.bones[static_cast<std::size_t>(bone)].applied_valid) update_applied(sk, bone);
}

// Path constraints: the length of the cubic curve c (x1,y1 cx1,cy1 cx2,cy2 x2,y2) approximated by
// `Steps` chords at even parameter steps (4 and 10), the running total after each chord written to
// `partial` when not null.
template <int Steps>
float curve_length(const float* c, float* partial);

void apply_ik(Skeleton& sk, int constraint);
void apply_transform(Skeleton& sk, int constraint);
void apply_path(Skeleton& sk, int constraint);
void apply_physics(Skeleton& sk, int constraint, Physics mode);

// Floats of Timeline::times for `keys` keys: keys 1 to the last, rounded up to 4.
inline std::size_t counted_times(std::size_t keys) { return (keys - 1 + 3) / 4 * 4; }

// The floats and ints an animation's timelines keep (as the builders append them), so that its
// pools are allocated once. Only a hint: the pools still grow if it is short (or the data is bad).
struct PoolSizes {
    std::size_t timelines = 0, floats = 0, ints = 0;
    std::size_t max_keys = 0;  // of one timeline
};
// Counted from `a` (timelines_size.cpp). Expanded deform and draw-order values count at most up to
// `budget`, which is decreased by them (as build_animation's spend() will: a file asking for more
// fails there before it gets them).
PoolSizes pool_sizes(const RuntimeData& rd, const Animation& a, std::size_t& budget);
// The attachment a deform or sequence timeline keys, or -1 (also for a skin out of range, which
// build_animation reports before using it).
int keyed_attachment(const RuntimeData& rd, const DeformSkin& ds, const DeformSlot& dsl, const DeformTimeline& dt);

// Flattens every animation of the model into rd.animations (see timelines_build.cpp), once the
// attachments and skins are built.
void build_animations(RuntimeData& rd, const Vector<Animation>& animations);

}  // namespace rigio::spine::runtime::detail
