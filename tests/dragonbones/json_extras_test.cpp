// Unknown keys are written back in file order. A display's "offset" (kept at its place in the key table
// for DragonBones Pro's DBDT-style exports) moves there only when it is the first unknown key; found by
// fuzzing (a 5.6 file whose frame-like display objects held "duration", "tweenEasing", "offset").
#include <simdjson.h>

#include "db_test_util.hpp"

namespace rigio::dragonbones {
namespace {

std::string skeleton_with_display(const std::string& display) {
    return R"({"frameRate":24,"name":"x","version":"5.5","compatibleVersion":"5.5","armature":[{"name":"a",)"
           R"("bone":[{"name":"root"}],"slot":[{"name":"s","parent":"root"}],)"
           R"("skin":[{"slot":[{"name":"s","display":[)" + display + R"(]}]}]}]})";
}

// The keys of the first display as written, in order.
std::vector<std::string> display_keys(const std::string& text) {
    std::vector<std::string> keys;
    std::size_t at = text.find(R"("display":[{)");
    EXPECT_NE(at, std::string::npos);
    const std::size_t end = text.find('}', at);
    for (std::size_t q = text.find('"', at + 12); q < end; q = text.find('"', q + 1)) {
        const std::size_t close = text.find('"', q + 1);
        if (text[close + 1] == ':') keys.push_back(text.substr(q + 1, close - q - 1));
        q = close;
    }
    return keys;
}

TEST(DragonBonesExtras, UnknownKeysKeepTheirFileOrderAroundOffset) {
    const std::string text = skeleton_with_display(R"({"duration":60,"tweenEasing":0,"offset":2,"value":[1,2]})");
    const DragonBonesData first = test::read_ok(text, "source");
    const std::string written = write_json(first);
    EXPECT_EQ(display_keys(written), (std::vector<std::string>{"duration", "tweenEasing", "offset", "value"}));
    const DragonBonesData second = test::read_ok(written, "rewrite");
    EXPECT_TRUE(second == first) << written;
    EXPECT_EQ(write_json(second), written);
}

TEST(DragonBonesExtras, AFirstOffsetStaysAtItsPlaceBeforeTheVertices) {
    const std::string text =
        skeleton_with_display(R"({"type":"mesh","name":"m","offset":7,"vertices":[0,0,1,0,0,1],"custom":1})");
    const DragonBonesData first = test::read_ok(text, "source");
    const std::string written = write_json(first);
    EXPECT_EQ(display_keys(written), (std::vector<std::string>{"type", "name", "offset", "vertices", "custom"}));
    EXPECT_TRUE(test::read_ok(written, "rewrite") == first) << written;
}

}  // namespace
}  // namespace rigio::dragonbones

namespace rigio::dragonbones {
namespace {

// Unknown values are kept as the text simdjson::to_string gives (the reader prints them itself, with
// the doubles it has printed remembered): the same text for escapes, control characters, big and
// negative integers, doubles (repeated, so that the remembered text is used) and nesting.
TEST(DragonBonesExtras, UnknownValuesAreKeptAsSimdjsonPrintsThem) {
    const std::string value =
        R"({"s":"a\"b\\c\/d\b\f\n\r\t\u0001\u001f\u00e9\u20ac x","k\"ey":[1,-2,18446744073709551615,-9223372036854775808,)"
        R"(0.1,0.10,1.0,-0.0,1e300,-1.7976931348623157e308,5e-324,1.5e-7,0.62,0.62,0.63,0.1],)"
        R"("n":null,"t":true,"f":false,"e":{},"a":[],"deep":[[[{"x":[0.5,{"y":0.25}]}]]]})";
    const std::string text = R"({"version":"5.5","armature":[],"unknown":)" + value + "}";
    auto d = read_json(text);
    ASSERT_TRUE(d.ok()) << d.error().what();
    ASSERT_EQ(d->extra.size(), 1u);
    simdjson::dom::parser parser;
    const simdjson::padded_string padded(value);
    simdjson::dom::element parsed;
    ASSERT_EQ(parser.parse(padded).get(parsed), simdjson::SUCCESS);
    EXPECT_EQ(d->extra[0].second.text, simdjson::to_string(parsed));
}

}  // namespace
}  // namespace rigio::dragonbones
