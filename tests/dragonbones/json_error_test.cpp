// Malformed and dirty DragonBones JSON: errors name the JSON path (and line/column); dirty values that
// real files contain are accepted and written back as they were.
#include <gtest/gtest.h>

#include <string>

#include "rigio/dragonbones/json.hpp"
#include "rigio/format.hpp"

namespace rigio::dragonbones {
namespace {

// A small valid 4.5 skeleton, edited by the tests.
std::string skeleton(const std::string& bones, const std::string& animation = "[]") {
    return R"({"name":"t","version":"4.5","frameRate":24,"isGlobal":0,"armature":[{"name":"a","bone":)" + bones +
           R"(,"slot":[{"name":"s","parent":"root"}],"skin":[{"name":"","slot":[{"name":"s","display":[{"name":"img"}]}]}],"animation":)" +
           animation + "}]}";
}
const std::string kBones = R"([{"name":"root"},{"name":"arm","parent":"root","transform":{"x":1}}])";

Error error_of(const std::string& text) {
    auto r = read_json(text);
    EXPECT_FALSE(r.ok()) << "accepted: " << text;
    return r.ok() ? Error("accepted") : r.error();
}

TEST(DragonBonesErrors, ValidSkeletonReads) {
    auto r = read_json(skeleton(kBones));
    ASSERT_TRUE(r.ok()) << r.error().what();
    EXPECT_EQ(r->armature[0].bone->at(1).parent_index, 0);
    EXPECT_EQ(r->armature[0].slot->at(0).parent_index, 0);
}

TEST(DragonBonesErrors, SyntaxErrorsHaveLineAndColumn) {
    Error e = error_of("{\n\"version\":\"4.5\",\n\"armature\":[}\n");
    EXPECT_EQ(e.where().line, 3);
    EXPECT_GT(e.where().column, 0);
    error_of("");
    error_of("{\"version\":\"5.5\",\"armature\":[");
}

TEST(DragonBonesErrors, WrongStructureNamesThePath) {
    EXPECT_EQ(error_of(R"({"version":"5.5","armature":{}})").where().json_path, "/armature");
    EXPECT_EQ(error_of(R"({"version":"5.5","armature":[{"bone":[1]}]})").where().json_path, "/armature/0/bone/0");
    EXPECT_EQ(error_of(R"({"version":"5.5","frameRate":"fast","armature":[]})").where().json_path, "/frameRate");
    EXPECT_EQ(error_of(R"({"frameRate":24,"armature":[]})").where().json_path, "/");
    EXPECT_EQ(error_of(R"({"version":"5.5"})").where().json_path, "/");
}

TEST(DragonBonesErrors, UnknownNamesAreErrors) {
    Error e = error_of(skeleton(R"([{"name":"root"},{"name":"arm","parent":"nobody"}])"));
    EXPECT_EQ(e.where().json_path, "/armature/0/bone/1/parent");
    EXPECT_NE(std::string(e.what()).find("nobody"), std::string::npos);
    EXPECT_GT(e.where().line, 0);
    e = error_of(skeleton(R"([{"name":"a","parent":"b"},{"name":"b","parent":"a"}])"));
    EXPECT_NE(std::string(e.what()).find("cycle"), std::string::npos);
    EXPECT_EQ(error_of(skeleton(R"([{"transform":{}}])")).where().json_path, "/armature/0/bone/0");
}

TEST(DragonBonesErrors, BadFramesNameTheirPath) {
    const std::string neg = R"([{"name":"run","duration":2,"bone":[{"name":"arm","frame":[{"duration":1},{"duration":-3}]}]}])";
    EXPECT_EQ(error_of(skeleton(kBones, neg)).where().json_path, "/armature/0/animation/0/bone/0/frame/1/duration");
    const std::string str = R"([{"name":"run","slot":[{"name":"s","frame":[{"color":{"aM":"half"}}]}]}])";
    EXPECT_EQ(error_of(skeleton(kBones, str)).where().json_path, "/armature/0/animation/0/slot/0/frame/0/color/aM");
    const std::string arr = R"([{"name":"run","ffd":[{"name":"m","frame":[{"vertices":[1,{}]}]}]}])";
    EXPECT_EQ(error_of(skeleton(kBones, arr)).where().json_path, "/armature/0/animation/0/ffd/0/frame/0/vertices/1");
}

std::string mesh(const std::string& keys) {
    return R"({"version":"5.5","armature":[{"name":"a","bone":[{"name":"root"}],"slot":[{"name":"s","parent":"root"}],)"
           R"("skin":[{"slot":[{"name":"s","display":[{"name":"m","type":"mesh","vertices":[0,0,10,0,0,10],)" +
           keys + "}]}]}]}]}";
}

TEST(DragonBonesErrors, MeshArraysMustAgree) {
    ASSERT_TRUE(read_json(mesh(R"("uvs":[0,0,1,0,0,1],"triangles":[0,1,2],"weights":[1,0,1,1,0,1,1,0,1],"bonePose":[0,1,0,0,1,0,0])")).ok());
    const std::string at = "/armature/0/skin/0/slot/0/display/0";
    EXPECT_EQ(error_of(mesh(R"("triangles":[0,1,3])")).where().json_path, at + "/triangles/2");
    EXPECT_EQ(error_of(mesh(R"("uvs":[0,0])")).where().json_path, at + "/uvs");
    EXPECT_EQ(error_of(mesh(R"("weights":[1,0,1,1,5,1,1,0,1])")).where().json_path, at + "/weights/4");
    EXPECT_EQ(error_of(mesh(R"("weights":[1,0,1,1,0,1])")).where().json_path, at + "/weights");
    EXPECT_EQ(error_of(mesh(R"("weights":[9,0,1])")).where().json_path, at + "/weights/0");
    EXPECT_EQ(error_of(mesh(R"("bonePose":[3,1,0,0,1,0,0])")).where().json_path, at + "/bonePose/0");
    EXPECT_EQ(error_of(mesh(R"("slotPose":[1,0,0])")).where().json_path, at + "/slotPose");
}

TEST(DragonBonesErrors, LongParentChainsAreFine) {
    std::string bones = R"([{"name":"b0"})";
    for (int i = 1; i < 20000; ++i) bones += R"(,{"name":"b)" + std::to_string(i) + R"(","parent":"b)" + std::to_string(i - 1) + "\"}";
    bones += "]";
    auto r = read_json(R"({"version":"5.5","armature":[{"name":"a","bone":)" + bones + "}]}");
    ASSERT_TRUE(r.ok()) << r.error().what();
    EXPECT_EQ(r->armature[0].bone->back().parent_index, 19998);
}

TEST(DragonBonesErrors, DeepNestingIsRefused) {
    std::string deep = R"({"version":"5.5","armature":[{"userData":)" + std::string(5000, '[') + std::string(5000, ']') + "}]}";
    error_of(deep);
}

TEST(DragonBonesErrors, DirtyValuesAreReadAndKept) {
    // Numbers as strings, "NaN", null easing, 0/1 flags, "true" strings, unknown keys, userData of any type.
    const std::string anim =
        R"([{"name":"run","duration":"4","bone":[{"name":"arm","frame":[{"duration":2,"tweenEasing":"NaN","transform":{"x":"1.5"}},)"
        R"({"duration":2,"tweenEasing":null},{"duration":0,"tweenEasing":0}]}],"mystery":{"k":[1,2]}}])";
    std::string text = skeleton(R"([{"name":"root","inheritScale":0,"userData":[1,"a",null]},{"name":"arm","parent":"root"}])", anim);
    std::vector<std::string> warnings;
    JsonReadOptions opts;
    opts.warnings = &warnings;
    auto r = read_json(text, opts);
    ASSERT_TRUE(r.ok()) << r.error().what();
    const Animation& an = r->armature[0].animation->at(0);
    EXPECT_EQ(an.duration->value(), 4);
    const Frames& f = *an.bone->at(0).frame;
    EXPECT_TRUE(std::isnan(f[0].tweenEasing->value()));
    EXPECT_EQ(f[0].transform->x->value(), 1.5);
    EXPECT_TRUE(std::isnan(f[1].tweenEasing->value()));
    EXPECT_EQ(f[2].tweenEasing->value(), 0);
    EXPECT_FALSE(r->armature[0].bone->at(0).inheritScale->value);
    const std::string out = write_json(*r);
    // The source is minified, so is the rewrite.
    for (const char* kept : {"\"tweenEasing\":\"NaN\"", "\"tweenEasing\":null", "\"tweenEasing\":0", "\"x\":\"1.5\"",
                             "\"duration\":\"4\"", "\"inheritScale\":0", "\"mystery\":{\"k\":[1,2]}", "\"userData\":[1,\"a\",null]"})
        EXPECT_NE(out.find(kept), std::string::npos) << kept << "\n" << out;
    auto again = read_json(out);
    ASSERT_TRUE(again.ok());
    EXPECT_TRUE(*again == *r);
}

TEST(DragonBonesJson, NumbersAreWrittenExactlyInJavaScriptLayout) {
    // (-7.777777777777777e19 and its neighbours: past 64-bit integers, shortest as all digits, which no
    // parser here reads back: written with an exponent.)
    const std::vector<double> values{-0.0003, 1e-7, 1.5e-8, 0.1, 1.0 / 3.0, 123456789.125, 1e20, 1.5e21, -2.5e-300, 5e-324, 1.7976931348623157e308,
                                     -7.777777777777777e19, 1.2345678901234567e19, -9.500000000000001e18, 9.300000000000001e18};
    std::string json = R"({"version":"5.5","armature":[{"name":"a","ffd":0,"aabb":{"x":0}}],"extra":0})";
    DragonBonesData d = read_json(json).value();
    d.armature[0].bone = Vector<Bone>{Bone{}};
    (*d.armature[0].bone)[0].name = "b";
    (*d.armature[0].bone)[0].transform = Transform{};
    Display mesh;
    mesh.name = "m";
    mesh.uvs = Vector<Num>(values.begin(), values.end());
    d.armature[0].skin = Vector<Skin>{Skin{}};
    (*d.armature[0].skin)[0].slot = Vector<SkinSlot>{SkinSlot{}};
    (*(*d.armature[0].skin)[0].slot)[0].display = Vector<Display>{mesh};
    const std::string out = write_json(d);
    EXPECT_NE(out.find("-0.0003"), std::string::npos) << out;
    EXPECT_NE(out.find("0.0000001"), std::string::npos) << out;
    EXPECT_NE(out.find("123456789.125"), std::string::npos) << out;
    auto back = read_json(out);
    ASSERT_TRUE(back.ok()) << back.error().what();
    const auto& uvs = *(*(*back->armature[0].skin)[0].slot)[0].display->at(0).uvs;
    ASSERT_EQ(uvs.size(), values.size());
    for (std::size_t i = 0; i < values.size(); ++i) EXPECT_EQ(uvs[i].value(), values[i]) << i;
}

TEST(DragonBonesErrors, AbsentAndZeroEasingStayApart) {
    const std::string anim = R"([{"name":"run","bone":[{"name":"arm","frame":[{"duration":1},{"duration":1,"tweenEasing":0}]}]}])";
    auto r = read_json(skeleton(kBones, anim));
    ASSERT_TRUE(r.ok());
    const Frames& f = *r->armature[0].animation->at(0).bone->at(0).frame;
    EXPECT_FALSE(f[0].tweenEasing.has_value());
    ASSERT_TRUE(f[1].tweenEasing.has_value());
    const std::string out = write_json(*r);
    EXPECT_EQ(out.find("\"tweenEasing\""), out.rfind("\"tweenEasing\""));  // written once: for the linear key
}

TEST(DragonBonesErrors, InvalidZOrderPairsAreWarnedNotFatal) {
    const std::string anim = R"([{"name":"run","zOrder":{"frame":[{"duration":1,"zOrder":[0,-1]}]}}])";
    std::vector<std::string> warnings;
    JsonReadOptions opts;
    opts.warnings = &warnings;
    auto r = read_json(skeleton(kBones, anim), opts);
    ASSERT_TRUE(r.ok()) << r.error().what();
    ASSERT_FALSE(warnings.empty());
    EXPECT_NE(warnings[0].find("/armature/0/animation/0/zOrder/frame/0/zOrder"), std::string::npos) << warnings[0];
}

TEST(DragonBonesFormat, DetectedFromContent) {
    const std::string db = skeleton(kBones);
    EXPECT_EQ(detect_format({reinterpret_cast<const std::uint8_t*>(db.data()), db.size()}, "x.json"), Format::DragonBonesJson);
    const std::string db_first = R"({"armature":[{"bone":[]}],"version":"4.0"})";
    EXPECT_EQ(detect_format({reinterpret_cast<const std::uint8_t*>(db_first.data()), db_first.size()}), Format::DragonBonesJson);
    const std::string spine = R"({"skeleton":{"spine":"3.8.99"},"bones":[{"name":"root"}],"slots":[]})";
    EXPECT_EQ(detect_format({reinterpret_cast<const std::uint8_t*>(spine.data()), spine.size()}, "x.json"), Format::SpineJson);
    const std::string atlas = R"({"imagePath":"a.png","SubTexture":[],"name":"armature"})";
    EXPECT_FALSE(looks_like_dragonbones_json(atlas));
}

}  // namespace
}  // namespace rigio::dragonbones
