// The stickman's texture atlas (rigio/samples.hpp): one 128x128 page painted in code, so that the
// repository ships nothing it did not make. Shapes are drawn per texel with a 1-texel soft edge.
#include <algorithm>
#include <cmath>
#include <functional>

#include "rigio/samples.hpp"

namespace rigio::samples {

namespace {

struct Rgba {
    float r, g, b, a;
};

// Coverage of a shape with signed distance d (negative inside), antialiased over one texel.
float cover(float d, float texel) { return std::clamp(0.5f - d / texel, 0.0f, 1.0f); }

float rounded_box(float s, float t, float half_w, float half_h, float radius) {  // s, t centred
    const float qx = std::fabs(s) - half_w + radius, qy = std::fabs(t) - half_h + radius;
    return std::hypot(std::max(qx, 0.0f), std::max(qy, 0.0f)) + std::min(std::max(qx, qy), 0.0f) - radius;
}

using Painter = std::function<Rgba(float x, float y)>;  // image pixel coordinates (x right, y down)

void paint(atlas::Image& page, const atlas::Region& r, const Painter& painter) {
    for (int py = 0; py < (r.degrees == 90 ? r.width : r.height); ++py)
        for (int px = 0; px < (r.degrees == 90 ? r.height : r.width); ++px) {
            // Inverse of the renderer's placement: a 90-degree region's image top runs up its left side.
            float x, y;
            if (r.degrees == 90) {
                x = static_cast<float>(r.width) - (static_cast<float>(py) + 0.5f);
                y = static_cast<float>(px) + 0.5f;
            } else {
                x = static_cast<float>(px) + 0.5f;
                y = static_cast<float>(py) + 0.5f;
            }
            const Rgba c = painter(x, y);
            std::uint8_t* out = &page.rgba[(static_cast<std::size_t>(r.y + py) * static_cast<std::size_t>(page.width) + static_cast<std::size_t>(r.x + px)) * 4];
            out[0] = static_cast<std::uint8_t>(std::lround(std::clamp(c.r, 0.0f, 1.0f) * 255));
            out[1] = static_cast<std::uint8_t>(std::lround(std::clamp(c.g, 0.0f, 1.0f) * 255));
            out[2] = static_cast<std::uint8_t>(std::lround(std::clamp(c.b, 0.0f, 1.0f) * 255));
            out[3] = static_cast<std::uint8_t>(std::lround(std::clamp(c.a, 0.0f, 1.0f) * 255));
        }
}

atlas::Region region(const char* name, int x, int y, int w, int h, int degrees) {
    atlas::Region r;
    r.name = name;
    r.x = x;
    r.y = y;
    r.width = r.original_width = w;
    r.height = r.original_height = h;
    r.degrees = degrees;
    r.rotate_as_bool = true;
    r.keys = std::vector<std::string>{"rotate", "xy", "size", "orig", "offset", "index"};  // the 3.x form
    return r;
}

}  // namespace

SampleAtlas stickman_atlas() {
    SampleAtlas out;
    atlas::Atlas& a = out.atlas;
    a.layout.blank_before_first_page = true;
    a.layout.page_indent = "";
    a.layout.region_indent = "  ";
    a.layout.page_space_after_comma = false;
    atlas::Page page;
    page.name = "stickman.png";
    page.width = page.height = 128;
    page.filter_min = page.filter_mag = "Linear";
    page.keys = std::vector<std::string>{"size", "format", "filter", "repeat"};
    page.regions.push_back(region("stickman/body", 2, 2, 40, 70, 90));  // stored turned: 70 x 40 texels
    page.regions.push_back(region("head", 2, 44, 30, 30, 0));
    page.regions.push_back(region("cape-cloth", 34, 44, 50, 20, 0));
    page.regions.push_back(region("stickman/helmet", 86, 44, 30, 30, 0));
    a.pages.push_back(page);

    atlas::Image& img = out.page;
    img.width = img.height = 128;
    img.rgba.assign(128 * 128 * 4, 0);
    const auto& r = a.pages[0].regions;
    paint(img, r[0], [](float x, float y) {  // body: a rounded shirt, lighter at the top, with an outline
        const float d = rounded_box(x - 20, y - 35, 18, 33, 9);
        const float shade = 0.55f + 0.45f * (1 - y / 70);
        const float edge = cover(d + 2.0f, 1.0f);  // inner part; the rim stays dark
        return Rgba{0.12f + 0.1f * shade * edge, 0.35f * shade * edge + 0.1f, 0.75f * shade * edge + 0.15f, cover(d, 1.0f)};
    });
    paint(img, r[1], [](float x, float y) {  // head: a face with two eyes (the head bone points along x)
        const float d = std::hypot(x - 15, y - 15) - 13.5f;
        const float eye = std::min(std::hypot(x - 18, y - 10), std::hypot(x - 18, y - 20)) - 2.2f;
        const float e = cover(eye, 1.0f);
        return Rgba{0.98f - 0.9f * e, 0.82f - 0.75f * e, 0.66f - 0.6f * e, cover(d, 1.0f)};
    });
    paint(img, r[2], [](float x, float y) {  // cape: red cloth fading towards its tip
        return Rgba{0.85f, 0.12f + 0.2f * (x / 50), 0.15f, 0.35f + 0.65f * (y / 20)};
    });
    paint(img, r[3], [](float x, float y) {  // helmet: a steel dome over the head
        const float d = std::max(std::hypot(x - 15, y - 15) - 14.5f, 12.0f - x);
        const float shine = std::clamp(1 - std::hypot(x - 22, y - 10) / 9, 0.0f, 1.0f);
        return Rgba{0.55f + 0.4f * shine, 0.58f + 0.4f * shine, 0.62f + 0.35f * shine, cover(d, 1.0f)};
    });
    return out;
}

}  // namespace rigio::samples
