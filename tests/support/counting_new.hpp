// Heap blocks counted for allocation tests: replaces every form of the global operator new and delete
// for the test program whose one source file includes this. Every form is replaced so that memory a
// shared library (simdjson) allocates with one form and frees with another still pairs malloc with
// free (AddressSanitizer checks the pairing).
#pragma once

#include <atomic>
#include <cstdlib>
#include <new>

namespace counting_new {
inline std::atomic<long> allocations{0};  // blocks handed out
inline std::atomic<long> frees{0};        // blocks given back (null excluded)

inline void* allocate(std::size_t n) noexcept {
    allocations.fetch_add(1, std::memory_order_relaxed);
    return std::malloc(n ? n : 1);
}
inline void release(void* p) noexcept {
    if (p) frees.fetch_add(1, std::memory_order_relaxed);
    std::free(p);
}
}  // namespace counting_new

void* operator new(std::size_t n) {
    if (void* p = counting_new::allocate(n)) return p;
    throw std::bad_alloc();
}
void* operator new[](std::size_t n) { return ::operator new(n); }
void* operator new(std::size_t n, const std::nothrow_t&) noexcept { return counting_new::allocate(n); }
void* operator new[](std::size_t n, const std::nothrow_t&) noexcept { return counting_new::allocate(n); }
void operator delete(void* p) noexcept { counting_new::release(p); }
void operator delete(void* p, std::size_t) noexcept { counting_new::release(p); }
void operator delete[](void* p) noexcept { counting_new::release(p); }
void operator delete[](void* p, std::size_t) noexcept { counting_new::release(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { counting_new::release(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { counting_new::release(p); }
