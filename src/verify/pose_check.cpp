// Comparison of rigio's Spine runtime with reference pose dumps (see rigio/verify/pose_check.hpp): the
// parts both kinds of reference share. The Spine half is pose_check_spine.cpp, the DragonBones half
// pose_check_dragonbones.cpp. The reference is read with the located getters of io/json_input, so a
// malformed dump is reported with its JSON path like any other input.
#include "rigio/verify/pose_check.hpp"

#include "pose_check_internal.hpp"

namespace rigio::verify {

using namespace detail;

std::size_t PoseCheck::failed() const {
    return static_cast<std::size_t>(std::count_if(animations.begin(), animations.end(), [](const AnimationCheck& a) { return !a.ok(); }));
}

double PoseCheck::largest() const {
    double worst = 0;
    for (const AnimationCheck& a : animations) worst = std::max(worst, a.largest);
    return worst;
}

namespace {

std::string_view format_of(element root, JsonPath& path) { return required_string(io::as_object(root, path), "format", path); }

// Parses a reference of the `kind` format and calls check(root, entry, path, out) on each member of its
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
        check(doc.root(), entry, path, out);
    }
    return out;
}

ReferenceKind kind_of(std::string_view reference_json) {
    const io::JsonDocument doc(reference_json);
    JsonPath path(reference_json);
    const std::string_view format = format_of(doc.root(), path);
    if (format == kSpineFormat) return ReferenceKind::Spine;
    if (format == kDragonBonesFormat) return ReferenceKind::DragonBones;
    JsonPath::Scope at(path, "format");
    path.fail("\"" + std::string(format) + "\" is not a reference pose format rigio knows (" + std::string(kSpineFormat) + ", " +
              std::string(kDragonBonesFormat) + ")");
}

}  // namespace

Result<ReferenceKind> reference_kind(std::string_view reference_json) {
    return capture([&] { return kind_of(reference_json); });
}

Result<PoseCheck> check_spine_poses(const spine::runtime::RuntimeData& data, std::string_view reference_json) {
    return capture([&] {
        return over_reference(reference_json, kSpineFormat, "Spine", "runs",
                              [&](element root, element run, JsonPath& path, PoseCheck& out) { check_spine_run(data, root, run, path, out); });
    });
}

Result<PoseCheck> check_dragonbones_poses(std::string_view reference_json, const ArmatureRuntime& runtime_for) {
    return capture([&] {
        return over_reference(reference_json, kDragonBonesFormat, "DragonBones", "armatures", [&](element, element arm, JsonPath& path, PoseCheck& out) {
            check_dragonbones_armature(arm, path, runtime_for, out);
        });
    });
}

}  // namespace rigio::verify
