// rigio/io/arena.hpp: the memory of a model's containers, taken from one arena per read.
//
// A model read from a file holds hundreds of small arrays (keyframes, timelines, vertices, ...). Each
// from the heap costs a malloc when read and a free when dropped: about half of a .skel read's time.
// While an ArenaScope is open on a thread, containers with an ArenaAllocator that allocate on that
// thread take their memory from the scope's arena instead: a few large blocks, filled in order.
// Outside any scope they allocate from the heap. Either way they stay ordinary values: they may outlive
// the scope, be moved, copied, grown and destroyed on any thread. Memory given back to the arena is
// not reused; the arena's blocks go when the scope has closed and the last piece taken from it has
// been given back: to the spare blocks of the thread that gave it back (release_arena_spares), or the heap.
//
// Each piece carries a 16-byte header naming its arena (none for the heap), so that the allocator
// holds no state: containers keep the size and the interface of the standard ones, and any two
// allocators are interchangeable.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <new>
#include <type_traits>
#include <utility>
#include <vector>

namespace rigio::io {

// Whether pieces are poisoned for AddressSanitizer (arena.cpp): then every piece takes the out-of-line path.
#if defined(__SANITIZE_ADDRESS__)
#define RIGIO_ARENA_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define RIGIO_ARENA_ASAN 1
#endif
#endif

namespace arena_detail {
struct Arena;
#if defined(RIGIO_ARENA_ASAN)
inline constexpr bool kPoisoning = true;
#else
inline constexpr bool kPoisoning = false;
#endif

// The part of an arena the inline fast paths below use (the rest is in arena.cpp): the free part
// [next, end) of its newest block, and the number of pieces taken from it.
struct ArenaHead {
    char* next = nullptr;
    char* end = nullptr;
    std::int64_t taken = 0;
};
// A piece's header: the owning arena (null: the heap), then the piece's size in bytes.
struct PieceHeader {
    ArenaHead* arena;
    std::size_t bytes;
};
inline constexpr std::size_t kPieceHeader = 16, kPieceAlign = 16;
static_assert(sizeof(PieceHeader) == kPieceHeader);

// This thread's innermost open arena, and its open release batches (see ArenaReleaseBatch) with the
// releases they hold back: `pending` pieces of `pending_arena`.
struct ThreadState {
    ArenaHead* current = nullptr;
    int batch_depth = 0;
    ArenaHead* pending_arena = nullptr;
    std::int64_t pending = 0;
};
extern thread_local constinit ThreadState thread_state;

void* allocate_slow(std::size_t bytes);
void deallocate_slow(void* piece) noexcept;

// `bytes` from the innermost open scope's arena on this thread, or from the heap (16-byte aligned).
// Inline: a model's read takes thousands of pieces, nearly all cut from the free part of the newest block.
inline void* allocate(std::size_t bytes) {
    if (ArenaHead* a = thread_state.current; a && !kPoisoning) {
        const std::size_t piece = kPieceHeader + ((bytes + kPieceAlign - 1) & ~(kPieceAlign - 1));
        if (piece <= static_cast<std::size_t>(a->end - a->next)) {
            char* at = a->next;
            a->next = at + piece;
            ++a->taken;
            *reinterpret_cast<PieceHeader*>(at) = PieceHeader{a, bytes};
            return at + kPieceHeader;
        }
    }
    return allocate_slow(bytes);  // a new block, the heap, or (AddressSanitizer) poisoning
}

// Gives back a piece from allocate(). Inline: in a model's teardown (one release batch) nearly every
// piece belongs to the arena whose releases the batch is already counting.
inline void deallocate(void* piece) noexcept {
    if (piece && !kPoisoning) {
        ArenaHead* arena = reinterpret_cast<const PieceHeader*>(static_cast<char*>(piece) - kPieceHeader)->arena;
        if (arena && arena == thread_state.pending_arena) {  // (pending_arena is set only inside a batch)
            ++thread_state.pending;
            return;
        }
    }
    deallocate_slow(piece);
}
// See ArenaReleaseBatch.
void open_release_batch() noexcept;
void close_release_batch() noexcept;
}  // namespace arena_detail

// The blocks of arenas that went on a thread are kept for the next arenas opened on it (at most 64
// blocks, 8 MiB): reading model after model then reuses the same memory instead of taking it from the
// system again. This gives this thread's kept blocks back to the heap now (the thread's end does too).
void release_arena_spares() noexcept;

// Opens an arena on this thread until destroyed (scopes nest: the innermost is used).
// `expected_bytes`: a guess of what the containers will take, which sizes the first block.
class ArenaScope {
public:
    explicit ArenaScope(std::size_t expected_bytes);
    ~ArenaScope();
    ArenaScope(const ArenaScope&) = delete;
    ArenaScope& operator=(const ArenaScope&) = delete;

private:
    arena_detail::Arena* arena_;
    arena_detail::Arena* outer_;
};

// While open on a thread (batches nest), the pieces given back on that thread are counted there and
// their arena told in one step per run of pieces from the same arena (at the latest when the outermost
// batch closes), rather than by an atomic operation per piece: a model's teardown gives back thousands.
// Only the arena's release is delayed, never lost; closing a batch when none is open does nothing.
class ArenaReleaseBatch {
public:
    ArenaReleaseBatch() noexcept { arena_detail::open_release_batch(); }
    ~ArenaReleaseBatch() { arena_detail::close_release_batch(); }
    ArenaReleaseBatch(const ArenaReleaseBatch&) = delete;
    ArenaReleaseBatch& operator=(const ArenaReleaseBatch&) = delete;
};

// Members that make the destruction of the object holding them one release batch: members are
// destroyed in reverse order, so a ReleaseBatchLast declared after the arena containers opens it and a
// ReleaseBatchFirst declared before them closes it. Empty, copyable, always equal. (When a
// constructor throws before the Last one is built, the First one closes a batch that may be an outer
// one: the releases after it are then simply not batched.)
struct ReleaseBatchFirst {
    ReleaseBatchFirst() = default;
    ReleaseBatchFirst(const ReleaseBatchFirst&) = default;
    ReleaseBatchFirst& operator=(const ReleaseBatchFirst&) = default;
    ~ReleaseBatchFirst() { arena_detail::close_release_batch(); }
    bool operator==(const ReleaseBatchFirst&) const = default;
};
struct ReleaseBatchLast {
    ReleaseBatchLast() = default;
    ReleaseBatchLast(const ReleaseBatchLast&) = default;
    ReleaseBatchLast& operator=(const ReleaseBatchLast&) = default;
    ~ReleaseBatchLast() { arena_detail::open_release_batch(); }
    bool operator==(const ReleaseBatchLast&) const = default;
};

// A stateless allocator (all instances are equal) over arena_detail::allocate/deallocate.
template <class T>
struct ArenaAllocator {
    using value_type = T;
    using is_always_equal = std::true_type;
    using propagate_on_container_move_assignment = std::true_type;

    ArenaAllocator() = default;
    template <class U>
    ArenaAllocator(const ArenaAllocator<U>&) noexcept {}

    T* allocate(std::size_t n) {
        static_assert(alignof(T) <= 16, "arena pieces are 16-byte aligned");
        if (n > std::numeric_limits<std::size_t>::max() / 2 / sizeof(T)) throw std::bad_array_new_length();
        return static_cast<T*>(arena_detail::allocate(n * sizeof(T)));
    }
    void deallocate(T* p, std::size_t) noexcept { arena_detail::deallocate(p); }

    // Elements made without arguments (resize, emplace_back()) of a class type with a constructor are
    // default-initialised: its constructor and default member initialisers, without the zero fill of
    // the whole object that value-initialisation does first when the constructor is not user-provided
    // (padding and arrays left unset on purpose included, e.g. BezierHandles' floats: ~5% of a .skel
    // read). Types without a constructor of their own (numbers, plain structs) are value-initialised
    // (zeros) as before. So a class type kept in an arena container sets each of its members itself
    // (a default member initialiser): tests/arena checks the models' types.
    template <class U>
    void construct(U* p) noexcept(std::is_nothrow_default_constructible_v<U>) {
        if constexpr (std::is_trivially_default_constructible_v<U>)
            ::new (static_cast<void*>(p)) U();
        else
            ::new (static_cast<void*>(p)) U;
    }
    template <class U, class... Args>
    void construct(U* p, Args&&... args) {
        ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
    }

    template <class U>
    bool operator==(const ArenaAllocator<U>&) const noexcept {
        return true;
    }
};

// A std::vector whose memory comes from the open arena, if any.
template <class T>
using ArenaVector = std::vector<T, ArenaAllocator<T>>;

}  // namespace rigio::io
