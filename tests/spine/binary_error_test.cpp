// Spine 3.8 .skel: bad input gives an error with a byte offset and a reason, never a crash.
#include <gtest/gtest.h>

#include <limits>
#include <random>

#include "rigio/io/byte_writer.hpp"
#include "rigio/io/file.hpp"
#include "rigio/samples.hpp"
#include "rigio/spine/binary.hpp"
#include "support/shared.hpp"

using namespace rigio;

namespace {

std::vector<std::uint8_t> sample_bytes() { return spine::write_skel(samples::spine_stickman()).value(); }

// Reads `bytes` expecting an error; returns it.
Error expect_error(const std::vector<std::uint8_t>& bytes) {
    auto r = spine::read_skel(bytes);
    if (r.ok()) {
        ADD_FAILURE() << "expected an error for " << bytes.size() << " bytes";
        return Error("no error");
    }
    return r.error();
}

std::string message(const std::vector<std::uint8_t>& bytes) { return expect_error(bytes).what(); }

// Bytes of a minimal valid skeleton header (no nonessential data) followed by `rest`.
std::vector<std::uint8_t> header_then(std::initializer_list<std::uint8_t> rest, const char* version = "3.8.55") {
    io::ByteWriter w;
    w.spine_string(std::string("hash"));
    w.spine_string(std::string(version));
    for (int i = 0; i < 4; ++i) w.f32_be(0);
    w.boolean(false);
    auto out = w.take();
    out.insert(out.end(), rest);
    return out;
}

}  // namespace

TEST(SpineBinaryErrors, EveryTruncationOfTheSampleIsAnErrorAtOrBeforeTheEnd) {
    auto bytes = sample_bytes();
    for (std::size_t n = 0; n < bytes.size(); ++n) {
        std::vector<std::uint8_t> cut(bytes.begin(), bytes.begin() + static_cast<long>(n));
        Error e = expect_error(cut);
        ASSERT_TRUE(e.where().byte.has_value()) << "at length " << n << ": " << e.what();
        EXPECT_LE(*e.where().byte, n) << e.what();
    }
}

TEST(SpineBinaryErrors, TruncatedCorpusFilesFailWithAnOffsetEverywhere) {
    auto files = test::corpus_files("corpus/spine-3.8", ".skel");
    RIGIO_REQUIRE_CORPUS(files, "corpus/spine-3.8");
    std::mt19937 rng(1234);
    for (const auto& f : files) {
        SCOPED_TRACE(f.filename().string());
        auto bytes = io::read_file(f.string()).value();
        // Many random cut points plus a regular grid, which crosses every section boundary of small files.
        std::vector<std::size_t> cuts;
        for (std::size_t n = 0; n < bytes.size(); n += std::max<std::size_t>(1, bytes.size() / 400)) cuts.push_back(n);
        for (int i = 0; i < 100; ++i) cuts.push_back(rng() % bytes.size());
        cuts.push_back(bytes.size() - 1);
        for (std::size_t n : cuts) {
            std::vector<std::uint8_t> cut(bytes.begin(), bytes.begin() + static_cast<long>(n));
            auto r = spine::read_skel(cut);
            ASSERT_FALSE(r.ok()) << "truncated at " << n;
            ASSERT_TRUE(r.error().where().byte.has_value()) << r.error().what();
            EXPECT_LE(*r.error().where().byte, n);
        }
    }
}

TEST(SpineBinaryErrors, RandomCorruptionNeverCrashes) {
    auto files = test::corpus_files("corpus/spine-3.8", ".skel");
    RIGIO_REQUIRE_CORPUS(files, "corpus/spine-3.8");
    std::mt19937 rng(99);
    int errors = 0, located = 0;
    for (const auto& f : files) {
        auto bytes = io::read_file(f.string()).value();
        for (int round = 0; round < 60; ++round) {
            auto b = bytes;
            int flips = 1 + static_cast<int>(rng() % 8);
            for (int i = 0; i < flips; ++i) b[rng() % b.size()] = static_cast<std::uint8_t>(rng());
            auto r = spine::read_skel(b);
            if (!r.ok()) {
                ++errors;
                if (r.error().where().known()) ++located;
            } else {
                // Whatever reads must write and read back to the same model.
                auto again = spine::read_skel(spine::write_skel(*r).value());
                ASSERT_TRUE(again.ok()) << again.error().what();
            }
        }
    }
    EXPECT_GT(errors, 0);
    EXPECT_EQ(located, errors);
}

TEST(SpineBinaryErrors, Version3875IsRejectedClearly) {
    std::string m = message(header_then({0}, "3.8.75"));
    EXPECT_NE(m.find("3.8.75"), std::string::npos) << m;
    EXPECT_NE(m.find("pre-release"), std::string::npos) << m;
    EXPECT_NE(m.find("byte 5"), std::string::npos) << m;
}

TEST(SpineBinaryErrors, OtherVersionsAreRejectedWithTheirVersion) {
    std::string m = message(header_then({0}, "4.3.05"));
    // A version rigio has no branches for: refused by name, at the version string.
    EXPECT_NE(m.find("Spine 4.3.05 binary: rigio reads Spine 3.7 to 4.2"), std::string::npos) << m;
}

TEST(SpineBinaryErrors, AbsurdCountsAreCheckedBeforeAllocating) {
    // string count 0, then a bone count of 2^28 with a handful of bytes left.
    std::string m = message(header_then({0x00, 0x80, 0x80, 0x80, 0x80, 0x01, 0, 0, 0}));
    EXPECT_NE(m.find("bone count 268435456 is more than the"), std::string::npos) << m;
    EXPECT_NE(m.find("error at byte 30"), std::string::npos) << m;
}

TEST(SpineBinaryErrors, NegativeCountIsAnError) {
    std::string m = message(header_then({0x00, 0xff, 0xff, 0xff, 0xff, 0x0f}));
    EXPECT_NE(m.find("bone count is negative"), std::string::npos) << m;
}

TEST(SpineBinaryErrors, OutOfRangeIndicesNameTheTableAndTheContext) {
    auto sd = samples::spine_stickman();
    sd.animations[0].bones[0].bone = 91;
    std::string m = message(spine::write_skel(sd).value());
    EXPECT_NE(m.find("in animation \"walk\": bone index 91 out of range (7 bones)"), std::string::npos) << m;

    sd = samples::spine_stickman();
    sd.slots[2].bone = 7;
    m = message(spine::write_skel(sd).value());
    EXPECT_NE(m.find("in slot 2: bone index 7 out of range (7 bones)"), std::string::npos) << m;

    sd = samples::spine_stickman();
    sd.animations[0].events[0].event = 5;
    m = message(spine::write_skel(sd).value());
    EXPECT_NE(m.find("event index 5 out of range (2 events)"), std::string::npos) << m;

    sd = samples::spine_stickman();
    sd.ik[0].target = 40;
    m = message(spine::write_skel(sd).value());
    EXPECT_NE(m.find("in IK constraint 0: target bone index 40 out of range"), std::string::npos) << m;

    sd = samples::spine_stickman();
    sd.bones[3].parent = 5;  // a parent must come before its child
    m = message(spine::write_skel(sd).value());
    EXPECT_NE(m.find("in bone 3: parent bone index 5 out of range (3 bones before it)"), std::string::npos) << m;

    sd = samples::spine_stickman();
    sd.animations[0].draw_order[0].offsets[0].offset = -40;
    m = message(spine::write_skel(sd).value());
    EXPECT_NE(m.find("draw order offset -40 moves slot 4 outside 0..6"), std::string::npos) << m;
}

TEST(SpineBinaryErrors, SharedStringIndexOutOfRange) {
    auto bytes = sample_bytes();
    auto sd = spine::read_skel(bytes);
    ASSERT_TRUE(sd.ok());
    // Drop the last table entry; writing re-adds it at the end, so instead shrink the table count.
    auto m = sd->strings.size();
    ASSERT_GT(m, 1u);
    // The table count is the first byte after the header (fps, images, audio): find it by rewriting.
    io::ByteWriter head;
    head.spine_string(sd->header.hash);
    head.spine_string(sd->header.version);
    std::size_t at = head.size() + 16 + 1 + 4 + 1 + sd->header.images->size() + 1 + sd->header.audio->size();
    ASSERT_EQ(bytes[at], m);
    // Remove the last table string entirely.
    std::size_t pos = at + 1;
    for (std::size_t i = 0; i + 1 < m; ++i) pos += bytes[pos];
    std::size_t last_len = bytes[pos];
    std::vector<std::uint8_t> cut(bytes.begin(), bytes.begin() + static_cast<long>(pos));
    cut[at] = static_cast<std::uint8_t>(m - 1);
    cut.insert(cut.end(), bytes.begin() + static_cast<long>(pos + last_len), bytes.end());
    std::string msg = message(cut);
    EXPECT_NE(msg.find("shared string index"), std::string::npos) << msg;
    EXPECT_NE(msg.find("out of range (" + std::to_string(m - 1) + " shared strings)"), std::string::npos) << msg;
}

TEST(SpineBinaryErrors, LinkedMeshWithMissingParentIsAnError) {
    auto sd = samples::spine_stickman();
    sd.skins[1].slots[0].attachments[0].attachment.parent = "no-such-mesh";
    std::string m = message(spine::write_skel(sd).value());
    EXPECT_NE(m.find("linked mesh \"head\""), std::string::npos) << m;
    EXPECT_NE(m.find("parent mesh \"no-such-mesh\" not found"), std::string::npos) << m;
    EXPECT_NE(m.find("error at byte"), std::string::npos) << m;

    sd = samples::spine_stickman();
    sd.skins[1].slots[0].attachments[0].attachment.parent_skin = "no-such-skin";
    m = message(spine::write_skel(sd).value());
    EXPECT_NE(m.find("parent skin \"no-such-skin\" not found"), std::string::npos) << m;
}

TEST(SpineBinaryErrors, TrailingBytesAreReported) {
    auto bytes = sample_bytes();
    bytes.push_back(0);
    std::string m = message(bytes);
    EXPECT_NE(m.find("1 unexpected bytes after the last animation"), std::string::npos) << m;
}

TEST(SpineBinaryErrors, DeformOfAnAttachmentNotInTheSkin) {
    auto sd = samples::spine_stickman();
    sd.animations[0].deform[0].slots[0].timelines[0].attachment = "body";  // region, wrong slot
    std::string m = message(spine::write_skel(sd).value());
    EXPECT_NE(m.find("attachment not found in this skin and slot"), std::string::npos) << m;
}

TEST(SpineBinaryErrors, NonFiniteFloatsAreRejectedWithTheirOffset) {
    io::ByteWriter w;
    w.spine_string(std::string("hash"));
    w.spine_string(std::string("3.8.55"));
    w.f32_be(0);
    w.f32_be(std::numeric_limits<float>::quiet_NaN());  // y of the bounds
    auto bytes = w.take();
    std::string m = message(bytes);
    EXPECT_NE(m.find("error at byte 16"), std::string::npos) << m;  // 5 + 7 bytes of strings, then x
    EXPECT_NE(m.find("NaN"), std::string::npos) << m;
    bytes[16] = 0x7f;  // +infinity
    bytes[17] = 0x80;
    bytes[18] = bytes[19] = 0;
    EXPECT_NE(message(bytes).find("infinite"), std::string::npos);
}
