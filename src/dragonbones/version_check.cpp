// DragonBones data made by a conversion, read back by rigio's DragonBones JSON reader before anyone writes
// it (see check_readable in rigio/dragonbones/version.hpp).
#include "rigio/dragonbones/json.hpp"
#include "rigio/dragonbones/version.hpp"

namespace rigio::dragonbones {

void check_readable(const DragonBonesData& data, std::string_view what) {
    const std::string text = write_json(data, JsonWriteOptions{.compact = true});
    const Result<DragonBonesData> back = read_json(text);
    if (back) return;
    // The reader's error, placed in the converted data: its JSON path stays, the line and column (of
    // text nobody sees) go.
    const Error& e = back.error();
    std::string context = "in the converted " + std::string(what);
    if (!e.context().empty()) context += " " + e.context();
    throw Error(e.message() + " (rigio's own reader rejects the conversion result; nothing was written)",
                Location::at_path(e.where().json_path.empty() ? "/" : e.where().json_path), context);
}

}  // namespace rigio::dragonbones
