// Internal: the Spine .skel reader's state, shared by the files that read its parts
// (binary_reader.cpp: header, setup data, constraints, events; binary_skin_reader.cpp: skins and
// attachments; binary_animation_reader.cpp: 3.x animations; binary_animation_reader_4x.cpp: 4.x ones).
// One reader for every version: `v_` (from the header) picks the branches.
#pragma once

#include <algorithm>
#include <bit>
#include <cstring>
#include <string>
#include <type_traits>
#include <utility>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "rigio/io/byte_reader.hpp"
#include "rigio/io/error.hpp"
#include "rigio/spine/model.hpp"

namespace rigio::spine::detail {

// The layout a .skel header announces, decided before anything else is read. `version` is the editor
// string; `layout` is set when rigio knows it (3.x: hash string then version; 4.x: 8 hash bytes then
// version). Throws rigio::Error with the version for layouts rigio does not read.
struct SkelHead {
    std::string version;
    Version layout = Version::V38;
    std::size_t at = 0;  // byte offset of the version string
};
SkelHead detect_skel(std::span<const std::uint8_t> bytes);
// The version-like string where a 4.x (`four`) or 3.x header keeps it, if one is there.
std::optional<std::string> version_at(std::span<const std::uint8_t> bytes, bool four, std::size_t* offset);

// Reads every layout the reader has branches for (3.7 to 4.2), whether or not `reads` admits it
// (read_skel refuses what the writer cannot rewrite; today both cover 3.7 to 4.2).
Result<SkeletonData> read_skel_any_layout(std::span<const std::uint8_t> bytes);

// 4.x hash: 8 bytes <-> the JSON's unpadded base64 (11 characters).
std::string hash_to_base64(std::string_view eight_bytes);
bool base64_to_hash(std::string_view text, std::uint8_t out[8]);

class SkelReader {
public:
    // `layout`: what detect_skel found in the header.
    SkelReader(std::span<const std::uint8_t> bytes, Version layout) : r_(bytes), v_(layout) { r_.require_finite_floats(true); }
    SkeletonData read();

private:
    bool v4() const { return v_ >= Version::V40; }
    bool at_least(Version v) const { return v_ >= v; }

    void read_header();
    void read_bones();
    void read_slots();
    void read_ik();
    void read_transform();
    void read_path();
    void read_physics();
    void read_skins();
    void read_skin_slots(Skin& skin, std::size_t skin_index);
    void read_attachment(Attachment& a);     // `a`: default-constructed, filled in place
    void read_attachment_42(Attachment& a);
    void read_vertices(Vertices& v, int count, int weighted = -1);  // weighted -1: a bool in the file says
    bool read_weighted_fast(Vertices& v, std::size_t n);
    std::optional<Sequence> read_sequence();
    Sequence read_sequence_fields();
    void read_events();
    void resolve_linked_meshes();

    void read_animation(Animation& a, std::size_t number);  // `a`: default-constructed, filled in place
    // 3.x (binary_animation_reader.cpp)
    void read_slot_timelines(Animation& a);
    void read_bone_timelines(Animation& a);
    void read_constraint_timelines(Animation& a);
    void read_deform_timelines(Animation& a);
    bool read_deform_keys_fast(Vector<DeformKeyframe>& keys, std::uint32_t frames);  // every version
    // `c`: default-constructed (linear), a Curve or a Curve2. Inline for the common linear and stepped curves.
    template <class C>
    void read_curve(C& c) {
        const std::uint8_t type = r_.peek_u8();  // (throws at the end of the data, as reading it would)
        if (type == 0 || type == 1) {
            r_.u8();
            c.type = type == 0 ? CurveType::Linear : CurveType::Stepped;
            return;
        }
        read_curve_other(c);
    }
    template <class C>
    void read_curve_other(C& c);  // Bézier, or an unknown type (an error)
    // 4.x (binary_animation_reader_4x.cpp)
    void read_slot_timelines_4x(Animation& a);
    void read_bone_timelines_4x(Animation& a);
    void read_constraint_timelines_4x(Animation& a);
    void read_physics_timelines(Animation& a);
    bool read_ik_keys_4x_fast(Vector<IkKeyframe>& keys, std::uint32_t frames);
    // The fast paths of bone keys by key size (two values or one; 3.x: x and y or a rotation).
    bool read_bone_keys_4x(Vector<BoneKeyframe>& keys, std::uint32_t frames, bool two);
    bool read_bone_keys_3x(Vector<BoneKeyframe>& keys, std::uint32_t frames, bool rotate);
    void read_attachment_timeline_type(DeformTimeline& tl);
    void read_sequence_keys(const Skin& skin, int slot, DeformTimeline& tl, std::size_t key_at);
    template <class C>
    void read_curve_4x(C& c, int channels) {  // as read_curve
        const std::uint8_t type = r_.peek_u8();
        if (type == 0 || type == 1) {
            r_.u8();
            c.type = type == 0 ? CurveType::Linear : CurveType::Stepped;
            return;
        }
        read_curve_4x_other(c, channels);
    }
    template <class C>
    void read_curve_4x_other(C& c, int channels);
    // every version
    void read_draw_order(Animation& a);
    void read_event_keys(Animation& a);

    // Helpers that validate as they read.
    // 3.8+: index into the shared strings; 3.7: a plain string. Inline: attachment keys, names and
    // paths and attachment keyframes each read one.
    OptString ref_string() {
        OptString s;
        ref_string(s);
        return s;
    }
    // The same into `out`, copied in place: a string returned and then moved into the model copies a
    // short string's characters twice. (So does string(): a plain string.)
    void ref_string(OptString& out) {
        if (v_ == Version::V37) return string(out);  // 3.7 has no shared string table
        const std::size_t at = r_.offset();
        const std::uint32_t i = r_.count("shared string index");
        if (i == 0) return out.reset();
        if (i > sd_.strings.size()) fail_string_index(at, i);
        out.emplace(sd_.strings[i - 1]);
    }
    void string(OptString& out) {
        if (const std::optional<std::string_view> v = r_.spine_string_view())
            out.emplace(*v);
        else
            out.reset();
    }
    [[noreturn]] void fail_string_index(std::size_t at, std::uint32_t i);
    // Inline: an index or a count precedes every element; only the failures are out of line.
    int index(std::size_t size, const char* what, const char* table) {  // varint+ index < size
        const std::size_t at = r_.offset();
        const std::int32_t v = r_.varint();
        if (v < 0 || static_cast<std::size_t>(v) >= size) fail_index(at, v, size, what, table);
        return v;
    }
    std::uint32_t count(std::size_t min_bytes_each, const char* what) {  // checked against bytes left
        const std::size_t at = r_.offset();
        const std::uint32_t n = r_.count(what);
        // n > remaining / m, as n * m > remaining: no division when m is not a constant (n < 2^31 and
        // m a few dozen bytes at most, so the product cannot overflow).
        if (std::uint64_t{n} * (min_bytes_each ? min_bytes_each : 1) > r_.remaining()) fail_count(at, n, what);
        return n;
    }
    [[noreturn]] void fail_index(std::size_t at, std::int32_t v, std::size_t size, const char* what, const char* table);
    [[noreturn]] void fail_count(std::size_t at, std::uint32_t n, const char* what);
    // A count (labelled `count_what`, e.g. "bone index count") then that many indices < size.
    Vector<int> index_list(std::size_t size, const char* what, const char* count_what, const char* table);
    std::uint32_t enum_value(std::uint32_t max, const char* what) {  // varint+ <= max (inline, as index)
        const std::size_t at = r_.offset();
        const std::int32_t v = r_.varint();
        if (v < 0 || static_cast<std::uint32_t>(v) > max) fail_enum_value(at, v, max, what);
        return static_cast<std::uint32_t>(v);
    }
    [[noreturn]] void fail_enum_value(std::size_t at, std::int32_t v, std::uint32_t max, const char* what);
    const Attachment* find_attachment(const Skin& skin, int slot, std::string_view key) const;
    const Attachment& deform_target(const Skin& skin, int slot, const OptString& key, std::size_t at);

    io::ByteReader r_;
    Version v_ = Version::V38;
    SkeletonData sd_;
    // Linked meshes seen while reading skins, resolved once every skin is known.
    struct PendingLink {
        std::size_t skin, slot_entry, attachment, at;  // indices into sd_.skins[..].slots[..].attachments, byte offset
        int parent_skin = -1;  // 4.2: the parent skin's index as stored (resolved to its name later)
    };
    int link_skin_ = -1;  // 4.2: parent skin index of the linked mesh just read
    std::vector<PendingLink> links_;
    // Scratch for weighted vertices (whose total size is known only after reading them), reused.
    std::vector<int> scratch_bones_;
    std::vector<float> scratch_values_;
};

// Whether the reader takes its fast paths (runs of keys, deform and IK keys included, weighted vertices
// and 4.2 mesh indices decoded straight from the bytes). On, except in the test that compares them with
// the checked loops.
inline bool skel_fast_paths = true;

// ---- Fast paths for the keys of a curve timeline (binary_animation_reader*.cpp) ----
// The keys decoded straight from the bytes with one bounds check per key, for timelines in their
// common form. They return false, with the reader not moved and `keys` left empty, at anything the
// checked loops would report (too few bytes, an unknown curve type, a NaN or infinity when refused):
// the checked loop then reads the timeline from its start and fails exactly as it always has.
// `fill(key, bytes, special)` sets a key's time and values from its `value_bytes` bytes, noting in
// `special` whether a float is NaN or infinite (Specials); a fill returning bool returns false at a
// value the checked loop refuses (fill_key). The other fast paths (deform and 4.x IK keys, mesh
// indices) follow the same rule: anything unusual, and the checked loop reads it all again.

// What a fast path accumulates to learn, once at its end, whether a float it decoded is NaN or
// infinite (any_special): ORed in, per float its exponent bits plus one, whose carry reaches the float's
// top bit only when they are all ones (bit 31; a pair decoded at once: bits 31 and 63), and the flag
// of ByteReader::big_endian_floats (bit 0). An add and an OR a float, no compare and flag per float.
using Specials = std::uint64_t;
inline bool any_special(Specials s) { return (s & 0x8000000080000001ull) != 0; }
inline float f32_at(const std::uint8_t* p, Specials& special) {
    const std::uint32_t u = (std::uint32_t{p[0]} << 24) | (std::uint32_t{p[1]} << 16) | (std::uint32_t{p[2]} << 8) | p[3];
    special |= (u & 0x7F800000u) + 0x00800000u;
    return std::bit_cast<float>(u);
}
// The two floats at `p` into `a` and `b`: one 8-byte load and byte swap (`a` in the high half).
inline void f32_pair_at(const std::uint8_t* p, float& a, float& b, Specials& special) {
    std::uint64_t v;
    std::memcpy(&v, p, 8);
    if constexpr (std::endian::native == std::endian::little) v = __builtin_bswap64(v);
    special |= (v & 0x7F8000007F800000ull) + 0x0080000000800000ull;
    a = std::bit_cast<float>(static_cast<std::uint32_t>(v >> 32));
    b = std::bit_cast<float>(static_cast<std::uint32_t>(v));
}
inline std::uint32_t u32_at(const std::uint8_t* p) {
    return (std::uint32_t{p[0]} << 24) | (std::uint32_t{p[1]} << 16) | (std::uint32_t{p[2]} << 8) | p[3];
}
// Whether one of the `n` floats at `values` is NaN or infinite (its exponent bits all ones): the OR over
// them of each one's exponent bits plus one, whose carry reaches the top bit only from all ones. With
// SSE2, 4 floats at a time.
inline bool any_not_finite(const float* values, std::size_t n) {
    std::size_t i = 0;
    std::uint32_t carries = 0;
#if defined(__SSE2__)
    const __m128i exponent = _mm_set1_epi32(0x7F800000), one = _mm_set1_epi32(0x00800000);
    __m128i acc = _mm_setzero_si128();
    for (; i + 4 <= n; i += 4) {
        const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(values + i));
        acc = _mm_or_si128(acc, _mm_add_epi32(_mm_and_si128(x, exponent), one));
    }
    if (_mm_movemask_ps(_mm_castsi128_ps(acc)) != 0) carries = 0x80000000u;  // (a lane's top bit)
#endif
    for (; i < n; ++i) carries |= (std::bit_cast<std::uint32_t>(values[i]) & 0x7F800000u) + 0x00800000u;
    return (carries & 0x80000000u) != 0;
}

// The end of every fast path: when `decoded`, the reader steps over the `used` bytes it decoded;
// otherwise `keys` is emptied and the reader left where it was, for the checked loop.
template <class Keys>
bool finish_keys(io::ByteReader& r, Keys& keys, bool decoded, std::ptrdiff_t used) {
    if (!decoded) {
        keys.clear();
        return false;
    }
    r.skip_checked(static_cast<std::size_t>(used));
    return true;
}

// Calls `fill`, which may return false for a value the checked loop would refuse (a boolean byte
// other than 0 or 1): then the fast path gives up. Fills that cannot refuse anything return void.
template <class Fill, class Key>
bool fill_key(Fill& fill, Key& k, const std::uint8_t* p, Specials& special) {
    if constexpr (std::is_same_v<decltype(fill(k, p, special)), bool>) {
        return fill(k, p, special);
    } else {
        fill(k, p, special);
        return true;
    }
}

// A varint+ of 1 to 4 bytes at `p` (before `end`) into `out`, stepping `p` over it; false (nothing
// moved) for a 5-byte one (the checked read handles those, negative values included) or one cut short.
inline bool varint_at(const std::uint8_t*& p, const std::uint8_t* end, std::uint32_t& out) {
    std::uint32_t value = 0;
    const std::uint8_t* q = p;
    for (int shift = 0; shift < 28; shift += 7) {
        if (q == end) return false;
        const std::uint8_t b = *q++;
        value |= static_cast<std::uint32_t>(b & 0x7F) << shift;
        if (!(b & 0x80)) {
            out = value;
            p = q;
            return true;
        }
    }
    return false;
}

// A curve at `p` (before `end`) into `c` (default-constructed; a Curve or a Curve2), stepping `p` over
// it: a type byte and, for a Bézier, 3.x: cx1, cy1, cx2, cy2; 4.x: `handles` floats (Curve::bezier).
// False (for the checked loop) at an unknown type or bytes cut short.
template <class C>
bool curve_3x_at(const std::uint8_t*& p, const std::uint8_t* end, C& c, Specials& special) {
    if (p == end) return false;
    const std::uint8_t type = *p;
    if (type == 2) {
        if (end - p < 17) return false;
        c.type = CurveType::Bezier;
        f32_pair_at(p + 1, c.cx1, c.cy1, special);
        f32_pair_at(p + 9, c.cx2, c.cy2, special);
        p += 17;
        return true;
    }
    if (type > 1) return false;
    if (type == 1) c.type = CurveType::Stepped;
    ++p;
    return true;
}
// (4.2 IK keys keep the type in their flags byte: bezier_4x_at reads the floats alone.)
template <class C>
bool bezier_4x_at(const std::uint8_t*& p, const std::uint8_t* end, C& c, std::size_t handles, Specials& special) {
    if (static_cast<std::size_t>(end - p) < 4 * handles) return false;
    c.type = CurveType::Bezier;
    c.bezier.resize_for_overwrite(handles);  // (every handle decoded next)
    special |= io::ByteReader::big_endian_floats(p, c.bezier.data(), handles);
    p += 4 * handles;
    return true;
}
template <class C>
bool curve_4x_at(const std::uint8_t*& p, const std::uint8_t* end, C& c, std::size_t handles, Specials& special) {
    if (p == end) return false;
    const std::uint8_t type = *p;
    if (type == 2) {
        ++p;
        if (bezier_4x_at(p, end, c, handles, special)) return true;
        --p;
        return false;
    }
    if (type > 1) return false;
    if (type == 1) c.type = CurveType::Stepped;
    ++p;
    return true;
}

// Fast path for a run of varints below `limit` (at most 128, so one byte each), such as mesh indices:
// copies them straight from the bytes into `out` (n at most) up to the first that is not, steps the
// reader over them and returns how many; the checked loop reads the rest (and fails as it always has).
// (With SSE2, 16 at a time while all 16 qualify: a byte from 128 has its top bit set, and one from
// `limit` on compares greater than limit - 1, as signed bytes both, which sets it too.)
inline std::size_t read_small_varints(io::ByteReader& r, std::uint16_t* out, std::size_t n, unsigned limit) {
    if (!skel_fast_paths) return 0;
    const std::uint8_t* p = r.cursor();
    n = std::min(n, r.remaining());
    std::size_t i = 0;
#if defined(__SSE2__)
    const __m128i below = _mm_set1_epi8(static_cast<char>(static_cast<int>(limit) - 1)), zero = _mm_setzero_si128();
    for (; i + 16 <= n; i += 16) {
        const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + i));
        if (_mm_movemask_epi8(_mm_or_si128(x, _mm_cmpgt_epi8(x, below))) != 0) break;
        _mm_storeu_si128(reinterpret_cast<__m128i*>(out + i), _mm_unpacklo_epi8(x, zero));
        _mm_storeu_si128(reinterpret_cast<__m128i*>(out + i + 8), _mm_unpackhi_epi8(x, zero));
    }
#endif
    while (i < n && p[i] < limit) {
        out[i] = p[i];
        ++i;
    }
    r.skip_checked(i);
    return i;
}

// The `n` big-endian 16-bit values at `p` (checked to be there) into `out`; returns the largest. (3.x
// mesh indices: checked against the vertex count after, from the largest.) With SSE2, 8 at a time: the
// bytes of each swapped by two shifts, the largest kept as a signed maximum of values biased by 0x8000.
inline unsigned big_endian_u16s(const std::uint8_t* p, std::uint16_t* out, std::size_t n) {
    unsigned largest = 0;
    std::size_t i = 0;
#if defined(__SSE2__)
    if (n >= 8) {
        const __m128i bias = _mm_set1_epi16(static_cast<short>(0x8000));
        __m128i top = _mm_set1_epi16(static_cast<short>(0x8000));  // biased 0
        for (; i + 8 <= n; i += 8) {
            const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 2 * i));
            const __m128i v = _mm_or_si128(_mm_slli_epi16(x, 8), _mm_srli_epi16(x, 8));
            _mm_storeu_si128(reinterpret_cast<__m128i*>(out + i), v);
            top = _mm_max_epi16(top, _mm_xor_si128(v, bias));
        }
        alignas(16) std::uint16_t lanes[8];
        _mm_store_si128(reinterpret_cast<__m128i*>(lanes), _mm_xor_si128(top, bias));
        for (const std::uint16_t x : lanes) largest = std::max<unsigned>(largest, x);
    }
#endif
    for (; i < n; ++i) {
        const std::uint16_t x = static_cast<std::uint16_t>((p[2 * i] << 8) | p[2 * i + 1]);
        out[i] = x;
        largest = std::max<unsigned>(largest, x);
    }
    return largest;
}

// A key's size and a curve's channel count as constants (kBytes<12>, kChannels<2>), for the timelines
// whose keys have one of a few fixed sizes: read_keys_3x/_4x take them as they take a std::size_t or
// an int, and with them the compiler unrolls the loops over a key's floats and keeps fewer values in
// registers. (Each size in a function of its own, read_bone_keys: two instances of the decoder in one
// function would no longer have the vector's emplace_back inlined.)
template <std::size_t N>
inline constexpr std::integral_constant<std::size_t, N> kBytes{};
template <int N>
inline constexpr std::integral_constant<int, N> kChannels{};

// 3.x: each key's values then, for every key but the last, its curve: a type byte (0 linear,
// 1 stepped, 2 Bézier) and for a Bézier its 4 floats (cx1, cy1, cx2, cy2). (`value_bytes`: a
// std::size_t or a kBytes constant.)
template <class Key, class Fill, class Bytes = std::size_t>
bool read_keys_3x(io::ByteReader& r, Vector<Key>& keys, std::uint32_t frames, Bytes value_bytes, Fill fill) {
    const std::uint8_t* const begin = r.cursor();
    const std::uint8_t* const end = begin + r.remaining();
    const std::uint8_t* p = begin;
    Specials special = 0;
    auto decode = [&] {
        if (!skel_fast_paths) return false;
        if (frames == 0) return true;
        // Every key's values and curve type byte, then 16 bytes more for each Bézier, taken from `spare`.
        const std::size_t least = frames * (value_bytes + 1) - 1;
        if (static_cast<std::size_t>(end - p) < least) return false;
        std::size_t spare = static_cast<std::size_t>(end - p) - least;
        keys.reserve(frames);
        for (std::uint32_t f = 0; f < frames; ++f) {
            Key& k = keys.emplace_back();
            if (!fill_key(fill, k, p, special)) return false;
            p += value_bytes;
            if (f + 1 == frames) break;
            const std::uint8_t type = *p++;
            if (type == 2) {
                if (spare < 16) return false;
                spare -= 16;
                auto& c = k.curve;  // (a Curve or a Curve2)
                c.type = CurveType::Bezier;
                f32_pair_at(p, c.cx1, c.cy1, special);
                f32_pair_at(p + 8, c.cx2, c.cy2, special);
                p += 16;
            } else if (type == 1) {
                k.curve.type = CurveType::Stepped;
            } else if (type != 0) {
                return false;
            }
        }
        return !(any_special(special) && r.refuses_non_finite());
    };
    const bool decoded = decode();  // (before `p - begin` is taken)
    return finish_keys(r, keys, decoded, p - begin);
}

// 4.x: each key's values then, from the second key on, the previous key's curve: a type byte and for
// a Bézier 4 floats per channel (Curve::bezier). (`value_bytes`, `channels`: std::size_t and int, or
// kBytes and kChannels constants.)
template <class Key, class Fill, class Bytes = std::size_t, class Channels = int>
bool read_keys_4x(io::ByteReader& r, Vector<Key>& keys, std::uint32_t frames, Bytes value_bytes, Channels channels, Fill fill) {
    const std::uint8_t* const begin = r.cursor();
    const std::uint8_t* const end = begin + r.remaining();
    const std::uint8_t* p = begin;
    const std::size_t handles = 4 * static_cast<std::size_t>(channels);
    Specials special = 0;
    auto decode = [&] {
        if (!skel_fast_paths) return false;
        if (frames == 0) return true;
        // Every key's values and curve type byte, then 4 bytes a handle for each Bézier, taken from `spare`.
        const std::size_t least = frames * (value_bytes + 1) - 1;
        if (static_cast<std::size_t>(end - p) < least) return false;
        std::size_t spare = static_cast<std::size_t>(end - p) - least;
        keys.reserve(frames);
        for (std::uint32_t f = 0; f < frames; ++f) {
            if (!fill_key(fill, keys.emplace_back(), p, special)) return false;
            p += value_bytes;
            if (f == 0) continue;
            const std::uint8_t type = *p++;
            if (type == 2) {
                if (spare < 4 * handles) return false;
                spare -= 4 * handles;
                auto& c = keys[f - 1].curve;  // (a Curve or a Curve2)
                c.type = CurveType::Bezier;
                c.bezier.resize_for_overwrite(handles);  // (every handle decoded next)
                special |= io::ByteReader::big_endian_floats(p, c.bezier.data(), handles);
                p += 4 * handles;
            } else if (type == 1) {
                keys[f - 1].curve.type = CurveType::Stepped;
            } else if (type != 0) {
                return false;
            }
        }
        return !(any_special(special) && r.refuses_non_finite());
    };
    const bool decoded = decode();  // (before `p - begin` is taken)
    return finish_keys(r, keys, decoded, p - begin);
}

}  // namespace rigio::spine::detail
