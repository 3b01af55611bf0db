// Heap accounting for benchmark programs: replaces the process's operator new/delete. A thread that
// sets heap::counting counts its allocations (an increment: cheap enough for timed loops); one that
// also sets heap::tracking follows live bytes and their peak (a malloc_usable_size call per allocation
// and release, ~5% of a load: only for untimed measurements). Include it from the program's one source
// file (it defines the replacements).
#pragma once

#include <malloc.h>

#include <algorithm>
#include <cstdlib>
#include <new>

namespace heap {
thread_local bool counting = false, tracking = false;
thread_local std::size_t allocations = 0, live = 0, peak = 0;

void* allocate(std::size_t n) {
    void* p = std::malloc(n ? n : 1);
    if (p && counting) ++allocations;
    if (p && tracking) {
        live += malloc_usable_size(p);
        peak = std::max(peak, live);
    }
    return p;
}
void release(void* p) {
    if (p && tracking) live -= std::min(live, malloc_usable_size(p));
    std::free(p);
}
}  // namespace heap

void* operator new(std::size_t n) {
    if (void* p = heap::allocate(n)) return p;
    throw std::bad_alloc();
}
void* operator new[](std::size_t n) { return operator new(n); }
void* operator new(std::size_t n, const std::nothrow_t&) noexcept { return heap::allocate(n); }
void* operator new[](std::size_t n, const std::nothrow_t&) noexcept { return heap::allocate(n); }
void operator delete(void* p) noexcept { heap::release(p); }
void operator delete[](void* p) noexcept { heap::release(p); }
void operator delete(void* p, std::size_t) noexcept { heap::release(p); }
void operator delete[](void* p, std::size_t) noexcept { heap::release(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { heap::release(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { heap::release(p); }
