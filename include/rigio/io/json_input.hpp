// rigio/io/json_input.hpp: what every JSON reader of rigio shares, over simdjson's DOM: parsing with a
// depth limit and located syntax errors, a path of keys and indices for error messages (a JSON pointer
// such as /animations/run/bones/hip/rotate/3), and turning that path back into a line and column of the
// text when an error is reported. Typed getters that fail with the path of the value at fault.
#pragma once

#include <simdjson.h>

#include <charconv>
#include <concepts>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "rigio/io/error.hpp"
#include "rigio/io/json_tape.hpp"

namespace rigio::io {

inline constexpr std::size_t kMaxJsonDepth = 256;

// Says whether the object at `path` (its keys from the root; an array element is "") may name a key more
// than once, because the format reads its members one by one in order (e.g. Spine's timeline maps).
using DuplicateKeysAllowed = bool (*)(std::span<const std::string_view> path);

// When JsonDocument looks for duplicate keys: while parsing, or when its reader calls check_duplicates
// (which lets the reader step over the objects it has checked itself as it read them).
enum class DuplicateCheck { Now, Deferred };

// What follows a text in memory: nothing known (simdjson, which reads up to 64 bytes past the end,
// then parses a padded copy), or io::kReadPadding readable bytes (io::read_file's buffers: parsed in
// place). Claiming padding that is not there makes the parse read past the text's memory.
enum class TextPadding { None, Readable };

// A parsed JSON text. Keeps the text so that errors can be given a line and column.
class JsonDocument {
public:
    // Parses `text`; throws Error with line and column on malformed JSON, nesting deeper than max_depth,
    // or an object that names a key twice (unless `allow_duplicates` says that object may; with
    // DuplicateCheck::Deferred, that last check is left to check_duplicates).
    explicit JsonDocument(std::string_view text, std::size_t max_depth = kMaxJsonDepth,
                          DuplicateKeysAllowed allow_duplicates = nullptr, DuplicateCheck when = DuplicateCheck::Now,
                          TextPadding padding = TextPadding::None);
    ~JsonDocument();
    JsonDocument(const JsonDocument&) = delete;
    JsonDocument& operator=(const JsonDocument&) = delete;

    simdjson::dom::element root() const { return root_; }
    std::string_view text() const { return text_; }

    // Throws the constructor's error for the first duplicated key in document order, if any. Containers
    // whose tape index has its bit set in `verified` (a bitmap of tape_size() bits, when given) are
    // known to hold no duplicate, nor do the containers inside them: they are not looked at again.
    void check_duplicates(const std::uint64_t* verified = nullptr) const;
    // Words in the document's tape (simdjson doc/tape.md): a tape index is below it.
    std::size_t tape_size() const;

private:
    std::string_view text_;
    DuplicateKeysAllowed allow_duplicates_;
    // Lent by the thread's spare parser when it is free (see json_input.cpp), so that its buffers are
    // reused from one document to the next; else a parser of its own.
    std::unique_ptr<simdjson::dom::parser> parser_;
    simdjson::dom::element root_;
};

// Whether the object names no key twice (its own keys only, not those of the objects inside it): for
// readers that note objects free of duplicate keys as they read them (see JsonDocument::check_duplicates).
bool keys_distinct(simdjson::dom::object obj);

// Byte offset of the first syntax error in `text`, or nullopt when it is well-formed JSON (used to
// locate errors that simdjson reports without a position).
std::optional<std::size_t> find_json_syntax_error(std::string_view text, std::size_t max_depth, std::string* what);

// 1-based line and column of a byte offset.
void line_column(std::string_view text, std::size_t offset, int& line, int& column);

// Byte offset of the value that `pointer` (RFC 6901, e.g. "/bones/3/name") designates in `text`, or
// nullopt when there is none. Costs one scan of the text: meant for error reporting only.
std::optional<std::size_t> locate_json_pointer(std::string_view text, std::string_view pointer);

// Appends a key to a JSON pointer, escaping '~' and '/'.
void append_pointer_token(std::string& pointer, std::string_view key);

// Walks a document keeping the path of the value being read, so that failures name it.
//
// The path is kept as a stack of steps (a key's bytes, or an index) and rendered as a JSON pointer only
// when it is asked for (pointer(), location(), a failure): readers enter a scope for nearly every value
// they read, and almost never report one, so a scope costs a push and a pop, not a string append.
class JsonPath {
public:
    explicit JsonPath(std::string_view text) : text_(text), steps_(32) {}

    // RAII: descends into a key or index for the lifetime of the scope. A key is referred to, not
    // copied: it must outlive the scope (keys from the document or literals do). Leaving costs a count
    // (scopes are entered for nearly every value read: a keyframe's, an element's).
    class Scope {
    public:
        [[gnu::always_inline]] Scope(JsonPath& p, std::string_view key) : p_(p) { p.push({key.data(), key.size(), Step::Key}); }
        [[gnu::always_inline]] Scope(JsonPath& p, std::size_t index) : p_(p) { p.push({nullptr, index, Step::Index}); }
        template <class S>
            requires std::same_as<S, std::string>
        Scope(JsonPath& p, S&& key) = delete;  // (a key made for the occasion: OwnedScope)
        [[gnu::always_inline]] ~Scope() { --p_.depth_; }
        Scope(const Scope&) = delete;
        Scope& operator=(const Scope&) = delete;

    private:
        JsonPath& p_;
    };
    // The same for a key made for the occasion (a std::string), which the path keeps while the scope lasts.
    class OwnedScope {
    public:
        OwnedScope(JsonPath& p, std::string key) : p_(p) {
            p.push({nullptr, p.owned_.size(), Step::Owned});
            p.owned_.push_back(std::move(key));
        }
        ~OwnedScope() {
            --p_.depth_;
            p_.owned_.pop_back();
        }
        OwnedScope(const OwnedScope&) = delete;
        OwnedScope& operator=(const OwnedScope&) = delete;

    private:
        JsonPath& p_;
    };

    // The current path as a JSON pointer ("" at the root), rendered on each call.
    const std::string& pointer() const;
    // The location of the current path (with line and column when it can be found in the text).
    Location location() const;
    Location location_of(std::string_view key) const;  // of a member of the current value
    [[noreturn]] void fail(const std::string& message) const;
    [[noreturn]] void fail_at(std::string_view key, const std::string& message) const;

private:
    struct Step {
        enum Kind : unsigned char { Key, Index, Owned };
        const char* key;   // Key: the key's bytes
        std::size_t size;  // Key: the key's length; Index: the index; Owned: the key's place in owned_
        Kind kind;
    };

    // The steps are written in place (steps_ only grows): a scope costs a store and a count.
    // (The growth is out of line, so that a push inlines to a compare, two stores and a count.)
    [[gnu::always_inline]] void push(const Step& s) {
        if (depth_ == steps_.size()) [[unlikely]]
            grow();
        steps_[depth_++] = s;
    }
    [[gnu::noinline]] void grow();

    std::string_view text_;
    std::vector<Step> steps_;  // steps_[0, depth_) is the path
    std::size_t depth_ = 0;
    std::vector<std::string> owned_;
    mutable std::string rendered_;
};

// The JSON type of a value in words ("a string", "an array", ...), for messages.
const char* json_type_name(simdjson::dom::element_type t);

// Typed access that fails with a located error. `key` is the member of `obj` being read.
simdjson::dom::object as_object(simdjson::dom::element e, const JsonPath& path);
simdjson::dom::array as_array(simdjson::dom::element e, const JsonPath& path);
std::string_view as_string(simdjson::dom::element e, const JsonPath& path);
double as_number(simdjson::dom::element e, const JsonPath& path);  // any JSON number
float as_float(simdjson::dom::element e, const JsonPath& path);    // a number that fits a float32
std::int64_t as_integer(simdjson::dom::element e, const JsonPath& path);  // a number with no fraction
bool as_bool(simdjson::dom::element e, const JsonPath& path);

// Member lookup: the first member of that name, nullopt when absent (read from the tape, inlined).
inline std::optional<simdjson::dom::element> member(simdjson::dom::object obj, std::string_view key) {
    return tape::member(obj, key);
}

}  // namespace rigio::io
