// rigio/format.hpp: which format a file is in, decided from its content, with the file name's
// extension only as a hint between formats that look alike. Never assumed from the name alone.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace rigio {

enum class Format { Unknown, SpineBinary, SpineJson, DragonBonesJson, MrtkBinary, MrtkJson, DragonBonesBinary };

// Stable names used on the command line (--to) and in reports: "spine-binary", "spine-json", ...
const char* format_name(Format f);
std::optional<Format> format_from_name(std::string_view name);
// The usual extension for writing a format (".skel", ".json", ".bin").
const char* format_extension(Format f);

// Detects the format of `bytes`. `path` (may be empty) is used only as a tie-breaker.
Format detect_format(std::span<const std::uint8_t> bytes, std::string_view path = {});

}  // namespace rigio
