// The rigio command with Spine JSON: conversion in every direction, --to, info and validate on JSON,
// JSON-path errors (exit 1), unknown-key warnings.
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

fs::path scratch() {
    fs::path d = fs::temp_directory_path() /
                 ("rigio-cli-json-" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
    fs::remove_all(d);
    fs::create_directories(d);
    return d;
}

std::string read(const fs::path& p) {
    auto b = rigio::io::read_file(p.string()).value();
    return std::string(b.begin(), b.end());
}
void write(const fs::path& p, const std::string& s) { std::ofstream(p, std::ios::binary) << s; }

const std::string kSample = std::string(RIGIO_SOURCE_DIR) + "/samples/stickman.skel";

}  // namespace

TEST(CliJson, SkelToJsonToSkelIsByteIdentical) {
    fs::path d = scratch();
    CliRun r = run_cli("convert " + kSample + " " + (d / "s.json").string());
    ASSERT_EQ(r.code, 0) << r.out;
    EXPECT_EQ(read(d / "s.json").substr(0, 14), "{\n\"skeleton\": ");
    r = run_cli("convert " + (d / "s.json").string() + " " + (d / "s.skel").string());
    ASSERT_EQ(r.code, 0) << r.out;
    EXPECT_EQ(read(d / "s.skel"), read(kSample));
    r = run_cli("convert " + (d / "s.json").string() + " " + (d / "t.json").string());
    ASSERT_EQ(r.code, 0) << r.out;
    EXPECT_EQ(read(d / "t.json"), read(d / "s.json"));
}

TEST(CliJson, ToForcesTheFormatWhateverTheExtension) {
    fs::path d = scratch();
    ASSERT_EQ(run_cli("convert --to spine-json " + kSample + " " + (d / "out.txt").string()).code, 0);
    EXPECT_EQ(read(d / "out.txt").front(), '{');
    ASSERT_EQ(run_cli("convert --to spine-binary " + (d / "out.txt").string() + " " + (d / "back.bin").string()).code, 0);
    EXPECT_EQ(read(d / "back.bin"), read(kSample));
    ASSERT_EQ(run_cli("convert --out-dir " + (d / "o").string() + " --to spine-json " + kSample).code, 0);
    EXPECT_TRUE(fs::exists(d / "o" / "stickman.json"));
}

TEST(CliJson, InfoAndValidateAcceptJson) {
    fs::path d = scratch();
    ASSERT_EQ(run_cli("convert " + kSample + " " + (d / "s.json").string()).code, 0);
    CliRun info = run_cli("info " + (d / "s.json").string());
    EXPECT_EQ(info.code, 0) << info.out;
    EXPECT_NE(info.out.find("spine-json"), std::string::npos) << info.out;
    EXPECT_NE(info.out.find("bones          7"), std::string::npos) << info.out;
    CliRun ok = run_cli("validate " + (d / "s.json").string());
    EXPECT_EQ(ok.code, 0) << ok.out;
}

TEST(CliJson, BadJsonExitsOneWithThePath) {
    fs::path d = scratch();
    write(d / "bad.json", "{\n\"skeleton\": { \"spine\": \"3.8.55\" },\n\"bones\": [ { \"name\": \"root\" } ],\n"
                          "\"animations\": { \"run\": { \"bones\": { \"torso\": { \"rotate\": [] } } } }\n}");
    CliRun r = run_cli("validate " + (d / "bad.json").string());
    EXPECT_EQ(r.code, 1);
    EXPECT_NE(r.out.find("/animations/run/bones/torso"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("line 4"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("unknown bone \"torso\""), std::string::npos) << r.out;
    // A failed conversion leaves an existing output untouched.
    write(d / "out.skel", "keep");
    EXPECT_EQ(run_cli("convert " + (d / "bad.json").string() + " " + (d / "out.skel").string()).code, 1);
    EXPECT_EQ(read(d / "out.skel"), "keep");
    write(d / "cut.json", "{\"bones\": [ {\"name\": ");
    CliRun c = run_cli("info " + (d / "cut.json").string());
    EXPECT_EQ(c.code, 1);
    EXPECT_NE(c.out.find("line 1"), std::string::npos) << c.out;
}

TEST(CliJson, UnknownKeysAreReportedAndKept) {
    fs::path d = scratch();
    write(d / "w.json", "{ \"skeleton\": { \"spine\": \"3.8.55\", \"mood\": \"happy\" }, \"bones\": [ { \"name\": \"root\" } ] }");
    CliRun r = run_cli("validate " + (d / "w.json").string());
    EXPECT_EQ(r.code, 0) << r.out;
    EXPECT_NE(r.out.find("warning"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("/skeleton/mood"), std::string::npos) << r.out;
    ASSERT_EQ(run_cli("convert " + (d / "w.json").string() + " " + (d / "o.json").string()).code, 0);
    EXPECT_NE(read(d / "o.json").find("\"mood\": \"happy\""), std::string::npos) << read(d / "o.json");
}

TEST(CliJson, EveryCorpusJsonConvertsBothWays) {
    auto files = rigio::test::corpus_files("corpus/spine-3.8", ".json");
    RIGIO_REQUIRE_CORPUS(files, "corpus/spine-3.8");
    fs::path d = scratch();
    CliRun r = run_cli("convert --out-dir " + (d / "skel").string() + " --to spine-binary " + (rigio::test::shared_dir() / "corpus/spine-3.8").string() + "/*.json");
    ASSERT_EQ(r.code, 0) << r.out;
    r = run_cli("convert --out-dir " + (d / "json").string() + " --to spine-json " + (d / "skel").string() + "/*.skel");
    ASSERT_EQ(r.code, 0) << r.out;
    for (const auto& f : files) EXPECT_EQ(read(d / "json" / f.filename()), read(f)) << f.filename();
}

// .skel -> JSON is exact by default (issue 13, defect 6); --editor-rounding omits what the editor's
// rounding would turn into a default, as the editor's own export does.
TEST(CliJson, SkelToJsonIsExactUnlessEditorRoundingIsAsked) {
    fs::path d = scratch();
    write(d / "in.json", R"({ "skeleton": { "spine": "3.8.99" }, "bones": [ { "name": "root" } ],
"animations": { "a": { "bones": { "root": { "rotate": [ { "angle": 5, "curve": 0.25, "c3": 0.75, "c4": 0.9997 }, { "time": 1.00001 } ] } } } } })");
    ASSERT_EQ(run_cli("convert " + (d / "in.json").string() + " " + (d / "in.skel").string()).code, 0);
    CliRun r = run_cli("convert " + (d / "in.skel").string() + " " + (d / "exact.json").string());
    ASSERT_EQ(r.code, 0) << r.out;
    const std::string exact = read(d / "exact.json");
    EXPECT_NE(exact.find("\"c4\": 0.9997"), std::string::npos) << exact;
    EXPECT_NE(exact.find("\"time\": 1.00001"), std::string::npos) << exact;
    r = run_cli("convert --editor-rounding " + (d / "in.skel").string() + " " + (d / "editor.json").string());
    ASSERT_EQ(r.code, 0) << r.out;
    const std::string editor = read(d / "editor.json");
    EXPECT_EQ(editor.find("\"c4\""), std::string::npos) << editor;
    // Exact JSON -> .skel gives the same bytes.
    ASSERT_EQ(run_cli("convert " + (d / "exact.json").string() + " " + (d / "back.skel").string()).code, 0);
    EXPECT_EQ(read(d / "back.skel"), read(d / "in.skel"));
}
