// Bone world transforms for the five transform (4.2: inherit) modes, and the inverse (applied pose
// from the world transform) that constraints need after they moved a bone.
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>

#if defined(__SSE2__)
#include <xmmintrin.h>
#endif

#include "runtime_internal.hpp"

namespace rigio::spine::runtime::detail {

void refresh_axes(BoneState& bone, float rot_x, float rot_y) {
    float x_cos = bone.axis_x_cos, x_sin = bone.axis_x_sin, y_cos = bone.axis_y_cos, y_sin = bone.axis_y_sin;
    if (!same_bits(rot_x, bone.axis_x_angle)) {
        bone.axis_x_angle = rot_x;
        x_cos = cos_deg(rot_x);
        x_sin = sin_deg(rot_x);
    }
    if (!same_bits(rot_y, bone.axis_y_angle)) {
        bone.axis_y_angle = rot_y;
        y_cos = cos_deg(rot_y);
        y_sin = sin_deg(rot_y);
    }
#if defined(__SSE2__)
    // One store: the caller reads the values back at once, and a load that spans several smaller
    // stores waits for them to reach the cache.
    static_assert(offsetof(BoneState, axis_x_sin) == offsetof(BoneState, axis_x_cos) + 4 &&
                  offsetof(BoneState, axis_y_cos) == offsetof(BoneState, axis_x_cos) + 8 &&
                  offsetof(BoneState, axis_y_sin) == offsetof(BoneState, axis_x_cos) + 12 &&
                  offsetof(BoneState, axis_x_cos) % 16 == 0);
    _mm_store_ps(&bone.axis_x_cos, _mm_setr_ps(x_cos, x_sin, y_cos, y_sin));
#else
    bone.axis_x_cos = x_cos;
    bone.axis_x_sin = x_sin;
    bone.axis_y_cos = y_cos;
    bone.axis_y_sin = y_sin;
#endif
}

void update_world_other(Skeleton& sk, BoneState& bone) {
    const BoneTransform& t = bone.applied;
    float la = bone.axis_x_cos * t.scale_x, lb = bone.axis_y_cos * t.scale_y;
    float lc = bone.axis_x_sin * t.scale_x, ld = bone.axis_y_sin * t.scale_y;

    if (bone.parent < 0) {  // the root: the skeleton's own position and scale
        bone.a = la * sk.scale_x;
        bone.b = lb * sk.scale_x;
        bone.c = lc * sk.scale_y;
        bone.d = ld * sk.scale_y;
        bone.world_x = t.x * sk.scale_x + sk.x;
        bone.world_y = t.y * sk.scale_y + sk.y;
        return;
    }
    const BoneState& parent = sk.bones[static_cast<std::size_t>(bone.parent)];
    float pa = parent.a, pb = parent.b, pc = parent.c, pd = parent.d;
    bone.world_x = pa * t.x + pb * t.y + parent.world_x;
    bone.world_y = pc * t.x + pd * t.y + parent.world_y;

    switch (bone.inherit) {
        case TransformMode::Normal:  // see update_world
            bone.a = pa * la + pb * lc;
            bone.b = pa * lb + pb * ld;
            bone.c = pc * la + pd * lc;
            bone.d = pc * lb + pd * ld;
            return;
        case TransformMode::OnlyTranslation:
            bone.a = la;
            bone.b = lb;
            bone.c = lc;
            bone.d = ld;
            break;
        case TransformMode::NoRotationOrReflection: {
            // Keep the parent's scale (as a uniform-area basis) but drop its rotation.
            float s = pa * pa + pc * pc, parent_rotation;
            if (s > 0.0001f) {
                s = std::fabs(pa * pd - pb * pc) / s;
                pa /= sk.scale_x;
                pc /= sk.scale_y;
                pb = pc * s;
                pd = pa * s;
                parent_rotation = std::atan2(pc, pa) * kRadDeg;
            } else {
                pa = 0;
                pc = 0;
                parent_rotation = 90 - std::atan2(pd, pb) * kRadDeg;
            }
            const float rx = t.rotation + t.shear_x - parent_rotation;
            const float ry = t.rotation + t.shear_y - parent_rotation + 90;
            la = cos_deg(rx) * t.scale_x;
            lb = cos_deg(ry) * t.scale_y;
            lc = sin_deg(rx) * t.scale_x;
            ld = sin_deg(ry) * t.scale_y;
            bone.a = pa * la - pb * lc;
            bone.b = pa * lb - pb * ld;
            bone.c = pc * la + pd * lc;
            bone.d = pc * lb + pd * ld;
            break;
        }
        case TransformMode::NoScale:
        case TransformMode::NoScaleOrReflection: {
            // The parent's rotation applied to a unit basis; its scale is dropped.
            const float cos = cos_deg(t.rotation), sin = sin_deg(t.rotation);
            float za = (pa * cos + pb * sin) / sk.scale_x;
            float zc = (pc * cos + pd * sin) / sk.scale_y;
            float s = std::sqrt(za * za + zc * zc);
            if (s > 0.00001f) s = 1 / s;
            za *= s;
            zc *= s;
            s = std::sqrt(za * za + zc * zc);
            if (bone.inherit == TransformMode::NoScale &&
                (pa * pd - pb * pc < 0) != ((sk.scale_x < 0) != (sk.scale_y < 0)))
                s = -s;
            const float r = kPi / 2 + std::atan2(zc, za);
            const float zb = std::cos(r) * s, zd = std::sin(r) * s;
            la = cos_deg(t.shear_x) * t.scale_x;
            lb = cos_deg(90 + t.shear_y) * t.scale_y;
            lc = sin_deg(t.shear_x) * t.scale_x;
            ld = sin_deg(90 + t.shear_y) * t.scale_y;
            bone.a = za * la + zb * lc;
            bone.b = za * lb + zb * ld;
            bone.c = zc * la + zd * lc;
            bone.d = zc * lb + zd * ld;
            break;
        }
    }
    bone.a *= sk.scale_x;
    bone.b *= sk.scale_x;
    bone.c *= sk.scale_y;
    bone.d *= sk.scale_y;
}

void keep_moved_parent(Skeleton& sk, int index) {
    const int parent_index = sk.model().bones[static_cast<std::size_t>(index)].parent;
    if (parent_index < 0) return;
    const BoneState& parent = sk.bones[static_cast<std::size_t>(parent_index)];
    sk.moved_parents[static_cast<std::size_t>(index)] = {parent.a, parent.b, parent.c, parent.d, parent.world_x, parent.world_y};
}

void update_applied(Skeleton& sk, int index) {
    BoneState& bone = sk.bones[static_cast<std::size_t>(index)];
    BoneTransform& t = bone.applied;
    bone.applied_valid = true;
    const int parent_index = sk.model().bones[static_cast<std::size_t>(index)].parent;
    if (parent_index < 0) {
        t.x = bone.world_x;
        t.y = bone.world_y;
        t.rotation = std::atan2(bone.c, bone.a) * kRadDeg;
        t.scale_x = std::sqrt(bone.a * bone.a + bone.c * bone.c);
        t.scale_y = std::sqrt(bone.b * bone.b + bone.d * bone.d);
        t.shear_x = 0;
        t.shear_y = std::atan2(bone.a * bone.b + bone.c * bone.d, bone.a * bone.d - bone.b * bone.c) * kRadDeg;
        return;
    }
    // 4.x: the parent as it was when the bone was moved (see invalidate_applied); 3.x: as it is now.
    const BoneState& live = sk.bones[static_cast<std::size_t>(parent_index)];
    const ParentWorld parent = sk.data().v4() ? sk.moved_parents[static_cast<std::size_t>(index)]
                                              : ParentWorld{live.a, live.b, live.c, live.d, live.world_x, live.world_y};
    float pa = parent.a, pb = parent.b, pc = parent.c, pd = parent.d;
    float pid = 1 / (pa * pd - pb * pc);
    const float dx = bone.world_x - parent.world_x, dy = bone.world_y - parent.world_y;
    t.x = dx * pd * pid - dy * pb * pid;
    t.y = dy * pa * pid - dx * pc * pid;
    float ra, rb, rc, rd;
    if (sk.data().v4() && bone.inherit == TransformMode::OnlyTranslation) {
        ra = bone.a, rb = bone.b, rc = bone.c, rd = bone.d;
    } else {
        // Local matrix = inverse(the basis the bone inherits) * world. 3.x always inverts the parent's
        // matrix; 4.x first removes what the inherit mode leaves out, as update_world does.
        if (sk.data().v4() && bone.inherit == TransformMode::NoRotationOrReflection) {
            const float s = std::fabs(pa * pd - pb * pc) / (pa * pa + pc * pc);
            const float sa = pa / sk.scale_x, sc = pc / sk.scale_y;
            pb = -sc * s * sk.scale_x;
            pd = sa * s * sk.scale_y;
            pid = 1 / (pa * pd - pb * pc);
        } else if (sk.data().v4() && (bone.inherit == TransformMode::NoScale || bone.inherit == TransformMode::NoScaleOrReflection)) {
            const float r = bone.local.rotation * kDegRad, cos = std::cos(r), sin = std::sin(r);
            pa = (pa * cos + pb * sin) / sk.scale_x;
            pc = (pc * cos + pd * sin) / sk.scale_y;
            float s = std::sqrt(pa * pa + pc * pc);
            if (s > 0.00001f) s = 1 / s;
            pa *= s;
            pc *= s;
            s = std::sqrt(pa * pa + pc * pc);
            if (bone.inherit == TransformMode::NoScale && (pid < 0) != ((sk.scale_x < 0) != (sk.scale_y < 0))) s = -s;
            const float q = kPi / 2 + std::atan2(pc, pa);
            pb = std::cos(q) * s;
            pd = std::sin(q) * s;
            pid = 1 / (pa * pd - pb * pc);
        }
        const float ia = pid * pd, id = pid * pa, ib = pid * pb, ic = pid * pc;
        ra = ia * bone.a - ib * bone.c;
        rb = ia * bone.b - ib * bone.d;
        rc = id * bone.c - ic * bone.a;
        rd = id * bone.d - ic * bone.b;
    }
    t.shear_x = 0;
    t.scale_x = std::sqrt(ra * ra + rc * rc);
    if (t.scale_x > 0.0001f) {
        const float det = ra * rd - rb * rc;
        t.scale_y = det / t.scale_x;
        t.shear_y = std::atan2(ra * rb + rc * rd, det) * kRadDeg;
        t.rotation = std::atan2(rc, ra) * kRadDeg;
    } else {
        t.scale_x = 0;
        t.scale_y = std::sqrt(rb * rb + rd * rd);
        t.shear_y = 0;
        t.rotation = 90 - std::atan2(rd, rb) * kRadDeg;
    }
}

}  // namespace rigio::spine::runtime::detail
