// rigio convert between formats (DragonBones <-> Spine): the command-line options and the library's
// conversion (rigio/document/across.hpp) with its failures thrown for the commands.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "document.hpp"
#include "rigio/convert/loss.hpp"
#include "rigio/document/across.hpp"

namespace rigio::cli {

using rigio::armature_names;
using rigio::needs_conversion;

struct AcrossOptions {
    std::string armature;        // --armature NAME (empty: the first)
    bool all_armatures = false;  // --all-armatures
    std::string loss_report;     // --loss-report FILE (JSON)
    bool curves_as_is = false;   // --curves-as-is (DragonBonesToSpineOptions::curves_as_is)
};

// Converts `doc` in place for `target` (rigio::convert_across); `in` names the converted data
// (its file name's stem). Returns the losses (not printed); throws rigio::Error.
convert::LossReport convert_for(Document& doc, Format target, const std::string& in, const AcrossOptions& options,
                                std::optional<std::size_t> armature_index = std::nullopt);

}  // namespace rigio::cli
