// Keyed channels of DragonBones frames evaluated as the runtimes do (easing, Bezier curves, rotation
// unwrapping): shared by the 4.5 downgrade (merging channels keyed at different times) and its
// measurement of what that merge moves. Not a public header.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include "version_common.hpp"

namespace rigio::dragonbones::detail {

inline constexpr double kPi = 3.14159265358979323846;
using Values = std::array<double, 8>;

// Eased progress of a tweened segment (docs/formats/dragonbones.md, 8. Easing); p in [0,1].
inline double ease(const Frame& f, double p) {
    if (f.curve && f.curve->size() >= 4) {
        const auto& c = *f.curve;
        const double x1 = c[0].value(), y1 = c[1].value(), x2 = c[2].value(), y2 = c[3].value();
        double lo = 0, hi = 1, t = p;
        for (int i = 0; i < 40; ++i) {
            t = (lo + hi) / 2;
            double u = 1 - t, x = 3 * u * u * t * x1 + 3 * u * t * t * x2 + t * t * t;
            (x < p ? lo : hi) = t;
        }
        double u = 1 - t;
        return 3 * u * u * t * y1 + 3 * u * t * t * y2 + t * t * t;
    }
    double e = f.tweenEasing->value();
    if (e == 0) return p;
    if (e > 0 && e <= 1) return p + (1 - (1 - p) * (1 - p) - p) * e;
    if (e > 1) return p + (0.5 * (1 - std::cos(kPi * p)) - p) * (std::min(e, 2.0) - 1);
    return p + (p * p - p) * (-e);
}

inline bool tweened(const Frame& f) {
    if (f.curve && f.curve->size() >= 4) return true;
    return f.tweenEasing && std::isfinite(f.tweenEasing->value());
}

// One animated channel (translate, rotate, scale, display or colour): key positions and values.
struct Channel {
    const Frames* frames = nullptr;
    std::vector<double> pos;
    std::vector<Values> values;
    bool rotation = false;  // values[0] unwraps along the shortest path (unless clockwise is set)
    bool step = false;      // never interpolated (display index)

    Channel(const Frames& fs, const std::function<Values(const Frame&)>& get) : frames(&fs) {
        double p = 0;
        for (const Frame& f : fs) {
            pos.push_back(p);
            values.push_back(get(f));
            p += duration_of(f);
        }
    }
    double end() const { return pos.empty() ? 0 : pos.back() + duration_of(frames->back()); }

    // Index of the key in effect at time t (the last one at or before t).
    std::size_t key_at(double t) const {
        auto it = std::upper_bound(pos.begin(), pos.end(), t);  // positions never decrease
        return it == pos.begin() ? 0 : static_cast<std::size_t>(it - pos.begin()) - 1;
    }
    bool has_key_at(double t) const { return std::binary_search(pos.begin(), pos.end(), t); }

    Values at(double t) const {
        std::size_t k = key_at(t);
        const Frame& f = (*frames)[k];
        if (step || k + 1 >= pos.size() || t <= pos[k] || !tweened(f)) return values[k];
        double span = pos[k + 1] - pos[k];
        if (span <= 0) return values[k];
        double e = ease(f, (t - pos[k]) / span);
        Values out = values[k];
        for (std::size_t i = 0; i < out.size(); ++i) {
            double delta = values[k + 1][i] - values[k][i];
            if (rotation && i == 0 && !(f.rare().clockwise && f.rare().clockwise->value() != 0)) delta = std::remainder(delta, 360.0);
            out[i] = values[k][i] + delta * e;
        }
        return out;
    }
    // Whether the channel changes value between times a and b.
    bool changes(double a, double b) const { return at(a) != at(b) || key_at(a) != key_at(b); }
};

inline double val(const Opt<Num>& n, double d) { return n && std::isfinite(n->value()) ? n->value() : d; }

// How far the bones of an armature end up from where an animation put them before a change: the largest
// distance between their armature-space origins and tips (origin + length along the bone's x axis) under
// `before` and `after`, sampled four times per frame. Bone frames of both forms are read (5.x
// translate/rotate/scale frames, 4.x frames with a transform); IK and the inheritance flags are not
// applied (default inheritance), so this measures what the bone channels themselves change.
struct Displacement {
    double px = 0;
    std::string bone;  // where it is largest
    double frame = 0;
    // Per bone, the largest change of its own animated values: translation (px), rotation or skew
    // (degrees), scale.
    std::vector<std::array<double, 3>> own;
};
Displacement bone_displacement(const Armature& arm, const Animation& before, const Animation& after);

}  // namespace rigio::dragonbones::detail
