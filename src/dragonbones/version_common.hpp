// Shared by the DragonBones version converters (src/dragonbones/version*.cpp); not a public header.
#pragma once

#include <cmath>
#include <string>
#include <vector>

#include "rigio/dragonbones/version.hpp"

namespace rigio::dragonbones::detail {

// A frame's duration in frames (absent: 1; null/"NaN"/negative: 0).
inline double duration_of(const Frame& f) {
    if (!f.duration) return 1;
    return f.duration->value >= 0 ? f.duration->value : 0;
}

void upgrade_to_55(DragonBonesData& d, std::vector<Loss>& losses);
void downgrade_to_45(DragonBonesData& d, std::vector<Loss>& losses);

}  // namespace rigio::dragonbones::detail
