// rigio convert DragonBones -> Spine end to end: armature choice, one skeleton per armature, the loss
// report on stderr and as JSON, exit codes.
#include <gtest/gtest.h>
#include <simdjson.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <sys/wait.h>
#include <string>

namespace fs = std::filesystem;

namespace {

// Two armatures; the second has a slot with a colour offset (a loss).
constexpr const char* kTwoArmatures = R"({"frameRate":24,"name":"pair","version":"5.5","armature":[
{"type":"Armature","name":"first","bone":[{"name":"root"},{"name":"arm","parent":"root","transform":{"x":10,"skX":20,"skY":20}}],
 "slot":[],"animation":[{"name":"wave","duration":12,"bone":[{"name":"arm","rotateFrame":[{"duration":12,"tweenEasing":0},{"duration":0,"rotate":45}]}]}]},
{"type":"Armature","name":"second","bone":[{"name":"root"}],"slot":[{"name":"s","parent":"root","color":{"rO":10}}],
 "animation":[{"name":"idle","duration":1}]}]})";

struct CliRun {
    int code;
    std::string err;
};

fs::path dir() {
    fs::path d = fs::temp_directory_path() / ("rigio-db2spine-" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
    fs::remove_all(d);
    fs::create_directories(d);
    return d;
}

CliRun rigio(const std::string& args, const fs::path& d) {
    const std::string err = (d / "stderr.txt").string();
    const int status = std::system((std::string(RIGIO_CLI) + " " + args + " >/dev/null 2>" + err).c_str());
    std::ifstream in(err);
    std::stringstream s;
    s << in.rdbuf();
    return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, s.str()};
}

std::string write_fixture(const fs::path& d) {
    const fs::path p = d / "pair_ske.json";
    std::ofstream(p) << kTwoArmatures;
    return p.string();
}

}  // namespace

TEST(ConvertDragonBonesToSpine, FirstArmatureByDefaultAndByName) {
    const fs::path d = dir();
    const std::string in = write_fixture(d);
    ASSERT_EQ(rigio("convert " + in + " " + (d / "first.skel").string(), d).code, 0);
    ASSERT_EQ(rigio("convert " + in + " " + (d / "second.json").string() + " --to spine-json --armature second", d).code, 0);
    simdjson::dom::parser p;
    simdjson::dom::element second = p.load((d / "second.json").string());
    EXPECT_EQ(std::string_view(second["slots"].at(0)["name"]), "s");
    EXPECT_EQ(rigio("validate " + (d / "first.skel").string(), d).code, 0);
    // Without --to, a .json output of DragonBones data stays DragonBones.
    ASSERT_EQ(rigio("convert " + in + " " + (d / "copy.json").string(), d).code, 0);
    simdjson::dom::parser q;
    EXPECT_FALSE(q.load((d / "copy.json").string())["armature"].error());
}

TEST(ConvertDragonBonesToSpine, UnknownArmatureListsTheNames) {
    const fs::path d = dir();
    const CliRun r = rigio("convert " + write_fixture(d) + " " + (d / "x.json").string() + " --to spine-json --armature third", d);
    EXPECT_EQ(r.code, 1);
    EXPECT_NE(r.err.find("\"first\", \"second\""), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(d / "x.json"));
}

TEST(ConvertDragonBonesToSpine, AllArmaturesAndLossReports) {
    const fs::path d = dir();
    const std::string in = write_fixture(d);
    const fs::path out = d / "out";
    const CliRun r = rigio("convert -v --all-armatures --out-dir " + out.string() + " --to spine-json --loss-report " +
                            (d / "losses.json").string() + " " + in,
                        d);
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_TRUE(fs::exists(out / "first.json"));
    EXPECT_TRUE(fs::exists(out / "second.json"));
    EXPECT_NE(r.err.find("loss at /armature/1/slot/0/color: colour offset"), std::string::npos) << r.err;
    // One report for the batch: each armature's losses under its input (and armature) name.
    simdjson::dom::parser p;
    simdjson::dom::element all = p.load((d / "losses.json").string());
    EXPECT_EQ(std::string_view(all["inputs"].at(0)["armature"]), "first");
    EXPECT_TRUE(bool(all["inputs"].at(0)["report"]["lossless"]));
    simdjson::dom::element second = all["inputs"].at(1)["report"];
    EXPECT_EQ(std::string_view(all["inputs"].at(1)["input"]), in);
    EXPECT_FALSE(bool(second["lossless"]));
    EXPECT_EQ(std::string_view(second["losses"].at(0)["where"]), "/armature/1/slot/0/color");
}

TEST(ConvertDragonBonesToSpine, AllArmaturesNeedsAnOutputFolder) {
    const fs::path d = dir();
    EXPECT_EQ(rigio("convert --all-armatures " + write_fixture(d) + " " + (d / "x.json").string(), d).code, 2);
}

TEST(ConvertSpineToDragonBones, SampleSkeletonWithItsLosses) {
    const fs::path d = dir();
    const std::string sample = std::string(RIGIO_SOURCE_DIR) + "/samples/stickman.skel";
    const CliRun r = rigio("convert " + sample + " " + (d / "stickman_ske.json").string() + " --to dragonbones-json --loss-report " +
                               (d / "losses.json").string(),
                           d);
    ASSERT_EQ(r.code, 0) << r.err;
    // The sample uses every Spine feature, so the report names what DragonBones cannot hold.
    for (const char* what : {"transform constraint", "path constraint", "clipping attachment", "point attachment"})
        EXPECT_NE(r.err.find(what), std::string::npos) << what << "\n" << r.err;
    EXPECT_EQ(rigio("validate " + (d / "stickman_ske.json").string(), d).code, 0);
    simdjson::dom::parser p;
    simdjson::dom::element doc = p.load((d / "stickman_ske.json").string());
    EXPECT_EQ(std::string_view(doc["version"]), "5.5");
    EXPECT_FALSE(bool(p.load((d / "losses.json").string())["lossless"]));
    // And back to Spine.
    EXPECT_EQ(rigio("convert " + (d / "stickman_ske.json").string() + " " + (d / "back.skel").string() + " --curves-as-is", d).code, 0);
    // Version 4.5 output through --db-version.
    EXPECT_EQ(rigio("convert " + sample + " " + (d / "old.json").string() + " --to dragonbones-json --db-version 4.5", d).code, 0);
    simdjson::dom::parser q;
    EXPECT_EQ(std::string_view(q.load((d / "old.json").string())["version"]), "4.5");
}
