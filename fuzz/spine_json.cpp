// Fuzz target: Spine JSON, every version (seeded with the 3.7 to 4.2 corpora by scripts/fuzz.sh). Errors are located; what reads writes back to a fixed point, and the runtime either refuses it with an error or poses it.
#include <string>
#include <string_view>

#include "fixed_point.hpp"
#include "pose_any.hpp"
#include "rigio/spine/json.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    rigio::fuzz::check_fixed_point(
        text, [](std::string_view t) { return rigio::spine::read_json(t); },
        [](const rigio::spine::SkeletonData& m) { return rigio::spine::write_json(m); });
    if (auto model = rigio::spine::read_json(text)) fuzz_pose(*model);  // the runtime refuses or poses
    return 0;
}
