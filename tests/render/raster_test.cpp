// The rasteriser on hand-built cases with exact expected pixels: texturing, the four blend modes with
// straight and premultiplied pages, edges shared by two triangles, clipping, tint black.
#include <gtest/gtest.h>

#include <array>
#include <limits>

#include "rigio/render/raster.hpp"

using namespace rigio::render;
using Px = std::array<int, 4>;

namespace {

rigio::atlas::Image texture(int w, int h, std::initializer_list<Px> texels) {
    rigio::atlas::Image img;
    img.width = w;
    img.height = h;
    for (const Px& t : texels)
        for (int c : t) img.rgba.push_back(static_cast<std::uint8_t>(c));
    return img;
}

Px at(const Canvas& c, int x, int y) {
    const std::uint8_t* p = &c.pixels[(static_cast<std::size_t>(y) * c.width + x) * 4];
    return {p[0], p[1], p[2], p[3]};
}

void fill(Canvas& c, Px premultiplied) {
    for (std::size_t i = 0; i < c.pixels.size(); i += 4)
        for (int k = 0; k < 4; ++k) c.pixels[i + k] = static_cast<std::uint8_t>(premultiplied[k]);
}

// A quad over pixels [x0, x1) x [y0, y1) showing the whole texture.
void quad(Canvas& c, const rigio::atlas::Image& img, float x0, float y0, float x1, float y1, const Paint& paint, bool pma = false,
          bool linear = true) {
    const Vertex v[4] = {{x0, y1, 0, 1}, {x0, y0, 0, 0}, {x1, y0, 1, 0}, {x1, y1, 1, 1}};
    const std::uint16_t idx[6] = {0, 1, 2, 2, 3, 0};
    Texture t;
    t.image = &img;
    t.premultiplied = pma;
    t.linear = linear;
    draw_triangles(c, t, v, idx, 6, paint);
}

Px draw1(Blend blend, Px dst, Px texel, bool pma = false) {
    Canvas c = Canvas::make(1, 1).value();
    fill(c, dst);
    auto img = texture(1, 1, {texel});
    Paint p;
    p.blend = blend;
    quad(c, img, 0, 0, 1, 1, p, pma);
    return at(c, 0, 0);
}

}  // namespace

TEST(Raster, SingleRegionShowsEachTexelAtItsPixel) {
    // 2x2 texels on 2x2 pixels: pixel centres fall on texel centres, so bilinear gives the texels.
    auto img = texture(2, 2, {{255, 0, 0, 255}, {0, 255, 0, 255}, {0, 0, 255, 255}, {255, 255, 255, 255}});
    Canvas c = Canvas::make(4, 4).value();
    quad(c, img, 1, 1, 3, 3, Paint{});
    EXPECT_EQ(at(c, 1, 1), (Px{255, 0, 0, 255}));
    EXPECT_EQ(at(c, 2, 1), (Px{0, 255, 0, 255}));
    EXPECT_EQ(at(c, 1, 2), (Px{0, 0, 255, 255}));
    EXPECT_EQ(at(c, 2, 2), (Px{255, 255, 255, 255}));
    for (int i = 0; i < 4; ++i) {
        EXPECT_EQ(at(c, 0, i), (Px{0, 0, 0, 0}));
        EXPECT_EQ(at(c, 3, i), (Px{0, 0, 0, 0}));
        EXPECT_EQ(at(c, i, 0), (Px{0, 0, 0, 0}));
        EXPECT_EQ(at(c, i, 3), (Px{0, 0, 0, 0}));
    }
}

TEST(Raster, BilinearSamplingBetweenTexelCentres) {
    // 2x1 texels stretched over 4x1 pixels: centres at u = 1/8, 3/8, 5/8, 7/8 -> texel x -0.25 .. 1.25.
    auto img = texture(2, 1, {{0, 0, 0, 255}, {200, 200, 200, 255}});
    Canvas c = Canvas::make(4, 1).value();
    quad(c, img, 0, 0, 4, 1, Paint{});
    EXPECT_EQ(at(c, 0, 0)[0], 0);    // clamped to the edge texel
    EXPECT_EQ(at(c, 1, 0)[0], 50);   // 0.25 of the way
    EXPECT_EQ(at(c, 2, 0)[0], 150);  // 0.75
    EXPECT_EQ(at(c, 3, 0)[0], 200);
    Canvas n = Canvas::make(4, 1).value();
    quad(n, img, 0, 0, 4, 1, Paint{}, false, false);  // nearest
    EXPECT_EQ(at(n, 1, 0)[0], 0);
    EXPECT_EQ(at(n, 2, 0)[0], 200);
}

TEST(Raster, MeshTrianglesSharingAnEdgeBlendEachPixelOnce) {
    auto img = texture(1, 1, {{255, 255, 255, 51}});  // alpha 0.2
    Canvas c = Canvas::make(6, 6).value();
    // Two triangles of a square from (1,1) to (5,5), split along the diagonal through pixel centres.
    const Vertex v[4] = {{1, 1, 0, 0}, {5, 1, 1, 0}, {5, 5, 1, 1}, {1, 5, 0, 1}};
    const std::uint16_t idx[6] = {0, 1, 2, 0, 2, 3};
    Texture t;
    t.image = &img;
    draw_triangles(c, t, v, idx, 6, Paint{});
    int drawn = 0;
    for (int y = 0; y < 6; ++y)
        for (int x = 0; x < 6; ++x) {
            const bool inside = x >= 1 && x < 5 && y >= 1 && y < 5;
            EXPECT_EQ(at(c, x, y), inside ? (Px{51, 51, 51, 51}) : (Px{0, 0, 0, 0})) << x << "," << y;
            drawn += inside;
        }
    EXPECT_EQ(drawn, 16);
}

TEST(Raster, NormalBlend) {
    EXPECT_EQ(draw1(Blend::Normal, {0, 0, 0, 255}, {255, 255, 255, 51}), (Px{51, 51, 51, 255}));
    EXPECT_EQ(draw1(Blend::Normal, {0, 0, 0, 0}, {255, 0, 0, 255}), (Px{255, 0, 0, 255}));
    // Premultiplied page: colour added as stored; 200 * (1 - 128/255) = 99.6.
    EXPECT_EQ(draw1(Blend::Normal, {0, 0, 200, 255}, {128, 0, 0, 128}, true), (Px{128, 0, 100, 255}));
}

TEST(Raster, AdditiveBlend) {
    EXPECT_EQ(draw1(Blend::Additive, {0, 100, 0, 128}, {255, 0, 0, 255}), (Px{255, 100, 0, 255}));
    // Straight texel of alpha 0.2: adds 0.2 of its colour, and 0.2 coverage.
    EXPECT_EQ(draw1(Blend::Additive, {10, 10, 10, 100}, {255, 255, 255, 51}), (Px{61, 61, 61, 151}));
}

TEST(Raster, MultiplyBlend) {
    EXPECT_EQ(draw1(Blend::Multiply, {100, 150, 200, 255}, {255, 0, 0, 255}), (Px{100, 0, 0, 255}));
    // Straight colour times the destination plus the destination times (1 - alpha): a transparent
    // white texel of a straight page doubles the destination, as the official GPU runtimes draw it.
    EXPECT_EQ(draw1(Blend::Multiply, {100, 100, 100, 200}, {255, 255, 255, 0}), (Px{200, 200, 200, 200}));
}

TEST(Raster, ScreenBlend) {
    // 128 + 100 * (1 - 128/255) = 177.8; black channels leave the destination.
    EXPECT_EQ(draw1(Blend::Screen, {100, 150, 200, 255}, {128, 0, 0, 255}), (Px{178, 150, 200, 255}));
    EXPECT_EQ(draw1(Blend::Screen, {0, 0, 0, 0}, {255, 255, 255, 255}), (Px{255, 255, 255, 255}));
}

TEST(Raster, VertexColourTintsTheTexel) {
    Canvas c = Canvas::make(1, 1).value();
    auto img = texture(1, 1, {{200, 100, 50, 255}});
    Paint p;
    p.light[0] = 0.5f;
    p.light[3] = 0.5f;
    quad(c, img, 0, 0, 1, 1, p);
    EXPECT_EQ(at(c, 0, 0), (Px{50, 50, 25, 128}));  // colour * light * alpha 0.5
}

TEST(Raster, TintBlackFillsTheDarkPartOfTheTexel) {
    Canvas c = Canvas::make(1, 1).value();
    auto img = texture(1, 1, {{64, 64, 64, 255}});
    Paint p;
    p.tint_black = true;
    p.dark[0] = 1;  // red dark colour: 64 + 255 * (1 - 64/255) = 255
    quad(c, img, 0, 0, 1, 1, p);
    EXPECT_EQ(at(c, 0, 0), (Px{255, 64, 64, 255}));
    // Premultiplied page of alpha 0.5: the dark colour fills alpha - colour.
    Canvas d = Canvas::make(1, 1).value();
    auto half = texture(1, 1, {{32, 32, 32, 128}});
    quad(d, half, 0, 0, 1, 1, p, true);
    EXPECT_EQ(at(d, 0, 0), (Px{128, 32, 32, 128}));
}

TEST(Raster, ClippedTriangleDrawsOnlyInsideThePolygon) {
    Canvas c = Canvas::make(4, 4).value();
    ClipMask mask;
    const float tri[6] = {0, 0, 4, 0, 0, 4};  // centres with x + y < 4
    fill_polygon(mask, 4, 4, tri, 3);
    auto img = texture(1, 1, {{0, 255, 0, 255}});
    Paint p;
    p.clip = &mask;
    quad(c, img, 0, 0, 4, 4, p);
    int drawn = 0;
    for (int y = 0; y < 4; ++y)
        for (int x = 0; x < 4; ++x) {
            const bool inside = x + y < 3;
            EXPECT_EQ(at(c, x, y), inside ? (Px{0, 255, 0, 255}) : (Px{0, 0, 0, 0})) << x << "," << y;
            drawn += inside;
        }
    EXPECT_EQ(drawn, 6);
}

TEST(Raster, CanvasImageIsStraightAlpha) {
    Canvas c = Canvas::make(2, 1).value();
    fill(c, {64, 0, 32, 128});
    c.pixels[4] = c.pixels[5] = c.pixels[6] = c.pixels[7] = 0;
    auto img = c.to_image();
    EXPECT_EQ((Px{img.rgba[0], img.rgba[1], img.rgba[2], img.rgba[3]}), (Px{128, 0, 64, 128}));
    EXPECT_EQ((Px{img.rgba[4], img.rgba[5], img.rgba[6], img.rgba[7]}), (Px{0, 0, 0, 0}));
}

TEST(Raster, CanvasSizeIsLimited) {
    const rigio::Result<Canvas> c = Canvas::make(100000, 100000);
    ASSERT_FALSE(c.ok());
    EXPECT_EQ(c.error().message().rfind("canvas: image size 100000 x 100000 exceeds the limit", 0), 0u) << c.error().what();
}

TEST(Raster, HugeAndNonFiniteCoordinatesAreHarmless) {
    auto img = texture(1, 1, {{255, 255, 255, 255}});
    Texture t;
    t.image = &img;
    Canvas c = Canvas::make(4, 4).value();
    const float inf = std::numeric_limits<float>::infinity(), nan = std::numeric_limits<float>::quiet_NaN();
    const Vertex v[6] = {{1e30f, 0, 0, 0}, {-1e30f, 1e30f, 1e30f, -1e30f}, {0, -1e30f, nan, 0},
                         {inf, 0, 0, 0}, {0, nan, 0, 0}, {1, 1, 0, 0}};
    const std::uint16_t idx[9] = {0, 1, 2, 3, 4, 5, 0, 2, 5};
    draw_triangles(c, t, v, idx, 9, Paint{});
    ClipMask mask;
    const float poly[8] = {1e30f, 0, -1e30f, 1e30f, nan, 2, 0, inf};
    fill_polygon(mask, 4, 4, poly, 4);
    EXPECT_EQ(mask.inside.size(), 16u);
}
