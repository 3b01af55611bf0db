// Pose dumps in the golden schema (see pose_json.hpp).
#include "rigio/verify/pose_json.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <iterator>
#include <vector>

#include "rigio/io/error.hpp"
#include "rigio/spine/runtime/animation.hpp"
#include "rigio/spine/runtime/skeleton.hpp"
#include "rigio/spine/runtime/sequence.hpp"
#include "rigio/spine/runtime/vertices.hpp"

namespace rigio::verify {

using namespace spine::runtime;
using spine::SkeletonData;

namespace {

using Buffer = fmt::memory_buffer;

// 6 significant digits; -0 as 0; NaN and infinities as null.
void number(Buffer& b, float v) {
    if (!std::isfinite(v)) {
        fmt::format_to(std::back_inserter(b), "null");
        return;
    }
    if (v == 0) v = 0;  // drops the sign of -0
    char tmp[32];
    const int n = std::snprintf(tmp, sizeof tmp, "%.6g", static_cast<double>(v));
    if (n == 2 && tmp[0] == '-' && tmp[1] == '0') {
        b.push_back('0');
        return;
    }
    b.append(tmp, tmp + n);
}

// Exact float (9 significant digits), for sample times and durations.
void exact(Buffer& b, float v) {
    char tmp[32];
    const int n = std::snprintf(tmp, sizeof tmp, "%.9g", static_cast<double>(v));
    b.append(tmp, tmp + n);
}

void string(Buffer& b, std::string_view s) {
    b.push_back('"');
    for (char ch : s) {
        const auto c = static_cast<unsigned char>(ch);
        if (c == '"' || c == '\\') {
            b.push_back('\\');
            b.push_back(ch);
        } else if (c < 0x20) {
            fmt::format_to(std::back_inserter(b), "\\u{:04x}", c);
        } else {
            b.push_back(ch);
        }
    }
    b.push_back('"');
}

void color(Buffer& b, const Color& c) {
    b.push_back('[');
    number(b, c.r);
    b.push_back(',');
    number(b, c.g);
    b.push_back(',');
    number(b, c.b);
    b.push_back(',');
    number(b, c.a);
    b.push_back(']');
}

// 4.1+: when the slot shows a sequence attachment, a 6th element [frame, region path].
void sequence_frame(Buffer& b, const Skeleton& sk, int slot) {
    const int frame = spine::runtime::sequence_frame(sk, slot);
    if (frame < 0) return;
    fmt::format_to(std::back_inserter(b), ",[{},", frame);
    const int attachment = sk.slots[static_cast<std::size_t>(slot)].attachment;
    string(b, sequence_region(sk.data().attachments[static_cast<std::size_t>(attachment)], frame));
    b.push_back(']');
}

void sample(Buffer& b, const Skeleton& sk, float t, std::vector<float>& verts) {
    b.append(std::string_view("{\"t\":"));
    exact(b, t);
    b.append(std::string_view(",\"bones\":["));
    for (std::size_t i = 0; i < sk.bones.size(); ++i) {
        const BoneState& bone = sk.bones[i];
        if (i) b.push_back(',');
        b.push_back('[');
        for (float v : {bone.a, bone.b, bone.c, bone.d, bone.world_x, bone.world_y}) {
            number(b, v);
            b.push_back(',');
        }
        b.push_back(bone.active ? '1' : '0');
        b.push_back(']');
    }
    b.append(std::string_view("],\"slots\":["));
    for (std::size_t i = 0; i < sk.draw_order.size(); ++i) {
        const int index = sk.draw_order[i];
        const SlotState& slot = sk.slots[static_cast<std::size_t>(index)];
        if (i) b.push_back(',');
        fmt::format_to(std::back_inserter(b), "[{},", index);
        if (slot.attachment >= 0)
            string(b, sk.data().attachments[static_cast<std::size_t>(slot.attachment)].name);
        else
            b.append(std::string_view("null"));
        b.push_back(',');
        color(b, slot.color);
        b.push_back(',');
        if (slot.has_dark)
            color(b, slot.dark);
        else
            b.append(std::string_view("null"));
        b.push_back(',');
        const int n = slot_world_vertices(sk, index, verts.data());
        if (n == 0) {
            b.append(std::string_view("null"));
        } else {
            b.push_back('[');
            for (int k = 0; k < n; ++k) {
                if (k) b.push_back(',');
                number(b, verts[static_cast<std::size_t>(k)]);
            }
            b.push_back(']');
        }
        sequence_frame(b, sk, index);
        b.push_back(']');
    }
    b.push_back(']');
    if (!sk.physics.empty()) {
        b.append(std::string_view(",\"physics\":["));
        for (std::size_t i = 0; i < sk.physics.size(); ++i) {
            const PhysicsState& p = sk.physics[i];
            if (i) b.push_back(',');
            b.push_back('[');
            int k = 0;
            for (float v : {p.inertia, p.strength, p.damping, p.mass_inverse, p.wind, p.gravity, p.mix}) {
                if (k++) b.push_back(',');
                number(b, v);
            }
            b.push_back(']');
        }
        b.push_back(']');
    }
    b.push_back('}');
}

void flush(Buffer& b, std::FILE* out) {
    std::fwrite(b.data(), 1, b.size(), out);
    b.clear();
}

void write_poses(const RuntimeData& data, const PoseOptions& options, std::FILE* out) {
    const SkeletonData& sd = *data.data;
    int skin = -1;
    if (options.skin) {
        skin = data.find_skin(*options.skin);
        if (skin < 0) throw Error("no skin named \"" + *options.skin + "\"");
    } else {
        skin = skin_rule(data);
    }
    int only = -1;
    if (options.animation) {
        only = data.find_animation(*options.animation);
        if (only < 0) throw Error("no animation named \"" + *options.animation + "\"");
    }
    if (options.samples < 0) throw Error("the sample count must not be negative");
    if (options.physics && (options.fps <= 0 || options.fps > 100000)) throw Error("the physics frame rate must be 1 to 100000");

    Buffer b;
    b.append(std::string_view("{\"format\":\"spine-oracle-pose/1\",\"source\":"));
    string(b, options.source);
    b.append(std::string_view(",\"loader\":"));
    string(b, options.loader);
    fmt::format_to(std::back_inserter(b), ",\"samples\":{},\"skinRule\":\"{}\",\n\"bones\":[", options.samples,
                   options.skin ? "named" : "rule");
    for (std::size_t i = 0; i < sd.bones.size(); ++i) {
        if (i) b.push_back(',');
        string(b, spine::view_of(sd.bones[i].name));
    }
    b.append(std::string_view("],\n\"slots\":["));
    for (std::size_t i = 0; i < sd.slots.size(); ++i) {
        if (i) b.push_back(',');
        string(b, spine::view_of(sd.slots[i].name));
    }
    b.append(std::string_view("],\n\"runs\":[\n{\"skin\":"));
    if (skin >= 0)
        string(b, data.skins[static_cast<std::size_t>(skin)].name);
    else
        b.append(std::string_view("null"));
    b.append(std::string_view(",\"animations\":["));

    std::vector<float> verts(static_cast<std::size_t>(data.max_world_vertices));
    bool first = true;
    for (std::size_t a = 0; a < data.animations.size(); ++a) {
        if (only >= 0 && static_cast<int>(a) != only) continue;
        const AnimationInfo& anim = data.animations[a];
        b.append(std::string_view(first ? "\n{\"name\":" : ",\n{\"name\":"));
        first = false;
        string(b, anim.name);
        b.append(std::string_view(",\"duration\":"));
        exact(b, anim.duration);
        b.append(std::string_view(",\"samples\":["));
        Skeleton sk(data);  // fresh instance per animation
        if (skin >= 0) {
            sk.set_skin(skin);
            sk.set_slots_to_setup_pose();
        }
        const float d = anim.duration;
        const int n = d == 0 ? 0 : options.samples;
        double simulated = -1;  // physics: the time of the last frame stepped
        auto frame = [&](float t, Physics physics) {
            sk.set_to_setup_pose();
            apply(anim, sk, t, t, false, nullptr, 1);
            sk.time = t;
            sk.update_world_transform(physics);
        };
        for (int k = 0; k <= n; ++k) {
            const float t = k == n ? d : static_cast<float>(static_cast<double>(d) * k / n);
            if (!options.physics) {
                frame(t, Physics::None);
            } else {
                if (simulated < 0) {
                    sk.reset_physics();
                    frame(0, Physics::Update);
                    simulated = 0;
                }
                // Frames every 1 / fps seconds up to t, then one at t.
                const double step = 1.0 / options.fps;
                while (simulated + step < t) {
                    simulated += step;
                    frame(static_cast<float>(simulated), Physics::Update);
                }
                if (simulated < t || k == 0) frame(t, Physics::Update);
                simulated = std::max(simulated, static_cast<double>(t));
            }
            b.append(std::string_view(k ? ",\n" : "\n"));
            sample(b, sk, t, verts);
            if (b.size() > (1u << 20)) flush(b, out);
        }
        b.append(std::string_view("]}"));
    }
    b.append(std::string_view("]}]}\n"));
    flush(b, out);
}

}  // namespace

Result<void> write_pose_json(const RuntimeData& data, const PoseOptions& options, std::FILE* out) {
    return capture([&] { write_poses(data, options, out); });
}

}  // namespace rigio::verify
