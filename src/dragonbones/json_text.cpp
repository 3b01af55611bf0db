#include "json_text.hpp"

#include <algorithm>
#include <bit>
#include <charconv>
#include <cmath>
#include <iterator>
#include <cstring>

#include <simdjson.h>

#include "rigio/io/json_writer.hpp"

namespace rigio::dragonbones {

void JsonText::value(JsonValue v) {
    switch (v.kind()) {
        case '[': {
            put('[');
            bool first = true;
            for (JsonElements e(v); !e.done(); e.next()) {
                if (!first) put(',');
                first = false;
                value(e.value());  // depth is bounded by the parser's limit
            }
            put(']');
            break;
        }
        case '{': {
            check_keys(v);
            put('{');
            bool first = true;
            for (JsonMembers m(v); !m.done(); m.next()) {
                if (!first) put(',');
                first = false;
                string(m.key());
                put(':');
                value(m.value());
            }
            put('}');
            break;
        }
        case '"': string(v.string()); break;
        case 'l': {
            char* at = room(24);
            size_ += static_cast<std::size_t>(std::to_chars(at, at + 24, v.int64()).ptr - at);
            break;
        }
        case 'u': {
            char* at = room(24);
            size_ += static_cast<std::size_t>(std::to_chars(at, at + 24, v.uint64()).ptr - at);
            break;
        }
        case 'd': {
            double d = 0;
            v.number(d);
            number(d);
            break;
        }
        case 't': put("true"); break;
        case 'f': put("false"); break;
        default: put("null"); break;
    }
}

void JsonText::grow(std::size_t n) {
    const std::size_t capacity = std::max({capacity_ * 2, size_ + n, std::size_t{256}});
    auto bigger = std::make_unique_for_overwrite<char[]>(capacity);
    if (size_) std::memcpy(bigger.get(), buf_.get(), size_);
    buf_ = std::move(bigger);
    capacity_ = capacity;
}

// Duplicate keys: compared pairwise in small objects, sorted in larger ones.
void JsonText::check_keys(JsonValue object) {
    if (duplicate_key_) return;
    keys_.clear();
    for (JsonMembers m(object); !m.done(); m.next()) keys_.push_back(m.key());
    if (keys_.size() <= 16) {
        for (std::size_t a = 1; a < keys_.size(); ++a)
            for (std::size_t b = 0; b < a; ++b)
                if (keys_[a] == keys_[b]) duplicate_key_ = true;
        return;
    }
    std::sort(keys_.begin(), keys_.end());
    duplicate_key_ = std::adjacent_find(keys_.begin(), keys_.end()) != keys_.end();
}

// rigio's JSON string escaping is simdjson's: '"', '\\' and control characters; everything else as it is.
void JsonText::string(std::string_view s) {
    // Most strings need no escaping: copied between their quotes. Others are escaped by the shared writer.
    for (const char ch : s) {
        const auto c = static_cast<unsigned char>(ch);
        if (c < 0x20 || c == '"' || c == '\\') {
            escaped_.clear();
            io::append_json_string(escaped_, s);
            put(escaped_);
            return;
        }
    }
    char* at = room(s.size() + 2);
    at[0] = '"';
    std::memcpy(at + 1, s.data(), s.size());
    at[s.size() + 1] = '"';
    size_ += s.size() + 2;
}

// ---- values copied from the document ---------------------------------------------------------------

namespace {
// Whether any of the 8 bytes of `w` is a space or control character (<= 0x20) or a backslash
// (the classic SWAR tests for a byte below n and for a zero byte: exact as a yes / no).
bool space_or_escape(std::uint64_t w) {
    constexpr std::uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
    const std::uint64_t backslashes = w ^ (ones * '\\');
    return (((w - ones * 0x21) & ~w) | ((backslashes - ones) & ~backslashes)) & highs;
}
}  // namespace

// Whether the number token `p` (`size` characters up to the next token, which simdjson has read as a
// JSON number) is what value() prints for it: an integer of up to 15 digits (an int64, printed by
// std::to_chars), other than "-0"; or a nonzero decimal of at most 7 significant digits with 1 to 4
// decimals and no trailing zero ("5.0" has its one zero), which print_short_decimal prints with the
// same digits (the double nearest m / 10^k has m as its integer nearest d * 10^4 / 10^(4-k)). Read 16
// bytes at a time: a token's size is known, and its characters are digits, '-', '.', 'e', 'E', '+'.
[[gnu::always_inline]] inline bool JsonText::canonical_number(const char* p, std::size_t size) const {
    if (size == 0 || size > 16) return false;
    std::uint64_t lo = 0, hi = 0;
    const std::size_t room = static_cast<std::size_t>(text_.data() + text_.size() - p);
    if (size <= 8 && room >= 8) {  // most numbers: one word
        std::memcpy(&lo, p, 8);
        lo &= ~std::uint64_t{0} >> (64 - 8 * size);
    } else if (room >= 16) {
        std::memcpy(&lo, p, 8);
        std::memcpy(&hi, p + 8, 8);
        if (size < 16) hi &= ~std::uint64_t{0} >> (64 - 8 * (size - 8));
    } else {  // (near the end of the text)
        char bytes[16] = {};
        std::memcpy(bytes, p, size);
        std::memcpy(&lo, bytes, 8);
        std::memcpy(&hi, bytes + 8, 8);
    }
    // (Only the token's bytes are kept, little-endian: the first byte is the lowest.) A number's characters
    // are digits (0x30-0x39), '-' (0x2D), '.' (0x2E) and, with an exponent, 'e' (0x65) or 'E' (0x45) and
    // '+': an exponent is a byte with bit 6 set, and the dot the one byte with bit 1 set and bit 4 clear.
    constexpr std::uint64_t kBit0 = 0x0101010101010101ull;
    if ((lo | hi) & (kBit0 << 6)) return false;
    const std::uint64_t dot_lo = (lo >> 1) & ~(lo >> 4) & kBit0, dot_hi = (hi >> 1) & ~(hi >> 4) & kBit0;
    const bool negative = p[0] == '-';
    if (!dot_lo && !dot_hi) return size - negative <= 15 && !(negative && p[1] == '0');
    const std::size_t dot = dot_lo ? std::countr_zero(dot_lo) / 8 : 8 + std::countr_zero(dot_hi) / 8;
    const std::size_t decimals = size - dot - 1;
    if (decimals < 1 || decimals > 4) return false;
    const char last = p[size - 1];
    if (dot == negative + std::size_t{1} && p[negative] == '0') return last != '0';  // "0.5", not "0.0", "0.50"
    return (last != '0' || decimals == 1) && size - negative - 1 <= 7;  // (its first digit is not 0)
}

bool JsonText::copied(JsonValue v, std::string_view& out) {
    // The token where v starts: the tape and the token index are walked together from where the last
    // call left them (each tape word is one token, a number's two words one; ',' and ':' have no word).
    const std::size_t n = tokens_.size();
    const std::uint32_t* const tokens = tokens_.data();  // (each inside the text: see the constructor)
    const char* const text = text_.data();
    std::size_t word = word_, token = token_;
    auto past_separators = [&] {
        while (token < n && (text[tokens[token]] == ',' || text[tokens[token]] == ':')) ++token;
    };
    while (word < v.index()) {
        word += v.at(word).is_number() ? 2 : 1;
        ++token;
        past_separators();
    }
    word_ = word, token_ = token;  // (kept when v is printed after all: later values are found from here)
    waiting_ = 0;
    if (token >= n || text[tokens[token]] != v.kind()) {
        tokens_ = {};  // (never: the index and the tape agree) every value is printed from here on
        return false;
    }

    // The value's tokens, each from its start to the next one's. Its text is what value() prints when
    // it holds no space or escape (checked over the whole text below) and each number is written as
    // value() prints it (canonical_number): then each token is as value() prints it, and nothing else
    // lies between them.
    constexpr std::uint32_t kArray = static_cast<std::uint32_t>(-1);  // open_: an array (no keys)
    keys_.clear();
    bool as_printed = true, repeated_key = false, key_next = false;
    std::size_t words = 0, at = token, depth = 0;
    const std::size_t start = tokens[token];
    for (;; ++at) {
        if (at + 1 >= n) return false;  // (never: a closing token follows)
        const std::size_t from = tokens[at], size = tokens[at + 1] - from;
        const char c = text[from];
        if (c == ',') {
            key_next = open_[depth - 1] != kArray;
            continue;
        }
        if (c == ':') continue;
        ++words;
        if (c == '{' || c == '[') {
            if (depth == open_.size()) return false;  // (never: deeper than the parser reads)
            open_[depth++] = c == '{' ? static_cast<std::uint32_t>(keys_.size()) : kArray;
            key_next = c == '{';
        } else if (c == '}' || c == ']') {
            if (depth == 0) return false;  // (never)
            const std::uint32_t open = open_[--depth];
            if (open != kArray) {
                repeated_key = repeated_key || keys_repeat(open);
                keys_.resize(open);
            }
            if (depth == 0) break;
        } else if (c == '"') {
            if (key_next) keys_.emplace_back(text + from + 1, size - 2);
            key_next = false;
        } else if (c != 't' && c != 'f' && c != 'n') {
            ++words;
            as_printed = as_printed && canonical_number(text + from, size);
        }
    }
    // The tape and the index agree on where the value ends; later values are found from after it.
    if (words != v.after() - v.index()) {
        tokens_ = {};  // (never)
        return false;
    }
    word_ = v.after();
    token = at + 1;
    past_separators();
    token_ = token;
    if (!as_printed) return false;

    // No space (between tokens or in a string) nor escape in the text, 8 bytes at a time.
    const char* p = text + start;
    const char* const stop = text + tokens_[at] + 1;
    for (; stop - p >= 8; p += 8) {
        std::uint64_t w;
        std::memcpy(&w, p, sizeof w);
        if (space_or_escape(w)) return false;
    }
    for (; p < stop; ++p)
        if (static_cast<unsigned char>(*p) <= 0x20 || *p == '\\') return false;
    if (repeated_key) duplicate_key_ = true;
    out = std::string_view(text + start, static_cast<std::size_t>(stop - (text + start)));
    return true;
}

// Whether an object's keys, keys_[from, end), name one twice (as check_keys compares them).
bool JsonText::keys_repeat(std::size_t from) {
    const auto first = keys_.begin() + static_cast<std::ptrdiff_t>(from);
    if (keys_.size() - from <= 16) {
        for (auto a = first; a != keys_.end(); ++a)
            for (auto b = first; b != a; ++b)
                if (*a == *b) return true;
        return false;
    }
    std::sort(first, keys_.end());
    return std::adjacent_find(first, keys_.end()) != keys_.end();
}

namespace {
// "00" to "99": two digits per step when printing an integer.
constexpr char kDigitPairs[] =
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
    "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
    "8081828384858687888990919293949596979899";

// Writes the `count` last decimal digits of `v` (zero-padded) to out[0, count).
void put_digits(std::uint32_t v, std::size_t count, char* out) {
    char* p = out + count;
    while (p - out >= 2) {
        p -= 2;
        std::memcpy(p, kDigitPairs + 2 * (v % 100), 2);
        v /= 100;
    }
    if (p != out) *--p = static_cast<char>('0' + v % 10);
}

std::size_t digit_count(std::uint32_t v) {
    std::size_t n = 1;
    for (std::uint32_t bound = 10; n < 10 && v >= bound; bound *= 10) ++n;
    return n;
}
}  // namespace

std::size_t print_short_decimal(double d, char* out) {
    if (!(d != 0 && d > -1e7 && d < 1e7)) return 0;  // (also NaN)
    // The one decimal with at most 4 decimals that can read back as d (two such differ by 1e-4, far
    // more than d's rounding interval) is the integer nearest d * 10^4 over 10^4: it does when that
    // division, correctly rounded (both are exact doubles), gives d.
    const double x = d * 1e4;
    const auto m = static_cast<std::int64_t>(x < 0 ? x - 0.5 : x + 0.5);
    if (static_cast<double>(m) / 1e4 != d) return 0;
    // Its fewest decimals: the k digits of the fraction left once trailing zeros are dropped.
    const auto u = static_cast<std::uint64_t>(m < 0 ? -m : m);
    const auto whole = static_cast<std::uint32_t>(u / 10000);  // (|d| < 10^7)
    auto fraction = static_cast<std::uint32_t>(u % 10000);
    std::size_t k = 0;
    if (fraction != 0) {
        k = 4;
        while (fraction % 10 == 0) {
            fraction /= 10;
            --k;
        }
    }
    static constexpr std::uint64_t kPow10[] = {1, 10, 100, 1000, 10000};
    if (whole * kPow10[k] + fraction >= 10'000'000) return 0;  // more than 7 significant digits
    char* p = out;
    if (m < 0) *p++ = '-';
    const std::size_t whole_digits = digit_count(whole);
    put_digits(whole, whole_digits, p);
    p += whole_digits;
    *p++ = '.';
    if (k == 0) *p++ = '0';  // "5.0"
    put_digits(fraction, k, p);
    p += k;
    return static_cast<std::size_t>(p - out);
}

void JsonText::print(double d) {
    char* at = room(32);
    std::size_t size = print_short_decimal(d, at);  // most numbers written with a fraction
    if (size == 0) size = static_cast<std::size_t>(simdjson::internal::to_chars(at, nullptr, d) - at);  // simdjson's own
    size_ += size;
}

void JsonText::number(double d) {
    // The first numbers of a document are printed directly: making the table touches all its slots (up to
    // 512 KB), which only a document with many numbers kept as text repays (5.6 timelines); most files
    // keep a few (userData, 5.5 "canvas"), for which making it cost more than their whole printing.
    if (printed_directly_ < kPrintedDirectly) {
        ++printed_directly_;
        print(d);
        return;
    }
    if (!printed_) {
        const std::size_t slots = std::size_t{1} << printed_bits_;
        printed_ = std::make_unique_for_overwrite<Printed[]>(slots);  // (not zeroed: only `size` is read first)
        for (std::size_t i = 0; i < slots; ++i) printed_[i].size = 0;  // empty: no printed number is empty
    }
    // The remembered text first: even a short decimal's printing (a division, then the digits) costs
    // more than the look-up, and most doubles of a 5.6 timeline are repeats.
    std::uint64_t bits;
    std::memcpy(&bits, &d, sizeof bits);
    Printed& p = printed_[(bits * 0x9E3779B97F4A7C15ull) >> (64 - printed_bits_)];
    if (p.size == 0 || p.bits != bits) {
        char text[32];
        std::size_t size = print_short_decimal(d, text);  // most numbers written with a fraction
        if (size == 0) size = static_cast<std::size_t>(simdjson::internal::to_chars(text, nullptr, d) - text);  // simdjson's own
        if (size > sizeof p.text) {  // (never: shortest digits of a double fit 23 characters)
            put(std::string_view(text, size));
            return;
        }
        p.bits = bits;
        p.size = static_cast<std::uint8_t>(size);
        std::memcpy(p.text, text, size);
    }
    std::memcpy(room(sizeof p.text), p.text, sizeof p.text);  // the whole slot: one fixed-size copy
    size_ += p.size;
}

}  // namespace rigio::dragonbones
