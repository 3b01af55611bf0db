// rigio convert between formats (DragonBones <-> Spine): armature choice and the loss report.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "document.hpp"
#include "rigio/convert/loss.hpp"

namespace rigio::cli {

struct AcrossOptions {
    std::string armature;        // --armature NAME (empty: the first)
    bool all_armatures = false;  // --all-armatures
    std::string loss_report;     // --loss-report FILE (JSON)
    bool curves_as_is = false;   // --curves-as-is (DragonBonesToSpineOptions::curves_as_is)
};

// True when `doc` must be converted to another model family before it can be saved as `target`.
bool needs_conversion(const Document& doc, Format target);

// Converts `doc` in place for `target`: the armature at `armature_index` when given, else the one
// named by options.armature, else the first. Returns the losses (not printed).
convert::LossReport convert_for(Document& doc, Format target, const std::string& in, const AcrossOptions& options,
                                std::optional<std::size_t> armature_index = std::nullopt);

// Names of the armatures in a DragonBones document (for --all-armatures).
std::vector<std::string> armature_names(const Document& doc);

}  // namespace rigio::cli
