// Spine 3.8 .skel reader: header, setup pose, constraints, skins, attachments and events.
// Field order follows ../shared/notes/spine-3.8-binary.md (the corrected layout), and
// binary_writer.cpp mirrors every function here in the same order.
#include <string>

#include "rigio/spine/binary.hpp"
#include "skel_reader.hpp"

namespace rigio::spine {

using io::ByteReader;

namespace detail {

// ---- validating helpers ----

OptString SkelReader::ref_string() {
    std::size_t at = r_.offset();
    std::uint32_t i = r_.count("shared string index");
    if (i == 0) return std::nullopt;
    if (i > sd_.strings.size()) {
        r_.fail_at(at, "shared string index " + std::to_string(i - 1) + " out of range (" +
                           std::to_string(sd_.strings.size()) + " shared strings)");
    }
    return sd_.strings[i - 1];
}

int SkelReader::index(std::size_t size, const char* what, const char* table) {
    std::size_t at = r_.offset();
    std::int32_t v = r_.varint();
    if (v < 0 || static_cast<std::size_t>(v) >= size) {
        r_.fail_at(at, std::string(what) + " " + std::to_string(v) + " out of range (" + std::to_string(size) + " " +
                           table + ")");
    }
    return v;
}

std::uint32_t SkelReader::count(std::size_t min_bytes_each, const char* what) {
    std::size_t at = r_.offset();
    std::uint32_t n = r_.count(what);
    if (n > r_.remaining() / (min_bytes_each ? min_bytes_each : 1)) {
        r_.fail_at(at, std::string(what) + " " + std::to_string(n) + " is more than the " +
                           std::to_string(r_.remaining()) + " bytes left could hold");
    }
    return n;
}

std::vector<int> SkelReader::index_list(std::size_t size, const char* what, const char* table) {
    std::uint32_t n = count(1, (std::string(what) + " count").c_str());
    std::vector<int> out;
    out.reserve(n);
    for (std::uint32_t i = 0; i < n; ++i) out.push_back(index(size, what, table));
    return out;
}

std::uint32_t SkelReader::enum_value(std::uint32_t max, const char* what) {
    std::size_t at = r_.offset();
    std::int32_t v = r_.varint();
    if (v < 0 || static_cast<std::uint32_t>(v) > max) {
        r_.fail_at(at, std::string("unknown ") + what + " " + std::to_string(v) + " (expected 0 to " +
                           std::to_string(max) + ")");
    }
    return static_cast<std::uint32_t>(v);
}

// ---- the file, in order ----

SkeletonData SkelReader::read() {
    read_header();
    read_bones();
    read_slots();
    read_ik();
    read_transform();
    read_path();
    read_skins();
    read_events();
    std::uint32_t n = count(4, "animation count");
    sd_.animations.reserve(n);
    for (std::uint32_t i = 0; i < n; ++i) {
        sd_.animations.push_back(read_animation(i));
    }
    if (!r_.at_end()) r_.fail(std::to_string(r_.remaining()) + " unexpected bytes after the last animation");
    resolve_linked_meshes();
    return std::move(sd_);
}

void SkelReader::read_header() {
    ByteReader::Scope s(r_, "header");
    Header& h = sd_.header;
    h.hash = r_.spine_string();
    std::size_t version_at = r_.offset();
    h.version = r_.spine_string();
    const std::string v = h.version.value_or("");
    if (v == "3.8.75") {
        r_.fail_at(version_at, "version 3.8.75 was an incompatible pre-release of the 3.8 format: re-export it with a 3.8 release");
    }
    if (v.rfind("3.8.", 0) != 0 && v != "3.8") {
        r_.fail_at(version_at, "unsupported Spine version \"" + v.substr(0, 40) + "\" (rigio reads Spine 3.8 binary data)");
    }
    h.x = r_.f32_be();
    h.y = r_.f32_be();
    h.width = r_.f32_be();
    h.height = r_.f32_be();
    h.nonessential = r_.boolean();
    if (h.nonessential) {
        h.fps = r_.f32_be();
        h.images = r_.spine_string();
        h.audio = r_.spine_string();
    }
    std::uint32_t n = count(1, "shared string count");
    sd_.strings.reserve(n);
    for (std::uint32_t i = 0; i < n; ++i) {
        ByteReader::Scope si(r_, "shared string", i);
        sd_.strings.push_back(r_.spine_string().value_or(std::string()));
    }
}

void SkelReader::read_bones() {
    std::uint32_t n = count(35, "bone count");
    sd_.bones.resize(n);
    for (std::uint32_t i = 0; i < n; ++i) {
        Bone& b = sd_.bones[i];
        ByteReader::Scope s(r_, "bone", i);
        b.name = r_.spine_string();
        if (i > 0) b.parent = index(i, "parent bone index", "bones before it");
        b.rotation = r_.f32_be();
        b.x = r_.f32_be();
        b.y = r_.f32_be();
        b.scale_x = r_.f32_be();
        b.scale_y = r_.f32_be();
        b.shear_x = r_.f32_be();
        b.shear_y = r_.f32_be();
        b.length = r_.f32_be();
        b.transform = static_cast<TransformMode>(enum_value(4, "transform mode"));
        b.skin_required = r_.boolean();
        if (sd_.header.nonessential) b.color = r_.u32_be();
    }
}

void SkelReader::read_slots() {
    std::uint32_t n = count(12, "slot count");
    sd_.slots.resize(n);
    for (std::uint32_t i = 0; i < n; ++i) {
        Slot& sl = sd_.slots[i];
        ByteReader::Scope s(r_, "slot", i);
        sl.name = r_.spine_string();
        sl.bone = index(sd_.bones.size(), "bone index", "bones");
        sl.color = r_.u32_be();
        std::uint32_t dark = r_.u32_be();
        if (dark != 0xFFFFFFFFu) sl.dark = dark;
        sl.attachment = ref_string();
        sl.blend = static_cast<BlendMode>(enum_value(3, "blend mode"));
    }
}

void SkelReader::read_ik() {
    std::uint32_t n = count(16, "IK constraint count");
    sd_.ik.resize(n);
    for (std::uint32_t i = 0; i < n; ++i) {
        IkConstraint& c = sd_.ik[i];
        ByteReader::Scope s(r_, "IK constraint", i);
        c.name = r_.spine_string();
        c.order = r_.varint();
        c.skin_required = r_.boolean();
        c.bones = index_list(sd_.bones.size(), "bone index", "bones");
        c.target = index(sd_.bones.size(), "target bone index", "bones");
        c.mix = r_.f32_be();
        c.softness = r_.f32_be();
        c.bend_direction = r_.i8();
        c.compress = r_.boolean();
        c.stretch = r_.boolean();
        c.uniform = r_.boolean();
    }
}

void SkelReader::read_transform() {
    std::uint32_t n = count(45, "transform constraint count");
    sd_.transform.resize(n);
    for (std::uint32_t i = 0; i < n; ++i) {
        TransformConstraint& c = sd_.transform[i];
        ByteReader::Scope s(r_, "transform constraint", i);
        c.name = r_.spine_string();
        c.order = r_.varint();
        c.skin_required = r_.boolean();
        c.bones = index_list(sd_.bones.size(), "bone index", "bones");
        c.target = index(sd_.bones.size(), "target bone index", "bones");
        c.local = r_.boolean();
        c.relative = r_.boolean();
        c.offset_rotation = r_.f32_be();
        c.offset_x = r_.f32_be();
        c.offset_y = r_.f32_be();
        c.offset_scale_x = r_.f32_be();
        c.offset_scale_y = r_.f32_be();
        c.offset_shear_y = r_.f32_be();
        c.rotate_mix = r_.f32_be();
        c.translate_mix = r_.f32_be();
        c.scale_mix = r_.f32_be();
        c.shear_mix = r_.f32_be();
    }
}

void SkelReader::read_path() {
    std::uint32_t n = count(28, "path constraint count");
    sd_.path.resize(n);
    for (std::uint32_t i = 0; i < n; ++i) {
        PathConstraint& c = sd_.path[i];
        ByteReader::Scope s(r_, "path constraint", i);
        c.name = r_.spine_string();
        c.order = r_.varint();
        c.skin_required = r_.boolean();
        c.bones = index_list(sd_.bones.size(), "bone index", "bones");
        c.target = index(sd_.slots.size(), "target slot index", "slots");
        c.position_mode = static_cast<PositionMode>(enum_value(1, "position mode"));
        c.spacing_mode = static_cast<SpacingMode>(enum_value(2, "spacing mode"));
        c.rotate_mode = static_cast<RotateMode>(enum_value(2, "rotate mode"));
        c.offset_rotation = r_.f32_be();
        c.position = r_.f32_be();
        c.spacing = r_.f32_be();
        c.rotate_mix = r_.f32_be();
        c.translate_mix = r_.f32_be();
    }
}

// ---- skins and attachments ----

void SkelReader::read_skins() {
    {
        ByteReader::Scope s(r_, "default skin");
        Skin def;
        def.name = "default";
        read_skin_slots(def, 0);
        if (!def.slots.empty()) {
            sd_.has_default_skin = true;
            sd_.skins.push_back(std::move(def));
        }
    }
    std::uint32_t n = count(6, "skin count");
    sd_.skins.reserve(sd_.skins.size() + n);
    for (std::uint32_t i = 0; i < n; ++i) {
        ByteReader::Scope s(r_, "skin", i);
        Skin skin;
        skin.name = ref_string();
        skin.bones = index_list(sd_.bones.size(), "bone index", "bones");
        skin.ik = index_list(sd_.ik.size(), "IK constraint index", "IK constraints");
        skin.transform = index_list(sd_.transform.size(), "transform constraint index", "transform constraints");
        skin.path = index_list(sd_.path.size(), "path constraint index", "path constraints");
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
        ByteReader::Scope s(r_, "slot", -1, sd_.slots[ss.slot].name ? &*sd_.slots[ss.slot].name : nullptr);
        std::uint32_t m = count(3, "attachment count");
        ss.attachments.resize(m);
        for (std::uint32_t j = 0; j < m; ++j) {
            SkinAttachment& sa = ss.attachments[j];
            sa.key = ref_string();
            ByteReader::Scope sk(r_, "attachment", j, sa.key ? &*sa.key : nullptr);
            std::size_t at = r_.offset();
            sa.attachment = read_attachment();
            if (sa.attachment.type == AttachmentType::LinkedMesh) links_.push_back({skin_index, i, j, at});
        }
    }
}

Attachment SkelReader::read_attachment() {
    Attachment a;
    const bool nonessential = sd_.header.nonessential;
    a.name = ref_string();
    std::size_t type_at = r_.offset();
    std::uint8_t type = r_.u8();
    if (type > static_cast<std::uint8_t>(AttachmentType::Clipping)) {
        r_.fail_at(type_at, "unknown attachment type " + std::to_string(type) + " (expected 0 to 6)");
    }
    a.type = static_cast<AttachmentType>(type);
    switch (a.type) {
        case AttachmentType::Region:
            a.path = ref_string();
            a.rotation = r_.f32_be();
            a.x = r_.f32_be();
            a.y = r_.f32_be();
            a.scale_x = r_.f32_be();
            a.scale_y = r_.f32_be();
            a.width = r_.f32_be();
            a.height = r_.f32_be();
            a.color = r_.u32_be();
            break;
        case AttachmentType::BoundingBox: {
            int v = static_cast<int>(count(1, "vertex count"));
            a.vertices = read_vertices(v);
            if (nonessential) a.color = r_.u32_be();
            break;
        }
        case AttachmentType::Mesh: {
            a.path = ref_string();
            a.color = r_.u32_be();
            int v = static_cast<int>(count(8, "vertex count"));
            a.uvs.resize(static_cast<std::size_t>(v) * 2);
            for (float& f : a.uvs) f = r_.f32_be();
            std::uint32_t t = count(2, "triangle index count");
            a.triangles.resize(t);
            for (auto& x : a.triangles) {
                std::size_t at = r_.offset();
                x = r_.u16_be();
                if (x >= v) r_.fail_at(at, "triangle vertex index " + std::to_string(x) + " out of range (" + std::to_string(v) + " vertices)");
            }
            a.vertices = read_vertices(v);
            std::size_t hull_at = r_.offset();
            a.hull = r_.varint();
            if (a.hull < 0 || a.hull > v) r_.fail_at(hull_at, "hull length " + std::to_string(a.hull) + " out of range (" + std::to_string(v) + " vertices)");
            if (nonessential) {
                std::uint32_t e = count(2, "edge index count");
                a.edges.resize(e);
                for (auto& x : a.edges) x = r_.u16_be();
                a.width = r_.f32_be();
                a.height = r_.f32_be();
            }
            break;
        }
        case AttachmentType::LinkedMesh:
            a.path = ref_string();
            a.color = r_.u32_be();
            a.parent_skin = ref_string();
            a.parent = ref_string();
            a.deform = r_.boolean();
            if (nonessential) {
                a.width = r_.f32_be();
                a.height = r_.f32_be();
            }
            break;
        case AttachmentType::Path: {
            a.closed = r_.boolean();
            a.constant_speed = r_.boolean();
            int v = static_cast<int>(count(1, "vertex count"));
            a.vertices = read_vertices(v);
            a.lengths.resize(static_cast<std::size_t>(v / 3));
            r_.check_count(a.lengths.size(), 4, "path length");
            for (float& f : a.lengths) f = r_.f32_be();
            if (nonessential) a.color = r_.u32_be();
            break;
        }
        case AttachmentType::Point:
            a.rotation = r_.f32_be();
            a.x = r_.f32_be();
            a.y = r_.f32_be();
            if (nonessential) a.color = r_.u32_be();
            break;
        case AttachmentType::Clipping: {
            a.end_slot = index(sd_.slots.size(), "end slot index", "slots");
            int v = static_cast<int>(count(1, "vertex count"));
            a.vertices = read_vertices(v);
            if (nonessential) a.color = r_.u32_be();
            break;
        }
    }
    return a;
}

Vertices SkelReader::read_vertices(int count_) {
    Vertices v;
    v.count = count_;
    v.weighted = r_.boolean();
    const std::size_t n = static_cast<std::size_t>(count_);
    if (!v.weighted) {
        r_.check_count(n, 8, "vertex");
        v.values.resize(n * 2);
        for (float& f : v.values) f = r_.f32_be();
        return v;
    }
    r_.check_count(n, 1, "weighted vertex");
    v.bones.reserve(n * 2);
    v.values.reserve(n * 3);
    for (std::size_t i = 0; i < n; ++i) {
        std::uint32_t influences = count(13, "vertex bone count");
        v.bones.push_back(static_cast<int>(influences));
        for (std::uint32_t j = 0; j < influences; ++j) {
            v.bones.push_back(index(sd_.bones.size(), "vertex bone index", "bones"));
            v.values.push_back(r_.f32_be());
            v.values.push_back(r_.f32_be());
            v.values.push_back(r_.f32_be());
        }
    }
    return v;
}

void SkelReader::read_events() {
    std::uint32_t n = count(7, "event count");
    sd_.events.resize(n);
    for (std::uint32_t i = 0; i < n; ++i) {
        EventData& e = sd_.events[i];
        ByteReader::Scope s(r_, "event", i);
        e.name = ref_string();
        e.int_value = r_.varint(true);
        e.float_value = r_.f32_be();
        e.string_value = r_.spine_string();
        e.audio = r_.spine_string();
        if (e.audio) {
            e.volume = r_.f32_be();
            e.balance = r_.f32_be();
        }
    }
}

const Attachment* SkelReader::find_attachment(const Skin& skin, int slot, const std::string& key) const {
    for (const SkinSlot& ss : skin.slots) {
        if (ss.slot != slot) continue;
        for (const SkinAttachment& sa : ss.attachments)
            if (sa.key && *sa.key == key) return &sa.attachment;
    }
    return nullptr;
}

void SkelReader::resolve_linked_meshes() {
    for (const PendingLink& link : links_) {
        const Skin& skin = sd_.skins[link.skin];
        const SkinSlot& ss = skin.slots[link.slot_entry];
        const SkinAttachment& sa = ss.attachments[link.attachment];
        const Attachment& a = sa.attachment;
        std::string where = "in skin \"" + skin.name.value_or("") + "\", linked mesh \"" + sa.key.value_or("") + "\"";
        auto fail = [&](const std::string& message) { throw Error(message, Location::at_byte(link.at), where); };
        const Skin* parent_skin = nullptr;
        if (!a.parent_skin) {
            if (sd_.has_default_skin) parent_skin = &sd_.skins[0];
        } else {
            for (const Skin& s : sd_.skins)
                if (s.name == a.parent_skin) parent_skin = &s;
        }
        if (!parent_skin) fail("parent skin \"" + a.parent_skin.value_or("default") + "\" not found");
        const Attachment* p = a.parent ? find_attachment(*parent_skin, ss.slot, *a.parent) : nullptr;
        if (!p) fail("parent mesh \"" + a.parent.value_or("") + "\" not found in skin \"" + parent_skin->name.value_or("") + "\"");
        if (p->type != AttachmentType::Mesh && p->type != AttachmentType::LinkedMesh) fail("parent \"" + *a.parent + "\" is not a mesh");
    }
}

}  // namespace detail

Result<SkeletonData> read_skel(std::span<const std::uint8_t> bytes) {
    return capture([&] { return detail::SkelReader(bytes).read(); });
}

bool looks_like_skel(std::span<const std::uint8_t> bytes) {
    try {
        io::ByteReader r(bytes);
        r.spine_string();
        auto v = r.spine_string();
        return v && v->size() >= 3 && v->size() < 32 && (*v)[0] >= '0' && (*v)[0] <= '9' && (*v)[1] == '.';
    } catch (const Error&) {
        return false;
    }
}

}  // namespace rigio::spine
