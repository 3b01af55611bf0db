#include "rigio/io/json_writer.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>

namespace rigio::io {

void append_json_string(std::string& out, std::string_view s) {
    static const char hex[] = "0123456789abcdef";
    out += '"';
    std::size_t run = 0;  // start of the current run of characters that need no escaping
    for (std::size_t i = 0; i < s.size(); ++i) {
        auto c = static_cast<unsigned char>(s[i]);
        if (c >= 0x20 && c != '"' && c != '\\') continue;
        out.append(s.data() + run, i - run);
        run = i + 1;
        switch (c) {
            case '"': out += "\\\""; break;
            case '\\': out += "\\\\"; break;
            case '\n': out += "\\n"; break;
            case '\r': out += "\\r"; break;
            case '\t': out += "\\t"; break;
            case '\b': out += "\\b"; break;
            case '\f': out += "\\f"; break;
            default:
                out += "\\u00";
                out += hex[c >> 4];
                out += hex[c & 15];
        }
    }
    out.append(s.data() + run, s.size() - run);
    out += '"';
}

template <class F>
static void append_number(std::string& out, F v) {
    if (!std::isfinite(v)) {
        out += "null";
        return;
    }
    char buf[64];
    // Integers past 64 bits keep an exponent (the shortest form of some doubles there is their digits in
    // full, which JSON parsers such as simdjson refuse). A float there has at most 9 digits: its shortest
    // form has an exponent already.
    const auto res = std::fabs(v) >= F(0x1p63) ? std::to_chars(buf, buf + sizeof buf, v, std::chars_format::scientific)
                                                : std::to_chars(buf, buf + sizeof buf, v);
    out.append(buf, res.ptr);
}

void append_json_number(std::string& out, float v) { append_number(out, v); }
void append_json_number(std::string& out, double v) { append_number(out, v); }

void JsonWriter::newline_indent(std::size_t level) {
    out_ += '\n';
    out_.append(level, '\t');
}

void JsonWriter::before_value() {
    if (after_key_) {
        after_key_ = false;
        return;
    }
    if (stack_.empty()) return;
    Frame& f = stack_.back();
    if (!f.empty) out_ += ',';
    f.empty = false;
    if (style_ == Style::Tabs) newline_indent(stack_.size());
}

void JsonWriter::key(std::string_view name) {
    Frame& f = stack_.back();
    if (!f.empty) out_ += ',';
    f.empty = false;
    if (style_ == Style::Tabs) newline_indent(stack_.size());
    append_json_string(out_, name);
    out_ += style_ == Style::Tabs ? ": " : ":";
    after_key_ = true;
}

void JsonWriter::open(char c) {
    before_value();
    out_ += c;
    stack_.push_back(Frame{c == '{', true});
}

void JsonWriter::close(char c) {
    bool empty = stack_.back().empty;
    stack_.pop_back();
    if (style_ == Style::Tabs && !empty) newline_indent(stack_.size());
    out_ += c;
}

void JsonWriter::string(std::string_view s) {
    before_value();
    append_json_string(out_, s);
}
void JsonWriter::null() {
    before_value();
    out_ += "null";
}
void JsonWriter::boolean(bool v) {
    before_value();
    out_ += v ? "true" : "false";
}
void JsonWriter::integer(std::int64_t v) {
    before_value();
    char buf[24];
    auto res = std::to_chars(buf, buf + sizeof buf, v);
    out_.append(buf, res.ptr);
}
void JsonWriter::number(float v) {
    before_value();
    append_json_number(out_, v);
}
void JsonWriter::number(double v) {
    before_value();
    append_json_number(out_, v);
}
void JsonWriter::raw(std::string_view json) {
    before_value();
    out_ += json;
}

// ---- reflow -------------------------------------------------------------------------------------

namespace {

// Re-lays out compact JSON written by JsonWriter (no whitespace outside strings).
//
// Speed: a container is first tried on one line in a single scan that copies runs of plain bytes
// (numbers, the insides of strings) at once; meeting a nested container, or finding that the options
// spread this one, takes back what was written (only up to that point) and spreads it instead.
class Reflow {
public:
    Reflow(std::string_view in, const ReflowOptions& o) : in_(in), o_(o) { out_.reserve(in.size() * 3 / 2 + 64); }

    std::string run() {
        value(0);
        out_ += '\n';
        return std::move(out_);
    }

private:
    // Bytes that end a run of plain bytes outside strings.
    enum : unsigned char { kPlain, kQuote, kComma, kColon, kOpen, kClose };
    static constexpr std::array<unsigned char, 256> kClass = [] {
        std::array<unsigned char, 256> c{};
        c['"'] = kQuote;
        c[','] = kComma;
        c[':'] = kColon;
        c['{'] = c['['] = kOpen;
        c['}'] = c[']'] = kClose;
        return c;
    }();
    unsigned char class_at(std::size_t p) const {
        return p < in_.size() ? kClass[static_cast<unsigned char>(in_[p])] : static_cast<unsigned char>(kClose);  // the end closes all
    }
    // Position just past the string starting at `p` (which is '"').
    std::size_t skip_string(std::size_t p) const {
        ++p;
        while (p < in_.size() && in_[p] != '"') p += in_[p] == '\\' ? 2 : 1;
        return p + 1;
    }
    // Position just past the scalar starting at `p`.
    std::size_t skip_scalar(std::size_t p) const {
        if (p < in_.size() && in_[p] == '"') return skip_string(p);
        while (p < in_.size() && in_[p] != ',' && in_[p] != '}' && in_[p] != ']') ++p;
        return p;
    }
    void indent(int level) {
        out_ += '\n';
        out_.append(static_cast<std::size_t>(level), '\t');
    }
    // Writes the container at pos_ on one line ("{ "a": 1, "b": 2 }", "[]") when it holds only scalars
    // and the options keep it on one line; else writes nothing and returns false.
    bool one_line() {
        const char open = in_[pos_];
        std::size_t p = pos_ + 1;
        if (class_at(p) == kClose) {  // empty
            out_ += open;
            if (p < in_.size()) out_ += in_[p];
            pos_ = p + 1;
            return true;
        }
        const std::size_t mark = out_.size();
        out_ += open;
        out_ += ' ';
        std::size_t members = 1, run = p;
        for (;;) {
            const unsigned char k = class_at(p);
            if (k == kPlain) {
                ++p;
            } else if (k == kQuote) {
                p = skip_string(p);
            } else if (k == kComma || k == kColon) {
                members += k == kComma;
                out_.append(in_.data() + run, p - run);
                out_ += in_[p];
                out_ += ' ';
                run = ++p;
            } else {
                break;
            }
        }
        const bool fits = class_at(p) == kClose &&
                          (open == '[' ? o_.one_line_scalar_arrays
                                       : o_.one_line_object_members > 0 && members <= o_.one_line_object_members);
        if (!fits) {
            out_.resize(mark);
            return false;
        }
        out_.append(in_.data() + run, std::min(p, in_.size()) - run);
        out_ += ' ';
        if (p < in_.size()) out_ += in_[p];
        pos_ = p + 1;
        return true;
    }
    void value(int level) {
        if (pos_ >= in_.size()) return;
        char c = in_[pos_];
        if (c != '{' && c != '[') {
            std::size_t q = skip_scalar(pos_);
            out_.append(in_.substr(pos_, q - pos_));
            pos_ = q;
            return;
        }
        if (one_line()) return;
        // Spread over several lines.
        // `level` is the nesting depth; the top level's members sit at column 0 when flush.
        int shift = o_.flush_top_level ? 1 : 0;
        int inner = level + 1;
        out_ += c;
        ++pos_;
        char close = c == '{' ? '}' : ']';
        for (;;) {
            indent(inner - shift);
            if (c == '{') {
                std::size_t q = skip_string(pos_);
                out_.append(in_.substr(pos_, std::min(q, in_.size()) - pos_));
                out_ += ": ";
                pos_ = q + 1;
            }
            value(inner);
            if (pos_ < in_.size() && in_[pos_] == ',') {
                out_ += ',';
                ++pos_;
                continue;
            }
            break;
        }
        indent(level - shift < 0 ? 0 : level - shift);
        out_ += close;
        ++pos_;
    }

    std::string_view in_;
    const ReflowOptions& o_;
    std::string out_;
    std::size_t pos_ = 0;
};

}  // namespace

std::string reflow_json(std::string_view compact, const ReflowOptions& options) {
    if (compact.empty()) return {};
    return Reflow(compact, options).run();
}

}  // namespace rigio::io
