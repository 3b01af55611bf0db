// Spine 4.x JSON reader: the timelines whose keys changed in 4.0 (mirrored by json_animation4_writer.cpp):
// slot colour timelines split by channel set (rgba, rgb, alpha, rgba2, rgb2), bone timelines with one
// value per key ("value") and per-axis variants, 4.2 inherit keys, per-channel Bézier curves, and the
// 4.1+ "attachments" group that holds deform and sequence timelines per skin, slot and attachment.
#include <cmath>
#include <limits>

#include "json_names.hpp"
#include "json_reader.hpp"

namespace rigio::spine::detail {

namespace {
constexpr long kIntMax = std::numeric_limits<int>::max();

// The keys of 4.x keyframes (see Keys).
constexpr auto kAttachmentKey = keys("time", "name");
constexpr auto kColorKey = keys("time", "color", "curve");       // rgba, rgb
constexpr auto kValueKey = keys("time", "value", "curve");       // alpha, and bone timelines of one value
constexpr auto kTwoColorKey = keys("time", "light", "dark", "curve");  // rgba2, rgb2
constexpr auto kInheritKey = keys("time", "inherit");
constexpr auto kBoneKey = keys("time", "x", "y", "curve");
constexpr auto kSequenceKey = keys("time", "mode", "index", "delay");
}  // namespace

// "stepped", or 4 numbers per channel: cx1, cy1, cx2, cy2 in the key's own units (time, value).
template <class C>
C JsonSkeletonReader::read_bezier(Field curve, int channels) {
    C c;
    if (!curve.value) return c;
    // Fast path, straight from the tape: an array of exactly channels * 4 numbers (doubles or int64) that
    // fit a float32 (plain_array). Anything else (another count, "stepped", null, a uint64, a value that
    // does not fit) is read again below, which reports a fault as it always did.
    {
        const io::tape::Ref r = io::tape::ref(*curve.value);
        const std::uint64_t* t = r.doc->tape.get();
        const std::size_t n = static_cast<std::size_t>(channels) * 4;
        if (io::tape::type_of(t[r.json_index]) == '[' && io::tape::close_of(t[r.json_index]) - r.json_index - 1 == 2 * n) {
            c.bezier.resize_for_overwrite(n);
            if (plain_array(t, r.json_index, n, c.bezier.data())) {
                c.type = CurveType::Bezier;
                return c;
            }
            c.bezier.clear();
        }
    }
    auto e = get(curve);
    if (!e) return c;
    Scope s(path_, "curve");
    if (e->is_string()) {
        std::string_view v = e->get_string().value_unsafe();
        if (v == "stepped") c.type = CurveType::Stepped;
        else if (v != "linear") fail("unknown curve \"" + std::string(v.substr(0, 40)) + "\" (expected \"stepped\" or an array of numbers)");
        return c;
    }
    JArr a = array(*e);
    const std::size_t n = static_cast<std::size_t>(channels) * 4;
    if (a.size() != n)
        fail("a curve of this timeline needs " + std::to_string(n) + " numbers (cx1, cy1, cx2, cy2 for each of its " + std::to_string(channels) +
             " channels), found " + std::to_string(a.size()));
    c.type = CurveType::Bezier;
    numbers(a, c.bezier);
    return c;
}
template Curve JsonSkeletonReader::read_bezier(Field curve, int channels);
template Curve2 JsonSkeletonReader::read_bezier(Field curve, int channels);

void JsonSkeletonReader::read_slot_timelines4(Animation& a, JObj o) {
    a.slots.reserve(a.slots.size() + o.size());
    MapCheck group;  // a timeline map: its keys may repeat (see timeline_map), its values are checked
    for (auto slot_field : o) {
        Scope s(path_, slot_field.key);
        SlotTimelines g;
        g.slot = lookup_name(slots_, slot_field.key, "slot");
        JObj timelines = object(slot_field.value);
        g.timelines.reserve(timelines.size());
        MapCheck timelines_check;
        for (auto tl : timelines) {
            Scope st(path_, tl.key);
            auto type = find_name(kSlotTimelineNames4, tl.key);
            if (!type) fail("unknown slot timeline \"" + std::string(tl.key.substr(0, 40)) + "\" (expected attachment, rgba, rgb, alpha, rgba2 or rgb2)");
            SlotTimeline t;
            t.type = static_cast<SlotTimelineType>(*type);
            // Room for every keyframe up front, which are then read in place (each_key refuses a value
            // that is not an array the same way, at the same path).
            const std::size_t key_count = array(tl.value).size();
            if (t.type == SlotTimelineType::Attachment) t.attachment_keys.reserve(key_count);
            else t.color_keys.reserve(key_count);
            each_key(tl.value, [&](JObj k) {
                if (t.type == SlotTimelineType::Attachment) {
                    AttachmentKeyframe key;
                    const Fields f = fields(k, kAttachmentKey);
                    keyframe_keys(a, f);
                    key.time = number(f, kAttachmentKey["time"], 0);
                    key.name = string(f, kAttachmentKey["name"]);
                    t.attachment_keys.push_back(std::move(key));
                    return;
                }
                ColorKeyframe& key = t.color_keys.emplace_back();
                switch (t.type) {
                    case SlotTimelineType::Color: {
                        const Fields f = fields(k, kColorKey);
                        keyframe_keys(a, f);
                        key.color = color(f, kColorKey["color"], 0xFFFFFFFFu);
                        key.curve = read_bezier(at(f, kColorKey["curve"]), 4);
                        key.time = number(f, kColorKey["time"], 0);
                        verified(f, kColorKey.mask("curve"));
                        break;
                    }
                    case SlotTimelineType::Rgb: {
                        const Fields f = fields(k, kColorKey);
                        keyframe_keys(a, f);
                        key.color = rgb(f, kColorKey["color"], 0xFFFFFFu) << 8 | 0xFFu;
                        key.curve = read_bezier(at(f, kColorKey["curve"]), 3);
                        key.time = number(f, kColorKey["time"], 0);
                        verified(f, kColorKey.mask("curve"));
                        break;
                    }
                    case SlotTimelineType::Alpha: {
                        const Fields f = fields(k, kValueKey);
                        keyframe_keys(a, f);
                        const float v = number(f, kValueKey["value"], 0);
                        if (!(v >= 0 && v <= 1)) {
                            Scope sv(path_, "value");
                            fail("alpha " + std::to_string(v) + " outside 0 to 1");
                        }
                        key.color = 0xFFFFFF00u | static_cast<std::uint32_t>(std::lround(v * 255.0f));
                        key.curve = read_bezier(at(f, kValueKey["curve"]), 1);
                        key.time = number(f, kValueKey["time"], 0);
                        verified(f, kValueKey.mask("curve"));
                        break;
                    }
                    case SlotTimelineType::TwoColor: {
                        const Fields f = fields(k, kTwoColorKey);
                        keyframe_keys(a, f);
                        key.color = color(f, kTwoColorKey["light"], 0xFFFFFFFFu);
                        key.dark = rgb(f, kTwoColorKey["dark"], 0);
                        key.curve = read_bezier(at(f, kTwoColorKey["curve"]), 7);
                        key.time = number(f, kTwoColorKey["time"], 0);
                        verified(f, kTwoColorKey.mask("curve"));
                        break;
                    }
                    case SlotTimelineType::Rgb2: {
                        const Fields f = fields(k, kTwoColorKey);
                        keyframe_keys(a, f);
                        key.color = rgb(f, kTwoColorKey["light"], 0xFFFFFFu) << 8 | 0xFFu;
                        key.dark = rgb(f, kTwoColorKey["dark"], 0);
                        key.curve = read_bezier(at(f, kTwoColorKey["curve"]), 6);
                        key.time = number(f, kTwoColorKey["time"], 0);
                        verified(f, kTwoColorKey.mask("curve"));
                        break;
                    }
                    case SlotTimelineType::Attachment: break;
                }
            });
            g.timelines.push_back(std::move(t));
            map_member(timelines_check, false, tl.key, tl.value);
        }
        map_done(timelines_check, timelines);
        map_member(group, false, slot_field.key, slot_field.value);
        a.slots.push_back(std::move(g));
    }
    map_done(group, o);
}

// The quick path of a 4.x bone keyframe of one value or (`two`) two (see plain_members): true when it
// read the key whole.
bool JsonSkeletonReader::plain_bone_key4(const simdjson::dom::document& doc, std::size_t open, bool two, float fallback, BoneKeyframe& key) {
    PlainMembers m;
    if (two) {
        constexpr auto& K = kBoneKey;
        PlainValues<K.names.size()> v;
        v[K["time"]] = 0, v[K["x"]] = fallback, v[K["y"]] = fallback;  // what an absent key means
        if (!plain_members<K>(doc, open, K["curve"], v, m) || !plain_bezier(doc, m.present >> K["curve"] & 1, m.skipped, 2, key.curve))
            return false;
        key.time = v[K["time"]];
        key.x = v[K["x"]];
        key.y = v[K["y"]];
    } else {
        constexpr auto& K = kValueKey;
        PlainValues<K.names.size()> v;
        v[K["time"]] = 0, v[K["value"]] = fallback;
        if (!plain_members<K>(doc, open, K["curve"], v, m) || !plain_bezier(doc, m.present >> K["curve"] & 1, m.skipped, 1, key.curve))
            return false;
        key.time = v[K["time"]];
        key.x = v[K["value"]];
    }
    mark_verified(open);  // no key twice, no container but a curve read as numbers
    return true;
}

void JsonSkeletonReader::read_bone_timelines4(Animation& a, JObj o) {
    a.bones.reserve(a.bones.size() + o.size());
    MapCheck group;  // a timeline map: its keys may repeat (see timeline_map), its values are checked
    for (auto bone_field : o) {
        Scope s(path_, bone_field.key);
        BoneTimelines g;
        g.bone = lookup_name(bones_, bone_field.key, "bone");
        JObj timelines = object(bone_field.value);
        g.timelines.reserve(timelines.size());
        MapCheck timelines_check;
        for (auto tl : timelines) {
            Scope st(path_, tl.key);
            auto type = find_name(kBoneTimelineNames, tl.key);
            if (!type || (*type == static_cast<std::size_t>(BoneTimelineType::Inherit) && version_ != Version::V42))
                fail("unknown bone timeline \"" + std::string(tl.key.substr(0, 40)) +
                     "\" (expected rotate, translate, translatex, translatey, scale, scalex, scaley, shear, shearx or sheary" +
                     (version_ == Version::V42 ? ", or inherit)" : ")"));
            BoneTimeline t;
            t.type = static_cast<BoneTimelineType>(*type);
            const bool two = t.type == BoneTimelineType::Translate || t.type == BoneTimelineType::Scale || t.type == BoneTimelineType::Shear;
            const bool scale = t.type == BoneTimelineType::Scale || t.type == BoneTimelineType::ScaleX || t.type == BoneTimelineType::ScaleY;
            const float fallback = scale ? 1.0f : 0.0f;
            const auto plain = [&](const simdjson::dom::document& doc, std::size_t open, BoneKeyframe& key) {
                return t.type != BoneTimelineType::Inherit && plain_bone_key4(doc, open, two, fallback, key);
            };
            each_plain_key(tl.value, t.keys, plain, [&](JObj k, BoneKeyframe& key) {
                if (t.type == BoneTimelineType::Inherit) {
                    const Fields f = fields(k, kInheritKey);
                    keyframe_keys(a, f);
                    key.time = number(f, kInheritKey["time"], 0);
                    key.inherit = name_enum(f, kInheritKey["inherit"], TransformMode::Normal, kTransformModeNames, "inherit mode");
                } else if (two) {
                    const Fields f = fields(k, kBoneKey);
                    keyframe_keys(a, f);
                    key.time = number(f, kBoneKey["time"], 0);
                    key.x = number(f, kBoneKey["x"], fallback);
                    key.y = number(f, kBoneKey["y"], fallback);
                    if (f.has(kBoneKey["curve"])) key.curve = read_bezier<Curve2>(at(f, kBoneKey["curve"]), 2);  // else linear, as it starts
                    verified(f, kBoneKey.mask("curve"));
                } else {
                    const Fields f = fields(k, kValueKey);
                    keyframe_keys(a, f);
                    key.time = number(f, kValueKey["time"], 0);
                    key.x = number(f, kValueKey["value"], fallback);
                    if (f.has(kValueKey["curve"])) key.curve = read_bezier<Curve2>(at(f, kValueKey["curve"]), 1);
                    verified(f, kValueKey.mask("curve"));
                }
            });
            g.timelines.push_back(std::move(t));
            map_member(timelines_check, false, tl.key, tl.value);
        }
        map_done(timelines_check, timelines);
        map_member(group, false, bone_field.key, bone_field.value);
        a.bones.push_back(std::move(g));
    }
    map_done(group, o);
}

// {skin: {slot: {attachment: {deform: [keys], sequence: [keys]}}}}
void JsonSkeletonReader::read_attachment_timelines(Animation& a, JObj o) {
    a.deform.reserve(a.deform.size() + o.size());
    MapCheck group;  // (maps of names, keys checked here: see map_member)
    deform_skins_seen_.reset(sd_.skins.size());
    for (auto skin_field : o) {
        Scope s(path_, skin_field.key);
        DeformSkin ds;
        ds.skin = lookup_name(skins_, skin_field.key, "skin");
        const Skin& skin = sd_.skins[static_cast<std::size_t>(ds.skin)];
        JObj slots = object(skin_field.value);
        ds.slots.reserve(slots.size());
        MapCheck slots_check;
        deform_slots_seen_.reset(sd_.slots.size());
        for (auto slot_field : slots) {
            Scope ss(path_, slot_field.key);
            DeformSlot dsl;
            dsl.slot = lookup_name(slots_, slot_field.key, "slot");
            JObj attachments = object(slot_field.value);
            MapCheck attachments_check;
            for (auto att_field : attachments) {
                Scope sa(path_, att_field.key);
                const OptString key = String(att_field.key);
                const Attachment& target = timeline_attachment(skin, dsl.slot, key);
                JObj timelines = object(att_field.value);
                MapCheck timelines_check;
                for (auto tl : timelines) {
                    Scope st(path_, tl.key);
                    DeformTimeline t;
                    t.attachment = key;
                    if (tl.key == "deform") {
                        t.type = AttachmentTimelineType::Deform;
                        read_deform_keys(a, tl.value, target, t);
                    } else if (tl.key == "sequence") {
                        t.type = AttachmentTimelineType::Sequence;
                        if (target.type != AttachmentType::Region && target.type != AttachmentType::Mesh && target.type != AttachmentType::LinkedMesh)
                            fail("attachment \"" + key->substr(0, 80) + "\" has no regions to sequence");
                        each_key(tl.value, t.sequence_keys, [&](JObj k) {
                            SequenceKeyframe sk;
                            const Fields f = fields(k, kSequenceKey);
                            keyframe_keys(a, f);
                            sk.time = number(f, kSequenceKey["time"], 0);
                            sk.mode = name_enum(f, kSequenceKey["mode"], SequenceMode::Hold, kSequenceModeNames, "sequence mode");
                            sk.index = integer(f, kSequenceKey["index"], 0, 0, kIntMax);
                            sk.delay = number(f, kSequenceKey["delay"], 0);
                            t.sequence_keys.push_back(sk);
                        });
                    } else {
                        fail("unknown attachment timeline \"" + std::string(tl.key.substr(0, 40)) + "\" (expected deform or sequence)");
                    }
                    dsl.timelines.push_back(std::move(t));
                    map_member(timelines_check, true, tl.key, tl.value);
                }
                map_done(timelines_check, timelines);
                map_member(attachments_check, true, att_field.key, att_field.value);
            }
            map_done(attachments_check, attachments);
            map_member(slots_check, deform_slots_seen_, dsl.slot, slot_field.value);  // (before dsl is moved)
            ds.slots.push_back(std::move(dsl));
        }
        map_done(slots_check, slots);
        map_member(group, deform_skins_seen_, ds.skin, skin_field.value);  // (before ds is moved)
        a.deform.push_back(std::move(ds));
    }
    map_done(group, o);
}

}  // namespace rigio::spine::detail
