// Bad input never crashes: small corpus skeletons with bytes changed at random (fixed seed) are read;
// every failure has a location, and whatever reads is written and moved to 4.5 and 5.5 without harm.
#include <random>

#include "db_test_util.hpp"
#include "rigio/dragonbones/version.hpp"

namespace rigio::dragonbones {
namespace {

TEST(DragonBonesMutation, MutatedFilesFailWithALocationOrConvert) {
    std::vector<std::string> texts;
    for (const auto& f : test::skeletons({"4.5", "5.0", "5.5"})) {
        std::string t = test::text_of(f);
        if (t.size() < 16000) texts.push_back(std::move(t));
    }
    if (texts.empty()) GTEST_SKIP() << "../shared/corpus/dragonbones not found: corpus test skipped";
    std::mt19937 rng(20261122);
    const std::string alphabet = "{}[],:\"-.0123456789eE aN\\truefalsenull";
    std::size_t failed = 0, read = 0;
    for (int round = 0; round < 1500; ++round) {
        std::string t = texts[static_cast<std::size_t>(round) % texts.size()];
        const int edits = 1 + static_cast<int>(rng() % 4);
        for (int e = 0; e < edits; ++e) {
            std::size_t at = rng() % t.size();
            switch (rng() % 3) {
                case 0: t[at] = alphabet[rng() % alphabet.size()]; break;
                case 1: t.erase(at, 1 + rng() % 8); break;
                default: t.insert(at, 1, alphabet[rng() % alphabet.size()]); break;
            }
            if (t.empty()) t = "{";
        }
        auto r = read_json(t);
        if (!r) {
            ++failed;
            EXPECT_TRUE(r.error().where().known()) << r.error().what();
            continue;
        }
        ++read;
        std::string out = write_json(*r);
        EXPECT_TRUE(read_json(out).ok());
        for (const char* v : {"4.5", "5.5"}) {
            LossReport losses;
            const Result<DragonBonesData> c = convert_version(*r, v, losses);
            if (c.ok())
                EXPECT_TRUE(read_json(write_json(c.value())).ok()) << v;
            else
                EXPECT_NE(std::string(c.error().what()).find("version"), std::string::npos) << c.error().what();
        }
    }
    EXPECT_GT(failed, 0u);
    EXPECT_GT(read, 0u);
}

}  // namespace
}  // namespace rigio::dragonbones
