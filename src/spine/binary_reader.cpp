// Spine .skel reader (3.7 to 4.2): header, setup pose, constraints and events.
// Field order: docs/formats/spine-3.8-binary.md (the 3.8 layout and what the other versions change),
// checked against the corpus of each version; the version from the header picks the branches (docs/spine-model.md).
// binary_writer.cpp mirrors every function here in the same order.
#include <cstring>
#include <string>

#include "rigio/spine/binary.hpp"
#include "skel_reader.hpp"

namespace rigio::spine {

using io::ByteReader;

namespace detail {

// ---- validating helpers ----

void SkelReader::fail_string_index(std::size_t at, std::uint32_t i) {
    r_.fail_at(at, "shared string index " + std::to_string(i - 1) + " out of range (" + std::to_string(sd_.strings.size()) +
                       " shared strings)");
}

void SkelReader::fail_index(std::size_t at, std::int32_t v, std::size_t size, const char* what, const char* table) {
    r_.fail_at(at, std::string(what) + " " + std::to_string(v) + " out of range (" + std::to_string(size) + " " + table + ")");
}

void SkelReader::fail_count(std::size_t at, std::uint32_t n, const char* what) {
    r_.fail_at(at, std::string(what) + " " + std::to_string(n) + " is more than the " + std::to_string(r_.remaining()) +
                       " bytes left could hold");
}

Vector<int> SkelReader::index_list(std::size_t size, const char* what, const char* count_what, const char* table) {
    std::uint32_t n = count(1, count_what);
    Vector<int> out;
    out.reserve(n);
    for (std::uint32_t i = 0; i < n; ++i) out.push_back(index(size, what, table));
    return out;
}

void SkelReader::fail_enum_value(std::size_t at, std::int32_t v, std::uint32_t max, const char* what) {
    r_.fail_at(at, std::string("unknown ") + what + " " + std::to_string(v) + " (expected 0 to " + std::to_string(max) + ")");
}

// ---- the header: which layout ----

constexpr char kBase64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

// The version string at `skip` bytes into the file, if a Spine string that looks like one is there.
std::optional<std::string> version_at(std::span<const std::uint8_t> bytes, bool four, std::size_t* offset) {
    try {
        io::ByteReader r(bytes);
        if (four) {
            r.bytes(8);
        } else {
            r.spine_string();
        }
        if (offset) *offset = r.offset();
        auto v = r.spine_string();
        if (v && v->size() >= 3 && v->size() < 32 && (*v)[0] >= '0' && (*v)[0] <= '9' && (*v)[1] == '.') return v;
    } catch (const Error&) {
    }
    return std::nullopt;
}

std::string hash_to_base64(std::string_view b) {
    std::string out;
    std::uint32_t acc = 0;
    int bits = 0;
    for (unsigned char c : b) {
        acc = (acc << 8) | c;
        bits += 8;
        while (bits >= 6) {
            bits -= 6;
            out += kBase64[(acc >> bits) & 63];
        }
    }
    if (bits > 0) out += kBase64[(acc << (6 - bits)) & 63];
    return out;
}

bool base64_to_hash(std::string_view text, std::uint8_t out[8]) {
    if (text.size() != 11) return false;
    // 11 characters carry 66 bits: 64 of data and 2 of padding (0) in the last character.
    std::uint64_t acc = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        const char* p = c ? std::strchr(kBase64, c) : nullptr;
        if (!p) return false;
        const auto six = static_cast<std::uint64_t>(p - kBase64);
        if (i + 1 < text.size()) {
            acc = (acc << 6) | six;
        } else {
            if (six & 3) return false;
            acc = (acc << 4) | (six >> 2);
        }
    }
    for (int i = 7; i >= 0; --i, acc >>= 8) out[i] = static_cast<std::uint8_t>(acc & 0xFF);
    return true;
}

SkelHead detect_skel(std::span<const std::uint8_t> bytes) {
    // 4.x first: its 8 raw hash bytes could read as a 3.x hash string only by chance, and then the
    // version string decides.
    std::size_t four_at = 0, three_at = 0;
    auto four = version_at(bytes, true, &four_at);
    if (four) {
        auto v = parse_version(*four);
        if (v && *v >= Version::V40) return {*four, *v, four_at};
    }
    auto three = version_at(bytes, false, &three_at);
    if (three) {
        if (*three == "3.8.75")
            throw Error("version 3.8.75 was an incompatible pre-release of the 3.8 format: re-export it with a 3.8 release",
                        Location::at_byte(three_at), "in header");
        auto v = parse_version(*three);
        if (v && *v <= Version::V38) return {*three, *v, three_at};
    }
    auto shown = three ? three : four;
    if (!shown)
        throw Error(std::string("not a Spine binary skeleton: no version string (rigio reads Spine ") + readable_versions() + ")",
                    Location::at_byte(0), "in header");
    std::string v = shown->substr(0, 32);
    for (char& c : v)
        if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7F) c = '?';
    throw Error("Spine " + v + " binary: rigio reads Spine " + readable_versions(), Location::at_byte(three ? three_at : four_at),
                "in header");
}

// ---- the file, in order ----

SkeletonData SkelReader::read() {
    // The model's arrays come from one arena (rigio/io/arena.hpp); they take about three times the file's size.
    const io::ArenaScope arena(r_.size() * 3);
    read_header();
    read_bones();
    read_slots();
    read_ik();
    read_transform();
    read_path();
    if (at_least(Version::V42)) read_physics();
    read_skins();
    read_events();
    std::uint32_t n = count(4, "animation count");
    sd_.animations.resize(n);
    for (std::uint32_t i = 0; i < n; ++i) read_animation(sd_.animations[i], i);
    if (!r_.at_end()) r_.fail(std::to_string(r_.remaining()) + " unexpected bytes after the last animation");
    resolve_linked_meshes();
    return std::move(sd_);
}

void SkelReader::read_header() {
    ByteReader::Scope s(r_, "header");
    Header& h = sd_.header;
    h.data_version = v_;
    if (v4()) {
        h.hash = hash_to_base64(r_.bytes(8));
    } else {
        string(h.hash);
    }
    string(h.version);
    if (v_ != Version::V37) {
        h.x = r_.f32_be();
        h.y = r_.f32_be();
    }
    h.width = r_.f32_be();
    h.height = r_.f32_be();
    if (at_least(Version::V42)) h.reference_scale = r_.f32_be();
    h.nonessential = r_.boolean();
    if (h.nonessential) {
        h.fps = r_.f32_be();
        string(h.images);
        string(h.audio);
    }
    if (v_ == Version::V37) return;  // no shared string table
    std::uint32_t n = count(1, "shared string count");
    sd_.strings.reserve(n);
    ByteReader::Scope si(r_, "shared string", 0);  // (renumbered per string: Scope::renumber)
    for (std::uint32_t i = 0; i < n; ++i) {
        si.renumber(i);
        // (A null string reads as "". Two calls rather than one with `v ? *v : std::string_view()`: GCC
        // stored that view in two halves and loaded it whole, a store-forwarding stall per string.)
        if (const std::optional<std::string_view> v = r_.spine_string_view())
            sd_.strings.emplace_back(*v);
        else
            sd_.strings.emplace_back();
    }
}

void SkelReader::read_bones() {
    std::uint32_t n = count(34, "bone count");
    sd_.bones.resize(n);
    ByteReader::Scope s(r_, "bone", 0);  // (renumbered per bone)
    for (std::uint32_t i = 0; i < n; ++i) {
        Bone& b = sd_.bones[i];
        s.renumber(i);
        string(b.name);
        if (i > 0) b.parent = index(i, "parent bone index", "bones before it");
        r_.f32_be_into(b.rotation, b.x, b.y, b.scale_x, b.scale_y, b.shear_x, b.shear_y, b.length);  // (one bounds check)
        b.transform = static_cast<TransformMode>(enum_value(4, at_least(Version::V42) ? "inherit mode" : "transform mode"));
        if (at_least(Version::V38)) b.skin_required = r_.boolean();
        if (sd_.header.nonessential) {
            b.color = r_.u32_be();
            if (at_least(Version::V42)) {
                string(b.icon);
                b.visible = r_.boolean();
            }
        }
    }
}

void SkelReader::read_slots() {
    std::uint32_t n = count(12, "slot count");
    sd_.slots.resize(n);
    ByteReader::Scope s(r_, "slot", 0);  // (renumbered per slot)
    for (std::uint32_t i = 0; i < n; ++i) {
        Slot& sl = sd_.slots[i];
        s.renumber(i);
        string(sl.name);
        sl.bone = index(sd_.bones.size(), "bone index", "bones");
        sl.color = r_.u32_be();
        std::uint32_t dark = r_.u32_be();
        if (dark != 0xFFFFFFFFu) sl.dark = dark;
        ref_string(sl.attachment);
        sl.blend = static_cast<BlendMode>(enum_value(3, "blend mode"));
        if (at_least(Version::V42) && sd_.header.nonessential) sl.visible = r_.boolean();
    }
}

void SkelReader::read_ik() {
    std::uint32_t n = count(at_least(Version::V42) ? 5 : 12, "IK constraint count");
    sd_.ik.resize(n);
    for (std::uint32_t i = 0; i < n; ++i) {
        IkConstraint& c = sd_.ik[i];
        ByteReader::Scope s(r_, "IK constraint", i);
        string(c.name);
        c.order = r_.varint();
        if (at_least(Version::V38) && !at_least(Version::V42)) c.skin_required = r_.boolean();
        c.bones = index_list(sd_.bones.size(), "bone index", "bone index count", "bones");
        c.target = index(sd_.bones.size(), "target bone index", "bones");
        if (at_least(Version::V42)) {
            // 4.2 packs the booleans into one byte; mix 0 and 1 take no float, softness 0 neither.
            std::uint8_t f = r_.u8();
            c.skin_required = f & 1;
            c.bend_direction = (f & 2) ? 1 : -1;
            c.compress = f & 4;
            c.stretch = f & 8;
            c.uniform = f & 16;
            c.mix = (f & 32) ? ((f & 64) ? r_.f32_be() : 1.0f) : 0.0f;
            c.softness = (f & 128) ? r_.f32_be() : 0.0f;
            continue;
        }
        c.mix = r_.f32_be();
        if (v_ == Version::V37) {
            c.softness = 0;
            c.bend_direction = r_.i8();
            c.compress = r_.boolean();
            c.stretch = r_.boolean();
            c.uniform = r_.boolean();
            continue;
        }
        c.softness = r_.f32_be();
        c.bend_direction = r_.i8();
        c.compress = r_.boolean();
        c.stretch = r_.boolean();
        c.uniform = r_.boolean();
    }
}

void SkelReader::read_transform() {
    std::uint32_t n = count(at_least(Version::V42) ? 6 : 44, "transform constraint count");
    sd_.transform.resize(n);
    for (std::uint32_t i = 0; i < n; ++i) {
        TransformConstraint& c = sd_.transform[i];
        ByteReader::Scope s(r_, "transform constraint", i);
        string(c.name);
        c.order = r_.varint();
        if (at_least(Version::V38) && !at_least(Version::V42)) c.skin_required = r_.boolean();
        c.bones = index_list(sd_.bones.size(), "bone index", "bone index count", "bones");
        c.target = index(sd_.bones.size(), "target bone index", "bones");
        if (at_least(Version::V42)) {
            // Two flag bytes; a value whose flag is clear is 0.
            std::uint8_t f = r_.u8();
            auto opt = [&](bool present) { return present ? r_.f32_be() : 0.0f; };
            c.skin_required = f & 1;
            c.local = f & 2;
            c.relative = f & 4;
            c.offset_rotation = opt(f & 8);
            c.offset_x = opt(f & 16);
            c.offset_y = opt(f & 32);
            c.offset_scale_x = opt(f & 64);
            c.offset_scale_y = opt(f & 128);
            f = r_.u8();
            c.offset_shear_y = opt(f & 1);
            c.rotate_mix = opt(f & 2);
            c.translate_mix = opt(f & 4);
            c.mix_y = opt(f & 8);
            c.scale_mix = opt(f & 16);
            c.mix_scale_y = opt(f & 32);
            c.shear_mix = opt(f & 64);
            continue;
        }
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
        if (v4()) c.mix_y = r_.f32_be();
        c.scale_mix = r_.f32_be();
        if (v4()) c.mix_scale_y = r_.f32_be();
        c.shear_mix = r_.f32_be();
    }
}

void SkelReader::read_path() {
    std::uint32_t n = count(at_least(Version::V42) ? 26 : 27, "path constraint count");
    sd_.path.resize(n);
    for (std::uint32_t i = 0; i < n; ++i) {
        PathConstraint& c = sd_.path[i];
        ByteReader::Scope s(r_, "path constraint", i);
        string(c.name);
        c.order = r_.varint();
        if (at_least(Version::V38)) c.skin_required = r_.boolean();
        c.bones = index_list(sd_.bones.size(), "bone index", "bone index count", "bones");
        c.target = index(sd_.slots.size(), "target slot index", "slots");
        if (at_least(Version::V42)) {
            // One byte: position mode (bit 0), spacing mode (bits 1-2), rotate mode (bits 3-4), whether
            // an offset rotation follows (bit 7).
            std::size_t at = r_.offset();
            std::uint8_t f = r_.u8();
            if (((f >> 1) & 3) > 3 || ((f >> 3) & 3) > 2 || (f & 0x60))
                r_.fail_at(at, "unknown path constraint mode bits " + std::to_string(f));
            c.position_mode = static_cast<PositionMode>(f & 1);
            c.spacing_mode = static_cast<SpacingMode>((f >> 1) & 3);
            c.rotate_mode = static_cast<RotateMode>((f >> 3) & 3);
            c.offset_rotation = (f & 128) ? r_.f32_be() : 0.0f;
        } else {
            c.position_mode = static_cast<PositionMode>(enum_value(1, "position mode"));
            c.spacing_mode = static_cast<SpacingMode>(enum_value(v4() ? 3 : 2, "spacing mode"));
            c.rotate_mode = static_cast<RotateMode>(enum_value(2, "rotate mode"));
            c.offset_rotation = r_.f32_be();
        }
        c.position = r_.f32_be();
        c.spacing = r_.f32_be();
        c.rotate_mix = r_.f32_be();
        c.translate_mix = r_.f32_be();
        if (v4()) c.mix_y = r_.f32_be();
    }
}

void SkelReader::read_physics() {
    std::uint32_t n = count(28, "physics constraint count");
    sd_.physics.resize(n);
    for (std::uint32_t i = 0; i < n; ++i) {
        PhysicsConstraint& c = sd_.physics[i];
        ByteReader::Scope s(r_, "physics constraint", i);
        string(c.name);
        c.order = r_.varint();
        c.bone = index(sd_.bones.size(), "bone index", "bones");
        // Flags: which of the optional values follow (absent: x..shearX 0, limit 5000, mass 1).
        std::uint8_t f = r_.u8();
        auto opt = [&](bool present, float absent) { return present ? r_.f32_be() : absent; };
        c.skin_required = f & 1;
        c.x = opt(f & 2, 0);
        c.y = opt(f & 4, 0);
        c.rotate = opt(f & 8, 0);
        c.scale_x = opt(f & 16, 0);
        c.shear_x = opt(f & 32, 0);
        c.limit = opt(f & 64, 5000);
        c.fps = r_.u8();
        c.inertia = r_.f32_be();
        c.strength = r_.f32_be();
        c.damping = r_.f32_be();
        c.mass_inverse = opt(f & 128, 1);
        c.wind = r_.f32_be();
        c.gravity = r_.f32_be();
        f = r_.u8();
        c.inertia_global = f & 1;
        c.strength_global = f & 2;
        c.damping_global = f & 4;
        c.mass_global = f & 8;
        c.wind_global = f & 16;
        c.gravity_global = f & 32;
        c.mix_global = f & 64;
        c.mix = opt(f & 128, 1);
    }
}

void SkelReader::read_events() {
    std::uint32_t n = count(7, "event count");
    sd_.events.resize(n);
    for (std::uint32_t i = 0; i < n; ++i) {
        EventData& e = sd_.events[i];
        ByteReader::Scope s(r_, "event", i);
        if (at_least(Version::V42))
            string(e.name);
        else
            ref_string(e.name);
        e.int_value = r_.varint(true);
        e.float_value = r_.f32_be();
        string(e.string_value);
        string(e.audio);
        if (e.audio) {
            e.volume = r_.f32_be();
            e.balance = r_.f32_be();
        }
    }
}

const Attachment* SkelReader::find_attachment(const Skin& skin, int slot, std::string_view key) const {
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
        auto fail = [&](const std::string& message) {
            throw Error(message, Location::at_byte(link.at),
                        "in skin \"" + skin.name.value_or("") + "\", linked mesh \"" + sa.key.value_or("") + "\"");
        };
        if (link.parent_skin >= 0) {
            // 4.2 stores the parent skin's index (the default skin, when present, is 0): keep its name.
            if (static_cast<std::size_t>(link.parent_skin) >= sd_.skins.size())
                fail("parent skin index " + std::to_string(link.parent_skin) + " out of range (" + std::to_string(sd_.skins.size()) + " skins)");
            Attachment& m = sd_.skins[link.skin].slots[link.slot_entry].attachments[link.attachment].attachment;
            const bool is_default = sd_.has_default_skin && link.parent_skin == 0;
            m.parent_skin = is_default ? OptString() : sd_.skins[static_cast<std::size_t>(link.parent_skin)].name;
        }
        const Attachment& a = sa.attachment;
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
    return capture([&] {
        detail::SkelHead head = detail::detect_skel(bytes);
        if (!reads(head.layout)) {
            // A layout the writer cannot rewrite (none today): refuse it by name so that no command
            // rewrites it in another layout.
            throw Error("Spine " + head.version.substr(0, 32) + " binary: rigio reads Spine " + readable_versions(),
                        Location::at_byte(head.at), "in header");
        }
        return detail::SkelReader(bytes, head.layout).read();
    });
}

namespace detail {
Result<SkeletonData> read_skel_any_layout(std::span<const std::uint8_t> bytes) {
    return capture([&] { return SkelReader(bytes, detect_skel(bytes).layout).read(); });
}
}  // namespace detail

bool looks_like_skel(std::span<const std::uint8_t> bytes) {
    return detail::version_at(bytes, false, nullptr) || detail::version_at(bytes, true, nullptr);
}

}  // namespace rigio::spine
