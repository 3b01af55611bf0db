// Internal: the Spine JSON reader's index of names (bones, slots, constraints, skins, events) to their
// indices, looked up by the string_view of a key or value on the tape.
#pragma once

#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "rigio/io/arena.hpp"
#include "rigio/io/arena_string.hpp"
#include "rigio/io/json_tape.hpp"

namespace rigio::spine::detail {

// An open-addressing hash table whose names are kept in one buffer of bytes: an index of n names costs
// a few allocations (the table and the buffer, grown by doubling), where a node-based map made one or
// two per name.
class NameIndex {
public:
    void reserve(std::size_t names) {
        if (names * 2 > table_.size()) rehash(table_size_for(names));
    }

    // Adds `name` with `value`; false (and nothing changed) when the name is there already.
    bool emplace(std::string_view name, int value) {
        if ((size_ + 1) * 2 > table_.size()) rehash(table_size_for(size_ + 1));
        const std::size_t h = hash(name);
        std::size_t i = slot_of(name, h);
        if (table_[i].tag) return false;
        table_[i] = {static_cast<std::uint32_t>(bytes_.size()), static_cast<std::uint32_t>(name.size()), value, tag_of(h)};
        bytes_.append(name);
        ++size_;
        return true;
    }

    // The value of `name`, or nullptr.
    const int* find(std::string_view name) const {
        if (table_.empty()) return nullptr;
        const Entry& e = table_[slot_of(name, hash(name))];
        return e.tag ? &e.value : nullptr;
    }

    // Calls f(name, value&) for every name, in no particular order.
    template <class F>
    void for_each(F&& f) {
        for (Entry& e : table_)
            if (e.tag) f(name_of(e), e.value);
    }

private:
    struct Entry {
        std::uint32_t offset = 0, length = 0;  // the name: bytes_[offset, offset + length)
        int value = 0;
        std::uint32_t tag = 0;  // tag_of(hash(name)), never 0; 0: a free entry
    };

    static std::size_t table_size_for(std::size_t names) {
        std::size_t n = 8;
        while (n < names * 2) n *= 2;
        return n;
    }
    std::string_view name_of(const Entry& e) const { return {bytes_.data() + e.offset, e.length}; }
    // A hash of a name, inline: names are short, and std::hash's call cost more than the look-up.
    // Multiply-xorshift over the name's 8-byte words, the last one overlapping the one before; a name
    // under 8 bytes is read as two overlapping 4-byte words, or its first, middle and last bytes. Every
    // load is inside the name.
    static std::size_t hash(std::string_view name) {
        const char* p = name.data();
        const std::size_t n = name.size();
        auto load = [p](std::size_t at, auto word) {
            std::memcpy(&word, p + at, sizeof word);
            return static_cast<std::uint64_t>(word);
        };
        std::uint64_t h = n * 0x9E3779B97F4A7C15ull;
        auto mix = [&h](std::uint64_t w) {
            h = (h ^ w) * 0xBF58476D1CE4E5B9ull;
            h ^= h >> 29;
        };
        if (n >= 8) {
            for (std::size_t i = 0; i + 8 < n; i += 8) mix(load(i, std::uint64_t{}));
            mix(load(n - 8, std::uint64_t{}));
        } else if (n >= 4) {
            mix(load(0, std::uint32_t{}) | load(n - 4, std::uint32_t{}) << 32);
        } else if (n > 0) {
            mix(static_cast<unsigned char>(p[0]) | std::uint64_t{static_cast<unsigned char>(p[n / 2])} << 8 |
                std::uint64_t{static_cast<unsigned char>(p[n - 1])} << 16);
        }
        h ^= h >> 31;
        // The slot takes the low bits, which a product draws from the low bits of its factor only:
        // without this last round, names that differ in their last bytes (the top of the last word:
        // "tread-12", "tread-13") fell into a few runs of neighbouring slots (the corpus's lookups
        // averaged 3.6 probes, tank-pro's slots 15; with it, 1.3).
        h ^= h >> 32;
        h *= 0xD6E8FEB86659FD93ull;
        return static_cast<std::size_t>(h ^ h >> 32);
    }
    // The high bits of a hash (the slot takes the low ones), kept in the entry: a probe compares the
    // names' bytes only when their tags agree.
    static std::uint32_t tag_of(std::size_t h) { return static_cast<std::uint32_t>(static_cast<std::uint64_t>(h) >> 32) | 1u; }
    // The entry holding `name` (whose hash is h), else the free entry where it would go (the table is at
    // most half full).
    [[gnu::always_inline]] std::size_t slot_of(std::string_view name, std::size_t h) const {
        const std::size_t mask = table_.size() - 1;
        const std::uint32_t tag = tag_of(h);
        std::size_t i = h & mask;
        while (table_[i].tag && !(table_[i].tag == tag && io::tape::same(name_of(table_[i]), name))) i = (i + 1) & mask;
        return i;
    }
    void rehash(std::size_t size) {
        io::ArenaVector<Entry> old = std::move(table_);
        table_.assign(size, Entry{});
        for (const Entry& e : old)
            if (e.tag) table_[slot_of(name_of(e), hash(name_of(e)))] = e;
    }

    // From the read's arena, as the model (the reader's indexes live no longer than the read).
    io::ArenaVector<Entry> table_;  // a power of two in size
    io::ArenaBasicString bytes_;    // every name, one after another
    std::size_t size_ = 0;
};

}  // namespace rigio::spine::detail
