// rigio convert between formats (DragonBones <-> Spine): armature choice and the loss report.
#pragma once

#include <string>
#include <vector>

#include "document.hpp"

namespace rigio::cli {

struct AcrossOptions {
    std::string armature;     // --armature NAME (empty: the first)
    bool all_armatures = false;  // --all-armatures
    std::string loss_report;  // --loss-report FILE (JSON)
    bool curves_as_is = false;  // --curves-as-is (DragonBonesToSpineOptions::curves_as_is)
    bool list_losses = true;    // false: one line that counts them (for commands that only play the result)
};

// True when `doc` must be converted to another model family before it can be saved as `target`.
bool needs_conversion(const Document& doc, Format target);

// Converts `doc` in place for `target` (armature `armature`, or the one chosen by the options when
// empty), prints the losses on stderr as "IN: loss at ...", writes the JSON report when asked.
void convert_for(Document& doc, Format target, const std::string& in, const AcrossOptions& options,
                 const std::string& armature = {});

// Names of the armatures in a DragonBones document (for --all-armatures).
std::vector<std::string> armature_names(const Document& doc);

}  // namespace rigio::cli
