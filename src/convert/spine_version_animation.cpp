// Spine version conversion of animations: every timeline's keys to the target's curve form, 3.x rotations
// unwrapped for 4.x, 4.x one-channel and rgb/alpha timelines merged for 3.x, mixes per channel, and what
// the target has no timeline for (inherit, physics, sequences) dropped and reported.
#include <algorithm>
#include <cmath>
#include <fmt/core.h>
#include <map>

#include "rigio/io/json_input.hpp"
#include "spine_version_animation.hpp"

namespace rigio::convert::spine_version {

using namespace rigio::spine;

namespace {

bool four(Version v) { return v >= Version::V40; }

float byte_value(std::uint32_t c, int shift) { return static_cast<float>((c >> shift) & 0xFFu) / 255.0f; }
std::uint32_t to_byte(float v) { return static_cast<std::uint32_t>(std::lround(std::clamp(v, 0.0f, 1.0f) * 255.0f)); }

const char* slot_timeline_name(SlotTimelineType t, Version v) {
    switch (t) {
        case SlotTimelineType::Attachment: return "attachment";
        case SlotTimelineType::Color: return four(v) ? "rgba" : "color";
        case SlotTimelineType::TwoColor: return four(v) ? "rgba2" : "twoColor";
        case SlotTimelineType::Rgb: return "rgb";
        case SlotTimelineType::Rgb2: return "rgb2";
        case SlotTimelineType::Alpha: return "alpha";
    }
    return "?";
}

const char* bone_timeline_name(BoneTimelineType t) {
    static constexpr const char* kNames[] = {"rotate", "translate", "scale", "shear", "translatex", "translatey",
                                             "scalex", "scaley", "shearx", "sheary", "inherit"};
    return kNames[static_cast<std::size_t>(t)];
}

// ---- keys <-> channels ----

// Colour channels of a key of a slot timeline type: r g b a (+ dark r g b), rgb, alpha.
std::vector<float> color_values(const ColorKeyframe& k, SlotTimelineType t) {
    std::vector<float> v;
    switch (t) {
        case SlotTimelineType::Alpha: v = {byte_value(k.color, 0)}; break;
        case SlotTimelineType::Rgb: v = {byte_value(k.color, 24), byte_value(k.color, 16), byte_value(k.color, 8)}; break;
        case SlotTimelineType::Rgb2:
            v = {byte_value(k.color, 24), byte_value(k.color, 16), byte_value(k.color, 8), byte_value(k.dark, 16), byte_value(k.dark, 8),
                 byte_value(k.dark, 0)};
            break;
        default:
            v = {byte_value(k.color, 24), byte_value(k.color, 16), byte_value(k.color, 8), byte_value(k.color, 0)};
            if (t == SlotTimelineType::TwoColor) v.insert(v.end(), {byte_value(k.dark, 16), byte_value(k.dark, 8), byte_value(k.dark, 0)});
    }
    return v;
}

template <class Key, class Get>
ChannelKeys channels_of(const Vector<Key>& keys, int channels, Get get) {
    ChannelKeys c;
    c.channels = channels;
    for (std::size_t i = 0; i < keys.size(); ++i) c.keys.push_back({keys[i].time, get(keys[i]), Curve(keys[i].curve), static_cast<int>(i)});
    return c;
}

template <class Key, class Set>
Vector<Key> keys_of(const ChannelKeys& c, const Vector<Key>& source, Set set) {
    Vector<Key> out;
    for (const ChannelKeys::Key& k : c.keys) {
        Key key = source[static_cast<std::size_t>(k.origin)];
        key.time = k.time;
        key.curve = decltype(key.curve)(k.curve);  // (a Curve2 from a Curve of at most two channels)
        set(key, k.v);
        out.push_back(std::move(key));
    }
    return out;
}

// A channel the source has no timeline for, as flat keys at `times` (curve types and time handles
// copied from `like`, so that the merged key keeps one curve).
ChannelKeys flat_like(const ChannelKeys& like, float value) {
    ChannelKeys c = like;
    c.channels = 1;
    for (std::size_t i = 0; i < c.keys.size(); ++i) {
        c.keys[i].v = {value};
        if (c.keys[i].curve.type == CurveType::Bezier && c.keys[i].curve.bezier.size() >= 4)
            c.keys[i].curve.bezier = {c.keys[i].curve.bezier[0], value, c.keys[i].curve.bezier[2], value};
    }
    return c;
}

// Linear 4.x curve of one channel as a Bézier whose 9 samples lie on the line (handles at thirds).
void as_bezier(ChannelKeys::Key& k, const ChannelKeys::Key& next, int channels) {
    if (k.curve.type != CurveType::Linear) return;
    k.curve = Curve(CurveType::Bezier);
    const double t0 = k.time, dt = static_cast<double>(next.time) - t0;
    for (int ch = 0; ch < channels; ++ch) {
        const double v0 = k.v[ch], dv = static_cast<double>(next.v[ch]) - v0;
        k.curve.bezier.insert(k.curve.bezier.end(), {static_cast<float>(t0 + dt / 3), static_cast<float>(v0 + dv / 3),
                                                     static_cast<float>(t0 + 2 * dt / 3), static_cast<float>(v0 + 2 * dv / 3)});
    }
}

// Channels of several 4.x timelines with the same key times and stepped keys side by side, as one.
ChannelKeys zip(const std::vector<ChannelKeys>& parts) {
    ChannelKeys out;
    out.channels = 0;
    for (const ChannelKeys& p : parts) out.channels += p.channels;
    const std::size_t n = parts.front().keys.size();
    bool bezier_any = false;
    for (std::size_t i = 0; i + 1 < n; ++i)
        for (const ChannelKeys& p : parts) bezier_any |= p.keys[i].curve.type == CurveType::Bezier;
    (void)bezier_any;
    for (std::size_t i = 0; i < n; ++i) {
        ChannelKeys::Key k;
        k.time = parts.front().keys[i].time;
        k.origin = parts.front().keys[i].origin;
        bool bezier = false;
        for (const ChannelKeys& p : parts) bezier |= i + 1 < n && p.keys[i].curve.type == CurveType::Bezier;
        k.curve = Curve(i + 1 < n ? parts.front().keys[i].curve.type : CurveType::Linear);
        if (bezier) k.curve = Curve(CurveType::Bezier);
        for (const ChannelKeys& p : parts) {
            k.v.insert(k.v.end(), p.keys[i].v.begin(), p.keys[i].v.end());
            if (!bezier) continue;
            ChannelKeys::Key own = p.keys[i];
            as_bezier(own, p.keys[i + 1], p.channels);
            k.curve.bezier.insert(k.curve.bezier.end(), own.curve.bezier.begin(), own.curve.bezier.end());
        }
        out.keys.push_back(std::move(k));
    }
    return out;
}

}  // namespace

// ---------------------------------------------------------------- upgrade (3.x -> 4.x) and 3.x <-> 3.x, 4.x <-> 4.x

void AnimationConverter::note_last_curves(int n, const std::string& where) {
    if (n) losses_[{where, "curve on a last key (no runtime plays it)"}] += n;
}

void AnimationConverter::up_slots(Animation& a) {
    for (SlotTimelines& g : a.slots)
        for (SlotTimeline& t : g.timelines) {
            if (t.type == SlotTimelineType::Attachment) continue;
            const int channels = t.type == SlotTimelineType::TwoColor ? 7 : 4;
            ChannelKeys c = channels_of(t.color_keys, channels, [&](const ColorKeyframe& k) { return color_values(k, t.type); });
            int tiny = 0;
            const std::string at = where({"slots", name(sd_.slots[g.slot].name), slot_timeline_name(t.type, from_)});
            note_last_curves(curves_up(c, &tiny), at);
            if (tiny) losses_[{at, "curve handles within float rounding of their default (they come back as the default)"}] += tiny;
            for (std::size_t i = 0; i < c.keys.size(); ++i) t.color_keys[i].curve = c.keys[i].curve;
        }
}

void AnimationConverter::up_bones(Animation& a) {
    for (BoneTimelines& g : a.bones)
        for (BoneTimeline& t : g.timelines) {
            const bool two = t.type != BoneTimelineType::Rotate;
            if (t.type == BoneTimelineType::Rotate) {  // 3.x turns the short way: unwrap so 4.x turns the same way
                double offset = 0;
                for (std::size_t i = 1; i < t.keys.size(); ++i) {
                    const double prev = t.keys[i - 1].x, d = static_cast<double>(t.keys[i].x) - (prev - offset);
                    offset += wrap180(d) - d;
                    if (offset != 0) t.keys[i].x = static_cast<float>(t.keys[i].x + offset);
                }
            }
            ChannelKeys c = channels_of(t.keys, two ? 2 : 1, [&](const BoneKeyframe& k) {
                return two ? std::vector<float>{k.x, k.y} : std::vector<float>{k.x};
            });
            int tiny = 0;
            const std::string at = where({"bones", name(sd_.bones[g.bone].name), bone_timeline_name(t.type)});
            note_last_curves(curves_up(c, &tiny), at);
            if (tiny) losses_[{at, "curve handles within float rounding of their default (they come back as the default)"}] += tiny;
            for (std::size_t i = 0; i < c.keys.size(); ++i) t.keys[i].curve = Curve2(c.keys[i].curve);
        }
}

void AnimationConverter::up_constraints(Animation& a) {
    for (IkTimeline& t : a.ik) {
        ChannelKeys c = channels_of(t.keys, 2, [](const IkKeyframe& k) { return std::vector<float>{k.mix, k.softness}; });
        note_last_curves(curves_up(c), where({"ik", name(sd_.ik[t.constraint].name)}));
        for (std::size_t i = 0; i < c.keys.size(); ++i) t.keys[i].curve = Curve2(c.keys[i].curve);
    }
    for (TransformTimeline& t : a.transform) {
        for (TransformKeyframe& k : t.keys) k.mix_y = k.translate_mix, k.mix_scale_y = k.scale_mix;
        ChannelKeys c = channels_of(t.keys, 6, [](const TransformKeyframe& k) {
            return std::vector<float>{k.rotate_mix, k.translate_mix, k.mix_y, k.scale_mix, k.mix_scale_y, k.shear_mix};
        });
        note_last_curves(curves_up(c), where({"transform", name(sd_.transform[t.constraint].name)}));
        for (std::size_t i = 0; i < c.keys.size(); ++i) t.keys[i].curve = c.keys[i].curve;
    }
    for (PathTimelines& g : a.path)
        for (PathTimeline& t : g.timelines) {
            const bool mix = t.type == PathTimelineType::Mix;
            if (mix)
                for (PathKeyframe& k : t.keys) k.c = k.b;
            ChannelKeys c = channels_of(t.keys, mix ? 3 : 1, [&](const PathKeyframe& k) {
                return mix ? std::vector<float>{k.a, k.b, k.c} : std::vector<float>{k.a};
            });
            note_last_curves(curves_up(c), where({"path", name(sd_.path[g.constraint].name)}));
            for (std::size_t i = 0; i < c.keys.size(); ++i) t.keys[i].curve = c.keys[i].curve;
        }
}

// Deform keys: one channel from 0 to 1 in both forms (3.x applies the percent to every vertex).
void AnimationConverter::deform_curves(Animation& a, bool up) {
    for (DeformSkin& s : a.deform)
        for (DeformSlot& sl : s.slots)
            for (DeformTimeline& t : sl.timelines) {
                if (t.type != AttachmentTimelineType::Deform) continue;
                for (std::size_t i = 0; i + 1 < t.keys.size(); ++i) {  // each segment from 0 to 1
                    ChannelKeys seg;
                    seg.keys = {{t.keys[i].time, {0.0f}, Curve(t.keys[i].curve), 0}, {t.keys[i + 1].time, {1.0f}, {}, 1}};
                    if (up) {
                        curves_up(seg);
                        t.keys[i].curve = Curve2(seg.keys[0].curve);
                    } else {
                        const DownCurve d = curve_down(seg.keys[0].curve, seg.keys[0].time, seg.keys[1].time, {0}, {1});
                        t.keys[i].curve = Curve2(d.curve);
                        if (!d.exact)
                            losses_[{deform_where(s, sl, t), "deform curve whose handles leave the key's span"}] += 1;
                    }
                }
                if (!t.keys.empty() && t.keys.back().curve.type != CurveType::Linear) {
                    note_last_curves(1, deform_where(s, sl, t));
                    t.keys.back().curve = {};
                }
            }
}

std::string AnimationConverter::deform_where(const DeformSkin& s, const DeformSlot& sl, const DeformTimeline& t) const {
    const std::string_view skin = name(sd_.skins[s.skin].name), slot = name(sd_.slots[sl.slot].name);
    if (from_ >= Version::V41) return where({"attachments", skin, slot, name(t.attachment), t.type == AttachmentTimelineType::Deform ? "deform" : "sequence"});
    return where({"deform", skin, slot, name(t.attachment)});
}

// ---------------------------------------------------------------- downgrade (4.x -> 3.x)

void AnimationConverter::report_down(const DownStats& st, const std::string& at) {
    if (st.split_keys)
        losses_[{at, fmt::format("per-channel Bézier curves that one 3.x curve cannot hold (largest value difference {:.2g})", st.max_error)}] +=
            st.split_keys;
    if (st.long_rotations) losses_[{at, "rotation steps of 180 degrees or more between two keys"}] += st.long_rotations;
    if (st.flat_handles) losses_[{at, "Bézier time handles of channels whose value does not change (no effect on poses)"}] += st.flat_handles;
}

void AnimationConverter::down_slots(Animation& a) {
    for (SlotTimelines& g : a.slots) {
        const Slot& slot = sd_.slots[g.slot];
        Vector<SlotTimeline> out;
        // The 4.x colour timelines of this slot, by type (the last of a type wins, as in the runtime).
        std::map<SlotTimelineType, const SlotTimeline*> colour;
        for (const SlotTimeline& t : g.timelines) {
            if (t.type == SlotTimelineType::Attachment) out.push_back(t);
            else colour[t.type] = &t;
        }
        if (colour.empty()) {
            g.timelines = std::move(out);
            continue;
        }
        const bool two = colour.count(SlotTimelineType::TwoColor) || colour.count(SlotTimelineType::Rgb2);
        const std::string at = where({"slots", name(slot.name), slot_timeline_name(colour.begin()->first, from_)});
        // Per target channel (r g b a, dark r g b): the timeline and channel it comes from.
        const std::uint32_t dark = slot.dark.value_or(0);
        std::vector<float> setup = {byte_value(slot.color, 24), byte_value(slot.color, 16), byte_value(slot.color, 8), byte_value(slot.color, 0)};
        if (two) setup.insert(setup.end(), {byte_value(dark, 16), byte_value(dark, 8), byte_value(dark, 0)});
        std::vector<std::pair<const SlotTimeline*, int>> src(setup.size(), {nullptr, 0});
        for (SlotTimelineType type : {SlotTimelineType::Color, SlotTimelineType::TwoColor, SlotTimelineType::Rgb, SlotTimelineType::Rgb2,
                                      SlotTimelineType::Alpha}) {
            auto it = colour.find(type);
            if (it == colour.end()) continue;
            switch (type) {
                case SlotTimelineType::Color:
                    for (int c = 0; c < 4; ++c) src[c] = {it->second, c};
                    break;
                case SlotTimelineType::TwoColor:
                    for (int c = 0; c < 7; ++c) src[c] = {it->second, c};
                    break;
                case SlotTimelineType::Rgb:
                    for (int c = 0; c < 3; ++c) src[c] = {it->second, c};
                    break;
                case SlotTimelineType::Rgb2:
                    for (int c = 0; c < 3; ++c) src[c] = {it->second, c};
                    for (int c = 0; c < 3; ++c) src[4 + c] = {it->second, 3 + c};
                    break;
                case SlotTimelineType::Alpha: src[3] = {it->second, 0}; break;
                default: break;
            }
        }
        const int channels = static_cast<int>(setup.size());
        std::map<const SlotTimeline*, ChannelKeys> keys;
        for (auto& [type, t] : colour) {
            const int n = static_cast<int>(color_values(ColorKeyframe{}, type).size());
            keys[t] = channels_of(t->color_keys, n, [&, type = type](const ColorKeyframe& k) { return color_values(k, type); });
        }
        bool aligned = true;
        for (auto& [t, k] : keys) aligned &= same_keys(k, keys.begin()->second);
        ChannelKeys merged;
        if (aligned) {  // channel by channel from the same key times: zip, then one 3.x curve per key if possible
            std::vector<ChannelKeys> parts;
            const ChannelKeys& like = keys.begin()->second;
            for (int c = 0; c < channels; ++c) {
                if (!src[c].first) {
                    parts.push_back(flat_like(like, setup[c]));
                    continue;
                }
                const ChannelKeys& k = keys[src[c].first];
                ChannelKeys one;
                one.channels = 1;
                for (const ChannelKeys::Key& key : k.keys) {
                    ChannelKeys::Key o = key;
                    o.v = {key.v[src[c].second]};
                    if (o.curve.type == CurveType::Bezier && o.curve.bezier.size() >= 4u * (src[c].second + 1))
                        o.curve.bezier.assign(key.curve.bezier.begin() + 4 * src[c].second, key.curve.bezier.begin() + 4 * src[c].second + 4);
                    one.keys.push_back(std::move(o));
                }
                parts.push_back(std::move(one));
            }
            merged = zip(parts);
        } else {
            std::vector<MergeSource> ms;
            for (int c = 0; c < channels; ++c) ms.push_back({src[c].first ? &keys[src[c].first] : nullptr, src[c].second, setup[c]});
            int inexact = 0;
            merged = merge_channels(ms, inexact);
            losses_[{at, "rgb/alpha timelines with different keys, merged into one 3.x colour timeline keyed at every key and curve sample"}] += 1;
            if (inexact) losses_[{at, "a stepped colour channel beside a moving one (held until 0.01 ms before the next key)"}] += inexact;
        }
        const DownStats st = curves_down(merged, false);
        report_down(st, at);
        SlotTimeline t;
        t.type = two ? SlotTimelineType::TwoColor : SlotTimelineType::Color;
        for (const ChannelKeys::Key& k : merged.keys) {
            ColorKeyframe c;
            c.time = k.time;
            c.curve = k.curve;
            c.color = to_byte(k.v[0]) << 24 | to_byte(k.v[1]) << 16 | to_byte(k.v[2]) << 8 | to_byte(k.v[3]);
            if (two) c.dark = to_byte(k.v[4]) << 16 | to_byte(k.v[5]) << 8 | to_byte(k.v[6]);
            t.color_keys.push_back(c);
        }
        out.push_back(std::move(t));
        g.timelines = std::move(out);
    }
}

void AnimationConverter::down_bones(Animation& a) {
    for (BoneTimelines& g : a.bones) {
        const std::string_view bone = name(sd_.bones[g.bone].name);
        Vector<BoneTimeline> out;
        // One-channel timelines of each kind (translate, scale, shear), X and Y, to merge.
        std::map<int, std::pair<const BoneTimeline*, const BoneTimeline*>> single;
        std::map<int, bool> two_present;
        for (const BoneTimeline& t : g.timelines) {
            switch (t.type) {
                case BoneTimelineType::Inherit:
                    losses_[{where({"bones", bone, "inherit"}), "inherit timeline (4.2 only)"}] += static_cast<int>(t.keys.size());
                    continue;
                case BoneTimelineType::TranslateX: single[0].first = &t; continue;
                case BoneTimelineType::TranslateY: single[0].second = &t; continue;
                case BoneTimelineType::ScaleX: single[1].first = &t; continue;
                case BoneTimelineType::ScaleY: single[1].second = &t; continue;
                case BoneTimelineType::ShearX: single[2].first = &t; continue;
                case BoneTimelineType::ShearY: single[2].second = &t; continue;
                default: break;
            }
            const bool rotate = t.type == BoneTimelineType::Rotate;
            if (!rotate) two_present[static_cast<int>(t.type) - 1] = true;
            ChannelKeys c = channels_of(t.keys, rotate ? 1 : 2, [&](const BoneKeyframe& k) {
                return rotate ? std::vector<float>{k.x} : std::vector<float>{k.x, k.y};
            });
            report_down(curves_down(c, rotate), where({"bones", bone, bone_timeline_name(t.type)}));
            BoneTimeline o;
            o.type = t.type;
            o.keys = keys_of(c, t.keys, [&](BoneKeyframe& k, const std::vector<float>& v) {
                k.x = v[0];
                if (!rotate) k.y = v[1];
            });
            out.push_back(std::move(o));
        }
        for (auto& [kind, xy] : single) {
            const BoneTimeline* any = xy.first ? xy.first : xy.second;
            const std::string at = where({"bones", bone, bone_timeline_name(any->type)});
            if (two_present[kind]) {
                losses_[{at, "one-channel timeline beside the two-channel one of the same property"}] += 1;
                continue;
            }
            const float before = kind == 1 ? 1.0f : 0.0f;
            auto keys1 = [](const BoneTimeline* t) {
                return channels_of(t->keys, 1, [](const BoneKeyframe& k) { return std::vector<float>{k.x}; });
            };
            ChannelKeys merged;
            if (xy.first && xy.second) {
                ChannelKeys x = keys1(xy.first), y = keys1(xy.second);
                if (same_keys(x, y)) {
                    merged = zip({x, y});
                } else {
                    int inexact = 0;
                    merged = merge_channels({{&x, 0, before}, {&y, 0, before}}, inexact);
                    losses_[{at, "x and y timelines with different keys, merged into one 3.x timeline keyed at every key and curve sample"}] += 1;
                    if (inexact) losses_[{at, "a stepped channel beside a moving one (held until 0.01 ms before the next key)"}] += inexact;
                }
            } else {
                ChannelKeys k = keys1(any);
                merged = xy.first ? zip({k, flat_like(k, before)}) : zip({flat_like(k, before), k});
            }
            report_down(curves_down(merged, false), at);
            BoneTimeline o;
            o.type = static_cast<BoneTimelineType>(kind + 1);
            for (const ChannelKeys::Key& k : merged.keys) o.keys.emplace_back(k.time, k.v[0], k.v[1], Curve2(k.curve));
            out.push_back(std::move(o));
        }
        g.timelines = std::move(out);
    }
    std::erase_if(a.bones, [](const BoneTimelines& g) { return g.timelines.empty(); });
}

void AnimationConverter::down_constraints(Animation& a) {
    for (IkTimeline& t : a.ik) {
        ChannelKeys c = channels_of(t.keys, 2, [](const IkKeyframe& k) { return std::vector<float>{k.mix, k.softness}; });
        const std::string at = where({"ik", name(sd_.ik[t.constraint].name)});
        report_down(curves_down(c, false), at);
        t.keys = keys_of(c, t.keys, [](IkKeyframe& k, const std::vector<float>& v) { k.mix = v[0], k.softness = v[1]; });
    }
    for (TransformTimeline& t : a.transform) {
        const std::string at = where({"transform", name(sd_.transform[t.constraint].name)});
        int differ = 0, outside = 0;
        for (const TransformKeyframe& k : t.keys) {
            differ += k.mix_y != k.translate_mix || k.mix_scale_y != k.scale_mix;
            for (float m : {k.scale_mix, k.mix_scale_y, k.shear_mix}) outside += m < 0;
        }
        if (outside) losses_[{at, "negative scale or shear mix (3.x runtimes skip it)"}] += outside;
        if (differ) losses_[{at, "mixY or mixScaleY different from mixX or mixScaleX (3.x has one translate and one scale mix)"}] += differ;
        ChannelKeys c = channels_of(t.keys, 6, [](const TransformKeyframe& k) {
            return std::vector<float>{k.rotate_mix, k.translate_mix, k.mix_y, k.scale_mix, k.mix_scale_y, k.shear_mix};
        });
        report_down(curves_down(c, false), at);
        t.keys = keys_of(c, t.keys, [](TransformKeyframe& k, const std::vector<float>& v) {
            k.rotate_mix = v[0], k.translate_mix = v[1], k.scale_mix = v[3], k.shear_mix = v[5];
            k.mix_y = 1, k.mix_scale_y = 1;
        });
    }
    for (PathTimelines& g : a.path)
        for (PathTimeline& t : g.timelines) {
            const bool mix = t.type == PathTimelineType::Mix;
            static constexpr const char* kNames[] = {"position", "spacing", "mix"};
            const std::string at = where({"path", name(sd_.path[g.constraint].name), kNames[static_cast<int>(t.type)]});
            if (mix) {
                int differ = 0;
                for (const PathKeyframe& k : t.keys) differ += k.c != k.b;
                if (differ) losses_[{at, "mixY different from mixX (3.x has one translate mix)"}] += differ;
            }
            ChannelKeys c = channels_of(t.keys, mix ? 3 : 1, [&](const PathKeyframe& k) {
                return mix ? std::vector<float>{k.a, k.b, k.c} : std::vector<float>{k.a};
            });
            report_down(curves_down(c, false), at);
            t.keys = keys_of(c, t.keys, [&](PathKeyframe& k, const std::vector<float>& v) {
                k.a = v[0];
                if (mix) k.b = v[1];
                k.c = 0;
            });
        }
}

// ---------------------------------------------------------------- driver

AnimationConverter::AnimationConverter(const SkeletonData& source, Version from, Version to)
    : sd_(source), from_(from), to_(to) {}

void AnimationConverter::convert(Animation& a, LossReport& report) {
    anim_ = name(a.name);
    losses_.clear();
    const float before = duration(a);
    const bool up = !four(from_) && four(to_), down = four(from_) && !four(to_);
    if (up) {
        up_slots(a);
        up_bones(a);
        up_constraints(a);
        deform_curves(a, true);
    } else if (down) {
        down_slots(a);
        down_bones(a);
        down_constraints(a);
        deform_curves(a, false);
    }
    if (from_ >= Version::V38 && to_ == Version::V37)
        for (IkTimeline& t : a.ik)
            for (IkKeyframe& k : t.keys)
                if (k.softness != 0) {
                    losses_[{where({"ik", name(sd_.ik[t.constraint].name)}), "IK softness (3.8+)"}] += 1;
                    k.softness = 0;
                }
    if (to_ < Version::V42) {
        for (BoneTimelines& g : a.bones)
            for (const BoneTimeline& t : g.timelines)
                if (t.type == BoneTimelineType::Inherit)
                    losses_[{where({"bones", name(sd_.bones[g.bone].name), "inherit"}), "inherit timeline (4.2 only)"}] +=
                        static_cast<int>(t.keys.size());
        for (BoneTimelines& g : a.bones)
            std::erase_if(g.timelines, [](const BoneTimeline& t) { return t.type == BoneTimelineType::Inherit; });
        std::erase_if(a.bones, [](const BoneTimelines& g) { return g.timelines.empty(); });
        for (const PhysicsTimelines& p : a.physics) {
            std::string at = p.constraint >= 0 ? where({"physics", name(sd_.physics[p.constraint].name)}) : where({"physics"});
            int n = 0;
            for (const PhysicsTimeline& t : p.timelines) n += static_cast<int>(t.keys.size());
            losses_[{at, "physics timeline (4.2 only)"}] += n;
        }
        a.physics.clear();
    }
    if (to_ < Version::V41 && from_ >= Version::V41) {
        for (DeformSkin& s : a.deform)
            for (DeformSlot& sl : s.slots) {
                for (const DeformTimeline& t : sl.timelines)
                    if (t.type == AttachmentTimelineType::Sequence)
                        losses_[{deform_where(s, sl, t), "sequence timeline (4.1+)"}] += static_cast<int>(t.sequence_keys.size());
                std::erase_if(sl.timelines, [](const DeformTimeline& t) { return t.type == AttachmentTimelineType::Sequence; });
            }
        for (DeformSkin& s : a.deform) std::erase_if(s.slots, [](const DeformSlot& sl) { return sl.timelines.empty(); });
        std::erase_if(a.deform, [](const DeformSkin& s) { return s.slots.empty(); });
    }
    if (!a.json_key_extra.empty() && from_ != to_ && (up || down)) {
        losses_[{where({}), "unknown JSON keys of keyframes (their keys may have moved)"}] += static_cast<int>(a.json_key_extra.size());
        a.json_key_extra.clear();
    }
    if (duration(a) < before) keep_duration(a, before);
    const float after = duration(a);
    if (after != before) losses_[{where({}), fmt::format("duration (from {} s to {} s: only dropped keys ended it)", before, after)}] += 1;
    for (const auto& [key, count] : losses_)
        if (count > 0) report.add(key.first, key.second, action_for(key.second), count);
}

std::string AnimationConverter::action_for(const std::string& feature) const {
    if (feature.starts_with("per-channel")) return "split into linear keys at every channel's curve samples (the polyline the 4.x runtime plays)";
    if (feature.starts_with("rotation steps")) return "keys added between them so 3.x turns the same way";
    if (feature.starts_with("rgb/alpha") || feature.starts_with("x and y")) return "merged";
    if (feature.starts_with("a stepped")) return "approximated";
    if (feature.starts_with("mixY")) return "mixX kept";
    if (feature.starts_with("negative")) return "kept";
    if (feature.starts_with("curve handles within")) return "written as the nearest 4.x handle";
    if (feature.starts_with("duration")) return "changed";
    if (feature.starts_with("deform curve")) return "approximated by a 3.x curve";
    return "dropped";
}

std::string AnimationConverter::where(std::initializer_list<std::string_view> tokens) const {
    std::string p = pointer({"animations", anim_});
    for (std::string_view t : tokens) io::append_pointer_token(p, t);
    return p;
}

}  // namespace rigio::convert::spine_version
