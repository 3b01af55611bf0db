// Spine 4.2 JSON writer: physics constraints and their timelines (mirrors json_physics_reader.cpp).
#include <cstdio>
#include <string>

#include "json_names.hpp"
#include "json_skeleton_writer.hpp"

namespace rigio::spine::detail {

// JSON holds the mass, the model (as the binary) its inverse: the shortest decimal whose inverse is that
// float, so that a mass read from JSON is written as it was.
void JsonSkeletonWriter::write_mass(float mass_inverse) {
    const double mass = 1.0 / static_cast<double>(mass_inverse);
    if (mass_inverse == 1 || (rounding_ && is_rounded_default(static_cast<float>(mass), 1, 2))) return;
    char buf[40];
    for (int digits = 1; digits <= 17; ++digits) {
        std::snprintf(buf, sizeof buf, "%.*g", digits, mass);
        const float m = std::strtof(buf, nullptr);
        if (1 / m == mass_inverse) {
            num("mass", m);
            return;
        }
    }
    num("mass", static_cast<float>(mass));
}

void JsonSkeletonWriter::write_physics() {
    w_.key("physics");
    w_.begin_array();
    for (const PhysicsConstraint& c : sd_.physics) {
        w_.begin_object();
        name_of("name", c.name);
        if (c.order != 0) w_.member("order", c.order);
        flag_unless("skin", c.skin_required, false);
        bone_name("bone", c.bone);
        num_unless("x", c.x, 0, 2);
        num_unless("y", c.y, 0, 2);
        num_unless("rotate", c.rotate, 0, 2);
        num_unless("scaleX", c.scale_x, 0, 2);
        num_unless("shearX", c.shear_x, 0, 2);
        num_unless("limit", c.limit, 5000, 2);
        if (c.fps != 60) w_.member("fps", c.fps);
        num_unless("inertia", c.inertia, 1, 4);
        num_unless("strength", c.strength, 100, 2);
        num_unless("damping", c.damping, 1, 4);
        write_mass(c.mass_inverse);
        num_unless("wind", c.wind, 0, 2);
        num_unless("gravity", c.gravity, 0, 2);
        num_unless("mix", c.mix, 1, 4);
        flag_unless("inertiaGlobal", c.inertia_global, false);
        flag_unless("strengthGlobal", c.strength_global, false);
        flag_unless("dampingGlobal", c.damping_global, false);
        flag_unless("massGlobal", c.mass_global, false);
        flag_unless("windGlobal", c.wind_global, false);
        flag_unless("gravityGlobal", c.gravity_global, false);
        flag_unless("mixGlobal", c.mix_global, false);
        extras(c.json_extra);
        w_.end_object();
    }
    w_.end_array();
}

void JsonSkeletonWriter::write_physics_timelines(const Animation& a) {
    w_.key("physics");
    w_.begin_object();
    for (const PhysicsTimelines& g : a.physics) {
        const std::string_view constraint = g.constraint < 0 ? std::string_view() : text(sd_.physics[static_cast<std::size_t>(g.constraint)].name);
        w_.key(constraint);
        w_.begin_object();
        for (const PhysicsTimeline& t : g.timelines) {
            const std::string_view name = kPhysicsTimelineNames[static_cast<std::size_t>(t.type)];
            w_.key(name);
            w_.begin_array();
            for (std::size_t i = 0; i < t.keys.size(); ++i) {
                const PhysicsKeyframe& k = t.keys[i];
                w_.begin_object();
                time(k.time);
                if (t.type != PhysicsTimelineType::Reset) {
                    num_unless("value", k.value, 0, 4);
                    write_curve_of(t.keys, i);
                }
                if (has_key_extras()) key_extras({"physics", constraint, name, std::to_string(i)});
                w_.end_object();
            }
            w_.end_array();
        }
        w_.end_object();
    }
    w_.end_object();
}

}  // namespace rigio::spine::detail
