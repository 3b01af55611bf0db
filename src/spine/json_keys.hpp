// Internal: how the Spine JSON reader matches an object's members to the keys of its kind (Keys, a
// compile-time list per kind, and KeyHash, its perfect hash) in one walk of the object (Fields: what
// JsonSkeletonReader::fields found). Used by json_reader.hpp.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include <simdjson.h>

#include "rigio/io/json_tape.hpp"

namespace rigio::spine::detail {

// The keys an object of one kind may hold (a bone, a slot, an attachment, a keyframe...), in the order the
// writer gives them, for JsonSkeletonReader::fields: a reader names a field by its index in the list,
// found at compile time (kBoneKeys["x"]; a name not in the list does not compile), so that reading a
// field costs no search. A list may hold the keys of several versions; `known` masks say which of them
// a version knows (the others are reported as unknown keys, as a key not in the list is).
inline constexpr std::size_t kMaxKeys = 32;

// A perfect hash of the names of a Keys list, found at compile time, so that a member's key is matched
// to its name with one table look-up and a compare of words (io::tape::KeyWords) wherever it stands in
// the object: slot(key) picks the only name it can be, and the key is that name when their sizes and
// words agree (and, over 16 bytes, their middle bytes). The seed is the first that sends the names of
// the list to distinct slots; a list for which none is found does not compile.
struct KeyHash {
    static constexpr std::size_t kSlots = 64;
    std::uint64_t seed = 0;
    // The index of the name in each slot, or kNone for no name: an entry whose size no key has
    // (io::tape::KeyWords sizes are those of texts under 4 GiB), so that a look-up compares without
    // a branch for an empty slot.
    static constexpr std::uint8_t kNone = kMaxKeys;
    std::array<std::uint8_t, kSlots> slots{};
    std::array<std::uint64_t, kMaxKeys + 1> heads{}, tails{};
    std::array<std::uint32_t, kMaxKeys + 1> sizes{};

    static constexpr std::size_t slot(std::uint64_t head, std::uint64_t tail, std::uint32_t size, std::uint64_t seed) {
        return static_cast<std::size_t>(((head ^ (tail * 0x9E3779B97F4A7C15ull) ^ size) * seed) >> 58);
    }
    std::size_t slot(const io::tape::KeyWords& w) const { return slot(w.head, w.tail, w.size, seed); }
    // The index of the name `w` is, or -1.
    int find(const io::tape::KeyWords& w, const std::string_view* names) const {
        const std::size_t j = slots[slot(w)];
        // (The three compares joined: one branch, taken for keys not in the list.)
        if (((sizes[j] ^ w.size) | (heads[j] ^ w.head) | (tails[j] ^ w.tail)) != 0) return -1;
        if (w.size > 16 && !io::tape::same(names[j], {w.data, w.size})) return -1;
        return static_cast<int>(j);
    }

    // The words of a name, as io::tape::key_words gives them for a key.
    static constexpr std::uint64_t word(std::string_view s, std::size_t from, std::size_t count) {
        std::uint64_t v = 0;
        for (std::size_t i = 0; i < count; ++i) v |= std::uint64_t{static_cast<unsigned char>(s[from + i])} << (8 * i);
        return v;
    }
    static consteval KeyHash of(const std::string_view* names, std::size_t n) {
        KeyHash h;
        for (std::size_t i = 0; i < n; ++i) {
            const std::string_view s = names[i];
            h.sizes[i] = static_cast<std::uint32_t>(s.size());
            h.heads[i] = word(s, 0, s.size() < 8 ? s.size() : 8);
            h.tails[i] = s.size() > 8 ? word(s, s.size() - 8, 8) : 0;
        }
        for (std::uint64_t k = 1; k <= 1000; ++k) {
            // Seeds drawn from splitmix64's sequence (odd): consecutive seeds would share their top bits.
            std::uint64_t seed = k * 0x9E3779B97F4A7C15ull;
            seed = (seed ^ seed >> 30) * 0xBF58476D1CE4E5B9ull;
            seed = (seed ^ seed >> 27) * 0x94D049BB133111EBull;
            seed = (seed ^ seed >> 31) | 1;
            std::array<std::uint8_t, kSlots> slots{};
            bool distinct = true;
            for (std::size_t i = 0; i < n && distinct; ++i) {
                const std::size_t at = slot(h.heads[i], h.tails[i], h.sizes[i], seed);
                distinct = slots[at] == 0;
                slots[at] = static_cast<std::uint8_t>(i + 1);
            }
            if (distinct) {
                h.seed = seed;
                for (std::size_t at = 0; at < kSlots; ++at) h.slots[at] = slots[at] == 0 ? kNone : static_cast<std::uint8_t>(slots[at] - 1);
                h.sizes[kNone] = ~std::uint32_t{0};
                return h;
            }
        }
        throw "no perfect hash found for these names";  // evaluated at compile time: a compile error
    }
};

template <std::size_t N>
struct Keys {
    static_assert(N <= kMaxKeys);
    std::array<std::string_view, N> names;

    consteval std::uint32_t operator[](std::string_view key) const { return index_of(key); }
    // (constexpr, not consteval: the consteval members call it, which clang 14 refuses of a consteval one)
    constexpr std::uint32_t index_of(std::string_view key) const {
        for (std::size_t i = 0; i < N; ++i)
            if (names[i] == key) return static_cast<std::uint32_t>(i);
        throw "not a key of this list";  // evaluated at compile time: a compile error
    }
    // The index of "curve" in a 3.x keyframe's list, which must be followed by "c2", "c3", "c4".
    consteval std::uint32_t curve() const {
        const std::uint32_t c = index_of("curve");
        if (c + 3 >= N || names[c + 1] != "c2" || names[c + 2] != "c3" || names[c + 3] != "c4") throw "curve not followed by c2, c3, c4";
        return c;
    }
    // The mask of every key, and of every key but `keys`.
    static constexpr std::uint32_t all() { return N == 32 ? ~0u : (1u << N) - 1; }
    template <class... K>
    consteval std::uint32_t except(K... keys) const {
        return (all() & ... & ~(1u << index_of(keys)));
    }
    template <class... K>
    consteval std::uint32_t mask(K... keys) const {
        return (0u | ... | (1u << index_of(keys)));
    }
    // The Bezier handles c2, c3, c4 of a 3.x keyframe (4.x writes curves as arrays: there they are
    // unknown), set by keys().
    std::uint32_t handles = 0;
    // The names hashed for matching members to them (see KeyHash), set by keys().
    KeyHash hash{};
};
template <class... S>
consteval Keys<sizeof...(S)> keys(S... names) {
    Keys<sizeof...(S)> k{{std::string_view(names)...}};
    for (std::size_t i = 0; i < k.names.size(); ++i)
        if (k.names[i] == "c2" || k.names[i] == "c3" || k.names[i] == "c4") k.handles |= 1u << i;
    k.hash = KeyHash::of(k.names.data(), k.names.size());
    return k;
}

// The members of one object matched to a Keys list by one walk over them (JsonSkeletonReader::fields):
// when bit i of `present` is set, value[i] is the tape index of the value of the first member named
// names[i] (value[] is left unset otherwise, which spares clearing it for every object).
struct Fields {
    const simdjson::dom::document* doc;
    std::size_t object;           // tape index of the object's '{'
    const std::string_view* names;
    std::uint32_t count;          // of names
    std::uint32_t known;          // the names this version knows (bit i: names[i])
    bool unknown;                 // a member that is not a known key was met
    std::uint32_t present;        // bit i: names[i] is a member
    std::uint32_t containers;     // bit i: names[i] holds an object or an array
    // For the duplicate-key check (see JsonSkeletonReader::verified): no key is named twice, and the
    // members not in the list hold no container.
    bool clean;
    std::uint32_t value[kMaxKeys];

    bool has(std::uint32_t i) const { return present >> i & 1; }
};

}  // namespace rigio::spine::detail
