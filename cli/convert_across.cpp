#include "convert_across.hpp"

#include <filesystem>

#include "rigio/convert/dragonbones_to_spine.hpp"
#include "rigio/convert/spine_to_dragonbones.hpp"
#include "text.hpp"

namespace rigio::cli {

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

convert::LossReport convert_for(Document& doc, Format target, const std::string& in, const AcrossOptions& options,
                                std::optional<std::size_t> armature_index) {
    (void)target;
    convert::LossReport report;
    if (const auto* sd = std::get_if<spine::SkeletonData>(&doc.model)) {
        convert::SpineToDragonBonesOptions o;
        o.name = in == "-" ? std::string("skeleton") : std::filesystem::path(in).stem().string();
        auto data = convert::spine_to_dragonbones(*sd, report, o);
        doc.model = std::move(data);
        doc.format = Format::DragonBonesJson;
        return report;
    }
    const auto* db = std::get_if<dragonbones::DragonBonesData>(&doc.model);
    if (!db) return report;
    std::size_t index = 0;
    if (armature_index) {
        index = *armature_index;
        if (index >= db->armature.size()) throw Error("no armature " + std::to_string(index), Location::at_path("/armature"));
    } else if (!options.armature.empty()) {
        auto found = convert::find_armature(*db, options.armature);
        if (!found) {
            std::string names;
            for (const std::string& n : armature_names(doc)) names += (names.empty() ? "\"" : ", \"") + esc(n) + "\"";
            throw Error("no armature \"" + options.armature + "\" (the file has " + names + ")", Location::at_path("/armature"));
        }
        index = *found;
    } else if (db->armature.empty()) {
        throw Error("the file has no armature", Location::at_path("/armature"));
    }
    convert::DragonBonesToSpineOptions o;
    o.curves_as_is = options.curves_as_is;
    auto sd = convert::dragonbones_to_spine(*db, index, report, o);
    if (!sd) throw sd.error();
    doc.model = std::move(*sd);
    doc.format = Format::SpineJson;  // written without the editor's rounding: every value kept
    return report;
}

}  // namespace rigio::cli
