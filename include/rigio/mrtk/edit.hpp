// rigio/mrtk/edit.hpp: changes to a recording that are not reading or writing: rewriting it for
// another format version, and repairing known producer defects. Each returns what it changed or
// lost, one readable line each, so that the CLI can tell the user.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "rigio/mrtk/model.hpp"

namespace rigio::mrtk {

// Makes `a` a version 1.<minor> recording (minor 0 or 1). 1.1 -> 1.0 keeps every key (1.0 has
// no eye gaze: a present gaze section is dropped and reported). 1.0 -> 1.1 keeps time and value of
// float keys and reports keys whose tangents or weights were not MRTK's linear defaults.
std::vector<std::string> convert_version(InputAnimation& a, std::int32_t minor);

// Recomputes rotation W curves lost by the MRTK 2.6/2.7 optimizer (see inspect.hpp,
// rotation_w_lost): W = ±sqrt(max(0, 1 - x² - y² - z²)) at every X key time, the first key keeps
// its stored value and sign, and each next sign keeps the quaternion continuous (the sign of the
// previous W times the sign of the X/Y/Z dot product). Returns one line per repaired pose.
std::vector<std::string> repair(InputAnimation& a);

}  // namespace rigio::mrtk
