// rigio/verify/pose_json.hpp: sampled poses (the runtime's output, printed by the verification layer) as JSON, in the schema of the Spine 3.8 golden
// pose dumps ("spine-oracle-pose/1"): per animation, N + 1 samples at t = d * k / N, each on a fresh
// setup pose with the animation applied (setup blending) and world transforms updated; per sample
// the bone matrices and world positions in bone order and the slots in draw order with attachment
// name, colour, dark colour and world vertices; 4.1+ sequence frames and 4.2 physics values as the
// 4.x goldens hold them. Values are printed with 6 significant digits.
#pragma once

#include <cstdio>
#include <optional>
#include <string>

#include "rigio/io/error.hpp"
#include "rigio/spine/runtime/data.hpp"

namespace rigio::verify {

using spine::runtime::RuntimeData;
using spine::runtime::skin_rule;

struct PoseOptions {
    int samples = 10;                      // sample intervals per animation (N)
    std::optional<std::string> skin;       // none: the skin rule (see skin_rule)
    std::optional<std::string> animation;  // none: every animation, in data order
    std::string source;                    // informational: the input file name
    std::string loader;                    // informational: which reader loaded it
    // 4.2 physics: false poses without physics (as the official pose dumps do). true steps the
    // simulation from the start of each animation: frames every 1 / fps seconds (and one at each sample
    // time), each applying the animation at its time and updating with Physics::Update.
    bool physics = false;
    int fps = 60;
};

// Writes the pose document to `out`. An Error when the skin or animation is unknown, the sample count
// negative or the physics frame rate outside 1 to 100000.
Result<void> write_pose_json(const RuntimeData& data, const PoseOptions& options, std::FILE* out);

}  // namespace rigio::verify
