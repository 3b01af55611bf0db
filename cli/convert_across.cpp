#include "convert_across.hpp"

#include <fmt/core.h>

#include <filesystem>

#include "rigio/convert/dragonbones_to_spine.hpp"
#include "rigio/convert/spine_to_dragonbones.hpp"
#include "rigio/io/file.hpp"

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

namespace {

void report_losses(const convert::LossReport& report, const Document& doc, Format target, const std::string& in,
                   const AcrossOptions& options) {
    if (!options.list_losses && !report.losses.empty())
        fmt::print(stderr, "{}: converted to {} with {} loss{} (rigio convert lists them)\n", in, format_name(target), report.losses.size(),
                   report.losses.size() == 1 ? "" : "es");
    else
        for (const auto& l : report.losses) fmt::print(stderr, "{}: {}", in, convert::loss_report_text({{l}}));
    if (!options.loss_report.empty())
        io::write_file_atomic(options.loss_report, convert::loss_report_json(report, format_name(doc.format), format_name(target)));
}

}  // namespace

void convert_for(Document& doc, Format target, const std::string& in, const AcrossOptions& options,
                 const std::string& armature) {
    if (const auto* sd = std::get_if<spine::SkeletonData>(&doc.model)) {
        convert::LossReport report;
        convert::SpineToDragonBonesOptions o;
        o.name = std::filesystem::path(in).stem().string();
        auto data = convert::spine_to_dragonbones(*sd, report, o);
        report_losses(report, doc, target, in, options);
        doc.model = std::move(data);
        doc.format = Format::DragonBonesJson;
        return;
    }
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
    convert::DragonBonesToSpineOptions o;
    o.curves_as_is = options.curves_as_is;
    auto sd = convert::dragonbones_to_spine(*db, index, report, o);
    if (!sd) throw sd.error();
    report_losses(report, doc, target, in, options);
    doc.model = std::move(*sd);
    doc.format = Format::SpineJson;  // written without the editor's rounding: every value kept
}

}  // namespace rigio::cli
