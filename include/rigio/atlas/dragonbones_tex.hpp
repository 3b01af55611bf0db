// rigio/atlas/dragonbones_tex.hpp: DragonBones texture atlases (`*_tex.json`) as Spine atlas models, so
// that DragonBones data converted to Spine can be drawn. Mapping: imagePath -> page name, width/height ->
// page size; each SubTexture -> a region (x, y, width, height; frameX/frameY/frameWidth/frameHeight ->
// whitespace offsets and original size, Spine's offset y counted from the bottom; `rotated` -> 90 degrees
// with width and height swapped back to the image's). Pages are straight alpha with linear filtering.
#pragma once

#include <string_view>

#include "rigio/atlas/atlas.hpp"

namespace rigio::atlas {

// An Error carries the JSON path, line and column of the value at fault.
Result<Atlas> read_dragonbones_tex(std::string_view json);

}  // namespace rigio::atlas
