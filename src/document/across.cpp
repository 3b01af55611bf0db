// Conversion of a Document between model families: Spine -> DragonBones JSON, DragonBones -> Spine.
#include "rigio/document/across.hpp"

#include "rigio/convert/dragonbones_to_spine.hpp"
#include "rigio/convert/spine_to_dragonbones.hpp"

namespace rigio {

namespace {

// The armature to convert: by index, else by name, else the first; an Error naming the choices.
std::size_t choose_armature(const Document& doc, const dragonbones::DragonBonesData& db, const AcrossOptions& options,
                            std::optional<std::size_t> armature_index) {
    if (armature_index) {
        if (*armature_index >= db.armature.size())
            throw Error("no armature " + std::to_string(*armature_index), Location::at_path("/armature"));
        return *armature_index;
    }
    if (!options.armature.empty()) {
        auto found = convert::find_armature(db, options.armature);
        if (found) return *found;
        std::string names;
        for (const std::string& n : armature_names(doc)) names += (names.empty() ? "\"" : ", \"") + n + "\"";
        throw Error("no armature \"" + options.armature + "\" (the file has " + names + ")", Location::at_path("/armature"));
    }
    if (db.armature.empty()) throw Error("the file has no armature", Location::at_path("/armature"));
    return 0;
}

}  // namespace

bool needs_conversion(const Document& doc, Format target) {
    const bool spine_target = target == Format::SpineBinary || target == Format::SpineJson;
    if (spine_target && std::holds_alternative<dragonbones::DragonBonesData>(doc.model)) return true;
    return target == Format::DragonBonesJson && std::holds_alternative<spine::SkeletonData>(doc.model);
}

std::vector<std::string> armature_names(const Document& doc) {
    std::vector<std::string> out;
    if (const auto* db = std::get_if<dragonbones::DragonBonesData>(&doc.model))
        for (const auto& a : db->armature) out.push_back(a.name ? *a.name : std::string());
    return out;
}

Result<LossReport> convert_across(Document& doc, Format target, const AcrossOptions& options,
                                  std::optional<std::size_t> armature_index) {
    (void)target;  // the model family decides the direction; the target's encoding is the writer's
    return capture([&] {
        LossReport report;
        if (const auto* sd = std::get_if<spine::SkeletonData>(&doc.model)) {
            convert::SpineToDragonBonesOptions o;
            o.name = options.name;
            doc.model = convert::spine_to_dragonbones(*sd, report, o).value();
            doc.format = Format::DragonBonesJson;
            return report;
        }
        const auto* db = std::get_if<dragonbones::DragonBonesData>(&doc.model);
        if (!db) return report;
        const std::size_t index = choose_armature(doc, *db, options, armature_index);
        convert::DragonBonesToSpineOptions o;
        o.curves_as_is = options.curves_as_is;
        auto sd = convert::dragonbones_to_spine(*db, index, report, o);
        if (!sd) throw sd.error();
        doc.model = std::move(*sd);
        doc.format = Format::SpineJson;  // written without the editor's rounding: every value kept
        return report;
    });
}

}  // namespace rigio
