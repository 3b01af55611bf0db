// rigio/dragonbones/version.hpp: moving DragonBones data between format versions, model to model.
// Upgrade (4.0, 4.5, 5.0 -> 5.5): bone frames split into translate/rotate/scale frames, slot frames into
// displayFrame/colorFrame, animation and bone-frame events into "events" arrays, inheritFFD into
// inheritDeform. Downgrade (5.x -> 4.5): the reverse, resampling channels keyed at different times.
// Whatever the target cannot hold is dropped and listed, each loss with the JSON path it had in the
// source (e.g. 4.x slot-frame "z", 5.5 zOrder timelines going to 4.5), in rigio's one loss report
// (rigio/io/loss.hpp). Depends on the model and that report only.
#pragma once

#include <string_view>

#include "rigio/dragonbones/model.hpp"
#include "rigio/io/error.hpp"
#include "rigio/io/loss.hpp"

namespace rigio::dragonbones {

// Versions that can be written: "4.5" and "5.5". An Error for any other target, or for data older
// than 4.0 (at /version). Same version (or 4.0 -> 4.5): the data is returned unchanged apart from the label.
// Each loss is added to `report`: where is a JSON pointer into the source (e.g.
// /armature/0/animation/2/slot/4/frame), feature what could not be carried, action what was done.
// The result is checked with check_readable before it is returned.
Result<DragonBonesData> convert_version(const DragonBonesData& data, std::string_view target, LossReport& report);

// Writes `data` as JSON in memory and reads it back with rigio's validating DragonBones reader (the one
// `rigio validate` uses). An Error at the JSON path of what the reader rejects, "in the converted
// WHAT", so that no conversion result rigio itself would refuse is ever written.
Result<void> check_readable(const DragonBonesData& data, std::string_view what = "DragonBones data");

}  // namespace rigio::dragonbones
