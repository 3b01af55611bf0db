// Spine 4.2 .skel writer: the parts 4.2 packs behind flag bytes (constraints, physics constraints,
// attachments), the mirror of the 4.2 branches of binary_reader.cpp and binary_skin_reader.cpp. A flag
// is set when its value differs from the default the reader assumes, so absent fields stay absent.
#include "rigio/spine/binary.hpp"
#include "skel_writer.hpp"

namespace rigio::spine::detail {

namespace {
void opt(io::ByteWriter& w, bool present, float v) {
    if (present) w.f32_be(v);
}
}  // namespace

void write_ik_42(io::ByteWriter& w, const IkConstraint& c) {
    // The editor sets "not 1" even when the mix is 0 (then no float follows).
    const bool mix = c.mix != 0, not_one = c.mix != 1, softness = c.softness != 0;
    w.u8(static_cast<std::uint8_t>((c.skin_required ? 1 : 0) | (c.bend_direction == 1 ? 2 : 0) | (c.compress ? 4 : 0) |
                                   (c.stretch ? 8 : 0) | (c.uniform ? 16 : 0) | (mix ? 32 : 0) | (not_one ? 64 : 0) |
                                   (softness ? 128 : 0)));
    opt(w, mix && not_one, c.mix);
    opt(w, softness, c.softness);
}

void write_transform_42(io::ByteWriter& w, const TransformConstraint& c) {
    w.u8(static_cast<std::uint8_t>((c.skin_required ? 1 : 0) | (c.local ? 2 : 0) | (c.relative ? 4 : 0) |
                                   (c.offset_rotation != 0 ? 8 : 0) | (c.offset_x != 0 ? 16 : 0) | (c.offset_y != 0 ? 32 : 0) |
                                   (c.offset_scale_x != 0 ? 64 : 0) | (c.offset_scale_y != 0 ? 128 : 0)));
    opt(w, c.offset_rotation != 0, c.offset_rotation);
    opt(w, c.offset_x != 0, c.offset_x);
    opt(w, c.offset_y != 0, c.offset_y);
    opt(w, c.offset_scale_x != 0, c.offset_scale_x);
    opt(w, c.offset_scale_y != 0, c.offset_scale_y);
    w.u8(static_cast<std::uint8_t>((c.offset_shear_y != 0 ? 1 : 0) | (c.rotate_mix != 0 ? 2 : 0) | (c.translate_mix != 0 ? 4 : 0) |
                                   (c.mix_y != 0 ? 8 : 0) | (c.scale_mix != 0 ? 16 : 0) | (c.mix_scale_y != 0 ? 32 : 0) |
                                   (c.shear_mix != 0 ? 64 : 0)));
    opt(w, c.offset_shear_y != 0, c.offset_shear_y);
    opt(w, c.rotate_mix != 0, c.rotate_mix);
    opt(w, c.translate_mix != 0, c.translate_mix);
    opt(w, c.mix_y != 0, c.mix_y);
    opt(w, c.scale_mix != 0, c.scale_mix);
    opt(w, c.mix_scale_y != 0, c.mix_scale_y);
    opt(w, c.shear_mix != 0, c.shear_mix);
}

void write_path_modes_42(io::ByteWriter& w, const PathConstraint& c) {
    w.u8(static_cast<std::uint8_t>(static_cast<int>(c.position_mode) | static_cast<int>(c.spacing_mode) << 1 |
                                   static_cast<int>(c.rotate_mode) << 3 | (c.offset_rotation != 0 ? 128 : 0)));
    opt(w, c.offset_rotation != 0, c.offset_rotation);
}

void write_physics_42(io::ByteWriter& w, const PhysicsConstraint& c) {
    w.spine_string(c.name);
    w.varint(c.order);
    w.varint(c.bone);
    w.u8(static_cast<std::uint8_t>((c.skin_required ? 1 : 0) | (c.x != 0 ? 2 : 0) | (c.y != 0 ? 4 : 0) | (c.rotate != 0 ? 8 : 0) |
                                   (c.scale_x != 0 ? 16 : 0) | (c.shear_x != 0 ? 32 : 0) | (c.limit != 5000 ? 64 : 0) |
                                   (c.mass_inverse != 1 ? 128 : 0)));
    opt(w, c.x != 0, c.x);
    opt(w, c.y != 0, c.y);
    opt(w, c.rotate != 0, c.rotate);
    opt(w, c.scale_x != 0, c.scale_x);
    opt(w, c.shear_x != 0, c.shear_x);
    opt(w, c.limit != 5000, c.limit);
    w.u8(static_cast<std::uint8_t>(c.fps));
    w.f32_be(c.inertia);
    w.f32_be(c.strength);
    w.f32_be(c.damping);
    opt(w, c.mass_inverse != 1, c.mass_inverse);
    w.f32_be(c.wind);
    w.f32_be(c.gravity);
    w.u8(static_cast<std::uint8_t>((c.inertia_global ? 1 : 0) | (c.strength_global ? 2 : 0) | (c.damping_global ? 4 : 0) |
                                   (c.mass_global ? 8 : 0) | (c.wind_global ? 16 : 0) | (c.gravity_global ? 32 : 0) |
                                   (c.mix_global ? 64 : 0) | (c.mix != 1 ? 128 : 0)));
    opt(w, c.mix != 1, c.mix);
}

void write_attachment_42(io::ByteWriter& w, const SkeletonData& sd, const Attachment& a,
                         const std::function<void(const OptString&)>& ref_string,
                         const std::function<void(const Vertices&)>& vertices) {
    const bool nonessential = sd.header.nonessential;
    const bool tint = a.color != 0xFFFFFFFFu;
    int f = static_cast<int>(a.type) | (a.name ? 8 : 0);
    auto sequence = [&] {
        w.count(static_cast<std::size_t>(a.sequence->count));
        w.varint(a.sequence->start);
        w.varint(a.sequence->digits);
        w.varint(a.sequence->setup_index);
    };
    auto vertex_block = [&] {
        w.count(static_cast<std::size_t>(a.vertices.count));
        vertices(a.vertices);
    };
    switch (a.type) {
        case AttachmentType::Region:
            f |= (a.path ? 16 : 0) | (tint ? 32 : 0) | (a.sequence ? 64 : 0) | (a.rotation != 0 ? 128 : 0);
            break;
        case AttachmentType::BoundingBox:
        case AttachmentType::Clipping: f |= a.vertices.weighted ? 16 : 0; break;
        case AttachmentType::Mesh:
            f |= (a.path ? 16 : 0) | (tint ? 32 : 0) | (a.sequence ? 64 : 0) | (a.vertices.weighted ? 128 : 0);
            break;
        case AttachmentType::LinkedMesh:
            f |= (a.path ? 16 : 0) | (tint ? 32 : 0) | (a.sequence ? 64 : 0) | (a.deform ? 128 : 0);
            break;
        case AttachmentType::Path:
            f |= (a.closed ? 16 : 0) | (a.constant_speed ? 32 : 0) | (a.vertices.weighted ? 64 : 0);
            break;
        case AttachmentType::Point: break;
    }
    w.u8(static_cast<std::uint8_t>(f));
    if (a.name) ref_string(a.name);
    switch (a.type) {
        case AttachmentType::Region:
            if (a.path) ref_string(a.path);
            if (tint) w.u32_be(a.color);
            if (a.sequence) sequence();
            opt(w, a.rotation != 0, a.rotation);
            w.f32_be(a.x);
            w.f32_be(a.y);
            w.f32_be(a.scale_x);
            w.f32_be(a.scale_y);
            w.f32_be(a.width);
            w.f32_be(a.height);
            break;
        case AttachmentType::BoundingBox:
            vertex_block();
            if (nonessential) w.u32_be(a.color);
            break;
        case AttachmentType::Mesh:
            if (a.path) ref_string(a.path);
            if (tint) w.u32_be(a.color);
            if (a.sequence) sequence();
            w.varint(a.hull);
            vertex_block();
            for (float x : a.uvs) w.f32_be(x);
            for (auto t : a.triangles) w.varint(t);
            if (nonessential) {
                w.count(a.edges.size());
                for (auto e : a.edges) w.varint(e);
                w.f32_be(a.width);
                w.f32_be(a.height);
            }
            break;
        case AttachmentType::LinkedMesh: {
            if (a.path) ref_string(a.path);
            if (tint) w.u32_be(a.color);
            if (a.sequence) sequence();
            // The parent skin's index (the default skin, when present, is 0).
            int skin = 0;
            for (std::size_t i = 0; i < sd.skins.size(); ++i) {
                const bool is_default = sd.has_default_skin && i == 0;
                if (a.parent_skin ? (!is_default && sd.skins[i].name == a.parent_skin) : is_default) {
                    skin = static_cast<int>(i);
                    break;
                }
            }
            w.varint(skin);
            ref_string(a.parent);
            if (nonessential) {
                w.f32_be(a.width);
                w.f32_be(a.height);
            }
            break;
        }
        case AttachmentType::Path:
            vertex_block();
            for (float x : a.lengths) w.f32_be(x);
            if (nonessential) w.u32_be(a.color);
            break;
        case AttachmentType::Point:
            w.f32_be(a.rotation);
            w.f32_be(a.x);
            w.f32_be(a.y);
            if (nonessential) w.u32_be(a.color);
            break;
        case AttachmentType::Clipping:
            w.varint(a.end_slot);
            vertex_block();
            if (nonessential) w.u32_be(a.color);
            break;
    }
}

}  // namespace rigio::spine::detail
