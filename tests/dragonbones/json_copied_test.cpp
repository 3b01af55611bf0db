// Values kept as text are taken from the document when it holds what JsonText would print for them
// (JsonText::copied, json_text.cpp): found through simdjson's token index and checked token by token.
// The text must be the printed one byte for byte, with the same duplicate-key finding, whatever the
// document holds: spaces, escapes, numbers in any form, repeated keys, nesting.
#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include "../../src/dragonbones/json_tape.hpp"
#include "../../src/dragonbones/json_text.hpp"
#include "db_test_util.hpp"
#include "rigio/io/json_input.hpp"

namespace rigio::dragonbones {
namespace {

struct Walk {
    std::size_t values = 0, copied = 0;  // containers compared; of them, taken from the document
};

// Compares, for every container `at_depth` levels below the root, in document order, the text JsonText
// gives with the token index (copied when it can) and without it (always printed).
Walk compare(const std::string& text, std::size_t at_depth) {
    ParsedJson parsed;
    Walk w;
    if (!parsed.parse(text, io::kMaxJsonDepth)) {
        ADD_FAILURE() << "not JSON: " << text.substr(0, 80);
        return w;
    }
    JsonText with(text, parsed.tokens()), printed(text, {});
    std::function<void(JsonValue, std::size_t)> visit = [&](JsonValue v, std::size_t depth) {
        if (!v.is_object() && !v.is_array()) return;
        if (depth == at_depth) {
            const std::string_view a = with.of(v);
            const bool from_text = a.data() >= text.data() && a.data() < text.data() + text.size();
            const std::string expected(printed.of(v));
            EXPECT_EQ(std::string(a), expected) << "value at tape word " << v.index();
            ++w.values;
            w.copied += from_text;
            return;
        }
        if (v.is_object())
            for (JsonMembers m(v); !m.done(); m.next()) visit(m.value(), depth + 1);
        else
            for (JsonElements e(v); !e.done(); e.next()) visit(e.value(), depth + 1);
    };
    visit(parsed.root(), 0);
    EXPECT_EQ(with.saw_duplicate_key(), printed.saw_duplicate_key()) << "at depth " << at_depth;
    return w;
}

TEST(DragonBonesCopiedText, CorpusValuesAreThePrintedOnes) {
    Walk all;
    for (const auto& p : test::skeletons({"4.0", "4.5", "5.0", "5.5", "5.6"})) {
        const std::string text = test::text_of(p);
        for (std::size_t depth = 1; depth <= 5; ++depth) {
            const Walk w = compare(text, depth);
            all.values += w.values;
            all.copied += w.copied;
        }
    }
    EXPECT_GT(all.copied, 1000u) << "of " << all.values;  // minified files' large values are copied
}

// Every form a token can take, alone and mixed among canonical numbers, minified or spaced.
TEST(DragonBonesCopiedText, AnyTokenFormGivesThePrintedText) {
    const std::vector<std::string> odd = {
        "1e5",   "1E-3",  "0.10", "-0",     "-0.0",    "0.0",       "0",       "5.0",       "5.00",  "1.23456789",
        "12345678.5", "1234567.5", "999.9999", "9999999", "0.00001", "0.0001", "-0.5", "007.5" /* (not JSON) */,
        "123456789012345678", "1234567890123456", "123456789012345", "-123456789012345", "1.5e300", "100e0", "3.14159",
        "\"a\"", "\"b\\\"q\"", "\"tab\\t\"", "\"\\u00e9\"", "\"\xC3\xA9\"", "\"sl\\/\"", "\"a b\"", "true", "false",
        "null", "[]", "{}", "{\"a\":1,\"a\":2}", "{\"a\":1,\"b\":{\"c\":[1.5,2]}}", "{\"k\":{\"k\":{\"k\":1}}}",
        "{\"x\":[{\"y\":1,\"y\":2}]}", "{\"a\\u0062\":1,\"ab\":2}", "{\"ab\":1,\"a\\u0062\":2}"};
    std::size_t copied = 0, values = 0;
    for (const std::string& token : odd) {
        if (token == "007.5") continue;
        for (const char* space : {"", " ", "\n  "}) {
            std::string list;
            for (int i = 0; i < 24; ++i) list += std::string(i ? "," : "") + space + std::to_string(i * 7 - 50) + ".25";
            const std::string spaced_colon = std::string(":") + space;
            const std::string doc = "{\"before\":[1.5,2.5],\"kept\":[" + list + "," + token + "," + list + "],\"obj\":{\"v\"" +
                                    spaced_colon + token + ",\"w\":[" + list + "]},\"after\":" + token + "}";
            // (and last in the text: its numbers are read near the end of the text)
            const std::string last = "{\"kept\":[" + list + "," + token + "]}";
            for (std::size_t depth = 1; depth <= 3; ++depth)
                for (const std::string* text : {&doc, &last}) {
                    const Walk w = compare(*text, depth);
                    copied += w.copied;
                    values += w.values;
                }
        }
    }
    EXPECT_GT(copied, 0u) << "of " << values;
}

}  // namespace
}  // namespace rigio::dragonbones
