// Loading allocates only what the result keeps: reading a .skel and preparing its runtime data make
// (almost) no temporary heap blocks, preparing costs no block per timeline, and a 4.x Bézier curve of one or two channels (bone, IK, deform,
// physics keys) costs no allocation. Counted by replacing the global operator new for this program.
#include <gtest/gtest.h>

#include "rigio/io/arena.hpp"
#include "rigio/io/file.hpp"
#include "rigio/spine/binary.hpp"
#include "rigio/spine/runtime/data.hpp"
#include "support/shared.hpp"
#include "support/counting_new.hpp"

using namespace rigio;

TEST(BezierAllocation, TwoChannelsStayInline) {
    spine::Curve c;
    const long before = counting_new::allocations.load();
    c.bezier.resize(8);  // two channels: x and y of a translate key
    spine::Curve copy = c;
    EXPECT_EQ(counting_new::allocations.load() - before, 0);
    c.bezier.resize(16);  // four channels (rgba) take the heap
    EXPECT_EQ(counting_new::allocations.load() - before, 1);
    EXPECT_EQ(copy.bezier.size(), 8u);
}

// Per file: blocks allocated while loading minus blocks the result still holds (counted as it is
// destroyed). Only the reader's reused scratch arrays and the prepare tables' growth are temporary.
TEST(LoadAllocation, ReadAndPrepareMakeFewTemporaryBlocks) {
    bool any = false;
    for (const char* version : {"3.7", "3.8", "4.0", "4.1", "4.2"}) {
        for (const auto& f : test::corpus_files(std::string("corpus/spine-") + version, ".skel")) {
            any = true;
            SCOPED_TRACE(f.filename().string() + " (" + version + ")");
            const auto bytes = io::read_file(f.string()).value();
            io::release_arena_spares();  // (no block of an earlier read's arena to reuse)
            long before = counting_new::allocations.load();
            auto sd = spine::read_skel(bytes);
            ASSERT_TRUE(sd.ok()) << sd.error().what();
            const long read_allocations = counting_new::allocations.load() - before;
            before = counting_new::allocations.load();
            auto rd = spine::runtime::prepare(*sd);
            ASSERT_TRUE(rd.ok()) << rd.error().what();
            const long prepare_allocations = counting_new::allocations.load() - before;
            {
                // The tables come from one arena (RuntimeData): a few blocks, plus one of its own for
                // each animation whose pools are large; timelines, skins and attachments cost no block.
                // Fired events keep their strings on the heap.
                long fired = 0;
                for (const auto& a : rd->animations) fired += static_cast<long>(a.fired.size());
                const long bound = 16 + static_cast<long>(rd->animations.size()) + fired;
                EXPECT_LE(prepare_allocations, bound);
            }
            long freed = counting_new::frees.load();
            { const spine::runtime::RuntimeData gone = std::move(*rd); }
            io::release_arena_spares();  // (its arena's blocks, kept for the next prepare)
            const long prepare_kept = counting_new::frees.load() - freed;
            freed = counting_new::frees.load();
            { const spine::SkeletonData gone = std::move(*sd); }
            io::release_arena_spares();  // (its arena's blocks, kept for the next read)
            const long read_kept = counting_new::frees.load() - freed;
            EXPECT_LE(read_allocations - read_kept, 12) << read_allocations << " allocated, " << read_kept << " kept";
            // read: the weighted-vertex scratch and pending links (at most 9 on the corpus). prepare: the
            // attachment entries and the timeline builder's three arrays (4 on the corpus; an older
            // prepare made a third of its blocks temporary).
            EXPECT_LE(prepare_allocations - prepare_kept, 4) << prepare_allocations << " allocated, " << prepare_kept << " kept";
        }
    }
    if (!any) GTEST_SKIP() << "../shared/corpus not found";
}

// Preparing the same data again after dropping the first result takes the blocks the first one's arena
// left to the thread (io::release_arena_spares): only the arena's own record, the scratch arrays and
// the fired events' strings come from the heap.
TEST(LoadAllocation, PrepareAgainReusesTheBlocksOfTheLast) {
    bool any = false;
    for (const char* version : {"3.7", "3.8", "4.2"}) {
        for (const auto& f : test::corpus_files(std::string("corpus/spine-") + version, ".skel")) {
            any = true;
            SCOPED_TRACE(f.filename().string() + " (" + version + ")");
            auto sd = spine::read_skel(io::read_file(f.string()).value());
            ASSERT_TRUE(sd.ok()) << sd.error().what();
            io::release_arena_spares();
            long fired = 0, first = 0;
            {
                const long before = counting_new::allocations.load();
                auto rd = spine::runtime::prepare(*sd);
                ASSERT_TRUE(rd.ok()) << rd.error().what();
                first = counting_new::allocations.load() - before;
                for (const auto& a : rd->animations) fired += static_cast<long>(a.fired.size());
            }
            const long before = counting_new::allocations.load();
            const auto again = spine::runtime::prepare(*sd);
            ASSERT_TRUE(again.ok()) << again.error().what();
            const long second = counting_new::allocations.load() - before;
            EXPECT_LE(second, 5 + fired) << "first prepare: " << first;
        }
    }
    io::release_arena_spares();
    if (!any) GTEST_SKIP() << "../shared/corpus not found";
}
