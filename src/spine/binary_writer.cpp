// Spine 3.7 and 3.8 .skel writer: the mirror of binary_reader.cpp and binary_animation_reader.cpp, field
// for field in the same order. Data read from a .skel is written back byte for byte: the shared
// string table keeps its order (strings missing from it are appended in order of first use).
// The editor's tables can hold the same string twice; it then refers to the last copy, and so do we.
#include <string_view>
#include <unordered_map>

#include "rigio/io/byte_writer.hpp"
#include "rigio/spine/binary.hpp"
#include "skel_reader.hpp"
#include "skel_writer.hpp"
#include "rigio/spine/version.hpp"
#include "rigio/io/error.hpp"

namespace rigio::spine {

namespace {

class SkelWriter {
public:
    SkelWriter(const SkeletonData& sd, Version layout, bool keep_table = true)
        : sd_(sd), v_(layout), v37_(layout == Version::V37) {
        // `keep_table`: start from the model's string table (else build one in order of first use).
        if (keep_table) strings_.assign(sd.strings.begin(), sd.strings.end());
        for (std::size_t i = 0; i < strings_.size(); ++i) index_[strings_[i]] = static_cast<int>(i);
    }

    std::vector<std::uint8_t> write() {
        io::ByteWriter head;
        write_header(head);
        write_body();
        // The table comes after the header and before the bones, but is only complete now.
        if (!v37_) {  // 3.7 has no shared string table
            head.count(strings_.size());
            for (std::string_view s : strings_) head.spine_string(s);
        }
        std::vector<std::uint8_t> out = head.take();
        const auto& body = w_.bytes();
        out.insert(out.end(), body.begin(), body.end());
        return out;
    }

    // Everything after the header and string table; builds the table (the header has no shared strings,
    // and a hash that is not 8 bytes of base64 does not stop skel_first_use_strings).
    void write_body() {
        w_.reserve(1 << 16);
        write_bones();
        write_slots();
        write_ik();
        write_transform();
        write_path();
        if (v42()) {
            w_.count(sd_.physics.size());
            for (const PhysicsConstraint& c : sd_.physics) detail::write_physics_42(w_, c);
        }
        write_skins();
        write_events();
        w_.count(sd_.animations.size());
        for (const Animation& a : sd_.animations) write_animation(a);
    }

    const std::vector<std::string_view>& strings() const { return strings_; }

private:
    void ref_string(const OptString& s) {
        if (v37_) {  // 3.7: a plain string
            w_.spine_string(s);
            return;
        }
        if (!s) {
            w_.varint(0);
            return;
        }
        auto [it, added] = index_.try_emplace(s->view(), static_cast<int>(strings_.size()));
        if (added) strings_.push_back(s->view());
        w_.varint(it->second + 1);
    }
    void index_list(const Vector<int>& v) {
        w_.count(v.size());
        for (int i : v) w_.varint(i);
    }
    void curve(CurveView c) {
        w_.u8(static_cast<std::uint8_t>(c.type));
        if (c.type == CurveType::Bezier) {
            w_.f32_be(c.cx1);
            w_.f32_be(c.cy1);
            w_.f32_be(c.cx2);
            w_.f32_be(c.cy2);
        }
    }

    void write_header(io::ByteWriter& w) {
        const Header& h = sd_.header;
        if (v4()) {
            std::uint8_t hash[8] = {};
            if (!h.hash || !detail::base64_to_hash(*h.hash, hash))
                throw Error("cannot write Spine " + std::string(version_name(v_)) + " binary: the skeleton hash \"" +
                            h.hash.value_or("").substr(0, 32) + "\" is not 8 bytes in base64");
            for (std::uint8_t b : hash) w.u8(b);
        } else {
            w.spine_string(h.hash);
        }
        w.spine_string(h.version);
        if (!v37_) {
            w.f32_be(h.x);
            w.f32_be(h.y);
        }
        w.f32_be(h.width);
        w.f32_be(h.height);
        if (v42()) w.f32_be(h.reference_scale);
        w.boolean(h.nonessential);
        if (h.nonessential) {
            w.f32_be(h.fps);
            w.spine_string(h.images);
            w.spine_string(h.audio);
        }
    }

    void write_bones() {
        w_.count(sd_.bones.size());
        for (std::size_t i = 0; i < sd_.bones.size(); ++i) {
            const Bone& b = sd_.bones[i];
            w_.spine_string(b.name);
            if (i > 0) w_.varint(b.parent);
            w_.f32_be(b.rotation);
            w_.f32_be(b.x);
            w_.f32_be(b.y);
            w_.f32_be(b.scale_x);
            w_.f32_be(b.scale_y);
            w_.f32_be(b.shear_x);
            w_.f32_be(b.shear_y);
            w_.f32_be(b.length);
            w_.varint(static_cast<int>(b.transform));
            if (!v37_) w_.boolean(b.skin_required);
            if (sd_.header.nonessential) {
                w_.u32_be(b.color);
                if (v42()) {
                    w_.spine_string(b.icon);
                    w_.boolean(b.visible);
                }
            }
        }
    }

    void write_slots() {
        w_.count(sd_.slots.size());
        for (const Slot& s : sd_.slots) {
            w_.spine_string(s.name);
            w_.varint(s.bone);
            w_.u32_be(s.color);
            w_.u32_be(s.dark ? *s.dark : 0xFFFFFFFFu);
            ref_string(s.attachment);
            w_.varint(static_cast<int>(s.blend));
            if (v42() && sd_.header.nonessential) w_.boolean(s.visible);
        }
    }

    void write_ik() {
        w_.count(sd_.ik.size());
        for (const IkConstraint& c : sd_.ik) {
            w_.spine_string(c.name);
            w_.varint(c.order);
            if (!v37_ && !v42()) w_.boolean(c.skin_required);
            index_list(c.bones);
            w_.varint(c.target);
            if (v42()) {
                detail::write_ik_42(w_, c);
                continue;
            }
            w_.f32_be(c.mix);
            if (!v37_) w_.f32_be(c.softness);
            w_.i8(static_cast<std::int8_t>(c.bend_direction));
            w_.boolean(c.compress);
            w_.boolean(c.stretch);
            w_.boolean(c.uniform);
        }
    }

    void write_transform() {
        w_.count(sd_.transform.size());
        for (const TransformConstraint& c : sd_.transform) {
            w_.spine_string(c.name);
            w_.varint(c.order);
            if (!v37_ && !v42()) w_.boolean(c.skin_required);
            index_list(c.bones);
            w_.varint(c.target);
            if (v42()) {
                detail::write_transform_42(w_, c);
                continue;
            }
            w_.boolean(c.local);
            w_.boolean(c.relative);
            w_.f32_be(c.offset_rotation);
            w_.f32_be(c.offset_x);
            w_.f32_be(c.offset_y);
            w_.f32_be(c.offset_scale_x);
            w_.f32_be(c.offset_scale_y);
            w_.f32_be(c.offset_shear_y);
            w_.f32_be(c.rotate_mix);
            w_.f32_be(c.translate_mix);
            if (v4()) w_.f32_be(c.mix_y);
            w_.f32_be(c.scale_mix);
            if (v4()) w_.f32_be(c.mix_scale_y);
            w_.f32_be(c.shear_mix);
        }
    }

    void write_path() {
        w_.count(sd_.path.size());
        for (const PathConstraint& c : sd_.path) {
            w_.spine_string(c.name);
            w_.varint(c.order);
            if (!v37_) w_.boolean(c.skin_required);
            index_list(c.bones);
            w_.varint(c.target);
            if (v42()) {
                detail::write_path_modes_42(w_, c);
            } else {
                w_.varint(static_cast<int>(c.position_mode));
                w_.varint(static_cast<int>(c.spacing_mode));
                w_.varint(static_cast<int>(c.rotate_mode));
                w_.f32_be(c.offset_rotation);
            }
            w_.f32_be(c.position);
            w_.f32_be(c.spacing);
            w_.f32_be(c.rotate_mix);
            w_.f32_be(c.translate_mix);
            if (v4()) w_.f32_be(c.mix_y);
        }
    }

    void write_skins() {
        std::size_t first_named = 0;
        if (sd_.has_default_skin && !sd_.skins.empty()) {
            write_skin_slots(sd_.skins[0]);
            first_named = 1;
        } else {
            w_.count(0);
        }
        w_.count(sd_.skins.size() - first_named);
        for (std::size_t i = first_named; i < sd_.skins.size(); ++i) {
            const Skin& skin = sd_.skins[i];
            if (v42()) {
                w_.spine_string(skin.name);
                if (sd_.header.nonessential) w_.u32_be(skin.color);
            } else {
                ref_string(skin.name);
            }
            if (!v37_) {
                index_list(skin.bones);
                index_list(skin.ik);
                index_list(skin.transform);
                index_list(skin.path);
                if (v42()) index_list(skin.physics);
            }
            write_skin_slots(skin);
        }
    }

    void write_skin_slots(const Skin& skin) {
        w_.count(skin.slots.size());
        for (const SkinSlot& ss : skin.slots) {
            w_.varint(ss.slot);
            w_.count(ss.attachments.size());
            for (const SkinAttachment& sa : ss.attachments) {
                ref_string(sa.key);
                if (v42()) {
                    detail::write_attachment_42(
                        w_, sd_, sa.attachment, [this](const OptString& s) { ref_string(s); },
                        [this](const Vertices& v) { write_vertices(v, false); });
                } else {
                    write_attachment(sa.attachment);
                }
            }
        }
    }

    void write_attachment(const Attachment& a) {
        const bool nonessential = sd_.header.nonessential;
        ref_string(a.name);
        w_.u8(static_cast<std::uint8_t>(a.type));
        switch (a.type) {
            case AttachmentType::Region:
                ref_string(a.path);
                w_.f32_be(a.rotation);
                w_.f32_be(a.x);
                w_.f32_be(a.y);
                w_.f32_be(a.scale_x);
                w_.f32_be(a.scale_y);
                w_.f32_be(a.width);
                w_.f32_be(a.height);
                w_.u32_be(a.color);
                if (v41()) sequence(a.sequence);
                break;
            case AttachmentType::BoundingBox:
                w_.count(a.vertices.count);
                write_vertices(a.vertices);
                if (nonessential) w_.u32_be(a.color);
                break;
            case AttachmentType::Mesh:
                ref_string(a.path);
                w_.u32_be(a.color);
                w_.count(a.vertices.count);
                for (float f : a.uvs) w_.f32_be(f);
                w_.count(a.triangles.size());
                for (auto t : a.triangles) w_.u16_be(t);
                write_vertices(a.vertices);
                w_.varint(a.hull);
                if (v41()) sequence(a.sequence);
                if (nonessential) {
                    w_.count(a.edges.size());
                    for (auto e : a.edges) w_.u16_be(e);
                    w_.f32_be(a.width);
                    w_.f32_be(a.height);
                }
                break;
            case AttachmentType::LinkedMesh:
                ref_string(a.path);
                w_.u32_be(a.color);
                ref_string(a.parent_skin);
                ref_string(a.parent);
                w_.boolean(a.deform);
                if (v41()) sequence(a.sequence);
                if (nonessential) {
                    w_.f32_be(a.width);
                    w_.f32_be(a.height);
                }
                break;
            case AttachmentType::Path:
                w_.boolean(a.closed);
                w_.boolean(a.constant_speed);
                w_.count(a.vertices.count);
                write_vertices(a.vertices);
                for (float f : a.lengths) w_.f32_be(f);
                if (nonessential) w_.u32_be(a.color);
                break;
            case AttachmentType::Point:
                w_.f32_be(a.rotation);
                w_.f32_be(a.x);
                w_.f32_be(a.y);
                if (nonessential) w_.u32_be(a.color);
                break;
            case AttachmentType::Clipping:
                w_.varint(a.end_slot);
                w_.count(a.vertices.count);
                write_vertices(a.vertices);
                if (nonessential) w_.u32_be(a.color);
                break;
        }
    }

    void sequence(const std::optional<Sequence>& q) {
        w_.boolean(q.has_value());
        if (!q) return;
        w_.count(static_cast<std::size_t>(q->count));
        w_.varint(q->start);
        w_.varint(q->digits);
        w_.varint(q->setup_index);
    }

    void write_vertices(const Vertices& v, bool weighted_byte = true) {  // 4.2 keeps it in the flags byte
        if (weighted_byte) w_.boolean(v.weighted);
        if (!v.weighted) {
            for (float f : v.values) w_.f32_be(f);
            return;
        }
        std::size_t b = 0, f = 0;
        for (int i = 0; i < v.count && b < v.bones.size(); ++i) {
            int influences = v.bones[b++];
            w_.varint(influences);
            for (int j = 0; j < influences && b < v.bones.size() && f + 2 < v.values.size(); ++j) {
                w_.varint(v.bones[b++]);
                w_.f32_be(v.values[f++]);
                w_.f32_be(v.values[f++]);
                w_.f32_be(v.values[f++]);
            }
        }
    }

    void write_events() {
        w_.count(sd_.events.size());
        for (const EventData& e : sd_.events) {
            if (v42())
                w_.spine_string(e.name);
            else
                ref_string(e.name);
            w_.varint(e.int_value, true);
            w_.f32_be(e.float_value);
            w_.spine_string(e.string_value);
            w_.spine_string(e.audio);
            if (e.audio) {
                w_.f32_be(e.volume);
                w_.f32_be(e.balance);
            }
        }
    }

    void write_animation(const Animation& a);
    void write_draw_order_and_events(const Animation& a);

    const SkeletonData& sd_;
    bool v4() const { return v_ >= Version::V40; }
    bool v41() const { return v_ >= Version::V41; }
    bool v42() const { return v_ >= Version::V42; }
    int file_skin(int skin) const {
        // A default skin without attachments (possible in JSON) is not stored, so the skins after it
        // move down one place in the file.
        const bool empty_default = sd_.has_default_skin && !sd_.skins.empty() && sd_.skins[0].slots.empty();
        return skin - (empty_default && skin > 0 ? 1 : 0);
    }
    const Version v_;
    const bool v37_;  // 3.7: no shared string table, no skin-required flags, no IK softness
    io::ByteWriter w_;
    // Views of the model's strings (the model outlives the writer).
    std::vector<std::string_view> strings_;
    std::unordered_map<std::string_view, int> index_;
};

void SkelWriter::write_animation(const Animation& a) {
    w_.spine_string(a.name);
    if (v4()) {
        detail::write_animation_4x(
            w_, sd_, a, v_, [this](const OptString& s) { ref_string(s); }, [this](int skin) { return file_skin(skin); });
        write_draw_order_and_events(a);
        return;
    }

    w_.count(a.slots.size());
    for (const SlotTimelines& g : a.slots) {
        w_.varint(g.slot);
        w_.count(g.timelines.size());
        for (const SlotTimeline& t : g.timelines) {
            w_.u8(static_cast<std::uint8_t>(t.type));
            if (t.type == SlotTimelineType::Attachment) {
                w_.count(t.attachment_keys.size());
                for (const AttachmentKeyframe& k : t.attachment_keys) {
                    w_.f32_be(k.time);
                    ref_string(k.name);
                }
                continue;
            }
            w_.count(t.color_keys.size());
            for (std::size_t f = 0; f < t.color_keys.size(); ++f) {
                const ColorKeyframe& k = t.color_keys[f];
                w_.f32_be(k.time);
                w_.u32_be(k.color);
                if (t.type == SlotTimelineType::TwoColor) w_.u32_be(k.dark);
                if (f + 1 < t.color_keys.size()) curve(k.curve);
            }
        }
    }

    w_.count(a.bones.size());
    for (const BoneTimelines& g : a.bones) {
        w_.varint(g.bone);
        w_.count(g.timelines.size());
        for (const BoneTimeline& t : g.timelines) {
            w_.u8(static_cast<std::uint8_t>(t.type));
            w_.count(t.keys.size());
            for (std::size_t f = 0; f < t.keys.size(); ++f) {
                const BoneKeyframe& k = t.keys[f];
                w_.f32_be(k.time);
                w_.f32_be(k.x);
                if (t.type != BoneTimelineType::Rotate) w_.f32_be(k.y);
                if (f + 1 < t.keys.size()) curve(k.curve);
            }
        }
    }

    w_.count(a.ik.size());
    for (const IkTimeline& t : a.ik) {
        w_.varint(t.constraint);
        w_.count(t.keys.size());
        for (std::size_t f = 0; f < t.keys.size(); ++f) {
            const IkKeyframe& k = t.keys[f];
            w_.f32_be(k.time);
            w_.f32_be(k.mix);
            if (!v37_) w_.f32_be(k.softness);
            w_.i8(static_cast<std::int8_t>(k.bend_direction));
            w_.boolean(k.compress);
            w_.boolean(k.stretch);
            if (f + 1 < t.keys.size()) curve(k.curve);
        }
    }

    w_.count(a.transform.size());
    for (const TransformTimeline& t : a.transform) {
        w_.varint(t.constraint);
        w_.count(t.keys.size());
        for (std::size_t f = 0; f < t.keys.size(); ++f) {
            const TransformKeyframe& k = t.keys[f];
            w_.f32_be(k.time);
            w_.f32_be(k.rotate_mix);
            w_.f32_be(k.translate_mix);
            w_.f32_be(k.scale_mix);
            w_.f32_be(k.shear_mix);
            if (f + 1 < t.keys.size()) curve(k.curve);
        }
    }

    w_.count(a.path.size());
    for (const PathTimelines& g : a.path) {
        w_.varint(g.constraint);
        w_.count(g.timelines.size());
        for (const PathTimeline& t : g.timelines) {
            w_.u8(static_cast<std::uint8_t>(t.type));
            w_.count(t.keys.size());
            for (std::size_t f = 0; f < t.keys.size(); ++f) {
                const PathKeyframe& k = t.keys[f];
                w_.f32_be(k.time);
                w_.f32_be(k.a);
                if (t.type == PathTimelineType::Mix) w_.f32_be(k.b);
                if (f + 1 < t.keys.size()) curve(k.curve);
            }
        }
    }

    w_.count(a.deform.size());
    for (const DeformSkin& ds : a.deform) {
        w_.varint(file_skin(ds.skin));
        w_.count(ds.slots.size());
        for (const DeformSlot& dsl : ds.slots) {
            w_.varint(dsl.slot);
            w_.count(dsl.timelines.size());
            for (const DeformTimeline& t : dsl.timelines) {
                ref_string(t.attachment);
                w_.count(t.keys.size());
                for (std::size_t f = 0; f < t.keys.size(); ++f) {
                    const DeformKeyframe& k = t.keys[f];
                    w_.f32_be(k.time);
                    w_.count(k.values.size());
                    if (!k.values.empty()) {
                        w_.varint(k.offset);
                        for (float v : k.values) w_.f32_be(v);
                    }
                    if (f + 1 < t.keys.size()) curve(k.curve);
                }
            }
        }
    }

    write_draw_order_and_events(a);
}

void SkelWriter::write_draw_order_and_events(const Animation& a) {
    w_.count(a.draw_order.size());
    for (const DrawOrderKeyframe& k : a.draw_order) {
        w_.f32_be(k.time);
        w_.count(k.offsets.size());
        for (const DrawOrderOffset& o : k.offsets) {
            w_.varint(o.slot);
            w_.varint(o.offset);
        }
    }

    w_.count(a.events.size());
    for (const EventKeyframe& k : a.events) {
        w_.f32_be(k.time);
        w_.varint(k.event);
        w_.varint(k.int_value, true);
        w_.f32_be(k.float_value);
        w_.boolean(k.string_value.has_value());
        if (k.string_value) w_.spine_string(k.string_value);
        const bool audio = k.event >= 0 && static_cast<std::size_t>(k.event) < sd_.events.size() && sd_.events[k.event].audio;
        if (audio) {
            w_.f32_be(k.volume);
            w_.f32_be(k.balance);
        }
    }
}


std::vector<std::uint8_t> write_skel_or_throw(const SkeletonData& skeleton) {
    // Never write a file in another version's layout: refuse versions the writer has no branches for.
    const Version layout = skeleton.header.data_version;  // the layout the data was read as (docs/spine-model.md)
    if (!reads(layout))
        throw Error(std::string("cannot write Spine ") + version_name(layout) + " binary: rigio writes Spine " +
                    readable_versions() + " .skel");
    return SkelWriter(skeleton, layout).write();
}

}  // namespace

Result<std::vector<std::uint8_t>> write_skel(const SkeletonData& skeleton) {
    return capture([&] { return write_skel_or_throw(skeleton); });
}

std::vector<std::string> skel_first_use_strings(const SkeletonData& skeleton) {
    SkelWriter w(skeleton, skeleton.header.data_version, false);
    w.write_body();
    return {w.strings().begin(), w.strings().end()};
}

}  // namespace rigio::spine
