// Private to the DragonBones JSON reader: the text of a JSON value as simdjson::to_string prints it
// (minified, strings escaped and numbers formatted as simdjson does), written into a reused buffer.
// Unknown keys are kept as this text; 5.6 files hold most of their animation data in them (~850 KB of
// the 1 MB of shizuku_ske.json), where to_string's builder and its number printing were ~15% of a read.
#pragma once

#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "json_tape.hpp"

namespace rigio::dragonbones {

// The text simdjson::internal::to_chars prints for `d` when d is a short decimal: the double nearest to
// m / 10^k for an integer 0 < |m| < 10^7 and 0 <= k <= 4 (DragonBones numbers are mostly such, e.g.
// -574.8, 0.25). Writes it to `out` (at least 24 chars) and returns its size; 0 for any other double,
// which the caller prints the slow way. The printing is rigio's own; the test checks it against
// simdjson's on every such decimal (json_tape_test.cpp).
std::size_t print_short_decimal(double d, char* out);

class JsonText {
public:
    // `text_size`: the size of the document, which sizes the remembered doubles.
    explicit JsonText(std::size_t text_size) {
        while (printed_bits_ < 14 && (std::size_t{64} << printed_bits_) < text_size) ++printed_bits_;
    }

    // The text of `v`, valid until the next call.
    std::string_view of(JsonValue v) {
        size_ = 0;
        value(v);
        return {buf_.get(), size_};
    }

    // Whether an object printed so far named a key twice (the reader's duplicate-key check covers the
    // objects it reads itself; these are the rest).
    bool saw_duplicate_key() const { return duplicate_key_; }

private:
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
    std::vector<std::string_view> keys_;  // scratch of check_keys
    bool duplicate_key_ = false;
};

}  // namespace rigio::dragonbones
