// rigio/render/raster.hpp: a software rasteriser for textured, coloured triangles with Spine's blending.
//
// Canvas: 8 bits per channel, as a GPU framebuffer holds it: premultiplied colour P (r, g, b) and
// coverage alpha A, rounded to 1/255 after every blend.
//
// Edges: no antialiasing. A pixel is drawn when its centre (i + 0.5, j + 0.5) lies inside the triangle,
// with the top-left rule for centres exactly on an edge (as GPU rasterisers do), so triangles sharing an
// edge draw each pixel once and a mesh has no seams or double-blended lines. Texture coordinates are
// interpolated linearly in screen space (2D: no perspective).
//
// Sampling: bilinear with texel centres at (k + 0.5) / size, clamped to the edge (GL_LINEAR,
// GL_CLAMP_TO_EDGE), or nearest. Straight pages are filtered as stored (straight colour), as GL does.
//
// Blending, per fragment with texel T (rgb, a), light colour L (vertex colour, 8-bit channels) and, for
// two-colour tint, dark colour D (Spine's tint-black: colour = L * t + D * (1 - t) for straight texel
// colour t):
//   premultiplied source S = (L * t + D * (1 - t)) * a,  a = T.a * L.a;  fragment colour F is what the
//   official GPU runtimes' shader outputs: straight c = L * t + D * (1 - t) for straight pages, S for
//   premultiplied ones (whose vertex colour is premultiplied by L.a, as Spine's runtimes do).
//   normal    P = S + P (1 - a)          A = a + A (1 - a)
//   additive  P = S + P                  A = a + A
//   multiply  P = F * P + P (1 - a)      A unchanged
//   screen    P = F + P (1 - F)          A = a + A (1 - a)
// (GL_DST_COLOR multiply and GL_ONE screen as every official GPU runtime sets them; alpha with source
// factor one, i.e. Porter-Duff coverage.)
#pragma once

#include <cstdint>
#include <vector>

#include "rigio/atlas/image.hpp"
#include "rigio/io/error.hpp"

namespace rigio::render {

enum class Blend : std::uint8_t { Normal, Additive, Multiply, Screen };

struct Canvas {
    int width = 0, height = 0;
    std::vector<std::uint8_t> pixels;  // 4 per pixel: premultiplied r, g, b, then coverage a

    // A transparent black canvas; an Error when the size is outside atlas::ImageLimits.
    static Result<Canvas> make(int w, int h);
    void clear(const std::uint8_t rgba_straight[4]);
    // Straight-alpha RGBA (colour = round(255 P / A), 0 where A = 0), as PNG/GIF/WebP store it.
    atlas::Image to_image() const;
};

// Which pixels later triangles may draw (clipping attachments): 1 = inside. Clipping is done per pixel
// rather than by cutting triangles into polygons: a pixel of a clipped triangle is drawn when its centre
// is inside both the triangle and the clipping polygon, which is what cutting the triangle and
// rasterising the pieces by pixel centres gives, without re-triangulating (no seams between pieces, any
// simple polygon, concave or not, with no convex decomposition).
struct ClipMask {
    int width = 0, height = 0;
    std::vector<std::uint8_t> inside;
};

// Marks the pixels whose centre is inside the polygon (x, y pairs in pixel coordinates; even-odd rule).
void fill_polygon(ClipMask& mask, int width, int height, const float* xy, int count);

struct Texture {
    const atlas::Image* image = nullptr;
    bool premultiplied = false;
    bool linear = true;  // bilinear; false: nearest
};

struct Vertex {
    float x = 0, y = 0;  // pixel coordinates (y down)
    float u = 0, v = 0;  // texture coordinates, 0..1 over the page
};

struct Paint {
    Blend blend = Blend::Normal;
    float light[4] = {1, 1, 1, 1};  // r, g, b, a
    bool tint_black = false;
    float dark[3] = {0, 0, 0};
    const ClipMask* clip = nullptr;  // draw only inside (null: everywhere)
};

// Draws triangles (3 indices each into `vertices`).
void draw_triangles(Canvas& canvas, const Texture& texture, const Vertex* vertices, const std::uint16_t* indices,
                    int index_count, const Paint& paint);

}  // namespace rigio::render
