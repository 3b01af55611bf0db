// IK constraints: one bone aimed at a target (with compress/stretch), or two bones solved as a
// triangle (law of cosines when the parent scales uniformly, an ellipse otherwise), with softness
// easing the chain's approach to full extension and bend direction choosing the elbow side.
#include <cmath>
#include <limits>

#include "runtime_internal.hpp"

namespace rigio::spine::runtime::detail {

namespace {

float wrap180(float a) {
    if (a > 180) return a - 360;
    if (a < -180) return a + 360;
    return a;
}

void solve_one(Skeleton& sk, int index, float target_x, float target_y, bool compress, bool stretch, bool uniform,
               float alpha) {
    ensure_applied(sk, index);
    BoneState& bone = sk.bones[static_cast<std::size_t>(index)];
    const Bone& data = sk.model().bones[static_cast<std::size_t>(index)];
    const BoneState& p = sk.bones[static_cast<std::size_t>(data.parent)];
    const BoneTransform ap = bone.applied;
    float pa = p.a, pb = p.b, pc = p.c, pd = p.d;
    float rotation_ik = -ap.shear_x - ap.rotation, tx, ty;
    if (bone.inherit == TransformMode::OnlyTranslation) {
        tx = target_x - bone.world_x;
        ty = target_y - bone.world_y;
    } else {
        if (bone.inherit == TransformMode::NoRotationOrReflection) {
            const float s = std::fabs(pa * pd - pb * pc) / (pa * pa + pc * pc);
            const float sa = pa / sk.scale_x, sc = pc / sk.scale_y;
            pb = -sc * s * sk.scale_x;
            pd = sa * s * sk.scale_y;
            rotation_ik += std::atan2(sc, sa) * kRadDeg;
        }
        // Target in the parent's space, relative to the bone's position.
        const float x = target_x - p.world_x, y = target_y - p.world_y, det = pa * pd - pb * pc;
        tx = (x * pd - y * pb) / det - ap.x;
        ty = (y * pa - x * pc) / det - ap.y;
    }
    rotation_ik += std::atan2(ty, tx) * kRadDeg;
    if (ap.scale_x < 0) rotation_ik += 180;
    rotation_ik = wrap180(rotation_ik);
    float sx = ap.scale_x, sy = ap.scale_y;
    if (compress || stretch) {
        if (bone.inherit == TransformMode::NoScale || bone.inherit == TransformMode::NoScaleOrReflection) {
            tx = target_x - bone.world_x;
            ty = target_y - bone.world_y;
        }
        const float b = data.length * sx, dd = std::sqrt(tx * tx + ty * ty);
        if (((compress && dd < b) || (stretch && dd > b)) && b > 0.0001f) {
            const float s = (dd / b - 1) * alpha + 1;
            sx *= s;
            if (uniform) sy *= s;
        }
    }
    update_world(sk, index, {ap.x, ap.y, ap.rotation + rotation_ik * alpha, sx, sy, ap.shear_x, ap.shear_y});
}

// atan2(y, x) of the child's position, reused while x and y keep their bits (see IkState).
float child_angle(IkState& state, float y, float x) {
    if (!state.child_angle_known || !same_bits(x, state.child_x) || !same_bits(y, state.child_y)) {
        state.child_angle_known = true;
        state.child_x = x;
        state.child_y = y;
        state.child_angle = std::atan2(y, x);
    }
    return state.child_angle;
}

void solve_two(Skeleton& sk, IkState& state, int parent_index, int child_index, float target_x, float target_y, int bend,
               bool stretch, bool uniform_stretch, float softness, float alpha) {
    BoneState& parent = sk.bones[static_cast<std::size_t>(parent_index)];
    BoneState& child = sk.bones[static_cast<std::size_t>(child_index)];
    if (alpha == 0) {
        update_world(sk, child_index, child.local);
        return;
    }
    ensure_applied(sk, parent_index);
    ensure_applied(sk, child_index);
    const BoneTransform pt = parent.applied, ct = child.applied;
    const float px = pt.x, py = pt.y;
    float psx = pt.scale_x, sx = psx, psy = pt.scale_y, sy = psy, csx = ct.scale_x;
    // Work with positive scales; remember the flips to restore the angles.
    float os1, os2, s2;
    if (psx < 0) {
        psx = -psx;
        os1 = 180;
        s2 = -1;
    } else {
        os1 = 0;
        s2 = 1;
    }
    if (psy < 0) {
        psy = -psy;
        s2 = -s2;
    }
    if (csx < 0) {
        csx = -csx;
        os2 = 180;
    } else {
        os2 = 0;
    }
    const float cx = ct.x;
    float cy, cwx, cwy;
    const bool uniform = std::fabs(psx - psy) <= 0.0001f;
    // The child keeps its y offset only under a uniformly scaled parent (4.x: and without stretch).
    if (!uniform || (stretch && sk.data().v4())) {
        cy = 0;
        cwx = parent.a * cx + parent.world_x;
        cwy = parent.c * cx + parent.world_y;
    } else {
        cy = ct.y;
        cwx = parent.a * cx + parent.b * cy + parent.world_x;
        cwy = parent.c * cx + parent.d * cy + parent.world_y;
    }
    const BoneState& pp = sk.bones[static_cast<std::size_t>(sk.model().bones[static_cast<std::size_t>(parent_index)].parent)];
    float a = pp.a, b = pp.b, c = pp.c, d = pp.d;
    const float id = 1 / (a * d - b * c);
    float x = cwx - pp.world_x, y = cwy - pp.world_y;
    const float dx = (x * d - y * b) * id - px, dy = (y * a - x * c) * id - py;
    const float l1 = std::sqrt(dx * dx + dy * dy);
    float l2 = sk.model().bones[static_cast<std::size_t>(child_index)].length * csx, a1, a2;
    if (l1 < 0.0001f) {
        solve_one(sk, parent_index, target_x, target_y, false, stretch, false, alpha);
        update_world(sk, child_index, {cx, cy, 0, ct.scale_x, ct.scale_y, ct.shear_x, ct.shear_y});
        return;
    }
    x = target_x - pp.world_x;
    y = target_y - pp.world_y;
    float tx = (x * d - y * b) * id - px, ty = (y * a - x * c) * id - py;
    float dd = tx * tx + ty * ty;
    if (softness != 0) {
        softness *= psx * (csx + 1) / 2;
        const float td = std::sqrt(dd), sd = td - l1 - l2 * psx + softness;
        if (sd > 0) {
            float p = std::min(1.0f, sd / (softness * 2)) - 1;
            p = (sd - softness * (1 - p * p)) / td;
            tx -= p * tx;
            ty -= p * ty;
            dd = tx * tx + ty * ty;
        }
    }
    if (uniform) {
        l2 *= psx;
        float cos = (dd - l1 * l1 - l2 * l2) / (2 * l1 * l2);
        if (cos < -1) {
            cos = -1;
        } else if (cos > 1) {
            cos = 1;
            if (stretch) {
                const float s = (std::sqrt(dd) / (l1 + l2) - 1) * alpha + 1;
                sx *= s;
                if (uniform_stretch) sy *= s;  // 4.x only (3.x passes false)
            }
        }
        a2 = std::acos(cos) * static_cast<float>(bend);
        a = l1 + l2 * cos;
        b = l2 * std::sin(a2);
        a1 = std::atan2(ty * a - tx * b, tx * a + ty * b);
    } else {
        // The child's end lies on an ellipse around the parent's end; intersect it with the
        // circle of radius |target| around the parent's origin.
        a = psx * l2;
        b = psy * l2;
        const float aa = a * a, bb = b * b, ta = std::atan2(ty, tx);
        c = bb * l1 * l1 + aa * dd - aa * bb;
        const float c1 = -2 * bb * l1, c2 = bb - aa;
        d = c1 * c1 - 4 * c2 * c;
        bool solved = false;
        if (d >= 0) {
            float q = std::sqrt(d);
            if (c1 < 0) q = -q;
            q = -(c1 + q) / 2;
            const float r0 = q / c2, r1 = c / q;
            const float r = std::fabs(r0) < std::fabs(r1) ? r0 : r1;
            if (r * r <= dd) {
                // A residual within a few ulps of dd is rounding noise of a target on the ellipse (softness
                // puts a far target exactly at the chain's reach): the chain is straight there, and the
                // square root must not turn that noise into a visible bend.
                const float rest = dd - r * r;
                y = rest <= dd * (4 * std::numeric_limits<float>::epsilon()) ? 0.0f
                                                                             : std::sqrt(rest) * static_cast<float>(bend);
                a1 = ta - std::atan2(y, r);
                a2 = std::atan2(y / psy, (r - l1) / psx);
                solved = true;
            }
        }
        if (!solved) {
            // Unreachable: take the closest or farthest point of the ellipse.
            float min_angle = kPi, min_x = l1 - a, min_dist = min_x * min_x, min_y = 0;
            float max_angle = 0, max_x = l1 + a, max_dist = max_x * max_x, max_y = 0;
            c = -a * l1 / (aa - bb);
            if (c >= -1 && c <= 1) {
                c = std::acos(c);
                x = a * std::cos(c) + l1;
                y = b * std::sin(c);
                d = x * x + y * y;
                if (d < min_dist) {
                    min_angle = c;
                    min_dist = d;
                    min_x = x;
                    min_y = y;
                }
                if (d > max_dist) {
                    max_angle = c;
                    max_dist = d;
                    max_x = x;
                    max_y = y;
                }
            }
            if (dd <= (min_dist + max_dist) / 2) {
                a1 = ta - std::atan2(min_y * static_cast<float>(bend), min_x);
                a2 = min_angle * static_cast<float>(bend);
            } else {
                a1 = ta - std::atan2(max_y * static_cast<float>(bend), max_x);
                a2 = max_angle * static_cast<float>(bend);
            }
        }
    }
    const float os = child_angle(state, cy, cx) * s2;
    a1 = wrap180((a1 - os) * kRadDeg + os1 - pt.rotation);
    update_world(sk, parent_index, {px, py, pt.rotation + a1 * alpha, sx, sy, 0, 0});
    a2 = wrap180(((a2 + os) * kRadDeg - ct.shear_x) * s2 + os2 - ct.rotation);
    update_world(sk, child_index, {cx, cy, ct.rotation + a2 * alpha, ct.scale_x, ct.scale_y, ct.shear_x, ct.shear_y});
}

}  // namespace

void apply_ik(Skeleton& sk, int index) {
    const IkConstraint& data = sk.model().ik[static_cast<std::size_t>(index)];
    IkState& state = sk.ik[static_cast<std::size_t>(index)];
    const BoneState& target = sk.bones[static_cast<std::size_t>(data.target)];
    if (data.bones.size() == 1)
        solve_one(sk, data.bones[0], target.world_x, target.world_y, state.compress, state.stretch, data.uniform, state.mix);
    else if (data.bones.size() == 2)
        solve_two(sk, state, data.bones[0], data.bones[1], target.world_x, target.world_y, state.bend_direction, state.stretch,
                  sk.data().v4() && data.uniform, state.softness, state.mix);
}

}  // namespace rigio::spine::runtime::detail
