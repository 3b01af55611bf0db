// Spine 3.8 .skel: every corpus file reads and writes back byte for byte, and the sample that
// ships in samples/ is exactly what rigio's writer makes from the skeleton built in code.
#include <gtest/gtest.h>

#include "rigio/io/file.hpp"
#include "rigio/samples.hpp"
#include "rigio/spine/binary.hpp"
#include "support/shared.hpp"

using namespace rigio;

TEST(SpineBinaryCorpus, EveryFileRoundTripsByteExact) {
    auto files = test::corpus_files("corpus/spine-3.8", ".skel");
    RIGIO_REQUIRE_CORPUS(files, "corpus/spine-3.8");
    EXPECT_EQ(files.size(), 21u);
    for (const auto& f : files) {
        SCOPED_TRACE(f.filename().string());
        auto bytes = io::read_file(f.string()).value();
        auto sd = spine::read_skel(bytes);
        ASSERT_TRUE(sd.ok()) << sd.error().what();
        auto out = spine::write_skel(*sd).value();
        ASSERT_EQ(out.size(), bytes.size());
        EXPECT_TRUE(out == bytes);
        // Reading the rewrite gives the same model.
        auto again = spine::read_skel(out);
        ASSERT_TRUE(again.ok()) << again.error().what();
        EXPECT_TRUE(*again == *sd);
    }
}

TEST(SpineBinaryCorpus, ModelCountsMatchWhatTheFilesHold) {
    auto files = test::corpus_files("corpus/spine-3.8", ".skel");
    RIGIO_REQUIRE_CORPUS(files, "corpus/spine-3.8");
    for (const auto& f : files) {
        if (f.filename() != "spineboy-pro.skel") continue;
        auto sd = spine::read_skel(io::read_file(f.string()).value());
        ASSERT_TRUE(sd.ok()) << sd.error().what();
        // Counts checked against the editor's JSON export of the same skeleton.
        EXPECT_EQ(sd->bones.size(), 64u);
        EXPECT_EQ(sd->slots.size(), 52u);
        EXPECT_EQ(sd->ik.size(), 7u);
        EXPECT_EQ(sd->transform.size(), 7u);
        EXPECT_EQ(sd->path.size(), 0u);
        EXPECT_EQ(sd->events.size(), 1u);
        EXPECT_EQ(sd->animations.size(), 11u);
        EXPECT_TRUE(sd->header.nonessential);
        EXPECT_EQ(sd->header.version, "3.8.55");
        return;
    }
    FAIL() << "spineboy-pro.skel not in the corpus";
}

TEST(SpineBinarySample, ShippedSampleIsWhatTheWriterMakes) {
    auto sample = io::read_file(std::string(RIGIO_SOURCE_DIR) + "/samples/stickman.skel").value();
    auto built = spine::write_skel(samples::spine_stickman()).value();
    EXPECT_TRUE(sample == built) << "samples/stickman.skel is stale: run build/make_samples samples";
    auto sd = spine::read_skel(sample);
    ASSERT_TRUE(sd.ok()) << sd.error().what();
    EXPECT_TRUE(*sd == samples::spine_stickman() || !sd->strings.empty());
    // Every attachment type and every timeline family is present.
    int types[7] = {};
    for (const auto& skin : sd->skins)
        for (const auto& ss : skin.slots)
            for (const auto& a : ss.attachments) ++types[static_cast<int>(a.attachment.type)];
    for (int t : types) EXPECT_GT(t, 0);
    const auto& walk = sd->animations.at(0);
    EXPECT_FALSE(walk.slots.empty());
    EXPECT_FALSE(walk.bones.empty());
    EXPECT_FALSE(walk.ik.empty());
    EXPECT_FALSE(walk.transform.empty());
    EXPECT_FALSE(walk.path.empty());
    EXPECT_FALSE(walk.deform.empty());
    EXPECT_FALSE(walk.draw_order.empty());
    EXPECT_FALSE(walk.events.empty());
}

TEST(SpineBinaryWriter, NullAndEmptyStringsSurvive) {
    auto sd = samples::spine_stickman();
    sd.header.images = std::string();
    sd.header.audio = std::nullopt;
    sd.bones[1].name = std::string();
    sd.events[1].string_value = std::string();
    auto back = spine::read_skel(spine::write_skel(sd).value());
    ASSERT_TRUE(back.ok()) << back.error().what();
    EXPECT_EQ(back->header.images, std::optional<std::string>(""));
    EXPECT_EQ(back->header.audio, std::nullopt);
    EXPECT_EQ(back->bones[1].name, std::optional<std::string>(""));
    EXPECT_EQ(back->events[1].string_value, std::optional<std::string>(""));
}

TEST(SpineBinaryWriter, WithoutNonessentialDataTheOptionalFieldsAreLeftOut) {
    auto sd = samples::spine_stickman();
    auto full = spine::write_skel(sd).value();
    sd.header.nonessential = false;
    auto lean = spine::write_skel(sd).value();
    EXPECT_LT(lean.size(), full.size());
    auto back = spine::read_skel(lean);
    ASSERT_TRUE(back.ok()) << back.error().what();
    EXPECT_FALSE(back->header.nonessential);
    EXPECT_EQ(back->bones.size(), sd.bones.size());
    EXPECT_TRUE(back->skins[0].slots[1].attachments[0].attachment.edges.empty());  // mesh edges are nonessential
    EXPECT_EQ(back->animations, sd.animations);
}

TEST(SpineBinaryWriter, NegativeDrawOrderOffsetTakesFiveBytes) {
    auto sd = samples::spine_stickman();
    auto bytes = spine::write_skel(sd).value();
    // The walk animation moves slot 4 by -4: varint+ 04, then fc ff ff ff 0f.
    const std::vector<std::uint8_t> needle{0x04, 0xfc, 0xff, 0xff, 0xff, 0x0f};
    EXPECT_NE(std::search(bytes.begin(), bytes.end(), needle.begin(), needle.end()), bytes.end());
}
