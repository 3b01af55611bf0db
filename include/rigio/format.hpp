// rigio/format.hpp: which format a file is in, decided from its content, with the file name's
// extension only as a hint between formats that look alike. Never assumed from the name alone.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace rigio {

enum class Format { Unknown, SpineBinary, SpineJson, DragonBonesJson, MrtkBinary, MrtkJson, DragonBonesBinary };

// Stable names used on the command line (--to) and in reports: "spine-binary", "spine-json", ...
const char* format_name(Format f);
std::optional<Format> format_from_name(std::string_view name);
// The usual extension for writing a format (".skel", ".json", ".bin").
const char* format_extension(Format f);

// Detects the format of `bytes`. `path` (may be empty) is used only as a tie-breaker.
Format detect_format(std::span<const std::uint8_t> bytes, std::string_view path = {});

// Detects the format from the content alone (no extension fallback); Unknown when nothing matches.
Format detect_format_by_content(std::span<const std::uint8_t> bytes);

// What the bytes are when they are not data rigio reads, for messages: "empty file", "a PNG image",
// "a JPEG image", "a ZIP archive", "gzip-compressed data", "a Spine texture atlas (.atlas text)",
// "DragonBones 2.x XML"; an empty string when nothing is recognised.
std::string describe_foreign_content(std::span<const std::uint8_t> bytes);

// The editor version in a Spine binary header, read before any parsing: 4.x layout (8-byte hash,
// then the version string) or 3.x layout (hash string, then version string). nullopt when neither
// layout holds a version string ("N.N" or "N.N.N").
std::optional<std::string> spine_binary_version(std::span<const std::uint8_t> bytes);

// The "spine" value of the top-level "skeleton" object of Spine JSON (looked for near the start).
std::optional<std::string> spine_json_version(std::string_view text);

// The top-level keys of a JSON object, in order (at most `max`), for messages about JSON that is
// not data rigio reads. Empty when the text is not a JSON object.
std::vector<std::string> json_top_level_keys(std::string_view text, std::size_t max = 8);

}  // namespace rigio
