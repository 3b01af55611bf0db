#include "convert_across.hpp"

#include <fmt/core.h>

#include "rigio/convert/dragonbones_to_spine.hpp"
#include "rigio/io/file.hpp"

namespace rigio::cli {

bool needs_conversion(const Document& doc, Format target) {
    const bool spine_target = target == Format::SpineBinary || target == Format::SpineJson;
    return spine_target && std::holds_alternative<dragonbones::DragonBonesData>(doc.model);
}

std::vector<std::string> armature_names(const Document& doc) {
    std::vector<std::string> out;
    if (const auto* db = std::get_if<dragonbones::DragonBonesData>(&doc.model))
        for (const auto& a : db->armature) out.push_back(a.name ? *a.name : std::string());
    return out;
}

void convert_for(Document& doc, Format target, const std::string& in, const AcrossOptions& options,
                 const std::string& armature) {
    const auto* db = std::get_if<dragonbones::DragonBonesData>(&doc.model);
    if (!db) return;
    const std::string& wanted = armature.empty() ? options.armature : armature;
    std::size_t index = 0;
    if (!wanted.empty()) {
        auto found = convert::find_armature(*db, wanted);
        if (!found) {
            std::string names;
            for (const std::string& n : armature_names(doc)) names += (names.empty() ? "\"" : ", \"") + n + "\"";
            throw Error("no armature \"" + wanted + "\" (the file has " + names + ")", Location::at_path("/armature"));
        }
        index = *found;
    } else if (db->armature.empty()) {
        throw Error("the file has no armature", Location::at_path("/armature"));
    }
    convert::LossReport report;
    auto sd = convert::dragonbones_to_spine(*db, index, report);
    if (!sd) throw sd.error();
    for (const auto& l : report.losses) {
        std::string line = convert::loss_report_text({{l}});
        fmt::print(stderr, "{}: {}", in, line);
    }
    if (!options.loss_report.empty())
        io::write_file_atomic(options.loss_report, convert::loss_report_json(report, format_name(doc.format), format_name(target)));
    doc.model = std::move(*sd);
    doc.format = Format::SpineJson;  // written without the editor's rounding: every value kept
}

}  // namespace rigio::cli
