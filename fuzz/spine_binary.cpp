// Fuzz target: Spine .skel (every version read_skel admits, 3.7 to 4.2). Any input either fails with a located error or reads into a model
// that writes and reads back equal, and that the runtime either refuses with an error or poses.
#include <cstdio>
#include <cstdlib>

#include "pose_any.hpp"
#include "rigio/spine/binary.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    auto first = rigio::spine::read_skel({data, size});
    if (!first) {
        if (!first.error().where().known()) {
            std::fprintf(stderr, "error without a location: %s\n", first.error().what());
            std::abort();
        }
        return 0;
    }
    auto bytes = rigio::spine::write_skel(*first);
    if (!bytes) {
        std::fprintf(stderr, "a model that reads does not write: %s\n", bytes.error().what());
        std::abort();
    }
    auto second = rigio::spine::read_skel(*bytes);
    if (!second) {
        std::fprintf(stderr, "rewrite does not read back: %s\n", second.error().what());
        std::abort();
    }
    if (!(*second == *first)) {
        std::fprintf(stderr, "rewrite reads back different\n");
        std::abort();
    }
    fuzz_pose(*first);
    return 0;
}
