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
                // Timelines cost no block of their own: an animation holds its timeline list, two pools
                // (floats, ints) and its name; the rest is per skin (lists, lookup) and
                // per fired event (its string), plus a few tables for the whole file. Attachments cost none:
                // their name, path, vertices and lengths are views of the model.
                long fired = 0;
                for (const auto& a : rd->animations) fired += static_cast<long>(a.fired.size());
                // (A skin: its lookup table, per-slot lists and name; its required bones and constraints are views.)
                const long bound = 40 + 4 * static_cast<long>(rd->animations.size()) + 5 * static_cast<long>(rd->skins.size()) + fired;
                EXPECT_LE(prepare_allocations, bound);
            }
            long freed = counting_new::frees.load();
            { const spine::runtime::RuntimeData gone = std::move(*rd); }
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
