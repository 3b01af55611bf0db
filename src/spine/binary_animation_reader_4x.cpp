// Spine 4.x .skel reader: the timelines of 4.0, 4.1 and 4.2 animations (mirrored by
// binary_animation_writer_4x.cpp). Differences from 3.x: every curve timeline stores a Bézier count,
// curves have one Bézier per channel in absolute units and follow the NEXT key's time and values
// (deform: its time), colours are bytes per channel, timelines per channel (translateX, rgb, alpha..),
// 4.1 tags attachment timelines (deform, sequence), 4.2 adds physics and inherit timelines and packs
// IK keys into a flags byte.
#include "rigio/spine/binary.hpp"
#include "skel_reader.hpp"

namespace rigio::spine::detail {

using io::ByteReader;

namespace {

// 4.x slot timeline types in file order, and their channel count (0: attachment, no curve).
constexpr SlotTimelineType kSlotTypes[] = {SlotTimelineType::Attachment, SlotTimelineType::Color,
                                           SlotTimelineType::Rgb,        SlotTimelineType::TwoColor,
                                           SlotTimelineType::Rgb2,       SlotTimelineType::Alpha};
// 4.x bone timeline types in file order (Inherit: 4.2).
constexpr BoneTimelineType kBoneTypes[] = {BoneTimelineType::Rotate, BoneTimelineType::Translate, BoneTimelineType::TranslateX,
                                           BoneTimelineType::TranslateY, BoneTimelineType::Scale, BoneTimelineType::ScaleX,
                                           BoneTimelineType::ScaleY, BoneTimelineType::Shear, BoneTimelineType::ShearX,
                                           BoneTimelineType::ShearY, BoneTimelineType::Inherit};
// 4.2 physics timeline types by file number (3 is unused).
constexpr int kPhysicsTypeCount = 9;

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

bool two_values(BoneTimelineType t) {
    return t == BoneTimelineType::Translate || t == BoneTimelineType::Scale || t == BoneTimelineType::Shear;
}

}  // namespace

template <class C>
void SkelReader::read_curve_4x_other(C& c, int channels) {
    std::size_t at = r_.offset();
    std::uint8_t type = r_.u8();
    switch (type) {
        case 0: c.type = CurveType::Linear; break;
        case 1: c.type = CurveType::Stepped; break;
        case 2:
            c.type = CurveType::Bezier;
            r_.check_count(static_cast<std::size_t>(channels) * 4, 4, "Bézier value");
            c.bezier.resize(static_cast<std::size_t>(channels) * 4);
            r_.f32_be_run(c.bezier.data(), c.bezier.size());
            break;
        default: r_.fail_at(at, "unknown curve type " + std::to_string(type) + " (expected 0, 1 or 2)");
    }
}
template void SkelReader::read_curve_4x_other(Curve& c, int channels);
template void SkelReader::read_curve_4x_other(Curve2& c, int channels);

void SkelReader::read_slot_timelines_4x(Animation& a) {
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
            if (type > 5) r_.fail_at(at, "unknown slot timeline type " + std::to_string(type) + " (expected 0 to 5)");
            t.type = kSlotTypes[type];
            if (t.type == SlotTimelineType::Attachment) {
                std::uint32_t frames = count(5, "keyframe count");
                t.attachment_keys.resize(frames);
                for (AttachmentKeyframe& k : t.attachment_keys) {
                    k.time = r_.f32_be();
                    ref_string(k.name);
                }
                continue;
            }
            const int channels = slot_channels(t.type);
            std::uint32_t frames = count(4 + static_cast<std::size_t>(channels), "keyframe count");
            r_.varint();  // Bézier count (recomputed by the writer)
            const SlotTimelineType type_ = t.type;
            const auto fill = [type_](ColorKeyframe& k, const std::uint8_t* p, Specials& special) {
                k.time = f32_at(p, special);
                p += 4;
                const auto rgb = [](const std::uint8_t* q) { return std::uint32_t{q[0]} << 16 | std::uint32_t{q[1]} << 8 | q[2]; };
                switch (type_) {
                    case SlotTimelineType::Color: k.color = u32_at(p); break;
                    case SlotTimelineType::Rgb: k.color = rgb(p) << 8 | 0xFF; break;
                    case SlotTimelineType::Alpha: k.color = 0xFFFFFF00u | p[0]; break;
                    case SlotTimelineType::TwoColor:
                        k.color = u32_at(p);
                        k.dark = rgb(p + 4);
                        break;
                    default:  // Rgb2
                        k.color = rgb(p) << 8 | 0xFF;
                        k.dark = rgb(p + 3);
                        break;
                }
            };
            // (a channel's value is one byte: 4 + channels bytes a key)
            if (read_keys_4x(r_, t.color_keys, frames, 4 + static_cast<std::size_t>(channels), channels, fill)) continue;
            t.color_keys.resize(frames);  // (the checked loop)
            for (std::uint32_t f = 0; f < frames; ++f) {
                ColorKeyframe& k = t.color_keys[f];
                k.time = r_.f32_be();
                switch (t.type) {
                    case SlotTimelineType::Color: k.color = r_.u32_be(); break;
                    case SlotTimelineType::Rgb: k.color = (std::uint32_t{r_.u8()} << 24 | std::uint32_t{r_.u8()} << 16 | std::uint32_t{r_.u8()} << 8) | 0xFF; break;
                    case SlotTimelineType::Alpha: k.color = 0xFFFFFF00u | r_.u8(); break;
                    case SlotTimelineType::TwoColor:
                        k.color = r_.u32_be();
                        k.dark = std::uint32_t{r_.u8()} << 16 | std::uint32_t{r_.u8()} << 8 | std::uint32_t{r_.u8()};
                        break;
                    default:  // Rgb2
                        k.color = (std::uint32_t{r_.u8()} << 24 | std::uint32_t{r_.u8()} << 16 | std::uint32_t{r_.u8()} << 8) | 0xFF;
                        k.dark = std::uint32_t{r_.u8()} << 16 | std::uint32_t{r_.u8()} << 8 | std::uint32_t{r_.u8()};
                        break;
                }
                if (f > 0) read_curve_4x(t.color_keys[f - 1].curve, channels);
            }
        }
    }
}

void SkelReader::read_bone_timelines_4x(Animation& a) {
    std::uint32_t n = count(2, "bone timeline group count");
    a.bones.resize(n);
    const std::uint8_t max_type = at_least(Version::V42) ? 10 : 9;
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
            if (type > max_type)
                r_.fail_at(at, "unknown bone timeline type " + std::to_string(type) + " (expected 0 to " + std::to_string(max_type) + ")");
            t.type = kBoneTypes[type];
            if (t.type == BoneTimelineType::Inherit) {
                std::uint32_t frames = count(5, "keyframe count");
                t.keys.resize(frames);
                for (BoneKeyframe& k : t.keys) {
                    k.time = r_.f32_be();
                    std::size_t mode_at = r_.offset();
                    std::uint8_t mode = r_.u8();
                    if (mode > 4) r_.fail_at(mode_at, "unknown inherit mode " + std::to_string(mode) + " (expected 0 to 4)");
                    k.inherit = static_cast<TransformMode>(mode);
                }
                continue;
            }
            const bool two = two_values(t.type);
            std::uint32_t frames = count(two ? 12 : 8, "keyframe count");
            r_.varint();  // Bézier count
            if (read_bone_keys_4x(t.keys, frames, two)) continue;
            t.keys.resize(frames);  // (the checked loop)
            for (std::uint32_t f = 0; f < frames; ++f) {
                BoneKeyframe& k = t.keys[f];
                if (two)
                    r_.f32_be_into(k.time, k.x, k.y);
                else
                    r_.f32_be_into(k.time, k.x);  // one-value timelines
                if (f > 0) read_curve_4x(t.keys[f - 1].curve, two ? 2 : 1);
            }
        }
    }
}

void SkelReader::read_constraint_timelines_4x(Animation& a) {
    std::uint32_t n = count(3, "IK timeline count");
    a.ik.resize(n);
    for (std::uint32_t i = 0; i < n; ++i) {
        IkTimeline& t = a.ik[i];
        ByteReader::Scope s(r_, "IK constraint timeline", i);
        t.constraint = index(sd_.ik.size(), "IK constraint index", "IK constraints");
        const bool flags = at_least(Version::V42);
        std::uint32_t frames = count(flags ? 5 : 15, "keyframe count");
        r_.varint();  // Bézier count
        if (read_ik_keys_4x_fast(t.keys, frames)) continue;
        t.keys.resize(frames);  // (the checked loop)
        for (std::uint32_t f = 0; f < frames; ++f) {
            IkKeyframe& k = t.keys[f];
            if (flags) {
                // 4.2: one byte holds the booleans, which values follow and the previous key's curve.
                std::uint8_t b = r_.u8();
                k.time = r_.f32_be();
                k.mix = (b & 1) ? ((b & 2) ? r_.f32_be() : 1.0f) : 0.0f;
                k.softness = (b & 4) ? r_.f32_be() : 0.0f;
                k.bend_direction = (b & 8) ? 1 : -1;
                k.compress = b & 16;
                k.stretch = b & 32;
                if (f > 0) {
                    Curve2& c = t.keys[f - 1].curve;
                    if (b & 64) {
                        c.type = CurveType::Stepped;
                    } else if (b & 128) {
                        c.type = CurveType::Bezier;
                        c.bezier.resize(8);
                        r_.f32_be_run(c.bezier.data(), 8);
                    }
                }
                continue;
            }
            k.time = r_.f32_be();
            k.mix = r_.f32_be();
            k.softness = r_.f32_be();
            if (f > 0) read_curve_4x(t.keys[f - 1].curve, 2);
            k.bend_direction = r_.i8();
            k.compress = r_.boolean();
            k.stretch = r_.boolean();
        }
    }

    n = count(3, "transform timeline count");
    a.transform.resize(n);
    for (std::uint32_t i = 0; i < n; ++i) {
        TransformTimeline& t = a.transform[i];
        ByteReader::Scope s(r_, "transform constraint timeline", i);
        t.constraint = index(sd_.transform.size(), "transform constraint index", "transform constraints");
        std::uint32_t frames = count(28, "keyframe count");
        r_.varint();  // Bézier count
        const auto fill = [](TransformKeyframe& k, const std::uint8_t* p, Specials& special) {
            f32_pair_at(p, k.time, k.rotate_mix, special);
            f32_pair_at(p + 8, k.translate_mix, k.mix_y, special);
            f32_pair_at(p + 16, k.scale_mix, k.mix_scale_y, special);
            k.shear_mix = f32_at(p + 24, special);
        };
        if (read_keys_4x(r_, t.keys, frames, 28, 6, fill)) continue;
        t.keys.resize(frames);  // (the checked loop)
        for (std::uint32_t f = 0; f < frames; ++f) {
            TransformKeyframe& k = t.keys[f];
            r_.f32_be_into(k.time, k.rotate_mix, k.translate_mix, k.mix_y, k.scale_mix, k.mix_scale_y, k.shear_mix);
            if (f > 0) read_curve_4x(t.keys[f - 1].curve, 6);
        }
    }

    n = count(2, "path timeline group count");
    a.path.resize(n);
    for (std::uint32_t i = 0; i < n; ++i) {
        PathTimelines& g = a.path[i];
        ByteReader::Scope s(r_, "path constraint timelines", i);
        g.constraint = index(sd_.path.size(), "path constraint index", "path constraints");
        std::uint32_t m = count(3, "timeline count");
        g.timelines.resize(m);
        for (std::uint32_t j = 0; j < m; ++j) {
            PathTimeline& t = g.timelines[j];
            ByteReader::Scope st(r_, "path timeline", j);
            std::size_t at = r_.offset();
            std::uint8_t type = r_.u8();
            if (type > 2) r_.fail_at(at, "unknown path timeline type " + std::to_string(type) + " (expected 0 to 2)");
            t.type = static_cast<PathTimelineType>(type);
            const bool mix = t.type == PathTimelineType::Mix;
            std::uint32_t frames = count(mix ? 16 : 8, "keyframe count");
            r_.varint();  // Bézier count
            const auto fill = [mix](PathKeyframe& k, const std::uint8_t* p, Specials& special) {
                f32_pair_at(p, k.time, k.a, special);
                if (mix) f32_pair_at(p + 8, k.b, k.c, special);
            };
            if (read_keys_4x(r_, t.keys, frames, mix ? 16 : 8, mix ? 3 : 1, fill)) continue;
            t.keys.resize(frames);  // (the checked loop)
            for (std::uint32_t f = 0; f < frames; ++f) {
                PathKeyframe& k = t.keys[f];
                if (mix)
                    r_.f32_be_into(k.time, k.a, k.b, k.c);
                else
                    r_.f32_be_into(k.time, k.a);
                if (f > 0) read_curve_4x(t.keys[f - 1].curve, mix ? 3 : 1);
            }
        }
    }
}

void SkelReader::read_physics_timelines(Animation& a) {
    std::uint32_t n = count(2, "physics timeline group count");
    a.physics.resize(n);
    for (std::uint32_t i = 0; i < n; ++i) {
        PhysicsTimelines& g = a.physics[i];
        ByteReader::Scope s(r_, "physics constraint timelines", i);
        // Stored as index + 1; 0 means every physics constraint.
        g.constraint = index(sd_.physics.size() + 1, "physics constraint index + 1", "physics constraints + 1") - 1;
        std::uint32_t m = count(2, "timeline count");
        g.timelines.resize(m);
        for (std::uint32_t j = 0; j < m; ++j) {
            PhysicsTimeline& t = g.timelines[j];
            ByteReader::Scope st(r_, "physics timeline", j);
            std::size_t at = r_.offset();
            std::uint8_t type = r_.u8();
            if (type >= kPhysicsTypeCount || type == 3)
                r_.fail_at(at, "unknown physics timeline type " + std::to_string(type) + " (expected 0 to 8, not 3)");
            t.type = static_cast<PhysicsTimelineType>(type < 3 ? type : type - 1);
            if (t.type == PhysicsTimelineType::Reset) {
                std::uint32_t frames = count(4, "keyframe count");
                t.keys.resize(frames);
                for (PhysicsKeyframe& k : t.keys) k.time = r_.f32_be();
                continue;
            }
            std::uint32_t frames = count(8, "keyframe count");
            r_.varint();  // Bézier count
            const auto fill = [](PhysicsKeyframe& k, const std::uint8_t* p, Specials& special) {
                f32_pair_at(p, k.time, k.value, special);
            };
            if (read_keys_4x(r_, t.keys, frames, 8, 1, fill)) continue;
            t.keys.resize(frames);  // (the checked loop)
            for (std::uint32_t f = 0; f < frames; ++f) {
                PhysicsKeyframe& k = t.keys[f];
                r_.f32_be_into(k.time, k.value);
                if (f > 0) read_curve_4x(t.keys[f - 1].curve, 1);
            }
        }
    }
}

// The fast path of a bone timeline's keys, each key size with its own decoder (kBytes).
[[gnu::noinline, gnu::flatten]] static bool read_bone_keys_4x_two(ByteReader& r, Vector<BoneKeyframe>& keys, std::uint32_t frames) {
    const auto fill = [](BoneKeyframe& k, const std::uint8_t* p, Specials& special) {
        f32_pair_at(p, k.time, k.x, special);
        k.y = f32_at(p + 8, special);
    };
    return read_keys_4x(r, keys, frames, kBytes<12>, kChannels<2>, fill);
}
[[gnu::noinline, gnu::flatten]] static bool read_bone_keys_4x_one(ByteReader& r, Vector<BoneKeyframe>& keys, std::uint32_t frames) {
    const auto fill = [](BoneKeyframe& k, const std::uint8_t* p, Specials& special) {
        f32_pair_at(p, k.time, k.x, special);
    };
    return read_keys_4x(r, keys, frames, kBytes<8>, kChannels<1>, fill);
}
bool SkelReader::read_bone_keys_4x(Vector<BoneKeyframe>& keys, std::uint32_t frames, bool two) {
    return two ? read_bone_keys_4x_two(r_, keys, frames) : read_bone_keys_4x_one(r_, keys, frames);
}

// Fast path for the keys of an IK timeline, as read_deform_keys_fast: decoded straight from the bytes
// with a bounds check per key (4.2 keys differ in size with their flags byte), false with the reader
// not moved and `keys` empty at anything the checked loop would report (bytes cut short, an unknown
// curve type, a boolean byte other than 0 or 1, a NaN or infinity).
bool SkelReader::read_ik_keys_4x_fast(Vector<IkKeyframe>& keys, std::uint32_t frames) {
    if (!skel_fast_paths) return false;
    const bool flags = at_least(Version::V42);
    const std::uint8_t* const begin = r_.cursor();
    const std::uint8_t* const end = begin + r_.remaining();
    const std::uint8_t* p = begin;
    Specials special = 0;  // a NaN or infinite float was read
    auto decode = [&] {
        keys.reserve(frames);  // (frames was checked against the bytes left)
        for (std::uint32_t f = 0; f < frames; ++f) {
            IkKeyframe& k = keys.emplace_back();
            if (flags) {
                // The flags byte, the time, then the mix (bits 0 and 1) and the softness (bit 2) when stored.
                if (end - p < 5) return false;
                const std::uint8_t b = *p;
                const bool mix = (b & 3) == 3, softness = b & 4;
                if (static_cast<std::size_t>(end - p) < 5u + (mix ? 4 : 0) + (softness ? 4 : 0)) return false;
                k.time = f32_at(p + 1, special);
                p += 5;
                k.mix = (b & 1) ? 1.0f : 0.0f;
                if (mix) {
                    k.mix = f32_at(p, special);
                    p += 4;
                }
                k.softness = 0.0f;
                if (softness) {
                    k.softness = f32_at(p, special);
                    p += 4;
                }
                k.bend_direction = (b & 8) ? 1 : -1;
                k.compress = b & 16;
                k.stretch = b & 32;
                if (f > 0) {
                    Curve2& c = keys[f - 1].curve;
                    if (b & 64)
                        c.type = CurveType::Stepped;
                    else if ((b & 128) && !bezier_4x_at(p, end, c, 8, special))
                        return false;
                }
                continue;
            }
            // 4.0, 4.1: time, mix, softness, the previous key's curve (two channels), bend, compress, stretch.
            if (end - p < 12) return false;
            f32_pair_at(p, k.time, k.mix, special);
            k.softness = f32_at(p + 8, special);
            p += 12;
            if (f > 0 && !curve_4x_at(p, end, keys[f - 1].curve, 8, special)) return false;
            if (end - p < 3 || p[1] > 1 || p[2] > 1) return false;
            k.bend_direction = static_cast<std::int8_t>(p[0]);
            k.compress = p[1] != 0;
            k.stretch = p[2] != 0;
            p += 3;
        }
        return !(any_special(special) && r_.refuses_non_finite());
    };
    const bool decoded = decode();  // (before `p - begin` is taken)
    return finish_keys(r_, keys, decoded, p - begin);
}

// 4.1+: the kind of an attachment timeline (0 deform, 1 sequence).
void SkelReader::read_attachment_timeline_type(DeformTimeline& tl) {
    std::size_t at = r_.offset();
    std::uint8_t type = r_.u8();
    if (type > 1) r_.fail_at(at, "unknown attachment timeline type " + std::to_string(type) + " (expected 0 or 1)");
    tl.type = static_cast<AttachmentTimelineType>(type);
}

// 4.1+: the keys of a sequence timeline; its attachment must exist (`key_at`: where its name was read).
void SkelReader::read_sequence_keys(const Skin& skin, int slot, DeformTimeline& tl, std::size_t key_at) {
    const Attachment* target = tl.attachment ? find_attachment(skin, slot, *tl.attachment) : nullptr;
    if (!target) r_.fail_at(key_at, "attachment not found in this skin and slot");
    std::uint32_t frames = count(12, "keyframe count");
    tl.sequence_keys.resize(frames);
    for (SequenceKeyframe& k : tl.sequence_keys) {
        k.time = r_.f32_be();
        std::size_t mode_at = r_.offset();
        std::uint32_t mode_index = r_.u32_be();
        if ((mode_index & 15) > 6) r_.fail_at(mode_at, "unknown sequence mode " + std::to_string(mode_index & 15) + " (expected 0 to 6)");
        k.mode = static_cast<SequenceMode>(mode_index & 15);
        k.index = static_cast<int>(static_cast<std::int32_t>(mode_index) >> 4);
        k.delay = r_.f32_be();
    }
}

}  // namespace rigio::spine::detail
