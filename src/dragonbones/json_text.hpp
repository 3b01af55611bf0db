// Private to the DragonBones JSON reader: the text of a JSON value as simdjson::to_string prints it
// (minified, strings escaped and numbers formatted as simdjson does), written into a reused buffer.
// Unknown keys are kept as this text; 5.6 files hold most of their animation data in them (~850 KB of
// the 1 MB of shizuku_ske.json), where to_string's builder and its number printing were ~15% of a read.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "json_tape.hpp"
#include "rigio/io/json_input.hpp"

namespace rigio::dragonbones {

// The text simdjson::internal::to_chars prints for `d` when d is a short decimal: the double nearest to
// m / 10^k for an integer 0 < |m| < 10^7 and 0 <= k <= 4 (DragonBones numbers are mostly such, e.g.
// -574.8, 0.25). Writes it to `out` (at least 24 chars) and returns its size; 0 for any other double,
// which the caller prints the slow way. The printing is rigio's own; the test checks it against
// simdjson's on every such decimal (json_tape_test.cpp).
std::size_t print_short_decimal(double d, char* out);

class JsonText {
public:
    // `text`: the document, whose size sizes the remembered doubles; `tokens`: simdjson's index of where
    // its tokens start (ParsedJson::tokens; empty: every value is printed).
    JsonText(std::string_view text, std::span<const std::uint32_t> tokens) : text_(text), tokens_(tokens) {
        while (printed_bits_ < 14 && (std::size_t{64} << printed_bits_) < text.size()) ++printed_bits_;
        // The index is read from the root on, and only when it starts where the text's value does
        // (not after a byte order mark, which simdjson steps over).
        std::size_t start = 0;
        while (start < text.size() && is_space(text[start])) ++start;
        // Tokens ascend: the last inside the text, all are.
        if (tokens.empty() || tokens[0] != start || start >= text.size() || tokens.back() >= text.size()) tokens_ = {};
    }

    // The text of `v`, valid until the next call.
    std::string_view of(JsonValue v) {
        std::string_view written;
        if (worth_copying(v) && copied(v, written)) return written;
        size_ = 0;
        value(v);
        return {buf_.get(), size_};
    }

    // Whether an object printed so far named a key twice (the reader's duplicate-key check covers the
    // objects it reads itself; these are the rest).
    bool saw_duplicate_key() const { return duplicate_key_; }

private:
    // ---- a large array or object as written, when the text holds what value() would print ----------
    // 5.6 files keep most of their animations as unknown keys (~850 KB of shizuku_ske.json), which are
    // minified decimals as simdjson prints them: their text is taken from the document, found through
    // simdjson's token index, instead of being printed number by number (most of such a read). The
    // text is checked token by token (copied()): anything value() would write differently (a space, an
    // escape, an exponent, a number not in its shortest form) and the value is printed.
    static bool is_space(char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }
    // Containers of at least this many tape words, when walking the tape's words to them (finding a
    // value's token walks them from where the index was left) is repaid: when the values waiting there
    // (this one and those printed since the index was last moved) hold at least 1/16 of the words.
    static constexpr std::size_t kCopiedWords = 16;
    bool worth_copying(JsonValue v) {
        if (tokens_.empty() || !(v.is_object() || v.is_array()) || v.index() < word_) return false;
        const std::size_t words = v.after() - v.index();
        if (words < kCopiedWords) return false;
        waiting_ += words;
        return (v.index() - word_) / 16 <= waiting_;
    }
    bool copied(JsonValue v, std::string_view& out);
    bool canonical_number(const char* p, std::size_t size) const;
    bool keys_repeat(std::size_t from);

    void value(JsonValue v);
    void check_keys(JsonValue object);
    void string(std::string_view s);
    void number(double d);
    void print(double d);  // number() without the table

    // The text is written into a buffer of its own, kept from value to value: `room(n)` makes room for
    // n more characters and returns where they go (a std::string's append per character and per number
    // was ~5% of a 5.6 read, which keeps most of its animations as unknown keys).
    char* room(std::size_t n) {
        if (capacity_ - size_ < n) grow(n);
        return buf_.get() + size_;
    }
    void put(char c) { *room(1) = c, ++size_; }
    void put(std::string_view s) {
        std::memcpy(room(s.size()), s.data(), s.size());
        size_ += s.size();
    }
    void grow(std::size_t n);

    // Printed doubles by bit pattern, looked up before any printing: 5.6 timelines repeat their values
    // (~24k distinct among ~105k in shizuku_ske.json). Created after kPrintedDirectly doubles, with a slot
    // per 64 bytes of text (1,024 to 16,384 slots of 32 bytes, freed with the reader); a miss prints the number
    // (print_short_decimal, else simdjson's own printing), so the text is the same with or without it.
    struct Printed {
        std::uint64_t bits;
        std::uint8_t size;
        char text[23];
    };
    static constexpr std::size_t kPrintedDirectly = 2048;  // numbers printed before the table is made
    std::size_t printed_directly_ = 0;
    int printed_bits_ = 10;
    std::unique_ptr<Printed[]> printed_;
    std::unique_ptr<char[]> buf_;
    std::size_t size_ = 0, capacity_ = 0;
    std::string escaped_;                 // scratch of string() for a string with characters to escape
    std::vector<std::string_view> keys_;  // scratch of check_keys and copied()
    // Scratch of copied(): per open container, its first key in keys_ (a JSON text nests at most
    // io::kMaxJsonDepth deep, which the parser enforces; deeper is refused by copied()).
    std::array<std::uint32_t, io::kMaxJsonDepth + 1> open_;
    std::string_view text_;
    std::span<const std::uint32_t> tokens_;
    std::size_t word_ = 1, token_ = 0;  // a tape word and the token where it starts (1: the root value)
    std::size_t waiting_ = 0;           // words of the values printed since (worth_copying)
    bool duplicate_key_ = false;
};

}  // namespace rigio::dragonbones
