// rigio/mrtk/inspect.hpp: facts about a recording for reports (`rigio info`): sections present,
// duration, curves and keys per section, markers, and known producer defects
// (docs/formats/mrtk-input-animation.md, sections 5-6). Reads the model only.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "rigio/mrtk/model.hpp"

namespace rigio::mrtk {

struct SectionStats {
    std::string name;               // "camera", "hand state", "left hand joints", "right hand joints", "eye gaze"
    std::size_t curves = 0;         // curves stored
    std::size_t curves_with_keys = 0;
    std::size_t keys = 0;
};

struct RecordingStats {
    std::vector<SectionStats> sections;  // present sections, in file order
    std::size_t curves = 0;
    std::size_t keys = 0;
    float duration = 0;            // largest last-key time over all stored curves (MRTK ComputeDuration)
    float first_key_time = 0;      // smallest first-key time (negative in rolling-buffer 1.0 files)
    std::size_t rotation_segments = 0;   // joint rotation segments (X/Y/Z/W sharing key times)
    std::size_t sign_flips = 0;          // of which dot(q_k, q_k+1) < 0
};

RecordingStats statistics(const InputAnimation& a);

// Duration as MRTK's playback computes it: the largest last-key time over the stored curves (0 if none).
float duration(const InputAnimation& a);

// Producer defects and suspicious content, one readable line each (empty when none).
std::vector<std::string> find_defects(const InputAnimation& a);

// True when a pose's rotation W curve looks lost by the MRTK 2.6/2.7 optimizer (6.1 there): X, Y, Z
// share n >= 2 key times while W holds fewer keys (0, 1, or 2 with the last one misplaced).
bool rotation_w_lost(const PoseCurves& p);

}  // namespace rigio::mrtk
