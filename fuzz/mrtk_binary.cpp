// Fuzz target: MRTK input-animation recordings (1.0 and 1.1). Errors are located; what reads writes
// back to a fixed point, and its JSON form reads back to the same bytes.
#include <cstdio>
#include <cstdlib>
#include <span>
#include <vector>

#include "fixed_point.hpp"
#include "rigio/mrtk/binary.hpp"
#include "rigio/mrtk/json.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using rigio::mrtk::InputAnimation;
    const std::span<const std::uint8_t> bytes(data, size);
    auto read = [](std::span<const std::uint8_t> b) { return rigio::mrtk::read_bin(b); };
    auto write = [](const InputAnimation& a) { return rigio::mrtk::write_bin(a); };
    rigio::fuzz::check_fixed_point(bytes, read, write);
    if (auto rec = read(bytes)) {
        auto via_json = rigio::mrtk::read_json(rigio::mrtk::write_json(*rec));
        if (!via_json || write(*via_json) != write(*rec)) {
            std::fprintf(stderr, "JSON form does not read back to the same recording\n");
            std::abort();
        }
    }
    return 0;
}
