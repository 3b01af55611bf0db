// rigio/verify/pose_check.hpp: compares rigio's Spine runtime with the pose dumps of an official
// runtime, the way rigio's own tests do, so that anyone can check a file (and a conversion) the same way.
//
// - Spine reference ("spine-oracle-pose/1", shared/golden/spine-3.8): every run (skin), animation and
//   sample of the reference is reproduced on a fresh skeleton (setup pose, the animation applied at the
//   sample's t with setup blending, world transforms updated) and compared: bone matrices, world
//   positions and active flags, the draw order, attachment names, colours, dark colours and world
//   vertices, each within 1e-3 absolute or 1e-4 relative.
// - DragonBones reference ("dragonbones-oracle-pose/1", shared/golden/dragonbones): a Spine skeleton
//   converted from each armature is sampled at the reference times and every bone's world matrix is
//   compared after the y flip, (a, b, c, d, tx, ty) -> (a, -c, -b, d, tx, -ty), bones matched by name.
//   Tolerances are the reference README's: 1e-4 relative + 1e-3 for matrix entries, 1e-5 relative +
//   1e-3 + 0.05 px for positions, each plus the animation's "curveDev" (where the official runtime
//   samples Bezier curves coarsely). Samples marked "beforeEdge" are skipped.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "rigio/io/error.hpp"
#include "rigio/spine/runtime/data.hpp"

namespace rigio::verify {

// One animation of one run compared.
struct AnimationCheck {
    std::string run;        // Spine: the run's skin ("" when the run has none); DragonBones: the armature
    std::string animation;
    std::size_t samples = 0;     // samples compared
    std::size_t values = 0;      // numbers compared
    std::size_t mismatches = 0;  // numbers (or names, orders, presences) outside the tolerance
    double largest = 0;          // largest absolute difference of a compared number
    std::string first_mismatch;  // where and what, e.g. "t=0.25 bone \"hip\" worldY: want 1.5, got 1.7"
    bool ok() const { return mismatches == 0; }
};

struct PoseCheck {
    std::string format;  // the reference's schema
    std::vector<AnimationCheck> animations;
    std::size_t failed() const;
    double largest() const;
};

enum class ReferenceKind { Spine, DragonBones };

// Which kind of reference a pose dump is. Throws rigio::Error (with a JSON path) when it is neither.
ReferenceKind reference_kind(std::string_view reference_json);

// Compares `data` with a Spine reference. Throws rigio::Error when the reference is malformed; a
// skin or animation the skeleton lacks is a mismatch of that animation.
PoseCheck check_spine_poses(const spine::runtime::RuntimeData& data, std::string_view reference_json);

// The Spine runtime data converted from the armature of that name, or nullptr when there is none.
using ArmatureRuntime = std::function<const spine::runtime::RuntimeData*(const std::string& armature)>;

// Compares each armature of a DragonBones reference with its converted Spine skeleton.
PoseCheck check_dragonbones_poses(std::string_view reference_json, const ArmatureRuntime& runtime_for);

}  // namespace rigio::verify
