// Transform constraints: bones take part of a target bone's rotation, translation, scale and shear,
// in world space (matrix edits) or local space (applied pose edits), as absolute values or added
// to their own (relative). 4.x mixes translation and scale per axis; 3.x has one mix for both axes.
#include <cmath>

#include "runtime_internal.hpp"

namespace rigio::spine::runtime::detail {

namespace {

void rotate_matrix(BoneState& bone, float r) {
    const float cos = std::cos(r), sin = std::sin(r);
    const float a = bone.a, b = bone.b, c = bone.c, d = bone.d;
    bone.a = cos * a - sin * c;
    bone.b = cos * b - sin * d;
    bone.c = sin * a + cos * c;
    bone.d = sin * b + cos * d;
}

// The mixes of one update: 3.x uses its single translate and scale mixes for both axes.
struct Mixes {
    float rotate, x, y, scale_x, scale_y, shear;
};

void world(Skeleton& sk, const TransformConstraint& data, const Mixes& mix, bool relative) {
    const bool v4 = sk.data().v4();
    const BoneState& target = sk.bones[static_cast<std::size_t>(data.target)];
    const float ta = target.a, tb = target.b, tc = target.c, td = target.d;
    const float deg_rad_reflect = ta * td - tb * tc > 0 ? kDegRad : -kDegRad;
    const float offset_rotation = data.offset_rotation * deg_rad_reflect;
    const float offset_shear_y = data.offset_shear_y * deg_rad_reflect;
    // The target's axis angles, the same for every bone (computed once, only when used).
    const bool shear = mix.shear > 0;
    const float target_x_angle = mix.rotate != 0 || shear ? std::atan2(tc, ta) : 0;
    const float target_y_angle = shear ? std::atan2(td, tb) : 0;
    for (int index : data.bones) {
        BoneState& bone = sk.bones[static_cast<std::size_t>(index)];
        bool modified = false;
        if (mix.rotate != 0) {
            float r = target_x_angle + offset_rotation;
            if (!relative) r -= std::atan2(bone.c, bone.a);
            rotate_matrix(bone, wrap_radians(r) * mix.rotate);
            modified = true;
        }
        if (mix.x != 0 || mix.y != 0) {
            const float wx = data.offset_x * ta + data.offset_y * tb + target.world_x;
            const float wy = data.offset_x * tc + data.offset_y * td + target.world_y;
            if (relative) {
                bone.world_x += wx * mix.x;
                bone.world_y += wy * mix.y;
            } else {
                bone.world_x += (wx - bone.world_x) * mix.x;
                bone.world_y += (wy - bone.world_y) * mix.y;
            }
            modified = true;
        }
        // 3.x scales both axes under one mix (> 0); 4.x each axis under its own (!= 0).
        const bool scale_x = v4 ? mix.scale_x != 0 : mix.scale_x > 0, scale_y = v4 ? mix.scale_y != 0 : mix.scale_x > 0;
        const float min_scale = v4 ? 0 : 0.00001f;
        // One axis (matrix column p, q) towards the target's scale `ts` of that axis.
        auto scale_axis = [&](float& p, float& q, float ts, float offset, float m) {
            float k;
            if (relative) {
                k = (ts - 1 + offset) * m + 1;
            } else {
                k = std::sqrt(p * p + q * q);
                if (k > min_scale) k = (k + (ts - k + offset) * m) / k;
            }
            p *= k;
            q *= k;
            modified = true;
        };
        if (scale_x) scale_axis(bone.a, bone.c, std::sqrt(ta * ta + tc * tc), data.offset_scale_x, mix.scale_x);
        if (scale_y) scale_axis(bone.b, bone.d, std::sqrt(tb * tb + td * td), data.offset_scale_y, mix.scale_y);
        if (shear) {
            const float b = bone.b, d = bone.d, by = std::atan2(d, b);
            float r;
            if (relative) {
                r = wrap_radians(target_y_angle - target_x_angle);
                r = by + (r - kPi / 2 + offset_shear_y) * mix.shear;
            } else {
                r = wrap_radians(target_y_angle - target_x_angle - (by - std::atan2(bone.c, bone.a)));
                r = by + (r + offset_shear_y) * mix.shear;
            }
            const float s = std::sqrt(b * b + d * d);
            bone.b = std::cos(r) * s;
            bone.d = std::sin(r) * s;
            modified = true;
        }
        if (v4 || modified) invalidate_applied(sk, index);  // 4.x: every constrained bone
    }
}

void local(Skeleton& sk, const TransformConstraint& data, const Mixes& mix, bool relative) {
    ensure_applied(sk, data.target);
    const BoneTransform target = sk.bones[static_cast<std::size_t>(data.target)].applied;
    for (int index : data.bones) {
        ensure_applied(sk, index);
        const BoneTransform ap = sk.bones[static_cast<std::size_t>(index)].applied;
        BoneTransform t = ap;
        if (relative) {
            if (mix.rotate != 0) t.rotation += (target.rotation + data.offset_rotation) * mix.rotate;
            t.x += (target.x + data.offset_x) * mix.x;
            t.y += (target.y + data.offset_y) * mix.y;
            if (mix.scale_x != 0) t.scale_x *= (target.scale_x - 1 + data.offset_scale_x) * mix.scale_x + 1;
            if (mix.scale_y != 0) t.scale_y *= (target.scale_y - 1 + data.offset_scale_y) * mix.scale_y + 1;
            if (mix.shear != 0) t.shear_y += (target.shear_y + data.offset_shear_y) * mix.shear;
        } else {
            if (mix.rotate != 0) t.rotation += wrap_degrees(target.rotation - ap.rotation + data.offset_rotation) * mix.rotate;
            if (mix.x != 0) t.x += (target.x - ap.x + data.offset_x) * mix.x;
            if (mix.y != 0) t.y += (target.y - ap.y + data.offset_y) * mix.y;
            // Divided by the scale, as the official runtimes do.
            if (mix.scale_x != 0 && ap.scale_x != 0)
                t.scale_x = (ap.scale_x + (target.scale_x - ap.scale_x + data.offset_scale_x) * mix.scale_x) / ap.scale_x;
            if (mix.scale_y != 0 && ap.scale_y != 0)
                t.scale_y = (ap.scale_y + (target.scale_y - ap.scale_y + data.offset_scale_y) * mix.scale_y) / ap.scale_y;
            if (mix.shear != 0) t.shear_y += wrap_degrees(target.shear_y - ap.shear_y + data.offset_shear_y) * mix.shear;
        }
        update_world(sk, index, t);
    }
}

}  // namespace

void apply_transform(Skeleton& sk, int index) {
    const TransformConstraint& data = sk.model().transform[static_cast<std::size_t>(index)];
    const TransformState& st = sk.transform[static_cast<std::size_t>(index)];
    const bool v4 = sk.data().v4();
    const Mixes mix{st.rotate_mix, st.translate_mix, v4 ? st.mix_y : st.translate_mix,
                    st.scale_mix, v4 ? st.mix_scale_y : st.scale_mix, st.shear_mix};
    if (data.local)
        local(sk, data, mix, data.relative);
    else
        world(sk, data, mix, data.relative);
}

}  // namespace rigio::spine::runtime::detail
