// The rigio command end to end: exit codes, messages, atomic outputs, batch behaviour.
#include <gtest/gtest.h>

#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "rigio/io/file.hpp"
#include "cli/cli_run.hpp"
#include "support/shared.hpp"

namespace fs = std::filesystem;

namespace {

using CliRun = rigio::test::CliRun;

CliRun run_cli(const std::string& args) { return rigio::test::rigio_cmd(args); }

std::string sample() { return std::string(RIGIO_SOURCE_DIR) + "/samples/stickman.skel"; }

fs::path scratch() {
    fs::path d = fs::temp_directory_path() / ("rigio-cli-" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
    fs::remove_all(d);
    fs::create_directories(d);
    return d;
}

void write(const fs::path& p, const std::string& s) { std::ofstream(p, std::ios::binary) << s; }
std::string read(const fs::path& p) {
    auto b = rigio::io::read_file(p.string()).value();
    return std::string(b.begin(), b.end());
}

}  // namespace

TEST(Cli, HelpListsEveryCommand) {
    CliRun r = run_cli("--help");
    EXPECT_EQ(r.code, 0);
    for (const char* c : {"info", "validate", "convert"}) EXPECT_NE(r.out.find(c), std::string::npos) << c;
    EXPECT_EQ(run_cli("convert --help").code, 0);
}

TEST(Cli, UsageErrorsExitTwo) {
    EXPECT_EQ(run_cli("").code, 2);
    EXPECT_EQ(run_cli("no-such-command").code, 2);
    EXPECT_EQ(run_cli("validate").code, 2);
    EXPECT_EQ(run_cli("convert only-one-path").code, 2);
    EXPECT_EQ(run_cli("convert a b --to no-such-format").code, 2);
}

TEST(Cli, InfoSummarisesTheSample) {
    CliRun r = run_cli("info " + sample());
    EXPECT_EQ(r.code, 0) << r.out;
    EXPECT_NE(r.out.find("3.8.99"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("bones          7"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("linkedmesh 1"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("walk"), std::string::npos) << r.out;
    CliRun j = run_cli("info --json " + sample());
    EXPECT_EQ(j.code, 0);
    EXPECT_NE(j.out.find("\"bones\": 7"), std::string::npos) << j.out;
    EXPECT_NE(j.out.find("\"name\": \"walk\", \"duration\": 1"), std::string::npos) << j.out;
}

TEST(Cli, ValidateReportsEachBadFileWithItsOffsetAndGoesOn) {
    fs::path d = scratch();
    std::string good = read(sample());
    write(d / "cut.skel", good.substr(0, 700));
    write(d / "empty.skel", "");
    CliRun r = run_cli("validate " + sample() + " " + (d / "cut.skel").string() + " " + (d / "empty.skel").string());
    EXPECT_EQ(r.code, 1);
    EXPECT_NE(r.out.find((d / "cut.skel").string() + ": error at byte "), std::string::npos) << r.out;
    EXPECT_NE(r.out.find((d / "empty.skel").string() + ": error at byte 0"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("1 ok, 2 failed"), std::string::npos) << r.out;
    EXPECT_EQ(run_cli("validate " + sample()).code, 0);
    fs::remove_all(d);
}

TEST(Cli, ValidateDetectsFormatFromContentNotName) {
    fs::path d = scratch();
    fs::copy_file(sample(), d / "renamed.dat");
    CliRun r = run_cli("validate " + (d / "renamed.dat").string());
    EXPECT_EQ(r.code, 0) << r.out;
    EXPECT_NE(r.out.find("spine-binary"), std::string::npos) << r.out;
    fs::remove_all(d);
}

TEST(Cli, ConvertRoundTripsAndAFailedConversionKeepsTheOldOutput) {
    fs::path d = scratch();
    EXPECT_EQ(run_cli("convert " + sample() + " " + (d / "copy.skel").string()).code, 0);
    EXPECT_EQ(read(d / "copy.skel"), read(sample()));
    write(d / "bad.skel", read(sample()).substr(0, 300));
    write(d / "out.skel", "precious");
    CliRun r = run_cli("convert " + (d / "bad.skel").string() + " " + (d / "out.skel").string());
    EXPECT_EQ(r.code, 1);
    EXPECT_NE(r.out.find("error at byte"), std::string::npos) << r.out;
    EXPECT_EQ(read(d / "out.skel"), "precious");
    fs::remove_all(d);
}

TEST(Cli, BatchConvertGoesOnPastBadFiles) {
    fs::path d = scratch();
    write(d / "bad.skel", "not a skeleton");
    CliRun r = run_cli("convert --out-dir " + (d / "out").string() + " --to spine-binary " + sample() + " " + (d / "bad.skel").string());
    EXPECT_EQ(r.code, 1);
    EXPECT_NE(r.out.find("1 ok, 1 failed"), std::string::npos) << r.out;
    EXPECT_EQ(read(d / "out" / "stickman.skel"), read(sample()));
    fs::remove_all(d);
}

TEST(Cli, EveryCorpusTruncationIsReportedWithAnOffset) {
    auto files = rigio::test::corpus_files("corpus/spine-3.8", ".skel");
    RIGIO_REQUIRE_CORPUS(files, "corpus/spine-3.8");
    fs::path d = scratch();
    std::string data = read(files.front());
    for (int k = 1; k < 10; ++k) {
        write(d / "cut.skel", data.substr(0, data.size() * k / 10));
        CliRun r = run_cli("validate " + (d / "cut.skel").string());
        EXPECT_EQ(r.code, 1) << r.out;
        EXPECT_NE(r.out.find(": error at byte "), std::string::npos) << r.out;
    }
    fs::remove_all(d);
}
