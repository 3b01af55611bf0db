// The render module's entry points report bad input as a located Error in their Result, never by
// throwing: texture atlases (missing file, bad text, bad page names, missing pages) and the encoders.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "rigio/render/encode.hpp"
#include "rigio/render/skeleton_renderer.hpp"

namespace fs = std::filesystem;
using rigio::Result;
using rigio::atlas::Image;
using rigio::render::TextureAtlas;

namespace {

fs::path scratch() {
    const fs::path d = fs::temp_directory_path() /
                       ("rigio-render-errors-" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
    fs::remove_all(d);
    fs::create_directories(d);
    return d;
}

void write(const fs::path& p, const std::string& text) { std::ofstream(p, std::ios::binary) << text; }

Image image(int w, int h) { return Image{w, h, std::vector<std::uint8_t>(static_cast<std::size_t>(w) * h * 4, 255)}; }

}  // namespace

TEST(RenderErrors, TextureAtlasErrorsNameTheFileAndTheLine) {
    const fs::path d = scratch();
    Result<TextureAtlas> r = rigio::render::load_texture_atlas((d / "missing.atlas").string());
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().message().find("missing.atlas"), std::string::npos) << r.error().what();
    // A page size that is not a number: an error at its line, in the file.
    write(d / "bad.atlas", "page.png\nsize: 4,x\n");
    r = rigio::render::load_texture_atlas((d / "bad.atlas").string());
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().where().line, 2) << r.error().what();
    EXPECT_EQ(r.error().context(), "in " + (d / "bad.atlas").string());
    // A page that escapes the atlas's folder is refused by name; a page that is not there names its file.
    write(d / "escape.atlas", "../page.png\nsize: 4,4\nformat: RGBA8888\nfilter: Linear,Linear\nrepeat: none\n");
    r = rigio::render::load_texture_atlas((d / "escape.atlas").string());
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().message(), "page image name is not a plain relative path");
    write(d / "nopage.atlas", "page.png\nsize: 4,4\nformat: RGBA8888\nfilter: Linear,Linear\nrepeat: none\n");
    r = rigio::render::load_texture_atlas((d / "nopage.atlas").string());
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().message().find((d / "page.png").string()), std::string::npos) << r.error().what();
    // A DragonBones _tex.json with a wrong type: located by its JSON path.
    write(d / "bad_tex.json", "{\"imagePath\":\"a.png\",\"SubTexture\":[{\"name\":\"a\",\"x\":\"left\"}]}");
    r = rigio::render::load_texture_atlas((d / "bad_tex.json").string());
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().where().json_path, "/SubTexture/0/x") << r.error().what();
    fs::remove_all(d);
}

TEST(RenderErrors, EncodersReturnErrors) {
    const std::vector<Image> none;
    Result<std::vector<std::uint8_t>> gif = rigio::render::encode_gif(none, 0.1f);
    ASSERT_FALSE(gif.ok());
    EXPECT_EQ(gif.error().message(), "GIF output: no frames to write");
    const std::vector<Image> mixed = {image(2, 2), image(3, 2)};
    gif = rigio::render::encode_gif(mixed, 0.1f);
    ASSERT_FALSE(gif.ok());
    EXPECT_EQ(gif.error().message(), "GIF output: frames differ in size");
    Result<std::vector<std::uint8_t>> webp = rigio::render::encode_webp(none, 0.1f);
    ASSERT_FALSE(webp.ok());
    EXPECT_EQ(webp.error().message(), "WebP output: no frames to write");
    webp = rigio::render::encode_webp(mixed, 0.1f);
    ASSERT_FALSE(webp.ok());
    EXPECT_EQ(webp.error().message(), "WebP output: frames differ in size");
    // Good frames encode.
    const std::vector<Image> two = {image(2, 2), image(2, 2)};
    EXPECT_TRUE(rigio::render::encode_gif(two, 0.1f).ok());
    EXPECT_TRUE(rigio::render::encode_webp(two, 0.1f).ok());
}
