#include "rigio/format.hpp"

#include <array>
#include <algorithm>
#include <cstdlib>
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
    const Format by_content = detect_format_by_content(bytes);
    if (by_content != Format::Unknown) return by_content;
    // Unrecognised content: the extension decides which reader explains what is wrong.
    if (ends_with(path, ".skel")) return Format::SpineBinary;
    if (ends_with(path, ".bin")) return Format::MrtkBinary;
    if (ends_with(path, ".dbbin")) return Format::DragonBonesBinary;
    return Format::Unknown;
}

}  // namespace rigio

namespace rigio {

namespace {

bool starts_with(std::span<const std::uint8_t> b, std::string_view magic) {
    return b.size() >= magic.size() && std::memcmp(b.data(), magic.data(), magic.size()) == 0;
}

bool is_version_text(std::string_view v) {
    // "N.N" or "N.N.N" (digits), as the editors write their version.
    std::size_t i = 0, parts = 0;
    while (i < v.size()) {
        std::size_t start = i;
        while (i < v.size() && v[i] >= '0' && v[i] <= '9') ++i;
        if (i == start || i - start > 4) return false;
        ++parts;
        if (i == v.size()) break;
        if (v[i] != '.') return false;
        ++i;
        if (i == v.size()) return false;
    }
    return parts >= 2 && parts <= 3;
}

// A Spine binary string at `at`: varint length + 1, then UTF-8 bytes. Returns the text and moves `at`.
std::optional<std::string> skel_string(std::span<const std::uint8_t> b, std::size_t& at) {
    std::uint32_t n = 0;
    for (int shift = 0; shift < 35; shift += 7) {
        if (at >= b.size()) return std::nullopt;
        const std::uint8_t c = b[at++];
        n |= static_cast<std::uint32_t>(c & 0x7f) << shift;
        if (!(c & 0x80)) break;
        if (shift == 28) return std::nullopt;
    }
    if (n == 0) return std::string();  // a null string
    if (n - 1 > b.size() - at) return std::nullopt;
    std::string s(reinterpret_cast<const char*>(b.data() + at), n - 1);
    at += n - 1;
    return s;
}

std::string_view skip_space(std::string_view t) {
    std::size_t i = t.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0;
    while (i < t.size() && (t[i] == ' ' || t[i] == '\t' || t[i] == '\r' || t[i] == '\n')) ++i;
    return t.substr(i);
}

bool looks_like_atlas(std::string_view text) {
    // A Spine texture atlas: the first non-empty line names a page image, and page or region
    // lines follow as "key: value" ("size: 1024,256", "format: RGBA8888", "xy: 2, 2").
    std::string_view t = skip_space(text.substr(0, 4096));
    const std::size_t eol = t.find('\n');
    std::string_view first = t.substr(0, eol);
    while (!first.empty() && (first.back() == '\r' || first.back() == ' ')) first.remove_suffix(1);
    auto ends = [&](std::string_view e) { return first.size() > e.size() && ends_with(first, e); };
    if (!(ends(".png") || ends(".jpg") || ends(".jpeg") || ends(".webp") || ends(".ktx") || ends(".pvr"))) return false;
    if (eol == std::string_view::npos) return false;
    std::string_view rest = t.substr(eol);
    for (const char* key : {"\nsize:", "\nformat:", "\nfilter:", "\n  xy:", "\n  bounds:"})
        if (rest.find(key) != std::string_view::npos) return true;
    return false;
}

}  // namespace

Format detect_format_by_content(std::span<const std::uint8_t> bytes) {
    std::string_view text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
    Format json = sniff_json(text);
    if (json != Format::Unknown) return json;
    if (mrtk::looks_like_bin(bytes)) return Format::MrtkBinary;
    if (dragonbones::looks_like_dbdt(bytes)) return Format::DragonBonesBinary;
    if (spine::looks_like_skel(bytes) || spine_binary_version(bytes)) return Format::SpineBinary;
    return Format::Unknown;
}

std::string describe_foreign_content(std::span<const std::uint8_t> bytes) {
    if (bytes.empty()) return "empty file";
    if (starts_with(bytes, "\x89PNG\r\n\x1a\n")) return "a PNG image, not skeleton data";
    if (starts_with(bytes, "\xFF\xD8\xFF")) return "a JPEG image, not skeleton data";
    if (starts_with(bytes, "PK\x03\x04") || starts_with(bytes, "PK\x05\x06")) return "a ZIP archive (unpack it first)";
    if (starts_with(bytes, "\x1F\x8B")) return "gzip-compressed data (decompress it first)";
    if (starts_with(bytes, "GIF8")) return "a GIF image, not skeleton data";
    if (starts_with(bytes, "RIFF") && bytes.size() >= 12 && std::memcmp(bytes.data() + 8, "WEBP", 4) == 0)
        return "a WebP image, not skeleton data";
    std::string_view text(reinterpret_cast<const char*>(bytes.data()), std::min<std::size_t>(bytes.size(), 4096));
    std::string_view t = skip_space(text);
    if (!t.empty() && t.front() == '<') {
        if (t.find("<dragonBones") != std::string_view::npos || t.find("<skeleton") != std::string_view::npos ||
            t.find("<TextureAtlas") != std::string_view::npos)
            return t.find("<TextureAtlas") != std::string_view::npos && t.find("<dragonBones") == std::string_view::npos
                       ? "a DragonBones 2.x XML texture atlas (rigio reads DragonBones JSON 4.0 to 5.6 and 2.3/3.0 JSON)"
                       : "DragonBones 2.x XML (rigio reads DragonBones JSON 4.0 to 5.6 and 2.3/3.0 JSON; export it as JSON)";
        return "an XML document, not data rigio reads";
    }
    if (looks_like_atlas(text)) return "a Spine texture atlas (.atlas text), not skeleton data: give the .skel or .json exported with it";
    return {};
}

std::optional<std::string> spine_binary_version(std::span<const std::uint8_t> bytes) {
    if (bytes.size() > 8) {  // 4.x: 8-byte hash, then the version string
        std::size_t at = 8;
        auto v = skel_string(bytes, at);
        if (v && is_version_text(*v)) return v;
    }
    std::size_t at = 0;  // 3.x: hash string, then the version string
    if (!skel_string(bytes, at)) return std::nullopt;
    auto v = skel_string(bytes, at);
    if (v && is_version_text(*v)) return v;
    return std::nullopt;
}

std::optional<std::string> spine_json_version(std::string_view text) {
    std::string_view head = text.substr(0, 1 << 16);
    const std::size_t sk = head.find("\"skeleton\"");
    if (sk == std::string_view::npos) return std::nullopt;
    std::size_t at = head.find("\"spine\"", sk);
    if (at == std::string_view::npos) return std::nullopt;
    at += 7;
    while (at < head.size() && (head[at] == ' ' || head[at] == '\t' || head[at] == '\r' || head[at] == '\n')) ++at;
    if (at >= head.size() || head[at] != ':') return std::nullopt;
    ++at;
    while (at < head.size() && (head[at] == ' ' || head[at] == '\t' || head[at] == '\r' || head[at] == '\n')) ++at;
    if (at >= head.size() || head[at] != '"') return std::nullopt;
    std::string v;
    for (++at; at < head.size() && head[at] != '"'; ++at) {
        if (head[at] == '\\' && at + 1 < head.size()) {
            ++at;
            if (head[at] == 'n') v += '\n';
            else if (head[at] == 't') v += '\t';
            else if (head[at] == 'u' && at + 4 < head.size()) {
                const unsigned c = static_cast<unsigned>(std::strtoul(std::string(head.substr(at + 1, 4)).c_str(), nullptr, 16));
                v += c < 0x80 ? static_cast<char>(c) : '?';
                at += 4;
            } else {
                v += head[at];
            }
        } else {
            v += head[at];
        }
        if (v.size() > 64) break;
    }
    return v;
}

std::vector<std::string> json_top_level_keys(std::string_view text, std::size_t max) {
    std::vector<std::string> keys;
    std::string_view t = skip_space(text);
    if (t.empty() || t.front() != '{') return keys;
    int depth = 0;
    std::size_t i = 0;
    while (i < t.size() && keys.size() < max) {
        const char c = t[i];
        if (c == '"') {
            std::string s;
            std::size_t j = i + 1;
            for (; j < t.size() && t[j] != '"'; ++j) {
                if (t[j] == '\\') ++j;
                else s += t[j];
            }
            std::size_t k = j + 1;
            while (k < t.size() && (t[k] == ' ' || t[k] == '\t' || t[k] == '\r' || t[k] == '\n')) ++k;
            if (depth == 1 && k < t.size() && t[k] == ':') keys.push_back(s.substr(0, 64));
            i = j + 1;
            continue;
        }
        if (c == '{' || c == '[') ++depth;
        else if (c == '}' || c == ']') {
            if (--depth == 0) break;
        }
        ++i;
    }
    return keys;
}

}  // namespace rigio
