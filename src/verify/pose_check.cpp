// Comparison of rigio's Spine runtime with reference pose dumps (see rigio/verify/pose_check.hpp).
// The reference is read with the located getters of io/json_input, so a malformed dump is reported
// with its JSON path like any other input.
#include "rigio/verify/pose_check.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <unordered_map>

#include "rigio/io/json_input.hpp"
#include "rigio/spine/runtime/animation.hpp"
#include "rigio/spine/runtime/skeleton.hpp"
#include "rigio/spine/runtime/vertices.hpp"

namespace rigio::verify {

namespace rt = spine::runtime;
using io::JsonPath;
using simdjson::dom::element;

std::size_t PoseCheck::failed() const {
    return static_cast<std::size_t>(std::count_if(animations.begin(), animations.end(), [](const AnimationCheck& a) { return !a.ok(); }));
}

double PoseCheck::largest() const {
    double worst = 0;
    for (const AnimationCheck& a : animations) worst = std::max(worst, a.largest);
    return worst;
}

namespace {

constexpr std::string_view kSpineFormat = "spine-oracle-pose/1";
constexpr std::string_view kDragonBonesFormat = "dragonbones-oracle-pose/1";

// Counts values and remembers the first mismatch of an animation.
class Tally {
public:
    explicit Tally(AnimationCheck& check) : check_(check) {}

    void where(std::string prefix) { prefix_ = std::move(prefix); }

    // `label()` names the value; it is called only when the value is out of tolerance.
    template <class Label>
    void number(double want, double got, double tolerance, Label&& label) {
        ++check_.values;
        const double diff = std::isfinite(got) ? std::fabs(want - got) : INFINITY;
        check_.largest = std::max(check_.largest, diff);
        if (diff > tolerance) mismatch(fmt::format("{}: want {:.6g}, got {:.6g}", label(), want, got));
    }

    void mismatch(const std::string& what) {
        if (check_.mismatches++ == 0) check_.first_mismatch = prefix_.empty() ? what : prefix_ + " " + what;
    }

private:
    AnimationCheck& check_;
    std::string prefix_;
};

// Within 1e-3 absolute or 1e-4 relative: the tolerance of the Spine reference.
double spine_tolerance(double want, double got) { return std::max(1e-3, 1e-4 * std::max(std::fabs(want), std::fabs(got))); }

// Reads an array of numbers (at most `out.size()`); returns how many there were.
std::size_t numbers(element e, JsonPath& path, std::vector<double>& out) {
    out.clear();
    std::size_t i = 0;
    for (element v : io::as_array(e, path)) {
        JsonPath::Scope at(path, i++);
        out.push_back(io::as_number(v, path));
    }
    return out.size();
}

element required(simdjson::dom::object obj, std::string_view key, const JsonPath& path) {
    auto m = io::member(obj, key);
    if (!m) path.fail("the reference has no \"" + std::string(key) + "\"");
    return *m;
}

// The string member `key` of `obj`; an error at its path when it is missing or not a string.
std::string_view required_string(simdjson::dom::object obj, std::string_view key, JsonPath& path) {
    JsonPath::Scope at(path, key);
    return io::as_string(required(obj, key, path), path);
}

std::string_view format_of(element root, JsonPath& path) { return required_string(io::as_object(root, path), "format", path); }

// Poses `sk` as the reference was made: setup pose, the animation applied at the sample's t with
// setup blending, world transforms updated. Mismatches found next are reported at that time.
void pose_at_sample_time(const rt::AnimationInfo& info, simdjson::dom::object sample, JsonPath& path, rt::Skeleton& sk, Tally& tally) {
    float t = 0;
    {
        JsonPath::Scope at_t(path, "t");
        t = static_cast<float>(io::as_number(required(sample, "t", path), path));
    }
    sk.set_to_setup_pose();
    rt::apply(info, sk, t, t, false, nullptr, 1);
    sk.update_world_transform();
    tally.where(fmt::format("t={}", t));
}

// --- Spine reference -------------------------------------------------------------------------------

struct SpineSampler {
    const rt::RuntimeData& data;
    std::vector<float> vertices;
    std::vector<double> want;

    void compare_bones(element bones, JsonPath& path, const rt::Skeleton& sk, Tally& tally) {
        static constexpr const char* kFields[7] = {"a", "b", "c", "d", "worldX", "worldY", "active"};
        const simdjson::dom::array list = io::as_array(bones, path);
        if (list.size() != sk.bones.size())
            return tally.mismatch(fmt::format("{} bones expected, the skeleton has {}", list.size(), sk.bones.size()));
        std::size_t i = 0;
        for (element b : list) {
            JsonPath::Scope at(path, i);
            numbers(b, path, want);
            const rt::BoneState& bone = sk.bones[i];
            const double got[7] = {bone.a, bone.b, bone.c, bone.d, bone.world_x, bone.world_y, bone.active ? 1.0 : 0.0};
            auto name = [&] { return data.data->bones[i].name.value_or(""); };
            for (std::size_t k = 0; k < std::min<std::size_t>(want.size(), 7); ++k)
                tally.number(want[k], got[k], spine_tolerance(want[k], got[k]), [&] { return fmt::format("bone \"{}\" {}", name(), kFields[k]); });
            ++i;
        }
    }

    void compare_color(element e, JsonPath& path, const rt::Color& c, Tally& tally, const std::string& slot, const char* which) {
        numbers(e, path, want);
        const double got[4] = {c.r, c.g, c.b, c.a};
        for (std::size_t k = 0; k < std::min<std::size_t>(want.size(), 4); ++k)
            tally.number(want[k], got[k], spine_tolerance(want[k], got[k]), [&] { return fmt::format("slot \"{}\" {}", slot, which); });
    }

    void compare_slots(element slots, JsonPath& path, const rt::Skeleton& sk, Tally& tally) {
        const simdjson::dom::array list = io::as_array(slots, path);
        if (list.size() != sk.draw_order.size())
            return tally.mismatch(fmt::format("{} slots expected, the skeleton has {}", list.size(), sk.draw_order.size()));
        std::size_t i = 0;
        for (element s : list) {
            JsonPath::Scope at(path, i);
            const simdjson::dom::array f = io::as_array(s, path);
            if (f.size() < 5) path.fail("a slot entry has 5 members: index, attachment, colour, dark colour, vertices");
            const int index = sk.draw_order[i++];
            const std::string slot_name = data.data->slots[static_cast<std::size_t>(index)].name.value_or("");
            const std::int64_t want_index = io::as_integer(f.at(0), path);
            if (want_index != index) {
                tally.mismatch(fmt::format("draw order {}: slot {} expected, got {} (\"{}\")", i - 1, want_index, index, slot_name));
                continue;
            }
            const rt::SlotState& slot = sk.slots[static_cast<std::size_t>(index)];
            const std::string got_name =
                slot.attachment >= 0 ? data.attachments[static_cast<std::size_t>(slot.attachment)].name : std::string("null");
            const std::string want_name = f.at(1).is_null() ? std::string("null") : std::string(io::as_string(f.at(1), path));
            if (got_name != want_name) tally.mismatch(fmt::format("slot \"{}\": attachment {} expected, got {}", slot_name, want_name, got_name));
            compare_color(f.at(2), path, slot.color, tally, slot_name, "colour");
            if (f.at(3).is_null() == slot.has_dark)
                tally.mismatch(fmt::format("slot \"{}\": dark colour {}expected", slot_name, slot.has_dark ? "not " : ""));
            else if (slot.has_dark)
                compare_color(f.at(3), path, slot.dark, tally, slot_name, "dark colour");
            const int n = rt::slot_world_vertices(sk, index, vertices.data());
            if (f.at(4).is_null() != (n == 0)) {
                tally.mismatch(fmt::format("slot \"{}\": world vertices {}expected", slot_name, n == 0 ? "" : "not "));
            } else if (n > 0) {
                numbers(f.at(4), path, want);
                if (want.size() != static_cast<std::size_t>(n))
                    tally.mismatch(fmt::format("slot \"{}\": {} vertex values expected, got {}", slot_name, want.size(), n));
                else
                    for (std::size_t k = 0; k < want.size(); ++k)
                        tally.number(want[k], vertices[k], spine_tolerance(want[k], vertices[k]),
                                     [&] { return fmt::format("slot \"{}\" vertex {}", slot_name, k); });
            }
        }
    }
};

void check_spine_run(const rt::RuntimeData& data, element run, JsonPath& path, PoseCheck& out) {
    const simdjson::dom::object obj = io::as_object(run, path);
    int skin = -1;
    std::string skin_name;
    {
        JsonPath::Scope at(path, "skin");
        const element s = required(obj, "skin", path);
        if (!s.is_null()) skin_name = std::string(io::as_string(s, path));
    }
    if (!skin_name.empty()) skin = data.find_skin(skin_name);
    SpineSampler sampler{data, std::vector<float>(static_cast<std::size_t>(data.max_world_vertices)), {}};
    JsonPath::Scope at_animations(path, "animations");
    std::size_t a = 0;
    for (element anim : io::as_array(required(obj, "animations", path), path)) {
        JsonPath::Scope at(path, a++);
        const simdjson::dom::object ao = io::as_object(anim, path);
        AnimationCheck& check = out.animations.emplace_back();
        check.run = skin_name;
        check.animation = std::string(required_string(ao, "name", path));
        Tally tally(check);
        if (!skin_name.empty() && skin < 0) {
            tally.mismatch("the skeleton has no skin \"" + skin_name + "\"");
            continue;
        }
        const int index = data.find_animation(check.animation);
        if (index < 0) {
            tally.mismatch("the skeleton has no animation \"" + check.animation + "\"");
            continue;
        }
        const rt::AnimationInfo& info = data.animations[static_cast<std::size_t>(index)];
        rt::Skeleton sk(data);
        if (skin >= 0) {
            sk.set_skin(skin);
            sk.set_slots_to_setup_pose();
        }
        JsonPath::Scope at_samples(path, "samples");
        std::size_t k = 0;
        for (element sample : io::as_array(required(ao, "samples", path), path)) {
            JsonPath::Scope at_sample(path, k++);
            const simdjson::dom::object so = io::as_object(sample, path);
            pose_at_sample_time(info, so, path, sk, tally);
            {
                JsonPath::Scope at_bones(path, "bones");
                sampler.compare_bones(required(so, "bones", path), path, sk, tally);
            }
            {
                JsonPath::Scope at_slots(path, "slots");
                sampler.compare_slots(required(so, "slots", path), path, sk, tally);
            }
            ++check.samples;
        }
    }
}

// --- DragonBones reference -------------------------------------------------------------------------

void check_dragonbones_armature(element arm, JsonPath& path, const ArmatureRuntime& runtime_for, PoseCheck& out) {
    static constexpr const char* kFields[6] = {"a", "b", "c", "d", "x", "y"};
    const simdjson::dom::object obj = io::as_object(arm, path);
    const std::string name(required_string(obj, "name", path));
    const rt::RuntimeData* data = runtime_for(name);
    std::vector<int> bone_of;  // reference bone -> converted bone, -1 when missing
    std::vector<std::string> bone_names;
    {
        JsonPath::Scope at(path, "bones");
        std::unordered_map<std::string, int> index;
        if (data)
            for (std::size_t i = 0; i < data->data->bones.size(); ++i) index.emplace(data->data->bones[i].name.value_or(""), static_cast<int>(i));
        std::size_t i = 0;
        for (element b : io::as_array(required(obj, "bones", path), path)) {
            JsonPath::Scope at_bone(path, i++);
            bone_names.emplace_back(io::as_string(b, path));
            const auto it = index.find(bone_names.back());
            bone_of.push_back(it == index.end() ? -1 : it->second);
        }
    }
    JsonPath::Scope at_animations(path, "animations");
    std::size_t a = 0;
    std::vector<double> want;
    for (element anim : io::as_array(required(obj, "animations", path), path)) {
        JsonPath::Scope at(path, a++);
        const simdjson::dom::object ao = io::as_object(anim, path);
        AnimationCheck& check = out.animations.emplace_back();
        check.run = name;
        check.animation = std::string(required_string(ao, "name", path));
        Tally tally(check);
        if (!data) {
            tally.mismatch("the input has no armature \"" + name + "\"");
            continue;
        }
        const int index = data->find_animation(check.animation);
        if (index < 0) {
            tally.mismatch("the converted skeleton has no animation \"" + check.animation + "\"");
            continue;
        }
        double dev_matrix = 0, dev_px = 0;
        if (auto dev = io::member(ao, "curveDev")) {
            JsonPath::Scope at_dev(path, "curveDev");
            if (numbers(*dev, path, want) != 2) path.fail("curveDev holds 2 numbers");
            dev_matrix = want[0];
            dev_px = want[1];
        }
        const rt::AnimationInfo& info = data->animations[static_cast<std::size_t>(index)];
        rt::Skeleton sk(*data);
        JsonPath::Scope at_samples(path, "samples");
        std::size_t k = 0;
        for (element sample : io::as_array(required(ao, "samples", path), path)) {
            JsonPath::Scope at_sample(path, k++);
            const simdjson::dom::object so = io::as_object(sample, path);
            if (auto edge = io::member(so, "beforeEdge")) {
                JsonPath::Scope at_edge(path, "beforeEdge");
                if (io::as_bool(*edge, path)) continue;
            }
            pose_at_sample_time(info, so, path, sk, tally);
            JsonPath::Scope at_bones(path, "bones");
            const simdjson::dom::array bones = io::as_array(required(so, "bones", path), path);
            if (bones.size() != bone_names.size()) path.fail(fmt::format("{} bones listed, {} given", bone_names.size(), bones.size()));
            std::size_t i = 0;
            for (element m : bones) {
                JsonPath::Scope at_bone(path, i);
                const std::string& bone_name = bone_names[i];
                const int mine = bone_of[i++];
                if (numbers(m, path, want) != 6) path.fail("a bone matrix holds 6 numbers");
                if (mine < 0) {
                    tally.mismatch("the converted skeleton has no bone \"" + bone_name + "\"");
                    continue;
                }
                // y down (reference) to y up (Spine).
                const double flipped[6] = {want[0], -want[2], -want[1], want[3], want[4], -want[5]};
                const rt::BoneState& s = sk.bones[static_cast<std::size_t>(mine)];
                const double got[6] = {s.a, s.b, s.c, s.d, s.world_x, s.world_y};
                for (int e = 0; e < 6; ++e) {
                    const double w = flipped[e];
                    const double tol = e < 4 ? 1e-4 * std::max(1.0, std::fabs(w)) + dev_matrix + 1e-3
                                             : 1e-3 + 1e-5 * std::fabs(w) + dev_px + 0.05;
                    tally.number(w, got[e], tol, [&] { return fmt::format("bone \"{}\" {}", bone_name, kFields[e]); });
                }
            }
            ++check.samples;
        }
    }
}

}  // namespace

ReferenceKind reference_kind(std::string_view reference_json) {
    const io::JsonDocument doc(reference_json);
    JsonPath path(reference_json);
    const std::string_view format = format_of(doc.root(), path);
    if (format == kSpineFormat) return ReferenceKind::Spine;
    if (format == kDragonBonesFormat) return ReferenceKind::DragonBones;
    JsonPath::Scope at(path, "format");
    path.fail("\"" + std::string(format) + "\" is not a reference pose format rigio knows (" + std::string(kSpineFormat) +
              ", " + std::string(kDragonBonesFormat) + ")");
}

namespace {

// Parses a reference of the `kind` format and calls check(entry, path, out) on each member of its
// `list` array (runs or armatures).
template <class Check>
PoseCheck over_reference(std::string_view reference_json, std::string_view format, const char* kind, std::string_view list,
                         Check&& check) {
    const io::JsonDocument doc(reference_json);
    JsonPath path(reference_json);
    PoseCheck out;
    out.format = std::string(format_of(doc.root(), path));
    if (out.format != format) path.fail(std::string("not a ") + kind + " reference (format " + out.format + ")");
    const simdjson::dom::object root = io::as_object(doc.root(), path);
    JsonPath::Scope at(path, list);
    std::size_t i = 0;
    for (element entry : io::as_array(required(root, list, path), path)) {
        JsonPath::Scope at_entry(path, i++);
        check(entry, path, out);
    }
    return out;
}

}  // namespace

PoseCheck check_spine_poses(const rt::RuntimeData& data, std::string_view reference_json) {
    return over_reference(reference_json, kSpineFormat, "Spine", "runs",
                          [&](element run, JsonPath& path, PoseCheck& out) { check_spine_run(data, run, path, out); });
}

PoseCheck check_dragonbones_poses(std::string_view reference_json, const ArmatureRuntime& runtime_for) {
    return over_reference(reference_json, kDragonBonesFormat, "DragonBones", "armatures", [&](element arm, JsonPath& path, PoseCheck& out) {
        check_dragonbones_armature(arm, path, runtime_for, out);
    });
}

}  // namespace rigio::verify
