// rigio/io/arena_string.hpp: a string whose characters come from the reader's arena, as a model's arrays.
//
// A model's names are its most numerous heap blocks: every name longer than the 15 characters a
// std::string holds inline is one malloc when read and one free when dropped (about three quarters of
// a .skel read's allocations). ArenaString is std::basic_string with io::ArenaAllocator, so those
// characters come from the open ArenaScope like the model's vectors (and from the heap outside one).
//
// It is a std::string in all but its allocator, and converts both ways so that code written for
// std::string keeps working: it is built and assigned from a std::string, std::string_view or C string,
// it converts implicitly to std::string_view (free) and to std::string (a copy: prefer the view where a
// view will do), and it compares with any of them.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <utility>

#include "rigio/io/arena.hpp"

namespace rigio::io {

using ArenaBasicString = std::basic_string<char, std::char_traits<char>, ArenaAllocator<char>>;

class ArenaString : public ArenaBasicString {
public:
    ArenaString() = default;
    ArenaString(const ArenaString&) = default;
    ArenaString(ArenaString&&) noexcept = default;
    ArenaString& operator=(const ArenaString&) = default;
    ArenaString& operator=(ArenaString&&) noexcept = default;
    ~ArenaString() = default;

    ArenaString(ArenaBasicString s) noexcept : ArenaBasicString(std::move(s)) {}
    ArenaString(std::string_view s) : ArenaBasicString(s.data(), s.size()) {}
    ArenaString(const std::string& s) : ArenaBasicString(s.data(), s.size()) {}
    ArenaString(const char* s) : ArenaBasicString(s) {}
    ArenaString(const char* s, std::size_t n) : ArenaBasicString(s, n) {}
    ArenaString(std::size_t n, char c) : ArenaBasicString(n, c) {}
    template <class It>
    ArenaString(It first, It last) : ArenaBasicString(first, last) {}

    ArenaString& operator=(std::string_view s) {
        assign(s.data(), s.size());
        return *this;
    }
    ArenaString& operator=(const std::string& s) {
        assign(s.data(), s.size());
        return *this;
    }
    ArenaString& operator=(const char* s) {
        assign(s);
        return *this;
    }

    std::string_view view() const noexcept { return {data(), size()}; }
    // A heap copy, for code that needs a std::string.
    std::string str() const { return {data(), size()}; }
    operator std::string() const { return str(); }
    // A part, as a std::string (as the rest of a program takes it).
    std::string substr(size_type at = 0, size_type n = npos) const { return std::string(view().substr(at, n)); }

    friend bool operator==(const ArenaString& a, const ArenaString& b) noexcept { return a.view() == b.view(); }
    friend bool operator==(const ArenaString& a, std::string_view b) noexcept { return a.view() == b; }
    friend bool operator==(const ArenaString& a, const std::string& b) noexcept { return a.view() == b; }
    friend bool operator==(const ArenaString& a, const char* b) noexcept { return a.view() == b; }
    friend auto operator<=>(const ArenaString& a, const ArenaString& b) noexcept { return a.view() <=> b.view(); }
    friend auto operator<=>(const ArenaString& a, std::string_view b) noexcept { return a.view() <=> b; }
    friend auto operator<=>(const ArenaString& a, const std::string& b) noexcept {
        return a.view() <=> std::string_view(b);
    }
    friend auto operator<=>(const ArenaString& a, const char* b) noexcept { return a.view() <=> b; }
};

// std::string + ArenaString and the like, as with two std::strings (the result is a std::string).
inline std::string operator+(std::string a, const ArenaString& b) { return std::move(a.append(b.data(), b.size())); }
inline std::string operator+(const ArenaString& a, std::string_view b) {
    std::string s = a.str();
    s.append(b.data(), b.size());
    return s;
}
inline std::string operator+(const ArenaString& a, const char* b) { return a + std::string_view(b); }
inline std::string operator+(const ArenaString& a, char b) { return a + std::string_view(&b, 1); }
inline std::string operator+(const char* a, const ArenaString& b) { return std::string(a) + b; }

}  // namespace rigio::io

template <>
struct std::hash<rigio::io::ArenaString> {
    std::size_t operator()(const rigio::io::ArenaString& s) const noexcept {
        return std::hash<std::string_view>{}(s.view());
    }
};
