// Transform constraints: bones take part of a target bone's rotation, translation, scale and shear,
// in world space (matrix edits) or local space (applied pose edits), as absolute values or added
// to their own (relative).
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

void world(Skeleton& sk, const TransformConstraint& data, const TransformState& mix, bool relative) {
    const BoneState& target = sk.bones[static_cast<std::size_t>(data.target)];
    const float ta = target.a, tb = target.b, tc = target.c, td = target.d;
    const float deg_rad_reflect = ta * td - tb * tc > 0 ? kDegRad : -kDegRad;
    const float offset_rotation = data.offset_rotation * deg_rad_reflect;
    const float offset_shear_y = data.offset_shear_y * deg_rad_reflect;
    for (int index : data.bones) {
        BoneState& bone = sk.bones[static_cast<std::size_t>(index)];
        bool modified = false;
        if (mix.rotate_mix != 0) {
            float r = std::atan2(tc, ta) + offset_rotation;
            if (!relative) r -= std::atan2(bone.c, bone.a);
            rotate_matrix(bone, wrap_radians(r) * mix.rotate_mix);
            modified = true;
        }
        if (mix.translate_mix != 0) {
            const float wx = data.offset_x * ta + data.offset_y * tb + target.world_x;
            const float wy = data.offset_x * tc + data.offset_y * td + target.world_y;
            if (relative) {
                bone.world_x += wx * mix.translate_mix;
                bone.world_y += wy * mix.translate_mix;
            } else {
                bone.world_x += (wx - bone.world_x) * mix.translate_mix;
                bone.world_y += (wy - bone.world_y) * mix.translate_mix;
            }
            modified = true;
        }
        if (mix.scale_mix > 0) {
            const float tsx = std::sqrt(ta * ta + tc * tc), tsy = std::sqrt(tb * tb + td * td);
            float sx, sy;
            if (relative) {
                sx = (tsx - 1 + data.offset_scale_x) * mix.scale_mix + 1;
                sy = (tsy - 1 + data.offset_scale_y) * mix.scale_mix + 1;
            } else {
                sx = std::sqrt(bone.a * bone.a + bone.c * bone.c);
                if (sx > 0.00001f) sx = (sx + (tsx - sx + data.offset_scale_x) * mix.scale_mix) / sx;
                sy = std::sqrt(bone.b * bone.b + bone.d * bone.d);
                if (sy > 0.00001f) sy = (sy + (tsy - sy + data.offset_scale_y) * mix.scale_mix) / sy;
            }
            bone.a *= sx;
            bone.c *= sx;
            bone.b *= sy;
            bone.d *= sy;
            modified = true;
        }
        if (mix.shear_mix > 0) {
            const float b = bone.b, d = bone.d, by = std::atan2(d, b);
            float r;
            if (relative) {
                r = wrap_radians(std::atan2(td, tb) - std::atan2(tc, ta));
                r = by + (r - kPi / 2 + offset_shear_y) * mix.shear_mix;
            } else {
                r = wrap_radians(std::atan2(td, tb) - std::atan2(tc, ta) - (by - std::atan2(bone.c, bone.a)));
                r = by + (r + offset_shear_y) * mix.shear_mix;
            }
            const float s = std::sqrt(b * b + d * d);
            bone.b = std::cos(r) * s;
            bone.d = std::sin(r) * s;
            modified = true;
        }
        if (modified) bone.applied_valid = false;
    }
}

void local(Skeleton& sk, const TransformConstraint& data, const TransformState& mix, bool relative) {
    if (!sk.bones[static_cast<std::size_t>(data.target)].applied_valid) update_applied(sk, data.target);
    const BoneTransform target = sk.bones[static_cast<std::size_t>(data.target)].applied;
    for (int index : data.bones) {
        if (!sk.bones[static_cast<std::size_t>(index)].applied_valid) update_applied(sk, index);
        const BoneTransform ap = sk.bones[static_cast<std::size_t>(index)].applied;
        BoneTransform t = ap;
        if (relative) {
            if (mix.rotate_mix != 0) t.rotation += (target.rotation + data.offset_rotation) * mix.rotate_mix;
            t.x += (target.x + data.offset_x) * mix.translate_mix;
            t.y += (target.y + data.offset_y) * mix.translate_mix;
            if (mix.scale_mix != 0) {
                t.scale_x *= (target.scale_x - 1 + data.offset_scale_x) * mix.scale_mix + 1;
                t.scale_y *= (target.scale_y - 1 + data.offset_scale_y) * mix.scale_mix + 1;
            }
            if (mix.shear_mix != 0) t.shear_y += (target.shear_y + data.offset_shear_y) * mix.shear_mix;
        } else {
            if (mix.rotate_mix != 0)
                t.rotation += wrap_degrees(target.rotation - ap.rotation + data.offset_rotation) * mix.rotate_mix;
            if (mix.translate_mix != 0) {
                t.x += (target.x - ap.x + data.offset_x) * mix.translate_mix;
                t.y += (target.y - ap.y + data.offset_y) * mix.translate_mix;
            }
            if (mix.scale_mix != 0) {
                if (ap.scale_x != 0)  // divided by the scale, as the 3.8 runtime does
                    t.scale_x = (ap.scale_x + (target.scale_x - ap.scale_x + data.offset_scale_x) * mix.scale_mix) / ap.scale_x;
                if (ap.scale_y != 0)
                    t.scale_y = (ap.scale_y + (target.scale_y - ap.scale_y + data.offset_scale_y) * mix.scale_mix) / ap.scale_y;
            }
            if (mix.shear_mix != 0)
                t.shear_y += wrap_degrees(target.shear_y - ap.shear_y + data.offset_shear_y) * mix.shear_mix;
        }
        update_world(sk, index, t);
    }
}

}  // namespace

void apply_transform(Skeleton& sk, int index) {
    const TransformConstraint& data = sk.model().transform[static_cast<std::size_t>(index)];
    const TransformState& mix = sk.transform[static_cast<std::size_t>(index)];
    if (data.local)
        local(sk, data, mix, data.relative);
    else
        world(sk, data, mix, data.relative);
}

}  // namespace rigio::spine::runtime::detail
