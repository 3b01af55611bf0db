// Loss reports in the CLI: summarised on stderr (one line per kind of loss, with a count and where,
// by name), the full list with -v, and JSON pointers into DragonBones data resolved to names.
#pragma once

#include <string>

#include "rigio/convert/loss.hpp"
#include "rigio/dragonbones/model.hpp"

namespace rigio::cli {

// "/armature/0/animation/4/bone/2/frame" -> "armature \"knight\", animation \"walk\", bone \"arm_l\"";
// empty when the path does not point into the armatures.
std::string name_dragonbones_path(const std::string& where, const dragonbones::DragonBonesData& data);

// Prints the losses of converting `input` on stderr: with -v every loss on its own line, otherwise
// one line per kind (feature and action) with its count and the first places, then a total.
// `source` (may be null) is the DragonBones data the JSON pointers point into, to name the places.
void print_losses(const std::string& input, const convert::LossReport& report, const std::string& target,
                  const dragonbones::DragonBonesData* source);

}  // namespace rigio::cli
