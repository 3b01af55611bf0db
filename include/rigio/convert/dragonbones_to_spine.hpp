// rigio/convert/dragonbones_to_spine.hpp: one DragonBones armature as a Spine 3.8 skeleton, model to
// model. The y axis is flipped (DragonBones is y-down, Spine y-up), skew becomes shear, DragonBones
// easing becomes Spine curves (split into short Bezier pieces where Spine's curves cannot express it
// exactly), weighted-mesh bind poses and ffd deltas are re-expressed per (vertex, bone) pair.
// Whatever Spine cannot hold is listed in the LossReport with its JSON path in the source.
// Data older than 5.5 (4.0, 4.5, 5.0) is upgraded first (rigio/dragonbones/version.hpp).
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>

#include "rigio/convert/loss.hpp"
#include "rigio/dragonbones/model.hpp"
#include "rigio/io/error.hpp"
#include "rigio/spine/model.hpp"

namespace rigio::convert {

struct DragonBonesToSpineOptions {
    // DragonBones samples a Bezier `curve` per frame; Spine samples each curve with 10 straight segments.
    // By default each curve becomes several short Spine curves that follow the exact Bezier (what the
    // DragonBones runtime shows). When true, a one-segment curve stays one Spine curve with the same
    // control points: a Spine skeleton taken to DragonBones and back then keeps its curves as they were.
    bool curves_as_is = false;
};

// Index of the armature called `name`; nullopt when there is none.
std::optional<std::size_t> find_armature(const dragonbones::DragonBonesData& data, std::string_view name);

// Converts armature `armature` (index into data.armature). Errors (no such armature, data older than
// 4.0, an armature Spine cannot hold at all) carry the JSON path of the armature; a result rigio's Spine
// reader would reject (check_spine_result, rigio/convert/check.hpp) is an error at its path in the result.
Result<spine::SkeletonData> dragonbones_to_spine(const dragonbones::DragonBonesData& data, std::size_t armature,
                                                 LossReport& report, const DragonBonesToSpineOptions& options = {});

}  // namespace rigio::convert
