// PNG pages: decoding with libpng, size limits checked before allocating, encode/decode round trip.
#include <gtest/gtest.h>

#include "rigio/atlas/image.hpp"
#include "rigio/io/file.hpp"
#include "support/shared.hpp"

using rigio::atlas::Image;

TEST(Png, EncodeDecodeRoundTrip) {
    Image img;
    img.width = 3;
    img.height = 2;
    for (int i = 0; i < 6; ++i) img.rgba.insert(img.rgba.end(), {static_cast<std::uint8_t>(i * 40), 7, 200, static_cast<std::uint8_t>(i * 50)});
    const auto bytes = rigio::atlas::encode_png(img);
    Image back = rigio::atlas::decode_png(bytes, "test.png");
    EXPECT_EQ(back.width, 3);
    EXPECT_EQ(back.height, 2);
    EXPECT_EQ(back.rgba, img.rgba);
}

TEST(Png, LimitsAreCheckedBeforeDecoding) {
    Image img;
    img.width = 40;
    img.height = 30;
    img.rgba.assign(40 * 30 * 4, 255);
    const auto bytes = rigio::atlas::encode_png(img);
    rigio::atlas::ImageLimits small;
    small.max_side = 32;
    try {
        rigio::atlas::decode_png(bytes, "big.png", small);
        FAIL() << "no error";
    } catch (const rigio::Error& e) {
        EXPECT_NE(std::string(e.what()).find("big.png: image size 40 x 30 exceeds the limit"), std::string::npos) << e.what();
    }
    small.max_side = 100;
    small.max_pixels = 1000;
    EXPECT_THROW(rigio::atlas::decode_png(bytes, "big.png", small), rigio::Error);
}

TEST(Png, DamagedDataIsAnError) {
    const std::vector<std::uint8_t> junk = {0x89, 'P', 'N', 'G', 1, 2, 3};
    EXPECT_THROW(rigio::atlas::decode_png(junk, "junk.png"), rigio::Error);
    Image img;
    img.width = 16;
    img.height = 16;
    img.rgba.assign(16 * 16 * 4, 90);
    auto bytes = rigio::atlas::encode_png(img);
    bytes.resize(bytes.size() - 20);  // truncated
    EXPECT_THROW(rigio::atlas::decode_png(bytes, "cut.png"), rigio::Error);
}

TEST(Png, DecodesTheCorpusPages) {
    auto files = rigio::test::corpus_files("corpus/spine-3.8/atlas", "spineboy.png");
    RIGIO_REQUIRE_CORPUS(files, "corpus/spine-3.8/atlas");
    Image img = rigio::atlas::decode_png(rigio::io::read_file(files[0].string()), "spineboy.png");
    EXPECT_EQ(img.width, 1024);  // as the atlas says: size: 1024,256
    EXPECT_EQ(img.height, 256);
    EXPECT_EQ(img.rgba.size(), 1024u * 256u * 4u);
}
