// Internal: the Spine .skel reader's state, shared by the files that read its parts
// (binary_reader.cpp: header, setup data, skins, attachments; binary_animation_reader.cpp: animations).
#pragma once

#include <string>

#include "rigio/io/byte_reader.hpp"
#include "rigio/spine/model.hpp"

namespace rigio::spine::detail {

class SkelReader {
public:
    explicit SkelReader(std::span<const std::uint8_t> bytes) : r_(bytes) { r_.require_finite_floats(true); }
    SkeletonData read();

private:
    void read_header();
    void read_bones();
    void read_slots();
    void read_ik();
    void read_transform();
    void read_path();
    void read_skins();
    void read_skin_slots(Skin& skin, std::size_t skin_index);
    Attachment read_attachment();
    Vertices read_vertices(int count);
    void read_events();
    void resolve_linked_meshes();

    Animation read_animation(std::size_t number);
    void read_slot_timelines(Animation& a);
    void read_bone_timelines(Animation& a);
    void read_constraint_timelines(Animation& a);
    void read_deform_timelines(Animation& a);
    void read_draw_order(Animation& a);
    void read_event_keys(Animation& a);
    Curve read_curve();

    // Helpers that validate as they read.
    OptString ref_string();
    int index(std::size_t size, const char* what, const char* table);  // varint+ index < size
    std::uint32_t count(std::size_t min_bytes_each, const char* what);  // checked against bytes left
    std::vector<int> index_list(std::size_t size, const char* what, const char* table);
    std::uint32_t enum_value(std::uint32_t max, const char* what);
    const Attachment* find_attachment(const Skin& skin, int slot, const std::string& key) const;

    io::ByteReader r_;
    SkeletonData sd_;
    // Linked meshes seen while reading skins, resolved once every skin is known.
    struct PendingLink {
        std::size_t skin, slot_entry, attachment, at;  // indices into sd_.skins[..].slots[..].attachments, byte offset
    };
    std::vector<PendingLink> links_;
};

}  // namespace rigio::spine::detail
