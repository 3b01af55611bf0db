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
            out_ += '[';
            bool first = true;
            for (JsonElements e(v); !e.done(); e.next()) {
                if (!first) out_ += ',';
                first = false;
                value(e.value());  // depth is bounded by the parser's limit
            }
            out_ += ']';
            break;
        }
        case '{': {
            check_keys(v);
            out_ += '{';
            bool first = true;
            for (JsonMembers m(v); !m.done(); m.next()) {
                if (!first) out_ += ',';
                first = false;
                string(m.key());
                out_ += ':';
                value(m.value());
            }
            out_ += '}';
            break;
        }
        case '"': string(v.string()); break;
        case 'l': {
            char digits[24];
            out_.append(digits, std::to_chars(digits, digits + sizeof digits, v.int64()).ptr);
            break;
        }
        case 'u': {
            char digits[24];
            out_.append(digits, std::to_chars(digits, digits + sizeof digits, v.uint64()).ptr);
            break;
        }
        case 'd': {
            double d = 0;
            v.number(d);
            number(d);
            break;
        }
        case 't': out_ += "true"; break;
        case 'f': out_ += "false"; break;
        default: out_ += "null"; break;
    }
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
void JsonText::string(std::string_view s) { io::append_json_string(out_, s); }

std::size_t print_short_decimal(double d, char* out) {
    if (!(d != 0 && d > -1e7 && d < 1e7)) return 0;  // (also NaN)
    // The one decimal with at most 4 decimals that can read back as d (two such differ by 1e-4, far
    // more than d's rounding interval) is the integer nearest d * 10^4 over 10^4: it does when that
    // division, correctly rounded (both are exact doubles), gives d. Its fewest decimals: trailing
    // zeros dropped.
    const double x = d * 1e4;
    auto m = static_cast<std::int64_t>(x < 0 ? x - 0.5 : x + 0.5);
    if (static_cast<double>(m) / 1e4 != d) return 0;
    int k = 4;
    while (k > 0 && m % 10 == 0) {
        m /= 10;
        --k;
    }
    if (m <= -10'000'000 || m >= 10'000'000) return 0;
    auto digits = static_cast<std::uint32_t>(m < 0 ? -m : m);
    // Written from the right: the fraction's k digits ("5.0" for none), '.', the integer part.
    static constexpr std::uint32_t kPow10[] = {1, 10, 100, 1000, 10000};
    std::size_t whole_digits = 1;
    for (std::uint32_t w = digits / kPow10[k]; w >= 10; w /= 10) ++whole_digits;
    const std::size_t size = (m < 0 ? 1 : 0) + whole_digits + 1 + (k == 0 ? 1 : static_cast<std::size_t>(k));
    char* p = out + size;
    if (k == 0) *--p = '0';
    for (int i = 0; i < k; ++i, digits /= 10) *--p = static_cast<char>('0' + digits % 10);
    *--p = '.';
    do {
        *--p = static_cast<char>('0' + digits % 10);
        digits /= 10;
    } while (digits != 0);
    if (m < 0) *--p = '-';
    return size;
}

void JsonText::number(double d) {
    // Fast path: most numbers written with a fraction are short decimals.
    char text[32];
    if (const std::size_t size = print_short_decimal(d, text)) {
        out_.append(text, size);
        return;
    }
    if (!printed_) {
        const std::size_t slots = std::size_t{1} << printed_bits_;
        printed_ = std::make_unique<Printed[]>(slots);
        for (std::size_t i = 0; i < slots; ++i) printed_[i].size = 0;  // empty: no printed number is empty
    }
    std::uint64_t bits;
    std::memcpy(&bits, &d, sizeof bits);
    Printed& p = printed_[(bits * 0x9E3779B97F4A7C15ull) >> (64 - printed_bits_)];
    if (p.size == 0 || p.bits != bits) {
        const char* end = simdjson::internal::to_chars(text, nullptr, d);  // simdjson's own printing
        const auto size = static_cast<std::size_t>(end - text);
        if (size > sizeof p.text) {  // (never: shortest digits of a double fit 23 characters)
            out_.append(text, size);
            return;
        }
        p.bits = bits;
        p.size = static_cast<std::uint8_t>(size);
        std::memcpy(p.text, text, size);
    }
    out_.append(p.text, p.size);
}

}  // namespace rigio::dragonbones
