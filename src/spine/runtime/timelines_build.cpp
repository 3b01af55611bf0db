// Flattens a model Animation into runtime timelines (see data.hpp): keyframe values in one float
// array per timeline, curves pre-sampled, deform keys expanded to full deform arrays, draw-order
// offsets turned into permutations. Apply order: slots, bones, IK, transform, path, physics (4.2),
// deform and sequence, draw order, events (the order of the official loaders). The Builder that lays a
// timeline out in its animation's pools is in timeline_builder.hpp.
#include <algorithm>
#include <cstring>
#include <limits>
#include <string>
#include <utility>

#include "rigio/io/error.hpp"
#include "rigio/spine/runtime/curves.hpp"
#include "runtime_internal.hpp"
#include "timeline_builder.hpp"

namespace rigio::spine::runtime::detail {

namespace {

// to[j] += from[j] for j < n, four at a time (a GCC/Clang vector: each lane adds as the scalar tail
// does; at -O2 the loop is not vectorized, and the size was reloaded per value).
void add_values(float* to, const float* from, std::size_t n) {
    using Quad = float __attribute__((vector_size(16)));
    std::size_t j = 0;
    for (; j + 4 <= n; j += 4) {
        Quad a, b;
        std::memcpy(&a, to + j, sizeof a);
        std::memcpy(&b, from + j, sizeof b);
        a += b;
        std::memcpy(to + j, &a, sizeof a);
    }
    for (; j < n; ++j) to[j] += from[j];
}

// Deform and draw-order keys are stored compactly in files but expanded to whole arrays here; a
// hostile file with many empty keys must not turn into gigabytes. 32M values is far beyond any
// real skeleton (the corpus needs under 1M).
constexpr std::size_t kMaxExpandedValues = std::size_t{1} << 25;

// The context of an error in animation `name`.
std::string in_animation(std::string_view name) { return "in animation \"" + std::string(name) + "\""; }

void spend(std::size_t& budget, std::size_t values, std::string_view animation) {
    if (values > budget)
        throw Error("deform and draw-order keys would expand to more than " + std::to_string(kMaxExpandedValues) +
                        " values",
                    {}, in_animation(animation));
    budget -= values;
}

[[noreturn, gnu::cold, gnu::noinline]] void index_out_of_range(int index, const char* what, std::string_view animation) {
    throw Error(std::string(what) + " index " + std::to_string(index) + " out of range", {}, in_animation(animation));
}

// Inline: a compare per timeline group where a call cost more (the message is made out of line).
inline void check_index(int index, std::size_t size, const char* what, std::string_view animation) {  // (a literal: no string per call)
    if (index < 0 || static_cast<std::size_t>(index) >= size) index_out_of_range(index, what, animation);
}

// Setup slot index per draw-order position, from (slot, offset) moves, written to order[0..slot_count).
// `unchanged`: scratch reused across keys.
void draw_order_permutation(const DrawOrderKeyframe& key, int slot_count, std::string_view animation, int* order,
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
                    {}, in_animation(animation));
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

namespace {

// Fills `out` (its pools and timeline list reserved by build_animations) from `a`.
// `budget`: how many more expanded deform/draw-order values may be allocated (see spend()).
void build_animation(const RuntimeData& rd, const Animation& a, std::size_t& budget, BuildScratch& scratch, AnimationInfo& out) {
    const SkeletonData& sd = *rd.data;
    const bool v4 = rd.v4();
    out.name = view_of(a.name);
    // The duration (spine::duration: the latest last key time) is taken as the timelines are built, in
    // the same order (the same result with NaN times), rather than in a walk of its own: each timeline's
    // last key is read once its keys were copied (it is then in the cache; read first it was a miss).
    float last_key = 0;
    auto extend = [&last_key](const auto& keys) {
        if (!keys.empty()) last_key = std::max(last_key, keys.back().time);
    };
    const std::string_view name = out.name;
    // The pools' sizes are their capacities, reserved from pool_sizes (not zero-filled: see PoolAllocator).
    out.float_pool.resize(out.float_pool.capacity());
    out.int_pool.resize(out.int_pool.capacity());
    Pools pools{out};

    for (const SlotTimelines& g : a.slots) {
        check_index(g.slot, sd.slots.size(), "slot", name);
        for (const SlotTimeline& st : g.timelines) {
            if (st.type == SlotTimelineType::Attachment) {
                Builder b(pools, scratch, TimelineKind::Attachment, g.slot, 1, st.attachment_keys.size());
                float* p = b.plain_keys(st.attachment_keys.size());
                int* names = b.ints(st.attachment_keys.size());
                for (const AttachmentKeyframe& k : st.attachment_keys) {
                    *p++ = k.time;
                    *names++ = k.name ? rd.name_id(*k.name) : -1;
                }
                b.finish();
                extend(st.attachment_keys);
                extend(st.color_keys);
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
            Builder b(pools, scratch, kind, g.slot, channels + 1, st.color_keys.size(), v4, channels);
            float* p = b.keys(st.color_keys.size());
            const Curve** curves = b.curves();
            for (const ColorKeyframe& k : st.color_keys) {
                const Color c = to_color(k.color), d = to_dark_color(k.dark);
                switch (kind) {
                    case TimelineKind::TwoColor: p = put(p, {k.time, c.r, c.g, c.b, c.a, d.r, d.g, d.b}); break;
                    case TimelineKind::Rgb: p = put(p, {k.time, c.r, c.g, c.b}); break;
                    case TimelineKind::Rgb2: p = put(p, {k.time, c.r, c.g, c.b, d.r, d.g, d.b}); break;
                    case TimelineKind::Alpha: p = put(p, {k.time, c.a}); break;
                    default: p = put(p, {k.time, c.r, c.g, c.b, c.a}); break;
                }
                *curves++ = &k.curve;
            }
            b.finish();
            extend(st.attachment_keys);
            extend(st.color_keys);
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
                Builder b(pools, scratch, kind, g.bone, 2, bt.keys.size());
                float* p = b.plain_keys(bt.keys.size());
                for (const BoneKeyframe& k : bt.keys) p = put(p, {k.time, static_cast<float>(k.inherit)});
                b.finish();
                extend(bt.keys);
                continue;
            }
            const bool two = kind == TimelineKind::Translate || kind == TimelineKind::Scale || kind == TimelineKind::Shear;
            Builder b(pools, scratch, kind, g.bone, two ? 3 : 2, bt.keys.size(), v4, two ? 2 : 1);
            float* p = b.keys(bt.keys.size());  // (the most keys of any kind: written in bulk)
            const Curve2** curves = b.curves2();
            if (two) {  // (two loops: no test per key)
                for (const BoneKeyframe& k : bt.keys) {
                    p = put(p, {k.time, k.x, k.y});
                    *curves++ = &k.curve;
                }
            } else {
                for (const BoneKeyframe& k : bt.keys) {
                    p = put(p, {k.time, k.x});
                    *curves++ = &k.curve;
                }
            }
            b.finish();
            extend(bt.keys);
        }
    }

    for (const IkTimeline& it : a.ik) {
        check_index(it.constraint, sd.ik.size(), "IK constraint", name);
        Builder b(pools, scratch, TimelineKind::IkConstraint, it.constraint, 6, it.keys.size(), v4, 2);
        float* p = b.keys(it.keys.size());
        const Curve2** curves = b.curves2();
        for (const IkKeyframe& k : it.keys) {
            p = put(p, {k.time, k.mix, k.softness, static_cast<float>(k.bend_direction), k.compress ? 1.0f : 0.0f,
                        k.stretch ? 1.0f : 0.0f});
            *curves++ = &k.curve;
        }
        b.finish();
        extend(it.keys);
    }

    for (const TransformTimeline& tt : a.transform) {
        check_index(tt.constraint, sd.transform.size(), "transform constraint", name);
        Builder b(pools, scratch, TimelineKind::TransformConstraint, tt.constraint, v4 ? 7 : 5, tt.keys.size(), v4, 6);
        float* p = b.keys(tt.keys.size());
        const Curve** curves = b.curves();
        for (const TransformKeyframe& k : tt.keys) {
            if (v4)
                p = put(p, {k.time, k.rotate_mix, k.translate_mix, k.mix_y, k.scale_mix, k.mix_scale_y, k.shear_mix});
            else
                p = put(p, {k.time, k.rotate_mix, k.translate_mix, k.scale_mix, k.shear_mix});
            *curves++ = &k.curve;
        }
        b.finish();
        extend(tt.keys);
    }

    for (const PathTimelines& g : a.path) {
        check_index(g.constraint, sd.path.size(), "path constraint", name);
        for (const PathTimeline& pt : g.timelines) {
            const bool mix = pt.type == PathTimelineType::Mix;
            const TimelineKind kind = mix ? TimelineKind::PathMix
                                      : pt.type == PathTimelineType::Position ? TimelineKind::PathPosition
                                                                              : TimelineKind::PathSpacing;
            const int channels = mix ? (v4 ? 3 : 2) : 1;
            Builder b(pools, scratch, kind, g.constraint, channels + 1, pt.keys.size(), v4, channels);
            float* p = b.keys(pt.keys.size());
            const Curve** curves = b.curves();
            for (const PathKeyframe& k : pt.keys) {
                if (!mix)
                    p = put(p, {k.time, k.a});
                else if (v4)
                    p = put(p, {k.time, k.a, k.b, k.c});
                else
                    p = put(p, {k.time, k.a, k.b});
                *curves++ = &k.curve;
            }
            b.finish();
            extend(pt.keys);
        }
    }

    for (const PhysicsTimelines& g : a.physics) {
        if (g.constraint != -1) check_index(g.constraint, sd.physics.size(), "physics constraint", name);
        for (const PhysicsTimeline& pt : g.timelines) {
            const bool reset = pt.type == PhysicsTimelineType::Reset;
            Builder b(pools, scratch, TimelineKind::Physics, g.constraint, reset ? 1 : 2, pt.keys.size(), true, 1);
            b.t.sub = static_cast<int>(pt.type);
            float* p = b.keys(pt.keys.size());
            const Curve2** curves = b.curves2();
            for (const PhysicsKeyframe& k : pt.keys) {
                p = reset ? put(p, {k.time}) : put(p, {k.time, k.value});
                *curves++ = reset ? nullptr : &k.curve;
            }
            b.finish();
            extend(pt.keys);
        }
    }

    for (const DeformSkin& ds : a.deform) {
        check_index(ds.skin, sd.skins.size(), "skin", name);
        for (const DeformSlot& dsl : ds.slots) {
            check_index(dsl.slot, sd.slots.size(), "slot", name);
            for (const DeformTimeline& dt : dsl.timelines) {
                const int id = keyed_attachment(rd, ds, dsl, dt);
                if (dt.type == AttachmentTimelineType::Sequence) {
                    if (id < 0)
                        throw Error("sequence timeline: no attachment \"" + dt.attachment.value_or("") + "\" in that skin and slot",
                                    {}, in_animation(name));
                    Builder b(pools, scratch, TimelineKind::Sequence, dsl.slot, 4, dt.sequence_keys.size());
                    b.t.attachment = id;
                    float* p = b.plain_keys(dt.sequence_keys.size());
                    for (const SequenceKeyframe& k : dt.sequence_keys)
                        p = put(p, {k.time, static_cast<float>(k.mode), static_cast<float>(k.index), k.delay});
                    b.finish();
                    extend(dt.keys);
                    extend(dt.sequence_keys);
                    continue;
                }
                if (id < 0 || !rd.attachments[static_cast<std::size_t>(id)].is_vertex)
                    throw Error("deform timeline: no vertex attachment \"" + dt.attachment.value_or("") + "\" in that skin and slot",
                                {}, in_animation(name));
                const AttachmentInfo& att = rd.attachments[static_cast<std::size_t>(id)];
                const bool weighted = !att.bones.empty();
                const std::size_t n = static_cast<std::size_t>(att.deform_length);
                spend(budget, n * dt.keys.size(), name);
                Builder b(pools, scratch, TimelineKind::Deform, dsl.slot, 1, dt.keys.size(), v4, 1);
                b.percent = true;
                b.t.attachment = id;
                b.t.vertex_count = att.deform_length;
                float* times = b.keys(dt.keys.size());
                const Curve2** curves = b.curves2();
                for (const DeformKeyframe& k : dt.keys) {
                    *times++ = k.time;
                    *curves++ = &k.curve;
                }
                b.vertices_at = pools.floats;
                b.vertices = n * dt.keys.size();
                float* next_values = pools.take_floats(n * dt.keys.size());  // (within the budget spent above)
                for (const DeformKeyframe& k : dt.keys) {
                    // Unweighted: absolute positions (setup + offsets). Weighted: the offsets (on zeros).
                    float* values = std::exchange(next_values, next_values + n);
                    if (!weighted)
                        std::copy(att.vertices.begin(), att.vertices.begin() + static_cast<long>(n), values);
                    else
                        std::fill(values, values + n, 0.0f);
                    if (k.values.empty()) continue;
                    if (k.offset < 0 || static_cast<std::size_t>(k.offset) + k.values.size() > n)
                        throw Error("deform key at " + std::to_string(k.time) + " writes past the attachment's " +
                                        std::to_string(n) + " vertex values",
                                    {}, in_animation(name));
                    add_values(values + k.offset, k.values.data(), k.values.size());
                }
                b.finish();
                extend(dt.keys);
                extend(dt.sequence_keys);
            }
        }
    }

    extend(a.draw_order);
    extend(a.events);
    out.duration = last_key;
    if (!a.draw_order.empty()) {
        spend(budget, a.draw_order.size() * sd.slots.size(), name);
        Builder b(pools, scratch, TimelineKind::DrawOrder, 0, 1, a.draw_order.size());
        const std::size_t slots = sd.slots.size();
        int* orders = b.ints(a.draw_order.size() * slots);  // one permutation per key, written in place
        std::vector<int>& unchanged = scratch.unchanged;
        unchanged.reserve(slots);
        for (std::size_t i = 0; i < a.draw_order.size(); ++i) {
            b.key({a.draw_order[i].time}, nullptr);
            draw_order_permutation(a.draw_order[i], static_cast<int>(slots), name, orders + i * slots, unchanged);
        }
        b.finish();
    }

    if (!a.events.empty()) {
        Builder b(pools, scratch, TimelineKind::Event, 0, 1, a.events.size());
        int* fired = b.ints(a.events.size());
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
            f.string_value = view_of(k.string_value ? k.string_value : e.string_value);
            if (e.audio) {
                f.volume = k.volume;
                f.balance = k.balance;
            } else {
                f.volume = e.volume;
                f.balance = e.balance;
            }
            *fired++ = static_cast<int>(out.fired.size());
            out.fired.push_back(std::move(f));
        }
        b.finish();
    }

    // The pools are complete: trim them to what was used (their buffers stay: the views remain valid).
    out.float_pool.resize(pools.floats);
    out.int_pool.resize(pools.ints);
}

}  // namespace

void build_animations(RuntimeData& rd, const Vector<Animation>& animations) {
    // One walk of the timelines' lists sizes every animation's pools and timeline list (reserved now,
    // sized just before use) and the builder's key scratch for the longest timeline; the animations are then
    // built in place.
    rd.animations.resize(animations.size());
    // The thread's, kept from one prepare to the next (two pointers per key of the longest timeline
    // it has seen, and a slot list): a prepare after the first takes no heap block for it.
    thread_local BuildScratch scratch;
    std::size_t hint_budget = kMaxExpandedValues, keys = 0;
    for (std::size_t i = 0; i < animations.size(); ++i) {
        const PoolSizes z = pool_sizes(rd, animations[i], hint_budget);
        AnimationInfo& out = rd.animations[i];
        out.timelines.reserve(z.timelines);
        out.float_pool.reserve(z.floats);
        out.int_pool.reserve(z.ints);
        keys = std::max(keys, z.max_keys);
    }
    scratch.size_keyed(keys);
    std::size_t budget = kMaxExpandedValues;
    for (std::size_t i = 0; i < animations.size(); ++i) build_animation(rd, animations[i], budget, scratch, rd.animations[i]);
}

}  // namespace rigio::spine::runtime::detail
