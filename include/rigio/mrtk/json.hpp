// rigio/mrtk/json.hpp: rigio's lossless JSON form of an MRTK input animation.
// Every stored field is kept: version, presence flags (1.1), every curve of the present
// sections with its wrap modes, every key (time and value, plus any field that differs from
// what the binary reader restores for that key kind), markers and bytes after the marker list.
// Joints are named as in MRTK's TrackedHandJoint. Floats are written in their shortest exact
// form (non-finite ones as strings), so bin -> JSON -> bin is byte-identical.
//
// {"format": "mrtk-input-animation", "version": "1.1",
//  "hasCameraPose": true, "hasHandData": true, "hasEyeGaze": false,          (1.1 only)
//  "camera": {"positionX": CURVE, ... "rotationW": CURVE},
//  "hands": {"left": {"tracked": CURVE, "pinch": CURVE, "joints": {"None": {...}, "Wrist": {...}}},
//            "right": {...}},
//  "eyeGaze": {"originX": CURVE, ... "directionZ": CURVE},
//  "markers": [{"time": 0.5, "name": "mid"}],
//  "trailingBytes": "00ff"}                                                   (only when any)
// CURVE = {"preWrapMode": 8, "postWrapMode": 8, "keys": [{"time": 0, "value": 1}, ...]}
// A key may add "inTangent", "outTangent", "inWeight", "outWeight", "weightedMode".
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "rigio/io/error.hpp"
#include "rigio/mrtk/model.hpp"

namespace rigio::mrtk {

inline constexpr std::string_view kJsonFormatName = "mrtk-input-animation";

std::string write_json(const InputAnimation& a);

// Reads the JSON form. Errors carry the JSON path (/hands/left/joints/Wrist/rotationW/keys/3/time)
// and the line and column. Nesting deeper than the form needs is rejected.
Result<InputAnimation> read_json(std::string_view text);

// Float text used by the JSON form: shortest round-trip decimal, or "Infinity", "-Infinity",
// "NaN", or "0x7fc00001" (raw bits) for other NaNs, quoted.
std::string json_float(float v);

}  // namespace rigio::mrtk
