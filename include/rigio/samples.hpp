// rigio/samples.hpp: small skeletons built in code. They give `make run` and the docs a file that
// the repository can ship (written by rigio's own writer), and tests a known model.
#pragma once

#include "rigio/atlas/atlas.hpp"
#include "rigio/atlas/image.hpp"
#include "rigio/mrtk/model.hpp"
#include "rigio/spine/model.hpp"

namespace rigio::samples {

// "stickman": 7 bones, 7 slots (region, mesh, weighted mesh, linked mesh, bounding box, point,
// clipping, path attachments), IK/transform/path constraints, a named skin, two events (one with
// audio) and two animations that use every timeline type and every curve type.
spine::SkeletonData spine_stickman();

// The stickman's texture atlas (3.x form) and its 128x128 page, painted in code: regions for the body
// (stored rotated), head, cape and helmet. samples/stickman.atlas and stickman.png are written from it.
struct SampleAtlas {
    atlas::Atlas atlas;
    atlas::Image page;
};
SampleAtlas stickman_atlas();

// "wave": a 1.5 s MRTK 1.1 recording (camera, a waving and pinching right hand, eye gaze, one marker)
// as MRTK 2.6/2.7 writes it, rotation W curves cut to one key included.
mrtk::InputAnimation mrtk_wave();

}  // namespace rigio::samples
