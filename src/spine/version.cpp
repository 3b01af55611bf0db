// Spine data versions: parsing the editor version string and which layouts rigio reads.
#include "rigio/spine/version.hpp"

namespace rigio::spine {

std::optional<Version> parse_version(std::string_view v) {
    if (v == "3.8.75") return std::nullopt;  // incompatible pre-release of 3.8
    auto is = [&](std::string_view minor) {
        return v == minor || (v.size() > minor.size() && v.substr(0, minor.size()) == minor && v[minor.size()] == '.');
    };
    if (is("3.7")) return Version::V37;
    if (is("3.8")) return Version::V38;
    if (is("4.0")) return Version::V40;
    if (is("4.1")) return Version::V41;
    if (is("4.2")) return Version::V42;
    return std::nullopt;
}

const char* version_name(Version v) {
    switch (v) {
    case Version::V37: return "3.7";
    case Version::V38: return "3.8";
    case Version::V40: return "4.0";
    case Version::V41: return "4.1";
    case Version::V42: return "4.2";
    }
    return "?";
}

// The versions whose .skel the writer rewrites byte for byte over the whole corpus.
bool reads(Version v) { return v == Version::V37 || v == Version::V38 || v == Version::V40 || v == Version::V41 || v == Version::V42; }

const char* readable_versions() { return "3.7 to 4.2"; }

}  // namespace rigio::spine
