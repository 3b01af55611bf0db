// Fuzz target: Spine texture atlases (.atlas text). Errors are located (line and column); what reads
// writes back to text that reads equal, and rewriting that is a fixed point.
#include <string>
#include <string_view>

#include "fixed_point.hpp"
#include "rigio/atlas/atlas.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    rigio::fuzz::check_fixed_point(
        text, [](std::string_view t) { return rigio::atlas::read_atlas(t); },
        [](const rigio::atlas::Atlas& a) { return rigio::atlas::write_atlas(a); });
    return 0;
}
