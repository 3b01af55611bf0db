// rigio/spine/json.hpp: the Spine JSON skeleton format, versions 3.7 to 4.2, as the editor exports them
// (docs/formats/spine-json-versions.md). The version is decided before anything else is read (from
// "skeleton"/"spine"); other versions are refused with "Spine 4.3.12 JSON: rigio reads Spine 3.7 to 4.2".
// write_json writes the layout of Header::data_version, so a file comes back in its own version; a model
// of a version without a JSON layout is an Error in the Result ("cannot write Spine 3.6 JSON: ...").
// read_json validates like read_skel (names resolved against their tables, types, required fields,
// vertex arrays consistent with their vertex counts) and reports errors with the JSON path of the value
// at fault plus its line and column. write_json needs no DOM: it streams the model in the editor's key
// order and layout, omitting the editor's defaults, with every float in its shortest exact form; the
// editor's own exports come back byte for byte.
// Depends on rigio/io (JSON input and writer) and the Spine model only.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "rigio/io/error.hpp"
#include "rigio/spine/model.hpp"

namespace rigio::spine {

struct JsonReadOptions {
    // When set, receives one message per key that the file's Spine version does not define, with its JSON path, line
    // and column. Such keys are kept either way (in the `json_extra` of their object, or for keyframes
    // in Animation::json_key_extra) and write_json writes them back after the known keys.
    std::vector<std::string>* warnings = nullptr;
    // The caller vouches that io::kReadPadding readable bytes follow the text in memory (as in
    // io::read_file's and io::read_stdin's buffers): it is then parsed in place rather than copied first.
    bool padded = false;
};

struct JsonWriteOptions {
    // The editor rounds each number it exports (times to 4 decimals, positions and angles to 2, ...) and
    // omits a value that rounds to its default. When true, so does write_json, so that a .skel converted
    // to JSON has the keys of the editor's own JSON export; a value within that rounding of its default
    // (e.g. a curve's c4 of 0.9997) is then dropped, as are near-zero values at the ends of deform keys
    // and empty event strings (a .skel stores "" for none). When false (the default), only values exactly equal
    // to their default are omitted, and reading the output back gives every float32 unchanged.
    bool editor_rounding = false;
};

Result<SkeletonData> read_json(std::string_view text, const JsonReadOptions& options = {});
Result<std::string> write_json(const SkeletonData& skeleton, const JsonWriteOptions& options = {});

}  // namespace rigio::spine
