#include "text.hpp"

#include <fmt/core.h>

namespace rigio::cli {

namespace {
bool g_replaced = false;
}  // namespace

bool take_utf8_replaced() {
    const bool r = g_replaced;
    g_replaced = false;
    return r;
}

std::size_t utf8_sequence(std::string_view s, std::size_t i) {
    const auto b = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
    const unsigned char c = b(i);
    if (c < 0x80) return 1;
    std::size_t n = 0;
    unsigned cp = 0;
    if (c >= 0xC2 && c <= 0xDF) n = 2, cp = c & 0x1F;
    else if (c >= 0xE0 && c <= 0xEF) n = 3, cp = c & 0x0F;
    else if (c >= 0xF0 && c <= 0xF4) n = 4, cp = c & 0x07;
    else return 0;
    if (i + n > s.size()) return 0;
    for (std::size_t k = 1; k < n; ++k) {
        if ((b(i + k) & 0xC0) != 0x80) return 0;
        cp = (cp << 6) | (b(i + k) & 0x3F);
    }
    if ((n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 || cp > 0x10FFFF)) || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
    return n;
}

std::string esc(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size();) {
        const unsigned char c = static_cast<unsigned char>(s[i]);
        const std::size_t n = utf8_sequence(s, i);
        if (n == 0) {
            out += fmt::format("\\x{:02x}", c);
            ++i;
        } else if (n == 1) {
            if (c == '\n') out += "\\n";
            else if (c == '\t') out += "\\t";
            else if (c == '\r') out += "\\r";
            else if (c < 0x20 || c == 0x7f) out += fmt::format("\\x{:02x}", c);
            else out += static_cast<char>(c);
            ++i;
        } else {
            if (n == 2 && c == 0xC2 && static_cast<unsigned char>(s[i + 1]) <= 0x9F)  // C1 control
                out += fmt::format("\\u{:04x}", static_cast<unsigned char>(s[i + 1]));
            else
                out.append(s.substr(i, n));
            i += n;
        }
    }
    return out;
}

std::string json_quote(std::string_view s, bool* replaced) {
    std::string out = "\"";
    for (std::size_t i = 0; i < s.size();) {
        const unsigned char c = static_cast<unsigned char>(s[i]);
        const std::size_t n = utf8_sequence(s, i);
        if (n == 0) {
            out += "\xEF\xBF\xBD";  // U+FFFD
            if (replaced) *replaced = true;
            g_replaced = true;
            ++i;
            continue;
        }
        if (n == 1) {
            if (c == '"' || c == '\\') {
                out += '\\';
                out += static_cast<char>(c);
            } else if (c == '\n') {
                out += "\\n";
            } else if (c == '\t') {
                out += "\\t";
            } else if (c < 0x20 || c == 0x7f) {
                out += fmt::format("\\u{:04x}", c);
            } else {
                out += static_cast<char>(c);
            }
        } else if (n == 2 && c == 0xC2 && static_cast<unsigned char>(s[i + 1]) <= 0x9F) {
            out += fmt::format("\\u{:04x}", static_cast<unsigned char>(s[i + 1]));
        } else {
            out.append(s.substr(i, n));
        }
        i += n;
    }
    return out + "\"";
}

}  // namespace rigio::cli
