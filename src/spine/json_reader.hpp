// Internal: the Spine JSON reader's state, shared by the files that read its parts
// (json_reader.cpp: header, bones, slots, constraints, events; json_reader_helpers.cpp: the helpers;
// json_skin_reader.cpp: skins and attachments; json_animation_reader.cpp: animations). The writers in
// json_writer*.cpp mirror them.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>

#include "json_keys.hpp"
#include "json_name_index.hpp"
#include "json_names.hpp"
#include "json_plain_keys.hpp"
#include "rigio/io/json_input.hpp"
#include "rigio/spine/json.hpp"
#include "rigio/spine/version.hpp"

namespace rigio::spine::detail {

using JEl = simdjson::dom::element;
using JObj = simdjson::dom::object;
using JArr = simdjson::dom::array;

// A member about to be read: its value (when there is one) and its key, for the path of errors.
struct Field {
    std::optional<simdjson::dom::element> value;
    std::string_view key;
};

class JsonSkeletonReader {
public:
    JsonSkeletonReader(std::string_view text, const JsonReadOptions& options) : text_(text), options_(options), path_(text) {}
    SkeletonData read();

private:
    void read_document(const io::JsonDocument& doc);
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
    void read_constraint_common(JObj o, OptString& name, int& order, bool& skin_required, Vector<int>& bones,
                                NameIndex& index, int number);

    // json_skin_reader.cpp
    void read_skins(JEl e);
    Skin read_skin(JObj o, std::size_t skin_index);
    void read_skin_slots(Skin& skin, JObj slots, std::size_t skin_index);
    void read_attachment(Attachment& a, JObj o, std::string_view key);  // `a`: default-constructed, filled in place
    Vertices read_vertices(Field vertices, int vertex_count);
    static bool weighted_from_tape(const std::uint64_t* p, const std::uint64_t* end, std::size_t count, int bone_count, Vertices& v);
    void resolve_linked_meshes();

    // json_animation_reader.cpp
    Animation read_animation(std::string_view name, JEl e);
    void read_slot_timelines(Animation& a, JObj o);
    void read_bone_timelines(Animation& a, JObj o);
    bool plain_bone_key3(const simdjson::dom::document& doc, std::size_t open, bool rotate, float fallback, BoneKeyframe& key);  // the quick path (see plain_members)
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
    bool plain_bone_key4(const simdjson::dom::document& doc, std::size_t open, bool two, float fallback, BoneKeyframe& key);
    void read_attachment_timelines(Animation& a, JObj o);  // 4.1+: deform and sequence
    // A key's curve: 3.x one Bezier in fractions; 4.x `channels` Beziers in absolute units, built in place
    // as the key's curve type C (Curve, or Curve2: model.hpp). key_curve: IK and deform keys (Curve2).
    Curve2 key_curve(JObj key, int channels) { return is_4x(version_) ? read_bezier<Curve2>(key, channels) : read_curve<Curve2>(key); }
    // The same from fields: `curve` is the index of "curve", followed by "c2", "c3", "c4" (Keys::curve()).
    Curve2 key_curve(const Fields& k, std::uint32_t curve, int channels) {
        return is_4x(version_) ? read_bezier<Curve2>(at(k, curve), channels) : read_curve<Curve2>(k, curve);
    }
    template <class C = Curve> C read_bezier(Field curve, int channels);
    template <class C = Curve>
    C read_bezier(JObj key, int channels) { return read_bezier<C>(at(key, "curve"), channels); }
    void read_draw_order(Animation& a, JArr keys);
    void read_event_keys(Animation& a, JArr keys);
    template <class C = Curve> C read_curve(JObj key);
    template <class C = Curve> C read_curve(const Fields& k, std::uint32_t curve);
    // The 3.x curve from the member "curve" and its handles (handle(2) is c2, ...).
    template <class C, class Handle>
    C read_curve(Field curve, Handle&& handle);
    // Calls f(key object) for each keyframe of the timeline array `e`, with the path at that key.
    // A timeline whose keyframes were all found free of duplicate keys is noted free of them too, so
    // that the document's duplicate-key check steps over it whole (see verified).
    template <class F>
    void each_key(JEl e, F&& f) {
        JArr arr = array(e);
        std::size_t i = 0;
        bool all_verified = true;
        io::tape::each(arr, [&](JEl k) {
            Scope s(path_, i++);
            f(object(k));
            all_verified &= is_verified(k);
        });
        if (all_verified) mark_verified(io::tape::ref(arr).json_index);
    }
    // The same, first reserving room in `keys` for every keyframe of the timeline (one allocation, not
    // one per doubling).
    template <class K, class F>
    void each_key(JEl e, Vector<K>& keys, F&& f) {
        keys.reserve(keys.size() + array(e).size());
        each_key(e, std::forward<F>(f));
    }
    // each_key for a timeline whose keyframes are mostly plain (see plain_members): for each keyframe,
    // a key is made in `keys` and `plain(doc, open, key)` reads it from the tape word of its '{' at `open`,
    // true when it took it (and noted it free of duplicate keys); otherwise the key is made afresh and
    // `f(object, key)` reads it the general way, with the path at that keyframe (only then: a plain
    // keyframe cannot fail).
    template <class K, class Plain, class F>
    void each_plain_key(JEl e, Vector<K>& keys, Plain&& plain, F&& f) {
        const JArr arr = array(e);
        const io::tape::Ref r = io::tape::ref(arr);
        const std::uint64_t* t = r.doc->tape.get();
        const std::size_t close = io::tape::close_of(t[r.json_index]);  // the ']'
        keys.reserve(keys.size() + arr.size());
        bool all_verified = true;
        std::size_t i = 0;
        for (std::size_t at = r.json_index + 1; at < close; at = io::tape::after(t, at), ++i) {
            K& key = keys.emplace_back();  // (in the room reserved: no move)
            if (io::tape::type_of(t[at]) == '{' && plain(*r.doc, at, key)) continue;
            key = K{};  // (the quick path may have written some of it)
            Scope s(path_, i);
            const JEl k = io::tape::element(r.doc, at);
            f(object(k), key);
            all_verified &= is_verified(k);
        }
        if (all_verified) mark_verified(r.json_index);
    }
    // known_keys for a keyframe (or draw-order offset) at the current path: unknown keys are filed with
    // the animation under the keyframe's path relative to it.
    void keyframe_keys(Animation& a, JObj k, std::initializer_list<std::string_view> known) {
        JsonExtras extra;
        known_keys(k, known, &extra);
        if (extra.empty()) return;
        file_key_extra(a, std::move(extra), io::tape::ref(k));
    }

    // ---- helpers (json_reader_helpers.cpp); each fails with the path of the value at fault ----
    // Fast path inline (every keyframe is an object, every timeline an array): the element is the
    // container itself (see io::tape); anything else is refused out of line by io::as_object / as_array.
    JObj object(JEl e) {
        const io::tape::Ref r = io::tape::ref(e);
        if (io::tape::type_of(r.doc->tape[r.json_index]) == '{') [[likely]]
            return std::bit_cast<JObj>(r);
        return io::as_object(e, path_);
    }
    JArr array(JEl e) {
        const io::tape::Ref r = io::tape::ref(e);
        if (io::tape::type_of(r.doc->tape[r.json_index]) == '[') [[likely]]
            return std::bit_cast<JArr>(r);
        return io::as_array(e, path_);
    }
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

    // The members of `o` matched to `keys` in one walk (see Fields); `known`: the keys this version
    // knows (3.x Bezier handles are unknown in 4.x whatever it says). Unknown keys are reported by
    // unknown_keys / keyframe_keys, called where the reader checks them.
    template <std::size_t N>
    Fields fields(JObj o, const Keys<N>& keys, std::uint32_t known) {
        Fields f;
        match_fields(o, keys.names.data(), keys.hash, static_cast<std::uint32_t>(N), is_4x(version_) ? known & ~keys.handles : known, f);
        return f;
    }
    template <std::size_t N>
    Fields fields(JObj o, const Keys<N>& keys) {
        return fields(o, keys, keys.all());
    }
    void match_fields(JObj o, const std::string_view* names, const KeyHash& hash, std::uint32_t count, std::uint32_t known, Fields& f);
    // Notes that the object of `f`, now read, holds no duplicate key anywhere inside, when it is clean and
    // its only containers are fields of `arrays`, arrays the reader has read whole as numbers (which it
    // refuses otherwise): the document's duplicate-key check then steps over it (see read()). Objects
    // that hold no container are noted by match_fields itself.
    void verified(const Fields& f, std::uint32_t arrays) {
        if (f.clean && f.containers && !(f.containers & ~arrays)) mark_verified(f.object);
    }
    // Notes, as a reader walks the members of a map (an object of names: skins' slots and attachments,
    // animations' timeline groups), whether the map holds no duplicate key anywhere inside: its own keys
    // (unless `keys` is false: a timeline map may repeat them) have distinct fingerprint bits, or are found
    // distinct, and every value that is a container was noted free of them. done() then notes the map so
    // that the document's duplicate-key check steps over it.
    struct MapCheck {
        std::uint64_t seen = 0, repeats = 0;  // fingerprint bits of the keys (as match_fields)
        bool clean = true;
    };
    void map_member(MapCheck& m, bool keys, std::string_view key, JEl value) {
        if (keys) {
            const std::uint64_t last = key.empty() ? 0u : static_cast<unsigned char>(key.back());
            const std::uint64_t bit = std::uint64_t{1} << ((key.size() | last << 8) * 0x9E3779B97F4A7C15ull >> 58);
            m.repeats |= m.seen & bit;
            m.seen |= bit;
        }
        const io::tape::Ref r = io::tape::ref(value);
        if (io::tape::is_container(r.doc->tape[r.json_index])) m.clean &= is_verified(value);
    }
    // The same for a map whose keys are names of `index` (slots, skins), each found there as `found`:
    // keys are distinct when the indices they name are, which `seen` tells exactly (fingerprints of
    // the many keys of such maps agree often, and each agreement cost a sort of the map's keys).
    struct IndexSet {
        std::vector<std::uint64_t> words;  // bit i: index i was named (found indices: inside the size)
        void reset(std::size_t size) { words.assign((size + 63) / 64, 0); }
    };
    void map_member(MapCheck& m, IndexSet& seen, int found, JEl value) {
        std::uint64_t& w = seen.words[static_cast<std::size_t>(found) >> 6];
        if (w >> (found & 63) & 1) m.repeats = 1;
        w |= std::uint64_t{1} << (found & 63);
        map_member(m, false, {}, value);
    }
    void map_done(const MapCheck& m, JObj o) {
        if (m.clean && (!m.repeats || io::keys_distinct(o))) mark_verified(io::tape::ref(o).json_index);
    }
    // The bit of the container whose opening word is at tape index `i`.
    void mark_verified(std::size_t i) { verified_[i >> 6] |= std::uint64_t{1} << (i & 63); }
    bool is_verified(JEl e) const {
        const std::size_t i = io::tape::ref(e).json_index;
        return verified_[i >> 6] >> (i & 63) & 1;
    }
    // Members of the object of `f` that are not known keys: kept in `keep` when given, and reported as
    // warnings (as known_keys).
    void unknown_keys(const Fields& f, JsonExtras* keep) {
        if (f.unknown) [[unlikely]]
            report_unknown_keys(f, keep);
    }
    void report_unknown_keys(const Fields& f, JsonExtras* keep);
    // The same for a keyframe (see keyframe_keys).
    void keyframe_keys(Animation& a, const Fields& k) {
        if (!k.unknown) return;
        JsonExtras extra;
        report_unknown_keys(k, &extra);
        file_key_extra(a, std::move(extra), io::tape::Ref(k.doc, k.object));
    }

    // A member to read, by name (looked up) or as a field of `f`.
    Field at(JObj o, std::string_view key) { return {member(o, key), key}; }
    static Field at(const Fields& f, std::uint32_t i) {
        if (!f.has(i)) return {std::nullopt, f.names[i]};
        return {io::tape::element(f.doc, f.value[i]), f.names[i]};
    }

    // Each reading helper takes the member as a Field; the overloads name it by key in an object, or
    // by index in a Fields (those answer an absent field inline, with no call: most fields are absent;
    // and the values most fields hold, read from the tape: strings, colours and names by field_string).
    static bool field_string(const Fields& f, std::uint32_t i, std::string_view& out) {  // false: absent or no string
        return f.has(i) && io::tape::string(io::tape::element(f.doc, f.value[i]), out);
    }
    std::optional<JEl> get(Field m) {  // absent or null: nullopt
        if (!m.value || m.value->is_null()) return std::nullopt;
        return m.value;
    }
    std::optional<JEl> get(JObj o, std::string_view key) { return get(at(o, key)); }
    std::optional<JEl> get(const Fields& f, std::uint32_t i) { return f.has(i) ? get(at(f, i)) : std::nullopt; }
    JEl required(Field m) {
        if (!m.value) [[unlikely]]
            missing(m.key);
        return *m.value;
    }
    JEl required(JObj o, std::string_view key) { return required(at(o, key)); }
    [[noreturn]] void missing(std::string_view key) const;
    JObj object_at(JObj o, std::string_view key);  // a member that must be an object
    JArr array_at(Field m);                        // a member that must be an array
    JArr array_at(JObj o, std::string_view key) { return array_at(at(o, key)); }
    JArr array_at(const Fields& f, std::uint32_t i) {
        if (f.has(i) && io::tape::type_of(f.doc->tape[f.value[i]]) == '[') return std::bit_cast<JArr>(io::tape::Ref(f.doc, f.value[i]));
        return array_at(at(f, i));
    }
    float number(JEl e);  // a float32 (path already at e)
    // Fast path inline: any JSON number as a double, read from the tape (anything else is read, and
    // refused, by number_slow with the path at the key).
    float number(Field m, float fallback) {
        if (!m.value) return fallback;
        double d;
        if (io::tape::number(*m.value, d) && fits_float(d)) return static_cast<float>(d);
        return number_slow(*m.value, m.key);
    }
    float number(JObj o, std::string_view key, float fallback);
    [[gnu::always_inline]] float number(const Fields& f, std::uint32_t i, float fallback) {
        if (!f.has(i)) return fallback;
        double d;
        if (io::tape::number_at(f.doc->tape.get() + f.value[i], d) && fits_float(d)) return static_cast<float>(d);
        return number_slow(io::tape::element(f.doc, f.value[i]), f.names[i]);
    }
    float number_slow(JEl e, std::string_view key);
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
    // float32 numbers, or vertex indices 0 to `max` (int64 on the tape).
    template <class Floats>
    void numbers(JArr a, Floats& out) {
        append_elements(
            a, out,
            [](const std::uint64_t* t, float* v) {  // (one branch; a uint64, which no writer gives, is left to number_at)
                double d;
                const bool ok = io::tape::plain_number(t, d) & static_cast<int>(fits_float(d));  // (int: clang's -Wbitwise-instead-of-logical)
                if (ok) *v = static_cast<float>(d);
                return ok;
            },
            [&](JEl e, std::size_t i) { return number_at(e, i); });
    }
    void indices(JArr a, Vector<std::uint16_t>& out, long max) {
        if (const io::tape::Ref r = io::tape::ref(a); plain_indices(r.doc->tape.get(), r.json_index, out, max)) return;
        append_elements(
            a, out,
            [max](const std::uint64_t* t, std::uint16_t* v) {
                if (max < 0 || io::tape::type_of(t[0]) != 'l' || t[1] > static_cast<std::uint64_t>(max)) return false;
                *v = static_cast<std::uint16_t>(t[1]);
                return true;
            },
            [&](JEl e, std::size_t i) { return static_cast<std::uint16_t>(integer_at(e, i, 0, max)); });
    }
    // Fast path of both: while `fast` takes the elements (numbers, two tape words each, so that the room
    // is never overrun), they are converted straight from the tape into room made for them up front; at
    // the first it does not take, the room left is given back and `slow(element, index)` reads the rest
    // one by one (and fails at a bad one with its path).
    template <class Out, class Fast, class Slow>
    void append_elements(JArr a, Out& out, Fast&& fast, Slow&& slow) {
        const io::tape::Ref r = io::tape::ref(a);
        const std::uint64_t* tape = r.doc->tape.get();
        const std::size_t close = io::tape::close_of(tape[r.json_index]);  // the ']'
        std::size_t at = r.json_index + 1;
        const std::size_t base = out.size();
        out.resize(base + (close - at) / 2);
        auto* to = out.data() + base;
        for (; at < close && fast(tape + at, to); at += 2) ++to;  // `fast` writes only an element it takes
        std::size_t i = static_cast<std::size_t>(to - (out.data() + base));
        out.resize(base + i);
        for (; at < close; at = io::tape::after(tape, at)) out.push_back(slow(io::tape::element(r.doc, at), i++));
    }
    int integer(Field m, int fallback, long min, long max);
    int integer(JObj o, std::string_view key, int fallback, long min, long max) { return integer(at(o, key), fallback, min, max); }
    int integer(const Fields& f, std::uint32_t i, int fallback, long min, long max) {
        if (!f.has(i)) return fallback;
        const std::uint64_t* t = f.doc->tape.get() + f.value[i];
        if (const auto v = static_cast<std::int64_t>(t[1]); io::tape::type_of(t[0]) == 'l' && v >= min && v <= max) return static_cast<int>(v);
        return integer(at(f, i), fallback, min, max);
    }
    bool flag(Field m, bool fallback);
    bool flag(JObj o, std::string_view key, bool fallback) { return flag(at(o, key), fallback); }
    bool flag(const Fields& f, std::uint32_t i, bool fallback) {
        if (!f.has(i)) return fallback;
        if (const char type = io::tape::type_of(f.doc->tape[f.value[i]]); type == 't' || type == 'f') return type == 't';
        return flag(at(f, i), fallback);
    }
    OptString string(Field m);  // absent or null: nullopt
    OptString string(JObj o, std::string_view key) { return string(at(o, key)); }
    OptString string(const Fields& f, std::uint32_t i) {
        if (!f.has(i)) return std::nullopt;
        if (std::string_view v; field_string(f, i, v)) return OptString(std::in_place, v);
        return string(at(f, i));
    }
    String required_string(Field m);
    String required_string(JObj o, std::string_view key) { return required_string(at(o, key)); }
    String required_string(const Fields& f, std::uint32_t i) {
        if (std::string_view v; field_string(f, i, v)) return String(v);
        return required_string(at(f, i));
    }
    std::uint32_t hex_color(Field m, int digits, std::uint32_t fallback);
    Rgba color(Field m, Rgba fallback) { return hex_color(m, 8, fallback); }  // "RRGGBBAA"
    Rgba color(JObj o, std::string_view key, Rgba fallback) { return color(at(o, key), fallback); }
    Rgba color(const Fields& f, std::uint32_t i, Rgba fallback) {
        if (!f.has(i)) return fallback;
        if (std::string_view v; field_string(f, i, v))
            if (auto c = parse_hex(v, 8)) return *c;
        return color(at(f, i), fallback);
    }
    std::uint32_t rgb(Field m, std::uint32_t fallback) { return hex_color(m, 6, fallback); }  // "RRGGBB"
    std::uint32_t rgb(JObj o, std::string_view key, std::uint32_t fallback) { return rgb(at(o, key), fallback); }
    std::uint32_t rgb(const Fields& f, std::uint32_t i, std::uint32_t fallback) { return f.has(i) ? rgb(at(f, i), fallback) : fallback; }
    template <class Enum, class Names>
    Enum name_enum(Field m, Enum fallback, const Names& names, const char* what);
    template <class Enum, class Names>
    Enum name_enum(JObj o, std::string_view key, Enum fallback, const Names& names, const char* what) {
        return name_enum(at(o, key), fallback, names, what);
    }
    template <class Enum, class Names>
    Enum name_enum(const Fields& f, std::uint32_t i, Enum fallback, const Names& names, const char* what) {
        return f.has(i) ? name_enum(at(f, i), fallback, names, what) : fallback;
    }
    // Index of the name held by the member in `index`; fails naming `what` when unknown.
    int lookup(const NameIndex& index, Field m, const char* what);
    int lookup(const NameIndex& index, JObj o, std::string_view key, const char* what) { return lookup(index, at(o, key), what); }
    int lookup(const NameIndex& index, const Fields& f, std::uint32_t i, const char* what) {
        if (std::string_view v; field_string(f, i, v))
            if (const int* found = index.find(v)) return *found;
        return lookup(index, at(f, i), what);
    }
    int lookup_name(const NameIndex& index, std::string_view name, const char* what);  // path at the name
    Vector<int> lookup_list(const NameIndex& index, Field m, const char* what);
    Vector<int> lookup_list(const NameIndex& index, JObj o, std::string_view key, const char* what) {
        return lookup_list(index, at(o, key), what);
    }
    Vector<int> lookup_list(const NameIndex& index, const Fields& f, std::uint32_t i, const char* what) {
        return lookup_list(index, at(f, i), what);
    }
    void add_name(NameIndex& index, const OptString& name, int i, const char* what);
    // Which of width, height (and with `position`, x, y) `o` leaves out.
    JsonAbsent absent_fields(JObj o, bool position);
    // The same for width and height, fields `width` and `height` of `f`.
    JsonAbsent absent_size(const Fields& f, std::uint32_t width, std::uint32_t height) {
        JsonAbsent absent = 0;
        if (!get(f, width)) absent |= kAbsentWidth;
        if (!get(f, height)) absent |= kAbsentHeight;
        return absent;
    }
    // Keys of `o` not in `known`: kept in `keep` when given (else skipped), and reported as warnings.
    void known_keys(JObj o, std::initializer_list<std::string_view> known, JsonExtras* keep = nullptr);
    void unknown_key(std::string_view k, JEl value, JsonExtras* keep);  // kept and/or reported
    // Files a keyframe's unknown keys with the animation (see keyframe_keys).
    void file_key_extra(Animation& a, JsonExtras&& extra, io::tape::Ref key);  // `key`: the keyframe (or offset) holding them
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

    std::vector<std::uint64_t> verified_;  // bit i: the container at tape index i holds no duplicate key
    IndexSet skin_slots_seen_, deform_skins_seen_, deform_slots_seen_;  // (see map_member)

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
Enum JsonSkeletonReader::name_enum(Field m, Enum fallback, const Names& names, const char* what) {
    auto e = get(m);
    if (!e) return fallback;
    if (e->is_string()) {  // fast path: a name of the list
        const std::string_view v = e->get_string().value_unsafe();
        for (std::size_t i = 0; i < names.size(); ++i)
            if (names[i] == v) return static_cast<Enum>(i);
    }
    Scope s(path_, m.key);
    std::string_view v = io::as_string(*e, path_);
    std::string list;
    for (auto n : names) list += (list.empty() ? "" : ", ") + std::string(n);
    fail(std::string("unknown ") + what + " \"" + std::string(v.substr(0, 40)) + "\" (expected one of " + list + ")");
}

}  // namespace rigio::spine::detail
