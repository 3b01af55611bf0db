// io::ArenaScope / ArenaAllocator: where the memory of arena vectors comes from and when it goes back,
// counted by replacing the global operator new for this program. A model read from a file keeps few
// heap blocks of its own; vectors outlive their scope, move between threads and grow like any vector.
#include <gtest/gtest.h>

#include <functional>
#include <map>
#include <numeric>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <unordered_map>
#include <vector>

#include "rigio/io/arena.hpp"
#include "rigio/io/arena_string.hpp"
#include "rigio/io/file.hpp"
#include "rigio/spine/binary.hpp"
#include "rigio/spine/json.hpp"
#include "support/counting_new.hpp"
#include "support/shared.hpp"

using namespace rigio;
using io::ArenaScope;
using io::ArenaVector;

namespace {

long allocations() { return counting_new::allocations.load(); }
long frees() { return counting_new::frees.load(); }
// Blocks of arenas gone are kept for the next arena on the thread: the counting tests give them back
// to the heap before they start and before they count what went back.
void settle() { io::release_arena_spares(); }

ArenaVector<int> counting_up(int n, int from = 0) {
    ArenaVector<int> v(static_cast<std::size_t>(n));
    std::iota(v.begin(), v.end(), from);
    return v;
}

}  // namespace

TEST(Arena, OutsideAScopeEachVectorTakesAHeapBlock) {
    const long a = allocations(), f = frees();
    {
        ArenaVector<int> v = counting_up(10);
        ArenaVector<int> w = counting_up(20);
        EXPECT_EQ(allocations() - a, 2);
        EXPECT_EQ(v[9], 9);
        EXPECT_EQ(w[19], 19);
    }
    EXPECT_EQ(frees() - f, 2);
}

TEST(Arena, InAScopeManyVectorsShareAFewBlocks) {
    settle();
    const long a = allocations(), f = frees();
    {
        std::vector<ArenaVector<int>> lists;  // (its own array is an ordinary heap block)
        lists.reserve(1000);
        {
            const ArenaScope arena(1000 * 64);
            for (int i = 0; i < 1000; ++i) lists.push_back(counting_up(5, i));
        }
        // The outer array, the arena and its blocks: not one block per vector.
        EXPECT_LE(allocations() - a, 12);
        for (int i = 0; i < 1000; ++i) {
            ASSERT_EQ(lists[static_cast<std::size_t>(i)].size(), 5u);
            EXPECT_EQ(lists[static_cast<std::size_t>(i)][4], i + 4);
        }
    }
    // Everything went back once the last vector went.
    settle();
    EXPECT_EQ(frees() - f, allocations() - a);
}

TEST(Arena, VectorsOutliveTheScopeAndGrowFromTheHeapAfterIt) {
    settle();
    const long a = allocations(), f = frees();
    {
        ArenaVector<int> v;
        {
            const ArenaScope arena(4096);
            v = counting_up(8);
        }
        const long after_scope = allocations();
        v.push_back(8);  // grows past its capacity: a heap block now, the arena piece given back
        EXPECT_EQ(allocations() - after_scope, 1);
        ASSERT_EQ(v.size(), 9u);
        for (int i = 0; i < 9; ++i) EXPECT_EQ(v[static_cast<std::size_t>(i)], i);
    }
    settle();
    EXPECT_EQ(frees() - f, allocations() - a);
}

TEST(Arena, CopiesAndMovesAreOrdinaryValues) {
    ArenaVector<std::string> copy;
    {
        const ArenaScope arena(4096);
        ArenaVector<std::string> v = {"a", "a string longer than the small-string buffer"};
        ArenaVector<std::string> moved = std::move(v);
        copy = moved;
        EXPECT_EQ(moved, copy);
    }
    ASSERT_EQ(copy.size(), 2u);
    EXPECT_EQ(copy[1], "a string longer than the small-string buffer");
}

TEST(Arena, VectorsMadeOnOneThreadAreReleasedOnAnother) {
    settle();
    const long a = allocations(), f = frees();
    {
        std::vector<ArenaVector<int>> lists;
        {
            const ArenaScope arena(1 << 16);
            for (int i = 0; i < 100; ++i) lists.push_back(counting_up(100, i));
        }
        std::thread other([moved = std::move(lists)]() mutable {
            long sum = 0;
            for (const auto& l : moved) sum += l.back();
            EXPECT_EQ(sum, 100 * 99 + 99 * 100 / 2);
            moved.clear();  // the last pieces: the arena goes here (its blocks with this thread's end)
        });
        other.join();
    }
    EXPECT_EQ(frees() - f, allocations() - a);
}

TEST(Arena, ScopesNestAndEachThreadHasItsOwn) {
    ArenaVector<int> outer_first, inner, outer_second, elsewhere;
    {
        const ArenaScope outer(4096);
        outer_first = counting_up(4);
        {
            const ArenaScope nested(4096);
            inner = counting_up(4, 10);
            // Another thread has no open scope: its vector takes a heap block.
            std::thread([&] {
                const long a = allocations();
                elsewhere = counting_up(4, 20);
                EXPECT_EQ(allocations() - a, 1);
            }).join();
        }
        outer_second = counting_up(4, 30);
    }
    EXPECT_EQ(outer_first[3], 3);
    EXPECT_EQ(inner[3], 13);
    EXPECT_EQ(elsewhere[3], 23);
    EXPECT_EQ(outer_second[3], 33);
}

TEST(Arena, APieceLargerThanABlockGetsOneOfItsOwn) {
    const ArenaScope arena(1024);  // blocks of the minimum size
    ArenaVector<int> small = counting_up(16);
    ArenaVector<int> large = counting_up(100000);
    ArenaVector<int> after = counting_up(16, 7);
    EXPECT_EQ(large[99999], 99999);
    EXPECT_EQ(small[15], 15);
    EXPECT_EQ(after[15], 22);
}

// The blocks of an arena that went are kept for the next arena on the same thread: a second read of
// the same size takes no new block, and release_arena_spares() (or the thread's end) gives them back.
TEST(Arena, TheNextArenaOnTheThreadReusesTheBlocksOfTheLast) {
    const auto fill = [] {
        std::vector<ArenaVector<int>> lists;
        const ArenaScope arena(64 * 1024);
        for (int i = 0; i < 2000; ++i) lists.push_back(counting_up(8, i));  // several blocks
        return lists;
    };
    settle();
    long a = allocations();
    (void)fill();
    const long first = allocations() - a;
    a = allocations();
    const long f = frees();
    const auto kept = fill();
    const long second = allocations() - a;
    EXPECT_LT(second, first);  // the list's own arrays and the arena object, but not its blocks again
    EXPECT_GE(first - second, 3);
    EXPECT_EQ(kept[1999][7], 1999 + 7);
    settle();
    EXPECT_GE(frees() - f, first - second);  // the spare blocks the second read did not take back

    // Another thread's spares are its own, and go at its end.
    settle();
    a = allocations();
    const long f2 = frees();
    std::thread([&] {
        (void)fill();
        (void)fill();
    }).join();
    EXPECT_EQ(frees() - f2, allocations() - a);
}

// Spares are bounded (64 blocks, 8 MiB): a block larger than that goes straight back to the heap, no
// more blocks are kept, and an arena does not take a spare block much larger than it asked for.
TEST(Arena, SpareBlocksAreBounded) {
    settle();
    const long a = allocations(), f = frees();
    {
        const ArenaScope arena(4096);
        ArenaVector<char> huge(std::size_t{9} << 20);  // a block of its own, over the spares' limit
        huge.back() = 1;
    }
    EXPECT_EQ(frees() - f, allocations() - a);  // nothing kept
    {
        const ArenaScope arena(std::size_t{4} << 20);
        ArenaVector<char> big(std::size_t{1} << 20);
    }  // its 1 MiB block kept
    const long before = allocations();
    {
        const ArenaScope small(4096);
        const ArenaVector<int> v = counting_up(4);
        EXPECT_EQ(allocations() - before, 2);  // the arena and a new 4 KiB block, not the 1 MiB spare
    }
    {
        std::vector<ArenaVector<int>> many;  // 100 arenas of one block each, alive together, then gone
        for (int i = 0; i < 100; ++i) {
            const ArenaScope arena(4096);
            many.push_back(counting_up(4, i));
        }
    }
    EXPECT_LE((allocations() - a) - (frees() - f), 64);  // kept: at most 64 blocks
    EXPECT_GE((allocations() - a) - (frees() - f), 1);
    settle();
    EXPECT_EQ(frees() - f, allocations() - a);
}

// Of the kept blocks, an arena takes the one kept last among those that hold what it asks for (and are
// not over four times as large: its memory is the likeliest to be in the cache), else the largest that
// holds its first piece.
TEST(Arena, ASpareBlockIsTheLastKeptThatHoldsTheArenaElseTheLargest) {
    settle();
    const std::size_t kib = 1024;
    std::vector<std::pair<std::size_t, const int*>> first_piece;  // per block size: where its first piece was
    {
        std::vector<ArenaVector<int>> lists;  // (keeping each arena until all four are made)
        for (const std::size_t block : {64 * kib, 512 * kib, 128 * kib, 256 * kib}) {
            const ArenaScope arena(2 * block);  // a first block of `block` bytes (rounded to its size class)
            lists.push_back(counting_up(4));
            first_piece.emplace_back(block, lists.back().data());
        }
    }  // all four blocks kept, in that order
    const auto piece_of = [&](std::size_t block) {
        for (const auto& [size, at] : first_piece)
            if (size == block) return at;
        return static_cast<const int*>(nullptr);
    };
    const auto first_piece_of_arena = [&](std::size_t expected) {
        const ArenaScope arena(expected);
        const ArenaVector<int> v = counting_up(4);
        return v.data();
    };  // (its block kept again, as the last)
    // Wants 100 KiB (at most 400): 128 and 256 KiB hold it (512 is 640 with its size class), 256 was kept last.
    EXPECT_EQ(first_piece_of_arena(2 * 100 * kib), piece_of(256 * kib));
    // Wants 40 KiB (at most 160): 64 and 128 KiB hold it within that (80 and 160 with their size classes), 128 was kept later.
    EXPECT_EQ(first_piece_of_arena(2 * 40 * kib), piece_of(128 * kib));
    // Wants 100 KiB again: now 128 KiB was kept last.
    EXPECT_EQ(first_piece_of_arena(2 * 100 * kib), piece_of(128 * kib));
    // Wants 700 KiB: none holds it: the largest, 512 KiB.
    EXPECT_EQ(first_piece_of_arena(2 * 700 * kib), piece_of(512 * kib));
    // Wants 20 KiB (at most 80): the 64 KiB block (80 with its size class).
    EXPECT_EQ(first_piece_of_arena(2 * 20 * kib), piece_of(64 * kib));
    settle();
}

// Inside a release batch the pieces given back are counted on the thread: the arena goes when the
// batch closes (not before, not never), also when the pieces of two arenas alternate.
TEST(Arena, AReleaseBatchGivesTheArenasBackWhenItCloses) {
    settle();
    const long a = allocations(), f = frees();
    {
        std::vector<ArenaVector<int>> first, second;
        {
            const ArenaScope arena(4096);
            for (int i = 0; i < 10; ++i) first.push_back(counting_up(8, i));
        }
        {
            const ArenaScope arena(4096);
            for (int i = 0; i < 10; ++i) second.push_back(counting_up(8, i));
        }
        const long outer_arrays = 2;  // (first's and second's own heap arrays)
        {
            const io::ArenaReleaseBatch batch;
            {
                const io::ArenaReleaseBatch nested;
                for (int i = 0; i < 10; ++i) {
                    first[static_cast<std::size_t>(i)] = ArenaVector<int>();
                    second[static_cast<std::size_t>(i)] = ArenaVector<int>();
                }
            }
            // Every piece is given back, but the last run (second's arena) is still held by the batch.
            settle();
            EXPECT_LT(frees() - f, allocations() - a - outer_arrays);
        }
        settle();
        EXPECT_EQ(frees() - f, allocations() - a - outer_arrays);
    }
    EXPECT_EQ(frees() - f, allocations() - a);
    // Closing a batch that is not open does nothing.
    io::arena_detail::close_release_batch();
    {
        ArenaVector<int> v;
        {
            const ArenaScope arena(4096);
            v = counting_up(4);
        }
        const long before = frees();
        v = ArenaVector<int>();
        EXPECT_GT(frees(), before);  // not held: no batch open (the arena goes; its block is kept as a spare)
    }
}

// A model's destruction is one release batch (SkeletonData's ReleaseBatchFirst/Last members): the
// arena goes with it, also when the model is destroyed on another thread.
TEST(Arena, AModelGivesItsArenaBackWhenDestroyed) {
    const auto files = test::corpus_files("corpus/spine-3.8", ".skel");
    if (files.empty()) GTEST_SKIP() << "../shared/corpus not found";
    const auto bytes = io::read_file(files.front().string()).value();
    for (const bool elsewhere : {false, true}) {
        settle();
        const long a = allocations(), f = frees();
        {
            auto sd = spine::read_skel(bytes);
            ASSERT_TRUE(sd.ok());
            auto model = std::make_unique<spine::SkeletonData>(std::move(*sd));
            if (elsewhere)
                std::thread([m = std::move(model)]() mutable { m.reset(); }).join();
        }
        // (Destroyed on another thread, its blocks were that thread's spares, gone at its end.)
        if (!elsewhere) settle();
        EXPECT_EQ(frees() - f, allocations() - a);
    }
}

// A corpus model read from .skel or JSON keeps a handful of heap blocks besides its long strings (the
// arena's): a copy of it made outside any scope keeps one block per non-empty array and per long string.
TEST(Arena, AModelReadFromAFileKeepsFewHeapBlocks) {
    bool any = false;
    for (const char* version : {"3.7", "3.8", "4.2"}) {
        for (const char* ext : {".skel", ".json"}) {
            for (const auto& f : test::corpus_files(std::string("corpus/spine-") + version, ext)) {
                any = true;
                SCOPED_TRACE(f.filename().string() + " (" + version + ")");
                const auto bytes = io::read_file(f.string()).value();
                auto sd = std::string(ext) == ".skel"
                              ? spine::read_skel(bytes)
                              : spine::read_json(std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()));
                ASSERT_TRUE(sd.ok()) << sd.error().what();
                auto copy = std::make_unique<spine::SkeletonData>(*sd);
                EXPECT_EQ(*copy, *sd);
                long before = frees();
                copy.reset();
                const long copy_kept = frees() - before;
                before = frees();
                { const spine::SkeletonData gone = std::move(*sd); }
                const long read_kept = frees() - before;
                EXPECT_LT(read_kept * 2, copy_kept) << read_kept << " blocks kept by the model read, " << copy_kept << " by its copy";
            }
        }
    }
    if (!any) GTEST_SKIP() << "../shared/corpus not found";
}

// io::ArenaString (spine::String): characters from the open arena, and the conversions that let code
// written for std::string keep working.
using io::ArenaString;

namespace {
const std::string kLong = "a name longer than the fifteen characters held inline";
}

TEST(ArenaString, InAScopeLongStringsTakeNoHeapBlockOfTheirOwn) {
    ArenaScope scope(64 * 1024);  // (its first block is taken with the first piece)
    ArenaString first(kLong);
    const long before = counting_new::allocations.load();
    for (int i = 0; i < 100; ++i) {
        ArenaString s(kLong);
        EXPECT_EQ(s, kLong);
    }
    EXPECT_EQ(counting_new::allocations.load() - before, 0);
}

TEST(ArenaString, OutsideAScopeALongStringTakesOneHeapBlock) {
    const long before = counting_new::allocations.load();
    {
        ArenaString s(kLong);
        EXPECT_EQ(s.size(), kLong.size());
    }
    EXPECT_EQ(counting_new::allocations.load() - before, 1);
}

TEST(ArenaString, BuildsAssignsAndComparesWithEveryStringKind) {
    const std::string text = "bone-upper-arm-left";
    ArenaString a(text), b{std::string_view(text)}, c(text.c_str());
    EXPECT_EQ(a, b);
    EXPECT_EQ(a, c);
    EXPECT_EQ(a, text);
    EXPECT_EQ(text, a);
    EXPECT_EQ(a, std::string_view(text));
    EXPECT_EQ(a, "bone-upper-arm-left");
    EXPECT_NE(a, "bone-upper-arm-right");
    EXPECT_LT(a, ArenaString("bone-upper-arm-m"));
    EXPECT_LT(a, std::string("bone-upper-arm-m"));

    std::optional<ArenaString> name;
    name = text;  // as a reader assigns a model's name
    ASSERT_TRUE(name);
    EXPECT_EQ(*name, text);
    name = std::string_view("x");
    EXPECT_EQ(*name, "x");

    const std::string copy = a;  // the implicit copy code written for std::string relies on
    EXPECT_EQ(copy, text);
    const std::string_view view = a;
    EXPECT_EQ(view.data(), a.data());
    EXPECT_EQ(a.str(), text);
    const std::string part = a.substr(5, 5);
    EXPECT_EQ(part, "upper");
    EXPECT_THROW((void)a.substr(a.size() + 1), std::out_of_range);
    EXPECT_EQ("[" + a + "]", "[" + text + "]");
    EXPECT_EQ(a + '!', text + '!');
}

TEST(ArenaString, HashesAndKeysLikeItsText) {
    const ArenaString a("slot-shadow");
    EXPECT_EQ(std::hash<ArenaString>{}(a), std::hash<std::string_view>{}("slot-shadow"));
    std::unordered_map<ArenaString, int> by_name;
    by_name[a] = 3;
    EXPECT_EQ(by_name.at(ArenaString("slot-shadow")), 3);
    std::map<std::string, int> legacy;  // a std::string-keyed map looked up by a model string
    legacy["slot-shadow"] = 4;
    EXPECT_EQ(legacy.at(a), 4);
}
