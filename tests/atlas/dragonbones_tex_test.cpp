// DragonBones *_tex.json read as a Spine atlas model: frame offsets, rotation, located errors.
#include <gtest/gtest.h>

#include "rigio/atlas/dragonbones_tex.hpp"
#include "rigio/io/file.hpp"
#include "support/shared.hpp"

using rigio::atlas::read_dragonbones_tex;

TEST(DragonBonesTex, SubTexturesBecomeRegions) {
    const auto a = read_dragonbones_tex(R"({"imagePath":"hero_tex.png","width":256,"height":128,"name":"hero","SubTexture":[
        {"name":"arm","x":2,"y":4,"width":20,"height":30},
        {"name":"leg","x":30,"y":4,"width":10,"height":16,"frameX":-3,"frameY":-5,"frameWidth":18,"frameHeight":28},
        {"name":"cape","x":50,"y":4,"width":40,"height":12,"rotated":true}]})").value();
    ASSERT_EQ(a.pages.size(), 1u);
    EXPECT_EQ(a.pages[0].name, "hero_tex.png");
    EXPECT_EQ(a.pages[0].width, 256);
    EXPECT_EQ(a.pages[0].filter_mag, "Linear");
    ASSERT_EQ(a.pages[0].regions.size(), 3u);
    const auto& arm = a.pages[0].regions[0];
    EXPECT_EQ(arm.original_width, 20);
    EXPECT_EQ(arm.offset_x, 0);
    EXPECT_EQ(arm.offset_y, 0);
    const auto& leg = a.pages[0].regions[1];
    EXPECT_EQ(leg.offset_x, 3);
    EXPECT_EQ(leg.offset_y, 28 - 16 - 5);  // from the bottom: frame height - height - top trim
    EXPECT_EQ(leg.original_height, 28);
    const auto& cape = a.pages[0].regions[2];
    EXPECT_EQ(cape.degrees, 90);
    EXPECT_EQ(cape.width, 12);  // the image's size, the atlas gives the rotated rectangle
    EXPECT_EQ(cape.height, 40);
}

TEST(DragonBonesTex, ErrorsAreLocated) {
    const auto r = read_dragonbones_tex("{\"imagePath\":\"a.png\",\n\"SubTexture\":[{\"name\":\"a\",\"x\":\"left\"}]}");
    ASSERT_FALSE(r.ok()) << "no error";
    EXPECT_EQ(r.error().where().json_path, "/SubTexture/0/x");
    EXPECT_EQ(r.error().where().line, 2);
    EXPECT_FALSE(read_dragonbones_tex("{\"imagePath\":\"a.png\"}").ok());
    const auto cut = read_dragonbones_tex("[1,");
    ASSERT_FALSE(cut.ok());
    EXPECT_TRUE(cut.error().where().known()) << cut.error().what();
}

TEST(DragonBonesTex, ReadsEveryCorpusAtlas) {
    int read = 0;
    for (const char* v : {"4.5", "5.0", "5.5", "5.6"}) {
        for (const auto& f : rigio::test::corpus_files(std::string("corpus/dragonbones/") + v, "_tex.json")) {
            auto bytes = rigio::io::read_file(f.string()).value();
            const auto a = read_dragonbones_tex(std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size())).value();
            EXPECT_FALSE(a.pages[0].regions.empty()) << f;
            ++read;
        }
    }
    if (read == 0) GTEST_SKIP() << "../shared/corpus/dragonbones not found: corpus test skipped";
}
