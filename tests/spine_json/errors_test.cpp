// Spine 3.8 JSON: bad input is an Error naming the JSON path (and line and column) of the value at
// fault, never a crash: malformed text, wrong types, missing keys, unknown names, inconsistent vertex
// arrays, out-of-range offsets; plus every truncation and many corruptions of a corpus file.
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "rigio/io/file.hpp"
#include "rigio/spine/json.hpp"
#include "spine_json/base_document.hpp"
#include "support/shared.hpp"

using namespace rigio;
using namespace rigio::spine;

namespace {

// The shared head plus an event.
const std::string kHead = std::string(test::kSpineJsonHead) + R"(,
"events": { "step": {} })";

const char* kDefaultSkin = R"({ "name": "default", "attachments": { "body": {
    "box": { "type": "boundingbox", "vertexCount": 2, "vertices": [ 0, 0, 1, 1 ] },
    "mesh": { "type": "mesh", "uvs": [ 0, 0, 1, 0, 0, 1 ], "triangles": [ 0, 1, 2 ], "vertices": [ 1, 1, 5, 6, 1, 1, 0, 1, 2, 1, 1, 1, 3, 4, 1 ], "hull": 3 } } } })";

// The base document (with its default skin) plus `rest`.
std::string doc(const std::string& rest) {
    return kHead + ",\n\"skins\": [ " + kDefaultSkin + " ]" + (rest.empty() ? "" : ",\n" + rest) + "\n}";
}
// The base document with a second skin.
std::string doc_with_skin(const std::string& skin) {
    return kHead + ",\n\"skins\": [ " + kDefaultSkin + ", " + skin + " ]\n}";
}

using test::expect_error;

}  // namespace

TEST(SpineJsonErrors, TheValidBaseDocumentReads) {
    auto r = read_json(doc(""));
    ASSERT_TRUE(r.ok()) << r.error().what();
    auto bom = read_json("\xEF\xBB\xBF" + doc(""));  // with a UTF-8 byte order mark
    ASSERT_TRUE(bom.ok()) << bom.error().what();
    EXPECT_TRUE(*bom == *r);
}

TEST(SpineJsonErrors, MalformedJsonHasALineAndColumn) {
    auto r = read_json("{\n\"bones\": [ { \"name\": \"root\" ]\n}");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().where().line, 2) << r.error().what();
    EXPECT_GT(r.error().where().column, 0);
    auto t = read_json(doc("").substr(0, 100));
    ASSERT_FALSE(t.ok());
    EXPECT_GT(t.error().where().line, 0);
    EXPECT_FALSE(read_json("").ok());
    EXPECT_FALSE(read_json("[]").ok());
    EXPECT_FALSE(read_json("{\"bones\": \"\xff\xfe\"}").ok());  // not UTF-8
}

TEST(SpineJsonErrors, NestingDepthIsBounded) {
    std::string deep = "{\"bones\":" + std::string(100000, '[') + std::string(100000, ']') + "}";
    auto r = read_json(deep);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(std::string(r.error().what()).find("deep"), std::string::npos) << r.error().what();
}

TEST(SpineJsonErrors, WrongTypes) {
    expect_error(doc(R"("animations": { "run": { "bones": { "hip": { "rotate": [ {}, {}, {}, { "time": "late" } ] } } } })"),
                 "/animations/run/bones/hip/rotate/3/time", "expected a number, found a string");
    expect_error(doc(R"("ik": [ { "name": "i", "bones": [ "hip" ], "target": "root", "stretch": 1 } ])"), "/ik/0/stretch", "true or false");
    expect_error(R"({ "bones": { "name": "root" } })", "/bones", "expected an array");
    expect_error(R"({ "bones": [ { "name": "root", "x": 1e39 } ] })", "/bones/0/x", "32-bit float");
    expect_error(R"({ "skeleton": { "spine": "4.3.12" } })", "/skeleton/spine", "Spine 4.3.12 JSON: rigio reads Spine 3.7");
    expect_error(doc(R"("transform": [ { "name": "t", "order": 1.5, "bones": [], "target": "root" } ])"), "/transform/0/order", "integer");
}

TEST(SpineJsonErrors, MissingRequiredKeys) {
    expect_error(R"({ "bones": [ { "name": "root" }, { "parent": "root" } ] })", "/bones/1", "missing required key \"name\"");
    expect_error(R"({ "bones": [ { "name": "root" } ], "slots": [ { "name": "s" } ] })", "/slots/0", "missing required key \"bone\"");
    expect_error(R"({ "bones": [ { "name": "root" }, { "name": "loose" } ] })", "/bones/1", "no parent");
    expect_error(doc_with_skin(R"({ "name": "x", "attachments": { "body": { "m": { "type": "mesh", "uvs": [], "vertices": [] } } } })"),
                 "/skins/1/attachments/body/m", "missing required key \"triangles\"");
}

TEST(SpineJsonErrors, UnknownNames) {
    expect_error(R"({ "bones": [ { "name": "root" } ], "slots": [ { "name": "s", "bone": "hip" } ] })", "/slots/0/bone", "unknown bone \"hip\"");
    expect_error(R"({ "bones": [ { "name": "root" }, { "name": "a", "parent": "b" }, { "name": "b", "parent": "root" } ] })", "/bones/1/parent",
                 "unknown parent bone");
    expect_error(R"({ "bones": [ { "name": "root" }, { "name": "root", "parent": "root" } ] })", "/bones/1", "duplicate bone name");
    expect_error(doc(R"("animations": { "a": { "slots": { "leg": { "color": [] } } } })"), "/animations/a/slots/leg", "unknown slot \"leg\"");
    expect_error(doc(R"("animations": { "a": { "deform": { "girl": {} } } })"), "/animations/a/deform/girl", "unknown skin \"girl\"");
    expect_error(doc(R"("animations": { "a": { "deform": { "default": { "body": { "nope": [] } } } } })"), "/animations/a/deform/default/body/nope",
                 "not found in this skin and slot");
    expect_error(doc(R"("animations": { "a": { "events": [ { "name": "jump" } ] } })"), "/animations/a/events/0/name", "unknown event \"jump\"");
    expect_error(doc(R"("animations": { "a": { "ik": { "nope": [] } } })"), "/animations/a/ik/nope", "unknown IK constraint");
    expect_error(doc(R"("animations": { "a": { "bones": { "hip": { "spin": [] } } } })"), "/animations/a/bones/hip/spin", "unknown bone timeline");
    expect_error(doc_with_skin(R"({ "name": "x", "attachments": { "nope": {} } })"), "/skins/1/attachments/nope", "unknown slot \"nope\"");
    expect_error(doc_with_skin(R"({ "name": "x", "attachments": { "arm": { "l": { "type": "linkedmesh", "parent": "mesh" } } } })"),
                 "/skins/1/attachments/arm/l/parent", "parent mesh \"mesh\" not found");
    expect_error(doc_with_skin(R"({ "name": "x", "attachments": { "body": { "l": { "type": "linkedmesh", "skin": "y", "parent": "mesh" } } } })"),
                 "/skins/1/attachments/body/l/skin", "parent skin \"y\" not found");
    expect_error(doc_with_skin(R"({ "name": "x", "attachments": { "body": { "b": { "type": "sprite" } } } })"), "/skins/1/attachments/body/b/type",
                 "unknown attachment type \"sprite\"");
}

// Found by fuzzing: a bone listed twice under an animation's "bones" (and a timeline twice under a
// bone) was read as two timeline groups whose kept unknown keys then came back twice.
// Duplicate keys are errors wherever a key names one member; only the timeline maps of an animation may
// repeat a name (one timeline per member, as a .skel can hold; see SpineJsonConstructs.RepeatedTimelines).
TEST(SpineJsonErrors, DuplicateKeysAreErrors) {
    expect_error(doc(R"("animations": { "a": {}, "b": {}, "a": {} })"), "/animations/a", "duplicate key \"a\"");
    expect_error(doc(R"("animations": { "a": { "bones": {}, "bones": {} } })"), "/animations/a/bones", "duplicate key \"bones\"");
    expect_error(doc(R"("animations": { "a": { "bones": { "hip": { "rotate": [ { "time": 1, "angle": 2, "time": 3 } ] } } } })"),
                 "/animations/a/bones/hip/rotate/0/time", "duplicate key \"time\"");
    expect_error(doc(R"("animations": { "a": { "slots": { "body": { "color": [ { "color": "ffffffff", "color": "ff0000ff" } ] } } } })"),
                 "/animations/a/slots/body/color/0/color", "duplicate key \"color\"");
    expect_error(doc(R"("animations": { "a": { "events": [ { "name": "step", "name": "step" } ] } })"), "/animations/a/events/0/name",
                 "duplicate key \"name\"");
    std::string twice_skeleton = doc("");
    twice_skeleton.replace(twice_skeleton.find("\"spine\""), 0, "\"x\": 1, \"x\": 2, ");
    expect_error(twice_skeleton, "/skeleton/x", "duplicate key \"x\"");
}

// The duplicate-key check runs after the read and steps over the objects the reader checked as it read
// them (keyframes, bones, slots, attachments, with the number arrays they hold): a duplicate anywhere
// inside them, or anywhere else, is still found, and wins over any other fault of the document, as when
// the check ran before the read.
TEST(SpineJsonErrors, DuplicateKeysAreFoundInsideEveryObjectTheReaderChecks) {
    const std::string skin = R"({ "name": "x", "attachments": { "body": { "a": )";
    auto att = [&](const std::string& a) { return doc_with_skin(skin + a + " } } }"); };
    const std::string at = "/skins/1/attachments/body/a";
    const std::string mesh = R"("type": "mesh", "uvs": [ 0, 0, 1, 0, 0, 1 ], "triangles": [ 0, 1, 2 ], "vertices": [ 0, 0, 1, 1, 2, 2 ])";
    // In a mesh (whose arrays the reader reads), in an element of its arrays, in an unknown key's value.
    expect_error(att("{ " + mesh + R"(, "hull": 3, "hull": 3 })"), at + "/hull", "duplicate key \"hull\"");
    expect_error(att(R"({ "type": "mesh", "uvs": [ 0, 0, 1, 0, { "u": 1, "u": 2 } ], "triangles": [], "vertices": [] })"), at + "/uvs/4/u",
                 "duplicate key \"u\"");
    expect_error(att("{ " + mesh + R"(, "zz": { "q": [ { "k": 1, "k": 2 } ] } })"), at + "/zz/q/0/k", "duplicate key \"k\"");
    // An unknown key named twice (the reader tells only known keys apart).
    expect_error(att(R"({ "zz": 1, "y": 2, "zz": 3 })"), at + "/zz", "duplicate key \"zz\"");
    // Bones, slots, keyframes (3.x curve arrays too) and deform keys.
    std::string bones = doc("");
    bones.replace(bones.find("\"name\": \"hip\""), 0, "\"x\": 1, \"y\": 2, \"x\": 3, ");
    expect_error(bones, "/bones/1/x", "duplicate key \"x\"");
    expect_error(doc(R"("animations": { "a": { "bones": { "hip": { "translate": [ { "x": 1 }, { "curve": [ 0, 1, { "c": 1, "c": 1 }, 1 ] } ] } } } })"),
                 "/animations/a/bones/hip/translate/1/curve/2/c", "duplicate key \"c\"");
    expect_error(doc(R"("animations": { "a": { "deform": { "default": { "body": { "box": [ { "vertices": [ 1, 2 ], "curve": "stepped", "time": 1, "time": 2 } ] } } } } })"),
                 "/animations/a/deform/default/body/box/0/time", "duplicate key \"time\"");
    // A duplicate key after a fault the reader meets first: the duplicate is reported, and no warning.
    const std::string faulty = doc(R"("animations": { "a": { "bones": { "hip": { "rotate": [ { "zz": 1, "angle": "x" }, { "time": 1, "time": 1 } ] } } } })");
    expect_error(faulty, "/animations/a/bones/hip/rotate/1/time", "duplicate key \"time\"");
    std::vector<std::string> warnings;
    JsonReadOptions options;
    options.warnings = &warnings;
    EXPECT_FALSE(read_json(faulty, options).ok());
    EXPECT_TRUE(warnings.empty());
    // Without the duplicate, the same document fails on its fault.
    std::string once = faulty;
    once.replace(once.rfind("\"time\": 1, "), 11, "");
    expect_error(once, "/animations/a/bones/hip/rotate/0/angle", "expected a number");
}

// Number arrays are read fast while their elements are numbers that fit, then element by element: a
// fault anywhere in the array is reported at its index, and values on both sides of a switch are kept.
TEST(SpineJsonErrors, NumberArraysReportTheElementAtFault) {
    auto att = [](const std::string& a) { return doc_with_skin(R"({ "name": "x", "attachments": { "body": { "a": )" + a + " } } }"); };
    const std::string at = "/skins/1/attachments/body/a";
    const std::string tris = R"("triangles": [ 0, 1, 2 ], "vertices": [ 0, 0, 1, 1, 2, 2 ])";
    expect_error(att(R"({ "type": "mesh", "uvs": [ 0, 0.5, 1e39, 1, 0, 1 ], )" + tris + " }"), at + "/uvs/2", "does not fit a 32-bit float");
    expect_error(att(R"({ "type": "mesh", "uvs": [ 0, 0.5, 1, 1, 0, "1" ], )" + tris + " }"), at + "/uvs/5", "expected a number");
    expect_error(att(R"({ "type": "mesh", "uvs": [ [ 0 ], 0.5, 1, 1, 0, 1 ], )" + tris + " }"), at + "/uvs/0", "expected a number");
    const std::string uvs = R"("uvs": [ 0, 0, 1, 0, 0, 1 ], "vertices": [ 0, 0, 1, 1, 2, 2 ])";
    expect_error(att(R"({ "type": "mesh", "triangles": [ 0, -1, 2 ], )" + uvs + " }"), at + "/triangles/1", "out of range");
    expect_error(att(R"({ "type": "mesh", "triangles": [ 0, 1, 2.5 ], )" + uvs + " }"), at + "/triangles/2", "integer");
    expect_error(att(R"({ "type": "mesh", "triangles": [ 0, 1, 3 ], )" + uvs + " }"), at + "/triangles/2", "out of range");
    expect_error(att(R"({ "type": "mesh", "triangles": [ 0, 1, 2 ], "edges": [ 0, 65536 ], )" + uvs + " }"), at + "/edges/1", "out of range");
    // A uint64 element (past int64) is a number: the per-element loop reads it, and what follows.
    auto r = read_json(att(R"({ "type": "mesh", "uvs": [ 0.25, 18446744073709551615, -3, 1e-3, 0, 1 ], )" + tris + " }"));
    ASSERT_TRUE(r.ok()) << r.error().message();
    const Attachment& a = r.value().skins[1].slots[0].attachments[0].attachment;
    const std::vector<float> expected = {0.25f, 18446744073709551615.0f, -3.0f, 1e-3f, 0.0f, 1.0f};
    EXPECT_EQ(std::vector<float>(a.uvs.begin(), a.uvs.end()), expected);
    EXPECT_EQ(std::vector<std::uint16_t>(a.triangles.begin(), a.triangles.end()), (std::vector<std::uint16_t>{0, 1, 2}));
    // Weighted vertices (bone count, then bone, x, y, weight per bone): the same, both ways.
    expect_error(att(R"({ "type": "boundingbox", "vertexCount": 2, "vertices": [ 1, 0, 1, 2, 1, 1, 1, "x", 0, 1 ] })"), at + "/vertices/7",
                 "expected a number");
    expect_error(att(R"({ "type": "boundingbox", "vertexCount": 2, "vertices": [ 1, 0, 1, 2, 1, 1, -1, 0, 0, 1 ] })"), at + "/vertices/6",
                 "out of range");
    expect_error(att(R"({ "type": "boundingbox", "vertexCount": 2, "vertices": [ 1, 0, 1, 2, 1, 1.5, 1, 0, 0, 1 ] })"), at + "/vertices/5",
                 "integer");
    auto w = read_json(att(R"({ "type": "boundingbox", "vertexCount": 2, "vertices": [ 2, 0, 1, 2, 0.5, 1, 3, 4, 0.5, 1, 1, 18446744073709551615, -6, 1 ] })"));
    ASSERT_TRUE(w.ok()) << w.error().message();
    const Vertices& wv = w.value().skins[1].slots[0].attachments[0].attachment.vertices;
    EXPECT_TRUE(wv.weighted);
    EXPECT_EQ(std::vector<int>(wv.bones.begin(), wv.bones.end()), (std::vector<int>{2, 0, 1, 1, 1}));
    EXPECT_EQ(std::vector<float>(wv.values.begin(), wv.values.end()),
              (std::vector<float>{1, 2, 0.5f, 3, 4, 0.5f, 18446744073709551615.0f, -6, 1}));
}

TEST(SpineJsonErrors, InconsistentVertexArrays) {
    auto att = [](const std::string& a) { return doc_with_skin(R"({ "name": "x", "attachments": { "body": { "a": )" + a + " } } }"); };
    const std::string at = "/skins/1/attachments/body/a";
    expect_error(att(R"({ "type": "boundingbox", "vertexCount": 3, "vertices": [ 0, 0, 1, 1, 2 ] })"), at + "/vertices", "weighted vertex");
    expect_error(att(R"({ "type": "boundingbox", "vertexCount": 30, "vertices": [ 0, 0, 1, 1, 2 ] })"), at + "/vertices", "cannot hold 30 vertices");
    expect_error(att(R"({ "type": "boundingbox", "vertexCount": 1, "vertices": [ 1, 7, 0, 0, 1 ] })"), at + "/vertices/1", "bone index 7 out of range");
    expect_error(att(R"({ "type": "boundingbox", "vertexCount": 1, "vertices": [ 1, 0, 0, 0, 1, 9 ] })"), at + "/vertices", "use 5 values");
    expect_error(att(R"({ "type": "mesh", "uvs": [ 0, 0, 1 ], "triangles": [], "vertices": [] })"), at + "/uvs", "even number");
    expect_error(att(R"({ "type": "mesh", "uvs": [ 0, 0, 1, 1 ], "triangles": [ 0, 1, 2 ], "vertices": [ 0, 0, 1, 1 ] })"), at + "/triangles/2",
                 "out of range");
    expect_error(att(R"({ "type": "mesh", "uvs": [ 0, 0, 1, 1 ], "triangles": [], "vertices": [ 0, 0, 1, 1 ], "hull": 3 })"), at + "/hull",
                 "out of range");
    expect_error(att(R"({ "type": "path", "vertexCount": 6, "lengths": [ 1 ], "vertices": [] })"), at + "/lengths", "needs 2 lengths");
    expect_error(att(R"({ "type": "clipping", "end": "leg", "vertexCount": 0, "vertices": [] })"), at + "/end", "unknown end slot");
    // Deform keys must fit the attachment's vertex array (2 values for the box, 2 x 3 influences for the mesh).
    expect_error(doc(R"("animations": { "a": { "deform": { "default": { "body": { "box": [ { "offset": 3, "vertices": [ 0, 0 ] } ] } } } } })"),
                 "/animations/a/deform/default/body/box/0/vertices", "exceed");
    ASSERT_TRUE(read_json(doc(R"("animations": { "a": { "deform": { "default": { "body": { "mesh": [ { "offset": 2, "vertices": [ 0, 0, 0, 0 ] } ] } } } } })")).ok());
    expect_error(doc(R"("animations": { "a": { "deform": { "default": { "body": { "mesh": [ { "offset": 2, "vertices": [ 0, 0, 0, 0, 0 ] } ] } } } } })"),
                 "/animations/a/deform/default/body/mesh/0/vertices", "exceed");
}

TEST(SpineJsonErrors, BadValues) {
    expect_error(R"({ "bones": [ { "name": "root", "color": "fff" } ] })", "/bones/0/color", "RRGGBBAA");
    expect_error(R"({ "bones": [ { "name": "root" } ], "slots": [ { "name": "s", "bone": "root", "dark": "ffffffff" } ] })", "/slots/0/dark", "RRGGBB");
    expect_error(R"({ "bones": [ { "name": "root", "transform": "wobbly" } ] })", "/bones/0/transform", "unknown transform mode \"wobbly\"");
    expect_error(doc(R"("animations": { "a": { "bones": { "hip": { "rotate": [ { "curve": "bouncy" } ] } } } })"), "/animations/a/bones/hip/rotate/0/curve",
                 "unknown curve");
    expect_error(doc(R"("animations": { "a": { "bones": { "hip": { "rotate": [ { "curve": [ 1, 2 ] } ] } } } })"), "/animations/a/bones/hip/rotate/0/curve",
                 "4 numbers");
    expect_error(doc(R"("animations": { "a": { "drawOrder": [ { "offsets": [ { "slot": "arm", "offset": 1 } ] } ] } })"),
                 "/animations/a/drawOrder/0/offsets/0/offset", "outside 0..1");
    expect_error(R"({ "bones": [ { "name": "root" } ], "ik": [ { "name": "i", "bones": [], "target": "root" } ] })", "/ik/0/bones", "1 or 2 bones");
}

TEST(SpineJsonErrors, EveryTruncationOfACorpusFileFailsCleanly) {
    auto files = test::corpus_files("corpus/spine-3.8", ".json");
    RIGIO_REQUIRE_CORPUS(files, "corpus/spine-3.8");
    auto bytes = io::read_file((test::shared_dir() / "corpus/spine-3.8/coin-pro.json").string()).value();
    std::string text(bytes.begin(), bytes.end());
    int failed = 0;
    for (std::size_t n = 0; n < text.size(); ++n) {
        auto r = read_json(std::string_view(text).substr(0, n));
        if (!r.ok()) ++failed;
    }
    EXPECT_EQ(failed, static_cast<int>(text.size()));  // no prefix is a whole document
}

TEST(SpineJsonErrors, CorruptedCorpusFilesNeverCrash) {
    auto files = test::corpus_files("corpus/spine-3.8", ".json");
    RIGIO_REQUIRE_CORPUS(files, "corpus/spine-3.8");
    std::mt19937 rng(1234);
    const char noise[] = "0123456789-.eE\"{}[],: aZ\\/tfnul";
    int read = 0, rejected = 0;
    for (const auto& f : files) {
        if (f.filename() == "mix-and-match-pro.json") continue;  // large: the others cover the same constructs
        auto bytes = io::read_file(f.string()).value();
        std::string text(bytes.begin(), bytes.end());
        for (int i = 0; i < 60; ++i) {
            std::string bad = text;
            for (int k = 0; k < 1 + i % 4; ++k) bad[rng() % bad.size()] = noise[rng() % (sizeof noise - 1)];
            auto r = read_json(bad);
            if (!r.ok()) {
                ++rejected;
                continue;
            }
            ++read;
            // Whatever reads must write and read back to the same model.
            auto again = read_json(write_json(*r).value());
            ASSERT_TRUE(again.ok()) << f.filename() << ": " << again.error().what();
            EXPECT_TRUE(*again == *r) << f.filename();
        }
    }
    EXPECT_GT(rejected, 0);
    EXPECT_GT(read + rejected, 1000);
}
