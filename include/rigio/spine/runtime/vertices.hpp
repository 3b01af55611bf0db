// rigio/spine/runtime/vertices.hpp: world-space vertices of a slot's attachment.
// Region: the 4 corners of the quad (bottom right, bottom left, upper left, upper right).
// Mesh, bounding box, path, clipping: the vertices, weighted by their bones or transformed by the
// slot's bone, with the slot's deform applied. Needs world transforms to be up to date.
#pragma once

#include "rigio/spine/runtime/skeleton.hpp"

namespace rigio::spine::runtime {

// Vertex attachment `attachment` shown on `slot`: world x, y of the vertex values start ..
// start+count-1 (count floats, 2 per vertex) to out[offset], out[offset+stride], ...
void vertex_world_positions(const Skeleton& skeleton, int slot, int attachment, int start, int count, float* out,
                            int offset, int stride);

// Region attachment corners placed by `bone`: 8 floats.
void region_world_positions(const Skeleton& skeleton, int bone, int attachment, float* out);

// World vertices of the slot's current region or mesh attachment into `out` (room for
// RuntimeData::max_world_vertices floats). Returns the number of floats written; 0 when the slot
// shows no region or mesh, or its bone is inactive.
int slot_world_vertices(const Skeleton& skeleton, int slot, float* out);

}  // namespace rigio::spine::runtime
