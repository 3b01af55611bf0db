#include "rigio/io/json_input.hpp"

#include "rigio/io/file.hpp"

#include "rigio/io/text.hpp"
#include "json_duplicates.hpp"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <cmath>
#include <limits>

namespace rigio::io {

namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// A small JSON scanner: enough to find the first syntax error and to walk to a pointer's value.
// It is only used when reporting errors, so it favours simplicity over speed.
class Scanner {
public:
    Scanner(std::string_view t, std::size_t max_depth) : t_(t), max_depth_(max_depth) {}

    std::size_t pos = 0;
    std::string what;

    void ws() {
        while (pos < t_.size() && is_space(t_[pos])) ++pos;
    }
    bool at_end() const { return pos >= t_.size(); }
    char peek() const { return pos < t_.size() ? t_[pos] : '\0'; }

    // Scans one string starting at '"'; appends its decoded bytes (approximately) to `out` if given.
    bool string(std::string* out) {
        ++pos;
        while (pos < t_.size()) {
            auto c = static_cast<unsigned char>(t_[pos]);
            if (c == '"') {
                ++pos;
                return true;
            }
            if (c < 0x20) return fail("control character in a string");
            if (c == '\\') {
                ++pos;
                if (pos >= t_.size()) break;
                char e = t_[pos];
                if (e == 'u') {
                    for (int i = 1; i <= 4; ++i)
                        if (pos + i >= t_.size() || !std::isxdigit(static_cast<unsigned char>(t_[pos + i]))) {
                            pos += i;
                            return fail("bad \\u escape in a string");
                        }
                    if (out) out->append(t_.substr(pos - 1, 6));
                    pos += 5;
                    continue;
                }
                static const std::string_view simple = "\"\\/bfnrt";
                static const std::string_view decoded = "\"\\/\b\f\n\r\t";
                auto k = simple.find(e);
                if (k == std::string_view::npos) return fail("bad escape in a string");
                if (out) *out += decoded[k];
                ++pos;
                continue;
            }
            if (out) *out += static_cast<char>(c);
            ++pos;
        }
        return fail("unterminated string");
    }

    bool number() {
        std::size_t start = pos;
        if (peek() == '-') ++pos;
        if (peek() == '0') {
            ++pos;
        } else if (peek() >= '1' && peek() <= '9') {
            while (peek() >= '0' && peek() <= '9') ++pos;
        } else {
            pos = start;
            return fail("expected a value");
        }
        if (peek() == '.') {
            ++pos;
            if (!(peek() >= '0' && peek() <= '9')) return fail("expected a digit after '.'");
            while (peek() >= '0' && peek() <= '9') ++pos;
        }
        if (peek() == 'e' || peek() == 'E') {
            ++pos;
            if (peek() == '+' || peek() == '-') ++pos;
            if (!(peek() >= '0' && peek() <= '9')) return fail("expected a digit in the exponent");
            while (peek() >= '0' && peek() <= '9') ++pos;
        }
        // Range: what simdjson (and so every reader) can hold: 64-bit integers and finite doubles.
        std::string digits(t_.substr(start, pos - start));
        bool integral = digits.find_first_of(".eE") == std::string::npos;
        errno = 0;
        if (integral) {
            if (digits[0] == '-') (void)std::strtoll(digits.c_str(), nullptr, 10);
            else (void)std::strtoull(digits.c_str(), nullptr, 10);
        } else {
            double d = std::strtod(digits.c_str(), nullptr);
            if (!std::isfinite(d)) errno = ERANGE;
        }
        if (errno == ERANGE) {
            pos = start;
            return fail(integral ? "integer does not fit 64 bits" : "number out of range of a double");
        }
        return true;
    }

    bool literal(std::string_view word) {
        if (t_.substr(pos, word.size()) != word) return fail("expected a value");
        pos += word.size();
        return true;
    }

    // Scans a whole value (iteratively, so hostile nesting cannot overflow the stack).
    bool value() {
        std::vector<char> stack;  // '{' or '['
        for (;;) {
            ws();
            // A value is expected here.
            char c = peek();
            if (c == '{' || c == '[') {
                if (stack.size() >= max_depth_) return fail("nesting deeper than " + std::to_string(max_depth_) + " levels");
                stack.push_back(c);
                ++pos;
                ws();
                if (peek() == (c == '{' ? '}' : ']')) {
                    ++pos;
                    stack.pop_back();
                } else if (c == '{') {
                    if (!key()) return false;
                    continue;
                } else {
                    continue;
                }
            } else if (c == '"') {
                if (!string(nullptr)) return false;
            } else if (c == 't') {
                if (!literal("true")) return false;
            } else if (c == 'f') {
                if (!literal("false")) return false;
            } else if (c == 'n') {
                if (!literal("null")) return false;
            } else if (at_end()) {
                return fail("unexpected end of input");
            } else if (!number()) {
                return false;
            }
            // After a value: close containers or move to the next element.
            for (;;) {
                if (stack.empty()) return true;
                ws();
                char open = stack.back();
                char close = open == '{' ? '}' : ']';
                if (peek() == close) {
                    ++pos;
                    stack.pop_back();
                    continue;
                }
                if (peek() == ',') {
                    ++pos;
                    if (open == '{' && !key()) return false;
                    break;
                }
                if (at_end()) return fail("unexpected end of input");
                return fail(std::string("expected ',' or '") + close + "'");
            }
        }
    }

    bool key() {
        ws();
        if (peek() != '"') return fail("expected a member name in double quotes");
        if (!string(nullptr)) return false;
        ws();
        if (peek() != ':') return fail("expected ':' after a member name");
        ++pos;
        return true;
    }

    bool fail(std::string message) {
        what = std::move(message);
        return false;
    }

private:
    std::string_view t_;
    std::size_t max_depth_;
};

std::string pointer_token_unescape(std::string_view token) {
    std::string out;
    for (std::size_t i = 0; i < token.size(); ++i) {
        if (token[i] == '~' && i + 1 < token.size()) {
            out += token[i + 1] == '1' ? '/' : '~';
            ++i;
        } else {
            out += token[i];
        }
    }
    return out;
}

}  // namespace

std::optional<std::size_t> find_json_syntax_error(std::string_view text, std::size_t max_depth, std::string* what) {
    Scanner s(text, max_depth);
    bool ok = s.value();
    if (ok) {
        s.ws();
        if (!s.at_end()) {
            ok = false;
            s.what = "unexpected text after the JSON value";
        }
    }
    if (ok) return std::nullopt;
    if (what) *what = s.what;
    return s.pos;
}

void line_column(std::string_view text, std::size_t offset, int& line, int& column) {
    line = 1;
    column = 1;
    if (offset > text.size()) offset = text.size();
    for (std::size_t i = 0; i < offset; ++i) {
        if (text[i] == '\n') {
            ++line;
            column = 1;
        } else if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) {
            ++column;  // count characters, not UTF-8 continuation bytes
        }
    }
}

std::optional<std::size_t> locate_json_pointer(std::string_view text, std::string_view pointer) {
    Scanner s(text, kMaxJsonDepth);
    s.ws();
    while (!pointer.empty()) {
        if (pointer[0] != '/') return std::nullopt;
        pointer.remove_prefix(1);
        auto slash = pointer.find('/');
        std::string token = pointer_token_unescape(pointer.substr(0, slash));
        pointer = slash == std::string_view::npos ? std::string_view{} : pointer.substr(slash);
        char c = s.peek();
        if (c == '{') {
            ++s.pos;
            bool found = false;
            for (;;) {
                s.ws();
                if (s.peek() != '"') return std::nullopt;
                std::string key;
                if (!s.string(&key)) return std::nullopt;
                s.ws();
                if (s.peek() != ':') return std::nullopt;
                ++s.pos;
                s.ws();
                if (key == token) {
                    found = true;
                    break;
                }
                if (!s.value()) return std::nullopt;
                s.ws();
                if (s.peek() != ',') return std::nullopt;
                ++s.pos;
            }
            if (!found) return std::nullopt;
        } else if (c == '[') {
            std::size_t index = 0;
            for (char d : token) {
                if (d < '0' || d > '9') return std::nullopt;
                index = index * 10 + static_cast<std::size_t>(d - '0');
                if (index > text.size()) return std::nullopt;
            }
            ++s.pos;
            for (std::size_t i = 0; i < index; ++i) {
                s.ws();
                if (!s.value()) return std::nullopt;
                s.ws();
                if (s.peek() != ',') return std::nullopt;
                ++s.pos;
            }
            s.ws();
            if (s.peek() == ']') return std::nullopt;
        } else {
            return std::nullopt;
        }
    }
    return s.pos;
}

void append_pointer_token(std::string& pointer, std::string_view key) {
    pointer += '/';
    // Entered for every key read: most keys need no escape and are appended whole.
    if (std::none_of(key.begin(), key.end(), [](char c) { return c == '~' || c == '/'; })) {
        pointer.append(key);
        return;
    }
    for (char c : key) {
        if (c == '~') pointer += "~0";
        else if (c == '/') pointer += "~1";
        else pointer += c;
    }
}

namespace {
// Texts up to this size (every file of the Spine corpus) leave their parser to the thread's next
// document: a thread keeps at most ~14 MB of parser buffers (about 14 bytes per byte of text). A larger
// text's buffers are released with it.
constexpr std::size_t kKeepParserFor = std::size_t{1} << 20;
// The thread's spare parser: a JsonDocument borrows it while it lives, so that reading many documents
// allocates simdjson's buffers (the structural indexes, the tape, the strings) once, and finds them in
// cache, instead of allocating and faulting in fresh ones per document. A document opened while
// another one holds it gets a parser of its own.
thread_local std::unique_ptr<simdjson::dom::parser> spare_parser;
}  // namespace

JsonDocument::JsonDocument(std::string_view text, std::size_t max_depth, DuplicateKeysAllowed allow_duplicates, DuplicateCheck when,
                           TextPadding padding)
    : text_(text), allow_duplicates_(allow_duplicates), parser_(std::move(spare_parser)) {
    auto fail_syntax = [&](const char* fallback) {
        std::string what;
        auto at = find_json_syntax_error(text, max_depth, &what);
        Location where;
        if (at) {
            where.byte = *at;
            line_column(text, *at, where.line, where.column);
        }
        throw Error(what.empty() ? fallback : "malformed JSON: " + what, where);
    };
    if (text.size() > std::numeric_limits<std::uint32_t>::max() - 64)
        throw Error("JSON text too large (" + std::to_string(text.size()) + " bytes)");
    if (!parser_) parser_ = std::make_unique<simdjson::dom::parser>();
    if ((parser_->capacity() < text.size() + 64 || parser_->max_depth() != max_depth + 1) &&
        parser_->allocate(std::max(parser_->capacity(), text.size() + 64), max_depth + 1) != simdjson::SUCCESS)
        throw Error("out of memory for a JSON text of " + std::to_string(text.size()) + " bytes");
    // simdjson reads up to 64 bytes past the text: unless they are known to be there, it parses a padded
    // copy, freed once parsed (a copy the parser kept would stay alive, and count in the peak heap, while
    // the model is built).
    static_assert(kReadPadding >= simdjson::SIMDJSON_PADDING);
    simdjson::padded_string padded;
    if (padding == TextPadding::None) padded = simdjson::padded_string(text);
    auto r = padding == TextPadding::None ? parser_->parse(padded) : parser_->parse(text.data(), text.size(), false);
    if (r.error()) {
        if (r.error() == simdjson::DEPTH_ERROR) fail_syntax("JSON nested too deeply");
        if (r.error() == simdjson::UTF8_ERROR) {
            std::size_t at = first_invalid_utf8(text);
            Location where = Location::at_byte(at);
            line_column(text, at, where.line, where.column);
            throw Error("the JSON text is not valid UTF-8", where);
        }
        fail_syntax((std::string("malformed JSON: ") + simdjson::error_message(r.error())).c_str());
    }
    root_ = r.value_unsafe();
    if (when == DuplicateCheck::Now) check_duplicates();
}

void JsonDocument::check_duplicates(const std::uint64_t* verified) const {
    if (auto pointer = detail::find_duplicate_key(parser_->doc, allow_duplicates_, verified)) {
        Location where = Location::at_path(*pointer);
        if (auto at = locate_json_pointer(text_, *pointer)) line_column(text_, *at, where.line, where.column);
        // The key is the pointer's last token, unescaped.
        std::string key = pointer_token_unescape(std::string_view(*pointer).substr(pointer->rfind('/') + 1));
        throw Error("duplicate key \"" + key.substr(0, 60) + "\": its object names it more than once", where);
    }
}

// The root word tape[0] holds the index just after the tape's last word (+ 1: a margin that costs nothing).
std::size_t JsonDocument::tape_size() const { return static_cast<std::size_t>(parser_->doc.tape[0] & tape::kPayload) + 1; }

JsonDocument::~JsonDocument() {
    if (parser_ && !spare_parser && parser_->capacity() <= kKeepParserFor + 64) spare_parser = std::move(parser_);
}

void JsonPath::grow() { steps_.resize(2 * depth_); }

const std::string& JsonPath::pointer() const {
    rendered_.clear();
    for (std::size_t d = 0; d < depth_; ++d) {
        const Step& s = steps_[d];
        switch (s.kind) {
            case Step::Key: append_pointer_token(rendered_, std::string_view(s.key, s.size)); break;
            case Step::Owned: append_pointer_token(rendered_, owned_[s.size]); break;
            case Step::Index: {
                char digits[24];
                digits[0] = '/';
                const auto end = std::to_chars(digits + 1, digits + sizeof digits, s.size).ptr;
                rendered_.append(digits, static_cast<std::size_t>(end - digits));
                break;
            }
        }
    }
    return rendered_;
}

Location JsonPath::location() const {
    const std::string& path = pointer();
    Location where = Location::at_path(path.empty() ? "/" : path);
    if (auto at = locate_json_pointer(text_, path)) line_column(text_, *at, where.line, where.column);
    return where;
}

Location JsonPath::location_of(std::string_view key) const {
    std::string p = pointer();
    append_pointer_token(p, key);
    Location where = Location::at_path(p);
    if (auto at = locate_json_pointer(text_, p)) line_column(text_, *at, where.line, where.column);
    return where;
}

void JsonPath::fail(const std::string& message) const { throw Error(message, location()); }
void JsonPath::fail_at(std::string_view key, const std::string& message) const {
    throw Error(message, location_of(key));
}

const char* json_type_name(simdjson::dom::element_type t) {
    using T = simdjson::dom::element_type;
    switch (t) {
        case T::ARRAY: return "an array";
        case T::OBJECT: return "an object";
        case T::INT64:
        case T::UINT64:
        case T::DOUBLE: return "a number";
        case T::STRING: return "a string";
        case T::BOOL: return "a boolean";
        case T::NULL_VALUE: return "null";
    }
    return "a value";
}

namespace {
[[noreturn]] void wrong_type(simdjson::dom::element e, const JsonPath& path, const char* want) {
    path.fail(std::string("expected ") + want + ", found " + json_type_name(e.type()));
}
}  // namespace

simdjson::dom::object as_object(simdjson::dom::element e, const JsonPath& path) {
    if (!e.is_object()) wrong_type(e, path, "an object");
    return e.get_object().value_unsafe();
}

simdjson::dom::array as_array(simdjson::dom::element e, const JsonPath& path) {
    if (!e.is_array()) wrong_type(e, path, "an array");
    return e.get_array().value_unsafe();
}

std::string_view as_string(simdjson::dom::element e, const JsonPath& path) {
    if (!e.is_string()) wrong_type(e, path, "a string");
    return e.get_string().value_unsafe();
}

double as_number(simdjson::dom::element e, const JsonPath& path) {
    if (double d; tape::number(e, d)) return d;
    switch (e.type()) {
        case simdjson::dom::element_type::DOUBLE: return e.get_double().value_unsafe();
        case simdjson::dom::element_type::INT64: return static_cast<double>(e.get_int64().value_unsafe());
        case simdjson::dom::element_type::UINT64: return static_cast<double>(e.get_uint64().value_unsafe());
        default: wrong_type(e, path, "a number");
    }
}

float as_float(simdjson::dom::element e, const JsonPath& path) {
    double d = as_number(e, path);
    if (std::fabs(d) > static_cast<double>(std::numeric_limits<float>::max()))
        path.fail("number " + std::to_string(d) + " does not fit a 32-bit float");
    return static_cast<float>(d);
}

std::int64_t as_integer(simdjson::dom::element e, const JsonPath& path) {
    switch (e.type()) {
        case simdjson::dom::element_type::INT64: return e.get_int64().value_unsafe();
        case simdjson::dom::element_type::UINT64: {
            std::uint64_t u = e.get_uint64().value_unsafe();
            if (u > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) path.fail("integer too large");
            return static_cast<std::int64_t>(u);
        }
        case simdjson::dom::element_type::DOUBLE: {
            double d = e.get_double().value_unsafe();
            if (d != std::floor(d) || std::fabs(d) > 9.0e15) path.fail("expected an integer, found " + std::to_string(d));
            return static_cast<std::int64_t>(d);
        }
        default: wrong_type(e, path, "an integer");
    }
}

bool as_bool(simdjson::dom::element e, const JsonPath& path) {
    if (!e.is_bool()) wrong_type(e, path, "true or false");
    return e.get_bool().value_unsafe();
}

}  // namespace rigio::io
