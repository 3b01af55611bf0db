// rigio/convert/spine_to_dragonbones.hpp: a Spine 3.8 skeleton as one DragonBones 5.5 armature, model to
// model (the reverse of dragonbones_to_spine.hpp: y flipped back, shear becomes skew, Spine Beziers
// become DragonBones `curve`s, keys are placed on frames). What DragonBones cannot hold (transform and
// path constraints, clipping, two-colour tint, point and path attachments, IK and constraint timelines,
// ...) is listed in the LossReport with its Spine JSON path.
#pragma once

#include <string>

#include "rigio/convert/loss.hpp"
#include "rigio/dragonbones/model.hpp"
#include "rigio/io/error.hpp"
#include "rigio/spine/model.hpp"

namespace rigio::convert {

struct SpineToDragonBonesOptions {
    std::string name = "armature";  // data and armature name
};

// An Error when the skeleton cannot be played (runtime::prepare) or rigio's DragonBones reader would
// reject the result (dragonbones::check_readable).
Result<dragonbones::DragonBonesData> spine_to_dragonbones(const spine::SkeletonData& skeleton, LossReport& report,
                                                  const SpineToDragonBonesOptions& options = {});

}  // namespace rigio::convert
