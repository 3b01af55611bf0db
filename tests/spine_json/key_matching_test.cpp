// Spine JSON: how the reader tells an object's keys apart. Members are matched to the keys of their
// kind by a perfect hash and word compares (KeyHash): a key that differs from a name in any byte, in
// its length, or by a NUL byte, is an unknown key (kept and reported), never taken for the name. The
// maps of names the reader walks (skins' slots and attachments, animations' timeline groups) are checked
// for duplicate keys as they are read: a key named twice in them is still an error at its path, keys
// whose fingerprints agree but differ are not, and timeline maps may still repeat their keys.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "rigio/spine/json.hpp"
#include "spine_json/base_document.hpp"

using namespace rigio;
using namespace rigio::spine;

namespace {

const char* const kHead = test::kSpineJsonHead;

std::string box(const std::string& name) {
    return "\"" + name + R"(": { "type": "boundingbox", "vertexCount": 2, "vertices": [ 0, 0, 1, 1 ] })";
}

// The base document with `skins` (the text of the skins array's elements) and `rest`.
std::string doc(const std::string& skins, const std::string& rest = "") {
    return std::string(kHead) + ",\n\"skins\": [ " + skins + " ]" + (rest.empty() ? "" : ",\n" + rest) + "\n}";
}
std::string default_skin(const std::string& attachments) { return R"({ "name": "default", "attachments": )" + attachments + " }"; }

using test::expect_error;

std::vector<std::string> keys_of(const JsonExtras& extras) {
    std::vector<std::string> out;
    for (const JsonExtra& e : extras) out.emplace_back(std::string_view(e.key));
    return out;
}

}  // namespace

TEST(SpineJsonKeyMatching, KeysThatDifferFromANameAreUnknown) {
    // Near misses of "x", "scaleX", "name", "rotation", "transform": a NUL byte more, a byte more or
    // less, another case, one byte changed at either end or in the tail word of a name over 8 bytes.
    const std::string near = R"("x\u0000": 1, "scaleXY": 2, "nam": 3, "Rotation": 4, "rotatioN": 5, "transforn": 6, "transform ": 7, "": 8)";
    std::string text = doc(default_skin("{}"));
    text.replace(text.find(R"("name": "hip")"), 0, near + ", \"x\": 9, ");
    std::vector<std::string> warnings;
    JsonReadOptions options;
    options.warnings = &warnings;
    auto r = read_json(text, options);
    ASSERT_TRUE(r.ok()) << r.error().what();
    const Bone& hip = r->bones[1];
    EXPECT_EQ(hip.x, 9);
    EXPECT_EQ(hip.rotation, 0);
    EXPECT_EQ(hip.scale_x, 1);
    EXPECT_EQ(hip.name, "hip");
    EXPECT_EQ(keys_of(hip.json_extra),
              (std::vector<std::string>{std::string("x\0", 2), "scaleXY", "nam", "Rotation", "rotatioN", "transforn", "transform ", ""}));
    EXPECT_EQ(warnings.size(), 8u);
    // They come back as they were.
    auto again = read_json(write_json(*r).value());
    ASSERT_TRUE(again.ok()) << again.error().what();
    EXPECT_TRUE(*again == *r);
}

TEST(SpineJsonKeyMatching, EveryKeyOfAKindIsMatchedWhereverItStands) {
    // A region's keys in reverse order and a mesh's shuffled: each is read as its field.
    const std::string region = R"("r": { "height": 7, "width": 6, "rotation": 5, "scaleY": 4, "scaleX": 3, "y": 2, "x": 1, "color": "ff0000ff", "path": "p", "type": "region", "name": "n" })";
    auto r = read_json(doc(default_skin("{ \"body\": { " + region + " } }")));
    ASSERT_TRUE(r.ok()) << r.error().what();
    const Attachment& a = r->skins[0].slots[0].attachments[0].attachment;
    EXPECT_EQ(a.x, 1);
    EXPECT_EQ(a.y, 2);
    EXPECT_EQ(a.scale_x, 3);
    EXPECT_EQ(a.scale_y, 4);
    EXPECT_EQ(a.rotation, 5);
    EXPECT_EQ(a.width, 6);
    EXPECT_EQ(a.height, 7);
    EXPECT_EQ(a.color, 0xff0000ffu);
    EXPECT_EQ(a.name, "n");
    EXPECT_EQ(a.path, "p");
    EXPECT_TRUE(a.json_extra.empty());
}

TEST(SpineJsonKeyMatching, DuplicateKeysInTheMapsTheReaderWalks) {
    // A slot, or an attachment, named twice in a skin.
    expect_error(doc(default_skin("{ \"body\": { " + box("a") + " }, \"arm\": {}, \"body\": {} }")), "/skins/0/attachments/body",
                 "duplicate key \"body\"");
    expect_error(doc(default_skin("{ \"body\": { " + box("a") + ", " + box("b") + ", " + box("a") + " } }")), "/skins/0/attachments/body/a",
                 "duplicate key \"a\"");
    // In a map of many attachments (sorted rather than compared pairwise), and among keys whose length
    // and last byte agree (the fingerprint the check filters with).
    std::string many;
    for (int i = 0; i < 40; ++i) many += (i ? ", " : "") + box("a" + std::to_string(i));
    auto r = read_json(doc(default_skin("{ \"body\": { " + many + " } }")));
    ASSERT_TRUE(r.ok()) << r.error().what();
    EXPECT_EQ(r->skins[0].slots[0].attachments.size(), 40u);
    expect_error(doc(default_skin("{ \"body\": { " + many + ", " + box("a17") + " } }")), "/skins/0/attachments/body/a17", "duplicate key \"a17\"");
    const std::string alike = box("xb") + ", " + box("yb") + ", " + box("zb");
    ASSERT_TRUE(read_json(doc(default_skin("{ \"body\": { " + alike + " } }"))).ok());
    expect_error(doc(default_skin("{ \"body\": { " + alike + ", " + box("yb") + " } }")), "/skins/0/attachments/body/yb", "duplicate key \"yb\"");
    // Inside an attachment of a map that is itself free of them.
    expect_error(doc(default_skin(R"({ "body": { "a": { "type": "point", "x": 1, "x": 2 } } })")), "/skins/0/attachments/body/a/x",
                 "duplicate key \"x\"");
}

TEST(SpineJsonKeyMatching, TimelineMapsMayRepeatKeysButNotTheirKeyframes) {
    const std::string skins = default_skin("{ \"body\": { " + box("box") + " } }");
    // A bone, and a timeline, named twice: two timelines each.
    auto r = read_json(doc(skins, R"("animations": { "a": { "bones": {
        "hip": { "rotate": [ { "angle": 1 } ], "rotate": [ { "angle": 2 } ] }, "hip": { "scale": [ { "x": 2 } ] } },
        "deform": { "default": { "body": { "box": [ { "time": 0 } ], "box": [ { "time": 1 } ] } } } } })"));
    ASSERT_TRUE(r.ok()) << r.error().what();
    ASSERT_EQ(r->animations[0].bones.size(), 2u);
    EXPECT_EQ(r->animations[0].bones[0].timelines.size(), 2u);
    ASSERT_EQ(r->animations[0].deform.size(), 1u);
    EXPECT_EQ(r->animations[0].deform[0].slots[0].timelines.size(), 2u);
    // A duplicate inside a keyframe of a repeated timeline is still found.
    expect_error(doc(skins, R"("animations": { "a": { "bones": { "hip": { "rotate": [ { "angle": 1 } ] }, "hip": { "rotate": [ { "angle": 1, "angle": 2 } ] } } } })"),
                 "/animations/a/bones/hip/rotate/0/angle", "duplicate key \"angle\"");
    expect_error(doc(skins, R"("animations": { "a": { "slots": { "body": { "attachment": [ { "name": null, "name": "box" } ] } } } })"),
                 "/animations/a/slots/body/attachment/0/name", "duplicate key \"name\"");
}

TEST(SpineJsonKeyMatching, AttachmentTimelineMapsOf41NameTheirKeysOnce) {
    const std::string head = R"({ "skeleton": { "spine": "4.1.20" }, "bones": [ { "name": "root" } ], "slots": [ { "name": "s", "bone": "root" } ],
        "skins": [ { "name": "default", "attachments": { "s": { "m": { "type": "mesh", "uvs": [ 0, 0, 1, 0, 0, 1 ], "triangles": [ 0, 1, 2 ],
        "vertices": [ 0, 0, 1, 0, 0, 1 ], "hull": 3 } } } } ], "animations": { "a": { "attachments": )";
    auto with = [&](const std::string& attachments) { return head + attachments + " } } }"; };
    const std::string deform = R"("deform": [ { "time": 0 }, { "time": 1, "vertices": [ 1, 1 ] } ])";
    auto r = read_json(with(R"({ "default": { "s": { "m": { )" + deform + " } } } }"));
    ASSERT_TRUE(r.ok()) << r.error().what();
    ASSERT_EQ(r->animations[0].deform.size(), 1u);
    EXPECT_EQ(r->animations[0].deform[0].slots[0].timelines[0].keys.size(), 2u);
    expect_error(with(R"({ "default": { "s": { "m": { )" + deform + ", " + deform + " } } } }"), "/animations/a/attachments/default/s/m/deform",
                 "duplicate key \"deform\"");
    expect_error(with(R"({ "default": { "s": { "m": { )" + deform + R"( }, "m": {} } } })"), "/animations/a/attachments/default/s/m",
                 "duplicate key \"m\"");
    expect_error(with(R"({ "default": { "s": {}, "s": {} } })"), "/animations/a/attachments/default/s", "duplicate key \"s\"");
    expect_error(with(R"({ "default": {}, "default": {} })"), "/animations/a/attachments/default", "duplicate key \"default\"");
    expect_error(with(R"({ "default": { "s": { "m": { "deform": [ { "time": 0, "time": 1 } ] } } } })"),
                 "/animations/a/attachments/default/s/m/deform/0/time", "duplicate key \"time\"");
}

TEST(SpineJsonKeyMatching, KeysOfAnotherAttachmentTypeAreUnknownInOrder) {
    // An attachment's members are matched to the keys of every type at once: a key of another type
    // (or of another version: "sequence" before 4.1) is unknown to this one, kept and reported in the
    // order of the members, with the unknown keys of no type among them.
    const std::string region = R"("r": { "uvs": [ 1, 2 ], "x": 1, "zz": 0, "parent": "p", "sequence": { "count": 2 }, "end": "arm", "width": 4 })";
    const std::string mesh = R"("m": { "type": "mesh", "x": 3, "uvs": [ 0, 0, 1, 1 ], "lengths": [], "triangles": [], "vertices": [ 0, 0, 1, 1 ], "closed": true })";
    std::vector<std::string> warnings;
    JsonReadOptions options;
    options.warnings = &warnings;
    auto r = read_json(doc(default_skin("{ \"body\": { " + region + ", " + mesh + " } }")), options);
    ASSERT_TRUE(r.ok()) << r.error().what();
    const SkinSlot& slot = r->skins[0].slots[0];
    const Attachment& a = slot.attachments[0].attachment;
    EXPECT_EQ(a.type, AttachmentType::Region);
    EXPECT_EQ(a.x, 1);
    EXPECT_EQ(a.width, 4);
    EXPECT_FALSE(a.sequence);
    EXPECT_EQ(keys_of(a.json_extra), (std::vector<std::string>{"uvs", "zz", "parent", "sequence", "end"}));
    const Attachment& m = slot.attachments[1].attachment;
    EXPECT_EQ(m.type, AttachmentType::Mesh);
    EXPECT_EQ(m.x, 0);
    EXPECT_EQ(m.uvs.size(), 4u);
    EXPECT_EQ(keys_of(m.json_extra), (std::vector<std::string>{"x", "lengths", "closed"}));
    ASSERT_EQ(warnings.size(), 8u);
    EXPECT_NE(warnings[0].find("/skins/0/attachments/body/r/uvs"), std::string::npos) << warnings[0];
    EXPECT_NE(warnings[7].find("/skins/0/attachments/body/m/closed"), std::string::npos) << warnings[7];
    // A key of another type named twice is still a duplicate key.
    auto twice = read_json(doc(default_skin(R"({ "body": { "r": { "uvs": [], "uvs": [] } } })")));
    ASSERT_FALSE(twice.ok());
    EXPECT_NE(std::string(twice.error().what()).find("duplicate"), std::string::npos) << twice.error().what();
    // They come back as they were.
    auto again = read_json(write_json(*r).value());
    ASSERT_TRUE(again.ok()) << again.error().what();
    EXPECT_TRUE(*again == *r);
}

TEST(SpineJsonKeyMatching, ColoursAreExactlyTheirHexDigits) {
    // Every digit and letter of either case in each place; any other byte, in any place, is refused.
    auto colour = [](const std::string& c) { return R"({ "bones": [ { "name": "root", "color": ")" + c + R"(" } ] })"; };
    const std::string digits = "0123456789abcdefABCDEF";
    for (std::size_t at = 0; at < 8; ++at)
        for (char d : digits) {
            std::string c = "12345678";
            c[at] = d;
            auto r = read_json(colour(c));
            ASSERT_TRUE(r.ok()) << c << ": " << r.error().what();
            EXPECT_EQ(r->bones[0].color, static_cast<std::uint32_t>(std::stoul(c, nullptr, 16))) << c;
        }
    for (std::size_t at = 0; at < 8; ++at)
        for (const char* bad : {"g", "G", "/", ":", "@", "`", " ", "x", "\\u00e9"}) {
            std::string c = "12345678";
            c.replace(at, 1, bad);
            test::expect_error(colour(c), "/bones/0/color", "RRGGBBAA");
        }
    for (const char* bad : {"", "1234567", "123456789", "12345678 "}) test::expect_error(colour(bad), "/bones/0/color", "RRGGBBAA");
    // "dark" has six digits.
    const std::string head = R"({ "bones": [ { "name": "root" } ], "slots": [ { "name": "s", "bone": "root", "dark": ")";
    auto r = read_json(head + R"(a0B1c2" } ] })");
    ASSERT_TRUE(r.ok()) << r.error().what();
    EXPECT_EQ(r->slots[0].dark, 0xa0b1c2u);
    for (const char* bad : {"a0B1c", "a0B1c2d", "a0B1cg", "ffffffff"}) test::expect_error(head + bad + R"(" } ] })", "/slots/0/dark", "RRGGBB");
}
