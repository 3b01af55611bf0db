// Reading simdjson's tape directly (rigio/io/json_tape.hpp) gives what simdjson's own accessors give,
// and the duplicate-key check (a walk over the tape) finds the same key, with the same pointer, as a
// plain recursive walk of the DOM.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <functional>
#include <optional>
#include <span>
#include <random>
#include <string>
#include <vector>

#include "rigio/io/json_input.hpp"
#include "rigio/io/json_tape.hpp"

namespace rigio::io {
namespace {

simdjson::dom::element parse(simdjson::dom::parser& parser, const std::string& text) {
    return parser.parse(simdjson::padded_string(text)).value();
}

TEST(JsonTape, NumbersAreThoseOfGetDouble) {
    const char* numbers[] = {"0", "-0", "1", "-1", "0.1", "-2.5", "1e308", "-1.7976931348623157e308", "4.9e-324", "2.2250738585072014e-308",
                             "3.4028235e38", "3.4028236e38", "9007199254740993", "9223372036854775807", "-9223372036854775808",
                             "9223372036854775808", "18446744073709551615", "123456789.123456789", "1E2", "1e-7", "65535", "-65536"};
    simdjson::dom::parser parser;
    for (const char* n : numbers) {
        const simdjson::dom::element e = parse(parser, std::string("[") + n + "]").at(0).value();
        double want = 0, got = 0;
        ASSERT_EQ(e.get_double().get(want), simdjson::SUCCESS) << n;
        ASSERT_TRUE(tape::number(e, got)) << n;
        EXPECT_EQ(std::memcmp(&want, &got, sizeof want), 0) << n << ": " << want << " != " << got;
        std::int64_t want_i = 0, got_i = 0;
        const bool int64 = e.type() == simdjson::dom::element_type::INT64;
        EXPECT_EQ(tape::int64(e, got_i), int64) << n;
        if (int64) {
            ASSERT_EQ(e.get_int64().get(want_i), simdjson::SUCCESS);
            EXPECT_EQ(want_i, got_i) << n;
        }
    }
    for (const char* other : {"\"1\"", "true", "false", "null", "[]", "{}", "[1]"}) {
        const simdjson::dom::element e = parse(parser, std::string("[") + other + "]").at(0).value();
        double d = 0;
        std::int64_t i = 0;
        EXPECT_FALSE(tape::number(e, d)) << other;
        EXPECT_FALSE(tape::int64(e, i)) << other;
    }
}

TEST(JsonTape, MemberIsTheFirstOfThatName) {
    simdjson::dom::parser parser;
    const std::string text = R"({"a": {"x": [1, {"y": 2}]}, "time": 1.5, "": null, "t\u0041": "A", "ab": 2, "a": 3,
                                 "curve": [0.1, 0.2, 0.3, 0.4], "n": 9223372036854775807, "last": {}})";
    const simdjson::dom::object o = parse(parser, text).get_object().value();
    for (const char* key : {"a", "time", "", "tA", "ab", "curve", "n", "last", "missing", "tim", "times", "t\\u0041"}) {
        auto want = o[key];
        auto got = member(o, key);
        ASSERT_EQ(want.error() == simdjson::SUCCESS, got.has_value()) << key;
        if (got) {
            EXPECT_EQ(simdjson::to_string(want.value()), simdjson::to_string(*got)) << key;
        }
    }
    // A duplicated name gives its first member, as obj[key] does.
    EXPECT_EQ(simdjson::to_string(*member(o, "a")), R"({"x":[1,{"y":2}]})");
    const simdjson::dom::object empty = parse(parser, "{}").get_object().value();
    EXPECT_FALSE(member(empty, "a"));
}

TEST(JsonTape, EachVisitsTheElementsInOrder) {
    simdjson::dom::parser parser;
    const simdjson::dom::array a = parse(parser, R"([1, -2, 3.5, "s", [4, [5]], {"k": [6]}, true, null, 18446744073709551615, {}])").get_array().value();
    std::vector<std::string> want, got;
    for (simdjson::dom::element e : a) want.push_back(simdjson::to_string(e));
    tape::each(a, [&](simdjson::dom::element e) { got.push_back(simdjson::to_string(e)); });
    EXPECT_EQ(want, got);
    int visits = 0;
    tape::each(parse(parser, "[]").get_array().value(), [&](simdjson::dom::element) { ++visits; });
    EXPECT_EQ(visits, 0);
}

// The reference: a recursive walk of the DOM, each object's keys checked when it is reached (document
// order, an object before the objects inside it); of a small object's keys, the one whose second
// occurrence comes first.
void append_token(std::string& p, std::string_view t) { append_pointer_token(p, t); }
std::optional<std::string> reference_duplicate(simdjson::dom::element e, std::vector<std::string_view>& at, std::string pointer,
                                               DuplicateKeysAllowed allow) {
    if (e.is_array()) {
        std::size_t i = 0;
        const simdjson::dom::array a = e.get_array().value();
        for (simdjson::dom::element x : a) {
            std::string p = pointer;
            append_token(p, std::to_string(i++));
            at.push_back({});
            auto found = reference_duplicate(x, at, p, allow);
            at.pop_back();
            if (found) return found;
        }
        return std::nullopt;
    }
    if (!e.is_object()) return std::nullopt;
    const simdjson::dom::object o = e.get_object().value();
    if (!(allow && allow(at)) && o.size() > 16) {
        // A large object: its keys are sorted, and the first of them in that order that repeats is named.
        std::vector<std::string_view> keys;
        for (auto field : o) keys.push_back(field.key);
        std::sort(keys.begin(), keys.end());
        if (auto dup = std::adjacent_find(keys.begin(), keys.end()); dup != keys.end()) {
            append_token(pointer, *dup);
            return pointer;
        }
    } else if (!(allow && allow(at))) {
        std::vector<std::string_view> keys;
        for (auto field : o) {
            for (std::string_view k : keys)
                if (k == field.key) {
                    append_token(pointer, k);
                    return pointer;
                }
            keys.push_back(field.key);
        }
    }
    for (auto field : o) {
        std::string p = pointer;
        append_token(p, field.key);
        at.push_back(field.key);
        auto found = reference_duplicate(field.value, at, p, allow);
        at.pop_back();
        if (found) return found;
    }
    return std::nullopt;
}

std::optional<std::string> duplicate_of(const std::string& text, DuplicateKeysAllowed allow) {
    try {
        JsonDocument doc(text, kMaxJsonDepth, allow);
        return std::nullopt;
    } catch (const Error& e) {
        EXPECT_NE(std::string(e.what()).find("duplicate key"), std::string::npos) << e.what();
        return e.where().json_path;
    }
}

bool allow_under_m(std::span<const std::string_view> path) { return path.size() == 1 && path[0] == "m"; }

// Checks `rounds` documents made by `value` with and without an exempt object against the recursive
// walk; returns how many had a duplicate key.
int compare_with_reference(const std::function<void(std::string&, int)>& value, int rounds) {
    int with_duplicates = 0;
    for (int round = 0; round < rounds; ++round) {
        std::string text;
        value(text, 0);
        for (DuplicateKeysAllowed allow : {static_cast<DuplicateKeysAllowed>(nullptr), &allow_under_m}) {
            simdjson::dom::parser parser;
            std::vector<std::string_view> at;
            const auto want = reference_duplicate(parse(parser, text), at, "", allow);
            EXPECT_EQ(duplicate_of(text, allow), want) << text;
            with_duplicates += want.has_value();
        }
    }
    return with_duplicates;
}

TEST(JsonTape, DuplicateKeysInDocumentOrder) {
    // The outer object is reported although the inner one's duplicate comes first in the text.
    EXPECT_EQ(duplicate_of(R"({"a": {"x": 1, "x": 2}, "a": 1})", nullptr), "/a");
    EXPECT_EQ(duplicate_of(R"([[1, 2, 3, 4, 5, 6, 7, 8, 9, {"k": 0}], {"o": [{"p": 1, "q": [2.5, {"k": 1, "k": 2}]}]}])", nullptr), "/1/o/0/q/1/k");
    EXPECT_EQ(duplicate_of(R"({"m": {"t": [1], "t": [2]}, "n": {"t": 1, "t": 2}})", allow_under_m), "/n/t");
    EXPECT_EQ(duplicate_of(R"({"m": {"t": [{"z": 1, "z": 1}], "t": [2]}})", allow_under_m), "/m/t/0/z");
    EXPECT_EQ(duplicate_of(R"({"a~b/c": {"e": 1, "e": 2}})", nullptr), "/a~0b~1c/e");
    EXPECT_EQ(duplicate_of(R"({"x": 1, "y": 2, "z": 3, "y": 4, "x": 5})", nullptr), "/y");
    EXPECT_EQ(duplicate_of(R"({"x": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], "y": "s", "x": null})", nullptr), "/x");
    EXPECT_EQ(duplicate_of("[1, 2.5, -3, 4, 5e3, 6, 7, 8, 9, \"s\", true, null, {}]", nullptr), std::nullopt);
    EXPECT_EQ(duplicate_of("7", nullptr), std::nullopt);
}

// Documents shaped like Spine's: arrays of keyframe objects, long runs of numbers with a container
// somewhere in them (after and inside the runs of four the check steps over at once), objects of more
// than 16 keys (checked by sorting), nesting several levels deep, under exempt and checked objects.
TEST(JsonTape, DuplicateKeysInLargeObjectsAndLongArraysAsARecursiveWalkFindsThem) {
    std::mt19937 rng(38);
    const char* names[] = {"time", "x", "y", "curve", "m", "c2", "c3", "c4", "angle", "a/b", "t~", "name", "bone", "slot",
                           "color", "dark", "vertices", "uvs", "triangles", "edges", "hull", "width", "height", "path"};
    std::function<void(std::string&, int)> value = [&](std::string& out, int depth) {
        const int kind = depth > 5 ? static_cast<int>(rng() % 3) : static_cast<int>(rng() % 7);
        if (kind == 0) out += std::to_string(static_cast<int>(rng() % 100) - 50);
        else if (kind == 1) out += "-0.125";
        else if (kind == 2) out += rng() % 2 ? "\"s\"" : (rng() % 2 ? "true" : "null");
        else if (kind == 3) {
            // A run of numbers (ints and doubles) with at most one other value somewhere in it.
            out += '[';
            const int n = static_cast<int>(rng() % 40);
            const int other = static_cast<int>(rng() % 48);
            for (int i = 0; i < n; ++i) {
                if (i) out += ',';
                if (i == other) value(out, depth + 1);
                else out += i % 3 ? std::to_string(i * 0.25) : std::to_string(i);
            }
            out += ']';
        } else if (kind == 4) {
            out += '[';  // keyframes
            const int n = static_cast<int>(rng() % 6);
            for (int i = 0; i < n; ++i) {
                if (i) out += ',';
                out += "{\"time\":" + std::to_string(i) + (rng() % 8 ? ",\"x\":1" : ",\"time\":2") + "}";
            }
            out += ']';
        } else {
            out += '{';
            const bool large = rng() % 3 == 0;
            const int n = large ? 17 + static_cast<int>(rng() % 8) : static_cast<int>(rng() % 6);
            std::vector<int> order(std::size(names));
            for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
            std::shuffle(order.begin(), order.end(), rng);
            for (int i = 0; i < n; ++i) {
                if (i) out += ',';
                out += '"';
                // Mostly distinct keys; now and then one that may repeat.
                out += names[rng() % 10 == 0 ? rng() % std::size(names) : static_cast<std::size_t>(order[static_cast<std::size_t>(i)])];
                out += "\":";
                value(out, depth + 1);
            }
            out += '}';
        }
    };
    EXPECT_GT(compare_with_reference(value, 2000), 100);
    // One large object with a repeated key, which sorting finds although a later pair comes first.
    EXPECT_EQ(duplicate_of(R"({"k": 1, "q": 0, "a1": 1, "a2": 1, "a3": 1, "a4": 1, "a5": 1, "a6": 1, "a7": 1, "a8": 1,
                               "a9": 1, "b1": 1, "b2": 1, "b3": 1, "b4": 1, "q": 1, "b5": 1, "k": 2})", nullptr), "/k");
}

TEST(JsonTape, DuplicateKeysAsARecursiveWalkFindsThem) {
    // Random documents of small objects (names from a short list, so that some repeat) and arrays
    // (some of numbers only), checked with and without an exempt object.
    std::mt19937 rng(20);
    const char* names[] = {"time", "x", "y", "curve", "m", "c2", "a/b", "t~"};
    std::function<void(std::string&, int)> value = [&](std::string& out, int depth) {
        const int kind = depth > 4 ? static_cast<int>(rng() % 3) : static_cast<int>(rng() % 6);
        if (kind == 0) out += std::to_string(static_cast<int>(rng() % 100) - 50);
        else if (kind == 1) out += "1.25";
        else if (kind == 2) out += "\"s\"";
        else if (kind == 3) {
            out += '[';
            const int n = static_cast<int>(rng() % 12);
            for (int i = 0; i < n; ++i) {
                if (i) out += ',';
                if (rng() % 4 == 0) value(out, depth + 1);
                else out += std::to_string(i * 0.5);
            }
            out += ']';
        } else {
            out += '{';
            const int n = static_cast<int>(rng() % 5);
            for (int i = 0; i < n; ++i) {
                if (i) out += ',';
                out += '"';
                out += names[rng() % (rng() % 3 == 0 ? 8 : 4)];
                out += "\":";
                value(out, depth + 1);
            }
            out += '}';
        }
    };
    EXPECT_GT(compare_with_reference(value, 3000), 100);  // the documents do exercise the check
}

}  // namespace
}  // namespace rigio::io

// tape::same compares keys by overlapping word loads: equal to string equality for every length up to
// 40, whichever byte differs (first, last, inside each word, in the overlap).
TEST(JsonTape, SameIsStringEqualityAtEveryLengthAndPosition) {
    const std::string base = "abcdefghijklmnopqrstuvwxyz0123456789ABCDEF";
    for (std::size_t n = 0; n <= 40; ++n) {
        const std::string a = base.substr(0, n);
        std::string b = a;
        EXPECT_TRUE(rigio::io::tape::same(a, b)) << n;
        for (std::size_t i = 0; i < n; ++i) {
            b[i] = '#';
            EXPECT_FALSE(rigio::io::tape::same(a, b)) << n << " differing at " << i;
            b[i] = a[i];
        }
        if (n > 0) {
            EXPECT_FALSE(rigio::io::tape::same(a, a.substr(0, n - 1))) << n;
        }
    }
}
