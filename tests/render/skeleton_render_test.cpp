// Drawing a whole skeleton: the shipped sample (atlas and page made in code) and a one-region skeleton
// with an exact expected picture; the corpus scene spineboy run against the official renderer's image.
#include <gtest/gtest.h>

#include "rigio/io/file.hpp"
#include "rigio/render/skeleton_renderer.hpp"
#include "rigio/samples.hpp"
#include "rigio/spine/binary.hpp"
#include "rigio/spine/runtime/animation.hpp"
#include "support/shared.hpp"

using namespace rigio;
namespace rt = rigio::spine::runtime;

namespace {

// A skeleton with one slot showing one 4x2 region at the origin.
spine::SkeletonData one_region(spine::BlendMode blend, spine::Rgba slot_colour) {
    spine::SkeletonData sd;
    sd.bones.emplace_back();
    sd.bones[0].name = "root";
    spine::Slot slot;
    slot.name = "s";
    slot.attachment = "r";
    slot.blend = blend;
    slot.color = slot_colour;
    sd.slots.push_back(slot);
    spine::Skin skin;
    skin.name = "default";
    spine::Attachment a;
    a.type = spine::AttachmentType::Region;
    a.width = 4;
    a.height = 2;
    skin.slots.push_back({0, {{"r", a}}});
    sd.skins.push_back(skin);
    sd.has_default_skin = true;
    return sd;
}

render::TextureAtlas four_by_two(int degrees) {
    render::TextureAtlas t;
    atlas::Page page;
    page.name = "p.png";
    page.width = 4;
    page.height = 4;
    atlas::Region r;
    r.name = "r";
    r.width = r.original_width = 4;
    r.height = r.original_height = 2;
    r.degrees = degrees;
    page.regions.push_back(r);
    t.atlas.pages.push_back(page);
    atlas::Image img;
    img.width = img.height = 4;
    img.rgba.assign(64, 0);
    // The image: left half red, right half green, top row brighter (rows: 255 then 128).
    for (int y = 0; y < 2; ++y)
        for (int x = 0; x < 4; ++x) {
            const int v = y == 0 ? 255 : 128;
            // Unrotated: stored as is. Rotated 90 (a quarter counter-clockwise): image (x, y) sits at
            // page (y, 3 - x); 180: at (3 - x, 1 - y); 270 (a quarter clockwise): at (1 - y, x).
            int px = x, py = y;
            if (degrees == 90) px = y, py = 3 - x;
            if (degrees == 180) px = 3 - x, py = 1 - y;
            if (degrees == 270) px = 1 - y, py = x;
            std::uint8_t* p = &img.rgba[static_cast<std::size_t>(py * 4 + px) * 4];
            p[0] = x < 2 ? v : 0;
            p[1] = x < 2 ? 0 : v;
            p[3] = 255;
        }
    t.pages.push_back(img);
    return t;
}

std::array<int, 4> at(const render::Canvas& c, int x, int y) {
    const std::uint8_t* p = &c.pixels[(static_cast<std::size_t>(y) * c.width + x) * 4];
    return {p[0], p[1], p[2], p[3]};
}

}  // namespace

TEST(SkeletonRender, OneRegionIsDrawnUprightAtTheCamera) {
    for (int degrees : {0, 90, 180, 270}) {
        const spine::SkeletonData sd = one_region(spine::BlendMode::Normal, 0xFFFFFFFF);
        const rt::RuntimeData data = rt::prepare(sd).value();
        const render::TextureAtlas tex = four_by_two(degrees);
        const render::SkeletonRenderer renderer = render::SkeletonRenderer::make(data, tex).value();
        rt::Skeleton sk(data);
        sk.set_to_setup_pose();
        sk.update_world_transform();
        render::Canvas canvas = render::Canvas::make(6, 4).value();
        render::Camera cam{1, 3, 2, 6, 4};  // world (0, 0) at pixel (3, 2): the quad covers x 1..5, y 1..3
        renderer.draw(sk, cam, canvas);
        for (int y = 0; y < 4; ++y)
            for (int x = 0; x < 6; ++x) {
                std::array<int, 4> want{0, 0, 0, 0};
                if (x >= 1 && x < 5 && y >= 1 && y < 3) {
                    const int v = y == 1 ? 255 : 128;  // the image's top row is at the top
                    want = x < 3 ? std::array<int, 4>{v, 0, 0, 255} : std::array<int, 4>{0, v, 0, 255};
                }
                EXPECT_EQ(at(canvas, x, y), want) << "degrees " << degrees << " pixel " << x << "," << y;
            }
    }
}

TEST(SkeletonRender, RegionsTurnedByOtherThanQuarterTurnsAreRefusedByName) {
    const spine::SkeletonData sd = one_region(spine::BlendMode::Normal, 0xFFFFFFFF);
    const rt::RuntimeData data = rt::prepare(sd).value();
    const render::TextureAtlas tex = four_by_two(45);
    const Result<render::SkeletonRenderer> renderer = render::SkeletonRenderer::make(data, tex);
    ASSERT_FALSE(renderer.ok()) << "a 45-degree region was accepted";
    EXPECT_NE(std::string(renderer.error().what()).find("45 degrees"), std::string::npos) << renderer.error().what();
}

TEST(SkeletonRender, SlotColourIsTruncatedToEightBitsAndAlphaZeroSkips) {
    const spine::SkeletonData sd = one_region(spine::BlendMode::Normal, 0x80FFFFFF);
    const rt::RuntimeData data = rt::prepare(sd).value();
    const render::TextureAtlas tex = four_by_two(0);
    const render::SkeletonRenderer renderer = render::SkeletonRenderer::make(data, tex).value();
    rt::Skeleton sk(data);
    sk.set_to_setup_pose();
    sk.update_world_transform();
    render::Canvas canvas = render::Canvas::make(6, 4).value();
    renderer.draw(sk, render::Camera{1, 3, 2, 6, 4}, canvas);
    EXPECT_EQ(at(canvas, 1, 1), (std::array<int, 4>{128, 0, 0, 255}));  // 255 * 128/255
    sk.slots[0].color.a = 0;
    render::Canvas empty = render::Canvas::make(6, 4).value();
    renderer.draw(sk, render::Camera{1, 3, 2, 6, 4}, empty);
    EXPECT_EQ(at(empty, 1, 1), (std::array<int, 4>{0, 0, 0, 0}));
}

TEST(SkeletonRender, MissingRegionIsAnError) {
    const spine::SkeletonData sd = one_region(spine::BlendMode::Normal, 0xFFFFFFFF);
    const rt::RuntimeData data = rt::prepare(sd).value();
    render::TextureAtlas tex = four_by_two(0);
    tex.atlas.pages[0].regions[0].name = "other";
    const Result<render::SkeletonRenderer> renderer = render::SkeletonRenderer::make(data, tex);
    ASSERT_FALSE(renderer.ok()) << "no error";
    EXPECT_NE(std::string(renderer.error().what()).find("region \"r\" is not in the atlas"), std::string::npos) << renderer.error().what();
}

TEST(SkeletonRender, ShippedSampleAtlasIsWhatTheCodeMakes) {
    const samples::SampleAtlas made = samples::stickman_atlas();
    const std::string dir = std::string(RIGIO_SOURCE_DIR) + "/samples/";
    auto text = io::read_file(dir + "stickman.atlas").value();
    EXPECT_EQ(std::string(text.begin(), text.end()), atlas::write_atlas(made.atlas)) << "samples/stickman.atlas is stale: run build/make_samples samples";
    const atlas::Image page = atlas::decode_png(io::read_file(dir + "stickman.png").value(), "stickman.png").value();
    EXPECT_EQ(page.rgba, made.page.rgba) << "samples/stickman.png is stale: run build/make_samples samples";
    // Every drawn attachment of the sample finds its region, and the walk draws something.
    const render::TextureAtlas tex = render::load_texture_atlas(dir + "stickman.atlas").value();
    const spine::SkeletonData sd = samples::spine_stickman();
    const rt::RuntimeData data = rt::prepare(sd).value();
    const render::SkeletonRenderer renderer = render::SkeletonRenderer::make(data, tex).value();
    rt::Skeleton sk(data);
    sk.set_to_setup_pose();
    rt::apply(data.animations[0], sk, 0.4f, 0.4f, false, nullptr, 1);
    sk.update_world_transform();
    render::Bounds b;
    renderer.add_bounds(sk, b);
    ASSERT_FALSE(b.empty);
    render::Canvas canvas = render::Canvas::make(200, 200).value();
    renderer.draw(sk, render::Camera{1, 100, 150, 200, 200}, canvas);
    int covered = 0;
    for (std::size_t i = 3; i < canvas.pixels.size(); i += 4) covered += canvas.pixels[i] > 0;
    EXPECT_GT(covered, 1500);
}
