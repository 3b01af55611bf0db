// RuntimeData::name_ids: attachment key -> name id (see data.hpp).
#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <utility>

#include "rigio/io/error.hpp"
#include "rigio/spine/runtime/data.hpp"

namespace rigio::spine::runtime {

// NameTable: linear probing (see data.hpp). Its hash and probe are inline in intern() and find() (the
// calls cost as much as the short names' work).
namespace {
// Eight bytes at a time, each word mixed in by a multiplication and a shift: inline and cheaper than
// std::hash for the short names of attachments. (The ids do not depend on the hash, only the probes.)
[[gnu::always_inline]] inline std::uint32_t name_hash(std::string_view name) {
    constexpr std::uint64_t kMul = 0xBF58476D1CE4E5B9ull;
    std::uint64_t h = name.size() * 0x9E3779B97F4A7C15ull;
    const char* p = name.data();
    std::size_t left = name.size();
    for (; left >= 8; p += 8, left -= 8) {
        std::uint64_t word;
        std::memcpy(&word, p, 8);
        h = (h ^ word) * kMul;
        h ^= h >> 31;
    }
    if (left > 0) {
        // The last 1 to 7 bytes without a loop: two 4-byte loads that may overlap, or the first, middle
        // and last byte (with the length mixed in above, distinct names still differ in what is hashed).
        std::uint64_t word;
        if (left >= 4) {
            std::uint32_t low, high;
            std::memcpy(&low, p, 4);
            std::memcpy(&high, p + left - 4, 4);
            word = low | std::uint64_t{high} << 32;
        } else {
            word = std::uint64_t{static_cast<unsigned char>(p[0])} | std::uint64_t{static_cast<unsigned char>(p[left / 2])} << 8 |
                   std::uint64_t{static_cast<unsigned char>(p[left - 1])} << 16;
        }
        h = (h ^ word) * kMul;
        h ^= h >> 31;
    }
    // A last round: the probe starts at the low bits, and a product's low bits come from its factor's
    // low bits only, so names that differ in their last bytes (the top of the last word: "tread-12",
    // "tread-13") started in a few runs of neighbouring places (3.7 probes per name over the corpus's
    // bone, slot and attachment names; 1.3 with it).
    h ^= h >> 32;
    h *= 0xD6E8FEB86659FD93ull;
    return static_cast<std::uint32_t>(h ^ (h >> 32));
}

// Whether the n bytes at a and b are equal: names of 4 to 16 bytes (most) by two loads from each end
// that may overlap, as hash_of reads them, without a call; the others by memcmp.
[[gnu::always_inline]] inline bool same_chars(const char* a, const char* b, std::size_t n) {
    auto equal = [a, b]<class Word>(std::size_t at, Word) {
        Word x, y;
        std::memcpy(&x, a + at, sizeof x);
        std::memcpy(&y, b + at, sizeof y);
        return x == y;
    };
    if (n >= 8 && n <= 16) return equal(0, std::uint64_t{}) && equal(n - 8, std::uint64_t{});
    if (n >= 4 && n < 8) return equal(0, std::uint32_t{}) && equal(n - 4, std::uint32_t{});
    return n == 0 || std::memcmp(a, b, n) == 0;
}

// Where `name` is in `table`, or the free place it would take.
template <class Table>
[[gnu::always_inline]] inline std::size_t name_place(const Table& table, const char* chars, std::string_view name, std::uint32_t hash) {
    const std::size_t mask = table.size() - 1;
    for (std::size_t i = hash & mask;; i = (i + 1) & mask) {
        const auto& e = table[i];
        if (e.id < 0 || (e.hash == hash && e.length == name.size() && same_chars(chars + e.at, name.data(), name.size())))
            return i;
    }
}
}  // namespace

std::uint32_t NameTable::hash_of(std::string_view name) { return name_hash(name); }

std::size_t NameTable::place(std::string_view name, std::uint32_t hash) const { return name_place(table_, chars_.data(), name, hash); }

void NameTable::rehash(std::size_t capacity) {
    auto old = std::exchange(table_, decltype(table_)(capacity));
    const std::size_t mask = capacity - 1;
    for (const Entry& e : old) {
        if (e.id < 0) continue;
        std::size_t i = e.hash & mask;  // the names are distinct: the first free place is its place
        while (table_[i].id >= 0) i = (i + 1) & mask;
        table_[i] = e;
    }
}

void NameTable::reserve(std::size_t count, std::size_t chars) {
    const std::size_t capacity = std::bit_ceil(std::max<std::size_t>(count * 2, 8));
    if (capacity > table_.size()) rehash(capacity);
    chars_.reserve(chars);
}

int NameTable::intern(std::string_view name) {
    if ((size_ + 1) * 2 > table_.size()) rehash(std::max<std::size_t>(table_.size() * 2, 8));
    const std::uint32_t hash = name_hash(name);
    Entry& e = table_[name_place(table_, chars_.data(), name, hash)];
    if (e.id < 0) {
        if (chars_.size() + name.size() > 0xFFFFFFFFu) throw Error("attachment names longer than 4 GiB in all");
        e = {hash, static_cast<std::uint32_t>(chars_.size()), static_cast<std::uint32_t>(name.size()), static_cast<int>(size_++)};
        chars_.append(name);
    }
    return e.id;
}

int NameTable::find(std::string_view name) const {
    if (table_.empty()) return -1;
    return table_[name_place(table_, chars_.data(), name, name_hash(name))].id;
}

}  // namespace rigio::spine::runtime
