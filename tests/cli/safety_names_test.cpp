// Names from files are never trusted as paths, and loss reports name places (issue 14):
// --all-armatures output names, the armature converted, batch loss reports, loss summaries, and
// `info` on DragonBones 2.x/3.0 counting their frames.
#include <gtest/gtest.h>

#include <simdjson.h>

#include <algorithm>
#include <filesystem>
#include <set>
#include <string>

#include "cli/cli_run.hpp"
#include "support/shared.hpp"

namespace fs = std::filesystem;
using CliResult = rigio::test::CliRun;
using rigio::test::rigio_in;
using rigio::test::slurp;
using rigio::test::spit;

namespace {

fs::path dir() { return rigio::test::test_dir("rigio-names"); }

// Armature k has k + 1 bones (so each output tells which armature it came from); the first has a
// slot with a colour offset (a loss in Spine).
std::string crafted(const std::vector<std::string>& names) {
    std::string arms;
    for (std::size_t k = 0; k < names.size(); ++k) {
        std::string bones = R"({"name":"root"})";
        for (std::size_t b = 0; b < k; ++b) bones += R"(,{"name":"b)" + std::to_string(b) + R"(","parent":"root"})";
        const std::string slots = k == 0 ? R"([{"name":"s","parent":"root","color":{"rO":10}}])" : "[]";
        arms += (k ? "," : "") + std::string(R"({"type":"Armature","name":)") + names[k] + R"(,"bone":[)" + bones + R"(],"slot":)" + slots +
                R"(,"animation":[{"name":"idle","duration":1}]})";
    }
    return R"({"frameRate":24,"name":"crafted","version":"5.5","armature":[)" + arms + "]}";
}

std::set<std::string> tree(const fs::path& d) {
    std::set<std::string> out;
    for (const auto& e : fs::recursive_directory_iterator(d)) out.insert(e.path().string());
    return out;
}

std::size_t bone_count(const fs::path& spine_json) {
    simdjson::dom::parser p;
    simdjson::dom::array bones;
    if (p.load(spine_json.string())["bones"].get_array().get(bones)) return 0;
    return bones.size();
}

}  // namespace

TEST(CliNames, AllArmaturesWritesSafeUniqueNamesInsideTheOutDirForTheRightArmature) {
    const fs::path d = dir();
    const fs::path work = d / "w" / "x";
    fs::create_directories(work / "rep");
    const std::string abs = (d / "abs-escape").string();
    spit(work / "crafted_ske.json", crafted({R"("../../escape")", R"("dup")", "\"" + abs + "\"", R"("a/b")", R"("")", R"("dup")"}));
    const std::set<std::string> before = tree(d);
    const CliResult r = rigio_in(work, "convert --all-armatures --out-dir out --to spine-json --loss-report rep/loss.json crafted_ske.json");
    EXPECT_EQ(r.code, 0) << r.err;
    std::vector<std::size_t> counts;
    for (const std::string& f : tree(d)) {
        if (before.count(f)) continue;
        const bool inside = f.rfind((work / "out").string() + "/", 0) == 0 || f.rfind((work / "rep").string() + "/", 0) == 0 ||
                            f == (work / "out").string();
        EXPECT_TRUE(inside) << "written outside --out-dir: " << f;
        if (f.rfind((work / "out").string() + "/", 0) == 0) counts.push_back(bone_count(f));
    }
    std::sort(counts.begin(), counts.end());
    EXPECT_EQ(counts, (std::vector<std::size_t>{1, 2, 3, 4, 5, 6}));  // one file per armature, each the one named
    EXPECT_TRUE(fs::exists(work / "out" / "dup.json"));
    EXPECT_TRUE(fs::exists(work / "out" / "dup-2.json"));
    EXPECT_TRUE(fs::exists(work / "out" / "a_b.json"));
    // One loss report for the run: every armature's losses under its input and armature name.
    simdjson::dom::parser p;
    simdjson::dom::element rep;
    ASSERT_EQ(p.load((work / "rep" / "loss.json").string()).get(rep), simdjson::SUCCESS);
    simdjson::dom::array inputs = rep["inputs"].get_array();
    EXPECT_EQ(inputs.size(), 6u);
    EXPECT_EQ(std::string_view(inputs.at(0)["input"]), "crafted_ske.json");
    EXPECT_EQ(std::string_view(inputs.at(0)["armature"]), "../../escape");
    EXPECT_FALSE(bool(inputs.at(0)["report"]["lossless"]));
}

TEST(CliNames, LossesAreSummarisedByKindWithNamedPlacesAndListedWithVerbose) {
    const fs::path d = dir();
    spit(d / "c_ske.json", crafted({R"("hero")"}));
    CliResult r = rigio_in(d, "convert c_ske.json out.json --to spine-json");
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.err.find("loss: colour offset"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("armature \"hero\", slot \"s\""), std::string::npos) << r.err;  // names, not only indices
    EXPECT_NE(r.err.find("-v or --loss-report"), std::string::npos) << r.err;
    r = rigio_in(d, "convert -v c_ske.json out.json --to spine-json");
    EXPECT_NE(r.err.find("loss at /armature/0/slot/0/color: colour offset"), std::string::npos) << r.err;
    r = rigio_in(d, "convert -q c_ske.json out.json --to spine-json");
    EXPECT_EQ(r.err, "");
}

TEST(CliNames, BatchLossReportHoldsEveryInputUnderItsName) {
    const fs::path d = dir();
    spit(d / "a_ske.json", crafted({R"("a")"}));
    spit(d / "b_ske.json", crafted({R"("b")"}));
    const CliResult r = rigio_in(d, "convert --out-dir out --to spine-json --loss-report loss.json a_ske.json b_ske.json");
    EXPECT_EQ(r.code, 0) << r.err;
    simdjson::dom::parser p;
    simdjson::dom::element rep;
    ASSERT_EQ(p.load((d / "loss.json").string()).get(rep), simdjson::SUCCESS);
    simdjson::dom::array inputs = rep["inputs"].get_array();
    ASSERT_EQ(inputs.size(), 2u);
    EXPECT_EQ(std::string_view(inputs.at(0)["input"]), "a_ske.json");
    EXPECT_EQ(std::string_view(inputs.at(1)["input"]), "b_ske.json");
}

TEST(CliNames, InfoCountsTheFramesOfDragonBones2And3) {
    std::size_t seen = 0;
    for (const char* v : {"corpus/dragonbones/2.3", "corpus/dragonbones/3.0"})
        for (const fs::path& f : rigio::test::corpus_files(v, "_skeleton.json")) {
            ++seen;
            const CliResult r = rigio_in(f.parent_path(), "info " + f.filename().string());
            EXPECT_EQ(r.code, 0) << f << r.err;
            EXPECT_EQ(r.out.find("5.6 typed"), std::string::npos) << f << "\n" << r.out;
            EXPECT_EQ(r.out.find("s      0  0/0/0/0/0"), std::string::npos) << f << "\n" << r.out;
        }
    if (seen == 0) GTEST_SKIP() << "no DragonBones 2.3/3.0 corpus under " << rigio::test::shared_dir();
}
