// DragonBones keyframe easing for the DragonBones -> Spine converter: what a key's tweenEasing or
// curve means (docs/formats/dragonbones.md, 8. Easing), evaluated exactly, and turned into Spine
// keys: one key when Spine's curve says the same (step, linear), otherwise short Bezier pieces that
// follow the easing (cubic Hermite pieces: Spine samples each Bezier coarsely, so pieces keep the
// error far below a pixel).
#pragma once

#include <vector>

#include "rigio/dragonbones/model.hpp"
#include "rigio/spine/model.hpp"

namespace rigio::convert::db2spine {

struct Easing {
    enum class Kind { Step, Linear, Tween, Curve } kind = Kind::Step;
    double e = 0;               // tweenEasing (Tween)
    std::vector<double> curve;  // file form: [cx1, cy1, cx2, cy2, (x, y, cx1, cy1, cx2, cy2)*] (Curve)
};

Easing easing_of(const dragonbones::Frame& frame);

// Eased progress at linear progress u in [0, 1].
double ease(const Easing& easing, double u);

// A key of a converted timeline: time in seconds, values (1 to n components), curve to the next key.
struct Key {
    double time = 0;
    std::vector<double> v;
    spine::Curve curve;
};
using Track = std::vector<Key>;

// Appends the keys that go from `from` (at t0) to `to` (at t1) with `easing`: `from` itself, plus
// intermediate keys when the easing needs pieces. `min_pieces` forces a split (rotations that turn
// more than half a circle between two keys, which Spine would take the short way). With `curve_as_is`, a
// single-segment Bezier curve stays one Spine curve (Spine then samples it its own way).
void append_interval(Track& track, double t0, const std::vector<double>& from, double t1, const std::vector<double>& to,
                     const Easing& easing, int min_pieces = 1, bool curve_as_is = false);

// Value of a track at time t (the last key holds; before the first key, the first key's value).
std::vector<double> value_at(const Track& track, double t);

// Maps track times t -> (t - shift) * stretch, then keeps only [0, end]: keys cut at either end get an
// exact key at the cut (Bezier pieces split exactly).
Track retime(const Track& track, double shift, double stretch, double end);

}  // namespace rigio::convert::db2spine
