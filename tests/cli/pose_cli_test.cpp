// rigio pose end to end: the JSON schema, options, and exit codes on bad input or usage.
#include <gtest/gtest.h>
#include <simdjson.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <filesystem>
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

namespace {

std::string write_temp(const std::string& name, const std::string& text) {
    const std::string path = testing::TempDir() + std::to_string(getpid()) + "-" + name;
    std::FILE* f = std::fopen(path.c_str(), "wb");
    std::fwrite(text.data(), 1, text.size(), f);
    std::fclose(f);
    return path;
}

}  // namespace

TEST(CliPose, CheckAgainstAReference) {
    PoseRun dump = run_pose(stickman() + " --samples 6");
    ASSERT_EQ(dump.code, 0) << dump.err;
    const std::string reference = write_temp("stickman.pose.json", dump.out);
    PoseRun ok = run_pose(stickman() + " --check " + reference);
    EXPECT_EQ(ok.code, 0) << ok.out << ok.err;
    EXPECT_NE(ok.out.find("animations match the reference"), std::string::npos) << ok.out;
    EXPECT_EQ(ok.out.find("FAIL"), std::string::npos) << ok.out;

    // The first bone's matrix entry a of the first sample becomes 7: the check fails and says where.
    std::string moved = dump.out;
    const std::size_t a = moved.find("\"bones\":[[") + 10;
    ASSERT_GT(a, 10u);
    moved.replace(a, moved.find(',', a) - a, "7");
    PoseRun bad = run_pose(stickman() + " --check " + write_temp("moved.pose.json", moved));
    EXPECT_EQ(bad.code, 1) << bad.out << bad.err;
    EXPECT_NE(bad.out.find("FAIL: t=0 bone"), std::string::npos) << bad.out;

    PoseRun broken = run_pose(stickman() + " --check " + write_temp("broken.pose.json", "{\"format\": 3}"));
    EXPECT_EQ(broken.code, 1);
    EXPECT_NE(broken.err.find("/format"), std::string::npos) << broken.err;
    EXPECT_EQ(run_pose(stickman() + " --check /nonexistent/ref.json").code, 1);
    EXPECT_EQ(run_pose(stickman() + " --check " + reference + " --samples 3").code, 2);
}

TEST(CliPose, CheckDragonBonesAgainstItsGolden) {
    const auto golden = rigio::test::shared_dir() / "golden/dragonbones/4.5/DragonBoy.json.pose.json";
    const auto source = rigio::test::shared_dir() / "corpus/dragonbones/4.5/DragonBoy.json";
    if (!std::filesystem::exists(golden) || !std::filesystem::exists(source))
        GTEST_SKIP() << "../shared/golden/dragonbones not found: DragonBones pose check skipped";
    PoseRun r = run_pose(source.string() + " --check " + golden.string());
    EXPECT_EQ(r.code, 0) << r.out << r.err;
    EXPECT_NE(r.out.find("DragonBoy / "), std::string::npos) << r.out;
    // A Spine skeleton cannot be checked against DragonBones poses.
    PoseRun wrong = run_pose(stickman() + " --check " + golden.string());
    EXPECT_EQ(wrong.code, 1);
    EXPECT_NE(wrong.err.find("DragonBones file it was made from"), std::string::npos) << wrong.err;
}

TEST(CliPose, PlaysDragonBonesThroughSpine) {
    const std::string source = write_temp("t_ske.json", R"({"frameRate":24,"name":"t","version":"5.5","armature":[
 {"type":"Armature","frameRate":24,"name":"arm","bone":[{"name":"root"},{"name":"arm","parent":"root","transform":{"x":10,"y":20}}],
  "slot":[],"skin":[],"animation":[{"duration":24,"name":"slide","bone":[{"name":"arm","translateFrame":[{"duration":24,"tweenEasing":0,"x":0},{"duration":0,"x":10}]}]}]}]})");
    PoseRun r = run_pose(source + " --samples 2");
    ASSERT_EQ(r.code, 0) << r.err;
    simdjson::dom::parser parser;
    simdjson::dom::element doc = parser.parse(r.out);
    simdjson::dom::array samples = doc["runs"].at(0)["animations"].at(0)["samples"];
    ASSERT_EQ(samples.size(), 3u);
    simdjson::dom::array arm = samples.at(1)["bones"].at(1);
    EXPECT_DOUBLE_EQ(double(arm.at(4)), 15.0);   // halfway along x
    EXPECT_DOUBLE_EQ(double(arm.at(5)), -20.0);  // y up in Spine
    EXPECT_EQ(run_pose(source + " --armature leg").code, 1);
}
