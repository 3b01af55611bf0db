// Texture atlas reader and writer: byte-exact round trips of the editor's atlases, both forms'
// fields, located errors.
#include <gtest/gtest.h>

#include "rigio/atlas/atlas.hpp"
#include "rigio/io/file.hpp"
#include "support/read.hpp"
#include "support/shared.hpp"

using rigio::atlas::Atlas;
using rigio::atlas::read_atlas;
using rigio::atlas::write_atlas;

namespace {

using rigio::test::text_of;

void expect_round_trips(const std::string& sub) {
    auto files = rigio::test::corpus_files(sub, ".atlas");
    RIGIO_REQUIRE_CORPUS(files, sub);
    int exact = 0;
    for (const auto& f : files) {
        const std::string text = text_of(f);
        Atlas a = read_atlas(text).value();
        EXPECT_FALSE(a.pages.empty()) << f;
        const std::string back = write_atlas(a);
        EXPECT_EQ(back, text) << f << ": rewrite differs";
        EXPECT_EQ(read_atlas(back).value(), a) << f;
        exact += back == text;
    }
    EXPECT_EQ(exact, static_cast<int>(files.size()));
    std::printf("%s: %d/%zu atlases rewritten byte for byte\n", sub.c_str(), exact, files.size());
}

rigio::Error error_of(const std::string& text) {
    const rigio::Result<Atlas> r = read_atlas(text);
    if (!r) return r.error();
    ADD_FAILURE() << "no error for: " << text;
    return rigio::Error("none");
}

}  // namespace

TEST(Atlas, Spine38CorpusRoundTripsByteForByte) { expect_round_trips("corpus/spine-3.8/atlas"); }
TEST(Atlas, Spine42CorpusRoundTripsByteForByte) { expect_round_trips("corpus/spine-4.2/atlas"); }

TEST(Atlas, Reads3xForm) {
    const std::string text =
        "\npage.png\nsize: 64,32\nformat: RGBA8888\nfilter: Linear,Linear\nrepeat: none\n"
        "head\n  rotate: true\n  xy: 2, 3\n  size: 10, 20\n  split: 1, 2, 3, 4\n  pad: 0, -1, 2, 3\n  orig: 12, 24\n  offset: 1, 2\n  index: 5\n";
    Atlas a = read_atlas(text).value();
    ASSERT_EQ(a.pages.size(), 1u);
    const auto& p = a.pages[0];
    EXPECT_EQ(p.name, "page.png");
    EXPECT_EQ(p.width, 64);
    EXPECT_EQ(p.height, 32);
    EXPECT_EQ(p.filter_min, "Linear");
    EXPECT_FALSE(p.pma);
    ASSERT_EQ(p.regions.size(), 1u);
    const auto& r = p.regions[0];
    EXPECT_EQ(r.name, "head");
    EXPECT_EQ(r.degrees, 90);
    EXPECT_TRUE(r.rotate_as_bool);
    EXPECT_EQ(r.x, 2);
    EXPECT_EQ(r.y, 3);
    EXPECT_EQ(r.width, 10);
    EXPECT_EQ(r.height, 20);
    EXPECT_EQ(r.original_width, 12);
    EXPECT_EQ(r.original_height, 24);
    EXPECT_EQ(r.offset_x, 1);
    EXPECT_EQ(r.offset_y, 2);
    EXPECT_EQ(r.index, 5);
    EXPECT_EQ(r.split, (std::array<int, 4>{1, 2, 3, 4}));
    EXPECT_EQ(r.pad, (std::array<int, 4>{0, -1, 2, 3}));
    EXPECT_TRUE(a.layout.blank_before_first_page);
    EXPECT_FALSE(a.layout.page_space_after_comma);
    EXPECT_EQ(a.layout.region_indent, "  ");
    EXPECT_EQ(write_atlas(a), text);
}

TEST(Atlas, Reads4xFormWithPmaArbitraryRotationAndUnknownKeys) {
    const std::string text =
        "a.png\n\tsize: 100, 50\n\tfilter: Linear, Linear\n\tpma: true\n\tscale: 0.5\n"
        "seq\n\tindex: 2\n\tbounds: 1, 2, 30, 40\n\toffsets: 3, 4, 36, 48\n\trotate: 45\n\tcustom: 7, 8\n\n"
        "b.png\n\tsize: 8, 8\nx\n\tbounds: 0, 0, 8, 8\n";
    Atlas a = read_atlas(text).value();
    ASSERT_EQ(a.pages.size(), 2u);
    EXPECT_TRUE(a.pages[0].pma);
    ASSERT_EQ(a.pages[0].extra.size(), 1u);
    EXPECT_EQ(a.pages[0].extra[0].key, "scale");
    EXPECT_EQ(a.pages[0].extra[0].value, "0.5");
    const auto& r = a.pages[0].regions[0];
    EXPECT_EQ(r.degrees, 45);
    EXPECT_FALSE(r.rotate_as_bool);
    EXPECT_EQ(r.index, 2);
    EXPECT_EQ(r.original_width, 36);
    ASSERT_EQ(r.extra.size(), 1u);
    EXPECT_EQ(r.extra[0].value, "7, 8");
    // Without orig/offsets the original size is the packed size.
    EXPECT_EQ(a.pages[1].regions[0].original_width, 8);
    EXPECT_EQ(write_atlas(a), text);
    int page = -1;
    EXPECT_EQ(a.find("x", &page), &a.pages[1].regions[0]);
    EXPECT_EQ(page, 1);
    EXPECT_EQ(a.find("nope"), nullptr);
}

TEST(Atlas, WritesModelsBuiltInCodeIn4xForm) {
    Atlas a;
    a.pages.emplace_back();
    a.pages[0].name = "p.png";
    a.pages[0].width = 16;
    a.pages[0].height = 8;
    a.pages[0].filter_min = a.pages[0].filter_mag = "Linear";
    a.pages[0].pma = true;
    a.pages[0].regions.emplace_back();
    auto& r = a.pages[0].regions[0];
    r.name = "r";
    r.width = 4;
    r.height = 2;
    r.original_width = 4;
    r.original_height = 2;
    r.degrees = 90;
    EXPECT_EQ(write_atlas(a), "p.png\n\tsize: 16, 8\n\tfilter: Linear, Linear\n\tpma: true\nr\n\tbounds: 0, 0, 4, 2\n\trotate: 90\n");
    Atlas back = read_atlas(write_atlas(a)).value();
    EXPECT_EQ(back.pages[0].regions[0].degrees, 90);
    EXPECT_EQ(write_atlas(back), write_atlas(a));
}

TEST(Atlas, KeepsCrlfAndMissingFinalNewline) {
    const std::string text = "p.png\r\n\tsize: 2, 2\r\nr\r\n\tbounds: 0, 0, 1, 1";
    Atlas a = read_atlas(text).value();
    EXPECT_TRUE(a.layout.crlf);
    EXPECT_FALSE(a.layout.final_newline);
    EXPECT_EQ(write_atlas(a), text);
}

TEST(Atlas, ErrorsNameLineAndColumn) {
    rigio::Error e = error_of("p.png\n\tsize: 2, x\n");
    EXPECT_EQ(e.where().line, 2);
    EXPECT_EQ(e.where().column, 11);
    EXPECT_NE(std::string(e.what()).find("integer"), std::string::npos) << e.what();

    e = error_of("p.png\nr\n  bounds: 1, 2, 3\n");
    EXPECT_EQ(e.where().line, 3);
    EXPECT_NE(std::string(e.what()).find("takes 4 values"), std::string::npos) << e.what();

    e = error_of("p.png\nr\n\trotate: sideways\n");
    EXPECT_EQ(e.where().line, 3);
    EXPECT_EQ(e.where().column, 10);

    e = error_of("p.png\n\trepeat: diagonal\n");
    EXPECT_EQ(e.where().line, 2);

    e = error_of("p.png\nr\n\tindex: 1\n\tindex: 2\n");
    EXPECT_EQ(e.where().line, 4);
    EXPECT_NE(std::string(e.what()).find("two \"index\""), std::string::npos) << e.what();

    e = error_of("p.png\nr\x01\n");
    EXPECT_EQ(e.where().line, 2);
    EXPECT_EQ(e.where().column, 2);

    e = error_of("p.png\n\tsize: 1, 2, 3, 4, 5, 6\n");
    EXPECT_NE(std::string(e.what()).find("more than 4"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("line 2"), std::string::npos) << e.what();
}

TEST(Atlas, BlankTextIsAnEmptyAtlas) {
    EXPECT_TRUE(read_atlas("").value().pages.empty());
    EXPECT_TRUE(read_atlas("\n\n  \n").value().pages.empty());
    EXPECT_EQ(write_atlas(read_atlas("\n\n").value()), "");
}
