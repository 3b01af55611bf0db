// The DragonBones reader reads simdjson's tape itself and finds duplicate keys while reading, instead
// of the shared JSON layer's pass (json_reader.cpp, json_tape.hpp). Its errors must stay those of the
// shared layer (io::JsonDocument): the same message and path, and a duplicate key anywhere in the text
// reported before any other fault; numbers read from the tape must equal simdjson's get_double.
#include <gtest/gtest.h>
#include <simdjson.h>

#include <limits>
#include <string>
#include <vector>

#include "../../src/dragonbones/json_text.hpp"
#include "db_test_util.hpp"
#include "rigio/dragonbones/json.hpp"
#include "rigio/io/json_input.hpp"

namespace rigio::dragonbones {
namespace {

// A 5.5 skeleton with `frame` as the one frame of a bone's translateFrame, `display` as its display
// and `extra` inserted first in the root object.
std::string skeleton(const std::string& frame, const std::string& display = R"({"name":"img"})",
                     const std::string& extra = "") {
    return R"({)" + extra + R"("frameRate":24,"name":"t","version":"5.5","armature":[{"name":"a","bone":[{"name":"root"}],)"
           R"("slot":[{"name":"s","parent":"root"}],"skin":[{"slot":[{"name":"s","display":[)" + display +
           R"(]}]}],"animation":[{"name":"run","bone":[{"name":"root","translateFrame":[)" + frame + R"(]}]}]}]})";
}

// The error the shared layer gives for `text` (it must give one).
Error shared_layer_error(const std::string& text) {
    try {
        io::JsonDocument doc(text);
    } catch (const Error& e) {
        return e;
    }
    ADD_FAILURE() << "io::JsonDocument accepted: " << text;
    return Error("accepted");
}

void expect_shared_layer_error(const std::string& text) {
    std::vector<std::string> warnings;
    auto r = read_json(text, JsonReadOptions{.warnings = &warnings});
    ASSERT_FALSE(r.ok()) << "accepted: " << text;
    const Error expected = shared_layer_error(text);
    EXPECT_STREQ(r.error().what(), expected.what()) << text;
    EXPECT_EQ(r.error().where().json_path, expected.where().json_path);
    EXPECT_EQ(r.error().where().line, expected.where().line);
    EXPECT_EQ(r.error().where().column, expected.where().column);
    EXPECT_TRUE(warnings.empty()) << "the shared layer fails before anything is read: " << warnings.front();
}

TEST(DragonBonesTape, DuplicateKeysAreTheSharedLayersErrors) {
    // A name of the key table twice; twice with its second value refused by the table ("value" is a
    // number or a colour object); a name the table does not know twice.
    expect_shared_layer_error(skeleton(R"({"duration":1,"x":2,"duration":3})"));
    expect_shared_layer_error(skeleton(R"({"duration":1,"value":1,"value":{}})"));
    expect_shared_layer_error(skeleton(R"({"duration":1,"zz":1,"x":2,"zz":2})"));
    expect_shared_layer_error(skeleton(R"({"x":1})", R"({"name":"img","transform":{"x":1,"y":2,"x":3}})"));
    // Inside values kept as written (userData, unknown keys), at any depth.
    expect_shared_layer_error(skeleton(R"({"x":1})", R"({"name":"img","userData":{"a":1,"a":2}})"));
    expect_shared_layer_error(skeleton(R"({"x":1,"custom":[[{"b":1,"c":2,"b":3}]]})"));
    expect_shared_layer_error(skeleton(R"({"x":1})", R"({"name":"img"})", R"("canvas":{"k":{"z":1,"z":2}},)"));
    // More unknown keys than the reader compares itself, with one duplicated among them.
    std::string many;
    for (int i = 0; i < 20; ++i) many += "\"u" + std::to_string(i) + "\":" + std::to_string(i) + ",";
    expect_shared_layer_error(skeleton(R"({)" + many + R"("u3":0})"));
    // The root object.
    expect_shared_layer_error(R"({"version":"5.5","armature":[],"version":"5.5"})");
}

// An empty text (a string_view whose data() is null, as a cut-off read gives) is the shared layer's
// error, without handing simdjson a null pointer (UBSan flagged it).
TEST(DragonBonesTape, AnEmptyTextIsTheSharedLayersError) {
    auto r = read_json(std::string_view{});
    ASSERT_FALSE(r.ok());
    EXPECT_STREQ(r.error().what(), shared_layer_error("").what());
}

TEST(DragonBonesTape, ADuplicateKeyIsReportedBeforeAnEarlierFault) {
    // A wrong type, an unknown bone and a version warning come first in the text; the duplicate key
    // is still the error, as when the shared layer looked for it before reading.
    expect_shared_layer_error(skeleton(R"({"x":"wide"})", R"({"name":"img","userData":{"a":1,"a":2}})"));
    expect_shared_layer_error(R"({"version":4.5,"armature":[{"name":"a","bone":[{"name":"b","parent":"nobody"}]}],"k":{"q":1,"q":1}})");
}

TEST(DragonBonesTape, ManyUnknownKeysWithoutADuplicateRead) {
    std::string many;
    for (int i = 0; i < 40; ++i) many += "\"u" + std::to_string(i) + "\":" + std::to_string(i) + ",";
    const DragonBonesData d = test::read_ok(skeleton(R"({)" + many + R"("x":5})"), "many unknown keys");
    const Frame& f = d.armature[0].animation->at(0).bone->at(0).translateFrame->at(0);
    ASSERT_EQ(f.rare().extra.size(), 40u);
    EXPECT_EQ(f.rare().extra[39].first, "u39");
    EXPECT_EQ(f.rare().extra[39].second.text, "39");
    EXPECT_EQ(f.x->value(), 5);
}

TEST(DragonBonesTape, NumbersAreSimdjsonsDoubles) {
    const std::vector<std::string> numbers = {"0",      "-0",       "1",         "-1",  "9007199254740993", "-9223372036854775808",
                                              "18446744073709551615", "0.1", "1e300", "-1.7976931348623157e308",
                                              "5e-324", "2.5E+3",   "123456.789"};
    for (const std::string& n : numbers) {
        const DragonBonesData d = test::read_ok(skeleton(R"({"x":)" + n + R"(,"curve":[)" + n + "," + n + "]}"), n);
        const Frame& f = d.armature[0].animation->at(0).bone->at(0).translateFrame->at(0);
        simdjson::dom::parser parser;
        const simdjson::padded_string padded(n);
        double expected = 0;
        ASSERT_EQ(parser.parse(padded).get_double().get(expected), simdjson::SUCCESS) << n;
        EXPECT_EQ(f.x->value(), expected) << n;
        EXPECT_TRUE(f.x->raw().empty()) << n;
        ASSERT_EQ(f.curve->size(), 2u);
        EXPECT_EQ((*f.curve)[1].value(), expected) << n;
    }
}

TEST(DragonBonesTape, WarningsAndErrorsNameTheValueFoundInTheTape) {
    std::vector<std::string> warnings;
    const std::string text = skeleton(R"({"x":1},{"x":2})", R"({"name":7,"type":"odd"})");
    auto r = read_json(text, JsonReadOptions{.warnings = &warnings});
    ASSERT_TRUE(r.ok()) << r.error().what();
    EXPECT_EQ(warnings, (std::vector<std::string>{"/armature/0/skin/0/slot/0/display/0/name: name written as a number",
                                                  "/armature/0/skin/0/slot/0/display/0: unknown display type \"odd\" (kept as written)"}));
    auto bad = read_json(skeleton(R"({"x":1},{"duration":1,"x":[1]})"));
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.error().where().json_path, "/armature/0/animation/0/bone/0/translateFrame/1/x");
    EXPECT_EQ(bad.error().where().line, 1);
    bad = read_json(skeleton(R"({"curve":[0,1,"c"]})"));
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.error().where().json_path, "/armature/0/animation/0/bone/0/translateFrame/0/curve/2");
}

TEST(DragonBonesTape, TheReusedParserReadsEveryTextAfterAFailure) {
    const std::string good = skeleton(R"({"x":1})");
    std::string big = skeleton(R"({"x":1})", R"({"name":"img","userData":")" + std::string(200000, 'a') + R"("})");
    EXPECT_TRUE(read_json(big).ok());
    EXPECT_FALSE(read_json(R"({"version":"5.5","armature":[)").ok());
    EXPECT_FALSE(read_json(std::string(300, '[') + std::string(300, ']')).ok());
    auto again = read_json(good);
    ASSERT_TRUE(again.ok()) << again.error().what();
    EXPECT_EQ(again->armature[0].animation->at(0).bone->at(0).translateFrame->at(0).x->value(), 1);
    // Read while another read's model is alive: each holds its own values.
    auto first = read_json(skeleton(R"({"x":10})"));
    auto second = read_json(skeleton(R"({"x":20})"));
    ASSERT_TRUE(first.ok() && second.ok());
    EXPECT_EQ(first->armature[0].animation->at(0).bone->at(0).translateFrame->at(0).x->value(), 10);
    EXPECT_EQ(second->armature[0].animation->at(0).bone->at(0).translateFrame->at(0).x->value(), 20);
}

// Unknown keys are kept as simdjson prints them; short decimals are printed by rigio's fast path,
// which must give simdjson's text. It was checked offline on every decimal of its domain (0 < |m| < 10^7,
// 0 to 4 decimals: 10^8 numbers); here every one below 10^5 and a sample of the rest.
TEST(DragonBonesTape, ShortDecimalsPrintAsSimdjsonPrintsThem) {
    static const double scale[] = {1, 10, 100, 1000, 10000};
    std::size_t declined = 0, checked = 0;
    auto check = [&](double d) {
        char fast[32], slow[32];
        const std::size_t n = print_short_decimal(d, fast);
        const char* end = simdjson::internal::to_chars(slow, nullptr, d);
        ++checked;
        if (n == 0) {
            ++declined;
            return;
        }
        ASSERT_EQ(std::string(fast, n), std::string(slow, static_cast<std::size_t>(end - slow))) << d;
    };
    for (int k = 0; k < 5; ++k) {
        for (long m = 1; m < 100000; ++m) {
            check(static_cast<double>(m) / scale[k]);
            check(static_cast<double>(-m) / scale[k]);
        }
        for (long m = 100000; m < 10000000; m += 997) check(static_cast<double>(m) / scale[k]);
    }
    EXPECT_EQ(declined, 0u) << "of " << checked;
    // Anything else goes the slow way.
    char out[32];
    for (double d : {0.0, -0.0, 0.1 + 0.2, 1e-5, 0.00001234, 1e7, -12345678.5, 1.0 / 3, 3.14159265, 1e300,
                     std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity()})
        EXPECT_EQ(print_short_decimal(d, out), 0u) << d;
}

// A document's first numbers kept as text are printed directly, the later ones through the table of
// printed doubles (JsonText::kPrintedDirectly): either way the text is simdjson's, repeats and numbers
// outside the short-decimal domain included.
TEST(DragonBonesTape, KeptNumbersPrintTheSameBeforeAndAfterTheTable) {
    std::string list, expected;
    for (int i = 0; i < 6000; ++i) {
        double d = static_cast<double>(i % 1500) / 8 - 90;
        if (i % 7 == 0) d = 1.0 / (i + 3);  // not a short decimal
        if (i % 11 == 0) d = -1e-9 * i;
        char text[32];
        const std::string printed(text, static_cast<std::size_t>(simdjson::internal::to_chars(text, nullptr, d) - text));
        list += (i ? "," : "") + printed;
        expected += (i ? "," : "") + printed;
    }
    // (A space in the list: the text is not what would be printed, so it is printed, not copied.)
    const DragonBonesData d = test::read_ok(skeleton(R"({"x":1})", R"({"name":"img"})", R"("canvas":[ )" + list + "],"),
                                            "numbers kept as text");
    ASSERT_EQ(d.extra.size(), 1u);
    EXPECT_EQ(d.extra[0].second.text, "[" + expected + "]");
}

}  // namespace
}  // namespace rigio::dragonbones
