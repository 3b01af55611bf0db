// Only real data is accepted, and untrusted text is escaped (issue 14): JSON that is not Spine,
// files rigio cannot read named for what they are, the Spine version read from the header before
// parsing, control characters and invalid UTF-8 from files, --json results, messages.
#include <gtest/gtest.h>

#include <simdjson.h>

#include <filesystem>
#include <sstream>
#include <string>

#include "cli/cli_run.hpp"
#include "mrtk/fixtures.hpp"
#include "rigio/spine/version.hpp"
#include "support/shared.hpp"

namespace fs = std::filesystem;
using rigio::test::clean_text;
using CliResult = rigio::test::CliRun;
using rigio::test::rigio_in;
using rigio::test::slurp;
using rigio::test::spit;

namespace {

fs::path dir() { return rigio::test::test_dir("rigio-input"); }

std::string lower(std::string s) {
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

// A small Spine 3.8 JSON skeleton; `bone` and `slot_bone` are inserted as written (JSON escapes).
std::string spine_json(const std::string& bone, const std::string& slot_bone = "root") {
    return R"({"skeleton": {"spine": "3.8.99"}, "bones": [{"name": "root"}, {"name": ")" + bone +
           R"(", "parent": "root"}], "slots": [{"name": "s", "bone": ")" + slot_bone +
           R"("}], "skins": [{"name": "default"}, {"name": "girl)" + bone + R"("}], "animations": {")" + bone +
           R"(": {"bones": {"root": {"rotate": [{"angle": 5}]}}}}})";
}

const char* kEvil = R"(\u001b]0;PWNED\u0007\u001b[2J\nNL)";

bool no_line_starts_with_nl(const std::string& s) { return s.find("\nNL") == std::string::npos && s.rfind("NL", 0) != 0; }

}  // namespace

TEST(CliInput, JsonObjectsThatAreNotSpineOrDragonBonesAreRejected) {
    const fs::path d = dir();
    spit(d / "obj.json", "{}\n");
    spit(d / "package.json", R"({"name": "my-game", "version": "1.0.0", "dependencies": {"pixi-spine": "^4.0.0"}})");
    spit(d / "atlas_tex.json", R"({"imagePath": "a_tex.png", "name": "a", "SubTexture": [{"name": "x", "x": 0, "y": 0, "width": 4, "height": 4}]})");
    for (const char* f : {"obj.json", "package.json", "atlas_tex.json"}) {
        const CliResult r = rigio_in(d, std::string("validate ") + f);
        EXPECT_EQ(r.code, 1) << f;
        EXPECT_NE(r.err.find("not Spine or DragonBones data"), std::string::npos) << r.err;
    }
    const CliResult r = rigio_in(d, "convert package.json pkg.skel");
    EXPECT_EQ(r.code, 1);
    EXPECT_NE(r.err.find("keys \"name\", \"version\", \"dependencies\""), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(d / "pkg.skel"));
}

TEST(CliInput, EmptyFilesSayEmpty) {
    const fs::path d = dir();
    for (const char* f : {"e.skel", "e.json", "e.bin", "e"}) {
        spit(d / f, "");
        const CliResult r = rigio_in(d, std::string("validate ") + f);
        EXPECT_EQ(r.code, 1) << f;
        EXPECT_NE(r.err.find("empty file"), std::string::npos) << f << ": " << r.err;
    }
}

TEST(CliInput, ImagesAndArchivesAreNamedByTheirMagicNumber) {
    const fs::path d = dir();
    const std::pair<std::string, std::string> files[] = {
        {"pic.skel", std::string("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16)}, {"pic.json", std::string("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16)},
        {"photo.skel", "\xff\xd8\xff\xe0\x00\x10JFIF"}, {"arch.skel", std::string("PK\x03\x04\x14\0\0\0", 8)},
        {"pack.skel", std::string("\x1f\x8b\x08\0\0\0\0\0", 8)}};
    const char* words[] = {"png", "png", "jpeg", "zip", "gzip"};
    for (std::size_t i = 0; i < std::size(files); ++i) {
        spit(d / files[i].first, files[i].second);
        const CliResult r = rigio_in(d, "validate " + files[i].first);
        EXPECT_EQ(r.code, 1) << files[i].first;
        EXPECT_NE(lower(r.err).find(words[i]), std::string::npos) << files[i].first << ": " << r.err;
    }
}

TEST(CliInput, SpineAtlasAndDragonBonesXmlAreNamed) {
    const fs::path d = dir();
    spit(d / "t.atlas", "\ncoin.png\nsize: 1024,256\nformat: RGBA8888\nfilter: Linear,Linear\nrepeat: none\nlogo\n  rotate: false\n  xy: 2, 2\n");
    spit(d / "boy.xml", "<?xml version=\"1.0\"?>\n<dragonBones name=\"boy\" frameRate=\"24\" version=\"2.3\"><armature name=\"a\"/></dragonBones>\n");
    CliResult r = rigio_in(d, "validate t.atlas");
    EXPECT_EQ(r.code, 1);
    EXPECT_NE(r.err.find("texture atlas"), std::string::npos) << r.err;
    r = rigio_in(d, "validate boy.xml");
    EXPECT_EQ(r.code, 1);
    EXPECT_NE(r.err.find("DragonBones 2.x XML"), std::string::npos) << r.err;
}

TEST(CliInput, SpineBinaryVersionIsReadFromTheHeaderBeforeParsing) {
    const fs::path d = dir();
    // 4.x layout: an 8-byte hash, then the version string; 3.x layout: hash string, version string.
    const std::string v41 = std::string("\x01\x02\x03\x04\x05\x06\x07\x08", 8) + "\x07" "4.1.24" + std::string(40, '\xee');
    const std::string v36 = std::string("\x04" "abc") + "\x07" "3.6.53" + std::string(40, '\xee');
    spit(d / "a.skel.bytes", v41);
    spit(d / "b.skel", v36);
    const std::string reads = rigio::spine::readable_versions();
    for (const auto& [f, v] : {std::pair{"a.skel.bytes", "4.1.24"}, std::pair{"b.skel", "3.6.53"}}) {
        const auto parsed = rigio::spine::parse_version(v);
        if (parsed && rigio::spine::reads(*parsed)) continue;  // read now: nothing to refuse
        const CliResult r = rigio_in(d, std::string("validate ") + f);
        EXPECT_EQ(r.code, 1) << f;
        EXPECT_NE(r.err.find(std::string("Spine ") + v + " binary: rigio reads Spine " + reads), std::string::npos) << r.err;
        EXPECT_TRUE(clean_text(r.err)) << r.err;
    }
}

TEST(CliInput, OtherSpineVersionsOfTheCorpusAreNamedWithoutControlBytes) {
    std::size_t seen = 0;
    for (const std::string v : {"3.7", "4.0", "4.1", "4.2"})
        for (const fs::path& f : rigio::test::corpus_files("corpus/spine-" + v, ".skel")) {
            ++seen;
            const CliResult r = rigio_in(f.parent_path(), "validate " + f.filename().string());
            if (r.code == 0) continue;
            EXPECT_EQ(r.code, 1) << f;
            EXPECT_NE(r.err.find("Spine " + v + "."), std::string::npos) << f << ": " << r.err;
            EXPECT_TRUE(clean_text(r.err)) << f;
        }
    if (seen == 0) GTEST_SKIP() << "no Spine 3.7/4.x corpus under " << rigio::test::shared_dir();
}

TEST(CliInput, ControlCharactersFromFilesAreEscaped) {
    const fs::path d = dir();
    spit(d / "ok.json", spine_json(std::string("bone") + kEvil + "BONE"));
    spit(d / "bad.json", spine_json("b", std::string("nobone") + kEvil + "ERR"));
    for (const char* args : {"info ok.json", "info --json ok.json", "validate ok.json", "pose ok.json --samples 1",
                             "convert ok.json db.json --to dragonbones-json", "convert -v ok.json db2.json --to dragonbones-json",
                             "info bad.json", "validate bad.json"}) {
        const CliResult r = rigio_in(d, args);
        EXPECT_TRUE(clean_text(r.out + r.err)) << args << ":\n" << r.out << r.err;
        EXPECT_TRUE(no_line_starts_with_nl(r.out + r.err)) << args << ":\n" << r.out << r.err;
    }
    const CliResult r = rigio_in(d, "info ok.json");
    EXPECT_NE(r.out.find("\\x1b]0;PWNED\\x07"), std::string::npos) << r.out;
}

TEST(CliInput, InfoJsonIsValidJsonForNamesThatAreNotUtf8) {
    const fs::path d = dir();
    std::vector<std::uint8_t> rec = rigio::test::v1_bytes();
    ASSERT_EQ(std::string(rec.end() - 3, rec.end()), "mid");
    rec.end()[-3] = 0xff;
    rec.end()[-2] = 0x1b;
    rec.end()[-1] = 0x80;
    spit(d / "m.bin", std::string(rec.begin(), rec.end()));
    CliResult r = rigio_in(d, "info --json m.bin");
    EXPECT_EQ(r.code, 0) << r.err;
    simdjson::dom::parser p;
    simdjson::dom::element doc;
    EXPECT_EQ(p.parse(r.out).get(doc), simdjson::SUCCESS) << r.out;
    EXPECT_NE(r.err.find("not valid UTF-8"), std::string::npos) << r.err;
    r = rigio_in(d, "info m.bin");
    EXPECT_EQ(r.code, 0);
    EXPECT_TRUE(clean_text(r.out)) << r.out;
}

TEST(CliInput, ValidateAndConvertJsonGiveOneObjectPerFile) {
    const fs::path d = dir();
    fs::copy_file(rigio::test::stickman(), d / "c.skel");
    spit(d / "e.skel", "");
    spit(d / "obj.json", "{}");
    for (const char* args : {"validate --json c.skel e.skel obj.json", "convert --json --out-dir out --to spine-json c.skel e.skel obj.json"}) {
        const CliResult r = rigio_in(d, args);
        EXPECT_EQ(r.code, 1) << args;
        std::istringstream lines(r.out);
        std::string line;
        std::map<std::string, std::string> status;
        while (std::getline(lines, line)) {
            simdjson::dom::parser p;
            simdjson::dom::element e;
            ASSERT_EQ(p.parse(line).get(e), simdjson::SUCCESS) << line;
            status[std::string(std::string_view(e["path"]))] = std::string(std::string_view(e["status"]));
            if (std::string_view(e["status"]) == "failed") {
                EXPECT_TRUE(e["error"]["message"].is_string()) << line;
            }
        }
        EXPECT_EQ(status["c.skel"], "ok") << args << "\n" << r.out;
        EXPECT_EQ(status["e.skel"], "failed") << args;
        EXPECT_EQ(status["obj.json"], "failed") << args;
    }
}

TEST(CliInput, InfoTakesSeveralFiles) {
    const fs::path d = dir();
    fs::copy_file(rigio::test::stickman(), d / "a.skel");
    fs::copy_file(rigio::test::stickman(), d / "b.skel");
    const CliResult r = rigio_in(d, "info a.skel b.skel");
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("a.skel ("), std::string::npos);
    EXPECT_NE(r.out.find("b.skel ("), std::string::npos);
}

TEST(CliInput, ValidateReportsEachErrorOnceOnStderrAndQuietDropsTheOkLines) {
    const fs::path d = dir();
    fs::copy_file(rigio::test::stickman(), d / "c.skel");
    spit(d / "e.skel", "");
    CliResult r = rigio_in(d, "validate c.skel e.skel");
    EXPECT_EQ(r.code, 1);
    EXPECT_EQ(r.out.find("e.skel"), std::string::npos) << r.out;
    std::size_t n = 0;
    for (std::size_t at = r.err.find("e.skel:"); at != std::string::npos; at = r.err.find("e.skel:", at + 1)) ++n;
    EXPECT_EQ(n, 1u) << r.err;
    EXPECT_NE(r.out.find("c.skel: ok"), std::string::npos);
    r = rigio_in(d, "validate -q c.skel e.skel");
    EXPECT_EQ(r.out, "");
    EXPECT_NE(r.err.find("1 ok, 1 failed"), std::string::npos) << r.err;
}

TEST(CliInput, MisleadingMessagesAreFixed) {
    const fs::path d = dir();
    fs::copy_file(rigio::test::stickman(), d / "c.skel");
    CliResult r = rigio_in(d, "infos c.skel");
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("unknown command \"infos\"; did you mean \"info\"?"), std::string::npos) << r.err;
    r = rigio_in(d, "pose c.skel --samples abc");
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("whole number"), std::string::npos) << r.err;
    r = rigio_in(d, "pose c.skel --skin nosuchskin");
    EXPECT_EQ(r.code, 1);
    EXPECT_NE(r.err.find("(the skeleton has \""), std::string::npos) << r.err;
    r = rigio_in(d, "convert c.skel c.bin");
    EXPECT_EQ(r.code, 2);
    EXPECT_EQ(r.err.find("--to"), std::string::npos) << r.err;  // no --to can write Spine data as .bin
    EXPECT_NE(r.err.find("spine-binary (.skel)"), std::string::npos) << r.err;
    // Options that do not apply are usage errors.
    EXPECT_EQ(rigio_in(d, "convert c.skel x.json --armature knight").code, 2);
    EXPECT_EQ(rigio_in(d, "convert c.skel x.skel --to spine-json").code, 2);
    EXPECT_FALSE(fs::exists(d / "x.skel"));
    std::vector<std::uint8_t> rec = rigio::test::v1_bytes();
    spit(d / "r.bin", std::string(rec.begin(), rec.end()));
    EXPECT_EQ(rigio_in(d, "sample r.bin --times 0,nan").code, 2);
    EXPECT_EQ(rigio_in(d, "sample r.bin --times inf").code, 2);
    fs::create_directories(d / "folder");
    r = rigio_in(d, "sample r.bin -o folder");
    EXPECT_EQ(r.code, 2);
    EXPECT_EQ(r.err.find("Success"), std::string::npos) << r.err;
    r = rigio_in(d, "sample r.bin --times 0,0.5 -o -");
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find(','), std::string::npos);
}
