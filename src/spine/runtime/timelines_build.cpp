// Flattens a model Animation into runtime timelines (see data.hpp): keyframe values in one float
// array per timeline, curves pre-sampled, deform keys expanded to full deform arrays, draw-order
// offsets turned into permutations. Apply order: slots, bones, IK, transform, path, physics (4.2),
// deform and sequence, draw order, events (the order of the official loaders).
#include <algorithm>
#include <string>

#include "rigio/io/error.hpp"
#include "rigio/spine/runtime/curves.hpp"
#include "runtime_internal.hpp"

namespace rigio::spine::runtime::detail {

namespace {

// Appends keyframes (values, and the curve to the next key); finish() samples the curves, which in
// the 4.x form need the next key's values too. `channels` values after the time are interpolated.
struct Builder {
    Timeline t;
    std::size_t frame_count;
    int channels;
    bool percent = false;  // 4.x deform: one channel running from 0 to 1 over each transition
    std::vector<const Curve*>& keyed;  // per key, its curve (scratch shared by the animation's builders)

    Builder(std::vector<const Curve*>& scratch, TimelineKind kind, int target, int entries, std::size_t frames,
            bool absolute = false, int channel_count = 1)
        : frame_count(frames), channels(channel_count), keyed(scratch) {
        keyed.clear();
        t.kind = kind;
        t.target = target;
        t.entries = entries;
        t.absolute = absolute;
        t.curve_stride = absolute ? absolute_curve_stride(channel_count) : kCurveStride;
        t.frames.reserve(frames * static_cast<std::size_t>(entries));
        keyed.reserve(frames);
    }
    void key(std::initializer_list<float> values, const Curve* curve) {
        t.frames.insert(t.frames.end(), values.begin(), values.end());
        keyed.push_back(curve);
    }
    Timeline finish() {
        const std::size_t n = keyed.size();
        t.ordered = true;
        for (std::size_t i = 1, e = static_cast<std::size_t>(t.entries); i < t.frames.size() / e; ++i)
            if (!(t.frames[i * e] >= t.frames[(i - 1) * e])) t.ordered = false;
        if (n < 2 || !keyed[0]) return std::move(t);  // keys without curves (attachment, draw order, ...)
        const std::size_t stride = static_cast<std::size_t>(t.curve_stride), e = static_cast<std::size_t>(t.entries);
        t.curves.resize((n - 1) * stride);
        static const float zero[1] = {0}, one[1] = {1};
        for (std::size_t i = 0; i + 1 < n; ++i) {
            float* out = t.curves.data() + i * stride;
            if (!t.absolute) {
                // `curves` is zero-filled already: linear and stepped transitions need only their type
                // (most transitions are linear, and sample_curve would clear the whole stride again).
                if (keyed[i]->type == CurveType::Bezier)
                    sample_curve(*keyed[i], out);
                else
                    out[0] = keyed[i]->type == CurveType::Stepped ? kCurveStepped : kCurveLinear;
            } else {
                const float* v0 = percent ? zero : t.frames.data() + i * e + 1;
                const float* v1 = percent ? one : t.frames.data() + (i + 1) * e + 1;
                sample_absolute_curve(*keyed[i], channels, t.frames[i * e], v0, t.frames[(i + 1) * e], v1, out);
            }
        }
        return std::move(t);
    }
};

// Deform and draw-order keys are stored compactly in files but expanded to whole arrays here; a
// hostile file with many empty keys must not turn into gigabytes. 32M values is far beyond any
// real skeleton (the corpus needs under 1M).
constexpr std::size_t kMaxExpandedValues = std::size_t{1} << 25;

void spend(std::size_t& budget, std::size_t values, const std::string& animation) {
    if (values > budget)
        throw Error("deform and draw-order keys would expand to more than " + std::to_string(kMaxExpandedValues) +
                        " values",
                    {}, "in animation \"" + animation + "\"");
    budget -= values;
}

void check_index(int index, std::size_t size, const std::string& what, const std::string& animation) {
    if (index < 0 || static_cast<std::size_t>(index) >= size)
        throw Error(what + " index " + std::to_string(index) + " out of range", {}, "in animation \"" + animation + "\"");
}

// Setup slot index per draw-order position, from (slot, offset) moves, written to order[0..slot_count).
// `unchanged`: scratch reused across keys.
void draw_order_permutation(const DrawOrderKeyframe& key, int slot_count, const std::string& animation, int* order,
                            std::vector<int>& unchanged) {
    if (key.offsets.empty()) {
        for (int i = 0; i < slot_count; ++i) order[i] = i;
        return;
    }
    std::fill(order, order + slot_count, -1);
    unchanged.clear();
    int original = 0;
    auto fail = [&] {
        throw Error("draw order key at " + std::to_string(key.time) + " moves a slot out of range or onto another",
                    {}, "in animation \"" + animation + "\"");
    };
    for (const DrawOrderOffset& o : key.offsets) {
        if (o.slot < original || o.slot >= slot_count) fail();
        while (original != o.slot) unchanged.push_back(original++);
        const long target = static_cast<long>(original) + o.offset;
        if (target < 0 || target >= slot_count || order[target] != -1) fail();
        order[target] = original++;
    }
    while (original < slot_count) unchanged.push_back(original++);
    for (int i = slot_count - 1; i >= 0; --i) {
        if (order[i] != -1) continue;
        if (unchanged.empty()) fail();
        order[i] = unchanged.back();
        unchanged.pop_back();
    }
}

}  // namespace

std::size_t expansion_budget() { return kMaxExpandedValues; }

AnimationInfo build_animation(const RuntimeData& rd, const Animation& a, std::size_t& budget) {
    const SkeletonData& sd = *rd.data;
    const bool v4 = rd.v4();
    AnimationInfo out;
    out.name = a.name.value_or("");
    out.duration = duration(a);
    const std::string& name = out.name;
    auto& list = out.timelines;
    std::vector<const Curve*> scratch;  // the curves of the timeline being built
    std::size_t count = a.ik.size() + a.transform.size() + (a.draw_order.empty() ? 0 : 1) + (a.events.empty() ? 0 : 1);
    for (const auto& g : a.slots) count += g.timelines.size();
    for (const auto& g : a.bones) count += g.timelines.size();
    for (const auto& g : a.path) count += g.timelines.size();
    for (const auto& g : a.physics) count += g.timelines.size();
    for (const auto& ds : a.deform)
        for (const auto& dsl : ds.slots) count += dsl.timelines.size();
    list.reserve(count);

    for (const SlotTimelines& g : a.slots) {
        check_index(g.slot, sd.slots.size(), "slot", name);
        for (const SlotTimeline& st : g.timelines) {
            if (st.type == SlotTimelineType::Attachment) {
                Builder b(scratch, TimelineKind::Attachment, g.slot, 1, st.attachment_keys.size());
                b.t.names.reserve(st.attachment_keys.size());
                for (const AttachmentKeyframe& k : st.attachment_keys) {
                    b.key({k.time}, nullptr);
                    b.t.names.push_back(k.name ? rd.name_id(*k.name) : -1);
                }
                list.push_back(b.finish());
                continue;
            }
            // Channels after the time: rgba, rgba2 (light rgba, dark rgb), rgb, rgb2, alpha.
            TimelineKind kind = TimelineKind::Color;
            int channels = 4;
            switch (st.type) {
                case SlotTimelineType::TwoColor: kind = TimelineKind::TwoColor, channels = 7; break;
                case SlotTimelineType::Rgb: kind = TimelineKind::Rgb, channels = 3; break;
                case SlotTimelineType::Rgb2: kind = TimelineKind::Rgb2, channels = 6; break;
                case SlotTimelineType::Alpha: kind = TimelineKind::Alpha, channels = 1; break;
                default: break;
            }
            Builder b(scratch, kind, g.slot, channels + 1, st.color_keys.size(), v4, channels);
            for (const ColorKeyframe& k : st.color_keys) {
                const Color c = to_color(k.color), d = to_dark_color(k.dark);
                switch (kind) {
                    case TimelineKind::TwoColor: b.key({k.time, c.r, c.g, c.b, c.a, d.r, d.g, d.b}, &k.curve); break;
                    case TimelineKind::Rgb: b.key({k.time, c.r, c.g, c.b}, &k.curve); break;
                    case TimelineKind::Rgb2: b.key({k.time, c.r, c.g, c.b, d.r, d.g, d.b}, &k.curve); break;
                    case TimelineKind::Alpha: b.key({k.time, c.a}, &k.curve); break;
                    default: b.key({k.time, c.r, c.g, c.b, c.a}, &k.curve); break;
                }
            }
            list.push_back(b.finish());
        }
    }

    for (const BoneTimelines& g : a.bones) {
        check_index(g.bone, sd.bones.size(), "bone", name);
        for (const BoneTimeline& bt : g.timelines) {
            TimelineKind kind = TimelineKind::Rotate;
            switch (bt.type) {
                case BoneTimelineType::Rotate: kind = TimelineKind::Rotate; break;
                case BoneTimelineType::Translate: kind = TimelineKind::Translate; break;
                case BoneTimelineType::Scale: kind = TimelineKind::Scale; break;
                case BoneTimelineType::Shear: kind = TimelineKind::Shear; break;
                case BoneTimelineType::TranslateX: kind = TimelineKind::TranslateX; break;
                case BoneTimelineType::TranslateY: kind = TimelineKind::TranslateY; break;
                case BoneTimelineType::ScaleX: kind = TimelineKind::ScaleX; break;
                case BoneTimelineType::ScaleY: kind = TimelineKind::ScaleY; break;
                case BoneTimelineType::ShearX: kind = TimelineKind::ShearX; break;
                case BoneTimelineType::ShearY: kind = TimelineKind::ShearY; break;
                case BoneTimelineType::Inherit: kind = TimelineKind::Inherit; break;
            }
            if (kind == TimelineKind::Inherit) {
                Builder b(scratch, kind, g.bone, 2, bt.keys.size());
                for (const BoneKeyframe& k : bt.keys) b.key({k.time, static_cast<float>(k.inherit)}, nullptr);
                list.push_back(b.finish());
                continue;
            }
            const bool two = kind == TimelineKind::Translate || kind == TimelineKind::Scale || kind == TimelineKind::Shear;
            Builder b(scratch, kind, g.bone, two ? 3 : 2, bt.keys.size(), v4, two ? 2 : 1);
            for (const BoneKeyframe& k : bt.keys) {
                if (two)
                    b.key({k.time, k.x, k.y}, &k.curve);
                else
                    b.key({k.time, k.x}, &k.curve);
            }
            list.push_back(b.finish());
        }
    }

    for (const IkTimeline& it : a.ik) {
        check_index(it.constraint, sd.ik.size(), "IK constraint", name);
        Builder b(scratch, TimelineKind::IkConstraint, it.constraint, 6, it.keys.size(), v4, 2);
        for (const IkKeyframe& k : it.keys) {
            b.key({k.time, k.mix, k.softness, static_cast<float>(k.bend_direction), k.compress ? 1.0f : 0.0f,
                   k.stretch ? 1.0f : 0.0f},
                  &k.curve);
        }
        list.push_back(b.finish());
    }

    for (const TransformTimeline& tt : a.transform) {
        check_index(tt.constraint, sd.transform.size(), "transform constraint", name);
        Builder b(scratch, TimelineKind::TransformConstraint, tt.constraint, v4 ? 7 : 5, tt.keys.size(), v4, 6);
        for (const TransformKeyframe& k : tt.keys) {
            if (v4)
                b.key({k.time, k.rotate_mix, k.translate_mix, k.mix_y, k.scale_mix, k.mix_scale_y, k.shear_mix}, &k.curve);
            else
                b.key({k.time, k.rotate_mix, k.translate_mix, k.scale_mix, k.shear_mix}, &k.curve);
        }
        list.push_back(b.finish());
    }

    for (const PathTimelines& g : a.path) {
        check_index(g.constraint, sd.path.size(), "path constraint", name);
        for (const PathTimeline& pt : g.timelines) {
            const bool mix = pt.type == PathTimelineType::Mix;
            const TimelineKind kind = mix ? TimelineKind::PathMix
                                      : pt.type == PathTimelineType::Position ? TimelineKind::PathPosition
                                                                              : TimelineKind::PathSpacing;
            const int channels = mix ? (v4 ? 3 : 2) : 1;
            Builder b(scratch, kind, g.constraint, channels + 1, pt.keys.size(), v4, channels);
            for (const PathKeyframe& k : pt.keys) {
                if (!mix)
                    b.key({k.time, k.a}, &k.curve);
                else if (v4)
                    b.key({k.time, k.a, k.b, k.c}, &k.curve);
                else
                    b.key({k.time, k.a, k.b}, &k.curve);
            }
            list.push_back(b.finish());
        }
    }

    for (const PhysicsTimelines& g : a.physics) {
        if (g.constraint != -1) check_index(g.constraint, sd.physics.size(), "physics constraint", name);
        for (const PhysicsTimeline& pt : g.timelines) {
            const bool reset = pt.type == PhysicsTimelineType::Reset;
            Builder b(scratch, TimelineKind::Physics, g.constraint, reset ? 1 : 2, pt.keys.size(), true, 1);
            b.t.sub = static_cast<int>(pt.type);
            for (const PhysicsKeyframe& k : pt.keys) {
                if (reset)
                    b.key({k.time}, nullptr);
                else
                    b.key({k.time, k.value}, &k.curve);
            }
            list.push_back(b.finish());
        }
    }

    for (const DeformSkin& ds : a.deform) {
        check_index(ds.skin, sd.skins.size(), "skin", name);
        for (const DeformSlot& dsl : ds.slots) {
            check_index(dsl.slot, sd.slots.size(), "slot", name);
            for (const DeformTimeline& dt : dsl.timelines) {
                const int id = rd.skin_attachment(ds.skin, dsl.slot, dt.attachment ? rd.name_id(*dt.attachment) : -1);
                if (dt.type == AttachmentTimelineType::Sequence) {
                    if (id < 0)
                        throw Error("sequence timeline: no attachment \"" + dt.attachment.value_or("") + "\" in that skin and slot",
                                    {}, "in animation \"" + name + "\"");
                    Builder b(scratch, TimelineKind::Sequence, dsl.slot, 4, dt.sequence_keys.size());
                    b.t.attachment = id;
                    for (const SequenceKeyframe& k : dt.sequence_keys)
                        b.key({k.time, static_cast<float>(k.mode), static_cast<float>(k.index), k.delay}, nullptr);
                    list.push_back(b.finish());
                    continue;
                }
                if (id < 0 || !rd.attachments[static_cast<std::size_t>(id)].is_vertex)
                    throw Error("deform timeline: no vertex attachment \"" + dt.attachment.value_or("") + "\" in that skin and slot",
                                {}, "in animation \"" + name + "\"");
                const AttachmentInfo& att = rd.attachments[static_cast<std::size_t>(id)];
                const bool weighted = !att.bones.empty();
                const std::size_t n = static_cast<std::size_t>(att.deform_length);
                spend(budget, n * dt.keys.size(), name);
                Builder b(scratch, TimelineKind::Deform, dsl.slot, 1, dt.keys.size(), v4, 1);
                b.percent = true;
                b.t.attachment = id;
                b.t.vertex_count = att.deform_length;
                b.t.vertices.reserve(n * dt.keys.size());
                for (const DeformKeyframe& k : dt.keys) {
                    b.key({k.time}, &k.curve);
                    const std::size_t at = b.t.vertices.size();
                    // Unweighted: absolute positions (setup + offsets). Weighted: the offsets.
                    if (weighted)
                        b.t.vertices.resize(at + n, 0.0f);
                    else
                        b.t.vertices.insert(b.t.vertices.end(), att.vertices.begin(), att.vertices.begin() + static_cast<long>(n));
                    if (k.values.empty()) continue;
                    if (k.offset < 0 || static_cast<std::size_t>(k.offset) + k.values.size() > n)
                        throw Error("deform key at " + std::to_string(k.time) + " writes past the attachment's " +
                                        std::to_string(n) + " vertex values",
                                    {}, "in animation \"" + name + "\"");
                    for (std::size_t j = 0; j < k.values.size(); ++j)
                        b.t.vertices[at + static_cast<std::size_t>(k.offset) + j] += k.values[j];
                }
                list.push_back(b.finish());
            }
        }
    }

    if (!a.draw_order.empty()) {
        spend(budget, a.draw_order.size() * sd.slots.size(), name);
        Builder b(scratch, TimelineKind::DrawOrder, 0, 1, a.draw_order.size());
        const std::size_t slots = sd.slots.size();
        b.t.draw_orders.resize(a.draw_order.size() * slots);  // one permutation per key, written in place
        std::vector<int> unchanged;
        unchanged.reserve(slots);
        for (std::size_t i = 0; i < a.draw_order.size(); ++i) {
            b.key({a.draw_order[i].time}, nullptr);
            draw_order_permutation(a.draw_order[i], static_cast<int>(slots), name, b.t.draw_orders.data() + i * slots, unchanged);
        }
        list.push_back(b.finish());
    }

    if (!a.events.empty()) {
        Builder b(scratch, TimelineKind::Event, 0, 1, a.events.size());
        b.t.events.reserve(a.events.size());
        out.fired.reserve(a.events.size());
        for (std::size_t i = 0; i < a.events.size(); ++i) {
            const EventKeyframe& k = a.events[i];
            check_index(k.event, sd.events.size(), "event", name);
            const EventData& e = sd.events[static_cast<std::size_t>(k.event)];
            b.key({k.time}, nullptr);
            FiredEvent f;
            f.time = k.time;
            f.event = k.event;
            f.int_value = k.int_value;
            f.float_value = k.float_value;
            f.string_value = k.string_value ? *k.string_value : e.string_value.value_or("");
            if (e.audio) {
                f.volume = k.volume;
                f.balance = k.balance;
            } else {
                f.volume = e.volume;
                f.balance = e.balance;
            }
            b.t.events.push_back(static_cast<int>(out.fired.size()));
            out.fired.push_back(std::move(f));
        }
        list.push_back(b.finish());
    }
    return out;
}

}  // namespace rigio::spine::runtime::detail
