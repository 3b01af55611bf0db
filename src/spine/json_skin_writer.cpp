// Spine JSON writer: skins and their attachments (mirrors json_skin_reader.cpp field for field).
#include "json_names.hpp"
#include "json_skeleton_writer.hpp"

namespace rigio::spine::detail {

void JsonSkeletonWriter::write_skins() {
    w_.key("skins");
    if (version_ == Version::V37) {  // {skin: {slot: {key: attachment}}}
        w_.begin_object();
        for (const Skin& skin : sd_.skins) {
            w_.key(text(skin.name));
            write_skin_slots(skin);
        }
        w_.end_object();
        return;
    }
    w_.begin_array();
    for (const Skin& skin : sd_.skins) {
        w_.begin_object();
        name_of("name", skin.name);
        auto names = [&](const char* key, const Vector<int>& list, auto name_at) {
            if (list.empty()) return;
            w_.key(key);
            w_.begin_array();
            for (int i : list) w_.string(text(name_at(static_cast<std::size_t>(i))));
            w_.end_array();
        };
        names("bones", skin.bones, [&](std::size_t i) -> const OptString& { return sd_.bones[i].name; });
        names("ik", skin.ik, [&](std::size_t i) -> const OptString& { return sd_.ik[i].name; });
        names("transform", skin.transform, [&](std::size_t i) -> const OptString& { return sd_.transform[i].name; });
        names("path", skin.path, [&](std::size_t i) -> const OptString& { return sd_.path[i].name; });
        if (version_ == Version::V42) names("physics", skin.physics, [&](std::size_t i) -> const OptString& { return sd_.physics[i].name; });
        if (!skin.slots.empty()) {
            w_.key("attachments");
            write_skin_slots(skin);
        }
        if (version_ == Version::V42) color_unless("color", skin.color, Skin{}.color);
        extras(skin.json_extra);
        w_.end_object();
    }
    w_.end_array();
}

void JsonSkeletonWriter::write_skin_slots(const Skin& skin) {
    w_.begin_object();
    for (const SkinSlot& ss : skin.slots) {
        w_.key(text(sd_.slots[static_cast<std::size_t>(ss.slot)].name));
        w_.begin_object();
        for (const SkinAttachment& sa : ss.attachments) {
            w_.key(text(sa.key));
            write_attachment(sa.attachment, sa.key);
        }
        w_.end_object();
    }
    w_.end_object();
}

void JsonSkeletonWriter::write_attachment(const Attachment& a, const OptString& key) {
    w_.begin_object();
    // The name and path are written only where they differ from what they default to (key, name).
    const OptString& name = a.name ? a.name : key;
    if (a.name && a.name != key) str("name", a.name);
    if (a.type != AttachmentType::Region) w_.member("type", kAttachmentTypeNames[static_cast<std::size_t>(a.type)]);
    switch (a.type) {
        case AttachmentType::Region:
            if (a.path && a.path != name) str("path", a.path);
            color_unless("color", a.color, 0xFFFFFFFFu);
            num_unless("x", a.x, 0, 2);
            num_unless("y", a.y, 0, 2);
            num_unless("scaleX", a.scale_x, 1, scale_places());
            num_unless("scaleY", a.scale_y, 1, scale_places());
            num_unless("rotation", a.rotation, 0, 2);
            num_present("width", a.width, a.json_absent, kAbsentWidth);
            num_present("height", a.height, a.json_absent, kAbsentHeight);
            write_sequence(a);
            break;
        case AttachmentType::BoundingBox:
            w_.member("vertexCount", a.vertices.count);
            write_vertices(a.vertices);
            color_unless("color", a.color, default_attachment_color(a.type));
            break;
        case AttachmentType::Mesh:
            if (a.path && a.path != name) str("path", a.path);
            color_unless("color", a.color, 0xFFFFFFFFu);
            w_.key("uvs");
            w_.begin_array();
            for (float f : a.uvs) value(f);
            w_.end_array();
            w_.key("triangles");
            w_.begin_array();
            for (auto t : a.triangles) w_.integer(t);
            w_.end_array();
            write_vertices(a.vertices);
            w_.member("hull", a.hull);
            if (!a.edges.empty()) {
                w_.key("edges");
                w_.begin_array();
                for (auto e : a.edges) w_.integer(e);
                w_.end_array();
            }
            num_present("width", a.width, a.json_absent, kAbsentWidth);
            num_present("height", a.height, a.json_absent, kAbsentHeight);
            write_sequence(a);
            break;
        case AttachmentType::LinkedMesh:
            if (a.path && a.path != name) str("path", a.path);
            color_unless("color", a.color, 0xFFFFFFFFu);
            str("skin", a.parent_skin);
            str("parent", a.parent);
            flag_unless(version_ >= Version::V41 ? "timelines" : "deform", a.deform, true);
            num_present("width", a.width, a.json_absent, kAbsentWidth);
            num_present("height", a.height, a.json_absent, kAbsentHeight);
            write_sequence(a);
            break;
        case AttachmentType::Path:
            flag_unless("closed", a.closed, false);
            flag_unless("constantSpeed", a.constant_speed, true);
            w_.key("lengths");
            w_.begin_array();
            for (float f : a.lengths) value(f);
            w_.end_array();
            w_.member("vertexCount", a.vertices.count);
            write_vertices(a.vertices);
            color_unless("color", a.color, default_attachment_color(a.type));
            break;
        case AttachmentType::Point:
            num_unless("x", a.x, 0, 2);
            num_unless("y", a.y, 0, 2);
            num_unless("rotation", a.rotation, 0, 2);
            color_unless("color", a.color, default_attachment_color(a.type));
            break;
        case AttachmentType::Clipping:
            if (a.end_slot >= 0) slot_name("end", a.end_slot);
            w_.member("vertexCount", a.vertices.count);
            write_vertices(a.vertices);
            color_unless("color", a.color, default_attachment_color(a.type));
            break;
    }
    extras(a.json_extra);
    w_.end_object();
}

void JsonSkeletonWriter::write_sequence(const Attachment& a) {
    if (!a.sequence || version_ < Version::V41) return;
    const Sequence& q = *a.sequence;
    w_.key("sequence");
    w_.begin_object();
    w_.member("count", q.count);
    if (q.start != 1) w_.member("start", q.start);
    if (q.digits != 0) w_.member("digits", q.digits);
    if (q.setup_index != 0) w_.member("setup", q.setup_index);
    extras(q.json_extra);
    w_.end_object();
}

void JsonSkeletonWriter::write_vertices(const Vertices& v) {
    w_.key("vertices");
    w_.begin_array();
    if (!v.weighted) {
        for (float f : v.values) value(f);
    } else {
        std::size_t b = 0, x = 0;
        for (int vertex = 0; vertex < v.count && b < v.bones.size(); ++vertex) {
            int n = v.bones[b++];
            w_.integer(n);
            for (int i = 0; i < n && b < v.bones.size() && x + 3 <= v.values.size(); ++i) {
                w_.integer(v.bones[b++]);
                value(v.values[x++]);
                value(v.values[x++]);
                value(v.values[x++]);
            }
        }
    }
    w_.end_array();
}

}  // namespace rigio::spine::detail
