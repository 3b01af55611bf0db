#include "rigio/format.hpp"

#include <array>
#include <cstring>

#include "rigio/mrtk/binary.hpp"
#include "rigio/dragonbones/binary.hpp"
#include "rigio/dragonbones/json.hpp"
#include "rigio/spine/binary.hpp"

namespace rigio {

namespace {

struct FormatInfo {
    Format format;
    const char* name;
    const char* extension;
};

constexpr std::array<FormatInfo, 6> kFormats{{
    {Format::SpineBinary, "spine-binary", ".skel"},
    {Format::SpineJson, "spine-json", ".json"},
    {Format::DragonBonesJson, "dragonbones-json", ".json"},
    {Format::MrtkBinary, "mrtk-binary", ".bin"},
    {Format::MrtkJson, "mrtk-json", ".json"},
    {Format::DragonBonesBinary, "dragonbones-binary", ".dbbin"},
}};

bool ends_with(std::string_view s, std::string_view suffix) {
    if (s.size() < suffix.size()) return false;
    for (std::size_t i = 0; i < suffix.size(); ++i) {
        char a = s[s.size() - suffix.size() + i];
        if (a >= 'A' && a <= 'Z') a = static_cast<char>(a - 'A' + 'a');
        if (a != suffix[i]) return false;
    }
    return true;
}

// Looks at the start of a JSON document for the top-level keys that name its format.
Format sniff_json(std::string_view text) {
    std::size_t i = 0;
    if (text.substr(0, 3) == "\xEF\xBB\xBF") i = 3;
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t' || text[i] == '\r' || text[i] == '\n')) ++i;
    if (i >= text.size() || text[i] != '{') return Format::Unknown;
    std::string_view head = text.substr(i, 4096);
    auto has = [&](const char* key) { return head.find(key) != std::string_view::npos; };
    if (has("\"skeleton\"") && (has("\"spine\"") || has("\"bones\""))) return Format::SpineJson;
    if (dragonbones::looks_like_dragonbones_json(text)) return Format::DragonBonesJson;
    if (has("\"armature\"") && (has("\"frameRate\"") || has("\"version\""))) return Format::DragonBonesJson;
    if (has("\"format\"") && has("\"mrtk-input-animation\"")) return Format::MrtkJson;
    if (has("\"bones\"") && has("\"slots\"")) return Format::SpineJson;
    return Format::Unknown;
}

}  // namespace

const char* format_name(Format f) {
    for (const auto& i : kFormats)
        if (i.format == f) return i.name;
    return "unknown";
}

std::optional<Format> format_from_name(std::string_view name) {
    for (const auto& i : kFormats)
        if (name == i.name) return i.format;
    return std::nullopt;
}

const char* format_extension(Format f) {
    for (const auto& i : kFormats)
        if (i.format == f) return i.extension;
    return "";
}

Format detect_format(std::span<const std::uint8_t> bytes, std::string_view path) {
    std::string_view text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
    Format json = sniff_json(text);
    if (json != Format::Unknown) return json;
    if (mrtk::looks_like_bin(bytes)) return Format::MrtkBinary;
    if (dragonbones::looks_like_dbdt(bytes)) return Format::DragonBonesBinary;
    const bool skel = spine::looks_like_skel(bytes);
    if (skel) return Format::SpineBinary;
    // Unrecognised content: the extension decides which reader explains what is wrong.
    if (ends_with(path, ".skel")) return Format::SpineBinary;
    if (ends_with(path, ".bin")) return Format::MrtkBinary;
    if (ends_with(path, ".dbbin")) return Format::DragonBonesBinary;
    return Format::Unknown;
}

}  // namespace rigio
