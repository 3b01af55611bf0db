// Duplicate keys in a parsed JSON document (see json_duplicates.hpp).
#include "json_duplicates.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <vector>

#include "rigio/io/arena.hpp"
#include "rigio/io/json_tape.hpp"

namespace rigio::io::detail {

namespace {

// A key collected for the duplicate check, with a fingerprint (length, first and last byte) compared
// before the bytes: keyframes name a handful of short keys ("time", "x", "y", "c2", "c3", ...) whose
// fingerprints differ, so most pairs are told apart without a call to memcmp.
struct SeenKey {
    std::uint64_t fingerprint;
    std::string_view key;
    bool operator==(const SeenKey& o) const { return fingerprint == o.fingerprint && key == o.key; }
    bool operator<(const SeenKey& o) const { return key < o.key; }
};

SeenKey seen_key(std::string_view key) {
    std::uint64_t f = key.size();
    if (!key.empty()) f |= std::uint64_t{static_cast<unsigned char>(key.front())} << 48 | std::uint64_t{static_cast<unsigned char>(key.back())} << 56;
    return {f, key};
}

// One of 64 bits for a fingerprint (equal fingerprints, equal bits).
std::uint64_t fingerprint_bit(std::uint64_t fingerprint) {
    return std::uint64_t{1} << ((fingerprint * 0x9E3779B97F4A7C15ull) >> 58);
}

// The first duplicated key among keys[first, end): compared pairwise when there are few (keyframes and
// most objects), else sorted (the range is scratch).
std::optional<std::string_view> duplicate_in(ArenaVector<SeenKey>::iterator first, ArenaVector<SeenKey>::iterator end) {
    if (end - first <= 16) {
        for (auto a = first; a != end; ++a)
            for (auto b = first; b != a; ++b)
                if (*a == *b) return a->key;
        return std::nullopt;
    }
    std::sort(first, end);
    if (auto at = std::adjacent_find(first, end, [](const SeenKey& a, const SeenKey& b) { return a.key == b.key; }); at != end)
        return at->key;
    return std::nullopt;
}

}  // namespace

namespace {

// The check, container by container in document order: an object's own keys are compared as soon as
// the object is reached (so the first object found with a duplicate is the first in document order,
// and the walk stops there), then its values are walked for the containers inside. Values are read
// straight from simdjson's tape (see rigio/io/json_tape.hpp): a container is stepped over with the
// index its opening word holds, so an object's keys are gathered without visiting what its values hold.
// Recursion is bounded by the parse's depth limit.
class DuplicateFinder {
public:
    DuplicateFinder(const simdjson::dom::document& doc, DuplicateKeysAllowed allow, const std::uint64_t* verified)
        : tape_(doc.tape.get()), strings_(doc.string_buf.get()), allow_(allow), verified_(verified) {
        at_.reserve(32);
        steps_.reserve(32);
        nested_.reserve(64);
    }

    // Checks the container whose opening word is tape[i] and every container inside it; true when a
    // duplicate was found (then in found).
    bool container(std::size_t i) {
        const std::uint64_t open = tape_[i];
        const std::size_t close = tape::close_of(open);
        if (tape::type_of(open) == '[') {
            // Elements, stepped over unless they are containers (arrays of numbers: vertices, curves).
            std::size_t index = 0;
            std::size_t j = i + 1;
            // Fast path: runs of four numbers (two words each) are stepped over with one branch.
            auto number = [this](std::size_t at) { return static_cast<int>(tape::is_number(tape_[at])); };  // (int: one branch for four)
            while (j + 8 <= close && (number(j) & number(j + 2) & number(j + 4) & number(j + 6))) {
                j += 8;
                index += 4;
            }
            for (; j < close; j = tape::after(tape_, j), ++index)
                if (tape::is_container(tape_[j]) && !verified(j) && descend(false, {}, index, j)) return true;
            return false;
        }
        // An object: its keys first (unless the format allows it to repeat them), then its values. The
        // members whose values are containers are noted on the way, on nested_ (a stack the objects
        // inside push onto and pop back), so that the members are walked once. Only the keys'
        // fingerprint bits are kept on the way: the keys themselves are gathered only when a bit repeats.
        const bool check = !(allow_ && allow_(at_));
        const std::size_t base = nested_.size();
        std::uint64_t seen = 0, repeats = 0;  // fingerprint_bit of the keys so far; of keys whose bit was set
        for (std::size_t j = i + 1; j < close;) {
            if (check) {
                const std::uint64_t bit = fingerprint_bit(seen_key(tape::string_at(strings_, tape_[j])).fingerprint);
                repeats |= seen & bit;
                seen |= bit;
            }
            const std::uint64_t value = tape_[j + 1];
            if (tape::is_container(value)) {
                if (!verified(j + 1)) nested_.push_back(j);
                j = tape::close_of(value) + 1;
            } else {
                j += tape::is_number(value) ? 3 : 2;  // the key, and the value's one or two words
            }
        }
        // Equal keys have equal fingerprints, so an object none of whose fingerprints falls on the bit
        // of an earlier one holds no duplicate: the keys are compared only when some bit repeats.
        if (check && repeats) {
            keys_.clear();
            for (std::size_t j = i + 1; j < close; j = tape::after(tape_, j + 1)) keys_.push_back(seen_key(tape::string_at(strings_, tape_[j])));
            if (auto dup = duplicate_in(keys_.begin(), keys_.end())) {
                std::string pointer;
                for (const Step& s : steps_) {
                    if (s.object) append_pointer_token(pointer, s.key);
                    else append_pointer_token(pointer, std::to_string(s.index));
                }
                append_pointer_token(pointer, *dup);
                found = std::move(pointer);
                return true;
            }
        }
        const std::size_t end = nested_.size();
        for (std::size_t k = base; k < end; ++k) {
            const std::size_t j = nested_[k];
            if (descend(true, tape::string_at(strings_, tape_[j]), 0, j + 1)) return true;
        }
        nested_.resize(base);
        return false;
    }

    std::optional<std::string> found;
    bool verified_at(std::size_t i) const { return verified(i); }

private:
    struct Step {
        bool object;           // a member of an object (key) or an element of an array (index)
        std::string_view key;
        std::size_t index;
    };

    // Checks the container at tape[i], which is member `key` of the object being checked (in_object)
    // or element `index` of the array being checked.
    bool descend(bool in_object, std::string_view key, std::size_t index, std::size_t i) {
        at_.push_back(key);
        steps_.push_back({in_object, key, index});
        const bool dup = container(i);
        steps_.pop_back();
        at_.pop_back();
        return dup;
    }

    // Whether the container at tape[i] is known to hold no duplicate (see find_duplicate_key).
    bool verified(std::size_t i) const { return verified_ && (verified_[i >> 6] >> (i & 63) & 1); }

    const std::uint64_t* tape_;
    const std::uint8_t* strings_;
    DuplicateKeysAllowed allow_;
    const std::uint64_t* verified_;
    // (Scratch from the reader's arena when a read has one open: no heap blocks per document.)
    ArenaVector<std::string_view> at_;  // the path of the container being checked, for allow_
    ArenaVector<Step> steps_;           // the same, for the pointer of a duplicate
    ArenaVector<SeenKey> keys_;         // the keys of the object being checked
    ArenaVector<std::size_t> nested_;   // tape indices of the keys of members holding containers, by object
};

}  // namespace

// Finds an object that holds a key twice. JSON leaves duplicate names to the reader; rigio refuses
// them, because every format here names its members once and a second copy would be read into the
// model twice (or not at all) depending on the reader. Objects for which `allow(at)` holds (`at`: the
// keys from the root, array elements as "") are not checked. Returns the JSON pointer of the duplicated
// key in the first such object in document order (an object before the objects inside it).
std::optional<std::string> find_duplicate_key(const simdjson::dom::document& doc, DuplicateKeysAllowed allow,
                                              const std::uint64_t* verified) {
    const std::uint64_t* tape = doc.tape.get();
    // tape[0] is the root word 'r'; the root value follows.
    if (!tape::is_container(tape[1])) return std::nullopt;
    DuplicateFinder finder(doc, allow, verified);
    if (finder.verified_at(1)) return std::nullopt;
    finder.container(1);
    return std::move(finder.found);
}

}  // namespace rigio::io::detail

namespace rigio::io {

bool keys_distinct(simdjson::dom::object obj) {
    const tape::Ref r = tape::ref(obj);
    const std::uint64_t* t = r.doc->tape.get();
    const std::uint8_t* strings = r.doc->string_buf.get();
    const std::size_t close = tape::close_of(t[r.json_index]);  // the '}'
    ArenaVector<detail::SeenKey> keys;  // (scratch from the read's arena, as the check's)
    for (std::size_t i = r.json_index + 1; i < close; i = tape::after(t, i + 1)) keys.push_back(detail::seen_key(tape::string_at(strings, t[i])));
    return !detail::duplicate_in(keys.begin(), keys.end());
}

}  // namespace rigio::io
