// rigio/mrtk/binary.hpp: the MRTK input-animation binary format (InputAnimation-*.bin),
// versions 1.0 (MRTK 2.0–2.5) and 1.1 (MRTK 2.6+), little-endian, byte layout as in
// docs/formats/mrtk-input-animation.md, sections 1-3.
// read_bin checks every count against the bytes left before allocating (the marker count too),
// and reports each error with its byte offset and the curve being read. write_bin mirrors it
// field for field: a file read and written again is byte-identical.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "rigio/io/error.hpp"
#include "rigio/mrtk/model.hpp"

namespace rigio::mrtk {

struct BinaryReadOptions {
    // Read a file without the 16-byte header (the 2019 prototypes) as this minor version of 1.x.
    // A file that does start with the magic number is read normally.
    std::optional<std::int32_t> assume_minor;
    std::vector<std::string>* warnings = nullptr;  // non-fatal findings (may be null)
};

Result<InputAnimation> read_bin(std::span<const std::uint8_t> bytes, const BinaryReadOptions& options = {});

// Writes the layout of a.major/a.minor (1.0 or 1.1). 1.1 stores only time and value of float
// keys; 1.0 stores no flags and no gaze (see convert_version for the lossy cases).
std::vector<std::uint8_t> write_bin(const InputAnimation& a);

// Size write_bin will produce.
std::size_t bin_size(const InputAnimation& a);

// True when `bytes` start with the MRTK magic number.
bool looks_like_bin(std::span<const std::uint8_t> bytes);

// Size of one stored key: 28 (1.0 float), 8 (1.1 float, and bool keys in both versions).
inline constexpr std::size_t kFullKeyBytes = 28;
inline constexpr std::size_t kSimpleKeyBytes = 8;
inline constexpr std::size_t kCurveHeaderBytes = 12;

// Values a reader restores for fields a key kind does not store.
Keyframe simple_key(float time, float value);  // tangents 0, weights 0, mode Both
Keyframe bool_key(float time, float value);    // tangents 0, inWeight 0, outWeight 1e6, mode Both

}  // namespace rigio::mrtk
