// `rigio info / validate / convert` on DragonBones JSON: exit codes, loss reports on stderr, paths.
#include <gtest/gtest.h>

#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "db_test_util.hpp"

namespace fs = std::filesystem;

namespace {

struct CliResult {
    int code = -1;
    std::string out, err;
};

fs::path scratch() {
    fs::path d = fs::temp_directory_path() / ("rigio-db-cli-" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
    fs::remove_all(d);
    fs::create_directories(d);
    return d;
}

CliResult run(const std::string& args, const fs::path& dir) {
    const fs::path err = dir / "stderr.txt";
    std::string cmd = std::string(RIGIO_CLI) + " " + args + " 2>" + err.string();
    CliResult r;
    FILE* p = popen(cmd.c_str(), "r");
    if (!p) return r;
    std::array<char, 4096> buf{};
    std::size_t n;
    while ((n = fread(buf.data(), 1, buf.size(), p)) > 0) r.out.append(buf.data(), n);
    int status = pclose(p);
    r.code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    r.err = rigio::dragonbones::test::text_of(err);
    return r;
}

void write(const fs::path& p, const std::string& s) { std::ofstream(p, std::ios::binary) << s; }

fs::path corpus(const std::string& rel) { return rigio::test::shared_dir() / "corpus/dragonbones" / rel; }

TEST(DragonBonesCli, InfoSummarisesArmaturesAndAnimations) {
    fs::path f = corpus("5.5/mecha_1406_ske.json");
    if (!fs::exists(f)) GTEST_SKIP() << f << " not found: corpus test skipped";
    fs::path d = scratch();
    CliResult r = run("info " + f.string(), d);
    EXPECT_EQ(r.code, 0) << r.err;
    for (const char* s : {"dragonbones-json", "DragonBones version  5.5", "bones 17, slots 13", "animations 8", "seconds"})
        EXPECT_NE(r.out.find(s), std::string::npos) << s << "\n" << r.out;
    CliResult j = run("info --json " + f.string(), d);
    EXPECT_EQ(j.code, 0);
    EXPECT_NE(j.out.find("\"boneSplit\""), std::string::npos);
    EXPECT_NE(j.out.find("\"seconds\""), std::string::npos);
}

TEST(DragonBonesCli, UpgradeAndDowngradeReportLossesOnStderr) {
    fs::path f = corpus("4.0/stagexl_demon.json");
    if (!fs::exists(f)) GTEST_SKIP() << f << " not found: corpus test skipped";
    fs::path d = scratch();
    CliResult up = run("convert -v " + f.string() + " " + (d / "up.json").string() + " --to dragonbones-json --db-version 5.5", d);
    EXPECT_EQ(up.code, 0) << up.err;
    // Its slot-frame "z" keys only restate the setup order (places among the shown slots): nothing is lost.
    EXPECT_EQ(up.err.find("loss"), std::string::npos) << up.err;
    CliResult v = run("validate " + (d / "up.json").string(), d);
    EXPECT_EQ(v.code, 0) << v.out;
    CliResult down = run("convert " + (d / "up.json").string() + " " + (d / "down.json").string() + " --db-version 4.5", d);
    EXPECT_EQ(down.code, 0) << down.err;
    const std::string text = rigio::dragonbones::test::text_of(d / "down.json");
    EXPECT_NE(text.find("\"version\":\"4.5\""), std::string::npos);  // minified like its source
    EXPECT_EQ(text.find("translateFrame"), std::string::npos);

    // Slot-frame "z" keys that do reorder become a 5.5 zOrder timeline, which 4.5 cannot hold: the
    // downgrade says so with its path.
    std::ofstream(d / "swap.json") << R"({"frameRate":24,"name":"z","version":"4.5","armature":[{"type":"Armature","name":"arm",
 "bone":[{"name":"root"}],"slot":[{"name":"a","parent":"root"},{"name":"b","parent":"root"}],"animation":[{"name":"swap","duration":2,
 "slot":[{"name":"a","frame":[{"duration":1,"z":0},{"duration":1,"z":2}]},{"name":"b","frame":[{"duration":2,"z":1}]}]}]}]})";
    CliResult swap_up = run("convert " + (d / "swap.json").string() + " " + (d / "swap55.json").string() + " --db-version 5.5", d);
    EXPECT_EQ(swap_up.code, 0) << swap_up.err;
    EXPECT_NE(rigio::dragonbones::test::text_of(d / "swap55.json").find("\"zOrder\""), std::string::npos);
    CliResult swap_down = run("convert -v " + (d / "swap55.json").string() + " " + (d / "swap45.json").string() + " --db-version 4.5", d);
    EXPECT_EQ(swap_down.code, 0) << swap_down.err;
    EXPECT_NE(swap_down.err.find("loss at /armature/0/animation/0/zOrder: zOrder timeline"), std::string::npos) << swap_down.err;
}

TEST(DragonBonesCli, BadFilesExit1WithTheirPath) {
    fs::path d = scratch();
    write(d / "bad_ske.json", R"({"version":"5.5","armature":[{"name":"a","bone":[{"name":"b","parent":"zz"}]}]})");
    CliResult v = run("validate " + (d / "bad_ske.json").string(), d);
    EXPECT_EQ(v.code, 1);
    EXPECT_NE(v.err.find("/armature/0/bone/0/parent"), std::string::npos) << v.err;  // errors go to stderr
    CliResult c = run("convert " + (d / "bad_ske.json").string() + " " + (d / "out.json").string(), d);
    EXPECT_EQ(c.code, 1);
    EXPECT_FALSE(fs::exists(d / "out.json"));
    EXPECT_EQ(run("convert a.json b.json --db-version 3.0", d).code, 2);
}

TEST(DragonBonesCli, SameVersionRewriteIsAFixedPoint) {
    fs::path f = corpus("4.5/Knight.json");
    if (!fs::exists(f)) GTEST_SKIP() << f << " not found: corpus test skipped";
    fs::path d = scratch();
    EXPECT_EQ(run("convert " + f.string() + " " + (d / "1.json").string(), d).code, 0);
    EXPECT_EQ(run("convert " + (d / "1.json").string() + " " + (d / "2.json").string(), d).code, 0);
    EXPECT_EQ(rigio::dragonbones::test::text_of(d / "1.json"), rigio::dragonbones::test::text_of(d / "2.json"));
}

}  // namespace
