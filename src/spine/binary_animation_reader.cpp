// Spine .skel reader: animations, and the timelines of 3.x (3.7, 3.8) animations (mirrored by
// binary_animation_writer.cpp). 4.x timelines: binary_animation_reader_4x.cpp.
#include "rigio/spine/binary.hpp"
#include "skel_reader.hpp"

namespace rigio::spine::detail {

using io::ByteReader;

namespace {
// The smallest number of bytes a keyframe of each kind can take, used to bound frame counts.
constexpr std::size_t kMinKey = 4;  // a time
}  // namespace

template <class C>
void SkelReader::read_curve_other(C& c) {
    std::size_t at = r_.offset();
    std::uint8_t type = r_.u8();
    switch (type) {
        case 0: c.type = CurveType::Linear; break;
        case 1: c.type = CurveType::Stepped; break;
        case 2:
            c.type = CurveType::Bezier;
            r_.f32_be_into(c.cx1, c.cy1, c.cx2, c.cy2);
            break;
        default: r_.fail_at(at, "unknown curve type " + std::to_string(type) + " (expected 0, 1 or 2)");
    }
}
template void SkelReader::read_curve_other(Curve& c);
template void SkelReader::read_curve_other(Curve2& c);

void SkelReader::read_animation(Animation& a, std::size_t number) {
    {
        ByteReader::Scope s(r_, "animation", static_cast<long>(number));
        string(a.name);
    }
    ByteReader::Scope s(r_, "animation", -1, &a.name);
    if (v4()) {
        // A capacity hint (the number of timelines), recomputed by the writer.
        r_.varint();
        read_slot_timelines_4x(a);
        read_bone_timelines_4x(a);
        read_constraint_timelines_4x(a);
        if (at_least(Version::V42)) read_physics_timelines(a);
        read_deform_timelines(a);
    } else {
        read_slot_timelines(a);
        read_bone_timelines(a);
        read_constraint_timelines(a);
        read_deform_timelines(a);
    }
    read_draw_order(a);
    read_event_keys(a);
}

void SkelReader::read_slot_timelines(Animation& a) {
    std::uint32_t n = count(2, "slot timeline group count");
    a.slots.resize(n);
    for (std::uint32_t i = 0; i < n; ++i) {
        SlotTimelines& g = a.slots[i];
        g.slot = index(sd_.slots.size(), "slot index", "slots");
        ByteReader::Scope s(r_, "slot", -1, &sd_.slots[g.slot].name);
        std::uint32_t m = count(2, "timeline count");
        g.timelines.resize(m);
        ByteReader::Scope st(r_, "slot timeline", 0);  // (renumbered per timeline: Scope::renumber)
        for (std::uint32_t j = 0; j < m; ++j) {
            SlotTimeline& t = g.timelines[j];
            st.renumber(j);
            std::size_t at = r_.offset();
            std::uint8_t type = r_.u8();
            if (type > 2) r_.fail_at(at, "unknown slot timeline type " + std::to_string(type) + " (expected 0 to 2)");
            t.type = static_cast<SlotTimelineType>(type);
            std::uint32_t frames = count(kMinKey + 1, "keyframe count");
            if (t.type == SlotTimelineType::Attachment) {
                t.attachment_keys.resize(frames);
                for (AttachmentKeyframe& k : t.attachment_keys) {
                    k.time = r_.f32_be();
                    ref_string(k.name);
                }
                continue;
            }
            const bool two = t.type == SlotTimelineType::TwoColor;
            const auto fill = [two](ColorKeyframe& k, const std::uint8_t* p, Specials& special) {
                k.time = f32_at(p, special);
                k.color = u32_at(p + 4);
                if (two) k.dark = u32_at(p + 8);
            };
            if (read_keys_3x(r_, t.color_keys, frames, two ? 12 : 8, fill)) continue;
            t.color_keys.resize(frames);  // (the checked loop)
            for (std::uint32_t f = 0; f < frames; ++f) {
                ColorKeyframe& k = t.color_keys[f];
                k.time = r_.f32_be();
                k.color = r_.u32_be();
                if (t.type == SlotTimelineType::TwoColor) k.dark = r_.u32_be();
                if (f + 1 < frames) read_curve(k.curve);
            }
        }
    }
}

void SkelReader::read_bone_timelines(Animation& a) {
    std::uint32_t n = count(2, "bone timeline group count");
    a.bones.resize(n);
    for (std::uint32_t i = 0; i < n; ++i) {
        BoneTimelines& g = a.bones[i];
        g.bone = index(sd_.bones.size(), "bone index", "bones");
        ByteReader::Scope s(r_, "bone", -1, &sd_.bones[g.bone].name);
        std::uint32_t m = count(2, "timeline count");
        g.timelines.resize(m);
        ByteReader::Scope st(r_, "bone timeline", 0);  // (renumbered per timeline: Scope::renumber)
        for (std::uint32_t j = 0; j < m; ++j) {
            BoneTimeline& t = g.timelines[j];
            st.renumber(j);
            std::size_t at = r_.offset();
            std::uint8_t type = r_.u8();
            if (type > 3) r_.fail_at(at, "unknown bone timeline type " + std::to_string(type) + " (expected 0 to 3)");
            t.type = static_cast<BoneTimelineType>(type);
            const bool rotate = t.type == BoneTimelineType::Rotate;
            std::uint32_t frames = count(rotate ? 8 : 12, "keyframe count");
            if (read_bone_keys_3x(t.keys, frames, rotate)) continue;
            t.keys.resize(frames);  // (the checked loop)
            for (std::uint32_t f = 0; f < frames; ++f) {
                BoneKeyframe& k = t.keys[f];
                if (rotate)
                    r_.f32_be_into(k.time, k.x);  // time, angle
                else
                    r_.f32_be_into(k.time, k.x, k.y);
                if (f + 1 < frames) read_curve(k.curve);
            }
        }
    }
}

void SkelReader::read_constraint_timelines(Animation& a) {
    std::uint32_t n = count(2, "IK timeline count");
    a.ik.resize(n);
    for (std::uint32_t i = 0; i < n; ++i) {
        IkTimeline& t = a.ik[i];
        ByteReader::Scope s(r_, "IK constraint timeline", i);
        t.constraint = index(sd_.ik.size(), "IK constraint index", "IK constraints");
        const bool softness = at_least(Version::V38);
        std::uint32_t frames = count(softness ? 15 : 11, "keyframe count");
        const auto fill = [softness](IkKeyframe& k, const std::uint8_t* p, Specials& special) {
            f32_pair_at(p, k.time, k.mix, special);
            if (softness) k.softness = f32_at(p + 8, special);
            p += softness ? 12 : 8;
            k.bend_direction = static_cast<std::int8_t>(p[0]);
            k.compress = p[1] != 0;
            k.stretch = p[2] != 0;
            return p[1] <= 1 && p[2] <= 1;  // (booleans)
        };
        if (read_keys_3x(r_, t.keys, frames, softness ? 15 : 11, fill)) continue;
        t.keys.resize(frames);  // (the checked loop)
        for (std::uint32_t f = 0; f < frames; ++f) {
            IkKeyframe& k = t.keys[f];
            k.time = r_.f32_be();
            k.mix = r_.f32_be();
            if (softness) k.softness = r_.f32_be();
            k.bend_direction = r_.i8();
            k.compress = r_.boolean();
            k.stretch = r_.boolean();
            if (f + 1 < frames) read_curve(k.curve);
        }
    }

    n = count(2, "transform timeline count");
    a.transform.resize(n);
    for (std::uint32_t i = 0; i < n; ++i) {
        TransformTimeline& t = a.transform[i];
        ByteReader::Scope s(r_, "transform constraint timeline", i);
        t.constraint = index(sd_.transform.size(), "transform constraint index", "transform constraints");
        std::uint32_t frames = count(20, "keyframe count");
        const auto fill = [](TransformKeyframe& k, const std::uint8_t* p, Specials& special) {
            f32_pair_at(p, k.time, k.rotate_mix, special);
            f32_pair_at(p + 8, k.translate_mix, k.scale_mix, special);
            k.shear_mix = f32_at(p + 16, special);
        };
        if (read_keys_3x(r_, t.keys, frames, 20, fill)) continue;
        t.keys.resize(frames);  // (the checked loop)
        for (std::uint32_t f = 0; f < frames; ++f) {
            TransformKeyframe& k = t.keys[f];
            r_.f32_be_into(k.time, k.rotate_mix, k.translate_mix, k.scale_mix, k.shear_mix);
            if (f + 1 < frames) read_curve(k.curve);
        }
    }

    n = count(2, "path timeline group count");
    a.path.resize(n);
    for (std::uint32_t i = 0; i < n; ++i) {
        PathTimelines& g = a.path[i];
        ByteReader::Scope s(r_, "path constraint timelines", i);
        g.constraint = index(sd_.path.size(), "path constraint index", "path constraints");
        std::uint32_t m = count(2, "timeline count");
        g.timelines.resize(m);
        for (std::uint32_t j = 0; j < m; ++j) {
            PathTimeline& t = g.timelines[j];
            ByteReader::Scope st(r_, "path timeline", j);
            std::size_t at = r_.offset();
            std::uint8_t type = r_.u8();
            if (type > 2) r_.fail_at(at, "unknown path timeline type " + std::to_string(type) + " (expected 0 to 2)");
            t.type = static_cast<PathTimelineType>(type);
            const bool mix = t.type == PathTimelineType::Mix;
            std::uint32_t frames = count(mix ? 12 : 8, "keyframe count");
            const auto fill = [mix](PathKeyframe& k, const std::uint8_t* p, Specials& special) {
                f32_pair_at(p, k.time, k.a, special);
                if (mix) k.b = f32_at(p + 8, special);
            };
            if (read_keys_3x(r_, t.keys, frames, mix ? 12 : 8, fill)) continue;
            t.keys.resize(frames);  // (the checked loop)
            for (std::uint32_t f = 0; f < frames; ++f) {
                PathKeyframe& k = t.keys[f];
                k.time = r_.f32_be();
                k.a = r_.f32_be();
                if (mix) k.b = r_.f32_be();
                if (f + 1 < frames) read_curve(k.curve);
            }
        }
    }
}

// The fast path of a bone timeline's keys, each key size with its own decoder (kBytes).
[[gnu::noinline, gnu::flatten]] static bool read_bone_keys_3x_xy(ByteReader& r, Vector<BoneKeyframe>& keys, std::uint32_t frames) {
    const auto fill = [](BoneKeyframe& k, const std::uint8_t* p, Specials& special) {
        f32_pair_at(p, k.time, k.x, special);
        k.y = f32_at(p + 8, special);
    };
    return read_keys_3x(r, keys, frames, kBytes<12>, fill);
}
[[gnu::noinline, gnu::flatten]] static bool read_bone_keys_3x_rotate(ByteReader& r, Vector<BoneKeyframe>& keys, std::uint32_t frames) {
    const auto fill = [](BoneKeyframe& k, const std::uint8_t* p, Specials& special) {
        f32_pair_at(p, k.time, k.x, special);  // time, angle
    };
    return read_keys_3x(r, keys, frames, kBytes<8>, fill);
}
bool SkelReader::read_bone_keys_3x(Vector<BoneKeyframe>& keys, std::uint32_t frames, bool rotate) {
    return rotate ? read_bone_keys_3x_rotate(r_, keys, frames) : read_bone_keys_3x_xy(r_, keys, frames);
}

// Deform timelines (3.x), or attachment timelines (4.x: deform, and from 4.1 sequence), per skin and slot.
void SkelReader::read_deform_timelines(Animation& a) {
    const bool four = v4(), typed = at_least(Version::V41);
    std::uint32_t n = count(2, four ? "attachment timeline skin count" : "deform skin count");
    a.deform.resize(n);
    for (std::uint32_t i = 0; i < n; ++i) {
        DeformSkin& ds = a.deform[i];
        ds.skin = index(sd_.skins.size(), "skin index", "skins");
        const Skin& skin = sd_.skins[ds.skin];
        ByteReader::Scope s(r_, four ? "attachment timeline skin" : "deform skin", -1, &skin.name);
        std::uint32_t m = count(2, four ? "slot count" : "deform slot count");
        ds.slots.resize(m);
        for (std::uint32_t j = 0; j < m; ++j) {
            DeformSlot& dsl = ds.slots[j];
            dsl.slot = index(sd_.slots.size(), "slot index", "slots");
            ByteReader::Scope ss(r_, "slot", -1, &sd_.slots[dsl.slot].name);
            std::uint32_t tcount = count(2, four ? "attachment timeline count" : "deform timeline count");
            dsl.timelines.resize(tcount);
            for (std::uint32_t t = 0; t < tcount; ++t) {
                DeformTimeline& tl = dsl.timelines[t];
                std::size_t key_at = r_.offset();
                ref_string(tl.attachment);
                ByteReader::Scope st(r_, four ? "attachment timeline" : "deform timeline", -1, &tl.attachment);
                if (typed) read_attachment_timeline_type(tl);
                if (tl.type == AttachmentTimelineType::Sequence) {
                    read_sequence_keys(skin, dsl.slot, tl, key_at);
                    continue;
                }
                deform_target(skin, dsl.slot, tl.attachment, key_at);
                std::uint32_t frames = count(5, "keyframe count");
                if (four) r_.varint();  // Bézier count (the writer recomputes it)
                if (read_deform_keys_fast(tl.keys, frames)) continue;
                tl.keys.resize(frames);  // (the checked loop)
                for (std::uint32_t f = 0; f < frames; ++f) {
                    DeformKeyframe& k = tl.keys[f];
                    k.time = r_.f32_be();
                    if (four && f > 0) read_curve_4x(tl.keys[f - 1].curve, 1);  // 4.x: a key's curve follows the next key's time
                    std::uint32_t values = count(4, "deform value count");
                    if (values > 0) {
                        std::size_t at = r_.offset();
                        k.offset = r_.varint();
                        if (k.offset < 0) r_.fail_at(at, "deform start " + std::to_string(k.offset) + " is negative");
                        r_.check_count(values, 4, "deform value");
                        r_.f32_be_vector(k.values, values);
                    }
                    if (!four && f + 1 < frames) read_curve(k.curve);
                }
            }
        }
    }
}

// Fast path for the keys of a deform timeline: each key decoded straight from the bytes, with a bounds
// check per key and per value run (a key's size depends on its value count). Every value count and start
// a varint of up to 4 bytes, every float finite, every curve type known and every byte there; anything
// else returns false with the reader not moved and `keys` empty, for the checked loop to read (and fail)
// as it always has. (When a key's values are all there, the checked loop's count checks pass too.)
bool SkelReader::read_deform_keys_fast(Vector<DeformKeyframe>& keys, std::uint32_t frames) {
    if (!skel_fast_paths) return false;
    const bool four = v4();
    const std::uint8_t* const begin = r_.cursor();
    const std::uint8_t* const end = begin + r_.remaining();
    const std::uint8_t* p = begin;
    Specials special = 0;  // a NaN or infinite float was read
    auto decode = [&] {
        keys.reserve(frames);  // (frames was checked against the bytes left)
        for (std::uint32_t f = 0; f < frames; ++f) {
            if (end - p < 4) return false;
            DeformKeyframe& k = keys.emplace_back();
            k.time = f32_at(p, special);
            p += 4;
            // 4.x: the previous key's curve follows this key's time; 3.x: a key's curve follows its values.
            if (four && f > 0 && !curve_4x_at(p, end, keys[f - 1].curve, 4, special)) return false;
            std::uint32_t values = 0, start = 0;
            if (!varint_at(p, end, values)) return false;
            if (values > 0) {
                if (!varint_at(p, end, start) || values > static_cast<std::size_t>(end - p) / 4) return false;
                k.offset = static_cast<int>(start);
                k.values.resize(values);
                special |= ByteReader::big_endian_floats(p, k.values.data(), values);
                p += 4 * std::size_t{values};
            }
            if (!four && f + 1 < frames && !curve_3x_at(p, end, k.curve, special)) return false;
        }
        return !(any_special(special) && r_.refuses_non_finite());
    };
    const bool decoded = decode();  // (before `p - begin` is taken)
    return finish_keys(r_, keys, decoded, p - begin);
}

const Attachment& SkelReader::deform_target(const Skin& skin, int slot, const OptString& key, std::size_t at) {
    const Attachment* target = key ? find_attachment(skin, slot, *key) : nullptr;
    if (!target) r_.fail_at(at, "attachment not found in this skin and slot");
    if (target->type == AttachmentType::Region || target->type == AttachmentType::Point)
        r_.fail_at(at, "attachment has no vertices to deform");
    return *target;
}

void SkelReader::read_draw_order(Animation& a) {
    std::uint32_t n = count(5, "draw order keyframe count");
    a.draw_order.resize(n);
    const std::size_t slots = sd_.slots.size();
    for (std::uint32_t i = 0; i < n; ++i) {
        DrawOrderKeyframe& k = a.draw_order[i];
        ByteReader::Scope s(r_, "draw order keyframe", i);
        k.time = r_.f32_be();
        std::size_t at = r_.offset();
        std::uint32_t changes = count(2, "draw order change count");
        if (changes > slots) r_.fail_at(at, "draw order change count " + std::to_string(changes) + " exceeds the slot count " + std::to_string(slots));
        k.offsets.resize(changes);
        for (DrawOrderOffset& o : k.offsets) {
            o.slot = index(slots, "slot index", "slots");
            std::size_t off_at = r_.offset();
            o.offset = r_.varint();
            long target = static_cast<long>(o.slot) + o.offset;
            if (target < 0 || target >= static_cast<long>(slots))
                r_.fail_at(off_at, "draw order offset " + std::to_string(o.offset) + " moves slot " + std::to_string(o.slot) +
                                       " outside 0.." + std::to_string(slots - 1));
        }
    }
}

void SkelReader::read_event_keys(Animation& a) {
    std::uint32_t n = count(10, "event keyframe count");
    a.events.resize(n);
    for (std::uint32_t i = 0; i < n; ++i) {
        EventKeyframe& k = a.events[i];
        ByteReader::Scope s(r_, "event keyframe", i);
        k.time = r_.f32_be();
        k.event = index(sd_.events.size(), "event index", "events");
        k.int_value = r_.varint(true);
        k.float_value = r_.f32_be();
        if (r_.boolean()) string(k.string_value);
        const EventData& def = sd_.events[k.event];
        if (def.audio) {
            k.volume = r_.f32_be();
            k.balance = r_.f32_be();
        } else {
            k.volume = def.volume;
            k.balance = def.balance;
        }
    }
}

}  // namespace rigio::spine::detail
