// rigio/io/text.hpp: checks and encodings of byte strings shared by the readers and writers: UTF-8
// validity (names from binary files are bytes, and only valid UTF-8 may be written as JSON text) and
// bytes as lowercase hex digits (how the JSON forms keep bytes that are not text).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace rigio::io {

// Offset of the first byte that does not start or continue a valid UTF-8 sequence (overlong forms,
// surrogates and code points past U+10FFFF are invalid); text.size() when the whole text is valid.
std::size_t first_invalid_utf8(std::string_view text);
inline bool valid_utf8(std::string_view text) { return first_invalid_utf8(text) == text.size(); }

// "ab\x01" -> "616201": two lowercase hex digits per byte.
std::string hex(std::string_view bytes);
// The reverse, accepting either case; nullopt for an odd count or a non-hex character.
std::optional<std::string> unhex(std::string_view digits);

}  // namespace rigio::io
