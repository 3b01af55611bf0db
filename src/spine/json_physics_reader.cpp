// Spine 4.2 JSON reader: physics constraints and their timelines (mirrored by json_physics_writer.cpp).
#include <cmath>
#include <limits>

#include "json_names.hpp"
#include "json_reader.hpp"

namespace rigio::spine::detail {

namespace {
// The keys of a physics constraint (see Keys).
constexpr auto kPhysicsKeys = keys("name", "order", "skin", "bone", "x", "y", "rotate", "scaleX", "shearX", "limit", "fps", "inertia",
                                   "strength", "damping", "mass", "wind", "gravity", "mix", "inertiaGlobal", "strengthGlobal",
                                   "dampingGlobal", "massGlobal", "windGlobal", "gravityGlobal", "mixGlobal");
}  // namespace

void JsonSkeletonReader::read_physics(JEl e) {
    Scope s(path_, "physics");
    JArr a = array(e);
    sd_.physics.reserve(a.size());
    std::size_t i = 0;
    for (JEl ce : a) {
        Scope si(path_, i);
        JObj o = object(ce);
        PhysicsConstraint c;
        constexpr auto& K = kPhysicsKeys;
        const Fields f = fields(o, K);
        unknown_keys(f, &c.json_extra);
        c.name = required_string(f, K["name"]);
        c.order = integer(f, K["order"], 0, 0, std::numeric_limits<int>::max());
        c.skin_required = flag(f, K["skin"], false);
        c.bone = lookup(bones_, f, K["bone"], "bone");
        c.x = number(f, K["x"], 0);
        c.y = number(f, K["y"], 0);
        c.rotate = number(f, K["rotate"], 0);
        c.scale_x = number(f, K["scaleX"], 0);
        c.shear_x = number(f, K["shearX"], 0);
        c.limit = number(f, K["limit"], 5000);
        c.fps = integer(f, K["fps"], 60, 1, 255);  // the binary holds it in one byte
        c.inertia = number(f, K["inertia"], 1);
        c.strength = number(f, K["strength"], 100);
        c.damping = number(f, K["damping"], 1);
        {
            // The model holds 1/mass (as the binary does): both must be normal floats to survive the trip.
            const float mass = number(f, K["mass"], 1);
            if (!(mass > 0) || !std::isnormal(1 / mass) || !std::isfinite(1 / (1 / mass))) {
                Scope sm(path_, "mass");
                fail("mass must be a positive number whose inverse is a normal float, found " + std::to_string(mass));
            }
            c.mass_inverse = 1 / mass;
        }
        c.wind = number(f, K["wind"], 0);
        c.gravity = number(f, K["gravity"], 0);
        c.mix = number(f, K["mix"], 1);
        c.inertia_global = flag(f, K["inertiaGlobal"], false);
        c.strength_global = flag(f, K["strengthGlobal"], false);
        c.damping_global = flag(f, K["dampingGlobal"], false);
        c.mass_global = flag(f, K["massGlobal"], false);
        c.wind_global = flag(f, K["windGlobal"], false);
        c.gravity_global = flag(f, K["gravityGlobal"], false);
        c.mix_global = flag(f, K["mixGlobal"], false);
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
