// rigio/spine/bezier_handles.hpp: the float array of a 4.x Bézier curve's handles (Curve::bezier):
// 4 floats per channel. A vector-like container that keeps up to two channels (8 floats) inside the
// object, offering the std::vector<float> operations the codecs use (size, [], iteration, resize,
// push_back, insert, assign). Two kinds, one template:
// - BezierHandles spills wider curves (colour, transform, path mix: up to 28 values) to the heap;
//   at most 65535 values.
// - FixedBezierHandles never does: at most 8 values (more throws std::length_error), and it is
//   trivially copyable and trivially destructible, so that the keys holding it (bone, IK, deform and
//   physics keys: one or two channels, see Curve2 in model.hpp) need no destructor call.
// 36 bytes, 4-byte aligned (the heap pointer is kept in the inline bytes), so that a Curve and the
// keyframes holding one are no larger than with a std::vector.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <iterator>
#include <new>
#include <stdexcept>
#include <type_traits>

namespace rigio::spine {

namespace detail {

// The bytes of a handles array: its counts and 8 floats, which hold the values or (spilled to the heap)
// the pointer to them. Trivially copyable and destructible: the fixed kind's store.
struct BezierStore {
    static constexpr std::size_t kInline = 8;  // two channels' handles
    BezierStore() noexcept {}  // user-provided: the inline array is left unset (only [0, size) is read)
    bool on_heap() const { return capacity > kInline; }
    // On the heap, the inline bytes hold the pointer (copied in and out: they are only 4-byte aligned).
    float* heap() const {
        float* p;
        std::memcpy(&p, values, sizeof p);
        return p;
    }
    float* data() { return on_heap() ? heap() : values; }
    const float* data() const { return on_heap() ? heap() : values; }

    std::uint16_t size = 0;
    std::uint16_t capacity = kInline;  // more than kInline: the values are on the heap (spilling kind only)
    float values[kInline];
};

// The spilling kind's store: it owns its heap array (a copy copies the values, a move takes the array
// and leaves the source empty). (Special members of a member, rather than constrained ones of the
// handles class: compilers before Clang 16 do not make those conditionally trivial.)
struct SpillingBezierStore : BezierStore {
    SpillingBezierStore() noexcept {}
    SpillingBezierStore(const SpillingBezierStore& o) : BezierStore() { copy_values(o); }
    SpillingBezierStore(SpillingBezierStore&& o) noexcept : BezierStore() { take(o); }
    SpillingBezierStore& operator=(const SpillingBezierStore& o) {
        if (this != &o) {
            release();
            copy_values(o);
        }
        return *this;
    }
    SpillingBezierStore& operator=(SpillingBezierStore&& o) noexcept {
        if (this != &o) {
            release();
            take(o);
        }
        return *this;
    }
    ~SpillingBezierStore() { release(); }

    // Gives the heap array back (the values there are lost: callers copy them first).
    void release() noexcept {
        if (on_heap()) ::operator delete(heap());
        capacity = kInline;
    }
    // `n` values' room on the heap, the first `size` values copied there.
    void spill(std::size_t n) {
        float* p = static_cast<float*>(::operator new(n * sizeof(float)));
        if (size) std::memcpy(p, data(), size * sizeof(float));
        release();
        std::memcpy(values, &p, sizeof p);
        capacity = static_cast<std::uint16_t>(n);
    }

private:
    void copy_values(const BezierStore& o) {  // (into an empty store)
        if (o.size > kInline) spill(o.size);
        std::copy(o.data(), o.data() + o.size, data());
        size = o.size;
    }
    void take(BezierStore& o) noexcept {
        size = o.size;
        capacity = o.capacity;
        std::copy(o.values, o.values + (o.on_heap() ? kInline : o.size), values);  // the values or the pointer
        o.size = 0;
        o.capacity = kInline;
    }
};

}  // namespace detail

template <bool Spills>
class BasicBezierHandles {
public:
    using value_type = float;
    using size_type = std::size_t;
    using reference = float&;
    using const_reference = const float&;
    using iterator = float*;
    using const_iterator = const float*;
    static constexpr std::size_t kInline = detail::BezierStore::kInline;
    static constexpr std::size_t kMaxSize = Spills ? 65535 : kInline;

    BasicBezierHandles() noexcept {}
    BasicBezierHandles(std::initializer_list<float> values) { assign(values.begin(), values.end()); }
    template <class It>
    BasicBezierHandles(It first, It last) {
        assign(first, last);
    }
    // Copies, moves and the destructor are the store's: the spilling kind's own (the heap array is
    // owned), the fixed kind's the compiler's (trivial: a copy or a move copies the object's bytes,
    // the unset ones included, and leaves a moved-from one as it was; no destructor runs).
    BasicBezierHandles& operator=(std::initializer_list<float> values) {
        assign(values.begin(), values.end());
        return *this;
    }

    std::size_t size() const { return s_.size; }
    bool empty() const { return s_.size == 0; }
    std::size_t capacity() const { return Spills ? s_.capacity : kInline; }  // (a constant for the fixed kind)
    float* data() { return Spills ? s_.data() : s_.values; }
    const float* data() const { return Spills ? s_.data() : s_.values; }
    float* begin() { return data(); }
    float* end() { return data() + s_.size; }
    const float* begin() const { return data(); }
    const float* end() const { return data() + s_.size; }
    float& operator[](std::size_t i) { return data()[i]; }
    const float& operator[](std::size_t i) const { return data()[i]; }

    void clear() { s_.size = 0; }
    void reserve(std::size_t n) {
        if (n > capacity()) grow(n);
    }
    // New elements are 0, as std::vector<float>::resize makes them.
    void resize(std::size_t n) {
        reserve(n);
        if (n > s_.size) std::fill(data() + s_.size, data() + n, 0.0f);
        s_.size = static_cast<std::uint16_t>(n);
    }
    // The same, but the new elements are left unset, for a caller that writes every one of them next
    // (a reader decoding handles: no zero fill, which for a few floats is a memset call).
    void resize_for_overwrite(std::size_t n) {
        reserve(n);
        s_.size = static_cast<std::uint16_t>(n);
    }
    void push_back(float v) {
        if (s_.size == capacity()) grow(std::min<std::size_t>(2 * capacity(), std::max<std::size_t>(kMaxSize, s_.size + 1u)));
        data()[s_.size++] = v;
    }
    template <class It>
    void assign(It first, It last) {
        const auto n = static_cast<std::size_t>(std::distance(first, last));
        // `first` may point into this array: copy through a temporary when the storage must change.
        if (n > capacity()) {
            BasicBezierHandles copy;
            copy.grow(n);
            std::copy(first, last, copy.data());
            copy.s_.size = static_cast<std::uint16_t>(n);
            *this = std::move(copy);
            return;
        }
        std::copy(first, last, data());
        s_.size = static_cast<std::uint16_t>(n);
    }
    template <class It>
    float* insert(const float* pos, It first, It last) {
        const std::size_t at = static_cast<std::size_t>(pos - data());
        BasicBezierHandles tail(data() + at, end());  // also makes a range from this array safe
        BasicBezierHandles added(first, last);
        reserve(at + added.size() + tail.size());  // (first: past the limit, this array is left as it was)
        resize(at);
        std::copy(added.begin(), added.end(), data() + at);
        std::copy(tail.begin(), tail.end(), data() + at + added.size());
        s_.size = static_cast<std::uint16_t>(at + added.size() + tail.size());
        return data() + at;
    }
    float* insert(const float* pos, std::initializer_list<float> values) { return insert(pos, values.begin(), values.end()); }

    friend bool operator==(const BasicBezierHandles& a, const BasicBezierHandles& b) {
        return std::equal(a.begin(), a.end(), b.begin(), b.end());
    }

private:
    void grow(std::size_t n) {
        if constexpr (!Spills) {
            throw std::length_error("FixedBezierHandles: more than 8 values");
        } else {
            if (n > kMaxSize) throw std::length_error("BezierHandles: more than 65535 values");
            s_.spill(n);
        }
    }

    std::conditional_t<Spills, detail::SpillingBezierStore, detail::BezierStore> s_;
};

using BezierHandles = BasicBezierHandles<true>;
using FixedBezierHandles = BasicBezierHandles<false>;

static_assert(std::is_trivially_copyable_v<FixedBezierHandles> && std::is_trivially_destructible_v<FixedBezierHandles>);

}  // namespace rigio::spine
