// rigio/spine/runtime/physics.hpp: Spine 4.2 physics constraints, stepped by explicit time.
//
// A physics constraint lets one bone lag behind its animated motion and swing back like a damped
// spring. rigio's model (its own; see the README for what is verified):
// - Translation (the constraint's x and y amounts): when the bone's world position moves between two
//   updates, the bone keeps `inertia` of that movement as an offset (at most `limit` units per second of
//   elapsed time), so it trails behind.
// - Rotation and shear (rotate, shearX) and stretch (scaleX): the bone's tip trails the same way; the
//   angle from the bone to its trailing tip becomes an angle offset, the lag along the bone (over its
//   length) a scale offset.
// - Every offset is a spring towards 0 integrated with a fixed step of 1 / fps seconds (semi-implicit
//   Euler): velocity += (force - strength * offset) * step / mass; offset += velocity * step; velocity *=
//   damping ^ (60 * step). The forces are `wind` (along x) and `gravity` (down, -y); for the angle,
//   their torque on the bone's length. Elapsed time that is not a whole step waits for the next update.
// - `mix` scales what is applied to the bone (0: the animated pose).
// Modes: None poses without physics (what the official runtimes' pose dumps use); Reset clears the
// simulation and starts it again from the current pose; Update advances it to the skeleton's `time`;
// Pose applies the current offsets without advancing.
#pragma once

namespace rigio::spine::runtime {

enum class Physics { None, Reset, Update, Pose };

// The simulation state of one physics constraint (part of the skeleton instance).
struct PhysicsSimulation {
    bool restart = true;         // the next update only records positions
    float last_time = 0;         // the skeleton time of the previous update
    float remaining = 0;         // elapsed time not yet stepped
    float prev_x = 0, prev_y = 0;          // the bone's world position at the previous update
    float prev_tip_x = 0, prev_tip_y = 0;  // its tip (end of its length) at the previous update
    float x = 0, vx = 0, y = 0, vy = 0;                  // translation offsets and velocities
    float rotate = 0, v_rotate = 0, scale = 0, v_scale = 0;  // angle (radians) and stretch offsets
};

}  // namespace rigio::spine::runtime
