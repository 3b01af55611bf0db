// Spine 4.2 JSON reader: physics constraints and their timelines (mirrored by json_physics_writer.cpp).
#include <cmath>
#include <limits>

#include "json_names.hpp"
#include "json_reader.hpp"

namespace rigio::spine::detail {

void JsonSkeletonReader::read_physics(JEl e) {
    Scope s(path_, "physics");
    JArr a = array(e);
    sd_.physics.reserve(a.size());
    std::size_t i = 0;
    for (JEl ce : a) {
        Scope si(path_, i);
        JObj o = object(ce);
        PhysicsConstraint c;
        known_keys(o, {"name", "order", "skin", "bone", "x", "y", "rotate", "scaleX", "shearX", "limit", "fps", "inertia", "strength",
                       "damping", "mass", "wind", "gravity", "mix", "inertiaGlobal", "strengthGlobal", "dampingGlobal", "massGlobal",
                       "windGlobal", "gravityGlobal", "mixGlobal"},
                   &c.json_extra);
        c.name = required_string(o, "name");
        c.order = integer(o, "order", 0, 0, std::numeric_limits<int>::max());
        c.skin_required = flag(o, "skin", false);
        c.bone = lookup(bones_, o, "bone", "bone");
        c.x = number(o, "x", 0);
        c.y = number(o, "y", 0);
        c.rotate = number(o, "rotate", 0);
        c.scale_x = number(o, "scaleX", 0);
        c.shear_x = number(o, "shearX", 0);
        c.limit = number(o, "limit", 5000);
        c.fps = integer(o, "fps", 60, 1, 255);  // the binary holds it in one byte
        c.inertia = number(o, "inertia", 1);
        c.strength = number(o, "strength", 100);
        c.damping = number(o, "damping", 1);
        {
            // The model holds 1/mass (as the binary does): both must be normal floats to survive the trip.
            const float mass = number(o, "mass", 1);
            if (!(mass > 0) || !std::isnormal(1 / mass) || !std::isfinite(1 / (1 / mass))) {
                Scope sm(path_, "mass");
                fail("mass must be a positive number whose inverse is a normal float, found " + std::to_string(mass));
            }
            c.mass_inverse = 1 / mass;
        }
        c.wind = number(o, "wind", 0);
        c.gravity = number(o, "gravity", 0);
        c.mix = number(o, "mix", 1);
        c.inertia_global = flag(o, "inertiaGlobal", false);
        c.strength_global = flag(o, "strengthGlobal", false);
        c.damping_global = flag(o, "dampingGlobal", false);
        c.mass_global = flag(o, "massGlobal", false);
        c.wind_global = flag(o, "windGlobal", false);
        c.gravity_global = flag(o, "gravityGlobal", false);
        c.mix_global = flag(o, "mixGlobal", false);
        add_name(physics_, c.name, static_cast<int>(i), "constraint");
        sd_.physics.push_back(std::move(c));
        ++i;
    }
}

// {constraint: {inertia|strength|damping|mass|wind|gravity|mix: [{time, value, curve}], reset: [{time}]}};
// the constraint "" means every physics constraint.
void JsonSkeletonReader::read_physics_timelines(Animation& a, JObj o) {
    a.physics.reserve(a.physics.size() + o.size());
    for (auto field : o) {
        Scope s(path_, field.key);
        PhysicsTimelines g;
        g.constraint = field.key.empty() ? -1 : lookup_name(physics_, field.key, "physics constraint");
        JObj timelines = object(field.value);
        g.timelines.reserve(timelines.size());
        for (auto tl : timelines) {
            Scope st(path_, tl.key);
            auto type = find_name(kPhysicsTimelineNames, tl.key);
            if (!type)
                fail("unknown physics timeline \"" + std::string(tl.key.substr(0, 40)) +
                     "\" (expected inertia, strength, damping, mass, wind, gravity, mix or reset)");
            PhysicsTimeline t;
            t.type = static_cast<PhysicsTimelineType>(*type);
            const bool reset = t.type == PhysicsTimelineType::Reset;
            each_key(tl.value, t.keys, [&](JObj k) {
                PhysicsKeyframe key;
                if (reset) {
                    keyframe_keys(a, k, {"time"});
                    key.time = number(k, "time", 0);
                } else {
                    keyframe_keys(a, k, {"time", "value", "curve"});
                    key.time = number(k, "time", 0);
                    key.value = number(k, "value", 0);
                    key.curve = read_bezier<Curve2>(k, 1);
                }
                t.keys.push_back(std::move(key));
            });
            g.timelines.push_back(std::move(t));
        }
        a.physics.push_back(std::move(g));
    }
}

}  // namespace rigio::spine::detail
