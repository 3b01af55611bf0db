// Physics constraints (Spine 4.2): rigio's damped-spring model, stepped at a fixed rate (see physics.hpp).
#include "rigio/spine/runtime/physics.hpp"

#include <algorithm>
#include <cmath>

#include "runtime_internal.hpp"

namespace rigio::spine::runtime::detail {

namespace {

// One fixed step of a spring towards 0 under `force` (per unit mass).
void spring(float& offset, float& velocity, float force, const PhysicsState& st, float step, float decay) {
    velocity += (force - st.strength * offset) * st.mass_inverse * step;
    offset += velocity * step;
    velocity *= decay;
}

// Rotates the bone's x axis by `rx` and its y axis by `ry` (radians) in world space.
void turn(BoneState& bone, float rx, float ry) {
    const float cx = std::cos(rx), sx = std::sin(rx), cy = std::cos(ry), sy = std::sin(ry);
    const float a = bone.a, b = bone.b, c = bone.c, d = bone.d;
    bone.a = cx * a - sx * c;
    bone.c = sx * a + cx * c;
    bone.b = cy * b - sy * d;
    bone.d = sy * b + cy * d;
}

}  // namespace

void apply_physics(Skeleton& sk, int index, Physics mode) {
    if (mode == Physics::None) return;
    const PhysicsConstraint& d = sk.model().physics[static_cast<std::size_t>(index)];
    PhysicsState& st = sk.physics[static_cast<std::size_t>(index)];
    PhysicsSimulation& s = st.sim;
    BoneState& bone = sk.bones[static_cast<std::size_t>(d.bone)];
    const float length = sk.model().bones[static_cast<std::size_t>(d.bone)].length;
    const bool angle = d.rotate > 0 || d.shear_x > 0, stretch = d.scale_x > 0;
    // The bone's axis in world space (unit) and its world length.
    const float axis_len = std::sqrt(bone.a * bone.a + bone.c * bone.c);
    const float ux = axis_len > 0 ? bone.a / axis_len : 1, uy = axis_len > 0 ? bone.c / axis_len : 0;
    const float world_length = length * axis_len;
    const float tip_x = bone.world_x + length * bone.a, tip_y = bone.world_y + length * bone.c;

    if (mode == Physics::Reset) s = PhysicsSimulation{};
    if (mode != Physics::Pose) {
        const float delta = std::max(sk.time - s.last_time, 0.0f);
        s.last_time = sk.time;
        if (s.restart) {
            s.restart = false;
            s.remaining = 0;
        } else {
            s.remaining += delta;
            const float limit = d.limit * delta;
            auto lag = [&](float moved) { return std::clamp(moved * st.inertia, -limit, limit); };
            if (d.x > 0) s.x += lag(s.prev_x - bone.world_x);
            if (d.y > 0) s.y += lag(s.prev_y - bone.world_y);
            if ((angle || stretch) && world_length > 0) {
                // The tip trails by its lag: the bone turns by the angle to the trailing tip and
                // stretches by the lag along its axis.
                const float lx = lag(s.prev_tip_x - tip_x), ly = lag(s.prev_tip_y - tip_y);
                const float across = ux * ly - uy * lx, along = ux * lx + uy * ly;
                if (angle) s.rotate += std::atan2(across, world_length + along);
                if (stretch) s.scale += along / world_length;
            }
            const float step = 1.0f / static_cast<float>(std::max(d.fps, 1));
            const float decay = std::pow(st.damping, 60 * step);
            while (s.remaining >= step) {
                s.remaining -= step;
                if (d.x > 0) spring(s.x, s.vx, st.wind, st, step, decay);
                if (d.y > 0) spring(s.y, s.vy, -st.gravity, st, step, decay);
                if ((angle || stretch) && world_length > 0) {
                    // Wind and gravity act on the tip of the turned bone.
                    const float r = std::atan2(uy, ux) + s.rotate * d.rotate, cos = std::cos(r), sin = std::sin(r);
                    if (angle) spring(s.rotate, s.v_rotate, (-st.wind * sin - st.gravity * cos) / world_length, st, step, decay);
                    if (stretch) spring(s.scale, s.v_scale, (st.wind * cos - st.gravity * sin) / world_length, st, step, decay);
                }
            }
        }
        s.prev_x = bone.world_x;
        s.prev_y = bone.world_y;
        s.prev_tip_x = tip_x;
        s.prev_tip_y = tip_y;
    }
    const float mix = st.mix;
    if (mix == 0) return;
    if (d.x > 0) bone.world_x += s.x * mix * d.x;
    if (d.y > 0) bone.world_y += s.y * mix * d.y;
    if (angle) {
        const float r = s.rotate * mix;
        turn(bone, r * (d.rotate + d.shear_x), r * d.rotate);  // shearX turns the x axis only
    }
    if (stretch) {
        const float k = 1 + s.scale * mix * d.scale_x;
        bone.a *= k;
        bone.c *= k;
    }
    invalidate_applied(sk, d.bone);
}

}  // namespace rigio::spine::runtime::detail
