// rigio/spine/version.hpp: the Spine data versions rigio knows, parsed from the editor version string
// a file carries ("3.8.99", "4.2.43"). One place decides which versions the codecs read, so format
// detection, readers and the CLI give the same answer.
#pragma once

#include <optional>
#include <string_view>

namespace rigio::spine {

// Data layouts, by editor major.minor. Patch releases share their minor's layout (except 3.8.75, a
// pre-release with an incompatible layout, which `parse_version` maps to nullopt).
enum class Version { V37, V38, V40, V41, V42 };

// "3.8.99" -> V38, "4.2" -> V42; nullopt for versions without a known layout (3.6, 4.3, garbage).
std::optional<Version> parse_version(std::string_view editor_version);

// "3.7", "3.8", "4.0", "4.1", "4.2".
const char* version_name(Version v);

// Whether rigio's readers and writers handle this layout.
bool reads(Version v);

// The versions `reads` accepts, for messages: "3.8" or "3.7 to 4.2".
const char* readable_versions();

}  // namespace rigio::spine
