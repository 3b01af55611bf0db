// DragonBones data made by a conversion, read back by rigio's DragonBones JSON reader before anyone writes
// it (see check_readable in rigio/dragonbones/version.hpp).
#include "rigio/dragonbones/json.hpp"
#include "rigio/dragonbones/version.hpp"

namespace rigio::dragonbones {

Result<void> check_readable(const DragonBonesData& data, std::string_view what) {
    const Result<DragonBonesData> back = read_json(write_json(data, JsonWriteOptions{.compact = true}));
    if (back) return {};
    return rejected_conversion(back.error(), what);
}

}  // namespace rigio::dragonbones
