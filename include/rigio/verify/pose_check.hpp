// rigio/verify/pose_check.hpp: compares rigio's Spine runtime with the pose dumps of an official
// runtime, the way rigio's own tests do, so that anyone can check a file (and a conversion) the same way.
//
// - Spine reference ("spine-oracle-pose/1", shared/golden/spine-*): for every run (skin) rigio's own pose
//   document (rigio/verify/pose_json.hpp, what `rigio pose` prints) is made with the run's skin and
//   sample count, and every key and array element the reference holds must be in it and equal: the
//   sample times exactly, names and presences exactly, numbers within 2e-3 absolute or 1e-4 relative
//   (the goldens' tolerance, shared/checks/spine-pose-golden). So bone matrices, world positions and
//   active flags, slots in draw order with attachment name, colour, dark colour and world vertices, and
//   what newer schemas add (4.1+: a slot's 6th element [sequence frame, region path]; 4.2: per-sample
//   "physics" arrays) are all compared; only "source", "loader", "skinRule" and "note" (how the dump was
//   made) are not.
// - DragonBones reference ("dragonbones-oracle-pose/1", shared/golden/dragonbones): the Spine skeleton
//   converted from each armature is posed at every sample (beforeEdge ones included: each item must
//   match rigio at t or just before t) and the setup pose, and compared after the y flip, matched by
//   name: bone world matrices (a, b, c, d, tx, ty) -> (a, -c, -b, d, tx, -ty), slot visibility
//   (displayIndex), colour multipliers (and offsets, which Spine cannot show), draw order (zOrder) and
//   mesh world vertices (x, -y). Tolerances are the reference README's plus the animation's curveDev, and
//   two allowances derived from the references (src/verify/pose_check_dragonbones.cpp says which and why).
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "rigio/dragonbones/model.hpp"
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

// Which kind of reference a pose dump is; an Error (with a JSON path) when it is neither.
Result<ReferenceKind> reference_kind(std::string_view reference_json);

// Compares `data` with a Spine reference. An Error (with a JSON path) when the reference is malformed;
// a skin or animation the skeleton lacks is a mismatch of that animation.
Result<PoseCheck> check_spine_poses(const spine::runtime::RuntimeData& data, std::string_view reference_json);

// An armature converted to Spine: its runtime data (nullptr when the input has no such armature) and,
// when known, the DragonBones armature it came from (its default skin's display kinds say which display
// indices show something in Spine; its curves and easing decide the eased allowance).
struct ConvertedArmature {
    const spine::runtime::RuntimeData* runtime = nullptr;
    const dragonbones::Armature* source = nullptr;
    ConvertedArmature(const spine::runtime::RuntimeData* r = nullptr, const dragonbones::Armature* s = nullptr)  // NOLINT
        : runtime(r), source(s) {}
};

// The converted armature of that name.
using ArmatureRuntime = std::function<ConvertedArmature(const std::string& armature)>;

// Compares each armature of a DragonBones reference with its converted Spine skeleton. An Error (with a
// JSON path) when the reference is malformed.
Result<PoseCheck> check_dragonbones_poses(std::string_view reference_json, const ArmatureRuntime& runtime_for);

}  // namespace rigio::verify
