// Internal: the Spine JSON writer's state, shared by the files that write its parts
// (json_writer.cpp: header, bones, slots, constraints, events; json_skin_writer.cpp: skins and
// attachments; json_animation_writer.cpp: animations). Each mirrors the reader of the same part.
#pragma once

#include <initializer_list>
#include <string>
#include <string_view>

#include "json_names.hpp"
#include "rigio/io/json_writer.hpp"
#include "rigio/spine/json.hpp"
#include "rigio/spine/version.hpp"

namespace rigio::spine::detail {

class JsonSkeletonWriter {
public:
    JsonSkeletonWriter(const SkeletonData& sd, std::string& out, const JsonWriteOptions& options)
        : sd_(sd), w_(out), rounding_(options.editor_rounding), version_(sd.header.data_version) {}
    void write();

private:
    // json_writer.cpp
    void write_header();
    void write_bones();
    void write_slots();
    void write_ik();
    void write_transform();
    void write_path();
    void write_events();

    // json_physics_writer.cpp (4.2)
    void write_physics();
    void write_physics_timelines(const Animation& a);
    void write_mass(float mass_inverse);
    void write_constraint_common(const OptString& name, int order, bool skin_required, const Vector<int>& bones);

    // json_skin_writer.cpp
    void write_skins();
    void write_skin_slots(const Skin& skin);
    void write_attachment(const Attachment& a, const OptString& key);
    void write_vertices(const Vertices& v);
    void write_sequence(const Attachment& a);  // 4.1+

    // json_animation_writer.cpp
    void write_animation(const Animation& a);
    void write_slot_timelines(const Animation& a);
    void write_bone_timelines(const Animation& a);
    void write_ik_timelines(const Animation& a);
    void write_transform_timelines(const Animation& a);
    void write_path_timelines(const Animation& a);
    void write_deform_timelines(const Animation& a);
    void write_deform_keys(const DeformTimeline& t, const std::string& pointer);

    // json_animation4_writer.cpp
    void write_slot_timelines4(const Animation& a);
    void write_bone_timelines4(const Animation& a);
    void write_attachment_timelines(const Animation& a);
    void write_draw_order(const Animation& a);
    void write_event_keys(const Animation& a);
    // In the form of the version written. `still`: the key's values equal the next key's (see curve_of).
    void write_curve(CurveView c, bool still = false);
    // The curve of keys[i]. With editor rounding, a linear transition to a next key holding the same
    // values is written "stepped", as the editor's JSON export does (its .skel keeps it linear; both
    // give the same pose). Seen in every corpus version: 3.7 spinosaurus-ess scale and colour keys,
    // 4.2 raptor-pro's gun-holster IK key 0; no corpus JSON writes such a transition linear.
    template <class Key>
    void write_curve_of(const Vector<Key>& keys, std::size_t i) {
        write_curve(keys[i].curve, rounding_ && i + 1 < keys.size() && keys[i].curve.type == CurveType::Linear &&
                                       same_values(keys[i], keys[i + 1]));
    }
    template <class Key>
    static bool same_values(Key a, Key b) {  // every member but time and curve
        a.time = b.time = 0;
        a.curve = b.curve = {};
        return a == b;
    }

    // helpers
    // A float as the editor writes it: shortest exact digits; below 0.001 and from 10^7 on in the
    // editor's (Java's) scientific form "3.0E-5", which any JSON reader accepts.
    void value(float v);
    void num(std::string_view key, float v) {
        w_.key(key);
        value(v);
    }
    // Writes key: v unless v is the default. With editor rounding, "is the default" means "the editor,
    // which rounds this field to `decimals` places, would write the default and so omit it".
    void num_unless(std::string_view key, float v, float fallback, int decimals) {
        if (v == fallback) return;
        if (rounding_ && is_rounded_default(v, fallback, decimals)) return;
        num(key, v);
    }
    static bool is_rounded_default(float v, float fallback, int decimals);
    // The places the editor rounds scales and constraint mixes to: 3 in 3.7 (its bone and attachment
    // scales, path spacing and transform-key mixes have at most 3 decimals), 4 from 3.8 on.
    int scale_places() const { return version_ == Version::V37 ? 3 : 4; }
    // Writes key: v unless the JSON this model was read from left the field out (`absent` has `bit`).
    void num_present(std::string_view key, float v, JsonAbsent absent, JsonAbsent bit) {
        if (!(absent & bit)) num(key, v);
    }
    // 3.7 writes every key's time, 3.8 on omit a time of 0.
    void time(float t) {
        if (version_ == Version::V37) num("time", t);
        else num_unless("time", t, 0, 4);
    }
    void str(std::string_view key, const OptString& s) {
        if (s) w_.member(key, std::string_view(*s));
    }
    void str_or_null(std::string_view key, const OptString& s) {
        w_.key(key);
        if (s) w_.string(*s);
        else w_.null();
    }
    void flag_unless(std::string_view key, bool v, bool fallback) {
        if (v != fallback) w_.member(key, v);
    }
    void color_unless(std::string_view key, Rgba c, Rgba fallback);
    // Unknown keys of the keyframe at `tokens` (its path in the current animation), after the known ones.
    bool has_key_extras() const { return key_extra_ && !key_extra_->empty(); }
    void key_extras(std::initializer_list<std::string_view> tokens);
    void key_extras_at(const std::string& pointer);
    // Unknown keys kept by the reader, after the known ones.
    void extras(const JsonExtras& e) {
        for (const JsonExtra& x : e) {
            w_.key(x.key);
            w_.raw(x.value);
        }
    }
    void name_of(std::string_view key, const OptString& name) { w_.member(key, name ? name->view() : std::string_view()); }
    void bone_name(std::string_view key, int i) { name_of(key, sd_.bones[static_cast<std::size_t>(i)].name); }
    void slot_name(std::string_view key, int i) { name_of(key, sd_.slots[static_cast<std::size_t>(i)].name); }
    static std::string_view text(const OptString& s) { return s ? std::string_view(*s) : std::string_view(); }

    const SkeletonData& sd_;
    io::JsonWriter w_;
    bool rounding_;
    Version version_;
    const Vector<KeyJsonExtra>* key_extra_ = nullptr;  // of the animation being written
    std::vector<bool> key_extra_written_;                    // which of them are written already
};

}  // namespace rigio::spine::detail
