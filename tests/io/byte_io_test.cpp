// ByteReader / ByteWriter: encodings, edge values, and bounds-checked failures with offsets.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <tuple>
#include <vector>

#include "rigio/io/byte_reader.hpp"
#include "rigio/io/byte_writer.hpp"

using rigio::Error;
using rigio::io::ByteReader;
using rigio::io::ByteWriter;

namespace {

std::vector<std::uint8_t> encode_varint(std::int32_t v, bool zigzag) {
    ByteWriter w;
    w.varint(v, zigzag);
    return w.take();
}

std::int32_t decode_varint(const std::vector<std::uint8_t>& bytes, bool zigzag, std::size_t* used = nullptr) {
    ByteReader r(bytes);
    std::int32_t v = r.varint(zigzag);
    if (used) *used = r.offset();
    return v;
}

}  // namespace

TEST(Varint, ShortestEncodingLengths) {
    EXPECT_EQ(encode_varint(0, false).size(), 1u);
    EXPECT_EQ(encode_varint(127, false).size(), 1u);
    EXPECT_EQ(encode_varint(128, false).size(), 2u);
    EXPECT_EQ(encode_varint(16383, false).size(), 2u);
    EXPECT_EQ(encode_varint(16384, false).size(), 3u);
    EXPECT_EQ(encode_varint((1 << 21) - 1, false).size(), 3u);
    EXPECT_EQ(encode_varint(1 << 21, false).size(), 4u);
    EXPECT_EQ(encode_varint((1 << 28) - 1, false).size(), 4u);
    EXPECT_EQ(encode_varint(1 << 28, false).size(), 5u);
    EXPECT_EQ(encode_varint(std::numeric_limits<std::int32_t>::max(), false).size(), 5u);
}

// Every two-byte encoding (varint's inline second case), as is and zigzag, with bytes after it or
// none; a first byte with its continuation bit and nothing after it fails as before.
TEST(Varint, EveryTwoByteEncoding) {
    for (unsigned b0 = 0x80; b0 <= 0xFF; ++b0) {
        for (unsigned b1 = 0; b1 < 0x80; ++b1) {
            const std::uint32_t value = (b0 & 0x7F) | (b1 << 7);
            for (const bool zigzag : {false, true}) {
                const std::int32_t want = static_cast<std::int32_t>(zigzag ? (value >> 1) ^ (0u - (value & 1u)) : value);
                std::size_t used = 0;
                EXPECT_EQ(decode_varint({static_cast<std::uint8_t>(b0), static_cast<std::uint8_t>(b1)}, zigzag, &used), want);
                EXPECT_EQ(used, 2u);
                EXPECT_EQ(decode_varint({static_cast<std::uint8_t>(b0), static_cast<std::uint8_t>(b1), 0xFF}, zigzag, &used), want);
                EXPECT_EQ(used, 2u);
            }
        }
        const std::vector<std::uint8_t> cut{static_cast<std::uint8_t>(b0)};
        ByteReader r(cut);
        EXPECT_THROW(r.varint(), Error);
    }
}

TEST(Varint, NegativeVarintPlusTakesFiveBytesLikeTheEditor) {
    // A draw-order offset of -14 stored as varint+ (notes: f2 ff ff ff 0f).
    EXPECT_EQ(encode_varint(-14, false), (std::vector<std::uint8_t>{0xf2, 0xff, 0xff, 0xff, 0x0f}));
    EXPECT_EQ(decode_varint({0xf2, 0xff, 0xff, 0xff, 0x0f}, false), -14);
    EXPECT_EQ(encode_varint(-1, false), (std::vector<std::uint8_t>{0xff, 0xff, 0xff, 0xff, 0x0f}));
}

TEST(Varint, ZigzagSmallNegativesAreShort) {
    EXPECT_EQ(encode_varint(-1, true), (std::vector<std::uint8_t>{0x01}));
    EXPECT_EQ(encode_varint(1, true), (std::vector<std::uint8_t>{0x02}));
    EXPECT_EQ(encode_varint(-64, true), (std::vector<std::uint8_t>{0x7f}));
    EXPECT_EQ(encode_varint(64, true).size(), 2u);
}

TEST(Varint, RoundTripsEdgeValues) {
    const std::int32_t values[] = {0, 1, -1, 63, -64, 64, 127, 128, 255, 300, 16383, 16384, -16384, 1 << 20,
                                   (1 << 28) - 1, 1 << 28, std::numeric_limits<std::int32_t>::max(),
                                   std::numeric_limits<std::int32_t>::min()};
    for (bool zigzag : {false, true}) {
        for (std::int32_t v : values) {
            auto bytes = encode_varint(v, zigzag);
            std::size_t used = 0;
            EXPECT_EQ(decode_varint(bytes, zigzag, &used), v) << v << " zigzag " << zigzag;
            EXPECT_EQ(used, bytes.size());
        }
    }
}

TEST(Varint, StopsAfterFiveBytes) {
    // A continuation bit on the fifth byte does not make the reader consume a sixth.
    std::size_t used = 0;
    decode_varint({0x80, 0x80, 0x80, 0x80, 0x81, 0x7f}, false, &used);
    EXPECT_EQ(used, 5u);
}

TEST(Varint, TruncatedVarintIsAnErrorAtItsEnd) {
    std::vector<std::uint8_t> bytes{0x80, 0x80};
    ByteReader r(bytes);
    try {
        r.varint();
        FAIL() << "expected an error";
    } catch (const Error& e) {
        ASSERT_TRUE(e.where().byte.has_value());
        EXPECT_EQ(*e.where().byte, 2u);
    }
}

TEST(SpineString, NullEmptyAndUtf8) {
    ByteWriter w;
    w.spine_string(std::nullopt);
    w.spine_string(std::string());
    w.spine_string(std::string("h\xC3\xA9ros \xE2\x9C\x93"));  // multi-byte UTF-8: 10 bytes
    auto bytes = w.take();
    EXPECT_EQ(bytes[0], 0);
    EXPECT_EQ(bytes[1], 1);
    EXPECT_EQ(bytes[2], 11);
    ByteReader r(bytes);
    EXPECT_FALSE(r.spine_string().has_value());
    auto empty = r.spine_string();
    ASSERT_TRUE(empty.has_value());
    EXPECT_TRUE(empty->empty());
    EXPECT_EQ(*r.spine_string(), "h\xC3\xA9ros \xE2\x9C\x93");
    EXPECT_TRUE(r.at_end());
}

TEST(SpineString, LengthPastTheEndIsAnError) {
    std::vector<std::uint8_t> bytes{0x7f, 'a', 'b'};
    ByteReader r(bytes);
    try {
        r.spine_string();
        FAIL() << "expected an error";
    } catch (const Error& e) {
        EXPECT_EQ(*e.where().byte, 0u);
        EXPECT_NE(std::string(e.what()).find("runs past the end"), std::string::npos) << e.what();
    }
}

TEST(Floats, BigAndLittleEndianKeepEveryBitIncludingNaNPayloads) {
    const std::uint32_t patterns[] = {0x00000000u, 0x80000000u, 0x3f800000u, 0x7f800000u, 0xff800000u,
                                      0x7fc00000u, 0x7fa00001u /* signalling NaN */, 0xffffffffu, 0x00000001u};
    for (std::uint32_t bits : patterns) {
        ByteWriter w;
        w.f32_be(std::bit_cast<float>(bits));
        w.f32_le(std::bit_cast<float>(bits));
        auto bytes = w.take();
        ASSERT_EQ(bytes.size(), 8u);
        EXPECT_EQ(bytes[0], bits >> 24);
        EXPECT_EQ(bytes[4], bits & 0xff);
        ByteReader r(bytes);
        EXPECT_EQ(std::bit_cast<std::uint32_t>(r.f32_be()), bits);
        EXPECT_EQ(std::bit_cast<std::uint32_t>(r.f32_le()), bits);
    }
}

TEST(Integers, ByteOrders) {
    ByteWriter w;
    w.u16_be(0x1234);
    w.u32_be(0xdeadbeef);
    w.u16_le(0x1234);
    w.u32_le(0xdeadbeef);
    w.u64_le(0x0102030405060708ull);
    w.f64_le(-2.5);
    auto bytes = w.take();
    EXPECT_EQ(bytes[0], 0x12);
    EXPECT_EQ(bytes[2], 0xde);
    EXPECT_EQ(bytes[6], 0x34);
    EXPECT_EQ(bytes[8], 0xef);
    ByteReader r(bytes);
    EXPECT_EQ(r.u16_be(), 0x1234);
    EXPECT_EQ(r.u32_be(), 0xdeadbeefu);
    EXPECT_EQ(r.u16_le(), 0x1234);
    EXPECT_EQ(r.u32_le(), 0xdeadbeefu);
    EXPECT_EQ(r.u64_le(), 0x0102030405060708ull);
    EXPECT_EQ(r.f64_le(), -2.5);
    EXPECT_TRUE(r.at_end());
}

TEST(ByteReader, ReadingPastTheEndNamesOffsetAndContext) {
    std::vector<std::uint8_t> bytes{1, 2, 3};
    ByteReader r(bytes);
    std::string bone = "hip";
    ByteReader::Scope a(r, "animation", 2);
    ByteReader::Scope b(r, "bone", -1, &bone);
    r.u8();
    try {
        r.u32_be();
        FAIL() << "expected an error";
    } catch (const Error& e) {
        EXPECT_EQ(*e.where().byte, 1u);
        EXPECT_EQ(e.context(), "in animation 2, bone \"hip\"");
        EXPECT_EQ(std::string(e.what()), "error at byte 1 in animation 2, bone \"hip\": unexpected end of data: needed 4 bytes for a 32-bit value, 2 left");
    }
    EXPECT_EQ(r.offset(), 1u);  // the failed read consumed nothing
}

TEST(ByteReader, BooleanMustBeZeroOrOne) {
    std::vector<std::uint8_t> bytes{0, 1, 2};
    ByteReader r(bytes);
    EXPECT_FALSE(r.boolean());
    EXPECT_TRUE(r.boolean());
    EXPECT_THROW(r.boolean(), Error);
}

TEST(ByteReader, CheckCountRejectsCountsTheBytesCannotHold) {
    std::vector<std::uint8_t> bytes(16, 0);
    ByteReader r(bytes);
    EXPECT_NO_THROW(r.check_count(4, 4, "float"));
    EXPECT_THROW(r.check_count(5, 4, "float"), Error);
    EXPECT_THROW(r.check_count(std::numeric_limits<std::size_t>::max(), 1, "thing"), Error);
}

TEST(ByteReader, CountRejectsNegativeValues) {
    ByteWriter w;
    w.varint(-5);
    auto bytes = w.take();
    ByteReader r(bytes);
    EXPECT_THROW(r.count("bone count"), Error);
}

// The inline fast paths keep every check: bounds on each width, finiteness of floats when asked
// (NaN, both infinities, and the largest finite float is accepted), varints of one and five bytes.
TEST(ByteReader, InlineReadsKeepBoundsAndFinitenessChecks) {
    ByteWriter w;
    w.f32_be(std::numeric_limits<float>::max());
    w.f32_be(std::numeric_limits<float>::quiet_NaN());
    w.f32_be(-std::numeric_limits<float>::infinity());
    w.u8(0x7F);  // a one-byte varint
    auto bytes = w.take();
    ByteReader r(bytes);
    r.require_finite_floats(true);
    EXPECT_EQ(r.f32_be(), std::numeric_limits<float>::max());
    try {
        r.f32_be();
        FAIL() << "NaN accepted";
    } catch (const Error& e) {
        EXPECT_EQ(*e.where().byte, 4u);
        EXPECT_NE(std::string(e.what()).find("NaN"), std::string::npos);
    }
    ByteReader again(bytes);
    again.require_finite_floats(true);
    again.bytes(8);
    EXPECT_THROW(again.f32_be(), Error);  // -infinity
    EXPECT_EQ(again.varint(), 0x7F);
    EXPECT_THROW(again.u16_be(), Error);
    EXPECT_THROW(again.varint(), Error);
    ByteReader lenient(bytes);
    lenient.bytes(4);
    EXPECT_TRUE(std::isnan(lenient.f32_be()));
    EXPECT_TRUE(std::isinf(lenient.f32_be()));
    EXPECT_EQ(lenient.varint(true), -64);  // zigzag of 0x7F
}

// f32_be_run (one bounds check per run of floats) reads and fails exactly as the same number of
// f32_be() calls: same values, same error text and offset for a short run or a non-finite float.
TEST(ByteReader, FloatRunsMatchSingleReads) {
    ByteWriter w;
    const float values[] = {1.5f, -2.25f, std::numeric_limits<float>::max(), 0.0f, -0.0f, 1e-30f};
    for (float v : values) w.f32_be(v);
    w.u8(0xAB);  // two bytes that are not a whole float
    w.u8(0xCD);
    const auto bytes = w.take();
    auto outcome = [&](bool run, std::size_t skip, std::size_t n, bool finite) {
        ByteReader r(bytes);
        r.require_finite_floats(finite);
        r.bytes(skip);
        std::vector<float> out(n);
        std::string error;
        try {
            if (run) {
                r.f32_be_run(out.data(), n);
            } else {
                for (float& f : out) f = r.f32_be();
            }
        } catch (const Error& e) {
            error = e.what();
            out.clear();
        }
        return std::make_tuple(error, out, r.offset());
    };
    for (std::size_t skip : {0u, 4u, 10u}) {
        for (std::size_t n = 0; n <= 7; ++n) {
            if (skip + 4 * n > bytes.size() + 8) continue;
            const auto single = outcome(false, skip, n, true), run = outcome(true, skip, n, true);
            EXPECT_EQ(std::get<0>(run), std::get<0>(single)) << skip << " " << n;
            EXPECT_EQ(std::get<1>(run), std::get<1>(single)) << skip << " " << n;
            if (std::get<0>(single).empty()) {
                EXPECT_EQ(std::get<2>(run), std::get<2>(single));
            }
        }
    }
    // A NaN or an infinity inside a run fails at its own offset when floats must be finite.
    for (std::uint32_t special : {0x7FC00000u, 0xFF800000u, 0x7F800001u}) {
        ByteWriter s;
        s.f32_be(1);
        s.f32_be(2);
        s.u32_be(special);
        s.f32_be(4);
        const auto b = s.take();
        ByteReader strict(b);
        strict.require_finite_floats(true);
        float out[4];
        try {
            strict.f32_be_run(out, 4);
            FAIL() << "non-finite float accepted";
        } catch (const Error& e) {
            EXPECT_EQ(*e.where().byte, 8u);
        }
        ByteReader lenient(b);
        lenient.f32_be_run(out, 4);
        EXPECT_EQ(std::bit_cast<std::uint32_t>(out[2]), special);
        EXPECT_EQ(lenient.offset(), 16u);
    }
}
