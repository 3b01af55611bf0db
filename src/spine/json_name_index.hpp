// Internal: the Spine JSON reader's index of names (bones, slots, constraints, skins, events) to their
// indices, looked up by the string_view of a key or value on the tape.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "rigio/io/arena.hpp"
#include "rigio/io/arena_string.hpp"

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
        std::size_t i = slot_of(name);
        if (table_[i].used) return false;
        table_[i] = {static_cast<std::uint32_t>(bytes_.size()), static_cast<std::uint32_t>(name.size()), value, true};
        bytes_.append(name);
        ++size_;
        return true;
    }

    // The value of `name`, or nullptr.
    const int* find(std::string_view name) const {
        if (table_.empty()) return nullptr;
        const Entry& e = table_[slot_of(name)];
        return e.used ? &e.value : nullptr;
    }

    // Calls f(name, value&) for every name, in no particular order.
    template <class F>
    void for_each(F&& f) {
        for (Entry& e : table_)
            if (e.used) f(name_of(e), e.value);
    }

private:
    struct Entry {
        std::uint32_t offset = 0, length = 0;  // the name: bytes_[offset, offset + length)
        int value = 0;
        bool used = false;
    };

    static std::size_t table_size_for(std::size_t names) {
        std::size_t n = 8;
        while (n < names * 2) n *= 2;
        return n;
    }
    std::string_view name_of(const Entry& e) const { return std::string_view(bytes_).substr(e.offset, e.length); }
    // The entry holding `name`, else the free entry where it would go (the table is at most half full).
    std::size_t slot_of(std::string_view name) const {
        const std::size_t mask = table_.size() - 1;
        std::size_t i = std::hash<std::string_view>{}(name) & mask;
        while (table_[i].used && name_of(table_[i]) != name) i = (i + 1) & mask;
        return i;
    }
    void rehash(std::size_t size) {
        io::ArenaVector<Entry> old = std::move(table_);
        table_.assign(size, Entry{});
        for (const Entry& e : old)
            if (e.used) table_[slot_of(name_of(e))] = e;
    }

    // From the read's arena, as the model (the reader's indexes live no longer than the read).
    io::ArenaVector<Entry> table_;  // a power of two in size
    io::ArenaBasicString bytes_;    // every name, one after another
    std::size_t size_ = 0;
};

}  // namespace rigio::spine::detail
