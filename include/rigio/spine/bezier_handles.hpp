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

template <bool Spills>
class BasicBezierHandles {
public:
    using value_type = float;
    using size_type = std::size_t;
    using reference = float&;
    using const_reference = const float&;
    using iterator = float*;
    using const_iterator = const float*;
    static constexpr std::size_t kInline = 8;  // two channels' handles
    static constexpr std::size_t kMaxSize = Spills ? 65535 : kInline;

    BasicBezierHandles() noexcept {}  // user-provided: the inline array is left unset (only [0, size) is read)
    BasicBezierHandles(std::initializer_list<float> values) { assign(values.begin(), values.end()); }
    template <class It>
    BasicBezierHandles(It first, It last) {
        assign(first, last);
    }
    // Copies, moves and the destructor: the spilling kind's own (the heap array is owned), the fixed
    // kind's the compiler's (trivial: a copy or a move copies the object's bytes, the unset ones
    // included, and leaves a moved-from one as it was; no destructor runs).
    BasicBezierHandles(const BasicBezierHandles& o) requires Spills { assign(o.begin(), o.end()); }
    BasicBezierHandles(const BasicBezierHandles&) = default;
    BasicBezierHandles(BasicBezierHandles&& o) noexcept requires Spills { steal(o); }
    BasicBezierHandles(BasicBezierHandles&&) = default;
    BasicBezierHandles& operator=(const BasicBezierHandles& o) requires Spills {
        if (this != &o) assign(o.begin(), o.end());
        return *this;
    }
    BasicBezierHandles& operator=(const BasicBezierHandles&) = default;
    BasicBezierHandles& operator=(BasicBezierHandles&& o) noexcept requires Spills {
        if (this != &o) {
            release();
            steal(o);
        }
        return *this;
    }
    BasicBezierHandles& operator=(BasicBezierHandles&&) = default;
    BasicBezierHandles& operator=(std::initializer_list<float> values) {
        assign(values.begin(), values.end());
        return *this;
    }
    ~BasicBezierHandles() requires Spills { release(); }
    ~BasicBezierHandles() = default;

    std::size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    std::size_t capacity() const { return Spills ? capacity_ : kInline; }  // (a constant for the fixed kind)
    float* data() { return on_heap() ? heap() : inline_; }
    const float* data() const { return on_heap() ? heap() : inline_; }
    float* begin() { return data(); }
    float* end() { return data() + size_; }
    const float* begin() const { return data(); }
    const float* end() const { return data() + size_; }
    float& operator[](std::size_t i) { return data()[i]; }
    const float& operator[](std::size_t i) const { return data()[i]; }

    void clear() { size_ = 0; }
    void reserve(std::size_t n) {
        if (n > capacity()) grow(n);
    }
    // New elements are 0, as std::vector<float>::resize makes them.
    void resize(std::size_t n) {
        reserve(n);
        if (n > size_) std::fill(data() + size_, data() + n, 0.0f);
        size_ = static_cast<std::uint16_t>(n);
    }
    // The same, but the new elements are left unset, for a caller that writes every one of them next
    // (a reader decoding handles: no zero fill, which for a few floats is a memset call).
    void resize_for_overwrite(std::size_t n) {
        reserve(n);
        size_ = static_cast<std::uint16_t>(n);
    }
    void push_back(float v) {
        if (size_ == capacity()) grow(std::min<std::size_t>(2 * capacity(), std::max<std::size_t>(kMaxSize, size_ + 1u)));
        data()[size_++] = v;
    }
    template <class It>
    void assign(It first, It last) {
        const auto n = static_cast<std::size_t>(std::distance(first, last));
        // `first` may point into this array: copy through a temporary when the storage must change.
        if (n > capacity()) {
            BasicBezierHandles copy;
            copy.grow(n);
            std::copy(first, last, copy.data());
            copy.size_ = static_cast<std::uint16_t>(n);
            *this = std::move(copy);
            return;
        }
        std::copy(first, last, data());
        size_ = static_cast<std::uint16_t>(n);
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
        size_ = static_cast<std::uint16_t>(at + added.size() + tail.size());
        return data() + at;
    }
    float* insert(const float* pos, std::initializer_list<float> values) { return insert(pos, values.begin(), values.end()); }

    friend bool operator==(const BasicBezierHandles& a, const BasicBezierHandles& b) {
        return std::equal(a.begin(), a.end(), b.begin(), b.end());
    }

private:
    bool on_heap() const { return Spills && capacity_ > kInline; }
    // On the heap, the inline bytes hold the pointer (copied in and out: they are only 4-byte aligned).
    float* heap() const {
        float* p;
        std::memcpy(&p, inline_, sizeof p);
        return p;
    }
    void grow(std::size_t n) {
        if constexpr (!Spills) {
            throw std::length_error("FixedBezierHandles: more than 8 values");
        } else {
            if (n > kMaxSize) throw std::length_error("BezierHandles: more than 65535 values");
            float* p = static_cast<float*>(::operator new(n * sizeof(float)));
            if (size_) std::memcpy(p, data(), size_ * sizeof(float));
            release();
            std::memcpy(inline_, &p, sizeof p);
            capacity_ = static_cast<std::uint16_t>(n);
        }
    }
    void release() {
        if (on_heap()) ::operator delete(heap());
        capacity_ = kInline;
    }
    void steal(BasicBezierHandles& o) {
        size_ = o.size_;
        capacity_ = o.capacity_;
        std::copy(o.inline_, o.inline_ + (o.on_heap() ? kInline : o.size_), inline_);  // the values or the pointer
        o.size_ = 0;
        o.capacity_ = kInline;
    }

    std::uint16_t size_ = 0;
    std::uint16_t capacity_ = kInline;  // more than kInline: the values are on the heap (Spills only)
    float inline_[kInline];             // the values, or (on the heap) the pointer to them
};

using BezierHandles = BasicBezierHandles<true>;
using FixedBezierHandles = BasicBezierHandles<false>;

static_assert(std::is_trivially_copyable_v<FixedBezierHandles> && std::is_trivially_destructible_v<FixedBezierHandles>);

}  // namespace rigio::spine
