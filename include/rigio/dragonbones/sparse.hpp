// rigio/dragonbones/sparse.hpp: the small value types that keep the DragonBones model compact.
// A keyframe can carry any of ~25 keys but a real one carries 2 to 4, so an absent key must cost
// little: Opt<T> is std::optional's interface over a heap box (8 bytes when absent, one allocation
// when present), except Opt<Num>, which is kept inline in 8 bytes (a number is the common case).
// RawText is text that is almost always empty (the dirty form of a number or flag): one pointer.
// BoxedList is a list that is almost always empty (unknown keys of an object): one pointer.
#pragma once

#include <compare>
#include <cstddef>
#include <initializer_list>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace rigio::dragonbones {

// Text kept only in the rare case it is needed; empty costs one null pointer.
class RawText {
public:
    RawText() = default;
    RawText(std::string_view s) { assign(s); }  // NOLINT(google-explicit-constructor)
    RawText(const RawText& o) { assign(o.view()); }
    RawText(RawText&& o) noexcept : p_(std::exchange(o.p_, nullptr)) {}
    RawText& operator=(const RawText& o) {
        if (this != &o) assign(o.view());
        return *this;
    }
    RawText& operator=(RawText&& o) noexcept {
        std::swap(p_, o.p_);
        return *this;
    }
    RawText& operator=(std::string_view s) {
        assign(s);
        return *this;
    }
    ~RawText() { delete p_; }

    bool empty() const { return !p_ || p_->empty(); }
    std::string_view view() const { return p_ ? std::string_view(*p_) : std::string_view(); }
    std::string str() const { return std::string(view()); }
    operator std::string_view() const { return view(); }  // NOLINT(google-explicit-constructor)
    friend bool operator==(const RawText& a, const RawText& b) { return a.view() == b.view(); }
    friend bool operator==(const RawText& a, std::string_view b) { return a.view() == b; }

private:
    void assign(std::string_view s) {
        if (s.empty()) {
            delete p_;
            p_ = nullptr;
        } else if (p_) {
            p_->assign(s);
        } else {
            p_ = new std::string(s);
        }
    }
    std::string* p_ = nullptr;
};

// std::optional's interface (the part the model's users need), with the value in a heap box.
template <class T>
class Opt {
public:
    using value_type = T;

    Opt() = default;
    Opt(std::nullopt_t) {}  // NOLINT(google-explicit-constructor)
    Opt(const Opt& o) : p_(o.p_ ? std::make_unique<T>(*o.p_) : nullptr) {}
    Opt(Opt&&) noexcept = default;
    template <class U = T>
        requires(std::is_constructible_v<T, U &&> && !std::is_same_v<std::remove_cvref_t<U>, Opt> &&
                 !std::is_same_v<std::remove_cvref_t<U>, std::nullopt_t>)
    Opt(U&& v) : p_(std::make_unique<T>(std::forward<U>(v))) {}  // NOLINT(google-explicit-constructor)
    Opt(const std::optional<T>& o) : p_(o ? std::make_unique<T>(*o) : nullptr) {}  // NOLINT
    Opt& operator=(const Opt& o) {
        if (this == &o) return *this;
        if (!o.p_) p_.reset();
        else if (p_) *p_ = *o.p_;
        else p_ = std::make_unique<T>(*o.p_);
        return *this;
    }
    Opt& operator=(Opt&&) noexcept = default;
    Opt& operator=(std::nullopt_t) {
        p_.reset();
        return *this;
    }
    template <class U = T>
        requires(std::is_constructible_v<T, U &&> && !std::is_same_v<std::remove_cvref_t<U>, Opt> &&
                 !std::is_same_v<std::remove_cvref_t<U>, std::nullopt_t>)
    Opt& operator=(U&& v) {
        if (p_) *p_ = T(std::forward<U>(v));
        else p_ = std::make_unique<T>(std::forward<U>(v));
        return *this;
    }

    explicit operator bool() const { return p_ != nullptr; }
    bool has_value() const { return p_ != nullptr; }
    T& operator*() { return *p_; }
    const T& operator*() const { return *p_; }
    T* operator->() { return p_.get(); }
    const T* operator->() const { return p_.get(); }
    T& value() { return checked(); }
    const T& value() const { return const_cast<Opt*>(this)->checked(); }
    template <class U>
    T value_or(U&& fallback) const {
        return p_ ? *p_ : static_cast<T>(std::forward<U>(fallback));
    }
    template <class... A>
    T& emplace(A&&... args) {
        p_ = std::make_unique<T>(std::forward<A>(args)...);
        return *p_;
    }
    void reset() { p_.reset(); }
    operator std::optional<T>() const { return p_ ? std::optional<T>(*p_) : std::nullopt; }  // NOLINT

    friend bool operator==(const Opt& a, const Opt& b) {
        if (!a.p_ || !b.p_) return !a.p_ && !b.p_;
        return *a.p_ == *b.p_;
    }
    friend bool operator==(const Opt& a, std::nullopt_t) { return !a.p_; }
    template <class U>
        requires(!std::is_same_v<std::remove_cvref_t<U>, Opt> && !std::is_same_v<std::remove_cvref_t<U>, std::nullopt_t> &&
                 requires(const T& t, const U& u) { t == u; })
    friend bool operator==(const Opt& a, const U& b) {
        return a.p_ && *a.p_ == b;
    }

private:
    T& checked() {
        if (!p_) throw std::bad_optional_access();
        return *p_;
    }
    std::unique_ptr<T> p_;
};


// A std::vector's interface (the part the model's users need) over a heap box: an empty list is one
// null pointer. Iterators are pointers; they stay valid as a std::vector's would.
template <class T>
class BoxedList {
public:
    using value_type = T;
    using iterator = T*;
    using const_iterator = const T*;

    BoxedList() = default;
    BoxedList(std::initializer_list<T> items) {
        if (items.size()) p_ = std::make_unique<std::vector<T>>(items);
    }
    BoxedList(const BoxedList& o) : p_(o.empty() ? nullptr : std::make_unique<std::vector<T>>(*o.p_)) {}
    BoxedList(BoxedList&&) noexcept = default;
    BoxedList& operator=(const BoxedList& o) {
        if (this != &o) p_ = o.empty() ? nullptr : std::make_unique<std::vector<T>>(*o.p_);
        return *this;
    }
    BoxedList& operator=(BoxedList&&) noexcept = default;

    bool empty() const { return !p_ || p_->empty(); }
    std::size_t size() const { return p_ ? p_->size() : 0; }
    T* begin() { return p_ ? p_->data() : nullptr; }
    T* end() { return p_ ? p_->data() + p_->size() : nullptr; }
    const T* begin() const { return p_ ? p_->data() : nullptr; }
    const T* end() const { return p_ ? p_->data() + p_->size() : nullptr; }
    T& operator[](std::size_t i) { return (*p_)[i]; }
    const T& operator[](std::size_t i) const { return (*p_)[i]; }
    T& front() { return p_->front(); }
    const T& front() const { return p_->front(); }
    T& back() { return p_->back(); }
    const T& back() const { return p_->back(); }
    template <class... A>
    T& emplace_back(A&&... args) {
        return list().emplace_back(std::forward<A>(args)...);
    }
    void push_back(const T& v) { list().push_back(v); }
    void push_back(T&& v) { list().push_back(std::move(v)); }
    // Inserts [first, last) before `pos` (an iterator of this list).
    template <class It>
    void insert(const T* pos, It first, It last) {
        const auto at = static_cast<std::ptrdiff_t>(pos ? pos - begin() : 0);
        auto& l = list();
        l.insert(l.begin() + at, first, last);
    }
    void erase(const T* pos) { p_->erase(p_->begin() + (pos - begin())); }
    void clear() { p_.reset(); }

    friend bool operator==(const BoxedList& a, const BoxedList& b) {
        if (a.empty() || b.empty()) return a.empty() == b.empty();
        return *a.p_ == *b.p_;
    }

private:
    std::vector<T>& list() {
        if (!p_) p_ = std::make_unique<std::vector<T>>();
        return *p_;
    }
    std::unique_ptr<std::vector<T>> p_;
};

}  // namespace rigio::dragonbones
