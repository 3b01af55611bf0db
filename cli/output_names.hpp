// File names the CLI makes or checks: names from data made safe (never trusted as paths), and
// whether an output name fits the format asked for.
#pragma once

#include <string>
#include <vector>

#include "document.hpp"

namespace rigio::cli {

// One safe, unique file name (no extension) per name from data, in order: '/', '\\', control
// characters and invalid UTF-8 become '_', a leading '.' becomes '_', empty names become
// "unnamed", long names are cut to 200 bytes, and duplicates (ignoring case) get "-2", "-3", ...
std::vector<std::string> safe_file_names(const std::vector<std::string>& names);

// False when `path` ends in an extension that says another format than `target`: .skel for
// anything but spine-binary, .json for a binary format, .dbbin for anything but dragonbones-binary.
bool extension_fits(const std::string& path, Format target);

// Why no output format can be chosen for `doc` from the name `out`, with what can be written.
std::string cannot_tell_output_message(const Document& doc, const std::string& out);

}  // namespace rigio::cli
