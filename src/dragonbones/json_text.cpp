#include "json_text.hpp"

#include <algorithm>
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
