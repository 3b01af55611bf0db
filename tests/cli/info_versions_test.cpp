// `rigio info` on Spine data shows what each version adds: 4.2 reference scale, physics constraints and
// timelines, inherit timelines; 4.1+ sequences; 3.8+ skin-required bones and constraints; 4.x per-channel
// timeline kinds in the version's own words. Lines a version cannot have are left out.
#include <gtest/gtest.h>

#include <string>

#include "cli/cli_run.hpp"
#include "support/shared.hpp"

namespace fs = std::filesystem;
using rigio::test::CliRun;
using rigio::test::rigio_in;

namespace {

const char* kSpine42 = R"({"skeleton":{"hash":"PlcXzl8RAT8","spine":"4.2.43","referenceScale":50},
"bones":[{"name":"root"},{"name":"a","parent":"root","skin":true},{"name":"b","parent":"a"}],
"slots":[{"name":"s","bone":"b","attachment":"r"}],
"ik":[{"name":"k","bones":["b"],"target":"root","skin":true}],
"physics":[{"name":"p","bone":"b","x":1},{"name":"q","bone":"a","rotate":1,"skin":true}],
"skins":[{"name":"default","attachments":{"s":{"r":{"width":4,"height":4,"sequence":{"count":3}}}}}],
"animations":{"one":{
  "bones":{"a":{"inherit":[{"inherit":"noScale"}],"translatex":[{"value":1}]}},
  "slots":{"s":{"alpha":[{"value":0.5}]}},
  "physics":{"p":{"wind":[{"value":1}],"reset":[{"time":0.5}]}},
  "attachments":{"default":{"s":{"r":{"sequence":[{"mode":"loop"}]}}}}}}})";

void expect_has(const std::string& out, const std::string& what) { EXPECT_NE(out.find(what), std::string::npos) << what << "\n" << out; }
void expect_lacks(const std::string& out, const std::string& what) { EXPECT_EQ(out.find(what), std::string::npos) << what << "\n" << out; }

}  // namespace

TEST(InfoVersions, Spine42ShowsReferenceScalePhysicsInheritAndSequences) {
    const fs::path d = rigio::test::test_dir("rigio-info");
    rigio::test::spit(d / "s.json", kSpine42);
    const CliRun r = rigio_in(d, "info s.json");
    ASSERT_EQ(r.code, 0) << r.err;
    expect_has(r.out, "referenceScale 50\n");
    expect_has(r.out, "constraints    3 (ik 1, transform 0, path 0, physics 2)\n");
    expect_has(r.out, "skin-required  bones 1, constraints 2\n");
    expect_has(r.out, "sequences      1 attachments, 1 timelines\n");
    expect_has(r.out, "timelines      6, by kind:\n");
    expect_has(r.out, "    slots/alpha 1, bones/translatex 1, bones/inherit 1, physics/wind 1, physics/reset 1,\n");
    expect_has(r.out, "    attachments/sequence 1\n");  // kinds wrap at about 96 columns
    expect_has(r.out, "slot/bone/ik/transform/path/physics/deform/sequence/draworder/event\n");
    expect_has(r.out, "1/2/0/0/0/2/0/1/0/0\n");
    const CliRun j = rigio_in(d, "info --json s.json");
    ASSERT_EQ(j.code, 0) << j.err;
    expect_has(j.out, "\"layout\": \"4.2\"");
    expect_has(j.out, "\"referenceScale\": 50,");
    expect_has(j.out, "\"constraints\": {\"ik\": 1, \"transform\": 0, \"path\": 0, \"physics\": 2}");
    expect_has(j.out, "\"skinRequired\": {\"bones\": 1, \"constraints\": 2}");
    expect_has(j.out, "\"sequences\": {\"attachments\": 1, \"timelines\": 1}");
    expect_has(j.out, "\"bones/inherit\": 1");
    expect_has(j.out, "\"physics\": 2, \"deform\": 0, \"sequence\": 1, \"drawOrder\": 0, \"event\": 0, \"inherit\": 1}");
    fs::remove_all(d);
}

// 3.8 (the sample) has skin-required bones and constraints, but no sequences, physics or reference scale.
TEST(InfoVersions, Spine38HasSkinRequiredOnly) {
    const fs::path d = rigio::test::test_dir("rigio-info");
    const CliRun r = rigio_in(d, "info '" + rigio::test::stickman() + "'");
    ASSERT_EQ(r.code, 0) << r.err;
    expect_has(r.out, "skin-required  bones 0, constraints 1\n");
    expect_has(r.out, "constraints    ");
    expect_lacks(r.out, "physics");
    expect_lacks(r.out, "referenceScale");
    expect_lacks(r.out, "sequences ");
    expect_has(r.out, "slot/bone/ik/transform/path/deform/draworder/event\n");
    fs::remove_all(d);
}

TEST(InfoVersions, CorpusFilesOfEachVersion) {
    const fs::path corpus = rigio::test::shared_dir() / "corpus";
    const fs::path c37 = corpus / "spine-3.7/spineboy-pro.skel", c41 = corpus / "spine-4.1/dragon-ess.skel",
                   c42 = corpus / "spine-4.2/celestial-circus-pro.skel";
    if (!fs::exists(c37) || !fs::exists(c41) || !fs::exists(c42)) GTEST_SKIP() << "../shared/corpus/spine-3.7..4.2 not found: corpus test skipped";
    const fs::path d = rigio::test::test_dir("rigio-info");
    const CliRun r37 = rigio_in(d, "info '" + c37.string() + "'");
    ASSERT_EQ(r37.code, 0) << r37.err;
    expect_lacks(r37.out, "skin-required");  // 3.7 has no such flag
    expect_has(r37.out, "slots/color 6");
    const CliRun r41 = rigio_in(d, "info '" + c41.string() + "'");
    ASSERT_EQ(r41.code, 0) << r41.err;
    expect_has(r41.out, "sequences      2 attachments, 2 timelines\n");
    expect_has(r41.out, "attachments/sequence 2");
    expect_lacks(r41.out, "referenceScale");
    const CliRun r42 = rigio_in(d, "info '" + c42.string() + "'");
    ASSERT_EQ(r42.code, 0) << r42.err;
    expect_has(r42.out, "referenceScale 100\n");
    expect_has(r42.out, "physics 30)");
    expect_has(r42.out, "physics/wind 11");
    fs::remove_all(d);
}
