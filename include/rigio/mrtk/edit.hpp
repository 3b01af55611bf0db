// rigio/mrtk/edit.hpp: changes to a recording that are not reading or writing: rewriting it for
// another format version, and repairing known producer defects. Each returns what it changed or
// lost in rigio's one loss report (rigio/io/loss.hpp); `where` is a JSON pointer into the
// recording's JSON form (/camera/rotationW, /hands/left/joints/Wrist/rotationW, /eyeGaze).
#pragma once

#include <cstdint>
#include "rigio/io/loss.hpp"
#include "rigio/mrtk/model.hpp"

namespace rigio::mrtk {

// Makes `a` a version 1.<minor> recording (minor 0 or 1). 1.1 -> 1.0 keeps every key (1.0 has
// no eye gaze: a present gaze section is dropped and reported). 1.0 -> 1.1 keeps time and value of
// float keys and reports keys whose tangents or weights were not MRTK's linear defaults.
LossReport convert_version(InputAnimation& a, std::int32_t minor);

// Recomputes rotation W curves lost by the MRTK 2.6/2.7 optimizer (see inspect.hpp,
// rotation_w_lost): W = ±sqrt(max(0, 1 - x² - y² - z²)) at every X key time, the first key keeps
// its stored value and sign, and each next sign keeps the quaternion continuous (the sign of the
// previous W times the sign of the X/Y/Z dot product). Returns one entry per repaired pose: feature
// names the curve ("camera rotation W"), action what was done and the key counts before and after.
LossReport repair(InputAnimation& a);

}  // namespace rigio::mrtk
