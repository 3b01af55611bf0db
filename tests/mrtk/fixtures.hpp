// Byte-level MRTK fixtures from ../shared/notes/mrtk-input-animation.md (appendix), built in code.
#pragma once

#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "rigio/mrtk/binary.hpp"
#include "rigio/mrtk/model.hpp"

namespace rigio::test {

inline std::vector<std::uint8_t> from_hex(const std::string& text) {
    std::vector<std::uint8_t> out;
    std::istringstream in(text);
    std::string byte;
    while (in >> byte) out.push_back(static_cast<std::uint8_t>(std::stoul(byte, nullptr, 16)));
    return out;
}

// V1: a 1.1 file with gaze only and one marker (0.5, "mid"); 167 bytes.
inline std::vector<std::uint8_t> v1_bytes() {
    return from_hex(
        "c6 42 9e 0f 6e af 8f 6a 01 00 00 00 01 00 00 00 "
        "00 00 01 "
        "08 00 00 00 08 00 00 00 02 00 00 00 "
        "00 00 00 00 00 00 00 00 00 00 80 3f 00 00 00 40 "
        "08 00 00 00 08 00 00 00 01 00 00 00 00 00 00 00 00 00 c0 3f "
        "08 00 00 00 08 00 00 00 00 00 00 00 "
        "08 00 00 00 08 00 00 00 02 00 00 00 00 00 00 00 00 00 00 00 00 00 80 3f 00 00 80 3f "
        "08 00 00 00 08 00 00 00 01 00 00 00 00 00 00 00 00 00 00 00 "
        "08 00 00 00 08 00 00 00 02 00 00 00 00 00 00 00 00 00 80 3f 00 00 80 3f 00 00 00 00 "
        "01 00 00 00 00 00 00 3f 03 6d 69 64");
}

// V3: the smallest 1.1 file (all flags false, no markers); 23 bytes.
inline std::vector<std::uint8_t> v3_bytes() {
    return from_hex("c6 42 9e 0f 6e af 8f 6a 01 00 00 00 01 00 00 00 00 00 00 00 00 00 00");
}

// V2: a 1.0 file: camera PosX (0,0) and (2,4), left tracked (0,1),(1,0), everything else empty.
inline mrtk::InputAnimation v2_model() {
    mrtk::InputAnimation a;
    a.minor = 0;
    a.camera.curves[mrtk::kPosX].keys = {mrtk::simple_key(0, 0), mrtk::simple_key(2, 4)};
    a.left.tracked.keys = {mrtk::bool_key(0, 1), mrtk::bool_key(1, 0)};
    return a;
}

// A 1.1 recording with every section and some non-trivial content, for round trips.
inline mrtk::InputAnimation full_v11_model() {
    mrtk::InputAnimation a;
    a.has_camera_pose = a.has_hand_data = a.has_eye_gaze = true;
    for (int c = 0; c < mrtk::kPoseComponents; ++c)
        for (int i = 0; i < 3 + c; ++i)
            a.camera.curves[static_cast<std::size_t>(c)].keys.push_back(mrtk::simple_key(0.1f * static_cast<float>(i), 0.3f * static_cast<float>(c + i)));
    a.left.tracked.keys = {mrtk::bool_key(0, 1), mrtk::bool_key(0.5f, 0)};
    a.right.pinch.keys = {mrtk::bool_key(0, 0), mrtk::bool_key(0.25f, 1)};
    for (int j = 0; j < mrtk::kJointCount; j += 5)
        for (int c = 0; c < mrtk::kPoseComponents; ++c)
            a.right.joints[static_cast<std::size_t>(j)].curves[static_cast<std::size_t>(c)].keys = {
                mrtk::simple_key(0, static_cast<float>(j)), mrtk::simple_key(1, -0.0f)};
    a.eye_gaze.curves[mrtk::kDirZ].keys = {mrtk::simple_key(0, 1)};
    a.markers = {{0.25f, "start"}, {0.75f, "\xC3\xBC"}, {1.0f, std::string(200, 'x')}};
    return a;
}

}  // namespace rigio::test
