// Private to the DragonBones JSON reader: a parsed document read straight from simdjson's tape.
// The tape (simdjson doc/tape.md) is the document as a flat array of 64-bit words, the type in the top
// byte and a payload below: '{' '[' open a container (payload: bits 0-31 the index one past its closing
// word, bits 32-55 its element count, saturated at 0xFFFFFF), '}' ']' close it, '"' is a string (payload:
// the offset of its 32-bit length and bytes in the string buffer), 'l' 'u' 'd' a number whose int64,
// uint64 or double is the next word, 't' 'f' 'n' the literals. Reading a number here is a few inlined
// instructions where simdjson's dom::element::get_double was a call per number (7% of a read). The words
// are decoded by rigio/io/json_tape.hpp (shared with the Spine reader); this adds a value type that holds
// no simdjson document, for a reader that keeps its own parser.
#pragma once

#include <simdjson.h>

#include <cstdint>
#include <memory>
#include <span>
#include <string_view>

#include "rigio/io/json_tape.hpp"

namespace rigio::dragonbones {

struct Tape {
    const std::uint64_t* words = nullptr;
    const std::uint8_t* strings = nullptr;
};

// One value of the document: an index into the tape.
class JsonValue {
public:
    JsonValue(const Tape& tape, std::size_t at) : tape_(&tape), at_(at) {}

    char kind() const { return io::tape::type_of(word()); }
    simdjson::dom::element_type type() const;  // as simdjson's DOM names it
    bool is_object() const { return kind() == '{'; }
    bool is_array() const { return kind() == '['; }
    bool is_string() const { return kind() == '"'; }
    bool is_null() const { return kind() == 'n'; }
    bool is_bool() const { return kind() == 't' || kind() == 'f'; }
    bool is_number() const { return io::tape::is_number(word()); }

    // Any JSON number as a double (integers converted, as simdjson's get_double does); false otherwise.
    bool number(double& out) const { return io::tape::number_at(tape_->words + at_, out); }
    std::int64_t int64() const { return static_cast<std::int64_t>(tape_->words[at_ + 1]); }  // kind 'l'
    std::uint64_t uint64() const { return tape_->words[at_ + 1]; }                          // kind 'u'
    bool boolean() const { return kind() == 't'; }
    std::string_view string() const { return io::tape::string_at(tape_->strings, word()); }  // kind '"' (also a key)

    // Containers: the number of elements (members of an object), and their walk.
    std::size_t size() const;
    std::size_t end() const { return io::tape::close_of(word()); }  // its closing word
    std::size_t first() const { return at_ + 1; }  // its first element (or key), or end() when empty
    std::size_t after() const { return io::tape::after(tape_->words, at_); }  // one past this value
    JsonValue at(std::size_t index) const { return {*tape_, index}; }
    std::size_t index() const { return at_; }

private:
    std::uint64_t word() const { return tape_->words[at_]; }
    const Tape* tape_;
    std::size_t at_;
};

// Walks an object's members: `for (JsonMembers m(obj); !m.done(); m.next()) use(m.key(), m.value());`
class JsonMembers {
public:
    explicit JsonMembers(JsonValue object) : key_(object.at(object.first())), end_(object.end()), at_(object.first()) {}
    bool done() const { return at_ >= end_; }
    std::string_view key() const { return key_.string(); }
    JsonValue value() const { return key_.at(at_ + 1); }
    void next() {
        at_ = value().after();
        key_ = key_.at(at_);
    }

private:
    JsonValue key_;
    std::size_t end_, at_;
};

// Walks an array's elements.
class JsonElements {
public:
    explicit JsonElements(JsonValue array) : value_(array.at(array.first())), end_(array.end()), at_(array.first()) {}
    bool done() const { return at_ >= end_; }
    JsonValue value() const { return value_; }
    void next() {
        at_ = value_.after();
        value_ = value_.at(at_);
    }

private:
    JsonValue value_;
    std::size_t end_, at_;
};

// The text parsed with the thread's reusable parser; no duplicate-key check (the reader makes its own,
// json_reader.cpp). False when simdjson refuses the text: the caller then lets io::JsonDocument parse
// it again for the located error message.
class ParsedJson {
public:
    ParsedJson() = default;
    ~ParsedJson();
    ParsedJson(const ParsedJson&) = delete;
    ParsedJson& operator=(const ParsedJson&) = delete;

    bool parse(std::string_view text, std::size_t max_depth, bool padded = false);
    JsonValue root() const { return {tape_, 1}; }
    // Where each token of the text starts, in text order: simdjson's stage-1 index ('{' '}' '[' ']' ','
    // ':' and the first character of every string and scalar), read by JsonText to find the text of a
    // value kept as written. Empty when the parser holds none.
    std::span<const std::uint32_t> tokens() const;

private:
    std::unique_ptr<simdjson::dom::parser> parser_;
    Tape tape_;
};

}  // namespace rigio::dragonbones
