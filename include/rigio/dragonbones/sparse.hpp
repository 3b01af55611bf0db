// rigio/dragonbones/sparse.hpp: the small value types that keep the DragonBones model compact.
// A keyframe can carry any of ~25 keys but a real one carries 2 to 4, so an absent key must cost
// little: Opt<T> is std::optional's interface over a heap box (8 bytes when absent, one allocation
// when present), except Opt<Num>, which is kept inline in 8 bytes (a number is the common case).
// A reader that makes many boxes of one type (keyframes' transforms and colours) places them in the
// slabs of an OptPool: one allocation per slab instead of one per box.
// Strings and lists of structures are kept inline instead (InlineOpt: as big as the value, no box).
// RawText is text that is almost always empty (the dirty form of a number or flag): one pointer.
// BoxedList is a list that is almost always empty (unknown keys of an object): one pointer.
#pragma once

#include <algorithm>
#include <atomic>
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

#include "rigio/io/arena.hpp"

namespace rigio::dragonbones {

// The model's lists: std::vectors whose memory comes from the reader's arena (rigio/io/arena.hpp) when
// the model is read from a file, and from the heap otherwise (as spine::Vector).
template <class T>
using Vector = io::ArenaVector<T>;

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

namespace sparse_detail {
// The head of a slab (OptPool): how many of its cells are still held, plus one while its pool fills it.
struct SlabHead {
    std::atomic<std::size_t> refs;
};
// Drops `n` holds on a slab; the last one frees it (atomic: parts of a model may be dropped by
// different threads).
inline void release(SlabHead* slab, std::size_t n) noexcept {
    if (slab->refs.fetch_sub(n, std::memory_order_acq_rel) == n) ::operator delete(slab);
}
// A slab cell: the slab's head, then the value.
constexpr std::size_t kSlabValueAt = sizeof(SlabHead*);
}  // namespace sparse_detail

template <class T>
class OptPool;

// std::optional's interface (the part the model's users need), with the value in a box: a heap block
// of its own, or a cell of a slab that an OptPool shares among many boxes (low bit of the pointer set).
// Either way the Opt owns its value alone: copies make a heap box, moves take the pointer.
template <class T>
class Opt {
public:
    using value_type = T;

    Opt() = default;
    Opt(std::nullopt_t) {}  // NOLINT(google-explicit-constructor)
    Opt(const Opt& o) : bits_(o ? own(new T(*o)) : 0) {}
    Opt(Opt&& o) noexcept : bits_(std::exchange(o.bits_, 0)) {}
    template <class U = T>
        requires(std::is_constructible_v<T, U &&> && !std::is_same_v<std::remove_cvref_t<U>, Opt> &&
                 !std::is_same_v<std::remove_cvref_t<U>, std::nullopt_t>)
    Opt(U&& v) : bits_(own(new T(std::forward<U>(v)))) {}  // NOLINT(google-explicit-constructor)
    Opt(const std::optional<T>& o) : bits_(o ? own(new T(*o)) : 0) {}  // NOLINT
    ~Opt() { reset(); }
    Opt& operator=(const Opt& o) {
        if (this == &o) return *this;
        if (!o) reset();
        else if (*this) *get() = *o;
        else bits_ = own(new T(*o));
        return *this;
    }
    Opt& operator=(Opt&& o) noexcept {
        if (this != &o) {
            reset();
            bits_ = std::exchange(o.bits_, 0);
        }
        return *this;
    }
    Opt& operator=(std::nullopt_t) {
        reset();
        return *this;
    }
    template <class U = T>
        requires(std::is_constructible_v<T, U &&> && !std::is_same_v<std::remove_cvref_t<U>, Opt> &&
                 !std::is_same_v<std::remove_cvref_t<U>, std::nullopt_t>)
    Opt& operator=(U&& v) {
        if (*this) *get() = T(std::forward<U>(v));
        else bits_ = own(new T(std::forward<U>(v)));
        return *this;
    }

    explicit operator bool() const { return bits_ != 0; }
    bool has_value() const { return bits_ != 0; }
    T& operator*() { return *get(); }
    const T& operator*() const { return *get(); }
    T* operator->() { return get(); }
    const T* operator->() const { return get(); }
    T& value() { return checked(); }
    const T& value() const { return const_cast<Opt*>(this)->checked(); }
    template <class U>
    T value_or(U&& fallback) const {
        return bits_ ? *get() : static_cast<T>(std::forward<U>(fallback));
    }
    template <class... A>
    T& emplace(A&&... args) {
        T* made = new T(std::forward<A>(args)...);
        reset();
        bits_ = own(made);
        return *made;
    }
    void reset() noexcept {
        if (!bits_) return;
        T* p = get();
        if (bits_ & kInSlab) {
            sparse_detail::SlabHead* slab = *std::launder(reinterpret_cast<sparse_detail::SlabHead**>(
                reinterpret_cast<char*>(p) - sparse_detail::kSlabValueAt));
            p->~T();
            sparse_detail::release(slab, 1);
        } else {
            delete p;
        }
        bits_ = 0;
    }
    operator std::optional<T>() const { return bits_ ? std::optional<T>(*get()) : std::nullopt; }  // NOLINT

    friend bool operator==(const Opt& a, const Opt& b) {
        if (!a || !b) return !a && !b;
        return *a == *b;
    }
    friend bool operator==(const Opt& a, std::nullopt_t) { return !a; }
    // An Opt against a value. The Opt is a deduced parameter that must be this Opt itself: a parameter
    // `const Opt&` would take any T by implicit conversion, and then a comparison of two iterators of a
    // std::vector<Opt<T>> (whose hidden friends include this one, e.g. in vector::erase) would test
    // `T == iterator`, whose look-up meets this same constraint again (a constraint that depends on itself).
    template <class O, class U>
        requires(std::is_same_v<O, Opt> && !std::is_same_v<std::remove_cvref_t<U>, Opt> &&
                 !std::is_same_v<std::remove_cvref_t<U>, std::nullopt_t> && requires(const T& t, const U& u) { t == u; })
    friend bool operator==(const O& a, const U& b) {
        return a && *a == b;
    }

private:
    friend class OptPool<T>;
    static_assert(alignof(T) >= 2 && alignof(T) <= sparse_detail::kSlabValueAt);  // a free low bit; cells align
    static constexpr std::uintptr_t kInSlab = 1;
    static std::uintptr_t own(T* p) { return reinterpret_cast<std::uintptr_t>(p); }
    T* get() const { return reinterpret_cast<T*>(bits_ & ~kInSlab); }
    T& checked() {
        if (!bits_) throw std::bad_optional_access();
        return *get();
    }
    std::uintptr_t bits_ = 0;
};

// Boxes for many Opt<T> of one type made together (the DragonBones reader's transforms and colours, one
// per keyframe of most timelines): each value is placed in the next cell of a shared block (a slab of
// 8, 16, ... up to 128 cells) instead of a heap block of its own. A slab is freed when its pool and all
// the values placed in it are gone; meanwhile a value dropped early leaves its cell unused. A cell is
// the slab's pointer and the value, as big as the heap block it replaces (malloc's 8-byte header).
template <class T>
class OptPool {
public:
    OptPool() = default;
    OptPool(const OptPool&) = delete;
    OptPool& operator=(const OptPool&) = delete;
    ~OptPool() { leave(); }

    // o = T{}, placed in the pool (its former value dropped); returns the new value.
    T& emplace(Opt<T>& o) {
        if (used_ == capacity_) next_slab();
        char* cell = cells_ + used_ * kCell;
        ++used_;
        new (cell) sparse_detail::SlabHead*(slab_);
        T* value = new (cell + sparse_detail::kSlabValueAt) T();
        o.reset();
        o.bits_ = Opt<T>::own(value) | Opt<T>::kInSlab;
        return *value;
    }

private:
    static constexpr std::size_t kCell = sparse_detail::kSlabValueAt + sizeof(T);  // (sizeof(T): a multiple of its alignment)
    static constexpr std::size_t kFirstCells = 8, kMostCells = 128;

    // A slab starts with a hold per cell plus the pool's; the pool gives back the unused ones as it leaves.
    void next_slab() {
        leave();
        capacity_ = capacity_ ? std::min(capacity_ * 2, kMostCells) : kFirstCells;
        void* block = ::operator new(sizeof(sparse_detail::SlabHead) + capacity_ * kCell);
        slab_ = new (block) sparse_detail::SlabHead{capacity_ + 1};
        cells_ = static_cast<char*>(block) + sizeof(sparse_detail::SlabHead);
        used_ = 0;
    }
    void leave() noexcept {
        if (slab_) sparse_detail::release(slab_, capacity_ - used_ + 1);
        slab_ = nullptr;
    }

    sparse_detail::SlabHead* slab_ = nullptr;
    char* cells_ = nullptr;
    std::size_t used_ = 0, capacity_ = 0;
};


class Num;

// Opt<T> with the value inline instead of in a box, for a T whose storage begins with a pointer that is
// never the odd value 1: libstdc++'s std::string and std::vector (with a stateless allocator, such as
// Vector's) begin with their data pointer. "Absent" is that first word set to 1, so the Opt is exactly
// as big as the T. Used for strings and lists of
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
    // As Opt's: the InlineOpt (or the Opt built on it) is deduced, never converted to (see Opt).
    template <class O, class U>
        requires(std::is_base_of_v<InlineOpt, O> && !std::is_base_of_v<InlineOpt, std::remove_cvref_t<U>> &&
                 !std::is_same_v<std::remove_cvref_t<U>, std::nullopt_t> && requires(const T& t, const U& u) { t == u; })
    friend bool operator==(const O& a, const U& b) {
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

template <class U, class A>
    requires(!std::is_same_v<U, Num>)
class Opt<std::vector<U, A>> : public InlineOpt<std::vector<U, A>> {
public:
    using InlineOpt<std::vector<U, A>>::InlineOpt;
    using InlineOpt<std::vector<U, A>>::operator=;
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
