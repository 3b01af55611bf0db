// Spine JSON: the quick path of plain keyframes (json_plain_keys.hpp) reads bone keys of every shape
// a file gives (keys in any order, absent keys, integers, every curve form) exactly as the general
// path does, and leaves anything else to it: a key twice, an unknown key, a value of another kind, a
// curve it does not read, each reported or kept as before, at its path.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "rigio/spine/json.hpp"
#include "spine_json/base_document.hpp"

using namespace rigio;
using namespace rigio::spine;
using test::expect_error;

namespace {

// A document of `version` ("3.8.99" or "4.2.11") whose bone hip has one timeline `timeline` with the
// keyframes `keys` (the text of the array).
std::string doc(const std::string& version, const std::string& timeline, const std::string& keys) {
    return R"({
"skeleton": { "spine": ")" + version + R"(" },
"bones": [ { "name": "root" }, { "name": "hip", "parent": "root" } ],
"animations": { "a": { "bones": { "hip": { ")" + timeline + R"(": )" + keys + R"( } } } }
})";
}

std::vector<BoneKeyframe> keys_of(const SkeletonData& sd) {
    const auto& keys = sd.animations.at(0).bones.at(0).timelines.at(0).keys;
    return {keys.begin(), keys.end()};
}

Curve2 bezier3(float cx1, float cy1, float cx2, float cy2) { return Curve2(CurveType::Bezier, cx1, cy1, cx2, cy2); }
Curve2 bezier4(std::vector<float> handles) {
    Curve2 c;
    c.type = CurveType::Bezier;
    c.bezier.assign(handles.begin(), handles.end());
    return c;
}

}  // namespace

TEST(SpineJsonPlainKeys, Bone3xKeysOfEveryShape) {
    auto r = read_json(doc("3.8.99", "rotate", R"([
        { "time": 0.5, "angle": 12, "curve": 0.25, "c3": 0.75 },
        { "angle": -3.5, "time": 1 },
        { "c4": 0.5, "c2": 0.125, "curve": 1, "time": 2, "angle": 1e2 },
        { "time": 3, "curve": "stepped", "c2": 9 },
        { "time": 4, "curve": "linear" },
        { "time": 5, "curve": [ 0.1, 0.2, 0.3, 0.4 ] },
        { "time": 6, "curve": null },
        { "time": 7, "angle": 18446744073709551615 },
        {}
    ])"));
    ASSERT_TRUE(r.ok()) << r.error().what();
    const std::vector<BoneKeyframe> want = {
        {0.5f, 12, 0, bezier3(0.25f, 0, 0.75f, 1)},
        {1, -3.5f, 0},
        {2, 100, 0, bezier3(1, 0.125f, 1, 0.5f)},
        {3, 0, 0, Curve2(CurveType::Stepped)},
        {4, 0, 0},
        {5, 0, 0, bezier3(0.1f, 0.2f, 0.3f, 0.4f)},
        {6, 0, 0},
        {7, 18446744073709551615.0f, 0},
        {0, 0, 0},
    };
    EXPECT_EQ(keys_of(*r), want);

    // Two values; a scale's absent values are 1.
    r = read_json(doc("3.8.99", "scale", R"([ { "time": 0, "y": 2 }, { "x": -1, "time": 1, "curve": 0.5 }, { "time": 2, "x": 3, "y": 4 } ])"));
    ASSERT_TRUE(r.ok()) << r.error().what();
    EXPECT_EQ(keys_of(*r), (std::vector<BoneKeyframe>{{0, 1, 2}, {1, -1, 1, bezier3(0.5f, 0, 1, 1)}, {2, 3, 4}}));
}

TEST(SpineJsonPlainKeys, Bone4xKeysOfEveryShape) {
    auto r = read_json(doc("4.2.11", "translate", R"([
        { "time": 0.5, "x": 12, "y": -1, "curve": [ 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8 ] },
        { "y": 3, "time": 1 },
        { "curve": "stepped", "time": 2 },
        { "time": 3, "curve": "linear", "x": 0 },
        { "time": 4, "curve": null }
    ])"));
    ASSERT_TRUE(r.ok()) << r.error().what();
    EXPECT_EQ(keys_of(*r), (std::vector<BoneKeyframe>{{0.5f, 12, -1, bezier4({0.1f, 0.2f, 0.3f, 0.4f, 0.5f, 0.6f, 0.7f, 0.8f})},
                                                      {1, 0, 3},
                                                      {2, 0, 0, Curve2(CurveType::Stepped)},
                                                      {3, 0, 0},
                                                      {4, 0, 0}}));

    // One value; a scalex's absent value is 1.
    r = read_json(doc("4.2.11", "scalex", R"([ { "time": 0, "curve": [ 1, 2, 3, 4 ] }, { "value": 2, "time": 1 } ])"));
    ASSERT_TRUE(r.ok()) << r.error().what();
    EXPECT_EQ(keys_of(*r), (std::vector<BoneKeyframe>{{0, 1, 0, bezier4({1, 2, 3, 4})}, {1, 2, 0}}));
}

TEST(SpineJsonPlainKeys, OtherKeysAreKeptAndReported) {
    // An unknown key (here 3.x's c2 in a 4.x file, and a key of no version) is kept with the animation
    // and reported, as by the general path.
    std::vector<std::string> warnings;
    JsonReadOptions options;
    options.warnings = &warnings;
    auto r = read_json(doc("4.2.11", "rotate", R"([ { "time": 0, "value": 5, "c2": 0.5 }, { "time": 1, "extra": { "a": 1 } } ])"), options);
    ASSERT_TRUE(r.ok()) << r.error().what();
    EXPECT_EQ(keys_of(*r), (std::vector<BoneKeyframe>{{0, 5, 0}, {1, 0, 0}}));
    ASSERT_EQ(warnings.size(), 2u);
    EXPECT_NE(warnings[0].find("/animations/a/bones/hip/rotate/0/c2"), std::string::npos) << warnings[0];
    EXPECT_NE(warnings[1].find("/animations/a/bones/hip/rotate/1/extra"), std::string::npos) << warnings[1];
    auto text = write_json(*r);
    ASSERT_TRUE(text.ok()) << text.error().what();
    EXPECT_NE(text->find("\"c2\""), std::string::npos);
    EXPECT_NE(text->find("\"extra\""), std::string::npos);
}

TEST(SpineJsonPlainKeys, NearNamesAreOtherKeys) {
    // Keys that share a known name's length, first bytes or last bytes are not taken for it: each is an
    // unknown key (kept, reported), and the known members beside it are read as usual.
    for (const char* near : {"tim", "times", "timf", "Time", "x2", "xx", "X", "", "c", "c5", "c22", "curv", "curves", "curvf", "angl",
                             "angles", "vale", "values", "valuf", "yy", "time\\u0000", "ti\\\"e"}) {
        for (const char* version : {"3.8.99", "4.2.11"}) {
            const std::string timeline = std::string(version)[0] == '3' ? "rotate" : "shearx";
            std::vector<std::string> warnings;
            JsonReadOptions options;
            options.warnings = &warnings;
            auto r = read_json(doc(version, timeline, std::string(R"([ { "time": 2, ")") + near + R"(": 9 } ])"), options);
            ASSERT_TRUE(r.ok()) << near << ": " << r.error().what();
            EXPECT_EQ(keys_of(*r), (std::vector<BoneKeyframe>{{2, 0, 0}})) << near;
            EXPECT_EQ(warnings.size(), 1u) << near;
        }
    }
}

TEST(SpineJsonPlainKeys, FaultsKeepTheirErrors) {
    const std::string at3 = "/animations/a/bones/hip/rotate/1";
    const std::string at4 = "/animations/a/bones/hip/translate/1";
    const std::string ok = R"({ "time": 0, "angle": 1 }, )";
    const std::string ok4 = R"({ "time": 0, "x": 1 }, )";
    // A key twice, in a key the quick path would otherwise take.
    expect_error(doc("3.8.99", "rotate", "[ " + ok + R"({ "time": 1, "angle": 2, "time": 3 } ])"), at3 + "/time", "duplicate key");
    expect_error(doc("4.2.11", "translate", "[ " + ok4 + R"({ "curve": "stepped", "x": 2, "curve": "stepped" } ])"), at4 + "/curve", "duplicate key");
    // Values of another kind.
    expect_error(doc("3.8.99", "rotate", "[ " + ok + R"({ "time": null } ])"), at3 + "/time", "number");
    expect_error(doc("3.8.99", "rotate", "[ " + ok + R"({ "time": 1, "angle": "2" } ])"), at3 + "/angle", "number");
    expect_error(doc("4.2.11", "translate", "[ " + ok4 + R"({ "time": 1, "y": 1e39 } ])"), at4 + "/y", "does not fit a 32-bit float");
    // Curves the quick path does not read.
    expect_error(doc("3.8.99", "rotate", "[ " + ok + R"({ "time": 1, "curve": 0.5, "c3": true } ])"), at3 + "/c3", "number");
    expect_error(doc("3.8.99", "rotate", "[ " + ok + R"({ "time": 1, "curve": "bent" } ])"), at3 + "/curve", "unknown curve");
    expect_error(doc("3.8.99", "rotate", "[ " + ok + R"({ "time": 1, "curve": [ 1, 2, 3 ] } ])"), at3 + "/curve", "4 numbers");
    expect_error(doc("3.8.99", "rotate", "[ " + ok + R"({ "time": 1, "curve": [ 1, 2, "3", 4 ] } ])"), at3 + "/curve/2", "number");
    expect_error(doc("4.2.11", "translate", "[ " + ok4 + R"({ "time": 1, "curve": [ 1, 2, 3, 4 ] } ])"), at4 + "/curve", "found 4");
    expect_error(doc("4.2.11", "translate", "[ " + ok4 + R"({ "time": 1, "curve": { "a": 1 } } ])"), at4 + "/curve", "array");
}
