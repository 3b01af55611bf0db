// rigio/render/skeleton_renderer.hpp: draws a posed Spine skeleton (rigio's runtime) with its atlas.
// Depends on the runtime's posed world state and the atlas only. Per slot in draw order: region and
// mesh attachments become textured triangles (vertex colour = skeleton x slot x attachment colour, each
// channel truncated to 8 bits as the official renderers pass it; the slot's dark colour as tint black),
// in the slot's blend mode; a clipping attachment restricts the following slots up to its end slot to
// its polygon. Slots whose colour or attachment alpha is 0, or whose bone is inactive, are skipped.
#pragma once

#include <string>
#include <vector>

#include "rigio/atlas/atlas.hpp"
#include "rigio/atlas/image.hpp"
#include "rigio/io/error.hpp"
#include "rigio/render/raster.hpp"
#include "rigio/spine/runtime/skeleton.hpp"

namespace rigio::render {

// An atlas with its decoded page images.
struct TextureAtlas {
    atlas::Atlas atlas;
    std::vector<atlas::Image> pages;  // one per atlas page
    bool premultiplied = false;       // pages hold premultiplied colour (4.x `pma: true`, or forced)
};

// Reads an atlas file (Spine .atlas, or a DragonBones *_tex.json when the name ends in .json) and the
// page images next to it (page names must be relative paths without ".."). An Error names the file and
// the line, or the page image at fault.
Result<TextureAtlas> load_texture_atlas(const std::string& path, const atlas::ImageLimits& limits = {});

// World point (x, y) (y up) -> pixel (x0 + scale * x, y0 - scale * y).
struct Camera {
    float scale = 1, x = 0, y = 0;
    int width = 0, height = 0;
};

struct Bounds {
    float min_x = 0, min_y = 0, max_x = 0, max_y = 0;
    bool empty = true;
    void add(float x, float y);
};

// Region attachments without a size (DragonBones data converted to Spine: DragonBones takes image sizes
// from its texture atlas) get their region's original size. Returns how many were sized.
int size_regions_from_atlas(spine::SkeletonData& data, const atlas::Atlas& atlas);

class SkeletonRenderer {
public:
    // Resolves every region and mesh attachment of `data` to its atlas region (every frame's region for
    // a sequence). An Error when an attachment's region is missing from the atlas, or its mesh does not
    // fit its uvs. The renderer refers to `data` and `textures`, which must outlive it.
    static Result<SkeletonRenderer> make(const spine::runtime::RuntimeData& data, const TextureAtlas& textures);

    void draw(const spine::runtime::Skeleton& skeleton, const Camera& camera, Canvas& canvas) const;
    // Adds the world vertices of everything draw() would draw.
    void add_bounds(const spine::runtime::Skeleton& skeleton, Bounds& bounds) const;

    bool tint_black = true;  // apply slots' dark colours (spine-sfml ignores them)

private:
    SkeletonRenderer(const spine::runtime::RuntimeData& data, const TextureAtlas& textures);  // throws rigio::Error
    struct Mapped {
        int page = -1;
        const atlas::Region* region = nullptr;
        const spine::Attachment* model = nullptr;   // the attachment itself
        const spine::Attachment* shape = nullptr;   // where its uvs and triangles are (the source mesh)
        std::vector<float> page_uvs;                // per vertex u, v over the page
        std::vector<Mapped> frames;                 // 4.1+ sequence: one mapping per frame
    };
    // The mapping of the region the slot shows (its sequence frame's, for a sequence attachment).
    const Mapped& mapped(const spine::runtime::Skeleton& skeleton, int slot) const;
    int world_vertices(const spine::runtime::Skeleton& skeleton, int slot, int attachment, const Mapped& m,
                       std::vector<float>& out) const;

    const spine::runtime::RuntimeData* data_;
    const TextureAtlas* textures_;
    std::vector<Mapped> mapped_;  // per runtime attachment
    std::vector<const spine::Attachment*> models_;  // per runtime attachment: its model
};

}  // namespace rigio::render
