// rigio/io/json_tape.hpp: reading simdjson's parsed document straight from its tape, with inlined code,
// for the readers' hot paths (member lookup, numbers, arrays of numbers). simdjson's own accessors do
// the same work but are compiled as calls (and its iterators step through a non-inlined
// after_element()), which cost a read more than the parse itself.
//
// The tape (simdjson doc/tape.md) is a flat array of 64-bit words, the type in the top byte: '{' '['
// open a container and hold, in their low 32 bits, the index of the word after the matching '}' ']';
// '"' is a string whose low 56 bits are the offset of its 32-bit length and bytes in the string buffer;
// 'l' 'u' 'd' are an int64, uint64 or double held in the next word; 't' 'f' 'n' are literals. An object's
// members are a key string followed by the value.
//
// A dom::element, dom::object or dom::array is nothing but a tape_ref (the document and the index of
// its first word); std::bit_cast converts between them (the static_asserts check the layouts agree).
#pragma once

#include <simdjson.h>

#include <bit>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string_view>
#include <type_traits>

namespace rigio::io::tape {

using Ref = simdjson::internal::tape_ref;
static_assert(sizeof(simdjson::dom::element) == sizeof(Ref) && std::is_trivially_copyable_v<simdjson::dom::element>);
static_assert(sizeof(simdjson::dom::object) == sizeof(Ref) && std::is_trivially_copyable_v<simdjson::dom::object>);
static_assert(sizeof(simdjson::dom::array) == sizeof(Ref) && std::is_trivially_copyable_v<simdjson::dom::array>);
static_assert(std::is_trivially_copyable_v<Ref>);

inline constexpr std::uint64_t kPayload = (std::uint64_t{1} << 56) - 1;

inline Ref ref(simdjson::dom::element e) { return std::bit_cast<Ref>(e); }
inline Ref ref(simdjson::dom::object o) { return std::bit_cast<Ref>(o); }
inline Ref ref(simdjson::dom::array a) { return std::bit_cast<Ref>(a); }
inline simdjson::dom::element element(const simdjson::dom::document* doc, std::size_t index) {
    return std::bit_cast<simdjson::dom::element>(Ref(doc, index));
}

inline char type_of(std::uint64_t word) { return static_cast<char>(word >> 56); }
inline bool is_number(std::uint64_t word) {
    const char t = type_of(word);
    return t == 'd' || t == 'l' || t == 'u';
}
inline bool is_container(std::uint64_t word) {
    const char t = type_of(word);
    return t == '{' || t == '[';
}
// Index of the closing '}' or ']' of the container whose opening word is `open`.
inline std::size_t close_of(std::uint64_t open) { return static_cast<std::size_t>(open & 0xFFFFFFFFu) - 1; }

// Index of the word after the value that starts at tape[i] (a container is stepped over whole).
// (Written with one branch, for containers, rather than a switch: a jump table per value costs more
// than the comparisons.)
inline std::size_t after(const std::uint64_t* tape, std::size_t i) {
    const std::uint64_t word = tape[i];
    if (is_container(word)) return close_of(word) + 1;
    return i + 1 + static_cast<std::size_t>(is_number(word));
}

// The string at tape word `word` ('"' or a key): its bytes in the string buffer `strings`.
inline std::string_view string_at(const std::uint8_t* strings, std::uint64_t word) {
    const std::uint8_t* at = strings + (word & kPayload);
    std::uint32_t length;
    std::memcpy(&length, at, sizeof length);
    return {reinterpret_cast<const char*>(at + sizeof length), length};
}
inline std::string_view string_at(const simdjson::dom::document* doc, std::uint64_t word) {
    return string_at(doc->string_buf.get(), word);
}

// A key's bytes as words, for matching it against a list of names in a few word compares (the Spine
// reader's Keys): `head` is its first 8 bytes (the bytes past a shorter key zero), `tail` its last 8 when
// it is longer than 8 bytes (else 0). The 8-byte load of a shorter key reads past its end: it stays inside
// the string buffer, which simdjson allocates SIMDJSON_PADDING bytes longer than the strings it can hold,
// and what it reads there is masked off. Words are little-endian: byte i of the key is bits 8i..8i+7.
struct KeyWords {
    std::uint64_t head, tail;
    std::uint32_t size;
    const char* data;
};
static_assert(std::endian::native == std::endian::little && simdjson::SIMDJSON_PADDING >= 8);
inline KeyWords key_words(const std::uint8_t* strings, std::uint64_t word) {
    const std::uint8_t* at = strings + (word & kPayload);
    KeyWords w;
    std::memcpy(&w.size, at, sizeof w.size);
    w.data = reinterpret_cast<const char*>(at + sizeof w.size);
    // Written as selects, not branches: an object's keys differ in length in no order a predictor
    // learns (an attachment's "uvs", "triangles", "vertices", "hull"...). The tail is loaded from the
    // key's start when it is not used (a load inside the key's padded bytes, as the head's).
    std::memcpy(&w.head, w.data, sizeof w.head);
    const std::uint64_t low = ~(~std::uint64_t{0} << (8 * (w.size & 7)));
    w.head &= w.size < 8 ? low : ~std::uint64_t{0};
    std::uint64_t tail;
    std::memcpy(&tail, w.data + (w.size > 8 ? w.size - 8 : 0), sizeof tail);
    w.tail = w.size > 8 ? tail : 0;
    return w;
}

// The value starting at tape word t[0] as a double when it is a number, exactly as
// element::get_double gives it (an int64 or uint64 converted); false for any other value. (A number's
// value is the next word; the tape ends with a root word, so t[1] is always readable.)
// Without a branch between a double and an int64 (Spine and DragonBones numbers mix "0" and "0.5" in no
// predictable order, and a mispredicted switch cost more than the conversion): both readings are made and
// one selected; 'd' | 8 == 'l', and no other tape type is 'l' once bit 3 is set. A uint64 (rare) is read
// on a branch of its own.
[[gnu::always_inline]] inline bool number_at(const std::uint64_t* t, double& out) {
    const char type = type_of(t[0]);
    const std::uint64_t raw = t[1];
    const auto as_int64 = std::bit_cast<std::uint64_t>(static_cast<double>(static_cast<std::int64_t>(raw)));
    if ((type | 8) == 'l') [[likely]] {
        out = std::bit_cast<double>(type == 'd' ? raw : as_int64);
        return true;
    }
    if (type != 'u') return false;
    out = static_cast<double>(raw);
    return true;
}
// The same for a double or an int64 only (what every writer gives), with no branch at all, for fast
// paths that check a group of numbers at once: `out` is meaningless when false (any other value, and a
// uint64, which such a fast path leaves to its checked path, e.g. through number_at).
[[gnu::always_inline]] inline bool plain_number(const std::uint64_t* t, double& out) {
    const char type = type_of(t[0]);
    const std::uint64_t raw = t[1];
    const auto as_int64 = std::bit_cast<std::uint64_t>(static_cast<double>(static_cast<std::int64_t>(raw)));
    out = std::bit_cast<double>(type == 'd' ? raw : as_int64);
    return (type | 8) == 'l';
}
inline bool number(simdjson::dom::element e, double& out) {
    const Ref r = ref(e);
    return number_at(r.doc->tape.get() + r.json_index, out);
}

// The string the value `e` is, read from the tape (as element::get_string gives it); false for any
// other value.
inline bool string(simdjson::dom::element e, std::string_view& out) {
    const Ref r = ref(e);
    const std::uint64_t word = r.doc->tape[r.json_index];
    if (type_of(word) != '"') return false;
    out = string_at(r.doc, word);
    return true;
}

// A JSON number held as an int64 (as element::get_int64 gives it for such a number); false for any
// other value, which the caller reads the slow way (a uint64 that fits, a double, an error).
inline bool int64(simdjson::dom::element e, std::int64_t& out) {
    const Ref r = ref(e);
    const std::uint64_t* t = r.doc->tape.get() + r.json_index;
    if (type_of(t[0]) != 'l') return false;
    out = static_cast<std::int64_t>(t[1]);
    return true;
}

// Whether two short strings are equal, compared inline (keys are a few bytes long: a call to memcmp
// would cost more than the comparison): the lengths, then the bytes by overlapping 8-, 4-, 2- or 1-byte
// loads of both (a byte loop was most of a keyframe member's look-up). Every load is inside both strings.
[[gnu::always_inline]] inline bool same(std::string_view a, std::string_view b) {
    const std::size_t n = a.size();
    if (n != b.size()) return false;
    auto equal = [&](std::size_t at, auto width) {
        decltype(width) x, y;
        std::memcpy(&x, a.data() + at, sizeof x);
        std::memcpy(&y, b.data() + at, sizeof y);
        return x == y;
    };
    if (n >= 8) {
        for (std::size_t i = 0; i + 8 < n; i += 8)
            if (!equal(i, std::uint64_t{})) return false;
        return equal(n - 8, std::uint64_t{});
    }
    if (n >= 4) return equal(0, std::uint32_t{}) && equal(n - 4, std::uint32_t{});
    if (n >= 2) return equal(0, std::uint16_t{}) && equal(n - 2, std::uint16_t{});
    return n == 0 || a[0] == b[0];
}

// The first member of `obj` named `key` (as obj[key]), or nullopt. Keys are compared inline, their
// lengths first (which the string buffer keeps before the bytes).
inline std::optional<simdjson::dom::element> member(simdjson::dom::object obj, std::string_view key) {
    const Ref r = ref(obj);
    const std::uint64_t* t = r.doc->tape.get();
    const std::size_t close = close_of(t[r.json_index]);  // the '}'
    for (std::size_t i = r.json_index + 1; i < close; i = after(t, i + 1))
        if (same(string_at(r.doc, t[i]), key)) return element(r.doc, i + 1);
    return std::nullopt;
}

// Calls f(key, value) for each member of `obj` in order (as a range-for over `obj`, without the
// iterator's calls).
template <class F>
inline void each_member(simdjson::dom::object obj, F&& f) {
    const Ref r = ref(obj);
    const std::uint64_t* t = r.doc->tape.get();
    const std::size_t close = close_of(t[r.json_index]);  // the '}'
    for (std::size_t i = r.json_index + 1; i < close; i = after(t, i + 1)) f(string_at(r.doc, t[i]), element(r.doc, i + 1));
}

// Calls f(element) for each element of `a` in order (as a range-for over `a`, without the iterator's
// calls).
template <class F>
inline void each(simdjson::dom::array a, F&& f) {
    const Ref r = ref(a);
    const std::uint64_t* t = r.doc->tape.get();
    const std::size_t close = close_of(t[r.json_index]);  // the ']'
    for (std::size_t i = r.json_index + 1; i < close; i = after(t, i)) f(element(r.doc, i));
}

}  // namespace rigio::io::tape
