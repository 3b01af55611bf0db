// Spine JSON reader: animations and their timelines (mirrored by json_animation_writer.cpp).
// Timelines name their bone, slot, constraint, skin, attachment and event; every name is resolved and
// every deform key is checked against the vertex array of the attachment it deforms.
#include <limits>

#include "json_names.hpp"
#include "json_reader.hpp"

namespace rigio::spine::detail {

namespace {
constexpr long kIntMin = std::numeric_limits<int>::min();
constexpr long kIntMax = std::numeric_limits<int>::max();

// The keys of 3.x keyframes (see Keys).
constexpr auto kAttachmentKey = keys("time", "name");
constexpr auto kColorKey3 = keys("time", "color", "curve", "c2", "c3", "c4");
constexpr auto kTwoColorKey3 = keys("time", "light", "dark", "curve", "c2", "c3", "c4");
constexpr auto kRotateKey3 = keys("time", "angle", "curve", "c2", "c3", "c4");
constexpr auto kBoneKey3 = keys("time", "x", "y", "curve", "c2", "c3", "c4");
constexpr auto kDeformKey = keys("time", "offset", "vertices", "curve", "c2", "c3", "c4");  // and 4.x's (without c2, c3, c4)

// Number of floats a deform key may cover for an attachment.
std::size_t deform_length(const Attachment& a) {
    if (a.vertices.weighted) return a.vertices.values.size() / 3 * 2;
    return static_cast<std::size_t>(a.vertices.count) * 2;
}
}  // namespace

// Absent: linear. "stepped". A number: Bézier cx1 with siblings c2 (cy1), c3 (cx2), c4 (cy2), missing ones
// 0, 1, 1. Older exports wrote the four numbers as an array, which is read too.
template <class C, class Handle>
C JsonSkeletonReader::read_curve(Field curve, Handle&& handle) {
    C c;
    auto e = get(curve);
    if (!e) return c;
    if (e->is_string()) {
        std::string_view v = e->get_string().value_unsafe();
        if (v == "stepped") c.type = CurveType::Stepped;
        else if (v != "linear") {
            Scope s(path_, "curve");
            fail("unknown curve \"" + std::string(v.substr(0, 40)) + "\" (expected \"stepped\" or a number)");
        }
        return c;
    }
    c.type = CurveType::Bezier;
    if (e->is_array()) {
        Scope s(path_, "curve");
        JArr a = e->get_array().value_unsafe();
        if (a.size() != 4) fail("a curve array needs 4 numbers (cx1, cy1, cx2, cy2), found " + std::to_string(a.size()));
        float* out[4] = {&c.cx1, &c.cy1, &c.cx2, &c.cy2};
        std::size_t i = 0;
        for (JEl v : a) {
            Scope si(path_, i);
            *out[i++] = number(v);
        }
        return c;
    }
    {
        Scope s(path_, "curve");
        c.cx1 = number(*e);
    }
    c.cy1 = number(handle(2), 0);
    c.cx2 = number(handle(3), 1);
    c.cy2 = number(handle(4), 1);
    return c;
}

template <class C>
C JsonSkeletonReader::read_curve(JObj key) {
    return read_curve<C>(at(key, "curve"), [&](int n) { return at(key, n == 2 ? "c2" : n == 3 ? "c3" : "c4"); });
}

template <class C>
C JsonSkeletonReader::read_curve(const Fields& k, std::uint32_t curve) {
    return read_curve<C>(at(k, curve), [&](int n) { return at(k, curve + static_cast<std::uint32_t>(n) - 1); });
}
template Curve JsonSkeletonReader::read_curve(JObj key);
template Curve2 JsonSkeletonReader::read_curve(JObj key);
template Curve JsonSkeletonReader::read_curve(const Fields& k, std::uint32_t curve);
template Curve2 JsonSkeletonReader::read_curve(const Fields& k, std::uint32_t curve);

Animation JsonSkeletonReader::read_animation(std::string_view name, JEl e) {
    Scope s(path_, name);
    animation_path_size_ = path_.pointer().size();
    JObj o = object(e);
    Animation a;
    // 3.7 files path constraint timelines under "paths"; 4.1 groups deform (and its new sequence)
    // timelines under "attachments"; 4.2 adds physics.
    const char* path_key = version_ == Version::V37 ? "paths" : "path";
    const char* deform_key = version_ >= Version::V41 ? "attachments" : "deform";
    if (version_ == Version::V42)
        known_keys(o, {"slots", "bones", "ik", "transform", "path", "physics", "attachments", "drawOrder", "draworder", "events"}, &a.json_extra);
    else
        known_keys(o, {"slots", "bones", "ik", "transform", path_key, deform_key, "drawOrder", "draworder", "events"}, &a.json_extra);
    a.name = String(name);
    if (auto v = get(o, "slots")) {
        Scope ss(path_, "slots");
        if (is_4x(version_)) read_slot_timelines4(a, object(*v));
        else read_slot_timelines(a, object(*v));
    }
    if (auto v = get(o, "bones")) {
        Scope ss(path_, "bones");
        if (is_4x(version_)) read_bone_timelines4(a, object(*v));
        else read_bone_timelines(a, object(*v));
    }
    if (auto v = get(o, "ik")) {
        Scope ss(path_, "ik");
        read_ik_timelines(a, object(*v));
    }
    if (auto v = get(o, "transform")) {
        Scope ss(path_, "transform");
        read_transform_timelines(a, object(*v));
    }
    if (auto v = get(o, path_key)) {
        Scope ss(path_, path_key);
        read_path_timelines(a, object(*v));
    }
    if (version_ == Version::V42)
        if (auto v = get(o, "physics")) {
            Scope ss(path_, "physics");
            read_physics_timelines(a, object(*v));
        }
    if (auto v = get(o, deform_key)) {
        Scope ss(path_, deform_key);
        if (version_ >= Version::V41) read_attachment_timelines(a, object(*v));
        else read_deform_timelines(a, object(*v));
    }
    const char* draw_key = get(o, "drawOrder") ? "drawOrder" : "draworder";
    if (auto v = get(o, draw_key)) {
        Scope ss(path_, draw_key);
        read_draw_order(a, array(*v));
        // Kept keys are filed under the name the writer uses.
        for (KeyJsonExtra& k : a.json_key_extra)
            if (k.pointer.rfind("/draworder/", 0) == 0) k.pointer.replace(0, 11, "/drawOrder/");
    }
    if (auto v = get(o, "events")) {
        Scope ss(path_, "events");
        read_event_keys(a, array(*v));
    }
    // Noted free of duplicate keys when its keys are distinct and each group was (see map_member).
    MapCheck check;
    io::tape::each_member(o, [&](std::string_view key, JEl value) { map_member(check, true, key, value); });
    map_done(check, o);
    return a;
}

void JsonSkeletonReader::read_slot_timelines(Animation& a, JObj o) {
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
            SlotTimeline t;
            if (tl.key == "attachment") {
                t.type = SlotTimelineType::Attachment;
                each_key(tl.value, t.attachment_keys, [&](JObj k) {
                    AttachmentKeyframe key;
                    const Fields f = fields(k, kAttachmentKey);
                    keyframe_keys(a, f);
                    key.time = number(f, kAttachmentKey["time"], 0);
                    key.name = string(f, kAttachmentKey["name"]);
                    t.attachment_keys.push_back(std::move(key));
                });
            } else if (tl.key == "color") {
                t.type = SlotTimelineType::Color;
                each_key(tl.value, t.color_keys, [&](JObj k) {
                    ColorKeyframe& key = t.color_keys.emplace_back();
                    const Fields f = fields(k, kColorKey3);
                    keyframe_keys(a, f);
                    key.time = number(f, kColorKey3["time"], 0);
                    key.color = color(f, kColorKey3["color"], 0xFFFFFFFFu);
                    key.curve = read_curve(f, kColorKey3.curve());
                });
            } else if (tl.key == "twoColor") {
                t.type = SlotTimelineType::TwoColor;
                each_key(tl.value, t.color_keys, [&](JObj k) {
                    ColorKeyframe& key = t.color_keys.emplace_back();
                    const Fields f = fields(k, kTwoColorKey3);
                    keyframe_keys(a, f);
                    key.time = number(f, kTwoColorKey3["time"], 0);
                    key.color = color(f, kTwoColorKey3["light"], 0xFFFFFFFFu);
                    key.dark = rgb(f, kTwoColorKey3["dark"], 0);
                    key.curve = read_curve(f, kTwoColorKey3.curve());
                });
            } else {
                fail("unknown slot timeline \"" + std::string(tl.key.substr(0, 40)) + "\" (expected attachment, color or twoColor)");
            }
            g.timelines.push_back(std::move(t));
            map_member(timelines_check, false, tl.key, tl.value);
        }
        map_done(timelines_check, timelines);
        map_member(group, false, slot_field.key, slot_field.value);
        a.slots.push_back(std::move(g));
    }
    map_done(group, o);
}

// The quick path of a 3.x bone keyframe (see plain_members): true when it read the key whole.
[[gnu::always_inline]] inline bool JsonSkeletonReader::plain_bone_key3(const simdjson::dom::document& doc, std::size_t open, bool rotate, float fallback, BoneKeyframe& key) {
    PlainMembers m;
    if (rotate) {
        constexpr auto& K = kRotateKey3;
        PlainValues<K.names.size()> v;
        v[K["time"]] = 0, v[K["angle"]] = 0, v[K["c2"]] = 0, v[K["c3"]] = 1, v[K["c4"]] = 1;  // what an absent key means
        if (!plain_members<K>(doc, open, K.curve(), v, m) ||
            !plain_curve3(doc, m.present >> K.curve() & 1, m.skipped, v[K["c2"]], v[K["c3"]], v[K["c4"]], key.curve))
            return false;
        key.time = v[K["time"]];
        key.x = v[K["angle"]];
    } else {
        constexpr auto& K = kBoneKey3;
        PlainValues<K.names.size()> v;
        v[K["time"]] = 0, v[K["x"]] = fallback, v[K["y"]] = fallback, v[K["c2"]] = 0, v[K["c3"]] = 1, v[K["c4"]] = 1;
        if (!plain_members<K>(doc, open, K.curve(), v, m) ||
            !plain_curve3(doc, m.present >> K.curve() & 1, m.skipped, v[K["c2"]], v[K["c3"]], v[K["c4"]], key.curve))
            return false;
        key.time = v[K["time"]];
        key.x = v[K["x"]];
        key.y = v[K["y"]];
    }
    mark_verified(open);  // no key twice, no container but a curve read as numbers
    return true;
}

void JsonSkeletonReader::read_bone_timelines(Animation& a, JObj o) {
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
            BoneTimeline t;
            float fallback = 0;
            if (tl.key == "rotate") t.type = BoneTimelineType::Rotate;
            else if (tl.key == "translate") t.type = BoneTimelineType::Translate;
            else if (tl.key == "scale") t.type = BoneTimelineType::Scale, fallback = 1;
            else if (tl.key == "shear") t.type = BoneTimelineType::Shear;
            else fail("unknown bone timeline \"" + std::string(tl.key.substr(0, 40)) + "\" (expected rotate, translate, scale or shear)");
            const bool rotate = t.type == BoneTimelineType::Rotate;
            const auto plain = [&](const simdjson::dom::document& doc, std::size_t open, BoneKeyframe& key) {
                return plain_bone_key3(doc, open, rotate, fallback, key);
            };
            each_plain_key(tl.value, t.keys, plain, [&](JObj k, BoneKeyframe& key) {
                if (rotate) {
                    const Fields f = fields(k, kRotateKey3);
                    key.time = number(f, kRotateKey3["time"], 0);
                    keyframe_keys(a, f);
                    key.x = number(f, kRotateKey3["angle"], 0);
                    if (f.has(kRotateKey3.curve())) key.curve = read_curve<Curve2>(f, kRotateKey3.curve());  // else linear, as it starts
                    verified(f, kRotateKey3.mask("curve"));  // (a curve array is read as 4 numbers)
                } else {
                    const Fields f = fields(k, kBoneKey3);
                    key.time = number(f, kBoneKey3["time"], 0);
                    keyframe_keys(a, f);
                    key.x = number(f, kBoneKey3["x"], fallback);
                    key.y = number(f, kBoneKey3["y"], fallback);
                    if (f.has(kBoneKey3.curve())) key.curve = read_curve<Curve2>(f, kBoneKey3.curve());
                    verified(f, kBoneKey3.mask("curve"));
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

void JsonSkeletonReader::read_ik_timelines(Animation& a, JObj o) {
    a.ik.reserve(a.ik.size() + o.size());
    for (auto field : o) {
        Scope s(path_, field.key);
        IkTimeline t;
        t.constraint = lookup_name(ik_, field.key, "IK constraint");
        each_key(field.value, t.keys, [&](JObj k) {
            IkKeyframe key;
            keyframe_keys(a, k, {"time", "mix", "softness", "bendPositive", "compress", "stretch", "curve", "c2", "c3", "c4"});
            key.time = number(k, "time", 0);
            key.mix = number(k, "mix", 1);
            key.softness = number(k, "softness", 0);
            key.bend_direction = flag(k, "bendPositive", true) ? 1 : -1;
            key.compress = flag(k, "compress", false);
            key.stretch = flag(k, "stretch", false);
            key.curve = key_curve(k, 2);
            t.keys.push_back(std::move(key));
        });
        a.ik.push_back(std::move(t));
    }
}

void JsonSkeletonReader::read_transform_timelines(Animation& a, JObj o) {
    a.transform.reserve(a.transform.size() + o.size());
    for (auto field : o) {
        Scope s(path_, field.key);
        TransformTimeline t;
        t.constraint = lookup_name(transform_, field.key, "transform constraint");
        each_key(field.value, t.keys, [&](JObj k) {
            TransformKeyframe key;
            if (is_4x(version_)) {  // one mix per channel
                keyframe_keys(a, k, {"time", "mixRotate", "mixX", "mixY", "mixScaleX", "mixScaleY", "mixShearY", "curve"});
                key.time = number(k, "time", 0);
                key.rotate_mix = number(k, "mixRotate", 1);
                key.translate_mix = number(k, "mixX", 1);
                key.mix_y = number(k, "mixY", key.translate_mix);
                key.scale_mix = number(k, "mixScaleX", 1);
                key.mix_scale_y = number(k, "mixScaleY", key.scale_mix);
                key.shear_mix = number(k, "mixShearY", 1);
                key.curve = read_bezier(k, 6);
                t.keys.push_back(std::move(key));
                return;
            }
            keyframe_keys(a, k, {"time", "rotateMix", "translateMix", "scaleMix", "shearMix", "curve", "c2", "c3", "c4"});
            key.time = number(k, "time", 0);
            key.rotate_mix = number(k, "rotateMix", 1);
            key.translate_mix = number(k, "translateMix", 1);
            key.scale_mix = number(k, "scaleMix", 1);
            key.shear_mix = number(k, "shearMix", 1);
            key.curve = read_curve(k);
            t.keys.push_back(std::move(key));
        });
        a.transform.push_back(std::move(t));
    }
}

void JsonSkeletonReader::read_path_timelines(Animation& a, JObj o) {
    a.path.reserve(a.path.size() + o.size());
    for (auto field : o) {
        Scope s(path_, field.key);
        PathTimelines g;
        g.constraint = lookup_name(paths_, field.key, "path constraint");
        JObj timelines = object(field.value);
        g.timelines.reserve(timelines.size());
        for (auto tl : timelines) {
            Scope st(path_, tl.key);
            PathTimeline t;
            if (tl.key == "position") t.type = PathTimelineType::Position;
            else if (tl.key == "spacing") t.type = PathTimelineType::Spacing;
            else if (tl.key == "mix") t.type = PathTimelineType::Mix;
            else fail("unknown path timeline \"" + std::string(tl.key.substr(0, 40)) + "\" (expected position, spacing or mix)");
            each_key(tl.value, t.keys, [&](JObj k) {
                PathKeyframe key;
                key.time = number(k, "time", 0);
                if (is_4x(version_)) {  // "value"; mixes per channel
                    if (t.type == PathTimelineType::Mix) {
                        keyframe_keys(a, k, {"time", "mixRotate", "mixX", "mixY", "curve"});
                        key.a = number(k, "mixRotate", 1);
                        key.b = number(k, "mixX", 1);
                        key.c = number(k, "mixY", key.b);
                        key.curve = read_bezier(k, 3);
                    } else {
                        keyframe_keys(a, k, {"time", "value", "curve"});
                        key.a = number(k, "value", 0);
                        key.curve = read_bezier(k, 1);
                    }
                    t.keys.push_back(std::move(key));
                    return;
                }
                if (t.type == PathTimelineType::Mix) {
                    keyframe_keys(a, k, {"time", "rotateMix", "translateMix", "curve", "c2", "c3", "c4"});
                    key.a = number(k, "rotateMix", 1);
                    key.b = number(k, "translateMix", 1);
                } else if (t.type == PathTimelineType::Position) {
                    keyframe_keys(a, k, {"time", "position", "curve", "c2", "c3", "c4"});
                    key.a = number(k, "position", 0);
                } else {
                    keyframe_keys(a, k, {"time", "spacing", "curve", "c2", "c3", "c4"});
                    key.a = number(k, "spacing", 0);
                }
                key.curve = read_curve(k);
                t.keys.push_back(std::move(key));
            });
            g.timelines.push_back(std::move(t));
        }
        a.path.push_back(std::move(g));
    }
}

void JsonSkeletonReader::read_deform_timelines(Animation& a, JObj o) {
    a.deform.reserve(a.deform.size() + o.size());
    MapCheck group;  // timeline maps, at each level: their keys may repeat (see timeline_map)
    for (auto skin_field : o) {
        Scope s(path_, skin_field.key);
        DeformSkin ds;
        ds.skin = lookup_name(skins_, skin_field.key, "skin");
        const Skin& skin = sd_.skins[static_cast<std::size_t>(ds.skin)];
        JObj slots = object(skin_field.value);
        ds.slots.reserve(slots.size());
        MapCheck slots_check;
        for (auto slot_field : slots) {
            Scope ss(path_, slot_field.key);
            DeformSlot dsl;
            dsl.slot = lookup_name(slots_, slot_field.key, "slot");
            JObj timelines = object(slot_field.value);
            dsl.timelines.reserve(timelines.size());
            MapCheck timelines_check;
            for (auto tl : timelines) {
                Scope st(path_, tl.key);
                DeformTimeline t;
                t.attachment = String(tl.key);
                read_deform_keys(a, tl.value, timeline_attachment(skin, dsl.slot, t.attachment), t);
                dsl.timelines.push_back(std::move(t));
                map_member(timelines_check, false, tl.key, tl.value);
            }
            map_done(timelines_check, timelines);
            ds.slots.push_back(std::move(dsl));
            map_member(slots_check, false, slot_field.key, slot_field.value);
        }
        map_done(slots_check, slots);
        a.deform.push_back(std::move(ds));
        map_member(group, false, skin_field.key, skin_field.value);
    }
    map_done(group, o);
}

// The attachment a timeline at the current path names; fails when the skin has none under that key.
const Attachment& JsonSkeletonReader::timeline_attachment(const Skin& skin, int slot, const OptString& key) {
    const Attachment* target = nullptr;
    for (const SkinSlot& sk : skin.slots) {
        if (sk.slot != slot) continue;
        for (const SkinAttachment& sa : sk.attachments)
            if (sa.key == key) target = &sa.attachment;
    }
    if (!target) fail("attachment \"" + key.value_or("").substr(0, 80) + "\" not found in this skin and slot");
    return *target;
}

void JsonSkeletonReader::read_deform_keys(Animation& a, JEl keys, const Attachment& target, DeformTimeline& t) {
    if (target.type == AttachmentType::Region || target.type == AttachmentType::Point)
        fail("attachment \"" + t.attachment.value_or("").substr(0, 80) + "\" has no vertices to deform");
    const std::size_t length = target.type == AttachmentType::LinkedMesh ? std::numeric_limits<std::size_t>::max()
                                                                         : deform_length(target);
    each_key(keys, t.keys, [&](JObj k) {
        DeformKeyframe& key = t.keys.emplace_back();  // (in the room each_key reserved: no move)
        const Fields f = fields(k, kDeformKey);
        keyframe_keys(a, f);
        key.time = number(f, kDeformKey["time"], 0);
        // Without vertices a key means the setup shape, and its offset means nothing (a .skel has none).
        if (auto v = get(f, kDeformKey["vertices"])) {
            key.offset = integer(f, kDeformKey["offset"], 0, 0, kIntMax);
            Scope sv(path_, "vertices");
            JArr values = array(*v);
            if (static_cast<std::size_t>(key.offset) > length || values.size() > length - static_cast<std::size_t>(key.offset))
                fail("offset " + std::to_string(key.offset) + " + " + std::to_string(values.size()) +
                     " values exceed the attachment's " + std::to_string(length) + " deformable values");
            numbers(values, key.values);
        }
        key.curve = key_curve(f, kDeformKey.curve(), 1);
        verified(f, kDeformKey.mask("vertices", "curve"));
    });
}

void JsonSkeletonReader::read_draw_order(Animation& a, JArr keys) {
    const long slot_count = static_cast<long>(sd_.slots.size());
    std::size_t i = 0;
    for (JEl ke : keys) {
        Scope s(path_, i++);
        JObj k = object(ke);
        DrawOrderKeyframe key;
        keyframe_keys(a, k, {"time", "offsets"});
        key.time = number(k, "time", 0);
        if (auto offsets = get(k, "offsets")) {
            Scope so(path_, "offsets");
            JArr arr = array(*offsets);
            if (arr.size() > sd_.slots.size())
                fail(std::to_string(arr.size()) + " draw order offsets for " + std::to_string(sd_.slots.size()) + " slots");
            std::size_t j = 0;
            for (JEl oe : arr) {
                Scope sj(path_, j++);
                JObj off = object(oe);
                DrawOrderOffset d;
                keyframe_keys(a, off, {"slot", "offset"});
                d.slot = lookup(slots_, off, "slot", "slot");
                d.offset = integer(off, "offset", 0, kIntMin + 1, kIntMax);
                long target = static_cast<long>(d.slot) + d.offset;
                if (target < 0 || target >= slot_count) {
                    Scope sf(path_, "offset");
                    fail("draw order offset " + std::to_string(d.offset) + " moves slot " + std::to_string(d.slot) + " outside 0.." +
                         std::to_string(slot_count - 1));
                }
                key.offsets.push_back(d);
            }
        }
        a.draw_order.push_back(std::move(key));
    }
}

void JsonSkeletonReader::read_event_keys(Animation& a, JArr keys) {
    std::size_t i = 0;
    for (JEl ke : keys) {
        Scope s(path_, i++);
        JObj k = object(ke);
        EventKeyframe key;
        keyframe_keys(a, k, {"time", "name", "int", "float", "string", "volume", "balance"});
        key.time = number(k, "time", 0);
        key.event = lookup(events_, k, "name", "event");
        const EventData& def = sd_.events[static_cast<std::size_t>(key.event)];
        key.int_value = integer(k, "int", def.int_value, kIntMin, kIntMax);
        key.float_value = number(k, "float", def.float_value);
        key.string_value = string(k, "string");
        if (def.audio) {
            key.volume = number(k, "volume", def.volume);
            key.balance = number(k, "balance", def.balance);
        } else {
            key.volume = def.volume;
            key.balance = def.balance;
        }
        a.events.push_back(std::move(key));
    }
}

}  // namespace rigio::spine::detail
