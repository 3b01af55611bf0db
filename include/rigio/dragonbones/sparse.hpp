// rigio/dragonbones/sparse.hpp: the small value types that keep the DragonBones model compact.
// A keyframe can carry any of ~25 keys but a real one carries 2 to 4, so an absent key must cost
// little: Opt<T> is std::optional's interface over a heap box (8 bytes when absent, one allocation
// when present), except Opt<Num>, which is kept inline in 8 bytes (a number is the common case).
// Strings and lists of structures are kept inline instead (InlineOpt: as big as the value, no box).
// RawText is text that is almost always empty (the dirty form of a number or flag): one pointer.
// BoxedList is a list that is almost always empty (unknown keys of an object): one pointer.
#pragma once

#include <compare>
#include <cstddef>
#include <initializer_list>
#include <cstdint>
#include <cstring>
#include <memory>
#include <new>
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


class Num;

// Opt<T> with the value inline instead of in a box, for a T whose storage begins with a pointer that is
// never the odd value 1: libstdc++'s std::string and std::vector begin with their data pointer. "Absent"
// is that first word set to 1, so the Opt is exactly as big as the T. Used for strings and lists of
// structures (a box each was ~30k of the ~73k allocations of a corpus read: names, timelines' frame
// lists); lists of numbers stay boxed (a keyframe's curve is 8 bytes in every frame, present in few).
// The first word is read as bytes (memcpy), which is defined whichever member of the union is live.
template <class T>
class InlineOpt {
public:
    using value_type = T;

    constexpr InlineOpt() noexcept {}
    InlineOpt(std::nullopt_t) noexcept {}  // NOLINT(google-explicit-constructor)
    InlineOpt(const InlineOpt& o) {
        if (o.has_value()) construct(*o);
    }
    // Moves keep Opt's rule: a moved-from Opt is absent.
    InlineOpt(InlineOpt&& o) noexcept {
        if (o.has_value()) {
            construct(std::move(*o));
            o.reset();
        }
    }
    template <class U = T>
        requires(std::is_constructible_v<T, U &&> && !std::is_base_of_v<InlineOpt, std::remove_cvref_t<U>> &&
                 !std::is_same_v<std::remove_cvref_t<U>, std::nullopt_t>)
    InlineOpt(U&& v) {  // NOLINT(google-explicit-constructor)
        construct(std::forward<U>(v));
    }
    InlineOpt(const std::optional<T>& o) {  // NOLINT(google-explicit-constructor)
        if (o) construct(*o);
    }
    ~InlineOpt() { reset(); }

    InlineOpt& operator=(const InlineOpt& o) {
        if (this == &o) return *this;
        if (!o.has_value()) reset();
        else if (has_value()) s_.value = *o;
        else construct(*o);
        return *this;
    }
    InlineOpt& operator=(InlineOpt&& o) noexcept {
        if (this == &o) return *this;
        reset();
        if (o.has_value()) {
            construct(std::move(*o));
            o.reset();
        }
        return *this;
    }
    InlineOpt& operator=(std::nullopt_t) {
        reset();
        return *this;
    }
    template <class U = T>
        requires(std::is_constructible_v<T, U &&> && !std::is_base_of_v<InlineOpt, std::remove_cvref_t<U>> &&
                 !std::is_same_v<std::remove_cvref_t<U>, std::nullopt_t>)
    InlineOpt& operator=(U&& v) {
        if (has_value()) s_.value = T(std::forward<U>(v));
        else construct(std::forward<U>(v));
        return *this;
    }

    explicit operator bool() const { return has_value(); }
    bool has_value() const {
        std::uintptr_t first;
        std::memcpy(&first, static_cast<const void*>(&s_), sizeof first);
        return first != kAbsent;
    }
    T& operator*() { return s_.value; }
    const T& operator*() const { return s_.value; }
    T* operator->() { return &s_.value; }
    const T* operator->() const { return &s_.value; }
    T& value() {
        if (!has_value()) throw std::bad_optional_access();
        return s_.value;
    }
    const T& value() const { return const_cast<InlineOpt*>(this)->value(); }
    template <class U>
    T value_or(U&& fallback) const {
        return has_value() ? s_.value : static_cast<T>(std::forward<U>(fallback));
    }
    template <class... A>
    T& emplace(A&&... args) {
        reset();
        construct(std::forward<A>(args)...);
        return s_.value;
    }
    void reset() {
        if (!has_value()) return;
        s_.value.~T();
        s_.absent = kAbsent;
    }
    operator std::optional<T>() const { return has_value() ? std::optional<T>(s_.value) : std::nullopt; }  // NOLINT

    friend bool operator==(const InlineOpt& a, const InlineOpt& b) {
        if (!a.has_value() || !b.has_value()) return a.has_value() == b.has_value();
        return *a == *b;
    }
    friend bool operator==(const InlineOpt& a, std::nullopt_t) { return !a.has_value(); }
    template <class U>
        requires(!std::is_base_of_v<InlineOpt, std::remove_cvref_t<U>> && !std::is_same_v<std::remove_cvref_t<U>, std::nullopt_t> &&
                 requires(const T& t, const U& u) { t == u; })
    friend bool operator==(const InlineOpt& a, const U& b) {
        return a.has_value() && *a == b;
    }

private:
    static constexpr std::uintptr_t kAbsent = 1;
    template <class... A>
    void construct(A&&... args) {
        new (&s_.value) T(std::forward<A>(args)...);
        if (!has_value()) std::abort();  // (never: a T's first word is its data pointer)
    }
    union Storage {
        constexpr Storage() : absent(kAbsent) {}
        ~Storage() {}
        std::uintptr_t absent;
        T value;
    };
    static_assert(sizeof(T) >= sizeof(std::uintptr_t));
    Storage s_;
};

// Only where the layout InlineOpt relies on is known (libstdc++, which GCC and the clang fuzz build use);
// elsewhere strings and lists keep the boxed Opt.
#if defined(__GLIBCXX__)
template <>
class Opt<std::string> : public InlineOpt<std::string> {
public:
    using InlineOpt::InlineOpt;
    using InlineOpt::operator=;
};

template <class U>
    requires(!std::is_same_v<U, Num>)
class Opt<std::vector<U>> : public InlineOpt<std::vector<U>> {
public:
    using InlineOpt<std::vector<U>>::InlineOpt;
    using InlineOpt<std::vector<U>>::operator=;
};
#endif

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
