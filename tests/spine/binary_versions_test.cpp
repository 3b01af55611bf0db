// Spine 3.7, 4.0, 4.1 and 4.2 .skel: the reader's version branches read every corpus file to its last
// byte (the reader fails on leftover bytes), with the counts the corpus READMEs list; the header decides
// the layout and unknown versions are refused by name. Damaged files give located errors through the
// public read_skel, and whatever still reads rewrites and reads back equal (the fuzz target's rule).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>

#include "../../src/spine/skel_reader.hpp"
#include "rigio/io/file.hpp"
#include "rigio/spine/binary.hpp"
#include "support/shared.hpp"

using namespace rigio;
using spine::Version;

namespace {
spine::SkeletonData read_corpus(const std::string& version, const std::string& name) {
    auto bytes = io::read_file((test::shared_dir() / ("corpus/spine-" + version) / name).string()).value();
    auto sd = spine::detail::read_skel_any_layout(bytes);
    if (!sd.ok()) ADD_FAILURE() << name << ": " << sd.error().what();
    return sd.ok() ? std::move(*sd) : spine::SkeletonData{};
}
}  // namespace

TEST(SpineBinaryVersions, EveryCorpusFileOfEveryVersionReadsToItsLastByte) {
    const std::pair<const char*, Version> versions[] = {
        {"3.7", Version::V37}, {"4.0", Version::V40}, {"4.1", Version::V41}, {"4.2", Version::V42}};
    const std::size_t expected[] = {21, 21, 22, 26};
    for (std::size_t i = 0; i < 4; ++i) {
        auto [name, version] = versions[i];
        std::string sub = std::string("corpus/spine-") + name;
        auto files = test::corpus_files(sub, ".skel");
        RIGIO_REQUIRE_CORPUS(files, sub);
        EXPECT_EQ(files.size(), expected[i]) << sub;
        for (const auto& f : files) {
            SCOPED_TRACE(f.string());
            auto sd = spine::detail::read_skel_any_layout(io::read_file(f.string()).value());
            ASSERT_TRUE(sd.ok()) << sd.error().what();
            EXPECT_EQ(sd->header.data_version, version);
            EXPECT_FALSE(sd->bones.empty());
        }
    }
}

TEST(SpineBinaryVersions, CountsMatchTheCorpusReadme) {
    if (test::corpus_files("corpus/spine-4.2", ".skel").empty()) GTEST_SKIP() << "../shared/corpus/spine-4.2 absent";
    auto sack = read_corpus("4.2", "sack-pro.skel");
    EXPECT_EQ(sack.bones.size(), 31u);
    EXPECT_EQ(sack.slots.size(), 3u);
    EXPECT_EQ(sack.transform.size(), 4u);
    EXPECT_EQ(sack.physics.size(), 20u);
    EXPECT_EQ(sack.animations.size(), 4u);
    EXPECT_EQ(sack.header.reference_scale, 100.0f);
    // The 8 hash bytes are held as the JSON's base64 ("hash" of sack-pro.json).
    EXPECT_EQ(sack.header.hash, "210ocy+FNY8");
    std::size_t physics_timelines = 0;
    for (const auto& a : sack.animations)
        for (const auto& p : a.physics) physics_timelines += p.timelines.size();
    EXPECT_EQ(physics_timelines, 68u);

    auto dragon = read_corpus("4.2", "dragon-ess.skel");
    std::size_t sequences = 0;
    for (const auto& s : dragon.skins)
        for (const auto& ss : s.slots)
            for (const auto& sa : ss.attachments) sequences += sa.attachment.sequence.has_value();
    EXPECT_EQ(sequences, 2u);

    auto cloud = read_corpus("4.2", "cloud-pot.skel");
    std::size_t resets = 0;
    for (const auto& a : cloud.animations)
        for (const auto& p : a.physics)
            for (const auto& t : p.timelines) resets += t.type == spine::PhysicsTimelineType::Reset;
    EXPECT_EQ(resets, 12u);

    auto raptor37 = read_corpus("3.7", "raptor-pro.skel");
    EXPECT_EQ(raptor37.ik.size(), 9u);
    EXPECT_TRUE(raptor37.strings.empty());  // 3.7 has no shared string table
    auto mm40 = read_corpus("4.0", "mix-and-match-pro.skel");
    EXPECT_EQ(mm40.bones.size(), 143u);
}

TEST(SpineBinaryVersions, UnknownVersionsAreRefusedByName) {
    auto head = [](std::vector<std::uint8_t> prefix, const std::string& version) {
        prefix.push_back(static_cast<std::uint8_t>(version.size() + 1));
        prefix.insert(prefix.end(), version.begin(), version.end());
        prefix.resize(prefix.size() + 40, 0);
        return prefix;
    };
    const std::vector<std::uint8_t> hash8 = {1, 2, 3, 4, 5, 6, 7, 8};
    const std::vector<std::uint8_t> hash_string = {3, 'a', 'b'};
    for (auto [bytes, version] : {std::pair{head(hash8, "4.3.12"), "4.3.12"}, std::pair{head(hash_string, "3.6.53"), "3.6.53"},
                                  std::pair{head(hash_string, "3.5.51"), "3.5.51"}}) {
        auto r = spine::read_skel(bytes);
        ASSERT_FALSE(r.ok()) << version;
        EXPECT_NE(std::string(r.error().what()).find(std::string("Spine ") + version + " binary: rigio reads Spine "), std::string::npos)
            << r.error().what();
    }
    std::vector<std::uint8_t> garbage(64, 0xAB);
    auto r = spine::read_skel(garbage);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(std::string(r.error().what()).find("not a Spine binary skeleton"), std::string::npos) << r.error().what();
}

TEST(SpineBinaryVersions, HashBase64RoundTrips) {
    const std::uint8_t raw[8] = {0x7c, 0xaa, 0xfe, 0x7d, 0xee, 0x2b, 0x28, 0x49};
    std::string text = spine::detail::hash_to_base64(std::string_view(reinterpret_cast<const char*>(raw), 8));
    EXPECT_EQ(text, "fKr+fe4rKEk");  // coin-pro 4.2: the JSON's "hash"
    std::uint8_t back[8] = {};
    ASSERT_TRUE(spine::detail::base64_to_hash(text, back));
    EXPECT_EQ(std::memcmp(raw, back, 8), 0);
    EXPECT_FALSE(spine::detail::base64_to_hash("fKr+fe4rKE", back));
}

// Hostile input on every version's branches: truncations (sampled on large files so the test stays
// fast), bit flips and a lying 5-byte varint give a located error or a valid read, never a crash.
TEST(SpineBinaryVersions, TruncationsFlipsAndLiesGiveLocatedErrors) {
    for (const char* version : {"3.7", "4.0", "4.1", "4.2"}) {
        std::string sub = std::string("corpus/spine-") + version;
        auto files = test::corpus_files(sub, ".skel");
        RIGIO_REQUIRE_CORPUS(files, sub);
        for (const char* name : {"coin-pro.skel", "spineboy-pro.skel"}) {
            auto bytes = io::read_file((test::shared_dir() / sub / name).string()).value();
            SCOPED_TRACE(std::string(version) + "/" + name);
            const std::size_t step = std::max<std::size_t>(1, bytes.size() / 400);
            for (std::size_t cut = 0; cut < bytes.size(); cut += step) {
                auto r = spine::read_skel(std::span(bytes.data(), cut));
                ASSERT_FALSE(r.ok()) << "truncated at " << cut << " read fine";
                EXPECT_TRUE(r.error().where().known()) << "cut " << cut << ": " << r.error().what();
            }
            for (std::size_t at = 9; at < bytes.size(); at += step) {
                auto flipped = bytes;
                flipped[at] ^= 0x40;
                auto r = spine::read_skel(flipped);
                if (!r.ok()) {
                    EXPECT_TRUE(r.error().where().known()) << "flip at " << at << ": " << r.error().what();
                } else {
                    auto again = spine::read_skel(spine::write_skel(*r).value());
                    ASSERT_TRUE(again.ok()) << "flip at " << at << ": rewrite does not read back: " << again.error().what();
                    EXPECT_TRUE(*again == *r) << "flip at " << at << ": rewrite reads back different";
                }
                auto lie = bytes;
                const std::uint8_t varint[] = {0xFF, 0xFF, 0xFF, 0xFF, 0x07};
                lie.insert(lie.begin() + static_cast<long>(at), std::begin(varint), std::end(varint));
                r = spine::read_skel(lie);
                if (!r.ok()) {
                    EXPECT_TRUE(r.error().where().known()) << "lie at " << at << ": " << r.error().what();
                }
            }
        }
    }
}
