// JsonWriter, reflow_json and the JSON input helpers: escaping, shortest floats, layouts, located errors.
#include <gtest/gtest.h>

#include <cstring>

#include <simdjson.h>

#include "rigio/io/json_input.hpp"
#include "rigio/io/json_writer.hpp"

namespace rigio::io {
namespace {

TEST(JsonWriter, CompactWithCommasAndEscapes) {
    std::string out;
    JsonWriter w(out);
    w.begin_object();
    w.member("name", "a\"b\\c\n\x01");
    w.member("n", 3);
    w.key("list");
    w.begin_array();
    w.number(0.1f);
    w.null();
    w.boolean(false);
    w.begin_object();
    w.end_object();
    w.end_array();
    w.end_object();
    EXPECT_EQ(out, R"({"name":"a\"b\\c\n\u0001","n":3,"list":[0.1,null,false,{}]})");
}

TEST(JsonWriter, FloatsAreShortestAndExact) {
    for (float f : {0.1f, 1.0f / 3.0f, -0.0f, 123456.789f, 1e-30f, 3.4e38f, 8.0f}) {
        std::string s;
        append_json_number(s, f);
        EXPECT_EQ(std::strtof(s.c_str(), nullptr), f) << s;
    }
    std::string s;
    append_json_number(s, 8.0f);
    EXPECT_EQ(s, "8");
    s.clear();
    append_json_number(s, 0.1f);
    EXPECT_EQ(s, "0.1");
}

// Some doubles past 64-bit integers have a shortest form that is all digits (-77777777777777770496 for
// -7.777777777777777e19), which simdjson refuses as an integer it cannot hold: those keep an exponent,
// and every double comes back from its text exactly, through the parser rigio reads with.
TEST(JsonWriter, DoublesPastInt64ReadBack) {
    simdjson::dom::parser parser;
    for (double d : {-7.777777777777777e19, 1.2345678901234567e19, -9.500000000000001e18, 9.300000000000001e18, 1e20, 0.1,
                     -9.2233720368547e18, 123456789012345678.0, 1.7976931348623157e308}) {
        std::string s;
        append_json_number(s, d);
        double back = 0;
        ASSERT_EQ(parser.parse(s).get(back), simdjson::SUCCESS) << s;
        EXPECT_EQ(back, d) << s;
    }
    std::string s;
    append_json_number(s, 123456789012345678.0);  // (an integer inside int64 stays digits)
    EXPECT_EQ(s, "123456789012345680");
}

TEST(JsonWriter, TabsStyle) {
    std::string out;
    JsonWriter w(out, JsonWriter::Style::Tabs);
    w.begin_object();
    w.member("a", 1);
    w.key("b");
    w.begin_array();
    w.end_array();
    w.end_object();
    EXPECT_EQ(out, "{\n\t\"a\": 1,\n\t\"b\": []\n}");
}

TEST(Reflow, ShortFlatObjectsStayOnOneLine) {
    std::string compact = R"({"bones":[{"name":"root"},{"name":"hip","parent":"root","x":1,"y":2,"a":3,"b":4,"c":5}],"v":[1,2,3],"e":{}})";
    ReflowOptions o;
    o.one_line_object_members = 6;
    o.flush_top_level = true;
    EXPECT_EQ(reflow_json(compact, o),
              "{\n\"bones\": [\n\t{ \"name\": \"root\" },\n\t{\n\t\t\"name\": \"hip\",\n\t\t\"parent\": \"root\",\n"
              "\t\t\"x\": 1,\n\t\t\"y\": 2,\n\t\t\"a\": 3,\n\t\t\"b\": 4,\n\t\t\"c\": 5\n\t}\n],\n\"v\": [ 1, 2, 3 ],\n"
              "\"e\": {}\n}\n");
}

TEST(JsonInput, SyntaxErrorsHaveLineAndColumn) {
    std::string text = "{\n  \"a\": [1, 2,,]\n}";
    try {
        JsonDocument doc(text);
        FAIL() << "accepted malformed JSON";
    } catch (const Error& e) {
        EXPECT_EQ(e.where().line, 2);
        EXPECT_EQ(e.where().column, 14);  // the second ','
        EXPECT_NE(std::string(e.what()).find("expected a value"), std::string::npos) << e.what();
    }
}

TEST(JsonInput, DeepNestingIsRejected) {
    std::string text(10000, '[');
    EXPECT_THROW(JsonDocument doc(text), Error);
    std::string ok = std::string(100, '[') + std::string(100, ']');
    EXPECT_NO_THROW(JsonDocument doc(ok));
    std::string what;
    auto at = find_json_syntax_error(std::string(300, '[') + std::string(300, ']'), kMaxJsonDepth, &what);
    ASSERT_TRUE(at.has_value());
    EXPECT_NE(what.find("nesting"), std::string::npos);
}

TEST(JsonInput, DuplicateKeysAreRejectedWithTheirPath) {
    // A small object (compared pairwise) inside an array inside an object.
    const std::string small = "{\"anims\": {\"run\": [{\"time\": 0}, {\"time\": 1,\n \"x\": 2, \"time\": 3}]}}";
    try {
        JsonDocument doc(small);
        FAIL() << "accepted a duplicate key";
    } catch (const Error& e) {
        EXPECT_EQ(e.where().json_path, "/anims/run/1/time");
        EXPECT_EQ(e.where().line, 1);
        EXPECT_NE(std::string(e.what()).find("duplicate key \"time\""), std::string::npos) << e.what();
    }
    // A large object (sorted): 40 distinct names, then one repeated.
    std::string large = "{\"bones\": {";
    for (int i = 0; i < 40; ++i) large += "\"b" + std::to_string(i) + "\": " + std::to_string(i) + ", ";
    large += "\"b17\": 0}}";
    try {
        JsonDocument doc(large);
        FAIL() << "accepted a duplicate key in a large object";
    } catch (const Error& e) {
        EXPECT_EQ(e.where().json_path, "/bones/b17");
    }
    // The same names in different objects, and equal values, are fine.
    EXPECT_NO_THROW(JsonDocument doc("{\"a\": {\"x\": 1}, \"b\": {\"x\": 1}, \"c\": [{\"x\": 1}, {\"x\": 1}]}"));
}

// DuplicateCheck::Deferred: the check runs when check_duplicates is called, with the same error, and steps
// over the containers whose tape index the caller marks as verified (and everything inside them).
TEST(JsonInput, DeferredDuplicateCheckStepsOverVerifiedContainers) {
    const std::string text = "{\"a\": [{\"x\": 1, \"x\": 2}], \"b\": {\"y\": [{\"z\": 0, \"z\": 0}]}}";
    EXPECT_THROW(JsonDocument now(text), Error);
    JsonDocument doc(text, kMaxJsonDepth, nullptr, DuplicateCheck::Deferred);
    std::vector<std::uint64_t> verified((doc.tape_size() + 63) / 64, 0);
    auto mark = [&](simdjson::dom::element e) {
        const std::size_t i = tape::ref(e).json_index;
        ASSERT_LT(i, doc.tape_size());
        verified[i >> 6] |= std::uint64_t{1} << (i & 63);
    };
    try {
        doc.check_duplicates(verified.data());
        FAIL() << "accepted a duplicate key";
    } catch (const Error& e) {
        EXPECT_EQ(e.where().json_path, "/a/0/x");
    }
    mark(doc.root()["a"].value());  // the array holding the first duplicate: the second is found
    try {
        doc.check_duplicates(verified.data());
        FAIL() << "accepted a duplicate key";
    } catch (const Error& e) {
        EXPECT_EQ(e.where().json_path, "/b/y/0/z");
        EXPECT_GT(e.where().line, 0);
    }
    mark(doc.root()["b"].value());
    EXPECT_NO_THROW(doc.check_duplicates(verified.data()));
    EXPECT_THROW(doc.check_duplicates(), Error);  // without marks, everything is checked
}

TEST(JsonInput, TruncatedAndTrailing) {
    EXPECT_TRUE(find_json_syntax_error("{\"a\":1", 64, nullptr).has_value());
    EXPECT_TRUE(find_json_syntax_error("{} x", 64, nullptr).has_value());
    EXPECT_TRUE(find_json_syntax_error("\"abc", 64, nullptr).has_value());
    EXPECT_FALSE(find_json_syntax_error(" {\"a\": [1.5e3, -0, \"x\\u0041\", true, null]} ", 64, nullptr).has_value());
}

TEST(JsonInput, PointerLocatesValue) {
    std::string text = "{\"a\": {\"b~/c\": [10, 20,\n {\"d\": 5}]}}";
    auto at = locate_json_pointer(text, "/a/b~0~1c/2/d");
    ASSERT_TRUE(at.has_value());
    EXPECT_EQ(text[*at], '5');
    EXPECT_FALSE(locate_json_pointer(text, "/a/x").has_value());
    EXPECT_FALSE(locate_json_pointer(text, "/a/b~0~1c/3").has_value());
}

// The path is a stack of steps rendered only when asked for: the pointer is the same as the one
// appended key by key (escapes, indices), a temporary key is kept for its scope, and leaving a scope
// gives back the outer path.
TEST(JsonInput, PathRendersItsPointerWhenAsked) {
    const std::string text = "{\"a/b\": {\"c~d\": [10,\n {\"e\": 5}]}, \"\": 1}";
    JsonPath path(text);
    EXPECT_EQ(path.pointer(), "");
    EXPECT_EQ(path.location().json_path, "/");
    {
        JsonPath::Scope a(path, "a/b");
        JsonPath::OwnedScope c(path, std::string("c~") + "d");  // a temporary key, kept by the path
        JsonPath::Scope one(path, std::size_t{1});
        EXPECT_EQ(path.pointer(), "/a~1b/c~0d/1");
        {
            const std::string e = "e";
            JsonPath::Scope se(path, e);
            EXPECT_EQ(path.pointer(), "/a~1b/c~0d/1/e");
            const Location at = path.location();
            EXPECT_EQ(at.json_path, "/a~1b/c~0d/1/e");
            EXPECT_EQ(at.line, 2);
            EXPECT_EQ(at.column, 8);
        }
        EXPECT_EQ(path.pointer(), "/a~1b/c~0d/1");
        EXPECT_EQ(path.location_of("e").json_path, "/a~1b/c~0d/1/e");
        try {
            path.fail_at("e", "bad");
            ADD_FAILURE() << "fail_at returned";
        } catch (const Error& err) {
            EXPECT_EQ(err.where().json_path, "/a~1b/c~0d/1/e");
            EXPECT_EQ(err.where().line, 2);
        }
    }
    EXPECT_EQ(path.pointer(), "");
    {
        JsonPath::Scope empty(path, std::string_view());  // the empty key
        EXPECT_EQ(path.pointer(), "/");
        for (std::size_t i = 0; i < 100; ++i) {  // deeper than the steps reserved up front
            JsonPath::Scope deep(path, i);
            if (i == 99) {
                EXPECT_EQ(path.pointer(), "//99");
            }
        }
        EXPECT_EQ(path.pointer(), "/");
    }
    EXPECT_EQ(path.pointer(), "");
}

TEST(JsonInput, TypedGettersNameThePath) {
    std::string text = "{\"bones\": [{\"name\": 5}]}";
    JsonDocument doc(text);
    JsonPath path(text);
    auto bones = as_array(*member(as_object(doc.root(), path), "bones"), path);
    JsonPath::Scope s1(path, "bones");
    JsonPath::Scope s2(path, std::size_t{0});
    auto bone = as_object(bones.at(0).value(), path);
    JsonPath::Scope s3(path, "name");
    try {
        (void)as_string(*member(bone, "name"), path);
        FAIL();
    } catch (const Error& e) {
        EXPECT_EQ(e.where().json_path, "/bones/0/name");
        EXPECT_EQ(e.where().line, 1);
        EXPECT_EQ(e.where().column, 21);
        EXPECT_NE(std::string(e.what()).find("expected a string, found a number"), std::string::npos);
    }
}

TEST(JsonInput, FloatRange) {
    std::string text = "[1e39, 2.5, 7, 7.5]";
    JsonDocument doc(text);
    JsonPath path(text);
    auto a = as_array(doc.root(), path);
    EXPECT_THROW(as_float(a.at(0).value(), path), Error);
    EXPECT_EQ(as_float(a.at(1).value(), path), 2.5f);
    EXPECT_EQ(as_integer(a.at(2).value(), path), 7);
    EXPECT_THROW(as_integer(a.at(3).value(), path), Error);
}

}  // namespace
}  // namespace rigio::io

namespace rigio::io {
namespace {
// Found by fuzzing: simdjson rejects integers beyond 64 bits; the locator must say where.
TEST(JsonInput, NumbersOutOfRangeAreLocated) {
    for (std::string text : {"{\"y\": 1502222222222222222222222222222}", "[1, 2e999]", "[-99999999999999999999]"}) {
        try {
            JsonDocument doc(text);
            FAIL() << "accepted " << text;
        } catch (const Error& e) {
            EXPECT_TRUE(e.where().byte.has_value()) << e.what();
            EXPECT_EQ(e.where().line, 1) << e.what();
        }
    }
    EXPECT_NO_THROW(JsonDocument doc("[18446744073709551615, -9223372036854775808, 1.7e308]"));
}
}  // namespace
}  // namespace rigio::io

namespace rigio::io {
namespace {
TEST(JsonInput, InvalidUtf8IsLocated) {
    std::string text = "{\"name\":\n \"ab\xC3\x28\"}";
    try {
        JsonDocument doc(text);
        FAIL();
    } catch (const Error& e) {
        EXPECT_EQ(e.where().byte, std::optional<std::size_t>(13));
        EXPECT_EQ(e.where().line, 2);
        EXPECT_NE(std::string(e.what()).find("UTF-8"), std::string::npos);
    }
}
}  // namespace
}  // namespace rigio::io
