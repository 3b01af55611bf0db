// Shared by the DragonBones version converters (src/dragonbones/version*.cpp); not a public header.
#pragma once

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "rigio/dragonbones/version.hpp"

namespace rigio::dragonbones::detail {

// A loss as the version steps word it: a JSON pointer into the source and one text,
// "feature: action"; convert_version turns each into a rigio::Loss.
struct Loss {
    std::string path;
    std::string what;
};

// A frame's duration in frames (absent: 1; null/"NaN"/negative: 0).
inline double duration_of(const Frame& f) {
    if (!f.duration) return 1;
    return f.duration->value() >= 0 ? f.duration->value() : 0;
}

// Decimal places of the shortest text of v (up to 15); -1 when it needs an exponent.
inline int decimals(double v) {
    if (!std::isfinite(v)) return -1;
    for (int d = 0; d <= 15; ++d) {
        const double scale = std::pow(10.0, d);
        const double r = std::round(v * scale) / scale;
        if (r == v) return d;
    }
    return -1;
}

// a + b rounded to the decimals its operands were written with, so that 131.77 - 120.1 gives 11.67
// rather than 11.669999999999987 (the sum of two decimals of d places has d places).
inline double decimal_sum(double a, double b) {
    const int da = decimals(a), db = decimals(b);
    const double s = a + b;
    if (da < 0 || db < 0 || !std::isfinite(s)) return s;
    const double scale = std::pow(10.0, std::max(da, db));
    return std::round(s * scale) / scale;
}

void upgrade_to_55(DragonBonesData& d, std::vector<Loss>& losses);
void downgrade_to_45(DragonBonesData& d, std::vector<Loss>& losses);

}  // namespace rigio::dragonbones::detail
