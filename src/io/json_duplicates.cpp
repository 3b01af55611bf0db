// Duplicate keys in a parsed JSON document (see json_duplicates.hpp).
#include "json_duplicates.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <vector>

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

// The first duplicated key among keys[first, end): compared pairwise when there are few (keyframes and
// most objects), else sorted (the range is scratch).
std::optional<std::string_view> duplicate_in(std::vector<SeenKey>::iterator first, std::vector<SeenKey>::iterator end) {
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

// Finds an object that holds a key twice. JSON leaves duplicate names to the reader; rigio refuses
// them, because every format here names its members once and a second copy would be read into the
// model twice (or not at all) depending on the reader. Objects for which `allow(at)` holds (`at`: the
// keys from the root, array elements as "") are not checked. Returns the JSON pointer of the duplicated
// key in the first such object in document order (an object before the objects inside it).
//
// Fast path: one forward pass over simdjson's tape (the parsed document as a flat array of 64-bit
// words, documented in simdjson's doc/tape.md: the type in the top byte, then a payload; '{' '[' open,
// '}' ']' close, '"' a string whose payload is the offset of its 32-bit length and bytes in the string
// buffer, 'l' 'u' 'd' a number followed by its value in the next word, 't' 'f' 'n' literals; the first
// and last words are 'r'). No recursion and no element objects, and the tape is read in order: this
// pass costs a few percent of a read where walking the DOM recursively cost 8%.
std::optional<std::string> find_duplicate_key(const simdjson::dom::document& doc, DuplicateKeysAllowed allow) {
    const std::uint64_t* tape = doc.tape.get();
    const std::uint8_t* strings = doc.string_buf.get();
    constexpr std::uint64_t kPayload = (std::uint64_t{1} << 56) - 1;
    auto key_at = [&](std::uint64_t word) {
        const std::uint8_t* at = strings + (word & kPayload);
        std::uint32_t length;
        std::memcpy(&length, at, sizeof length);
        return std::string_view(reinterpret_cast<const char*>(at + sizeof length), length);
    };
    struct Level {
        bool object;
        bool checked;           // its keys are collected and compared at its end
        bool expect_key;        // object: the next word is a key (or its end)
        std::size_t keys_base;  // its keys: keys[keys_base, ...)
        std::size_t open;       // tape index of its opening word (document order)
        std::size_t count;      // array: elements begun so far
        std::string_view key;   // object: the key of the member being read
    };
    std::vector<Level> levels;
    std::vector<SeenKey> keys;           // collected keys of every open checked object
    std::vector<std::string_view> at;    // path of the innermost open container (one token per level but the root)
    std::optional<std::string> found;
    std::size_t found_open = 0;
    const std::size_t end = static_cast<std::size_t>(tape[0] & kPayload);  // one past the closing 'r'
    for (std::size_t i = 1; i < end;) {
        const std::uint64_t word = tape[i];
        const char type = static_cast<char>(word >> 56);
        if (!levels.empty() && levels.back().expect_key && type == '"') {  // a member's key
            Level& l = levels.back();
            l.key = key_at(word);
            l.expect_key = false;
            if (l.checked) keys.push_back(seen_key(l.key));
            ++i;
            continue;
        }
        if (type == '}' || type == ']') {
            Level& l = levels.back();
            if (l.checked) {
                auto first = keys.begin() + static_cast<std::ptrdiff_t>(l.keys_base);
                if (auto dup = duplicate_in(first, keys.end()); dup && (!found || l.open < found_open)) {
                    // Found at the object's end, so an enclosing object (still open) may hold one too
                    // and come first in document order: the earliest opened one is kept.
                    std::string pointer;
                    for (std::size_t k = 0; k + 1 < levels.size(); ++k) {
                        if (levels[k].object) append_pointer_token(pointer, levels[k].key);
                        else append_pointer_token(pointer, std::to_string(levels[k].count - 1));
                    }
                    append_pointer_token(pointer, *dup);
                    found = std::move(pointer);
                    found_open = l.open;
                }
                keys.resize(l.keys_base);
            }
            levels.pop_back();
            if (!at.empty() && at.size() >= levels.size()) at.pop_back();
            ++i;
            continue;
        }
        // A value: the member's value in an object, an element in an array, or the root.
        if (!levels.empty()) {
            Level& parent = levels.back();
            if (parent.object) parent.expect_key = true;
            else ++parent.count;
        }
        if (type == '[') {
            // Fast path: an array that holds no object or array (vertices, uvs, triangles, a curve) is
            // stepped over in one tight loop. A '[' word's low 32 bits index the word after its ']'.
            const std::size_t close = static_cast<std::size_t>(word & 0xFFFFFFFFu) - 1;
            std::size_t j = i + 1;
            while (j < close) {
                const char t = static_cast<char>(tape[j] >> 56);
                if (t == '{' || t == '[') break;
                j += (t == 'l' || t == 'u' || t == 'd') ? 2 : 1;
            }
            if (j >= close) {
                i = close + 1;
                continue;
            }
        }
        if (type == '{' || type == '[') {
            if (!levels.empty()) at.push_back(levels.back().object ? levels.back().key : std::string_view{});
            const bool object = type == '{';
            const bool checked = object && !(allow && allow(at));
            levels.push_back({object, checked, object, keys.size(), i, 0, {}});
            ++i;
        } else if (type == 'l' || type == 'u' || type == 'd') {
            i += 2;
        } else {
            ++i;  // a string, a literal (or the closing 'r')
        }
    }
    return found;
}

}  // namespace rigio::io::detail
