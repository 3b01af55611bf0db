// Every DragonBones skeleton of the corpus (4.0 to 5.6): read -> write -> read gives an equal model,
// and writing again gives the same bytes.
#include "db_test_util.hpp"
#include "rigio/dragonbones/version.hpp"

namespace rigio::dragonbones {
namespace {

using test::read_ok;
using test::skeletons;
using test::text_of;

TEST(DragonBonesCorpus, SameVersionRoundTripKeepsTheModel) {
    auto files = skeletons({"4.0", "4.5", "5.0", "5.5", "5.6"});
    RIGIO_REQUIRE_CORPUS(files, "corpus/dragonbones");
    EXPECT_GE(files.size(), 50u);
    for (const auto& f : files) {
        SCOPED_TRACE(f.string());
        const std::string text = text_of(f);
        auto first = read_json(text);
        ASSERT_TRUE(first.ok()) << first.error().what();
        const std::string written = write_json(*first);
        auto second = read_json(written);
        ASSERT_TRUE(second.ok()) << second.error().what();
        EXPECT_TRUE(*first == *second) << "model changed by a rewrite";
        EXPECT_EQ(write_json(*second), written) << "rewrite is not a fixed point";
        EXPECT_FALSE(first->armature.empty());
    }
}

// A read model holds its transforms, colours, number lists and frames' rare boxes in the reader's shared
// slabs: a copy is its own (equal data, written the same) and outlives the model it was copied from, and
// a model whose parts are moved out and dropped one by one frees every slab (ASan: no leak, no reuse).
TEST(DragonBonesCorpus, CopiesOfAReadModelOutliveIt) {
    auto files = skeletons({"4.0", "4.5", "5.0", "5.5", "5.6"});
    RIGIO_REQUIRE_CORPUS(files, "corpus/dragonbones");
    for (const auto& f : files) {
        SCOPED_TRACE(f.string());
        const std::string text = text_of(f);
        DragonBonesData copy;
        std::string written;
        {
            DragonBonesData read = read_ok(text, f.string());
            written = write_json(read);
            copy = read;
            EXPECT_TRUE(copy == read);
            Vector<Armature> parts = std::move(read.armature);
            while (!parts.empty()) parts.pop_back();
        }
        EXPECT_EQ(write_json(copy), written);
        EXPECT_TRUE(copy == read_ok(text, f.string()));
    }
}

TEST(DragonBonesCorpus, MinifiedFilesStayMinified) {
    auto files = skeletons({"4.5", "5.5"});
    RIGIO_REQUIRE_CORPUS(files, "corpus/dragonbones");
    std::size_t identical = 0;
    for (const auto& f : files) {
        const std::string text = text_of(f);
        const std::string out = write_json(read_ok(text, f.string()));
        const bool one_line = text.find('\n') == std::string::npos || text.find('\n') + 1 == text.size();
        EXPECT_EQ(out.find('\n') == std::string::npos || out.find('\n') + 1 == out.size(), one_line) << f;
        identical += out == text;
    }
    // DragonBones Pro 5.5 exports use the writer's key order: most come back byte for byte.
    EXPECT_GE(identical, 10u);
}

TEST(DragonBonesCorpus, OldVersionsAreKeptAsWritten) {
    // 2.3 / 3.0: read and rewritten losslessly (their combined "timeline" arrays are kept as raw JSON).
    auto files = skeletons({"2.3", "3.0"});
    RIGIO_REQUIRE_CORPUS(files, "corpus/dragonbones");
    for (const auto& f : files) {
        SCOPED_TRACE(f.string());
        auto first = read_json(text_of(f));
        ASSERT_TRUE(first.ok()) << first.error().what();
        const std::string written = write_json(*first);
        auto second = read_json(written);
        ASSERT_TRUE(second.ok()) << second.error().what();
        EXPECT_TRUE(*first == *second);
        EXPECT_EQ(write_json(*second), written);
        LossReport losses;
        EXPECT_FALSE(convert_version(*first, "5.5", losses).ok());
    }
}

TEST(DragonBonesCorpus, VersionsAreRecognised) {
    auto files = skeletons({"4.0", "4.5", "5.0", "5.5", "5.6"});
    RIGIO_REQUIRE_CORPUS(files, "corpus/dragonbones");
    for (const auto& f : files) {
        SCOPED_TRACE(f.string());
        DragonBonesData d = read_ok(text_of(f), f.string());
        const std::string folder = f.parent_path().filename().string();
        // Folder = version label of the file (labels understate features, but they are what is written).
        EXPECT_EQ(version_code(d), static_cast<int>(std::stod(folder) * 10 + 0.5));
    }
}

TEST(DragonBonesCorpus, DirtyValuesAreKeptAsWritten) {
    auto files = skeletons({"4.5"});
    RIGIO_REQUIRE_CORPUS(files, "corpus/dragonbones");
    // 4.5 CoreElement/DragonBoy/Knight write "NaN" for tweenEasing; the rewrite must keep the string.
    std::size_t nan_strings = 0;
    for (const auto& f : files) {
        const std::string text = text_of(f);
        if (text.find("\"tweenEasing\":\"NaN\"") == std::string::npos && text.find("\"tweenEasing\": \"NaN\"") == std::string::npos) continue;
        const std::string out = write_json(read_ok(text, f.string()));
        EXPECT_NE(out.find("\"tweenEasing\":\"NaN\""), std::string::npos) << f;  // minified like its source
        ++nan_strings;
    }
    EXPECT_GT(nan_strings, 0u);
}

}  // namespace
}  // namespace rigio::dragonbones
