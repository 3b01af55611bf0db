// rigio pose end to end: the JSON schema, options, and exit codes on bad input or usage.
#include <gtest/gtest.h>
#include <simdjson.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <string>

#include "support/shared.hpp"

namespace {

struct PoseRun {
    int code = -1;
    std::string out, err;
};

PoseRun run_pose(const std::string& args) {
    // One stderr file per process: ctest runs these tests in parallel.
    const std::string err_file = testing::TempDir() + "rigio-pose-stderr-" + std::to_string(getpid()) + ".txt";
    const std::string cmd = std::string(RIGIO_CLI) + " pose " + args + " 2>" + err_file;
    PoseRun r;
    FILE* p = popen(cmd.c_str(), "r");
    if (!p) return r;
    std::array<char, 65536> buf{};
    std::size_t n;
    while ((n = fread(buf.data(), 1, buf.size(), p)) > 0) r.out.append(buf.data(), n);
    const int status = pclose(p);
    r.code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    if (FILE* e = std::fopen(err_file.c_str(), "rb")) {
        while ((n = fread(buf.data(), 1, buf.size(), e)) > 0) r.err.append(buf.data(), n);
        std::fclose(e);
    }
    return r;
}

std::string stickman() { return std::string(RIGIO_SOURCE_DIR) + "/samples/stickman.skel"; }

}  // namespace

TEST(CliPose, PrintsTheGoldenSchema) {
    PoseRun r = run_pose(stickman() + " --samples 4");
    ASSERT_EQ(r.code, 0) << r.err;
    simdjson::dom::parser parser;
    simdjson::dom::element doc = parser.parse(r.out);
    EXPECT_EQ(std::string_view(doc["format"]), "spine-oracle-pose/1");
    EXPECT_EQ(int64_t(doc["samples"]), 4);
    const std::size_t bones = simdjson::dom::array(doc["bones"]).size();
    const std::size_t slots = simdjson::dom::array(doc["slots"]).size();
    simdjson::dom::array runs = doc["runs"];
    ASSERT_EQ(runs.size(), 1u);
    std::size_t animations = 0;
    for (simdjson::dom::element a : runs.at(0)["animations"].get_array()) {
        ++animations;
        const double d = double(a["duration"]);
        simdjson::dom::array samples = a["samples"];
        ASSERT_EQ(samples.size(), d == 0 ? 1u : 5u);
        EXPECT_EQ(double(samples.at(0)["t"]), 0.0);
        EXPECT_EQ(double(samples.at(samples.size() - 1)["t"]), d);
        for (simdjson::dom::element s : samples) {
            simdjson::dom::array b = s["bones"];
            ASSERT_EQ(b.size(), bones);
            EXPECT_EQ(simdjson::dom::array(b.at(0)).size(), 7u);
            simdjson::dom::array sl = s["slots"];
            ASSERT_EQ(sl.size(), slots);
            EXPECT_EQ(simdjson::dom::array(sl.at(0)).size(), 5u);
        }
    }
    EXPECT_GT(animations, 0u);
}

TEST(CliPose, OneAnimationAndHelp) {
    PoseRun all = run_pose(stickman() + " --samples 1");
    ASSERT_EQ(all.code, 0);
    simdjson::dom::parser parser;
    simdjson::dom::element doc = parser.parse(all.out);
    const std::string first{std::string_view(doc["runs"].at(0)["animations"].at(0)["name"])};
    PoseRun one = run_pose(stickman() + " --samples 1 --animation " + first);
    ASSERT_EQ(one.code, 0) << one.err;
    simdjson::dom::parser parser2;
    EXPECT_EQ(simdjson::dom::array(parser2.parse(one.out)["runs"].at(0)["animations"]).size(), 1u);
    PoseRun help = run_pose("--help");
    EXPECT_EQ(help.code, 0);
    EXPECT_NE(help.out.find("setup pose"), std::string::npos);
    EXPECT_NE(help.out.find("skin rule"), std::string::npos);
}

TEST(CliPose, ExitCodes) {
    PoseRun r = run_pose(stickman() + " --animation no-such-animation");
    EXPECT_EQ(r.code, 1);
    EXPECT_NE(r.err.find("no-such-animation"), std::string::npos);
    EXPECT_TRUE(r.out.empty());  // nothing half-written
    EXPECT_EQ(run_pose(stickman() + " --skin no-such-skin").code, 1);
    EXPECT_EQ(run_pose("/nonexistent/file.skel").code, 1);
    EXPECT_EQ(run_pose(stickman() + " --samples -1").code, 2);
    EXPECT_EQ(run_pose(stickman() + " --samples many").code, 2);
    EXPECT_EQ(run_pose("").code, 2);
}

TEST(CliPose, CorpusRunWithSkin) {
    auto files = rigio::test::corpus_files("corpus/spine-3.8", "mix-and-match-pro.skel");
    RIGIO_REQUIRE_CORPUS(files, "corpus/spine-3.8");
    PoseRun r = run_pose(files[0].string() + " --samples 2 --skin full-skins/girl --animation walk");
    ASSERT_EQ(r.code, 0) << r.err;
    simdjson::dom::parser parser;
    simdjson::dom::element run = parser.parse(r.out)["runs"].at(0);
    EXPECT_EQ(std::string_view(run["skin"]), "full-skins/girl");
    std::size_t with_vertices = 0;
    for (simdjson::dom::element s : run["animations"].at(0)["samples"].at(0)["slots"].get_array())
        if (!simdjson::dom::array(s).at(4).is_null()) ++with_vertices;
    EXPECT_EQ(with_vertices, 51u);  // as the golden README states for this run
}
