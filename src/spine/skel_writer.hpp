// Internal: the Spine .skel writer's parts shared between binary_writer.cpp (header, setup data,
// skins, 3.x animations) and binary_animation_writer_4x.cpp (4.x animations).
#pragma once

#include <functional>

#include "rigio/io/byte_writer.hpp"
#include "rigio/spine/model.hpp"

namespace rigio::spine::detail {

// Writes a 4.x animation's body after its name: the timeline count, then the slot, bone, constraint
// and attachment timelines (mirror of binary_animation_reader_4x.cpp). `ref_string` writes a
// shared-string reference; `skin_index` maps a model skin index to the one stored in the file.
void write_animation_4x(io::ByteWriter& w, const SkeletonData& sd, const Animation& a, Version layout,
                        const std::function<void(const OptString&)>& ref_string,
                        const std::function<int(int)>& skin_index);

}  // namespace rigio::spine::detail
