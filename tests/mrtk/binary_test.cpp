// MRTK binary: byte-exact round trips of every corpus recording (bin -> bin, bin -> JSON -> bin),
// the byte vectors of the notes, version conversion, and the facts of the real files.
#include <gtest/gtest.h>

#include <cmath>

#include "fixtures.hpp"
#include "rigio/format.hpp"
#include "rigio/io/file.hpp"
#include "rigio/mrtk/binary.hpp"
#include "rigio/mrtk/edit.hpp"
#include "rigio/mrtk/inspect.hpp"
#include "rigio/mrtk/json.hpp"
#include "rigio/samples.hpp"
#include "support/shared.hpp"

using namespace rigio;

namespace {

std::vector<std::filesystem::path> recordings() { return test::corpus_files("corpus/mrtk/v1.0", ".bin"); }

}  // namespace

TEST(MrtkCorpus, EveryRecordingRoundTripsByteExactThroughBinAndJson) {
    auto files = recordings();
    RIGIO_REQUIRE_CORPUS(files, "corpus/mrtk/v1.0");
    EXPECT_EQ(files.size(), 3u);
    for (const auto& f : files) {
        SCOPED_TRACE(f.filename().string());
        auto bytes = io::read_file(f.string()).value();
        std::vector<std::string> warnings;
        mrtk::BinaryReadOptions o;
        o.warnings = &warnings;
        auto rec = mrtk::read_bin(bytes, o);
        ASSERT_TRUE(rec.ok()) << rec.error().what();
        EXPECT_TRUE(warnings.empty());
        EXPECT_EQ(rec->minor, 0);
        EXPECT_EQ(mrtk::bin_size(*rec), bytes.size());
        EXPECT_EQ(mrtk::write_bin(*rec), bytes);
        const std::string json = mrtk::write_json(*rec);
        auto back = mrtk::read_json(json);
        ASSERT_TRUE(back.ok()) << back.error().what();
        EXPECT_EQ(mrtk::write_bin(*back), bytes);
        EXPECT_EQ(mrtk::write_json(*back), json);
    }
}

TEST(MrtkCorpus, RealFilesHoldWhatTheReadmeSays) {
    auto files = recordings();
    RIGIO_REQUIRE_CORPUS(files, "corpus/mrtk/v1.0");
    for (const auto& f : files) {
        SCOPED_TRACE(f.filename().string());
        auto rec = mrtk::read_bin(io::read_file(f.string()).value()).value();
        auto curves = mrtk::stored_curves(rec);
        EXPECT_EQ(curves.size(), 389u);
        for (const auto& c : curves) {
            EXPECT_EQ(c.curve->pre_wrap_mode, 8);
            EXPECT_EQ(c.curve->post_wrap_mode, 8);
            for (std::size_t i = 0; i < c.curve->keys.size(); ++i) {
                const auto& k = c.curve->keys[i];
                if (i) {
                    ASSERT_LT(c.curve->keys[i - 1].time, k.time) << c.label();
                }
                EXPECT_EQ(k.weighted_mode, 3);
                if (c.is_bool()) {
                    EXPECT_TRUE(k.value == 0.0f || k.value == 1.0f);
                } else {
                    EXPECT_TRUE(k.in_tangent == 0 && k.out_tangent == 0 && k.in_weight == 0 && k.out_weight == 0);
                }
            }
        }
        EXPECT_TRUE(rec.markers.empty());
        EXPECT_TRUE(mrtk::find_defects(rec).empty());
    }
    auto holo = mrtk::read_bin(io::read_file((test::shared_dir() / "corpus/mrtk/v1.0/holographic-recording_InputAnimation-20201027-134946.bin").string()).value()).value();
    auto st = mrtk::statistics(holo);
    EXPECT_EQ(st.keys, 118089u);
    EXPECT_NEAR(st.first_key_time, -5.254480f, 1e-5f);
    EXPECT_NEAR(st.duration, 14.462579f, 1e-5f);
    EXPECT_EQ(st.rotation_segments, 17314u);
    EXPECT_EQ(st.sign_flips, 577u);
    for (int c = 0; c < mrtk::kPoseComponents; ++c) {
        EXPECT_TRUE(holo.left.joints[0].curves[static_cast<std::size_t>(c)].keys.empty());
        EXPECT_TRUE(holo.right.joints[0].curves[static_cast<std::size_t>(c)].keys.empty());
    }
    auto hand = mrtk::read_bin(io::read_file((test::shared_dir() / "corpus/mrtk/v1.0/HandRecorder_InputAnimation-20210219-134546.bin").string()).value()).value();
    EXPECT_EQ(mrtk::statistics(hand).keys, 62125u);
    EXPECT_EQ(hand.left.joints[0].curves[mrtk::kPosX].keys.size(), 684u);  // the None joint carries data
    EXPECT_EQ(hand.camera.curves[mrtk::kPosX].keys.size(), 2u);
    EXPECT_EQ(hand.camera.curves[mrtk::kRotX].keys.size(), 192u);
}

TEST(MrtkCorpus, HeaderlessPrototypeOf2019ReadsWithAnAssumedVersion) {
    auto path = test::shared_dir() / "corpus/mrtk/prototype-2019/lukastoenne_InputAnimation-20190606-161538.bin";
    if (!std::filesystem::exists(path)) GTEST_SKIP() << "../shared/corpus/mrtk/prototype-2019 not found: skipped";
    auto bytes = io::read_file(path.string()).value();
    EXPECT_FALSE(mrtk::read_bin(bytes).ok());
    std::vector<std::string> warnings;
    mrtk::BinaryReadOptions o;
    o.assume_minor = 0;
    o.warnings = &warnings;
    auto rec = mrtk::read_bin(bytes, o);
    ASSERT_TRUE(rec.ok()) << rec.error().what();
    EXPECT_FALSE(warnings.empty());
    auto out = mrtk::write_bin(*rec);  // gains the 16-byte header, otherwise the same bytes
    ASSERT_EQ(out.size(), bytes.size() + 16);
    EXPECT_TRUE(std::equal(bytes.begin(), bytes.end(), out.begin() + 16));
    EXPECT_NEAR(mrtk::statistics(*rec).first_key_time, 10.24f, 0.01f);
}

TEST(MrtkBinary, V1GazeOnlyFileReadsAndRewritesExactly) {
    auto bytes = test::v1_bytes();
    ASSERT_EQ(bytes.size(), 167u);
    auto rec = mrtk::read_bin(bytes);
    ASSERT_TRUE(rec.ok()) << rec.error().what();
    EXPECT_EQ(rec->minor, 1);
    EXPECT_FALSE(rec->has_camera_pose);
    EXPECT_FALSE(rec->has_hand_data);
    EXPECT_TRUE(rec->has_eye_gaze);
    EXPECT_EQ(rec->eye_gaze.curves[mrtk::kOriginX].keys.size(), 2u);
    EXPECT_EQ(rec->eye_gaze.curves[mrtk::kOriginX].keys[1].value, 2.0f);
    EXPECT_EQ(rec->eye_gaze.curves[mrtk::kOriginX].keys[1].weighted_mode, 3);  // restored as mode Both
    EXPECT_TRUE(rec->eye_gaze.curves[mrtk::kOriginZ].keys.empty());
    ASSERT_EQ(rec->markers.size(), 1u);
    EXPECT_EQ(rec->markers[0].time, 0.5f);
    EXPECT_EQ(rec->markers[0].name, "mid");
    EXPECT_EQ(mrtk::write_bin(*rec), bytes);
    auto back = mrtk::read_json(mrtk::write_json(*rec));
    ASSERT_TRUE(back.ok()) << back.error().what();
    EXPECT_EQ(mrtk::write_bin(*back), bytes);
    EXPECT_EQ(mrtk::duration(*rec), 1.0f);
}

TEST(MrtkBinary, V3SmallestFileIsTheDefaultEmptyRecording) {
    mrtk::InputAnimation a;
    a.has_camera_pose = a.has_hand_data = a.has_eye_gaze = false;
    EXPECT_EQ(mrtk::write_bin(a), test::v3_bytes());
    auto rec = mrtk::read_bin(test::v3_bytes());
    ASSERT_TRUE(rec.ok());
    EXPECT_TRUE(mrtk::stored_curves(*rec).empty());
}

TEST(MrtkBinary, V2LayoutAndSizes) {
    auto bytes = mrtk::write_bin(test::v2_model());
    EXPECT_EQ(bytes.size(), 4760u);
    auto head = test::from_hex(
        "c6 42 9e 0f 6e af 8f 6a 01 00 00 00 00 00 00 00 08 00 00 00 08 00 00 00 02 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 "
        "00 00 00 00 00 00 00 00 00 00 00 00 03 00 00 00 00 00 00 40 00 00 80 40 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 "
        "03 00 00 00 08 00 00 00 08 00 00 00 00 00 00 00");
    ASSERT_EQ(head.size(), 96u);
    EXPECT_TRUE(std::equal(head.begin(), head.end(), bytes.begin()));
    // The empty 1.0 recording: 16 + 389 * 12 + 4 bytes.
    mrtk::InputAnimation empty;
    empty.minor = 0;
    EXPECT_EQ(mrtk::write_bin(empty).size(), 4688u);
    // All 1.1 flags true and no keys: 16 + 3 + 395 * 12 + 4.
    mrtk::InputAnimation all;
    all.has_eye_gaze = true;
    EXPECT_EQ(mrtk::write_bin(all).size(), 4763u);
    // One Full key record.
    mrtk::InputAnimation one;
    one.minor = 0;
    one.camera.curves[0].keys = {mrtk::simple_key(0.5f, 1.0f)};
    auto ob = mrtk::write_bin(one);
    auto rec = test::from_hex("00 00 00 3f 00 00 80 3f 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 03 00 00 00");
    EXPECT_TRUE(std::equal(rec.begin(), rec.end(), ob.begin() + 28));
}

TEST(MrtkBinary, MarkerStringsUseSevenBitLengths) {
    auto a = test::full_v11_model();
    auto bytes = mrtk::write_bin(a);
    auto back = mrtk::read_bin(bytes);
    ASSERT_TRUE(back.ok()) << back.error().what();
    ASSERT_EQ(back->markers.size(), 3u);
    EXPECT_EQ(back->markers[1].name, "\xC3\xBC");
    EXPECT_EQ(back->markers[2].name.size(), 200u);
    // ... 02 c3 bc for "ü"; c8 01 for 200 bytes.
    const std::string tail(bytes.end() - 200 - 2 - 4 - 3, bytes.end() - 200);
    EXPECT_EQ(tail.substr(0, 3), "\x02\xC3\xBC");
    EXPECT_EQ(tail.substr(7, 2), "\xC8\x01");
    EXPECT_EQ(mrtk::write_bin(*back), bytes);
    auto json = mrtk::read_json(mrtk::write_json(*back));
    ASSERT_TRUE(json.ok()) << json.error().what();
    EXPECT_EQ(mrtk::write_bin(*json), bytes);
}

TEST(MrtkBinary, OddContentSurvivesBinAndJson) {
    auto a = test::full_v11_model();
    a.minor = 0;
    a.has_eye_gaze = false;
    a.eye_gaze = {};
    auto& k = a.camera.curves[mrtk::kRotW].keys[0];
    k.in_tangent = std::numeric_limits<float>::infinity();
    k.out_tangent = -std::numeric_limits<float>::infinity();
    k.in_weight = std::bit_cast<float>(0x7fc00001u);
    k.out_weight = -0.0f;
    k.weighted_mode = 1;
    a.camera.curves[0].pre_wrap_mode = 2;
    a.camera.curves[0].post_wrap_mode = -7;
    a.left.tracked.keys[0].value = 0.25f;
    a.markers.push_back({std::numeric_limits<float>::quiet_NaN(), std::string("\xff\xfe", 2)});
    a.markers.push_back({1e-45f, "quote \" and \\ and \n"});
    a.trailing = {1, 2, 3};
    auto bytes = mrtk::write_bin(a);
    auto back = mrtk::read_bin(bytes).value();
    EXPECT_EQ(back.trailing, a.trailing);
    auto json = mrtk::write_json(back);
    auto again = mrtk::read_json(json);
    ASSERT_TRUE(again.ok()) << again.error().what();
    EXPECT_EQ(mrtk::write_bin(*again), bytes);
    EXPECT_EQ(std::bit_cast<std::uint32_t>(again->camera.curves[mrtk::kRotW].keys[0].in_weight), 0x7fc00001u);
    EXPECT_TRUE(std::signbit(again->camera.curves[mrtk::kRotW].keys[0].out_weight));
    EXPECT_FALSE(mrtk::find_defects(back).empty());  // odd wrap modes, bool value, trailing bytes
}

TEST(MrtkVersion, OneOneToOneZeroKeepsEveryKeyAndReportsGaze) {
    auto a = test::full_v11_model();
    auto notes = mrtk::convert_version(a, 0);
    ASSERT_EQ(notes.losses.size(), 1u);
    EXPECT_EQ(notes.losses[0].where, "/eyeGaze");
    EXPECT_NE(notes.losses[0].feature.find("eye gaze"), std::string::npos);
    EXPECT_GT(notes.losses[0].count, 0);
    auto back = mrtk::read_bin(mrtk::write_bin(a)).value();
    EXPECT_EQ(back.minor, 0);
    EXPECT_EQ(back.camera.curves[mrtk::kRotW].keys.size(), a.camera.curves[mrtk::kRotW].keys.size());
    // And back to 1.1: MRTK's keys are linear defaults, so nothing is reported.
    EXPECT_TRUE(mrtk::convert_version(back, 1).empty());
    auto orig = test::full_v11_model();
    orig.has_eye_gaze = false;
    orig.eye_gaze = {};
    EXPECT_EQ(mrtk::write_bin(back), mrtk::write_bin(orig));
}

TEST(MrtkVersion, OneZeroToOneOneReportsNonLinearKeys) {
    auto a = test::v2_model();
    a.camera.curves[mrtk::kPosX].keys[0].out_tangent = 2.0f;
    auto notes = mrtk::convert_version(a, 1);
    ASSERT_EQ(notes.losses.size(), 1u);
    EXPECT_NE(notes.losses[0].feature.find("float keys"), std::string::npos);
    EXPECT_EQ(notes.losses[0].count, 1);
    EXPECT_EQ(a.camera.curves[mrtk::kPosX].keys[0].out_tangent, 0.0f);
    auto bytes = mrtk::write_bin(a);
    EXPECT_EQ(bytes.size(), 16u + 3 + 389 * 12 + 2 * 8 + 2 * 8 + 4);
}

TEST(MrtkCorpus, ConvertingCorpusFilesToOneOneAndBackIsLossless) {
    auto files = recordings();
    RIGIO_REQUIRE_CORPUS(files, "corpus/mrtk/v1.0");
    for (const auto& f : files) {
        SCOPED_TRACE(f.filename().string());
        auto bytes = io::read_file(f.string()).value();
        auto rec = mrtk::read_bin(bytes).value();
        EXPECT_TRUE(mrtk::convert_version(rec, 1).empty());
        auto v11 = mrtk::read_bin(mrtk::write_bin(rec)).value();
        EXPECT_EQ(v11.minor, 1);
        EXPECT_TRUE(mrtk::convert_version(v11, 0).empty());
        EXPECT_EQ(mrtk::write_bin(v11), bytes);
    }
}

TEST(MrtkCorpus, MayPrototypesReadWithAnAssumedVersionAndRewriteAsReleasedFiles) {
    auto files = test::corpus_files("corpus/mrtk/prototype-2019", ".bin");
    RIGIO_REQUIRE_CORPUS(files, "corpus/mrtk/prototype-2019");
    int may = 0;
    for (const auto& f : files) {
        SCOPED_TRACE(f.filename().string());
        auto bytes = io::read_file(f.string()).value();
        EXPECT_EQ(mrtk::read_bin(bytes).error().where().byte, 0u);  // rejected without the option
        std::vector<std::string> warnings;
        mrtk::BinaryReadOptions o;
        o.assume_minor = 0;
        o.warnings = &warnings;
        auto rec = mrtk::read_bin(bytes, o);
        ASSERT_TRUE(rec.ok()) << rec.error().what();
        ASSERT_EQ(warnings.size(), 1u);
        if (warnings[0].find("May 2019") == std::string::npos) continue;
        ++may;
        EXPECT_NE(warnings[0].find("524-byte BinaryFormatter"), std::string::npos) << warnings[0];
        auto st = mrtk::statistics(*rec);
        EXPECT_GT(st.keys, 20000u);
        EXPECT_GT(st.first_key_time, 0.0f);  // absolute times
        for (const auto& c : mrtk::stored_curves(*rec)) {
            for (std::size_t i = 1; i < c.curve->keys.size(); ++i) ASSERT_LT(c.curve->keys[i - 1].time, c.curve->keys[i].time) << c.label();
            if (c.is_bool()) {
                for (const auto& k : c.curve->keys) EXPECT_TRUE(k.value == 0.0f || k.value == 1.0f) << c.label();
            }
        }
        // The conversion is a released 1.0 file that reads back with nothing to report.
        auto out = mrtk::write_bin(*rec);
        std::vector<std::string> none;
        mrtk::BinaryReadOptions plain;
        plain.warnings = &none;
        auto back = mrtk::read_bin(out, plain);
        ASSERT_TRUE(back.ok()) << back.error().what();
        EXPECT_TRUE(none.empty());
        EXPECT_EQ(mrtk::write_bin(*back), out);
    }
    EXPECT_EQ(may, 3);
}

TEST(MrtkSample, ShippedSampleIsWhatTheWriterMakes) {
    auto shipped = io::read_file(std::string(RIGIO_SOURCE_DIR) + "/samples/wave.bin").value();
    auto built = mrtk::write_bin(samples::mrtk_wave());
    EXPECT_TRUE(shipped == built) << "samples/wave.bin is stale: run build/make_samples samples";
    auto rec = mrtk::read_bin(shipped);
    ASSERT_TRUE(rec.ok()) << rec.error().what();
    EXPECT_EQ(rec->minor, 1);
    EXPECT_TRUE(rec->has_camera_pose && rec->has_hand_data && rec->has_eye_gaze);
    EXPECT_EQ(mrtk::repair(*rec).losses.size(), 5u);  // camera and 4 right-hand joints
    EXPECT_TRUE(mrtk::find_defects(*rec).empty());
}

TEST(MrtkFormat, DetectedByContentNotByName) {
    auto bin = test::v1_bytes();
    EXPECT_EQ(detect_format(bin, "recording.dat"), Format::MrtkBinary);
    EXPECT_EQ(detect_format(bin, ""), Format::MrtkBinary);
    const std::string json = mrtk::write_json(mrtk::read_bin(bin).value());
    std::span<const std::uint8_t> text(reinterpret_cast<const std::uint8_t*>(json.data()), json.size());
    EXPECT_EQ(detect_format(text, "recording.txt"), Format::MrtkJson);
    EXPECT_EQ(detect_format(text, "recording.bin"), Format::MrtkJson);
    // Without the magic number only the extension points at the MRTK reader (which then explains).
    std::vector<std::uint8_t> headerless(bin.begin() + 16, bin.end());
    EXPECT_EQ(detect_format(headerless, "proto.bin"), Format::MrtkBinary);
    EXPECT_EQ(detect_format(headerless, "proto.dat"), Format::Unknown);
}
