// Fuzz target: DragonBones JSON (every version). Errors are located; what reads writes back to a fixed point.
#include <string>
#include <string_view>

#include "fixed_point.hpp"
#include "rigio/dragonbones/json.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    rigio::fuzz::check_fixed_point(
        text, [](std::string_view t) { return rigio::dragonbones::read_json(t); },
        [](const rigio::dragonbones::DragonBonesData& m) { return rigio::dragonbones::write_json(m); });
    return 0;
}
