// rigio/mrtk/export.hpp: evaluated samples of a recording as CSV (one row per time) or JSON
// (one object per time). Only the sections the recording stores are exported. Floats are written
// in their shortest exact form. Built on evaluate.hpp; knows nothing of files.
#pragma once

#include <ostream>
#include <span>
#include <string>

#include "rigio/mrtk/evaluate.hpp"

namespace rigio::mrtk {

// Header: time, camera_pos_x..camera_rot_w, left_tracked, left_pinch, right_tracked, right_pinch,
// left_<Joint>_pos_x..left_<Joint>_rot_w (27 joints), right_..., gaze_origin_x..gaze_dir_z.
// Streams row by row, so memory does not grow with the number of times.
void write_samples_csv(std::ostream& out, const InputAnimation& a, std::span<const float> times, const EvaluateOptions& options = {});
std::string samples_csv(const InputAnimation& a, std::span<const float> times, const EvaluateOptions& options = {});

// {"version": "1.0", "normalized": false, "samples": [{"time": 0, "camera": {"position": [x,y,z],
//  "rotation": [x,y,z,w]}, "hands": {"left": {"tracked": true, "pinching": false, "joints":
//  {"None": {...}, ...}}, ...}, "eyeGaze": {"origin": [..], "direction": [..]}}, ...]}
void write_samples_json(std::ostream& out, const InputAnimation& a, std::span<const float> times, const EvaluateOptions& options = {});
std::string samples_json(const InputAnimation& a, std::span<const float> times, const EvaluateOptions& options = {});

}  // namespace rigio::mrtk
