// The rigio command on MRTK recordings: info, validate, convert (bin/JSON, --mrtk-version,
// --assume-mrtk-version), sample and repair; exit codes 0 / 1 (bad file) / 2 (usage).
#include <gtest/gtest.h>

#include <sys/wait.h>

#include <array>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <string>

#include "fixtures.hpp"
#include "rigio/io/file.hpp"
#include "rigio/mrtk/binary.hpp"
#include "rigio/mrtk/inspect.hpp"
#include "cli/cli_run.hpp"
#include "support/shared.hpp"

namespace fs = std::filesystem;
using namespace rigio;

namespace {

using CliResult = rigio::test::CliRun;

CliResult rigio_cli(const std::string& args) { return rigio::test::rigio_cmd(args); }

fs::path scratch() {
    fs::path d = fs::temp_directory_path() / ("rigio-mrtk-cli-" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
    fs::remove_all(d);
    fs::create_directories(d);
    return d;
}

std::string q(const fs::path& p) { return "'" + p.string() + "'"; }

fs::path corpus(const char* name) { return test::shared_dir() / "corpus/mrtk/v1.0" / name; }

bool have_corpus() { return !test::corpus_files("corpus/mrtk/v1.0", ".bin").empty(); }

// A 1.1 recording as MRTK 2.6/2.7 writes it: camera rotation W reduced to its first key.
mrtk::InputAnimation w_lost_recording() {
    mrtk::InputAnimation a;
    a.has_eye_gaze = false;
    for (int i = 0; i < 5; ++i) {
        float t = 0.1f * static_cast<float>(i), angle = 0.2f * static_cast<float>(i);
        a.camera.curves[mrtk::kRotY].keys.push_back(mrtk::simple_key(t, std::sin(angle / 2)));
        a.camera.curves[mrtk::kRotX].keys.push_back(mrtk::simple_key(t, 0));
        a.camera.curves[mrtk::kRotZ].keys.push_back(mrtk::simple_key(t, 0));
    }
    a.camera.curves[mrtk::kRotW].keys = {mrtk::simple_key(0, 1)};
    a.left.tracked.keys = {mrtk::bool_key(0, 1)};
    return a;
}

}  // namespace

TEST(MrtkCli, InfoSummarisesARecording) {
    if (!have_corpus()) GTEST_SKIP() << "../shared/corpus/mrtk not found: skipped";
    auto p = corpus("holographic-recording_InputAnimation-20201027-134946.bin");
    CliResult r = rigio_cli("info " + q(p));
    ASSERT_EQ(r.code, 0) << r.out;
    EXPECT_NE(r.out.find("1.0 (MRTK 2.0-2.5)"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("389 stored, 375 with keys, 118089 keys"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("577 of 17314"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("first key at -5.25448 s"), std::string::npos) << r.out;
    CliResult j = rigio_cli("info --json " + q(p));
    ASSERT_EQ(j.code, 0) << j.out;
    EXPECT_NE(j.out.find("\"keys\": 118089"), std::string::npos) << j.out;
    EXPECT_NE(j.out.find("\"name\": \"right hand joints\", \"curves\": 189, \"curvesWithKeys\": 182, \"keys\": 58574"), std::string::npos)
        << j.out;
}

TEST(MrtkCli, InfoWarnsAboutTheLostRotationWAndRepairFixesIt) {
    auto d = scratch();
    io::write_file_atomic((d / "w.bin").string(), mrtk::write_bin(w_lost_recording())).value();
    CliResult r = rigio_cli("info " + q(d / "w.bin"));
    ASSERT_EQ(r.code, 0) << r.out;
    EXPECT_NE(r.out.find("1.1 (MRTK 2.6+)"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("warning: 1 rotation W curve(s) lost"), std::string::npos) << r.out;
    CliResult fix = rigio_cli("repair " + q(d / "w.bin") + " " + q(d / "fixed.bin"));
    ASSERT_EQ(fix.code, 0) << fix.out;
    EXPECT_NE(fix.out.find("repaired camera rotation W recomputed from X, Y, Z: 1 -> 5 keys"), std::string::npos) << fix.out;
    auto fixed = mrtk::read_bin(io::read_file((d / "fixed.bin").string()).value()).value();
    ASSERT_EQ(fixed.camera.curves[mrtk::kRotW].keys.size(), 5u);
    EXPECT_NEAR(fixed.camera.curves[mrtk::kRotW].keys[4].value, std::cos(0.4f), 1e-6f);
    EXPECT_TRUE(mrtk::find_defects(fixed).empty());
    CliResult again = rigio_cli("repair " + q(d / "fixed.bin") + " " + q(d / "again.json"));
    ASSERT_EQ(again.code, 0) << again.out;
    EXPECT_NE(again.out.find("nothing to repair"), std::string::npos) << again.out;
    EXPECT_NE(rigio::io::read_file((d / "again.json").string()).value().size(), 0u);
}

TEST(MrtkCli, ConvertRoundTripsAndChangesVersions) {
    if (!have_corpus()) GTEST_SKIP() << "../shared/corpus/mrtk not found: skipped";
    auto d = scratch();
    auto p = corpus("HandRecorder_InputAnimation-20210219-134546.bin");
    const auto original = io::read_file(p.string()).value();
    ASSERT_EQ(rigio_cli("convert " + q(p) + " " + q(d / "r.json")).code, 0);
    ASSERT_EQ(rigio_cli("validate " + q(d / "r.json")).code, 0);
    ASSERT_EQ(rigio_cli("convert " + q(d / "r.json") + " " + q(d / "r.bin")).code, 0);
    EXPECT_EQ(io::read_file((d / "r.bin").string()).value(), original);
    CliResult up = rigio_cli("convert " + q(p) + " " + q(d / "r11.bin") + " --mrtk-version 1.1");
    ASSERT_EQ(up.code, 0) << up.out;
    auto v11 = io::read_file((d / "r11.bin").string()).value();
    EXPECT_LT(v11.size(), original.size() / 2);
    EXPECT_EQ(v11[12], 1);
    CliResult down = rigio_cli("convert " + q(d / "r11.bin") + " " + q(d / "r10.bin") + " --mrtk-version 1.0");
    ASSERT_EQ(down.code, 0) << down.out;
    EXPECT_EQ(io::read_file((d / "r10.bin").string()).value(), original);
    CliResult to = rigio_cli("convert --to mrtk-json --out-dir " + q(d / "out") + " " + q(p));
    ASSERT_EQ(to.code, 0) << to.out;
    EXPECT_TRUE(fs::exists(d / "out" / "HandRecorder_InputAnimation-20210219-134546.json"));
}

TEST(MrtkCli, VersionChangesReportWhatIsLost) {
    auto d = scratch();
    io::write_file_atomic((d / "g.bin").string(), test::v1_bytes()).value();
    CliResult r = rigio_cli("convert " + q(d / "g.bin") + " " + q(d / "g10.bin") + " --mrtk-version 1.0");
    ASSERT_EQ(r.code, 0) << r.out;
    EXPECT_NE(r.out.find("note: loss at /eyeGaze: eye gaze keys (8 times): dropped"), std::string::npos) << r.out;
    CliResult bad = rigio_cli("convert " + q(fs::path(RIGIO_SOURCE_DIR) / "samples/stickman.skel") + " " + q(d / "s.skel") + " --mrtk-version 1.0");
    EXPECT_EQ(bad.code, 2) << bad.out;  // an option that does not apply to the input is a usage error
    EXPECT_EQ(rigio_cli("convert " + q(d / "g.bin") + " " + q(d / "x.bin") + " --mrtk-version 2.0").code, 2);
}

TEST(MrtkCli, SampleWritesCsvOrJson) {
    auto d = scratch();
    io::write_file_atomic((d / "g.bin").string(), test::v1_bytes()).value();
    CliResult csv = rigio_cli("sample " + q(d / "g.bin") + " --rate 4");
    ASSERT_EQ(csv.code, 0) << csv.out;
    EXPECT_EQ(csv.out.rfind("time,gaze_origin_x,gaze_origin_y,gaze_origin_z,gaze_dir_x,gaze_dir_y,gaze_dir_z\n", 0), 0u) << csv.out;
    std::size_t rows = 0;
    for (char c : csv.out) rows += c == '\n';
    EXPECT_EQ(rows, 1u + 5);  // 0, 0.25, 0.5, 0.75, 1
    EXPECT_NE(csv.out.find("\n1,2,1.5,0,1,0,0\n"), std::string::npos) << csv.out;
    CliResult json = rigio_cli("sample " + q(d / "g.bin") + " --times 0,2 --format json -o " + q(d / "s.json"));
    ASSERT_EQ(json.code, 0) << json.out;
    auto text = io::read_file((d / "s.json").string()).value();
    EXPECT_NE(std::string(text.begin(), text.end()).find("{\"time\": 2, \"eyeGaze\": {\"origin\": [2, 1.5, 0], \"direction\": [1, 0, 0]}}"),
              std::string::npos);
    EXPECT_EQ(rigio_cli("sample " + q(d / "g.bin") + " --rate 4 --times 1").code, 2);
    EXPECT_EQ(rigio_cli("sample " + q(d / "g.bin") + " --format xml").code, 2);
    EXPECT_EQ(rigio_cli("sample " + q(fs::path(RIGIO_SOURCE_DIR) / "samples/stickman.skel")).code, 1);
}

TEST(MrtkCli, BadAndHeaderlessFiles) {
    auto d = scratch();
    auto b = test::v1_bytes();
    b.resize(100);
    io::write_file_atomic((d / "cut.bin").string(), b).value();
    CliResult r = rigio_cli("info " + q(d / "cut.bin"));
    EXPECT_EQ(r.code, 1);
    EXPECT_NE(r.out.find("error at byte "), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("eye gaze"), std::string::npos) << r.out;
    auto proto = test::shared_dir() / "corpus/mrtk/prototype-2019/lukastoenne_InputAnimation-20190606-161538.bin";
    if (!fs::exists(proto)) GTEST_SKIP() << "../shared/corpus/mrtk/prototype-2019 not found: rest skipped";
    CliResult rej = rigio_cli("validate " + q(proto));
    EXPECT_EQ(rej.code, 1);
    EXPECT_NE(rej.out.find("error at byte 0"), std::string::npos) << rej.out;
    CliResult ok = rigio_cli("validate --assume-mrtk-version 1.0 " + q(proto));
    EXPECT_EQ(ok.code, 0) << ok.out;
    CliResult conv = rigio_cli("convert --assume-mrtk-version 1.0 " + q(proto) + " " + q(d / "p.bin"));
    ASSERT_EQ(conv.code, 0) << conv.out;
    EXPECT_TRUE(mrtk::looks_like_bin(io::read_file((d / "p.bin").string()).value()));
    for (const auto& f : test::corpus_files("corpus/mrtk/prototype-2019", ".bin")) {
        if (f.filename() == proto.filename()) continue;
        CliResult may = rigio_cli("validate --assume-mrtk-version 1.0 " + q(f));  // the May 2019 layouts
        EXPECT_EQ(may.code, 0) << may.out;
        EXPECT_NE(may.out.find("May 2019 prototype"), std::string::npos) << may.out;
    }
}
