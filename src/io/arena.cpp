#include "rigio/io/arena.hpp"

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstdint>
#include <limits>
#include <utility>

#if defined(RIGIO_ARENA_ASAN)  // (arena.hpp)
#include <sanitizer/asan_interface.h>
#endif

namespace rigio::io::arena_detail {

struct Arena;

namespace {

constexpr std::size_t kAlign = kPieceAlign;
constexpr std::size_t kHeader = kPieceHeader;
using Header = PieceHeader;
constexpr std::size_t kBlockMin = 4 * 1024, kBlockMax = 16 * 1024 * 1024;
#if defined(RIGIO_ARENA_ASAN)
// Under AddressSanitizer a piece is followed by a poisoned gap, and the free part of a block and every
// piece given back stay poisoned, so that overruns and uses after release are caught as on the heap.
constexpr std::size_t kRedZone = 16;
#else
constexpr std::size_t kRedZone = 0;
#endif

std::size_t round_up(std::size_t n) { return (n + kAlign - 1) & ~(kAlign - 1); }

void poison(void* p, std::size_t n) {
#if defined(RIGIO_ARENA_ASAN)
    ASAN_POISON_MEMORY_REGION(p, n);
#else
    (void)p, (void)n;
#endif
}
void unpoison(void* p, std::size_t n) {
#if defined(RIGIO_ARENA_ASAN)
    ASAN_UNPOISON_MEMORY_REGION(p, n);
#else
    (void)p, (void)n;
#endif
}

// A block of an arena: this header (kHeader bytes), then `size` bytes of pieces.
struct Block {
    Block* previous;
    std::size_t size;
};
static_assert(sizeof(Block) <= kHeader);

// What a thread keeps of the blocks of its arenas that went (SpareBlocks): at most so many, so large in all.
constexpr std::size_t kSpareBlocks = 64, kSpareBytes = std::size_t{8} << 20;

// A new block's size, rounded up (header included) to a quarter of a power of two: so that the arenas
// of later reads, asking for sizes that differ a little, find the blocks of earlier ones among the
// spares (the pieces fill the whole block: the rounding is room, not waste). Sizes too large to be kept
// are not rounded.
std::size_t size_class(std::size_t size) {
    const std::size_t total = kHeader + size;
    if (total > kSpareBytes) return size;
    const std::size_t quarter = std::max(std::bit_floor(total) / 4, kAlign);
    return (total + quarter - 1) / quarter * quarter - kHeader;
}

void free_block(Block* b) noexcept {
    unpoison(b, kHeader + b->size);
    ::operator delete(b);
}

// The index of the block SpareBlocks::take chooses among `count` kept blocks (at most kSpareBlocks;
// `count`: none), given their sizes and when each was kept (`kept_at`, on a clock now at `now`).
// Without a branch per block: every kept block is looked at, and branches on their sizes were
// mispredicted (~3% of a read-and-prepare loop). Each block gets a key, its score above its index, and
// the lowest key wins (so, among equal scores, the first). Not inlined or specialised into take(), so
// that the arrays are read through pointers in registers rather than from the thread-local address.
[[gnu::noipa]] std::size_t choose_spare(const std::size_t* sizes, const std::uint64_t* kept_at, std::uint64_t now,
                                        std::size_t count, std::size_t at_least, std::size_t most,
                                        std::size_t wanted) noexcept {
    static_assert(kSpareBlocks <= 64);
    constexpr std::uint64_t kNone = std::numeric_limits<std::uint64_t>::max(), kShort = std::uint64_t{1} << 40;
    if (at_least > most) return count;
    std::uint64_t best = kNone;
    for (std::size_t i = 0; i < count; ++i) {
        const std::size_t size = sizes[i];
        // Holding `wanted`: its age (the most recently kept is best); short of it: kShort + the
        // shortfall (the largest is best); outside [at_least, most]: never chosen (one unsigned
        // compare). Both parts are clamped below kShort (kept blocks are at most kSpareBytes). Masks,
        // not conditions: GCC made branches of those.
        const std::uint64_t shorter = 0 - std::uint64_t{size < wanted};
        const std::uint64_t outside = 0 - std::uint64_t{size - at_least > most - at_least};
        const std::uint64_t score = (std::min<std::uint64_t>(now - kept_at[i], kShort - 1) & ~shorter) |
                                    ((kShort + std::min<std::uint64_t>(wanted - size, kShort - 1)) & shorter);
        best = std::min(best, (score << 6 | i) | outside);
    }
    return best == kNone ? count : static_cast<std::size_t>(best & 63);
}

// The blocks of the arenas that went on this thread, kept for the next arenas opened on it: a program
// that reads model after model would otherwise give each block back to the heap (which returns the top
// of the heap to the system) and take it again, its pages faulted in afresh on every read. At most
// kSpareBlocks blocks and kSpareBytes in all; release_arena_spares() gives them back, as the thread's end does.
struct SpareBlocks {
    Block* blocks[kSpareBlocks] = {};
    // Each kept block's size, side by side: take() looks at every one, and reading them from the
    // blocks' headers cost a cache miss per block (3.5% of a read-and-prepare loop).
    std::size_t sizes[kSpareBlocks] = {};
    std::uint64_t kept_at[kSpareBlocks] = {};  // when each was kept, on a clock that counts the blocks kept
    std::uint64_t now = 0;
    std::size_t count = 0, bytes = 0;

    ~SpareBlocks();
    void release() noexcept {
        for (std::size_t i = 0; i < count; ++i) free_block(blocks[i]);
        count = bytes = 0;
    }
    // Keeps `b` if there is room, else in place of a smaller one, else gives it back to the heap.
    void keep(Block* b) noexcept {
        if (b->size > kSpareBytes) return free_block(b);
        std::size_t at = count;
        if (count == kSpareBlocks || bytes + b->size > kSpareBytes) {
            at = 0;
            for (std::size_t i = 1; i < count; ++i)
                if (sizes[i] < sizes[at]) at = i;
            if (count == 0 || sizes[at] >= b->size || bytes - sizes[at] + b->size > kSpareBytes)
                return free_block(b);
            bytes -= sizes[at];
            free_block(blocks[at]);
        } else {
            ++count;
        }
        blocks[at] = b;
        sizes[at] = b->size;
        kept_at[at] = ++now;
        bytes += b->size;
    }
    // A kept block for an arena that wants `wanted` bytes and needs `at_least`: of those that hold
    // `wanted` without being much larger, the one kept last (its memory is the likeliest to be still in
    // the cache: with the best fit in size instead, the blocks of a read and a prepare came back in
    // any order and a read-and-prepare loop ran 2-8% slower); else the largest that holds `at_least`
    // (nullptr: none).
    Block* take(std::size_t at_least, std::size_t wanted) noexcept {
        const std::size_t most = std::max(wanted * 4, std::size_t{64} * 1024);
        const std::size_t best = choose_spare(sizes, kept_at, now, count, at_least, most, wanted);
        if (best == count) return nullptr;
        Block* b = blocks[best];
        bytes -= sizes[best];
        --count;
        blocks[best] = blocks[count];
        sizes[best] = sizes[count];
        kept_at[best] = kept_at[count];
        return b;
    }
};

thread_local SpareBlocks spare_blocks;
// Set once this thread's spare blocks are gone (at its end): arenas that go after that free their blocks.
thread_local constinit bool spares_gone = false;
SpareBlocks::~SpareBlocks() {
    release();
    spares_gone = true;
}

}  // namespace

struct Arena : ArenaHead {
    // While the scope is open the count holds kOpen (so that pieces given back meanwhile, perhaps on
    // other threads, never bring it to zero) and pieces taken are counted in `taken` by the one thread
    // that takes them; closing the scope exchanges kOpen for `taken`. The arena goes when it reaches 0.
    static constexpr std::int64_t kOpen = std::int64_t{1} << 62;
    std::atomic<std::int64_t> count{kOpen};
    Block* blocks = nullptr;
    // (ArenaHead: next and end, the free part of the newest block, and `taken`.)
    std::size_t next_block_size, later_block_size;

    // The first block takes half the expected size and each later one an eighth, so that the unused
    // end of the last block (the arena's waste) stays under an eighth of it.
    explicit Arena(std::size_t expected)
        : next_block_size(std::clamp(round_up(expected / 2), kBlockMin, kBlockMax)),
          later_block_size(std::clamp(round_up(expected / 8), kBlockMin, kBlockMax)) {}

    ~Arena() {
        for (Block* b = blocks; b;) {
            Block* previous = b->previous;
            unpoison(b, kHeader);  // (its pieces stay poisoned under AddressSanitizer while kept)
            if (spares_gone)
                free_block(b);
            else
                spare_blocks.keep(b);
            b = previous;
        }
    }

    // A block of `size` bytes (or a spare one of this thread that holds `at_least`), now the arena's.
    Block* new_block(std::size_t size, std::size_t at_least) {
        Block* b = spares_gone ? nullptr : spare_blocks.take(at_least, size);
        if (!b) {
            size = size_class(size);
            b = static_cast<Block*>(::operator new(kHeader + size));
            b->size = size;
        }
        b->previous = blocks;
        blocks = b;
        next_block_size = later_block_size;
        poison(reinterpret_cast<char*>(b) + kHeader, b->size);
        return b;
    }

    void* take(std::size_t bytes) {
        const std::size_t piece = kHeader + round_up(bytes) + kRedZone;
        if (static_cast<std::size_t>(end - next) < piece) {
            // A piece larger than a quarter of a new block gets a block of its own, so that the rest of
            // the current one is not wasted; the new block becomes the one pieces are cut from when it
            // has more room left (a spare block may be larger than asked).
            const bool own = piece > next_block_size / 4;
            Block* b = new_block(own ? piece : std::max(next_block_size, piece), piece);
            char* data = reinterpret_cast<char*>(b) + kHeader;
            if (own && b->size - piece <= static_cast<std::size_t>(end - next)) return place(data, bytes);
            next = data;
            end = data + b->size;
        }
        char* at = next;
        next += piece;
        return place(at, bytes);
    }

    void* place(char* at, std::size_t bytes) {
        unpoison(at, kHeader + bytes);
        *reinterpret_cast<Header*>(at) = Header{this, bytes};
        ++taken;
        return at + kHeader;
    }

    void release(std::int64_t pieces) {
        if (count.fetch_sub(pieces, std::memory_order_acq_rel) == pieces) delete this;
    }
};

// The releases held back are of one arena at a time: a piece of another one first passes these on.
thread_local constinit ThreadState thread_state;

namespace {
Arena* arena_of(ArenaHead* head) { return static_cast<Arena*>(head); }

void pass_pending_on() noexcept {
    if (ArenaHead* arena = std::exchange(thread_state.pending_arena, nullptr))
        arena_of(arena)->release(std::exchange(thread_state.pending, 0));
}
}  // namespace

void open_release_batch() noexcept { ++thread_state.batch_depth; }

void close_release_batch() noexcept {
    if (thread_state.batch_depth == 0) return;
    if (--thread_state.batch_depth == 0) pass_pending_on();
}

void* allocate_slow(std::size_t bytes) {
    if (ArenaHead* arena = thread_state.current) return arena_of(arena)->take(bytes);
    char* at = static_cast<char*>(::operator new(kHeader + bytes));
    *reinterpret_cast<Header*>(at) = Header{nullptr, bytes};
    return at + kHeader;
}

void deallocate_slow(void* piece) noexcept {
    if (!piece) return;
    char* at = static_cast<char*>(piece) - kHeader;
    const Header header = *reinterpret_cast<const Header*>(at);
    if (!header.arena) {
        ::operator delete(at);
        return;
    }
    // Not reused: only poisoned (under AddressSanitizer) until the arena goes.
    poison(at, kHeader + header.bytes);
    if (thread_state.batch_depth > 0) {
        if (header.arena != thread_state.pending_arena) {
            pass_pending_on();
            thread_state.pending_arena = header.arena;
        }
        ++thread_state.pending;
        return;
    }
    arena_of(header.arena)->release(1);
}

}  // namespace rigio::io::arena_detail

namespace rigio::io {

void release_arena_spares() noexcept {
    if (!arena_detail::spares_gone) arena_detail::spare_blocks.release();
}

ArenaScope::ArenaScope(std::size_t expected_bytes)
    : arena_(new arena_detail::Arena(expected_bytes)), outer_(static_cast<arena_detail::Arena*>(arena_detail::thread_state.current)) {
    arena_detail::thread_state.current = arena_;
}

ArenaScope::~ArenaScope() {
    arena_detail::thread_state.current = outer_;
    // Exchange the open mark for the pieces taken: what is left is the pieces still held.
    const std::int64_t left =
        arena_->count.fetch_sub(arena_detail::Arena::kOpen - arena_->taken, std::memory_order_acq_rel) -
        (arena_detail::Arena::kOpen - arena_->taken);
    if (left == 0) delete arena_;
}

}  // namespace rigio::io
