// rigio/dragonbones/binary.hpp: the DragonBones binary container (DBDT, *_ske.dbbin, 5.0/5.5 exports).
// Layout: "DBDT", a big-endian uint32 format word, a little-endian uint32 header length, a UTF-8 JSON
// header (5.x skeleton data whose animations point into the arrays instead of holding frames), then
// the typed arrays (int16 intArray, float32 floatArray, int16 frameIntArray, float32 frameFloatArray,
// int16 frameArray, uint16 timelineArray, and in the 7-pair layout int16 colorArray).
// The reader checks the container, reads the header with the JSON reader (errors carry the header's
// JSON path), and checks every array range and every index the header holds into the arrays. The
// arrays are kept as bytes, not decoded into frames: write_dbdt writes the same data back.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "rigio/dragonbones/model.hpp"
#include "rigio/io/error.hpp"

namespace rigio::dragonbones {

struct BinaryArray {
    const char* name;
    std::size_t offset = 0, length = 0;  // bytes, relative to the end of the header
    std::size_t element_size = 2;
    std::size_t count() const { return length / element_size; }
};

struct BinaryData {
    std::uint32_t format_version = 1;
    DragonBonesData header;           // root "offset" and the animations' timeline indices kept in `extra`
    std::vector<std::uint8_t> arrays;  // everything after the header
    bool operator==(const BinaryData&) const = default;
};

Result<BinaryData> read_dbdt(std::span<const std::uint8_t> bytes);
std::vector<std::uint8_t> write_dbdt(const BinaryData& data);

// The array ranges named by the header's "offset" (6 or 7 pairs); empty when it has none.
std::vector<BinaryArray> binary_arrays(const BinaryData& data);

bool looks_like_dbdt(std::span<const std::uint8_t> bytes);

}  // namespace rigio::dragonbones
