// Internal: the words and colour notation of Spine JSON, shared by the JSON reader and writer so that
// both use one table (enum names as the editor writes them, "RRGGBBAA" / "RRGGBB" colours).
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>

#include "rigio/spine/model.hpp"
#include "rigio/spine/version.hpp"

namespace rigio::spine::detail {

inline constexpr std::array<std::string_view, 5> kTransformModeNames{
    "normal", "onlyTranslation", "noRotationOrReflection", "noScale", "noScaleOrReflection"};
inline constexpr std::array<std::string_view, 4> kBlendModeNames{"normal", "additive", "multiply", "screen"};
inline constexpr std::array<std::string_view, 2> kPositionModeNames{"fixed", "percent"};
inline constexpr std::array<std::string_view, 4> kSpacingModeNames{"length", "fixed", "percent", "proportional"};  // proportional: 4.x
inline constexpr std::array<std::string_view, 3> kRotateModeNames{"tangent", "chain", "chainScale"};
// Indexed by SequenceMode (4.1+).
inline constexpr std::array<std::string_view, 7> kSequenceModeNames{"hold", "once", "loop", "pingpong", "onceReverse", "loopReverse",
                                                                   "pingpongReverse"};
// Timeline names. Slot timelines, indexed by SlotTimelineType: 3.x (its first three types), 4.x.
inline constexpr std::array<std::string_view, 3> kSlotTimelineNames3{"attachment", "color", "twoColor"};
inline constexpr std::array<std::string_view, 6> kSlotTimelineNames4{"attachment", "rgba", "rgba2", "rgb", "rgb2", "alpha"};
// Bone timelines, indexed by BoneTimelineType (3.x: the first four; inherit: 4.2).
inline constexpr std::array<std::string_view, 11> kBoneTimelineNames{"rotate", "translate", "scale", "shear", "translatex", "translatey",
                                                                    "scalex", "scaley", "shearx", "sheary", "inherit"};
// Path constraint timelines, indexed by PathTimelineType.
inline constexpr std::array<std::string_view, 3> kPathTimelineNames{"position", "spacing", "mix"};
// Physics constraint timelines (4.2), indexed by PhysicsTimelineType.
inline constexpr std::array<std::string_view, 8> kPhysicsTimelineNames{"inertia", "strength", "damping", "mass", "wind", "gravity", "mix", "reset"};
// Indexed by AttachmentType.
inline constexpr std::array<std::string_view, 7> kAttachmentTypeNames{
    "region", "boundingbox", "mesh", "linkedmesh", "path", "point", "clipping"};

// The layouts the JSON codec reads and writes, and how messages name them.
inline bool json_reads(Version v) { return reads(v); }  // every layout Version names
inline const char* json_readable_versions() { return "3.7 to 4.2"; }
inline bool is_4x(Version v) { return v >= Version::V40; }

template <std::size_t N>
std::optional<std::size_t> find_name(const std::array<std::string_view, N>& names, std::string_view s) {
    for (std::size_t i = 0; i < N; ++i)
        if (names[i] == s) return i;
    return std::nullopt;
}

// Editor colours of attachments that have no tint, written only when they differ from these
// (the editor's defaults for new attachments of each kind). Region and mesh tints default to white.
inline Rgba default_attachment_color(AttachmentType t) {
    switch (t) {
        case AttachmentType::BoundingBox:
        case AttachmentType::Point: return 0x60F000FFu;
        case AttachmentType::Path: return 0xFF7F00FFu;
        case AttachmentType::Clipping: return 0x3A3ACEFFu;
        default: return 0xFFFFFFFFu;
    }
}

// The editor omits a bone colour equal to its default bone colour.
inline constexpr Rgba kDefaultBoneColor = 0x9B9B9BFFu;

// Writes `digits` hex digits of `v` (most significant first) in lower case.
inline void append_hex(std::string& out, std::uint32_t v, int digits) {
    static const char hex[] = "0123456789abcdef";
    for (int i = digits - 1; i >= 0; --i) out += hex[(v >> (4 * i)) & 15];
}
inline std::string rgba_text(Rgba c) {
    std::string s;
    append_hex(s, c, 8);
    return s;
}
inline std::string rgb_text(std::uint32_t c) {
    std::string s;
    append_hex(s, c & 0xFFFFFFu, 6);
    return s;
}

// Parses exactly `digits` (6 or 8) hex digits; nullopt on any other text. Eight bytes at once (SWAR; a
// loop over the characters mispredicted a branch wherever digits and letters alternate, as colours do): a
// 6-digit text is padded with two '0's. A byte is a digit when it lies in '0'..'9', or a letter when,
// made lower case, it lies in 'a'..'f', each tested for all bytes by the high bit of a subtraction (the
// bytes are ASCII, so no borrow crosses from one byte into the next); the digits' values are then packed,
// the first digit highest.
inline std::optional<std::uint32_t> parse_hex(std::string_view s, std::size_t digits) {
    if (s.size() != digits || (digits != 6 && digits != 8)) return std::nullopt;
    constexpr std::uint64_t kOnes = 0x0101010101010101ull, kHigh = 0x8080808080808080ull;
    std::uint64_t x;
    if (digits == 8) {
        std::memcpy(&x, s.data(), 8);
    } else {
        x = 0x3030ull << 48;  // '0', '0' after the six digits
        std::memcpy(&x, s.data(), 6);
    }
    if (x & kHigh) return std::nullopt;
    // Bit 7 of each byte: the byte is >= c (every byte below 0x80).
    auto at_least = [](std::uint64_t v, std::uint64_t c) { return ((v | kHigh) - c * kOnes) & kHigh; };
    const std::uint64_t lower = x | 0x20 * kOnes;
    const std::uint64_t digit = at_least(x, '0') & ~at_least(x, '9' + 1);
    const std::uint64_t letter = at_least(lower, 'a') & ~at_least(lower, 'f' + 1);
    if ((digit | letter) != kHigh) return std::nullopt;
    // Byte i: the value of digit i (0 to 15), then packed pairwise, the first digit highest.
    std::uint64_t v = __builtin_bswap64((x & 0x0F * kOnes) + (letter >> 7) * 9);
    v = (v | v >> 4) & 0x00FF00FF00FF00FFull;
    v = (v | v >> 8) & 0x0000FFFF0000FFFFull;
    v = (v | v >> 16) & 0xFFFFFFFFull;
    return static_cast<std::uint32_t>(digits == 8 ? v : v >> 8);
}

}  // namespace rigio::spine::detail
