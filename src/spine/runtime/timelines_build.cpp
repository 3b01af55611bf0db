// Flattens a model Animation into runtime timelines (see data.hpp): keyframe values in one float
// array per timeline, curves pre-sampled, deform keys expanded to full deform arrays, draw-order
// offsets turned into permutations. Apply order: slots, bones, IK, transform, path, deform, draw
// order, events (the order of the 3.8 loaders).
#include <string>

#include "rigio/io/error.hpp"
#include "rigio/spine/runtime/curves.hpp"
#include "runtime_internal.hpp"

namespace rigio::spine::runtime::detail {

namespace {

// Appends one keyframe's values and, unless it is the last, its curve.
struct Builder {
    Timeline t;
    std::size_t frame_count;

    Builder(TimelineKind kind, int target, int entries, std::size_t frames) : frame_count(frames) {
        t.kind = kind;
        t.target = target;
        t.entries = entries;
        t.frames.reserve(frames * static_cast<std::size_t>(entries));
        if (frames > 0) t.curves.resize((frames - 1) * kCurveStride);
    }
    void key(std::size_t i, std::initializer_list<float> values, const Curve* curve) {
        t.frames.insert(t.frames.end(), values.begin(), values.end());
        if (curve && i + 1 < frame_count) sample_curve(*curve, t.curves.data() + i * kCurveStride);
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

// Setup slot index per draw-order position, from (slot, offset) moves.
std::vector<int> draw_order_permutation(const DrawOrderKeyframe& key, int slot_count, const std::string& animation) {
    std::vector<int> order(static_cast<std::size_t>(slot_count), -1);
    if (key.offsets.empty()) {
        for (int i = 0; i < slot_count; ++i) order[static_cast<std::size_t>(i)] = i;
        return order;
    }
    std::vector<int> unchanged;
    unchanged.reserve(static_cast<std::size_t>(slot_count));
    int original = 0;
    auto fail = [&] {
        throw Error("draw order key at " + std::to_string(key.time) + " moves a slot out of range or onto another",
                    {}, "in animation \"" + animation + "\"");
    };
    for (const DrawOrderOffset& o : key.offsets) {
        if (o.slot < original || o.slot >= slot_count) fail();
        while (original != o.slot) unchanged.push_back(original++);
        const long target = static_cast<long>(original) + o.offset;
        if (target < 0 || target >= slot_count || order[static_cast<std::size_t>(target)] != -1) fail();
        order[static_cast<std::size_t>(target)] = original++;
    }
    while (original < slot_count) unchanged.push_back(original++);
    for (int i = slot_count - 1; i >= 0; --i) {
        if (order[static_cast<std::size_t>(i)] != -1) continue;
        if (unchanged.empty()) fail();
        order[static_cast<std::size_t>(i)] = unchanged.back();
        unchanged.pop_back();
    }
    return order;
}

}  // namespace

std::size_t expansion_budget() { return kMaxExpandedValues; }

AnimationInfo build_animation(const RuntimeData& rd, const Animation& a, std::size_t& budget) {
    const SkeletonData& sd = *rd.data;
    AnimationInfo out;
    out.name = a.name.value_or("");
    out.duration = duration(a);
    const std::string& name = out.name;
    auto& list = out.timelines;

    for (const SlotTimelines& g : a.slots) {
        check_index(g.slot, sd.slots.size(), "slot", name);
        for (const SlotTimeline& st : g.timelines) {
            if (st.type == SlotTimelineType::Attachment) {
                Builder b(TimelineKind::Attachment, g.slot, 1, st.attachment_keys.size());
                for (std::size_t i = 0; i < st.attachment_keys.size(); ++i) {
                    const AttachmentKeyframe& k = st.attachment_keys[i];
                    b.key(i, {k.time}, nullptr);
                    b.t.names.push_back(k.name ? rd.name_id(*k.name) : -1);
                }
                b.t.curves.clear();
                list.push_back(std::move(b.t));
                continue;
            }
            const bool two = st.type == SlotTimelineType::TwoColor;
            Builder b(two ? TimelineKind::TwoColor : TimelineKind::Color, g.slot, two ? 8 : 5, st.color_keys.size());
            for (std::size_t i = 0; i < st.color_keys.size(); ++i) {
                const ColorKeyframe& k = st.color_keys[i];
                const Color c = to_color(k.color);
                if (two) {
                    const Color d = to_dark_color(k.dark);
                    b.key(i, {k.time, c.r, c.g, c.b, c.a, d.r, d.g, d.b}, &k.curve);
                } else {
                    b.key(i, {k.time, c.r, c.g, c.b, c.a}, &k.curve);
                }
            }
            list.push_back(std::move(b.t));
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
                default: throw Error("bone timeline of a later Spine version");  // prepare() admits 3.8 only
            }
            const bool rotate = kind == TimelineKind::Rotate;
            Builder b(kind, g.bone, rotate ? 2 : 3, bt.keys.size());
            for (std::size_t i = 0; i < bt.keys.size(); ++i) {
                const BoneKeyframe& k = bt.keys[i];
                if (rotate)
                    b.key(i, {k.time, k.x}, &k.curve);
                else
                    b.key(i, {k.time, k.x, k.y}, &k.curve);
            }
            list.push_back(std::move(b.t));
        }
    }

    for (const IkTimeline& it : a.ik) {
        check_index(it.constraint, sd.ik.size(), "IK constraint", name);
        Builder b(TimelineKind::IkConstraint, it.constraint, 6, it.keys.size());
        for (std::size_t i = 0; i < it.keys.size(); ++i) {
            const IkKeyframe& k = it.keys[i];
            b.key(i, {k.time, k.mix, k.softness, static_cast<float>(k.bend_direction), k.compress ? 1.0f : 0.0f,
                      k.stretch ? 1.0f : 0.0f},
                  &k.curve);
        }
        list.push_back(std::move(b.t));
    }

    for (const TransformTimeline& tt : a.transform) {
        check_index(tt.constraint, sd.transform.size(), "transform constraint", name);
        Builder b(TimelineKind::TransformConstraint, tt.constraint, 5, tt.keys.size());
        for (std::size_t i = 0; i < tt.keys.size(); ++i) {
            const TransformKeyframe& k = tt.keys[i];
            b.key(i, {k.time, k.rotate_mix, k.translate_mix, k.scale_mix, k.shear_mix}, &k.curve);
        }
        list.push_back(std::move(b.t));
    }

    for (const PathTimelines& g : a.path) {
        check_index(g.constraint, sd.path.size(), "path constraint", name);
        for (const PathTimeline& pt : g.timelines) {
            const bool mix = pt.type == PathTimelineType::Mix;
            const TimelineKind kind = mix ? TimelineKind::PathMix
                                      : pt.type == PathTimelineType::Position ? TimelineKind::PathPosition
                                                                              : TimelineKind::PathSpacing;
            Builder b(kind, g.constraint, mix ? 3 : 2, pt.keys.size());
            for (std::size_t i = 0; i < pt.keys.size(); ++i) {
                const PathKeyframe& k = pt.keys[i];
                if (mix)
                    b.key(i, {k.time, k.a, k.b}, &k.curve);
                else
                    b.key(i, {k.time, k.a}, &k.curve);
            }
            list.push_back(std::move(b.t));
        }
    }

    for (const DeformSkin& ds : a.deform) {
        check_index(ds.skin, sd.skins.size(), "skin", name);
        for (const DeformSlot& dsl : ds.slots) {
            check_index(dsl.slot, sd.slots.size(), "slot", name);
            for (const DeformTimeline& dt : dsl.timelines) {
                const int id = rd.skin_attachment(ds.skin, dsl.slot, dt.attachment ? rd.name_id(*dt.attachment) : -1);
                if (id < 0 || !rd.attachments[static_cast<std::size_t>(id)].is_vertex)
                    throw Error("deform timeline: no vertex attachment \"" + dt.attachment.value_or("") + "\" in that skin and slot",
                                {}, "in animation \"" + name + "\"");
                const AttachmentInfo& att = rd.attachments[static_cast<std::size_t>(id)];
                const bool weighted = !att.bones.empty();
                const std::size_t n = static_cast<std::size_t>(att.deform_length);
                spend(budget, n * dt.keys.size(), name);
                Builder b(TimelineKind::Deform, dsl.slot, 1, dt.keys.size());
                b.t.attachment = id;
                b.t.vertex_count = att.deform_length;
                b.t.vertices.reserve(n * dt.keys.size());
                for (std::size_t i = 0; i < dt.keys.size(); ++i) {
                    const DeformKeyframe& k = dt.keys[i];
                    b.key(i, {k.time}, &k.curve);
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
                list.push_back(std::move(b.t));
            }
        }
    }

    if (!a.draw_order.empty()) {
        spend(budget, a.draw_order.size() * sd.slots.size(), name);
        Builder b(TimelineKind::DrawOrder, 0, 1, a.draw_order.size());
        for (std::size_t i = 0; i < a.draw_order.size(); ++i) {
            b.key(i, {a.draw_order[i].time}, nullptr);
            auto order = draw_order_permutation(a.draw_order[i], static_cast<int>(sd.slots.size()), name);
            b.t.draw_orders.insert(b.t.draw_orders.end(), order.begin(), order.end());
        }
        b.t.curves.clear();
        list.push_back(std::move(b.t));
    }

    if (!a.events.empty()) {
        Builder b(TimelineKind::Event, 0, 1, a.events.size());
        for (std::size_t i = 0; i < a.events.size(); ++i) {
            const EventKeyframe& k = a.events[i];
            check_index(k.event, sd.events.size(), "event", name);
            const EventData& e = sd.events[static_cast<std::size_t>(k.event)];
            b.key(i, {k.time}, nullptr);
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
        b.t.curves.clear();
        list.push_back(std::move(b.t));
    }
    return out;
}

}  // namespace rigio::spine::runtime::detail
