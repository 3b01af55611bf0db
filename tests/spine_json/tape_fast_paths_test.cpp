// Spine JSON: the reader's fast paths straight from simdjson's tape (4.x Bézier curves, weighted
// vertices, numbers read without a branch between an int64 and a double) give what the checked reads
// give, and leave anything else to them: a uint64, a value out of a float's range, an element that is
// not a number, a count that does not match, each read or refused as before, at its path.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "rigio/spine/json.hpp"
#include "spine_json/base_document.hpp"

using namespace rigio;
using namespace rigio::spine;

namespace {

// A 4.2 document: bones root and hip, slot body on hip with `attachments` (the text of the default
// skin's slot map), and one animation "a" whose hip translate keys are `keys`.
std::string doc(const std::string& attachments, const std::string& keys) {
    return R"({
"skeleton": { "spine": "4.2.11" },
"bones": [ { "name": "root" }, { "name": "hip", "parent": "root" } ],
"slots": [ { "name": "body", "bone": "hip" } ],
"skins": [ { "name": "default", "attachments": { "body": )" +
           attachments + R"( } } ],
"animations": { "a": { "bones": { "hip": { "translate": )" +
           keys + R"( } } } }
})";
}
const std::string kNoAttachments = "{}";
const std::string kOneKey = R"([ { "time": 0 } ])";

using test::expect_error;

std::vector<float> handles(const SkeletonData& sd) {
    const Curve2& c = sd.animations.at(0).bones.at(0).timelines.at(0).keys.at(0).curve;
    EXPECT_EQ(c.type, CurveType::Bezier);
    return {c.bezier.begin(), c.bezier.end()};
}

}  // namespace

TEST(SpineJsonTapeFastPaths, CurveNumbersOfEveryKind) {
    // int64, double, negative, a uint64 (above INT64_MAX: read on the checked path), exponents.
    auto r = read_json(doc(kNoAttachments, R"([ { "time": 0, "x": 1, "curve": [ 0, 0.5, -2, 18446744073709551615, 1e3, -0.25, 3, 4 ] }, { "time": 1 } ])"));
    ASSERT_TRUE(r.ok()) << r.error().what();
    EXPECT_EQ(handles(*r), (std::vector<float>{0, 0.5f, -2, 18446744073709551615.0f, 1000, -0.25f, 3, 4}));
    // The same without the uint64: all taken by the fast path.
    r = read_json(doc(kNoAttachments, R"([ { "time": 0, "curve": [ 7, 0.5, -2, 9007199254740993, 1e3, -0.25, 3, 4 ] } ])"));
    ASSERT_TRUE(r.ok()) << r.error().what();
    EXPECT_EQ(handles(*r), (std::vector<float>{7, 0.5f, -2, 9007199254740993.0f, 1000, -0.25f, 3, 4}));
    // "stepped" and null are still read as before.
    r = read_json(doc(kNoAttachments, R"([ { "time": 0, "curve": "stepped" }, { "time": 1, "curve": null } ])"));
    ASSERT_TRUE(r.ok()) << r.error().what();
    EXPECT_EQ(r->animations[0].bones[0].timelines[0].keys[0].curve.type, CurveType::Stepped);
    EXPECT_EQ(r->animations[0].bones[0].timelines[0].keys[1].curve.type, CurveType::Linear);
}

TEST(SpineJsonTapeFastPaths, CurveFaultsKeepTheirErrors) {
    const std::string at = "/animations/a/bones/hip/translate/0/curve";
    // Out of a float's range.
    expect_error(doc(kNoAttachments, R"([ { "time": 0, "curve": [ 0, 1e39, 0, 0, 0, 0, 0, 0 ] } ])"), at + "/1",
                 "does not fit a 32-bit float");
    // Eight tape words, as eight numbers take, but five elements (two strings): the count is refused.
    expect_error(doc(kNoAttachments, R"([ { "time": 0, "curve": [ 1, 2, "a", "b", 3 ] } ])"), at, "found 5");
    // Eight elements, one a string.
    expect_error(doc(kNoAttachments, R"([ { "time": 0, "curve": [ 1, 2, 3, 4, 5, 6, 7, "8" ] } ])"), at + "/7", "number");
    // An element that is an array, with the word count of the numbers it replaces.
    expect_error(doc(kNoAttachments, R"([ { "time": 0, "curve": [ 1, 2, 3, 4, 5, 6, 7, [] ] } ])"), at + "/7", "number");
    expect_error(doc(kNoAttachments, R"([ { "time": 0, "curve": [ true, 2, 3, 4, 5, 6, 7, 8 ] } ])"), at + "/0", "number");
    expect_error(doc(kNoAttachments, R"([ { "time": 0, "curve": [ 1, 2, 3 ] } ])"), at, "found 3");
    expect_error(doc(kNoAttachments, R"([ { "time": 0, "curve": "bent" } ])"), at, "unknown curve");
}

TEST(SpineJsonTapeFastPaths, WeightedVerticesOfEveryKind) {
    // Two vertices: one bone (hip, weight a uint64: the checked loop), then two bones; ints and doubles.
    const std::string mesh = R"({ "box": { "type": "boundingbox", "vertexCount": 2,
        "vertices": [ 1, 1, 0.5, -3, 18446744073709551615, 2, 0, 1, 2, 0.25, 1, 4, 5.5, 0.75 ] } })";
    auto r = read_json(doc(mesh, kOneKey));
    ASSERT_TRUE(r.ok()) << r.error().what();
    const Vertices& v = r->skins.at(0).slots.at(0).attachments.at(0).attachment.vertices;
    EXPECT_TRUE(v.weighted);
    EXPECT_EQ(std::vector<int>(v.bones.begin(), v.bones.end()), (std::vector<int>{1, 1, 2, 0, 1}));
    EXPECT_EQ(std::vector<float>(v.values.begin(), v.values.end()),
              (std::vector<float>{0.5f, -3, 18446744073709551615.0f, 1, 2, 0.25f, 4, 5.5f, 0.75f}));
    // The same with the uint64 written as a double: taken by the fast path, the same model.
    const std::string fast = R"({ "box": { "type": "boundingbox", "vertexCount": 2,
        "vertices": [ 1, 1, 0.5, -3, 1.8446744073709552e19, 2, 0, 1, 2, 0.25, 1, 4, 5.5, 0.75 ] } })";
    auto f = read_json(doc(fast, kOneKey));
    ASSERT_TRUE(f.ok()) << f.error().what();
    const Vertices& w = f->skins.at(0).slots.at(0).attachments.at(0).attachment.vertices;
    EXPECT_EQ(w.bones, v.bones);
    EXPECT_EQ(w.values, v.values);
}

TEST(SpineJsonTapeFastPaths, WeightedVertexFaultsKeepTheirErrors) {
    const std::string at = "/skins/0/attachments/body/box/vertices";
    auto box = [](const std::string& values) {
        return R"({ "box": { "type": "boundingbox", "vertexCount": 1, "vertices": [ )" + values + " ] } }";
    };
    expect_error(doc(box(R"(1, 1, 0.5, 1e39, 1)"), kOneKey), at + "/3", "does not fit a 32-bit float");
    expect_error(doc(box(R"(1, 1, 0.5, "2", 1)"), kOneKey), at + "/3", "number");
    expect_error(doc(box(R"(1, 1, 0.5, 2, null)"), kOneKey), at + "/4", "number");
    expect_error(doc(box(R"(1, 2, 0.5, 2, 1)"), kOneKey), at + "/1", "bone index 2 out of range");
    expect_error(doc(box(R"(1, 1.5, 0.5, 2, 1)"), kOneKey), at + "/1", "integer");
}
