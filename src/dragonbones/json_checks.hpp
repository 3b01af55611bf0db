// Private to the DragonBones JSON reader: checks run on each armature after it is read.
#pragma once

#include <string>
#include <vector>

#include "rigio/dragonbones/model.hpp"
#include "rigio/io/json_input.hpp"

namespace rigio::dragonbones {

// Resolves names to indices and checks references, with `path` at the armature (e.g. /armature/0).
// Throws rigio::Error with the JSON path of the first fault; notes repairs in `warnings`.
void resolve_armature(Armature& armature, io::JsonPath& path, std::vector<std::string>* warnings);

}  // namespace rigio::dragonbones
