// Malformed MRTK input: every failure is a rigio::Error with a location (byte offset or JSON path),
// never a crash, an out-of-bounds read or an allocation sized by an untrusted count.
#include <gtest/gtest.h>

#include <random>

#include "fixtures.hpp"
#include "rigio/io/file.hpp"
#include "rigio/mrtk/binary.hpp"
#include "rigio/mrtk/json.hpp"
#include "support/shared.hpp"

using namespace rigio;

namespace {

Error bin_error(const std::vector<std::uint8_t>& bytes) {
    auto r = mrtk::read_bin(bytes);
    if (r.ok()) {
        ADD_FAILURE() << "expected an error for " << bytes.size() << " bytes";
        return Error("no error");
    }
    return r.error();
}

Error json_error(const std::string& text) {
    auto r = mrtk::read_json(text);
    if (r.ok()) {
        ADD_FAILURE() << "expected an error for:\n" << text.substr(0, 300);
        return Error("no error");
    }
    return r.error();
}

void put_i32(std::vector<std::uint8_t>& b, std::size_t at, std::int32_t v) {
    for (int i = 0; i < 4; ++i) b[at + static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(static_cast<std::uint32_t>(v) >> (8 * i));
}

void expect_truncations_fail(const std::vector<std::uint8_t>& bytes) {
    for (std::size_t n = 0; n < bytes.size(); ++n) {
        std::vector<std::uint8_t> cut(bytes.begin(), bytes.begin() + static_cast<long>(n));
        Error e = bin_error(cut);
        ASSERT_TRUE(e.where().byte.has_value()) << "at length " << n << ": " << e.what();
        EXPECT_LE(*e.where().byte, n) << e.what();
    }
}

}  // namespace

TEST(MrtkBinaryErrors, BadMagicIsRejectedAtByteZero) {
    auto b = test::v1_bytes();
    b[3] ^= 0x40;
    Error e = bin_error(b);
    EXPECT_EQ(e.where().byte, 0u);
    EXPECT_NE(std::string(e.what()).find("magic"), std::string::npos) << e.what();
    Error short_file = bin_error({0xc6, 0x42, 0x9e});
    EXPECT_EQ(short_file.where().byte, 3u);
}

TEST(MrtkBinaryErrors, UnknownVersionsAreRejectedAtByteEight) {
    for (auto [major, minor] : {std::pair{1, 2}, std::pair{2, 0}, std::pair{0, 9}, std::pair{1, -1}}) {
        auto b = test::v1_bytes();
        put_i32(b, 8, major);
        put_i32(b, 12, minor);
        Error e = bin_error(b);
        EXPECT_EQ(e.where().byte, 8u) << e.what();
        EXPECT_NE(std::string(e.what()).find("version " + std::to_string(major) + "." + std::to_string(minor)), std::string::npos)
            << e.what();
    }
}

TEST(MrtkBinaryErrors, EveryTruncationOfTheByteVectorsFailsWithAnOffset) {
    expect_truncations_fail(test::v1_bytes());
    expect_truncations_fail(test::v3_bytes());
    expect_truncations_fail(mrtk::write_bin(test::v2_model()));
    expect_truncations_fail(mrtk::write_bin(test::full_v11_model()));
}

TEST(MrtkBinaryErrors, TruncatedCorpusFilesFailWithAnOffset) {
    auto files = test::corpus_files("corpus/mrtk/v1.0", ".bin");
    RIGIO_REQUIRE_CORPUS(files, "corpus/mrtk/v1.0");
    std::mt19937 rng(5);
    for (const auto& f : files) {
        SCOPED_TRACE(f.filename().string());
        auto bytes = io::read_file(f.string()).value();
        std::vector<std::size_t> cuts{0, 7, 8, 15, 16, bytes.size() - 1, bytes.size() - 4};
        for (int i = 0; i < 150; ++i) cuts.push_back(std::uniform_int_distribution<std::size_t>(0, bytes.size() - 1)(rng));
        for (std::size_t n : cuts) {
            std::vector<std::uint8_t> cut(bytes.begin(), bytes.begin() + static_cast<long>(n));
            Error e = bin_error(cut);
            ASSERT_TRUE(e.where().byte.has_value()) << e.what();
            EXPECT_LE(*e.where().byte, n);
        }
    }
}

TEST(MrtkBinaryErrors, LyingKeyCountsAreCaughtBeforeAllocating) {
    // V1: OriginX key count at byte 27.
    for (std::int32_t lie : {3, 1000, 0x7fffffff, -1, std::numeric_limits<std::int32_t>::min()}) {
        auto b = test::v1_bytes();
        put_i32(b, 27, lie);
        Error e = bin_error(b);
        ASSERT_TRUE(e.where().byte.has_value()) << e.what();
        if (lie == 3) continue;  // plausible: fails later, wherever the bytes stop making sense
        EXPECT_EQ(*e.where().byte, 27u) << e.what();
        EXPECT_NE(std::string(e.what()).find("key count"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("eye gaze"), std::string::npos) << e.what();  // reading context
    }
}

TEST(MrtkBinaryErrors, TheMarkerCountIsNeverTrusted) {
    const std::size_t at = 167 - 12;  // V1: marker count
    for (std::int32_t lie : {2, 0x10000000, 0x7fffffff, -5}) {
        auto b = test::v1_bytes();
        put_i32(b, at, lie);
        Error e = bin_error(b);
        ASSERT_TRUE(e.where().byte.has_value()) << e.what();
        EXPECT_GE(*e.where().byte, at) << e.what();
        if (lie != 2) {
            EXPECT_EQ(*e.where().byte, at) << e.what();
        }
    }
    // A string length larger than the bytes left, and one that takes more than 5 bytes.
    auto b = test::v1_bytes();
    b[167 - 4] = 0x7f;
    EXPECT_EQ(bin_error(b).where().byte, 163u);
    auto c = test::v1_bytes();
    c.resize(163);
    for (int i = 0; i < 6; ++i) c.push_back(0xff);
    EXPECT_EQ(bin_error(c).where().byte, 163u);
}

TEST(MrtkBinaryErrors, OddFlagsAndTrailingBytesAreWarningsNotErrors) {
    auto b = test::v1_bytes();
    b[18] = 0x02;  // hasEyeGaze
    b.push_back(0xAA);
    std::vector<std::string> warnings;
    mrtk::BinaryReadOptions o;
    o.warnings = &warnings;
    auto r = mrtk::read_bin(b, o);
    ASSERT_TRUE(r.ok()) << r.error().what();
    EXPECT_TRUE(r->has_eye_gaze);
    EXPECT_EQ(warnings.size(), 2u);
    EXPECT_EQ(r->trailing, std::vector<std::uint8_t>{0xAA});
}

TEST(MrtkBinaryErrors, RandomCorruptionNeverCrashes) {
    std::vector<std::vector<std::uint8_t>> seeds{test::v1_bytes(), mrtk::write_bin(test::full_v11_model()),
                                                 mrtk::write_bin(test::v2_model())};
    std::mt19937 rng(99);
    int ok = 0, bad = 0;
    for (const auto& seed : seeds) {
        for (int i = 0; i < 400; ++i) {
            auto b = seed;
            int flips = std::uniform_int_distribution<int>(1, 8)(rng);
            for (int f = 0; f < flips; ++f)
                b[std::uniform_int_distribution<std::size_t>(16, b.size() - 1)(rng)] = static_cast<std::uint8_t>(rng());
            std::vector<std::string> warnings;
            mrtk::BinaryReadOptions o;
            o.warnings = &warnings;
            auto r = mrtk::read_bin(b, o);
            if (r.ok()) {
                ++ok;
                EXPECT_EQ(mrtk::write_bin(*r).size(), mrtk::bin_size(*r));
                if (warnings.empty()) {
                    EXPECT_EQ(mrtk::write_bin(*r), b);
                }
            } else {
                ++bad;
                EXPECT_TRUE(r.error().where().byte.has_value()) << r.error().what();
            }
        }
    }
    EXPECT_GT(bad, 0);
    EXPECT_GT(ok, 0);
}

// ---- JSON ----

namespace {

std::string v1_json() { return mrtk::write_json(mrtk::read_bin(test::v1_bytes()).value()); }

std::string replace(std::string s, const std::string& from, const std::string& to) {
    auto at = s.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    if (at != std::string::npos) s.replace(at, from.size(), to);
    return s;
}

}  // namespace

TEST(MrtkJsonErrors, WrongValuesNameTheirPathAndLine) {
    const std::string good = v1_json();
    ASSERT_TRUE(mrtk::read_json(good).ok());
    // The second key of originX: {"time": 1, "value": 2}
    Error e = json_error(replace(good, "{\"time\": 1, \"value\": 2}", "{\"time\": \"soon\", \"value\": 2}"));
    EXPECT_EQ(e.where().json_path, "/eyeGaze/originX/keys/1/time") << e.what();
    EXPECT_GT(e.where().line, 1) << e.what();
    e = json_error(replace(good, "\"value\": 1.5", "\"value\": 1e99"));
    EXPECT_EQ(e.where().json_path, "/eyeGaze/originY/keys/0/value") << e.what();
    e = json_error(replace(good, "\"originZ\": {\"preWrapMode\": 8", "\"originZ\": {\"preWrapMode\": 8.5"));
    EXPECT_EQ(e.where().json_path, "/eyeGaze/originZ/preWrapMode") << e.what();
    e = json_error(replace(good, "\"originZ\"", "\"originW\""));
    EXPECT_EQ(e.where().json_path, "/eyeGaze/originW") << e.what();
    e = json_error(replace(good, "\"name\": \"mid\"", "\"label\": \"mid\""));
    EXPECT_EQ(e.where().json_path, "/markers/0/label") << e.what();
    e = json_error(replace(good, "{\"time\": 1, \"value\": 2}", "{\"time\": 1}"));
    EXPECT_EQ(e.where().json_path, "/eyeGaze/originX/keys/1") << e.what();
}

TEST(MrtkJsonErrors, HeaderAndStructureProblems) {
    const std::string good = v1_json();
    EXPECT_NE(std::string(json_error(replace(good, "\"1.1\"", "\"1.2\"")).what()).find("version"), std::string::npos);
    EXPECT_EQ(json_error(replace(good, "\"1.1\"", "\"1.2\"")).where().json_path, "/version");
    EXPECT_EQ(json_error(replace(good, "\"format\": \"mrtk-input-animation\",", "")).where().json_path, "/");
    EXPECT_EQ(json_error(replace(good, "\"hasEyeGaze\": true", "\"hasEyeGaze\": false")).where().json_path, "/eyeGaze");
    EXPECT_EQ(json_error(replace(good, "\"hasCameraPose\": false,", "")).where().json_path, "/");
    EXPECT_EQ(json_error(replace(good, "\"markers\"", "\"markers\": [], \"markers\"")).where().json_path, "/markers");
    EXPECT_FALSE(json_error("[1, 2]").where().json_path.empty());
    EXPECT_FALSE(json_error("").where().json_path.empty());
    EXPECT_FALSE(json_error(good + " {}").where().json_path.empty());
    Error syntax = json_error(replace(good, "\"hasHandData\": false,", "\"hasHandData\": false,,"));
    EXPECT_TRUE(syntax.where().known()) << syntax.what();
}

TEST(MrtkJsonErrors, VersionOneZeroRejectsFlagsAndGaze) {
    auto a = test::v2_model();
    std::string json = mrtk::write_json(a);
    ASSERT_TRUE(mrtk::read_json(json).ok());
    Error e = json_error(replace(json, "\"version\": \"1.0\"", "\"version\": \"1.0\", \"hasEyeGaze\": true"));
    EXPECT_NE(std::string(e.what()).find("1.1 only"), std::string::npos) << e.what();
    e = json_error(replace(json, "\"Wrist\"", "\"Wrist2\""));
    EXPECT_EQ(e.where().json_path, "/hands/left/joints/Wrist2") << e.what();
    e = json_error(replace(json, "\"Palm\"", "\"Wrist\""));
    EXPECT_EQ(e.where().json_path, "/hands/left/joints/Wrist") << e.what();
}

TEST(MrtkJsonErrors, DeepNestingIsBounded) {
    std::string deep = "{\"format\": \"mrtk-input-animation\", \"version\": \"1.0\", \"markers\": [";
    for (int i = 0; i < 5000; ++i) deep += "[";
    for (int i = 0; i < 5000; ++i) deep += "]";
    deep += "]}";
    Error e = json_error(deep);
    EXPECT_TRUE(e.where().known()) << e.what();
}

TEST(MrtkJsonErrors, MissingSectionsAreEmptyCurves) {
    auto r = mrtk::read_json("{\"format\": \"mrtk-input-animation\", \"version\": \"1.0\"}");
    ASSERT_TRUE(r.ok()) << r.error().what();
    mrtk::InputAnimation empty;
    empty.minor = 0;
    EXPECT_EQ(mrtk::write_bin(*r), mrtk::write_bin(empty));
}

TEST(MrtkJsonErrors, FirstPassErrorsAreLocatedToo) {
    const std::string good = v1_json();
    // Line 4 is "  \"hasCameraPose\": false,".
    Error unclosed = json_error(replace(good, "\"name\": \"mid\"", "\"name\": \"mid"));
    EXPECT_GT(unclosed.where().line, 4) << unclosed.what();
    Error control = json_error(replace(good, "\"hasCameraPose\"", "\"has\x01" "CameraPose\""));
    EXPECT_EQ(control.where().line, 4) << control.what();
    EXPECT_EQ(control.where().column, 7) << control.what();
    Error utf8 = json_error(replace(good, "\"name\": \"mid\"", "\"name\": \"m\xff\""));
    EXPECT_GT(utf8.where().line, 4) << utf8.what();
}
