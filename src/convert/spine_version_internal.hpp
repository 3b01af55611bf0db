// Spine version conversion, shared between its files: keys of any timeline as channels of floats, and
// the curve algebra between the 3.x form (one normalized Bézier per key) and the 4.x form (one Bézier
// per key and channel in absolute time/value units). Both runtimes sample a key's Bézier at parameter
// 0.1 .. 0.9 and interpolate linearly between those 9 points and the two keys, so:
//   3.x -> 4.x is exact: per channel cx = t0 + cx1 (t1 - t0), cy = v0 + cy1 (v1 - v0);
//   4.x -> 3.x is exact when every channel whose value changes has the same normalized handles; otherwise
//   the key is split into linear keys at every channel's sample times, which reproduces the polyline the
//   4.x runtime plays (exact up to float rounding) and is reported.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "rigio/io/loss.hpp"
#include "rigio/spine/model.hpp"

namespace rigio::convert::spine_version {

// One timeline's keys reduced to times, channel values and curves. `origin` is the index of the source
// key a key comes from (the one whose segment it lies in), so non-channel fields can be copied.
struct ChannelKeys {
    struct Key {
        float time = 0;
        std::vector<float> v;
        spine::Curve curve;
        int origin = 0;
    };
    int channels = 1;
    std::vector<Key> keys;
};

// 3.x -> 4.x: every Bézier key gets one absolute Bézier per channel. A curve on the last key (which no
// runtime plays) becomes linear; returns how many such curves there were. `unrepresentable`, when given,
// counts handles within float rounding of their default (c2 of -1.8e-44) that would come back as it.
int curves_up(ChannelKeys& k, int* unrepresentable = nullptr);

// The 3.x curve of a 4.x key, when one normalized Bézier reproduces every channel that changes (within
// float re-expression); `flat_handles_lost` is set when a channel that does not change carried time
// handles the 3.x form cannot keep (no effect on poses).
struct DownCurve {
    bool exact = false;
    bool flat_handles_lost = false;
    spine::Curve curve;
};
DownCurve curve_down(const spine::Curve& c, float t0, float t1, const std::vector<float>& v0, const std::vector<float>& v1);

// What curves_down did to one timeline.
struct DownStats {
    int split_keys = 0;       // keys whose curve 3.x cannot hold, split into linear keys
    int added_keys = 0;       // keys added by the splits and by rotation steps
    int flat_handles = 0;     // keys whose unchanged channels had time handles 3.x cannot keep
    int long_rotations = 0;   // rotation steps of 180 degrees or more (3.x goes the short way): split
    double max_error = 0;     // largest channel value difference found by sampling the result
};
// 4.x -> 3.x, in place. `rotation`: channel 0 is an angle that 3.x interpolates the short way.
DownStats curves_down(ChannelKeys& k, bool rotation);

// The value of channel `ch` of a 4.x timeline at time t, as the 4.x runtime computes it; `before` is the
// value before the first key (the setup value the timeline leaves in place).
float eval4(const ChannelKeys& k, int ch, float t, float before);
// Whether channel `ch` holds its value from time t to the next key because of a stepped curve.
bool stepped_at(const ChannelKeys& k, float t);

// Several one-timeline channels merged into one timeline of `sources.size()` channels, keyed at every
// key and Bézier sample time of the sources (linear between, stepped where every changing source is
// stepped). `inexact` counts intervals where a stepped source meets a moving one (played linearly).
struct MergeSource {
    const ChannelKeys* keys = nullptr;  // null: the channel keeps `before` throughout
    int channel = 0;
    float before = 0;
};
ChannelKeys merge_channels(const std::vector<MergeSource>& sources, int& inexact);

// Whether two sets of keys share times and curve types (so merging them key by key is exact).
bool same_keys(const ChannelKeys& a, const ChannelKeys& b);

// 3.x rotation: the signed difference b - a wrapped to [-180, 180) as the 3.x runtime plays it.
double wrap180(double d);

// 4.1+ -> 4.0 and older: every sequence attachment becomes one attachment per frame and sequence keys
// become attachment keys at every frame change (spine_version_sequences.cpp); slots where that is not
// exact keep the setup frame and are reported. `out` is the target so far (same tables as `source`).
void expand_sequences(const spine::SkeletonData& source, spine::SkeletonData& out, LossReport& report);

// A JSON pointer from names: "/animations" + "/run" + ... with ~ and / escaped.
std::string pointer(std::initializer_list<std::string_view> tokens);
std::string_view name(const spine::OptString& s);

}  // namespace rigio::convert::spine_version
