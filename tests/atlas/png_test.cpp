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
    const auto bytes = rigio::atlas::encode_png(img).value();
    Image back = rigio::atlas::decode_png(bytes, "test.png").value();
    EXPECT_EQ(back.width, 3);
    EXPECT_EQ(back.height, 2);
    EXPECT_EQ(back.rgba, img.rgba);
}

TEST(Png, LimitsAreCheckedBeforeDecoding) {
    Image img;
    img.width = 40;
    img.height = 30;
    img.rgba.assign(40 * 30 * 4, 255);
    const auto bytes = rigio::atlas::encode_png(img).value();
    rigio::atlas::ImageLimits small;
    small.max_side = 32;
    const rigio::Result<Image> r = rigio::atlas::decode_png(bytes, "big.png", small);
    ASSERT_FALSE(r.ok()) << "no error";
    EXPECT_NE(std::string(r.error().what()).find("big.png: image size 40 x 30 exceeds the limit"), std::string::npos) << r.error().what();
    small.max_side = 100;
    small.max_pixels = 1000;
    EXPECT_FALSE(rigio::atlas::decode_png(bytes, "big.png", small).ok());
    EXPECT_FALSE(rigio::atlas::check_image_size(0, 5, "empty.png").ok());
    EXPECT_EQ(rigio::atlas::check_image_size(0, 5, "empty.png").error().message(), "empty.png: image size 0 x 5 is empty");
    img.rgba.pop_back();
    EXPECT_EQ(rigio::atlas::encode_png(img).error().message(), "PNG output: pixel buffer does not match the image size");
}

TEST(Png, DamagedDataIsAnError) {
    const std::vector<std::uint8_t> junk = {0x89, 'P', 'N', 'G', 1, 2, 3};
    const rigio::Result<Image> r = rigio::atlas::decode_png(junk, "junk.png");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().message().rfind("junk.png: not a readable PNG", 0), 0u) << r.error().what();
    Image img;
    img.width = 16;
    img.height = 16;
    img.rgba.assign(16 * 16 * 4, 90);
    auto bytes = rigio::atlas::encode_png(img).value();
    bytes.resize(bytes.size() - 20);  // truncated
    EXPECT_FALSE(rigio::atlas::decode_png(bytes, "cut.png").ok());
}

TEST(Png, DecodesTheCorpusPages) {
    auto files = rigio::test::corpus_files("corpus/spine-3.8/atlas", "spineboy.png");
    RIGIO_REQUIRE_CORPUS(files, "corpus/spine-3.8/atlas");
    Image img = rigio::atlas::decode_png(rigio::io::read_file(files[0].string()).value(), "spineboy.png").value();
    EXPECT_EQ(img.width, 1024);  // as the atlas says: size: 1024,256
    EXPECT_EQ(img.height, 256);
    EXPECT_EQ(img.rgba.size(), 1024u * 256u * 4u);
}
