// rigio pose FILE --check REFERENCE: compares rigio's poses with a reference pose dump of an
// official runtime (see rigio/verify/pose_check.hpp) and prints one line per animation.
#pragma once

#include <string>

#include "document.hpp"

namespace rigio::cli {

// Checks `doc` (read from `file`) against the reference at `reference`. DragonBones input is converted
// to Spine per armature first (`armature`, when not empty, for a Spine reference). Returns the exit
// code: 0 when every animation matches, 1 otherwise. Throws rigio::Error for unreadable input.
int check_poses(const Document& doc, const std::string& file, const std::string& reference, const std::string& armature);

}  // namespace rigio::cli
