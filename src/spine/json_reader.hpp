// Internal: the Spine JSON reader's state, shared by the files that read its parts
// (json_reader.cpp: header, bones, slots, constraints, events, helpers; json_skin_reader.cpp: skins and
// attachments; json_animation_reader.cpp: animations). The writers in json_writer*.cpp mirror them.
#pragma once

#include <functional>
#include <initializer_list>
#include <string>
#include <string_view>

#include "json_name_index.hpp"
#include "json_names.hpp"
#include "rigio/io/json_input.hpp"
#include "rigio/spine/json.hpp"
#include "rigio/spine/version.hpp"

namespace rigio::spine::detail {

using JEl = simdjson::dom::element;
using JObj = simdjson::dom::object;
using JArr = simdjson::dom::array;

// Numbers below this magnitude round to a finite float32 (it is halfway between the largest float and
// 2^128), so the shortest text of FLT_MAX, 3.4028235E38, is accepted although it exceeds FLT_MAX.
inline constexpr double kFloatLimit = 3.4028235677973366e38;
inline bool fits_float(double d) { return d < kFloatLimit && d > -kFloatLimit; }

class JsonSkeletonReader {
public:
    JsonSkeletonReader(std::string_view text, const JsonReadOptions& options) : text_(text), options_(options), path_(text) {}
    SkeletonData read();

private:
    using Scope = io::JsonPath::Scope;

    // json_reader.cpp
    void detect_version(JObj root);
    void read_header(JEl e);
    void read_bones(JEl e);
    void read_slots(JEl e);
    void read_ik(JEl e);
    void read_transform(JEl e);
    void read_path(JEl e);
    void read_events(JEl e);

    // json_physics_reader.cpp (4.2)
    void read_physics(JEl e);
    void read_physics_timelines(Animation& a, JObj o);
    void read_constraint_common(JObj o, OptString& name, int& order, bool& skin_required, std::vector<int>& bones,
                                NameIndex& index, int number);

    // json_skin_reader.cpp
    void read_skins(JEl e);
    Skin read_skin(JObj o, std::size_t skin_index);
    void read_skin_slots(Skin& skin, JObj slots, std::size_t skin_index);
    Attachment read_attachment(JObj o, std::string_view key);
    Vertices read_vertices(JObj o, int vertex_count);
    void resolve_linked_meshes();

    // json_animation_reader.cpp
    Animation read_animation(std::string_view name, JEl e);
    void read_slot_timelines(Animation& a, JObj o);
    void read_bone_timelines(Animation& a, JObj o);
    void read_ik_timelines(Animation& a, JObj o);
    void read_transform_timelines(Animation& a, JObj o);
    void read_path_timelines(Animation& a, JObj o);
    void read_deform_timelines(Animation& a, JObj o);
    // Keys of one deform timeline of `target` (3.x and 4.0 "deform", 4.1+ "attachments"/.../"deform").
    void read_deform_keys(Animation& a, JEl keys, const Attachment& target, DeformTimeline& t);
    const Attachment& timeline_attachment(const Skin& skin, int slot, const OptString& key);

    // json_animation4_reader.cpp: the 4.x timelines whose keys differ from 3.x
    void read_slot_timelines4(Animation& a, JObj o);
    void read_bone_timelines4(Animation& a, JObj o);
    void read_attachment_timelines(Animation& a, JObj o);  // 4.1+: deform and sequence
    // A key's curve: 3.x one Bezier in fractions; 4.x `channels` Beziers in absolute units.
    Curve key_curve(JObj key, int channels) { return is_4x(version_) ? read_bezier(key, channels) : read_curve(key); }
    Curve read_bezier(JObj key, int channels);
    void read_draw_order(Animation& a, JArr keys);
    void read_event_keys(Animation& a, JArr keys);
    Curve read_curve(JObj key);
    // Calls f(key object) for each keyframe of the timeline array `e`, with the path at that key.
    template <class F>
    void each_key(JEl e, F&& f) {
        std::size_t i = 0;
        io::tape::each(array(e), [&](JEl k) {
            Scope s(path_, i++);
            f(object(k));
        });
    }
    // The same, first reserving room in `keys` for every keyframe of the timeline (one allocation, not
    // one per doubling).
    template <class K, class F>
    void each_key(JEl e, std::vector<K>& keys, F&& f) {
        JArr arr = array(e);
        keys.reserve(keys.size() + arr.size());
        std::size_t i = 0;
        io::tape::each(arr, [&](JEl k) {
            Scope s(path_, i++);
            f(object(k));
        });
    }
    // known_keys for a keyframe (or draw-order offset) at the current path: unknown keys are filed with
    // the animation under the keyframe's path relative to it.
    void keyframe_keys(Animation& a, JObj k, std::initializer_list<std::string_view> known) {
        JsonExtras extra;
        known_keys(k, known, &extra);
        if (extra.empty()) return;
        std::string pointer = path_.pointer().substr(animation_path_size_);
        // A timeline named twice in its map gives its keys the paths of the first one's: keys kept there
        // would come back on the other timeline, so they are refused rather than moved.
        for (const KeyJsonExtra& k : a.json_key_extra)
            if (k.pointer == pointer) fail("unknown keys in a timeline named twice in its object cannot be kept: remove one of them");
        a.json_key_extra.push_back({std::move(pointer), std::move(extra)});
    }

    // ---- helpers (json_reader.cpp); each fails with the path of the value at fault ----
    JObj object(JEl e) { return io::as_object(e, path_); }
    JArr array(JEl e) { return io::as_array(e, path_); }
    JObj object_at(JObj o, std::string_view key);  // a member that must be an object
    JArr array_at(JObj o, std::string_view key);   // a member that must be an array
    // The first member of `o` named `key` (as io::member), from the member table (see Members below).
    std::optional<JEl> member(JObj o, std::string_view key) {
        const io::tape::Ref r = io::tape::ref(o);
        if (r.json_index != members_.object) [[unlikely]]
            gather_members(o);
        if (members_.count > Members::kMax) [[unlikely]]
            return member_on_tape(o, key);
        const std::uint32_t tag = Members::tag(key.data(), key.size());
        if (!(members_.present & Members::bit(tag))) return std::nullopt;  // most fields asked for are absent
        const Members::Entry* e = members_.entries;
        for (const Members::Entry* end = e + members_.count; e != end; ++e)
            if (e->tag == tag && io::tape::same({e->key, key.size()}, key)) return io::tape::element(r.doc, e->value);
        return std::nullopt;
    }
    std::optional<JEl> member_on_tape(JObj o, std::string_view key);
    void gather_members(JObj o);
    std::optional<JEl> get(JObj o, std::string_view key);  // absent or null: nullopt
    JEl required(JObj o, std::string_view key);
    float number(JEl e);  // a float32 (path already at e)
    float number(JObj o, std::string_view key, float fallback);
    int integer(JEl e, long min, long max);  // path already at e
    // Element `i` of the array at the current path; the path is extended only to report a failure
    // (these are the hot loops over vertex arrays).
    // Fast path inline: a number on the tape that fits; anything else is read (and refused) by the
    // out-of-line *_slow, which extends the path with the index.
    float number_at(JEl e, std::size_t i) {
        double d;
        if (io::tape::number(e, d) && fits_float(d)) return static_cast<float>(d);
        return number_at_slow(e, i);
    }
    int integer_at(JEl e, std::size_t i, long min, long max) {
        std::int64_t v;
        if (io::tape::int64(e, v) && v >= min && v <= max) return static_cast<int>(v);
        return integer_at_slow(e, i, min, max);
    }
    float number_at_slow(JEl e, std::size_t i);
    int integer_at_slow(JEl e, std::size_t i, long min, long max);
    // Appends every element of the array at the current path (uvs, vertices, a deform key, a curve):
    // float32 numbers, or vertex indices 0 to `max`.
    template <class Floats>
    void numbers(JArr a, Floats& out) {
        out.reserve(out.size() + a.size());
        std::size_t i = 0;
        io::tape::each(a, [&](JEl e) { out.push_back(number_at(e, i++)); });
    }
    void indices(JArr a, std::vector<std::uint16_t>& out, long max) {
        out.reserve(out.size() + a.size());
        std::size_t i = 0;
        io::tape::each(a, [&](JEl e) { out.push_back(static_cast<std::uint16_t>(integer_at(e, i++, 0, max))); });
    }
    int integer(JObj o, std::string_view key, int fallback, long min, long max);
    bool flag(JObj o, std::string_view key, bool fallback);
    OptString string(JObj o, std::string_view key);  // absent or null: nullopt
    std::string required_string(JObj o, std::string_view key);
    Rgba color(JObj o, std::string_view key, Rgba fallback);          // "RRGGBBAA"
    std::uint32_t rgb(JObj o, std::string_view key, std::uint32_t fallback);  // "RRGGBB"
    template <class Enum, class Names>
    Enum name_enum(JObj o, std::string_view key, Enum fallback, const Names& names, const char* what);
    // Index of the name held by member `key` in `index`; fails naming `what` when unknown.
    int lookup(const NameIndex& index, JObj o, std::string_view key, const char* what);
    int lookup_name(const NameIndex& index, std::string_view name, const char* what);  // path at the name
    std::vector<int> lookup_list(const NameIndex& index, JObj o, std::string_view key, const char* what);
    void add_name(NameIndex& index, const OptString& name, int i, const char* what);
    // Which of width, height (and with `position`, x, y) `o` leaves out.
    JsonAbsent absent_fields(JObj o, bool position);
    // Keys of `o` not in `known`: kept in `keep` when given (else skipped), and reported as warnings.
    void known_keys(JObj o, std::initializer_list<std::string_view> known, JsonExtras* keep = nullptr);
    void unknown_key(std::string_view k, JEl value, JsonExtras* keep);  // kept and/or reported
    [[noreturn]] void fail(const std::string& message) const { path_.fail(message); }

private:
    std::string_view text_;
    const JsonReadOptions& options_;
    Version version_ = Version::V38;  // the layout being read, decided by detect_version before anything else
    io::JsonPath path_;
    SkeletonData sd_;
    NameIndex bones_, slots_, ik_, transform_, paths_, physics_, skins_, events_;
    std::size_t warned_ = 0;
    std::size_t animation_path_size_ = 0;  // length of the current animation's JSON pointer

    struct PendingLink {
        std::size_t skin, slot_entry, attachment;
        std::string pointer;  // JSON path of the linked mesh, for errors
    };
    std::vector<PendingLink> links_;

    // The members of the object last looked up in (or checked by known_keys), gathered in one pass over
    // the tape: a reader asks an object for each of its fields in turn (most of them absent), and a
    // lookup in this table compares one word per member (the key's length and first byte) where a walk
    // of the tape would decode each member's key and step over its value. Objects of more than kMax
    // members (maps of names) are looked up on the tape. The table keeps the members in order, so the
    // first member of a name is found, as on the tape.
    struct Members {
        static constexpr std::uint32_t kMax = 32;
        struct Entry {
            std::uint32_t tag;    // tag() of the key
            std::uint32_t value;  // tape index of the member's value
            const char* key;
        };
        // A key's length and first byte: equal for equal keys, and different for most pairs of keys an
        // object holds.
        static std::uint32_t tag(const char* key, std::size_t size) {
            return static_cast<std::uint32_t>(size) << 8 | (size ? static_cast<unsigned char>(key[0]) : 0u);
        }
        // A bit of `present` for a tag: the table holds no key of a tag whose bit is clear.
        static std::uint64_t bit(std::uint32_t tag) { return std::uint64_t{1} << ((tag + (tag >> 8) * 11) & 63); }
        std::size_t object = 0;  // tape index of the object's '{' (0, the root word, is never an object)
        std::uint64_t present = 0;  // bit(tag) of every key in the table
        std::uint32_t count = 0;  // kMax + 1: more than kMax members, not gathered
        Entry entries[kMax];
    };
    Members members_;
};

template <class Enum, class Names>
Enum JsonSkeletonReader::name_enum(JObj o, std::string_view key, Enum fallback, const Names& names, const char* what) {
    auto e = get(o, key);
    if (!e) return fallback;
    Scope s(path_, key);
    std::string_view v = io::as_string(*e, path_);
    for (std::size_t i = 0; i < names.size(); ++i)
        if (names[i] == v) return static_cast<Enum>(i);
    std::string list;
    for (auto n : names) list += (list.empty() ? "" : ", ") + std::string(n);
    fail(std::string("unknown ") + what + " \"" + std::string(v.substr(0, 40)) + "\" (expected one of " + list + ")");
}

}  // namespace rigio::spine::detail
