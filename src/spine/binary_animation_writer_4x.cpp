// Spine 4.x .skel writer: the timelines of 4.0, 4.1 and 4.2 animations, the mirror of
// binary_animation_reader_4x.cpp. The timeline count and each timeline's Bézier count, which the
// reader skips, are recomputed here; the curve of key f follows key f+1's values (deform: its time).
#include "rigio/spine/binary.hpp"
#include "skel_writer.hpp"

namespace rigio::spine::detail {

namespace {

int slot_file_type(SlotTimelineType t) {
    switch (t) {
        case SlotTimelineType::Attachment: return 0;
        case SlotTimelineType::Color: return 1;
        case SlotTimelineType::Rgb: return 2;
        case SlotTimelineType::TwoColor: return 3;
        case SlotTimelineType::Rgb2: return 4;
        case SlotTimelineType::Alpha: return 5;
    }
    return 0;
}

int slot_channels(SlotTimelineType t) {
    switch (t) {
        case SlotTimelineType::Color: return 4;
        case SlotTimelineType::Rgb: return 3;
        case SlotTimelineType::TwoColor: return 7;
        case SlotTimelineType::Rgb2: return 6;
        case SlotTimelineType::Alpha: return 1;
        default: return 0;
    }
}

int bone_file_type(BoneTimelineType t) {
    switch (t) {
        case BoneTimelineType::Rotate: return 0;
        case BoneTimelineType::Translate: return 1;
        case BoneTimelineType::TranslateX: return 2;
        case BoneTimelineType::TranslateY: return 3;
        case BoneTimelineType::Scale: return 4;
        case BoneTimelineType::ScaleX: return 5;
        case BoneTimelineType::ScaleY: return 6;
        case BoneTimelineType::Shear: return 7;
        case BoneTimelineType::ShearX: return 8;
        case BoneTimelineType::ShearY: return 9;
        case BoneTimelineType::Inherit: return 10;
    }
    return 0;
}

bool two_values(BoneTimelineType t) {
    return t == BoneTimelineType::Translate || t == BoneTimelineType::Scale || t == BoneTimelineType::Shear;
}

// The Bézier count stored before a timeline's keys: one per channel of every Bézier curve.
template <class Keys>
int bezier_count(const Keys& keys, int channels) {
    int n = 0;
    for (std::size_t f = 0; f + 1 < keys.size(); ++f)
        if (keys[f].curve.type == CurveType::Bezier) n += channels;
    return n;
}

void curve(io::ByteWriter& w, CurveView c) {
    w.u8(static_cast<std::uint8_t>(c.type));
    if (c.type == CurveType::Bezier)
        for (float f : c.bezier) w.f32_be(f);
}

void rgb(io::ByteWriter& w, std::uint32_t rgba) {
    w.u8(static_cast<std::uint8_t>(rgba >> 24));
    w.u8(static_cast<std::uint8_t>(rgba >> 16));
    w.u8(static_cast<std::uint8_t>(rgba >> 8));
}

void dark(io::ByteWriter& w, std::uint32_t d) {
    w.u8(static_cast<std::uint8_t>(d >> 16));
    w.u8(static_cast<std::uint8_t>(d >> 8));
    w.u8(static_cast<std::uint8_t>(d));
}

std::size_t timeline_count(const Animation& a) {
    std::size_t n = 0;
    for (const auto& g : a.slots) n += g.timelines.size();
    for (const auto& g : a.bones) n += g.timelines.size();
    n += a.ik.size() + a.transform.size();
    for (const auto& g : a.path) n += g.timelines.size();
    for (const auto& g : a.physics) n += g.timelines.size();
    for (const auto& ds : a.deform)
        for (const auto& dsl : ds.slots) n += dsl.timelines.size();
    if (!a.draw_order.empty()) ++n;
    if (!a.events.empty()) ++n;
    return n;
}

}  // namespace

void write_animation_4x(io::ByteWriter& w, const SkeletonData& sd, const Animation& a, Version layout,
                        const std::function<void(const OptString&)>& ref_string,
                        const std::function<int(int)>& skin_index) {
    (void)sd;
    w.varint(static_cast<int>(timeline_count(a)));

    w.count(a.slots.size());
    for (const SlotTimelines& g : a.slots) {
        w.varint(g.slot);
        w.count(g.timelines.size());
        for (const SlotTimeline& t : g.timelines) {
            w.u8(static_cast<std::uint8_t>(slot_file_type(t.type)));
            if (t.type == SlotTimelineType::Attachment) {
                w.count(t.attachment_keys.size());
                for (const AttachmentKeyframe& k : t.attachment_keys) {
                    w.f32_be(k.time);
                    ref_string(k.name);
                }
                continue;
            }
            const int channels = slot_channels(t.type);
            w.count(t.color_keys.size());
            w.varint(bezier_count(t.color_keys, channels));
            for (std::size_t f = 0; f < t.color_keys.size(); ++f) {
                const ColorKeyframe& k = t.color_keys[f];
                w.f32_be(k.time);
                switch (t.type) {
                    case SlotTimelineType::Color: w.u32_be(k.color); break;
                    case SlotTimelineType::Rgb: rgb(w, k.color); break;
                    case SlotTimelineType::Alpha: w.u8(static_cast<std::uint8_t>(k.color)); break;
                    case SlotTimelineType::TwoColor:
                        w.u32_be(k.color);
                        dark(w, k.dark);
                        break;
                    default:  // Rgb2
                        rgb(w, k.color);
                        dark(w, k.dark);
                        break;
                }
                if (f > 0) curve(w, t.color_keys[f - 1].curve);
            }
        }
    }

    w.count(a.bones.size());
    for (const BoneTimelines& g : a.bones) {
        w.varint(g.bone);
        w.count(g.timelines.size());
        for (const BoneTimeline& t : g.timelines) {
            w.u8(static_cast<std::uint8_t>(bone_file_type(t.type)));
            if (t.type == BoneTimelineType::Inherit) {
                w.count(t.keys.size());
                for (const BoneKeyframe& k : t.keys) {
                    w.f32_be(k.time);
                    w.u8(static_cast<std::uint8_t>(k.inherit));
                }
                continue;
            }
            const bool two = two_values(t.type);
            w.count(t.keys.size());
            w.varint(bezier_count(t.keys, two ? 2 : 1));
            for (std::size_t f = 0; f < t.keys.size(); ++f) {
                const BoneKeyframe& k = t.keys[f];
                w.f32_be(k.time);
                w.f32_be(k.x);
                if (two) w.f32_be(k.y);
                if (f > 0) curve(w, t.keys[f - 1].curve);
            }
        }
    }

    w.count(a.ik.size());
    for (const IkTimeline& t : a.ik) {
        w.varint(t.constraint);
        w.count(t.keys.size());
        w.varint(bezier_count(t.keys, 2));
        for (std::size_t f = 0; f < t.keys.size(); ++f) {
            const IkKeyframe& k = t.keys[f];
            if (layout >= Version::V42) {
                // One byte: the booleans, which values follow, and the previous key's curve.
                // The editor sets "not 1" even when the mix is 0 (then no float follows).
                const bool mix = k.mix != 0, not_one = k.mix != 1, softness = k.softness != 0;
                const CurveType prev = f > 0 ? t.keys[f - 1].curve.type : CurveType::Linear;
                w.u8(static_cast<std::uint8_t>((mix ? 1 : 0) | (not_one ? 2 : 0) | (softness ? 4 : 0) |
                                               (k.bend_direction == 1 ? 8 : 0) | (k.compress ? 16 : 0) | (k.stretch ? 32 : 0) |
                                               (prev == CurveType::Stepped ? 64 : 0) | (prev == CurveType::Bezier ? 128 : 0)));
                w.f32_be(k.time);
                if (mix && not_one) w.f32_be(k.mix);
                if (softness) w.f32_be(k.softness);
                if (prev == CurveType::Bezier)
                    for (float x : t.keys[f - 1].curve.bezier) w.f32_be(x);
                continue;
            }
            w.f32_be(k.time);
            w.f32_be(k.mix);
            w.f32_be(k.softness);
            if (f > 0) curve(w, t.keys[f - 1].curve);
            w.i8(static_cast<std::int8_t>(k.bend_direction));
            w.boolean(k.compress);
            w.boolean(k.stretch);
        }
    }

    w.count(a.transform.size());
    for (const TransformTimeline& t : a.transform) {
        w.varint(t.constraint);
        w.count(t.keys.size());
        w.varint(bezier_count(t.keys, 6));
        for (std::size_t f = 0; f < t.keys.size(); ++f) {
            const TransformKeyframe& k = t.keys[f];
            w.f32_be(k.time);
            w.f32_be(k.rotate_mix);
            w.f32_be(k.translate_mix);
            w.f32_be(k.mix_y);
            w.f32_be(k.scale_mix);
            w.f32_be(k.mix_scale_y);
            w.f32_be(k.shear_mix);
            if (f > 0) curve(w, t.keys[f - 1].curve);
        }
    }

    w.count(a.path.size());
    for (const PathTimelines& g : a.path) {
        w.varint(g.constraint);
        w.count(g.timelines.size());
        for (const PathTimeline& t : g.timelines) {
            w.u8(static_cast<std::uint8_t>(t.type));
            const bool mix = t.type == PathTimelineType::Mix;
            w.count(t.keys.size());
            w.varint(bezier_count(t.keys, mix ? 3 : 1));
            for (std::size_t f = 0; f < t.keys.size(); ++f) {
                const PathKeyframe& k = t.keys[f];
                w.f32_be(k.time);
                w.f32_be(k.a);
                if (mix) {
                    w.f32_be(k.b);
                    w.f32_be(k.c);
                }
                if (f > 0) curve(w, t.keys[f - 1].curve);
            }
        }
    }

    if (layout >= Version::V42) {
        w.count(a.physics.size());
        for (const PhysicsTimelines& g : a.physics) {
            w.varint(g.constraint + 1);  // 0: every physics constraint
            w.count(g.timelines.size());
            for (const PhysicsTimeline& t : g.timelines) {
                const int type = static_cast<int>(t.type);
                w.u8(static_cast<std::uint8_t>(type < 3 ? type : type + 1));  // file number 3 is unused
                w.count(t.keys.size());
                if (t.type == PhysicsTimelineType::Reset) {
                    for (const PhysicsKeyframe& k : t.keys) w.f32_be(k.time);
                    continue;
                }
                w.varint(bezier_count(t.keys, 1));
                for (std::size_t f = 0; f < t.keys.size(); ++f) {
                    const PhysicsKeyframe& k = t.keys[f];
                    w.f32_be(k.time);
                    w.f32_be(k.value);
                    if (f > 0) curve(w, t.keys[f - 1].curve);
                }
            }
        }
    }

    const bool typed = layout >= Version::V41;
    w.count(a.deform.size());
    for (const DeformSkin& ds : a.deform) {
        w.varint(skin_index(ds.skin));
        w.count(ds.slots.size());
        for (const DeformSlot& dsl : ds.slots) {
            w.varint(dsl.slot);
            w.count(dsl.timelines.size());
            for (const DeformTimeline& tl : dsl.timelines) {
                ref_string(tl.attachment);
                if (typed) w.u8(static_cast<std::uint8_t>(tl.type));
                if (tl.type == AttachmentTimelineType::Sequence) {
                    w.count(tl.sequence_keys.size());
                    for (const SequenceKeyframe& k : tl.sequence_keys) {
                        w.f32_be(k.time);
                        w.u32_be(static_cast<std::uint32_t>(k.index) << 4 | static_cast<std::uint32_t>(k.mode));
                        w.f32_be(k.delay);
                    }
                    continue;
                }
                w.count(tl.keys.size());
                w.varint(bezier_count(tl.keys, 1));
                for (std::size_t f = 0; f < tl.keys.size(); ++f) {
                    const DeformKeyframe& k = tl.keys[f];
                    w.f32_be(k.time);
                    if (f > 0) curve(w, tl.keys[f - 1].curve);
                    w.count(k.values.size());
                    if (!k.values.empty()) {
                        w.varint(k.offset);
                        for (float v : k.values) w.f32_be(v);
                    }
                }
            }
        }
    }
}

}  // namespace rigio::spine::detail
