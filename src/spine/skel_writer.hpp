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

namespace rigio::spine::detail {

// 4.2 (binary_writer_42.cpp): the fields each packs behind flag bytes, written after the name, order,
// bones and target the other versions share.
void write_ik_42(io::ByteWriter& w, const IkConstraint& c);
void write_transform_42(io::ByteWriter& w, const TransformConstraint& c);
void write_path_modes_42(io::ByteWriter& w, const PathConstraint& c);
void write_physics_42(io::ByteWriter& w, const PhysicsConstraint& c);
// The flags byte, then the attachment's fields; `vertices` writes a vertex block without its weighted byte.
void write_attachment_42(io::ByteWriter& w, const SkeletonData& sd, const Attachment& a,
                         const std::function<void(const OptString&)>& ref_string,
                         const std::function<void(const Vertices&)>& vertices);

}  // namespace rigio::spine::detail
