// Internal: the quick reading of plain keyframes, the objects a Spine JSON file holds most of (a bone
// timeline's {"time": 0.5, "angle": 12, "curve": 0.25, "c3": 0.75}). One walk over the keyframe's
// members writes each number where it goes; a keyframe it does not take (an unknown key, a key twice,
// a value of another kind, a curve it does not read) is read again the general way, by Fields, which
// reports what is wrong as it always did. Used by the animation readers.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <tuple>
#include <utility>
#include <string_view>

#include <simdjson.h>

#include "json_keys.hpp"
#include "rigio/io/json_tape.hpp"
#include "rigio/spine/model.hpp"

namespace rigio::spine::detail {

// Numbers below this magnitude round to a finite float32 (it is halfway between the largest float and
// 2^128), so the shortest text of FLT_MAX, 3.4028235E38, is accepted although it exceeds FLT_MAX.
inline constexpr double kFloatLimit = 3.4028235677973366e38;
inline bool fits_float(double d) { return d < kFloatLimit && d > -kFloatLimit; }

// The members of a plain keyframe, read by plain_members.
struct PlainMembers {
    std::uint32_t present = 0;  // bit j: the list's names[j] is a member
    std::size_t skipped = 0;    // tape index of the value of the member not read (when present)
};

// Numbers read by plain_members: the value of key j at v[2 * j]. (Spaced: a caller copying two
// neighbours to the model, as a keyframe's time and value, had them read back as one 8-byte load from
// two 4-byte stores, which the processor cannot forward: a stall of every keyframe.)
template <std::size_t N>
struct PlainValues {
    float v[2 * N];
    float& operator[](std::size_t j) { return v[2 * j]; }
};

// The index in `K` (a Keys list of names of 8 bytes at most) of the key whose length and bytes are at
// `at` in simdjson's string buffer, or -1. Each name is compared with the words there in registers,
// without a look-up (the hash's chain of loads was most of a member's time): the 8 bytes at `at` (the
// 4-byte length, then the key's first 4 bytes) and the next 8 (its bytes 4 to 11), each masked to what
// the name covers. (Loads past a short key stay inside the buffer's padding.)
template <const auto& K>
[[gnu::always_inline]] inline int plain_find(const std::uint8_t* at) {
    constexpr std::size_t N = std::tuple_size_v<decltype(K.names)>;
    struct Words {
        std::uint64_t w0, m0, w1, m1;
    };
    static constexpr std::array<Words, N> words = [] {
        std::array<Words, N> a{};
        for (std::size_t j = 0; j < N; ++j) {
            const std::string_view name = K.names[j];
            if (name.size() > 8) throw "plain_find: a name over 8 bytes";  // a compile error
            const std::uint64_t size = name.size(), head = KeyHash::word(name, 0, name.size());
            a[j].w0 = size | head << 32;
            a[j].m0 = size >= 4 ? ~std::uint64_t{0} : ~(~std::uint64_t{0} << (8 * (4 + size)));
            a[j].w1 = head >> 32;
            a[j].m1 = size <= 4 ? 0 : ~(~std::uint64_t{0} << (8 * (size - 4)));
        }
        return a;
    }();
    std::uint64_t k0, k1;
    std::memcpy(&k0, at, sizeof k0);
    std::memcpy(&k1, at + 8, sizeof k1);
    // Name j's words agree: both compares, joined without a branch.
    auto is = [&](std::size_t j) { return (static_cast<int>((k0 & words[j].m0) == words[j].w0) & static_cast<int>((k1 & words[j].m1) == words[j].w1)) != 0; };
    return [&]<std::size_t... J>(std::index_sequence<J...>) {
        int found = -1;
        ((found = is(J) ? static_cast<int>(J) : found), ...);
        return found;
    }(std::make_index_sequence<N>{});
}

// Reads the object whose '{' is at tape index `open` when each of its members is a key of `K` met
// once and holds a number that fits a float32 (a double or an int64 on the tape), written to
// values[j] (j: the key's index; `values` holds the fallbacks of absent keys), except the member of key
// `skip` (a keyframe's curve), whose value, of any kind, is left to the caller at `m.skipped`. False at
// anything else, having written only `values`: the caller reads the object again the general way.
// Such an object holds no duplicate key, and no container but the skipped value.
template <const auto& K, std::size_t N = std::tuple_size_v<decltype(K.names)>>
[[gnu::always_inline]] inline bool plain_members(const simdjson::dom::document& doc, std::size_t open, std::uint32_t skip,
                                                 PlainValues<N>& values, PlainMembers& m) {
    const std::uint64_t* t = doc.tape.get();
    const std::uint8_t* strings = doc.string_buf.get();
    const std::size_t close = io::tape::close_of(t[open]);  // the '}'
    std::uint32_t present = 0;
    for (std::size_t i = open + 1; i < close;) {
        const int found = plain_find<K>(strings + (t[i] & io::tape::kPayload));
        const auto j = static_cast<std::uint32_t>(found);
        if (found < 0 || (present >> j & 1)) return false;
        present |= 1u << j;
        if (j == skip) {
            m.skipped = i + 1;
            i = io::tape::after(t, i + 1);
            continue;
        }
        double d;
        if (!(io::tape::plain_number(t + i + 1, d) && fits_float(d))) return false;
        values[j] = static_cast<float>(d);
        i += 3;  // the key, the number's two words
    }
    m.present = present;
    return true;
}

// `n` numbers that fit a float32 in the array whose '[' is at tape index `at`, and no other element,
// written to out[0..n). False otherwise (out then holds anything).
inline bool plain_array(const std::uint64_t* t, std::size_t at, std::size_t n, float* out) {
    if (io::tape::type_of(t[at]) != '[' || io::tape::close_of(t[at]) - at - 1 != 2 * n) return false;
    // Exactly 2n words: when every pair starts with a number, the pairs are its elements.
    bool ok = true;
    for (std::size_t i = 0; i < n; ++i) {
        double d;
        const bool fits = io::tape::plain_number(t + at + 1 + 2 * i, d) & static_cast<int>(fits_float(d));  // (int: clang's -Wbitwise-instead-of-logical)
        ok &= fits;
        out[i] = static_cast<float>(fits ? d : 0.0);  // (a value out of a float's range is not converted)
    }
    return ok;
}

// "stepped" or "linear" at tape index `at`: the curve type it names. False for any other value.
inline bool plain_curve_name(const simdjson::dom::document& doc, std::size_t at, CurveType& type) {
    if (io::tape::type_of(doc.tape[at]) != '"') return false;
    const std::string_view v = io::tape::string_at(doc.string_buf.get(), doc.tape[at]);
    if (v == "stepped") type = CurveType::Stepped;
    else if (v != "linear") return false;
    return true;
}

// A 3.x keyframe's curve read by plain_members: the value at `at` (when `present`) is "stepped",
// "linear", a number (cx1, with handles c2, c3, c4 as cy1, cx2, cy2: read or their fallbacks 0, 1, 1)
// or an array of 4 numbers. False for anything else (the general path reports it).
template <class C>
[[gnu::always_inline]] inline bool plain_curve3(const simdjson::dom::document& doc, bool present, std::size_t at, float c2, float c3, float c4, C& c) {
    if (!present) return true;  // linear
    const std::uint64_t* t = doc.tape.get();
    double d;
    if (io::tape::plain_number(t + at, d) && fits_float(d)) {
        c.type = CurveType::Bezier;
        c.cx1 = static_cast<float>(d);
        c.cy1 = c2;
        c.cx2 = c3;
        c.cy2 = c4;
        return true;
    }
    if (float v[4]; plain_array(t, at, 4, v)) {
        c.type = CurveType::Bezier;
        c.cx1 = v[0], c.cy1 = v[1], c.cx2 = v[2], c.cy2 = v[3];
        return true;
    }
    return plain_curve_name(doc, at, c.type);
}

// A 4.x keyframe's curve read by plain_members: "stepped", "linear", or 4 numbers per channel. False for
// anything else.
template <class C>
[[gnu::always_inline]] inline bool plain_bezier(const simdjson::dom::document& doc, bool present, std::size_t at, std::size_t channels, C& c) {
    if (!present) return true;  // linear
    const std::size_t n = channels * 4;
    if (io::tape::type_of(doc.tape[at]) == '[') {
        c.bezier.resize_for_overwrite(n);
        if (!plain_array(doc.tape.get(), at, n, c.bezier.data())) return false;
        c.type = CurveType::Bezier;
        return true;
    }
    return plain_curve_name(doc, at, c.type);
}

// Appends to `out` the elements of the array whose '[' is at tape index `open` when every one is a
// vertex index 0 to `max` (an int64 on the tape), converted with no branch per element. False at
// anything else, with `out` as it was. (An array of 2n tape words whose every other word, from the
// first, is an int64's type word holds n int64s: each takes two words. The type words' AND and OR are
// both an int64's when every one is; the largest value bounds them all.)
inline bool plain_indices(const std::uint64_t* t, std::size_t open, Vector<std::uint16_t>& out, long max) {
    const std::size_t words = io::tape::close_of(t[open]) - open - 1;
    if (max < 0 || words % 2 != 0) return false;
    const std::size_t n = words / 2, base = out.size();
    out.resize(base + n);
    std::uint16_t* to = out.data() + base;
    const std::uint64_t* e = t + open + 1;
    std::uint64_t types_and = ~std::uint64_t{0}, types_or = 0, largest = 0;
#pragma GCC unroll 4
    for (std::size_t i = 0; i < n; ++i, e += 2) {
        types_and &= e[0];
        types_or |= e[0];
        largest = std::max(largest, e[1]);
        to[i] = static_cast<std::uint16_t>(e[1]);
    }
    constexpr std::uint64_t kType = 0xFF00000000000000u, kInt64 = std::uint64_t{'l'} << 56;
    if (n == 0 || ((types_and & kType) == kInt64 && (types_or & kType) == kInt64 && largest <= static_cast<std::uint64_t>(max)))
        return true;
    out.resize(base);
    return false;
}

}  // namespace rigio::spine::detail
