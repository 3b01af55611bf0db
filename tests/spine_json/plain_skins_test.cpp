// Spine JSON: the quick paths of skins (json_skin_reader.cpp) read plain regions and mesh indices of
// every shape a file gives (members in any order, absent members, integers, names and paths equal to
// the key) exactly as the general path does, and leave anything else to it: a key twice, an unknown key,
// a sequence, a null, a value of another kind or out of range, each reported or kept as before, at its
// path.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "rigio/spine/json.hpp"
#include "spine_json/base_document.hpp"

using namespace rigio;
using namespace rigio::spine;
using test::expect_error;

namespace {

// A 4.2 document (or 3.8, with `version`) whose default skin holds, for slot s, the attachments `atts`
// (the text of the object of keys).
std::string doc(const std::string& atts, const std::string& version = "4.2.11") {
    return R"({
"skeleton": { "spine": ")" + version + R"(" },
"bones": [ { "name": "root" }, { "name": "hip", "parent": "root" } ],
"slots": [ { "name": "s", "bone": "root" } ],
"skins": [ { "name": "default", "attachments": { "s": )" + atts + R"( } } ]
})";
}

const Attachment& attachment(const SkeletonData& sd, std::size_t i) { return sd.skins.at(0).slots.at(0).attachments.at(i).attachment; }

Attachment region(float x, float y, float sx, float sy, float rotation, float width, float height, JsonAbsent absent = 0) {
    Attachment a;
    a.x = x, a.y = y, a.scale_x = sx, a.scale_y = sy, a.rotation = rotation, a.width = width, a.height = height;
    a.json_absent = absent;
    return a;
}

}  // namespace

TEST(SpineJsonPlainSkins, RegionsOfEveryShape) {
    auto r = read_json(doc(R"({
        "a": { "x": 1.5, "y": -2, "rotation": 90, "width": 10, "height": 20 },
        "b": { "height": 4, "name": "bb", "scaleY": 3, "width": 5, "scaleX": 0.5, "type": "region", "y": 1e3, "x": 0 },
        "c": { "name": "c", "path": "c" },
        "d": { "name": "dn", "path": "dn", "color": "ff000080" },
        "e": { "path": "e", "width": 7 },
        "f": { "path": "pf", "height": 18446744073709551615, "name": null },
        "g": {}
    })"));
    ASSERT_TRUE(r.ok()) << r.error().what();
    EXPECT_EQ(attachment(*r, 0), region(1.5f, -2, 1, 1, 90, 10, 20));
    Attachment b = region(0, 1000, 0.5f, 3, 0, 5, 4);
    b.name.emplace("bb");
    EXPECT_EQ(attachment(*r, 1), b);
    EXPECT_EQ(attachment(*r, 2), region(0, 0, 1, 1, 0, 32, 32, kAbsentWidth | kAbsentHeight));  // name, path: the key's
    Attachment d = region(0, 0, 1, 1, 0, 32, 32, kAbsentWidth | kAbsentHeight);
    d.name.emplace("dn");
    d.color = 0xFF000080u;
    EXPECT_EQ(attachment(*r, 3), d);
    EXPECT_EQ(attachment(*r, 4), region(0, 0, 1, 1, 0, 7, 32, kAbsentHeight));
    Attachment f = region(0, 0, 1, 1, 0, 32, 18446744073709551615.0f, kAbsentWidth);  // (a uint64; a null name: none)
    f.path.emplace("pf");
    EXPECT_EQ(attachment(*r, 5), f);
    EXPECT_EQ(attachment(*r, 6), region(0, 0, 1, 1, 0, 32, 32, kAbsentWidth | kAbsentHeight));
    // The same in 3.8.
    auto r3 = read_json(doc(R"({ "a": { "x": 1.5, "y": -2, "rotation": 90, "width": 10, "height": 20 } })", "3.8.99"));
    ASSERT_TRUE(r3.ok()) << r3.error().what();
    EXPECT_EQ(attachment(*r3, 0), region(1.5f, -2, 1, 1, 90, 10, 20));
}

TEST(SpineJsonPlainSkins, OtherMembersAreKeptAndReported) {
    std::vector<std::string> warnings;
    JsonReadOptions options;
    options.warnings = &warnings;
    auto r = read_json(doc(R"({
        "a": { "x": 1, "extra": 5 },
        "b": { "x": 2, "uvs": [ 0, 1 ] },
        "c": { "x": 3, "sequence": { "count": 2 } }
    })"), options);
    ASSERT_TRUE(r.ok()) << r.error().what();
    EXPECT_EQ(attachment(*r, 0).x, 1);
    EXPECT_EQ(attachment(*r, 1).x, 2);
    ASSERT_TRUE(attachment(*r, 2).sequence.has_value());
    EXPECT_EQ(attachment(*r, 2).sequence->count, 2);
    ASSERT_EQ(warnings.size(), 2u);
    EXPECT_NE(warnings[0].find("/skins/0/attachments/s/a/extra"), std::string::npos) << warnings[0];
    EXPECT_NE(warnings[1].find("/skins/0/attachments/s/b/uvs"), std::string::npos) << warnings[1];
    auto text = write_json(*r);
    ASSERT_TRUE(text.ok()) << text.error().what();
    EXPECT_NE(text->find("\"extra\""), std::string::npos);
    // "sequence" is no key of 3.8: unknown there.
    warnings.clear();
    r = read_json(doc(R"({ "c": { "x": 3, "sequence": { "count": 2 } } })", "3.8.99"), options);
    ASSERT_TRUE(r.ok()) << r.error().what();
    EXPECT_FALSE(attachment(*r, 0).sequence.has_value());
    ASSERT_EQ(warnings.size(), 1u);
    EXPECT_NE(warnings[0].find("/skins/0/attachments/s/c/sequence"), std::string::npos) << warnings[0];
}

TEST(SpineJsonPlainSkins, RegionFaultsKeepTheirErrors) {
    const std::string at = "/skins/0/attachments/s/a";
    expect_error(doc(R"({ "a": { "x": 1, "y": 2, "x": 3 } })"), at + "/x", "duplicate key");
    expect_error(doc(R"({ "a": { "name": "n", "width": 2, "name": "n" } })"), at + "/name", "duplicate key");
    expect_error(doc(R"({ "a": { "x": "1" } })"), at + "/x", "number");
    expect_error(doc(R"({ "a": { "y": true } })"), at + "/y", "number");
    expect_error(doc(R"({ "a": { "width": null } })"), at + "/width", "number");
    expect_error(doc(R"({ "a": { "width": 1e39 } })"), at + "/width", "does not fit a 32-bit float");
    expect_error(doc(R"({ "a": { "name": 5 } })"), at + "/name", "string");
    expect_error(doc(R"({ "a": { "path": [ "p" ] } })"), at + "/path", "string");
    expect_error(doc(R"({ "a": { "color": "ff0000" } })"), at + "/color", "colour");
    expect_error(doc(R"({ "a": { "color": "gg000000" } })"), at + "/color", "colour");
    expect_error(doc(R"({ "a": { "type": "regio" } })"), at + "/type", "unknown attachment type");
    expect_error(doc(R"({ "a": { "type": 1 } })"), at + "/type", "string");
    // Another type's members read as that type's.
    expect_error(doc(R"({ "a": { "x": 1, "type": "mesh", "width": 2 } })"), at, "uvs");
}

TEST(SpineJsonPlainSkins, MeshIndicesOfEveryShape) {
    auto r = read_json(doc(R"({ "m": { "type": "mesh", "uvs": [ 0, 0, 1, 0, 1, 1, 0, 1 ], "triangles": [ 0, 1, 2, 2, 3, 0 ],
        "vertices": [ 0, 0, 1, 0, 1, 1, 0, 1 ], "hull": 4, "edges": [ 0, 2, 65535 ] },
        "e": { "type": "mesh", "uvs": [], "triangles": [], "vertices": [], "edges": [] } })"));
    ASSERT_TRUE(r.ok()) << r.error().what();
    const Attachment& m = attachment(*r, 0);
    EXPECT_EQ(std::vector<std::uint16_t>(m.triangles.begin(), m.triangles.end()), (std::vector<std::uint16_t>{0, 1, 2, 2, 3, 0}));
    EXPECT_EQ(std::vector<std::uint16_t>(m.edges.begin(), m.edges.end()), (std::vector<std::uint16_t>{0, 2, 65535}));
    EXPECT_TRUE(attachment(*r, 1).triangles.empty());
    EXPECT_TRUE(attachment(*r, 1).edges.empty());
}

TEST(SpineJsonPlainSkins, MeshIndexFaultsKeepTheirErrors) {
    const std::string at = "/skins/0/attachments/s/m";
    auto mesh = [](const std::string& triangles, const std::string& edges) {
        return doc(R"({ "m": { "type": "mesh", "uvs": [ 0, 0, 1, 0, 1, 1 ], "triangles": )" + triangles +
                   R"(, "vertices": [ 0, 0, 1, 0, 1, 1 ], "edges": )" + edges + " } }");
    };
    expect_error(mesh("[ 0, 1, 3 ]", "[]"), at + "/triangles/2", "");
    expect_error(mesh("[ 0, -1, 2 ]", "[]"), at + "/triangles/1", "");
    expect_error(mesh("[ 0, 1.5, 2 ]", "[]"), at + "/triangles/1", "");
    expect_error(mesh("[ 0, \"1\", 2 ]", "[]"), at + "/triangles/1", "");
    expect_error(mesh("[ 0, [ 1 ], 2 ]", "[]"), at + "/triangles/1", "");
    expect_error(mesh("[ null, 1 ]", "[]"), at + "/triangles", "3 vertex indices");
    expect_error(mesh("[ 0, 1, 2 ]", "[ 0, 65536 ]"), at + "/edges/1", "");
    expect_error(mesh("[ 0, 1, 2 ]", "[ 0, 18446744073709551615 ]"), at + "/edges/1", "");
    expect_error(mesh("[ 0, 1, 2 ]", "[ 1, null ]"), at + "/edges/1", "");
    // No vertices: no index is in range.
    expect_error(doc(R"({ "m": { "type": "mesh", "uvs": [], "triangles": [ 0, 0, 0 ], "vertices": [] } })"), at + "/triangles/0", "");
}
