// rigio/io/error.hpp: the one error type of rigio, with the place in the input it refers to.
// Depends on nothing but the standard library; every reader and writer reports through it.
#pragma once

#include <cstddef>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>

namespace rigio {

// Where in the input an error was found: a byte offset (binary formats) or a JSON pointer
// path with, where known, a 1-based line and column (text formats).
struct Location {
    std::optional<std::size_t> byte;  // byte offset into the input
    std::string json_path;            // e.g. "/animations/run/bones/hip/rotate/3"
    int line = 0;                     // 1-based; 0 when unknown
    int column = 0;                   // 1-based; 0 when unknown

    static Location at_byte(std::size_t offset) { return Location{offset, {}, 0, 0}; }
    static Location at_path(std::string path) { return Location{std::nullopt, std::move(path), 0, 0}; }
    bool known() const { return byte.has_value() || !json_path.empty() || line > 0; }
    std::string to_string() const;  // "byte 5120", "/bones/3/name (line 4, column 7)"
};

// A failure with what went wrong, where, and what was being read ("in animation \"run\", bone
// timeline 3"). Thrown inside readers; returned to callers inside Result.
class Error : public std::runtime_error {
public:
    Error(std::string message, Location where = {}, std::string context = {});

    const std::string& message() const { return message_; }
    const Location& where() const { return where_; }
    const std::string& context() const { return context_; }

private:
    static std::string compose(const std::string& message, const Location& where, const std::string& context);
    std::string message_;
    Location where_;
    std::string context_;
};

// A value or the error that prevented it.
template <class T>
class [[nodiscard]] Result {
public:
    Result(T value) : v_(std::move(value)) {}        // NOLINT(google-explicit-constructor)
    Result(Error error) : v_(std::move(error)) {}    // NOLINT(google-explicit-constructor)

    bool ok() const { return v_.index() == 0; }
    explicit operator bool() const { return ok(); }
    T& value() & { return get_or_throw(); }
    T&& value() && { return std::move(get_or_throw()); }
    const T& value() const& {
        if (!ok()) throw std::get<1>(v_);
        return std::get<0>(v_);
    }
    const Error& error() const { return std::get<1>(v_); }
    T* operator->() { return &get_or_throw(); }
    T& operator*() { return get_or_throw(); }

private:
    T& get_or_throw() {
        if (!ok()) throw std::get<1>(v_);
        return std::get<0>(v_);
    }
    std::variant<T, Error> v_;
};

// Success with no value, or the error that prevented it.
template <>
class [[nodiscard]] Result<void> {
public:
    Result() = default;
    Result(Error error) : error_(std::move(error)) {}  // NOLINT(google-explicit-constructor)

    bool ok() const { return !error_.has_value(); }
    explicit operator bool() const { return ok(); }
    void value() const {
        if (error_) throw *error_;
    }
    const Error& error() const { return *error_; }

private:
    std::optional<Error> error_;
};

// A conversion result that rigio's own reader rejected (`reader` is the reader's error): the JSON path
// stays, the line and column of text nobody sees go, and `what` names the converted data ("Spine
// skeleton") in the context.
Error rejected_conversion(const Error& reader, std::string_view what);

// Runs f (which may throw rigio::Error) and turns the outcome into a Result.
template <class F>
auto capture(F&& f) -> Result<decltype(f())> {
    try {
        if constexpr (std::is_void_v<decltype(f())>) {
            f();
            return {};
        } else {
            return f();
        }
    } catch (Error& e) {
        return std::move(e);
    }
}

}  // namespace rigio
