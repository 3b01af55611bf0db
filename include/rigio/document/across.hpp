// rigio/document/across.hpp: conversion of a Document between model families (DragonBones <-> Spine),
// returning what the target cannot hold as rigio's one LossReport.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "rigio/document.hpp"

namespace rigio {

struct AcrossOptions {
    std::string armature;       // DragonBones input: the armature to convert by name (empty: the first)
    bool curves_as_is = false;  // DragonBonesToSpineOptions::curves_as_is
    std::string name = "skeleton";  // Spine input: the DragonBones name given to the converted data
};

// True when `doc` must be converted to another model family before it can be saved as `target`.
bool needs_conversion(const Document& doc, Format target);

// Converts `doc` in place for `target`: the armature at `armature_index` when given, else the one
// named by options.armature, else the first. Returns the losses; an Error when no armature fits.
Result<LossReport> convert_across(Document& doc, Format target, const AcrossOptions& options = {},
                                  std::optional<std::size_t> armature_index = std::nullopt);

// Names of the armatures in a DragonBones document (empty for other models).
std::vector<std::string> armature_names(const Document& doc);

}  // namespace rigio
