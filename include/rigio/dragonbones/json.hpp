// rigio/dragonbones/json.hpp: DragonBones JSON (4.0, 4.5, 5.0, 5.5; 5.6 extras kept as raw JSON).
// read_json is lenient where real files are dirty (numbers as strings, "NaN", null, 0/1 for flags,
// missing isGlobal) and strict where meaning is at stake (wrong structure, unknown bone/slot names,
// frames of the wrong shape); every error carries its JSON path and line/column.
// write_json writes the model as it is (a same-version rewrite keeps every key and value).
// Version changes are model-to-model steps in dragonbones/version.hpp.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "rigio/dragonbones/model.hpp"
#include "rigio/io/error.hpp"

namespace rigio::dragonbones {

struct JsonReadOptions {
    std::vector<std::string>* warnings = nullptr;  // things that were repaired or are suspicious
    // DBDT header JSON: animations hold {timeline name: [type, index, ...]} objects in "bone"/"slot"/
    // "ffd" instead of timeline arrays; those are kept as raw JSON in the animation's `extra`.
    bool binary_header = false;
    // The caller vouches that io::kReadPadding readable bytes follow the text in memory (as in
    // io::read_file's and io::read_stdin's buffers): it is then parsed in place rather than copied first.
    bool padded = false;
};

struct JsonWriteOptions {
    bool compact = false;  // one line, no spaces (DBDT headers); default: tab-indented
};

Result<DragonBonesData> read_json(std::string_view text, const JsonReadOptions& options = {});
std::string write_json(const DragonBonesData& data, const JsonWriteOptions& options = {});

// True when the text looks like DragonBones skeleton JSON (a top-level "armature" array next to
// "version" or "frameRate"), as opposed to Spine JSON or a texture atlas. Cheap.
bool looks_like_dragonbones_json(std::string_view text);

}  // namespace rigio::dragonbones
