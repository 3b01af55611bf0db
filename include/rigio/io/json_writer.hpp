// rigio/io/json_writer.hpp: a streaming JSON writer with no DOM. Appends to a std::string, inserts
// commas itself, escapes strings, and writes every float in its shortest exact decimal form
// (std::to_chars), so a float32 written and read back has the same bits. Layout is either compact or
// indented with tabs; format-specific layouts (e.g. the Spine editor's one-line short objects) are
// produced by reflowing compact output with reflow_json().
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace rigio::io {

class JsonWriter {
public:
    enum class Style { Compact, Tabs };

    explicit JsonWriter(std::string& out, Style style = Style::Compact) : out_(out), style_(style) {}

    void begin_object() { open('{'); }
    void end_object() { close('}'); }
    void begin_array() { open('['); }
    void end_array() { close(']'); }

    // Starts a member of the current object; the next value call writes its value.
    void key(std::string_view name);

    void string(std::string_view s);
    void null();
    void boolean(bool v);
    void integer(std::int64_t v);
    void number(float v);   // shortest form that reads back as the same float32
    void number(double v);  // shortest form that reads back as the same double
    void raw(std::string_view json);  // an already-encoded JSON value, written as is

    // Conveniences: key + value.
    template <class T>
    void member(std::string_view name, const T& v) {
        key(name);
        put(v);
    }

    std::size_t depth() const { return stack_.size(); }

private:
    void put(std::string_view s) { string(s); }
    void put(const std::string& s) { string(s); }
    void put(const char* s) { string(s); }
    void put(bool v) { boolean(v); }
    void put(float v) { number(v); }
    void put(double v) { number(v); }
    void put(int v) { integer(v); }
    void put(long v) { integer(v); }
    void put(long long v) { integer(v); }
    void put(unsigned v) { integer(static_cast<std::int64_t>(v)); }
    void put(unsigned long v) { integer(static_cast<std::int64_t>(v)); }

    void before_value();
    void open(char c);
    void close(char c);
    void newline_indent(std::size_t level);

    struct Frame {
        bool object;
        bool empty;
    };
    std::string& out_;
    Style style_;
    std::vector<Frame> stack_;
    bool after_key_ = false;
};

// Appends `s` to `out` as a quoted, escaped JSON string.
void append_json_string(std::string& out, std::string_view s);
// Appends the shortest decimal text that reads back as exactly `v` ("NaN"/"Infinity" are not JSON:
// callers must check std::isfinite first; this writes them as null).
void append_json_number(std::string& out, float v);
void append_json_number(std::string& out, double v);

// Re-lays out compact JSON (as written by JsonWriter in Compact style) with tab indentation. An object
// or array that holds no nested object or array may stay on one line, written "{ "a": 1, "b": 2 }".
struct ReflowOptions {
    // Flat objects with at most this many members stay on one line; 0: none do (empty ones always do).
    std::size_t one_line_object_members = 0;
    // Arrays of scalars stay on one line whatever their length.
    bool one_line_scalar_arrays = true;
    // Top-level members start at column 0 (as the Spine editor writes), rather than one tab in.
    bool flush_top_level = false;
};
std::string reflow_json(std::string_view compact, const ReflowOptions& options);

}  // namespace rigio::io
