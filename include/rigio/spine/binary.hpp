// rigio/spine/binary.hpp: the Spine binary skeleton format (.skel), version 3.8.
// read_skel validates as it reads (indices against their tables, counts against the bytes left,
// linked meshes resolved after all skins) and reports errors with their byte offset.
// write_skel mirrors it field for field and reproduces the editor's bytes for data it read; a model it
// cannot write (a version without a .skel layout, a 4.x hash that is not 8 bytes of base64, an index out
// of range of its table) is an Error in the Result.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "rigio/io/error.hpp"
#include "rigio/spine/model.hpp"

namespace rigio::spine {

Result<SkeletonData> read_skel(std::span<const std::uint8_t> bytes);
Result<std::vector<std::uint8_t>> write_skel(const SkeletonData& skeleton);
// The shared-string table write_skel builds when the model's own table is empty: every string in order
// of first use. (The editor orders its table otherwise; SkeletonData::strings keeps its order.)
std::vector<std::string> skel_first_use_strings(const SkeletonData& skeleton);

// True when `bytes` look like a Spine binary skeleton (header strings followed by a version that
// starts with a digit). Cheap; used by format detection.
bool looks_like_skel(std::span<const std::uint8_t> bytes);

}  // namespace rigio::spine
