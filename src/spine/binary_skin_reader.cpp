// Spine .skel reader (3.7 to 4.2): skins and attachments (mirrored by binary_skin_writer.cpp).
// 4.2 packs an attachment's optional fields behind one flags byte (read_attachment_42); the older
// versions store every field, with branches for what each added (4.1: sequences).
#include <algorithm>
#include <span>
#include <string>

#include "rigio/spine/binary.hpp"
#include "skel_reader.hpp"

namespace rigio::spine::detail {

using io::ByteReader;

void SkelReader::read_skins() {
    Skin def;
    {
        ByteReader::Scope s(r_, "default skin");
        def.name = "default";
        read_skin_slots(def, 0);
    }
    // The default skin is kept aside until the named skins' count is read, so that the skin list is
    // allocated once at its final size.
    std::uint32_t n = count(v_ == Version::V37 ? 2 : 6, "skin count");
    sd_.has_default_skin = !def.slots.empty();
    sd_.skins.reserve(n + (sd_.has_default_skin ? 1 : 0));
    if (sd_.has_default_skin) sd_.skins.push_back(std::move(def));
    for (std::uint32_t i = 0; i < n; ++i) {
        ByteReader::Scope s(r_, "skin", i);
        Skin skin;
        if (at_least(Version::V42)) {
            string(skin.name);
            if (sd_.header.nonessential) skin.color = r_.u32_be();
        } else {
            ref_string(skin.name);
        }
        if (at_least(Version::V38)) {
            skin.bones = index_list(sd_.bones.size(), "bone index", "bone index count", "bones");
            skin.ik = index_list(sd_.ik.size(), "IK constraint index", "IK constraint index count", "IK constraints");
            skin.transform = index_list(sd_.transform.size(), "transform constraint index", "transform constraint index count", "transform constraints");
            skin.path = index_list(sd_.path.size(), "path constraint index", "path constraint index count", "path constraints");
            if (at_least(Version::V42))
                skin.physics = index_list(sd_.physics.size(), "physics constraint index", "physics constraint index count", "physics constraints");
        }
        read_skin_slots(skin, sd_.skins.size());
        sd_.skins.push_back(std::move(skin));
    }
}

void SkelReader::read_skin_slots(Skin& skin, std::size_t skin_index) {
    std::uint32_t n = count(2, "skin slot count");
    skin.slots.resize(n);
    for (std::uint32_t i = 0; i < n; ++i) {
        SkinSlot& ss = skin.slots[i];
        ss.slot = index(sd_.slots.size(), "slot index", "slots");
        ByteReader::Scope s(r_, "slot", -1, &sd_.slots[ss.slot].name);
        std::uint32_t m = count(3, "attachment count");
        ss.attachments.resize(m);
        for (std::uint32_t j = 0; j < m; ++j) {
            SkinAttachment& sa = ss.attachments[j];
            ref_string(sa.key);
            ByteReader::Scope sk(r_, "attachment", j, &sa.key);
            std::size_t at = r_.offset();
            link_skin_ = -1;
            // Filled in place (the entry was just default-constructed): no temporary to move.
            if (at_least(Version::V42))
                read_attachment_42(sa.attachment);
            else
                read_attachment(sa.attachment);
            if (sa.attachment.type == AttachmentType::LinkedMesh) links_.push_back({skin_index, i, j, at, link_skin_});
        }
    }
}

void SkelReader::read_attachment(Attachment& a) {
    const bool nonessential = sd_.header.nonessential;
    ref_string(a.name);
    std::size_t type_at = r_.offset();
    std::uint8_t type = r_.u8();
    if (type > static_cast<std::uint8_t>(AttachmentType::Clipping)) {
        r_.fail_at(type_at, "unknown attachment type " + std::to_string(type) + " (expected 0 to 6)");
    }
    a.type = static_cast<AttachmentType>(type);
    switch (a.type) {
        case AttachmentType::Region:
            ref_string(a.path);
            r_.f32_be_into(a.rotation, a.x, a.y, a.scale_x, a.scale_y, a.width, a.height);  // (one bounds check)
            a.color = r_.u32_be();
            if (at_least(Version::V41)) a.sequence = read_sequence();
            break;
        case AttachmentType::BoundingBox: {
            int v = static_cast<int>(count(1, "vertex count"));
            read_vertices(a.vertices, v);
            if (nonessential) a.color = r_.u32_be();
            break;
        }
        case AttachmentType::Mesh: {
            ref_string(a.path);
            a.color = r_.u32_be();
            int v = static_cast<int>(count(8, "vertex count"));
            r_.f32_be_vector(a.uvs, static_cast<std::size_t>(v) * 2);
            std::uint32_t t = count(2, "triangle index count");
            a.triangles.resize(t);
            {
                // The count check leaves 2 bytes per index: read them as one block (index i at start + 2i),
                // without a branch per index: the largest is checked after, and the first out of range reported.
                const std::size_t start = r_.offset();
                const auto* p = reinterpret_cast<const std::uint8_t*>(r_.bytes(2 * std::size_t{t}).data());
                std::uint16_t* out = a.triangles.data();
                const unsigned largest = big_endian_u16s(p, out, t);
                for (std::size_t i = 0; largest >= static_cast<unsigned>(v) && i < t; ++i) {
                    const std::uint16_t x = out[i];
                    if (x >= v) r_.fail_at(start + 2 * i, "triangle vertex index " + std::to_string(x) + " out of range (" + std::to_string(v) + " vertices)");
                }
            }
            read_vertices(a.vertices, v);
            std::size_t hull_at = r_.offset();
            a.hull = r_.varint();
            if (a.hull < 0 || a.hull > v) r_.fail_at(hull_at, "hull length " + std::to_string(a.hull) + " out of range (" + std::to_string(v) + " vertices)");
            if (at_least(Version::V41)) a.sequence = read_sequence();
            if (nonessential) {
                std::uint32_t e = count(2, "edge index count");
                a.edges.resize(e);
                const auto* p = reinterpret_cast<const std::uint8_t*>(r_.bytes(2 * std::size_t{e}).data());  // (checked by count)
                big_endian_u16s(p, a.edges.data(), e);
                r_.f32_be_into(a.width, a.height);
            }
            break;
        }
        case AttachmentType::LinkedMesh:
            ref_string(a.path);
            a.color = r_.u32_be();
            ref_string(a.parent_skin);
            ref_string(a.parent);
            a.deform = r_.boolean();
            if (at_least(Version::V41)) a.sequence = read_sequence();
            if (nonessential) {
                r_.f32_be_into(a.width, a.height);
            }
            break;
        case AttachmentType::Path: {
            a.closed = r_.boolean();
            a.constant_speed = r_.boolean();
            int v = static_cast<int>(count(1, "vertex count"));
            read_vertices(a.vertices, v);
            r_.check_count(static_cast<std::size_t>(v / 3), 4, "path length");
            r_.f32_be_vector(a.lengths, static_cast<std::size_t>(v / 3));
            if (nonessential) a.color = r_.u32_be();
            break;
        }
        case AttachmentType::Point:
            r_.f32_be_into(a.rotation, a.x, a.y);
            if (nonessential) a.color = r_.u32_be();
            break;
        case AttachmentType::Clipping: {
            a.end_slot = index(sd_.slots.size(), "end slot index", "slots");
            int v = static_cast<int>(count(1, "vertex count"));
            read_vertices(a.vertices, v);
            if (nonessential) a.color = r_.u32_be();
            break;
        }
    }
}

std::optional<Sequence> SkelReader::read_sequence() {
    if (!r_.boolean()) return std::nullopt;
    return read_sequence_fields();
}

Sequence SkelReader::read_sequence_fields() {
    ByteReader::Scope s(r_, "sequence");
    Sequence q;
    q.count = static_cast<int>(count(1, "sequence region count"));
    q.start = r_.varint();
    q.digits = r_.varint();
    std::size_t at = r_.offset();
    q.setup_index = r_.varint();
    if (q.setup_index < 0 || (q.count > 0 && q.setup_index >= q.count))
        r_.fail_at(at, "sequence setup index " + std::to_string(q.setup_index) + " out of range (" + std::to_string(q.count) + " regions)");
    return q;
}

// 4.2: one flags byte says the type (bits 0-2), whether a name differing from the key follows (bit 3)
// and, per type, which optional fields follow (bits 4-7); absent fields keep their defaults.
void SkelReader::read_attachment_42(Attachment& a) {
    const bool nonessential = sd_.header.nonessential;
    std::size_t flags_at = r_.offset();
    const std::uint8_t f = r_.u8();
    const std::uint8_t type = f & 7;
    if (type > static_cast<std::uint8_t>(AttachmentType::Clipping))
        r_.fail_at(flags_at, "unknown attachment type " + std::to_string(type) + " (expected 0 to 6)");
    a.type = static_cast<AttachmentType>(type);
    if (f & 8) ref_string(a.name);
    auto read_vertex_block = [&](bool weighted) {
        int v = static_cast<int>(count(1, "vertex count"));
        read_vertices(a.vertices, v, weighted ? 1 : 0);
        return v;
    };
    switch (a.type) {
        case AttachmentType::Region:
            if (f & 16) ref_string(a.path);
            if (f & 32) a.color = r_.u32_be();
            if (f & 64) a.sequence = read_sequence_fields();
            if (f & 128) a.rotation = r_.f32_be();
            r_.f32_be_into(a.x, a.y, a.scale_x, a.scale_y, a.width, a.height);
            break;
        case AttachmentType::BoundingBox:
            read_vertex_block(f & 16);
            if (nonessential) a.color = r_.u32_be();
            break;
        case AttachmentType::Mesh: {
            if (f & 16) ref_string(a.path);
            if (f & 32) a.color = r_.u32_be();
            if (f & 64) a.sequence = read_sequence_fields();
            std::size_t hull_at = r_.offset();
            a.hull = r_.varint();
            int v = read_vertex_block(f & 128);
            if (a.hull < 0 || a.hull > v) r_.fail_at(hull_at, "hull length " + std::to_string(a.hull) + " out of range (" + std::to_string(v) + " vertices)");
            r_.check_count(static_cast<std::size_t>(v) * 2, 4, "UV");
            r_.f32_be_vector(a.uvs, static_cast<std::size_t>(v) * 2);
            // The triangle count is not stored: a mesh of V vertices with H on the hull has 2V - H - 2.
            long tri = (2L * v - a.hull - 2) * 3;
            if (tri < 0) r_.fail_at(hull_at, "mesh with " + std::to_string(v) + " vertices and hull " + std::to_string(a.hull) + " has no triangles");
            r_.check_count(static_cast<std::size_t>(tri), 1, "triangle index");
            a.triangles.resize(static_cast<std::size_t>(tri));
            // Fast path: one-byte indices (below 128 and the vertex count); the checked loop from the first other one.
            const std::size_t first = read_small_varints(r_, a.triangles.data(), a.triangles.size(), std::min(static_cast<unsigned>(v), 0x80u));
            for (auto& x : std::span(a.triangles).subspan(first)) {
                std::size_t at = r_.offset();
                std::int32_t t = r_.varint();
                if (t < 0 || t >= v) r_.fail_at(at, "triangle vertex index " + std::to_string(t) + " out of range (" + std::to_string(v) + " vertices)");
                x = static_cast<std::uint16_t>(t);
            }
            if (nonessential) {
                std::uint32_t e = count(1, "edge index count");
                a.edges.resize(e);
                // Fast path: one-byte indices, as the triangles' (edges are not checked against the vertex count).
                const std::size_t first_edge = read_small_varints(r_, a.edges.data(), e, 0x80u);
                for (auto& x : std::span(a.edges).subspan(first_edge)) x = static_cast<std::uint16_t>(r_.varint());
                r_.f32_be_into(a.width, a.height);
            }
            break;
        }
        case AttachmentType::LinkedMesh: {
            if (f & 16) ref_string(a.path);
            if (f & 32) a.color = r_.u32_be();
            if (f & 64) a.sequence = read_sequence_fields();
            a.deform = f & 128;
            std::size_t at = r_.offset();
            int skin = r_.varint();
            if (skin < 0) r_.fail_at(at, "parent skin index " + std::to_string(skin) + " is negative");
            link_skin_ = skin;
            ref_string(a.parent);
            if (nonessential) {
                r_.f32_be_into(a.width, a.height);
            }
            break;
        }
        case AttachmentType::Path: {
            a.closed = f & 16;
            a.constant_speed = f & 32;
            int v = read_vertex_block(f & 64);
            r_.check_count(static_cast<std::size_t>(v / 3), 4, "path length");
            r_.f32_be_vector(a.lengths, static_cast<std::size_t>(v / 3));
            if (nonessential) a.color = r_.u32_be();
            break;
        }
        case AttachmentType::Point:
            r_.f32_be_into(a.rotation, a.x, a.y);
            if (nonessential) a.color = r_.u32_be();
            break;
        case AttachmentType::Clipping:
            a.end_slot = index(sd_.slots.size(), "end slot index", "slots");
            read_vertex_block(f & 16);
            if (nonessential) a.color = r_.u32_be();
            break;
    }
}

void SkelReader::read_vertices(Vertices& v, int count_, int weighted) {
    v.count = count_;
    v.weighted = weighted < 0 ? r_.boolean() : weighted != 0;
    const std::size_t n = static_cast<std::size_t>(count_);
    if (!v.weighted) {
        r_.check_count(n, 8, "vertex");
        r_.f32_be_vector(v.values, n * 2);
        return;
    }
    r_.check_count(n, 1, "weighted vertex");
    if (read_weighted_fast(v, n)) return;
    // The influence count is known only once every vertex is read: collect into the reader's scratch
    // arrays (grown once per file), then copy into exactly sized arrays (one allocation each).
    // Their sizes only grow (used: what this attachment filled), so that an influence costs no resize call;
    // they start at 1024 influences (16 KB), which holds most files' largest mesh at once.
    constexpr std::size_t kFirstInfluences = 1024;
    std::vector<int>& bones = scratch_bones_;
    std::vector<float>& values = scratch_values_;
    std::size_t bones_used = 0, values_used = 0;
    const std::size_t bone_count = sd_.bones.size();  // (read once, not per influence)
    for (std::size_t i = 0; i < n; ++i) {
        const std::uint32_t influences = count(13, "vertex bone count");  // (so at most the bytes left / 13)
        if (bones.size() < bones_used + 1 + influences)
            bones.resize(std::max({bones.size() * 2, bones_used + 1 + influences, kFirstInfluences}));
        if (values.size() < values_used + 3 * std::size_t{influences})
            values.resize(std::max({values.size() * 2, values_used + 3 * std::size_t{influences}, 3 * kFirstInfluences}));
        bones[bones_used++] = static_cast<int>(influences);
        for (std::uint32_t j = 0; j < influences; ++j) {
            bones[bones_used++] = index(bone_count, "vertex bone index", "bones");
            float* xyw = values.data() + values_used;
            r_.f32_be_into(xyw[0], xyw[1], xyw[2]);  // x, y, weight
            values_used += 3;
        }
    }
    v.bones.assign(bones.data(), bones.data() + bones_used);
    v.values.assign(values.data(), values.data() + values_used);
}

// Fast path for weighted vertices in their common form: every influence count and bone index one
// varint byte (below 128), every index in range, every float finite and every byte there. A first pass
// over the counts and indices checks that and sizes the arrays exactly; a second fills them straight
// from the bytes. Anything else returns false with the reader not moved, for the checked loop to read
// (and fail) as it always has.
// A vertex of at most 4 influences (nearly all) takes no branch on its count, which varies from vertex
// to vertex and would be mispredicted: the first pass tests the first 4 index bytes and keeps the result
// for the vertex's own; the second decodes 4 influences and steps over the vertex's own, the others
// being written again by the vertices after (so only while 4 influences are left to write: the tail,
// longer vertices and the last bytes of the data take the loops). The floats are then checked for NaN
// and infinity all at once (any_not_finite).
bool SkelReader::read_weighted_fast(Vertices& v, std::size_t n) {
    if (!skel_fast_paths) return false;
    const std::uint8_t* const begin = r_.cursor();
    const std::uint8_t* const end = begin + r_.remaining();
    const std::size_t index_limit = std::min<std::size_t>(sd_.bones.size(), 0x80);  // one-byte indices in range
    constexpr std::size_t kInfluenceBytes = 13;                // bone index (one byte here), x, y, weight
    constexpr std::size_t kWindow = 1 + 4 * kInfluenceBytes;  // a count and 4 influences
    std::size_t influences = 0;
    const std::uint8_t* p = begin;
    for (std::size_t i = 0; i < n; ++i) {
        if (static_cast<std::size_t>(end - p) >= kWindow && p[0] <= 4) {
            const std::size_t c = p[0];  // (its c * 13 bytes are there: kWindow)
            const bool bad = (c > 0) & (p[1] >= index_limit), bad1 = (c > 1) & (p[1 + kInfluenceBytes] >= index_limit),
                       bad2 = (c > 2) & (p[1 + 2 * kInfluenceBytes] >= index_limit), bad3 = (c > 3) & (p[1 + 3 * kInfluenceBytes] >= index_limit);
            if (bad | bad1 | bad2 | bad3) return false;
            p += 1 + c * kInfluenceBytes;
            influences += c;
            continue;
        }
        if (p == end) return false;
        const std::size_t c = *p++;
        if (c >= 0x80 || c * kInfluenceBytes > static_cast<std::size_t>(end - p)) return false;
        for (std::size_t j = 0; j < c; ++j)
            if (p[j * kInfluenceBytes] >= index_limit) return false;
        p += c * kInfluenceBytes;
        influences += c;
    }
    v.bones.resize(n + influences);
    v.values.resize(3 * influences);
    int* bones = v.bones.data();
    float* values = v.values.data();
    std::size_t left = influences;  // influences not yet written
    for (const std::uint8_t* q = begin; q != p;) {
        const std::uint8_t c = *q;
        if (c <= 4 && left >= 4 && static_cast<std::size_t>(end - q) >= kWindow) {
            bones[0] = c;
            for (std::size_t j = 0; j < 4; ++j) {
                const std::uint8_t* const in = q + 1 + j * kInfluenceBytes;
                bones[1 + j] = in[0];
                ByteReader::big_endian_floats(in + 1, values + 3 * j, 3);  // x, y, weight (checked below)
            }
            q += 1 + std::size_t{c} * kInfluenceBytes;
            bones += 1 + c;
            values += 3 * std::size_t{c};
            left -= c;
            continue;
        }
        ++q;
        *bones++ = c;
        // (counted by c: a loop to `q + 13 * c` would have its trip count computed by a division by 13)
        for (unsigned j = c; j != 0; --j, q += kInfluenceBytes, values += 3) {
            *bones++ = q[0];
            ByteReader::big_endian_floats(q + 1, values, 3);  // x, y, weight (checked below)
        }
        left -= c;
    }
    if (r_.refuses_non_finite() && any_not_finite(v.values.data(), v.values.size())) return false;  // (the checked loop fails at the first)
    r_.skip_checked(static_cast<std::size_t>(p - begin));
    return true;
}

}  // namespace rigio::spine::detail
