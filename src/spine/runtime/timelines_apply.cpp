// Applying timelines to a skeleton with setup blending (see animation.hpp).
// Before the first key a timeline restores the setup value; after the last it holds the last key;
// between keys it interpolates with the transition's curve. Rotations take the shortest way.
#include <algorithm>
#include <cmath>
#include <limits>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "rigio/spine/runtime/animation.hpp"
#include "rigio/spine/runtime/curves.hpp"
#include "rigio/spine/runtime/sequence.hpp"
#include "runtime_internal.hpp"

namespace rigio::spine::runtime {

namespace {

using detail::wrap_degrees;

// Position (in keyframes) of the first key whose time is greater than `time`; frames has
// `entries` floats per key. Requires frames[0] <= time < last key time.
std::size_t next_key(std::span<const float> frames, int entries, float time) {
    const std::size_t count = frames.size() / static_cast<std::size_t>(entries);
    std::size_t lo = 0, hi = count - 1;  // frames[lo] <= time < frames[hi]
    // Bisection with selects rather than branches (which way it goes is unpredictable).
    while (hi - lo > 1) {
        const std::size_t mid = (lo + hi) / 2;
        const bool after = frames[mid * static_cast<std::size_t>(entries)] <= time;
        lo = after ? mid : lo;
        hi = after ? hi : mid;
    }
    return hi;
}

// The same for a timeline. With ordered key times and not too many keys, the keys not after `time`
// are counted instead: the same position, from independent loads rather than the bisection's chain
// of dependent ones; four at a time from Timeline::times when prepare laid them out.
[[gnu::always_inline]] inline std::size_t next_key(const Timeline& t, float time) {
#if defined(__SSE2__)
    if (!t.times.empty()) {
        // Each lane's count goes down by one per key not after `time` (a true compare is all ones:
        // -1); the first key is not after `time`, the last and the padding are.
        const __m128 now = _mm_set1_ps(time);
        __m128i counts = _mm_setzero_si128();
        for (std::size_t i = 0; i < t.times.size(); i += 4)
            counts = _mm_sub_epi32(counts, _mm_castps_si128(_mm_cmple_ps(_mm_loadu_ps(t.times.data() + i), now)));
        counts = _mm_add_epi32(counts, _mm_shuffle_epi32(counts, _MM_SHUFFLE(1, 0, 3, 2)));
        counts = _mm_add_epi32(counts, _mm_shuffle_epi32(counts, _MM_SHUFFLE(2, 3, 0, 1)));
        return 1 + static_cast<std::size_t>(_mm_cvtsi128_si32(counts));
    }
#endif
    const std::size_t e = static_cast<std::size_t>(t.entries), count = t.frames.size() / e;
    if (!t.ordered || count > kCountedKeys) return next_key(t.frames, t.entries, time);
    std::size_t before = 1;  // the first key is not after `time`, the last is
    for (std::size_t i = 1; i + 1 < count; ++i) before += t.frames[i * e] <= time ? 1 : 0;
    return before;
}

// Where `time` falls: the key before (index) and, for 3.x curves, the eased fraction towards the next key.
struct Span {
    std::size_t prev;
    float percent;
};

// Inline (forced), as next_key and curve_percent in it: a timeline's work is short, calls were a
// good part of it.
[[gnu::always_inline]] inline Span locate(const Timeline& t, float time) {
    const std::size_t next = next_key(t, time);
    if (t.absolute) return {next - 1, 0};  // 4.x curves are evaluated per channel
    const std::size_t e = static_cast<std::size_t>(t.entries);
    const float next_time = t.frames[next * e], prev_time = t.frames[(next - 1) * e];
    const float percent = std::clamp(1 - (time - next_time) / (prev_time - next_time), 0.0f, 1.0f);
    const int kind = t.transitions[next - 1];
    if (kind == kTransitionLinear) return {next - 1, percent};
    if (kind == kTransitionStepped) return {next - 1, 0};
    const float* samples = t.curves.data() + static_cast<std::size_t>(kind - kTransitionBezier) * kCurveSamples;
    return {next - 1, bezier_percent(samples, percent)};
}

// Interpolated value `field` (1-based within a key) at `time` inside a span. Inline (forced): as a
// call per channel it cost about as much as a 3.x channel's work.
[[gnu::always_inline]] inline float value_at(const Timeline& t, const Span& s, int field, float time) {
    const std::size_t e = static_cast<std::size_t>(t.entries);
    const float a = t.frames[s.prev * e + static_cast<std::size_t>(field)];
    const float b = t.frames[(s.prev + 1) * e + static_cast<std::size_t>(field)];
    if (!t.absolute) return a + (b - a) * s.percent;
    const float t0 = t.frames[s.prev * e], t1 = t.frames[(s.prev + 1) * e];
    const int kind = t.transitions[s.prev];
    // Linear, or a value without a curve (past the channels the stride has points for).
    if (kind == kTransitionLinear || field > t.curve_stride / 18) return a + (time - t0) / (t1 - t0) * (b - a);
    if (kind == kTransitionStepped) return a;
    const float* points = t.curves.data() + static_cast<std::size_t>(kind - kTransitionBezier) * static_cast<std::size_t>(t.curve_stride);
    return absolute_bezier_value(points + 18 * (field - 1), t0, a, t1, b, time);
}

// The fraction of the way from key s.prev to the next one (deform keys hold whole arrays).
inline float fraction_at(const Timeline& t, const Span& s, float time) {
    if (!t.absolute) return s.percent;
    const float t0 = t.frames[s.prev], t1 = t.frames[s.prev + 1];
    const int kind = t.transitions[s.prev];
    if (kind == kTransitionLinear) return 0.0f + (time - t0) / (t1 - t0) * (1.0f - 0.0f);  // (as absolute_curve_value)
    if (kind == kTransitionStepped) return 0;
    const float* points = t.curves.data() + static_cast<std::size_t>(kind - kTransitionBezier) * static_cast<std::size_t>(t.curve_stride);
    return absolute_bezier_value(points, t0, 0, t1, 1, time);
}

inline float last_value(const Timeline& t, int field) {
    return t.frames[t.frames.size() - static_cast<std::size_t>(t.entries) + static_cast<std::size_t>(field)];
}

// Index of the key in effect at `time` (frames[0] <= time): the last key whose time is not after it.
std::size_t key_in_effect(const Timeline& t, float time) {
    const std::size_t e = static_cast<std::size_t>(t.entries), count = t.frames.size() / e;
    if (time >= t.frames[(count - 1) * e]) return count - 1;
    return next_key(t, time) - 1;
}

float clamp01(float v) { return std::clamp(v, 0.0f, 1.0f); }

void set_color(Color& c, float r, float g, float b, float a) {
    c = Color{clamp01(r), clamp01(g), clamp01(b), clamp01(a)};
}

// The `count` values of a keyed timeline at `time`; returns false before the first key. Inline
// (forced): as a call, its callers reload the values it stored one by one as wider loads, which
// the processor cannot forward from the stores and waits for.
[[gnu::always_inline]] inline bool sample(const Timeline& t, float time, float* out, int count) {
    if (time < t.frames[0]) return false;
    if (time >= t.frames[t.frames.size() - static_cast<std::size_t>(t.entries)]) {
        for (int i = 0; i < count; ++i) out[i] = last_value(t, i + 1);
        return true;
    }
    const Span s = locate(t, time);
    for (int i = 0; i < count; ++i) out[i] = value_at(t, s, i + 1, time);
    return true;
}

template <int N>
[[gnu::always_inline]] inline bool sample(const Timeline& t, float time, float (&out)[N]) {
    return sample(t, time, out, N);
}

// A keyed scale (a factor of the setup scale) mixed from the setup scale: the magnitude is mixed and
// the setup sign kept.
float mix_scale(float keyed, float setup, float alpha) {
    const float x = keyed * setup;
    if (alpha == 1) return x;
    const float sign = setup > 0 ? 1.0f : setup < 0 ? -1.0f : 0.0f;
    return setup + (std::fabs(x) * sign - setup) * alpha;
}

// Inline (forced) into apply_timeline: bone timelines are most timelines, and the call was a good part of one.
[[gnu::always_inline]] inline void apply_bone(const Timeline& t, Skeleton& sk, float time, float alpha) {
    BoneState& bone = sk.bones[static_cast<std::size_t>(t.target)];
    if (!bone.active) return;
    const BoneTransform& setup = sk.setup_local(t.target);
    BoneTransform& local = bone.local;
    const bool before = time < t.frames[0];
    switch (t.kind) {
        case TimelineKind::Rotate: {
            if (before) {
                local.rotation = setup.rotation;
                return;
            }
            if (t.absolute) {  // 4.x: the keyed angles as they are, no shortest way
                float r[1];
                sample(t, time, r);
                local.rotation = setup.rotation + r[0] * alpha;
                return;
            }
            float r;
            if (time >= t.frames[t.frames.size() - 2]) {
                r = last_value(t, 1);
            } else {
                const Span s = locate(t, time);
                const float from = t.frames[s.prev * 2 + 1], to = t.frames[s.prev * 2 + 3];
                r = from + wrap_degrees(to - from) * s.percent;
            }
            local.rotation = setup.rotation + wrap_degrees(r) * alpha;
            return;
        }
        case TimelineKind::Translate: {
            float v[2];
            if (!sample(t, time, v)) {
                local.x = setup.x;
                local.y = setup.y;
                return;
            }
            local.x = setup.x + v[0] * alpha;
            local.y = setup.y + v[1] * alpha;
            return;
        }
        case TimelineKind::Scale: {
            float v[2];
            if (!sample(t, time, v)) {
                local.scale_x = setup.scale_x;
                local.scale_y = setup.scale_y;
                return;
            }
            local.scale_x = mix_scale(v[0], setup.scale_x, alpha);
            local.scale_y = mix_scale(v[1], setup.scale_y, alpha);
            return;
        }
        case TimelineKind::ScaleX:
        case TimelineKind::ScaleY: {
            float& out = t.kind == TimelineKind::ScaleX ? local.scale_x : local.scale_y;
            const float base = t.kind == TimelineKind::ScaleX ? setup.scale_x : setup.scale_y;
            float v[1];
            out = sample(t, time, v) ? mix_scale(v[0], base, alpha) : base;
            return;
        }
        case TimelineKind::TranslateX:
        case TimelineKind::TranslateY:
        case TimelineKind::ShearX:
        case TimelineKind::ShearY: {
            float* out = &local.x;
            float base = setup.x;
            switch (t.kind) {
                case TimelineKind::TranslateY: out = &local.y, base = setup.y; break;
                case TimelineKind::ShearX: out = &local.shear_x, base = setup.shear_x; break;
                case TimelineKind::ShearY: out = &local.shear_y, base = setup.shear_y; break;
                default: break;
            }
            float v[1];
            *out = sample(t, time, v) ? base + v[0] * alpha : base;
            return;
        }
        case TimelineKind::Inherit: {
            bone.inherit = before ? sk.setup_inherit(t.target)
                                  : static_cast<TransformMode>(static_cast<int>(t.frames[key_in_effect(t, time) * 2 + 1]));
            return;
        }
        case TimelineKind::Shear: {
            float v[2];
            if (!sample(t, time, v)) {
                local.shear_x = setup.shear_x;
                local.shear_y = setup.shear_y;
                return;
            }
            local.shear_x = setup.shear_x + v[0] * alpha;
            local.shear_y = setup.shear_y + v[1] * alpha;
            return;
        }
        default: return;
    }
}

// rgba and rgba2 (3.x color and twoColor), rgb, alpha, rgb2: each writes its channels of the slot's
// colour and dark colour, mixed from the setup colours by alpha.
void apply_color(const Timeline& t, Skeleton& sk, float time, float alpha) {
    SlotState& slot = sk.slots[static_cast<std::size_t>(t.target)];
    if (!sk.bones[static_cast<std::size_t>(sk.model().slots[static_cast<std::size_t>(t.target)].bone)].active) return;
    const Color setup = sk.data().setup_color[static_cast<std::size_t>(t.target)];
    const Color setup_dark = sk.data().setup_dark[static_cast<std::size_t>(t.target)];
    const bool rgb = t.kind != TimelineKind::Alpha;
    const bool has_alpha = t.kind == TimelineKind::Color || t.kind == TimelineKind::TwoColor || t.kind == TimelineKind::Alpha;
    const bool dark = t.kind == TimelineKind::TwoColor || t.kind == TimelineKind::Rgb2;
    float v[7];
    if (!sample(t, time, v, t.entries - 1)) {
        if (rgb) slot.color.r = setup.r, slot.color.g = setup.g, slot.color.b = setup.b;
        if (has_alpha) slot.color.a = setup.a;
        if (dark) slot.dark = setup_dark;
        return;
    }
    auto mix = [alpha](float from, float to) { return alpha == 1 ? to : from + (to - from) * alpha; };
    Color c = slot.color;
    int i = 0;
    if (rgb) {
        c.r = mix(setup.r, v[i++]);
        c.g = mix(setup.g, v[i++]);
        c.b = mix(setup.b, v[i++]);
    }
    if (has_alpha) c.a = mix(setup.a, v[i++]);
    set_color(slot.color, c.r, c.g, c.b, c.a);
    if (dark) set_color(slot.dark, mix(setup_dark.r, v[i]), mix(setup_dark.g, v[i + 1]), mix(setup_dark.b, v[i + 2]), 1);
}

// 4.1+: the frame of a sequence attachment (stored on the slot; the pose reads it).
void apply_sequence(const Timeline& t, Skeleton& sk, float time) {
    SlotState& slot = sk.slots[static_cast<std::size_t>(t.target)];
    if (!sk.bones[static_cast<std::size_t>(sk.model().slots[static_cast<std::size_t>(t.target)].bone)].active) return;
    const auto& table = sk.data().attachments;
    if (slot.attachment != t.attachment &&
        (slot.attachment < 0 || !table[static_cast<std::size_t>(slot.attachment)].is_vertex ||
         table[static_cast<std::size_t>(slot.attachment)].deform_source != t.attachment))
        return;
    if (time < t.frames[0]) {
        slot.sequence_index = -1;
        return;
    }
    const std::size_t k = key_in_effect(t, time) * 4;
    const float before = t.frames[k], delay = t.frames[k + 3];
    const auto mode = static_cast<SequenceMode>(static_cast<int>(t.frames[k + 1]));
    long index = static_cast<long>(t.frames[k + 2]);
    const long count = table[static_cast<std::size_t>(t.attachment)].sequence_count;
    if (count <= 0) return;
    index = sequence_key_frame(mode, index, delay, before, time, count);
    slot.sequence_index = static_cast<int>(std::min(index, 1000000000L));
}

// 4.2: the values physics timelines animate, on one constraint or (target -1) on every constraint
// whose data marks the value global.
void apply_physics(const Timeline& t, Skeleton& sk, float time, float alpha) {
    const auto type = static_cast<PhysicsTimelineType>(t.sub);
    if (type == PhysicsTimelineType::Reset) return;  // acts on the simulation only
    float v[1] = {};  // read only when keyed
    const bool keyed = sample(t, time, v);
    const SkeletonData& sd = sk.model();
    auto apply_one = [&](std::size_t i) {
        const PhysicsConstraint& d = sd.physics[i];
        PhysicsState& p = sk.physics[i];
        float setup = 0, *out = nullptr;
        switch (type) {
            case PhysicsTimelineType::Inertia: setup = d.inertia, out = &p.inertia; break;
            case PhysicsTimelineType::Strength: setup = d.strength, out = &p.strength; break;
            case PhysicsTimelineType::Damping: setup = d.damping, out = &p.damping; break;
            case PhysicsTimelineType::Mass: setup = 1 / d.mass_inverse; break;  // keys hold the mass
            case PhysicsTimelineType::Wind: setup = d.wind, out = &p.wind; break;
            case PhysicsTimelineType::Gravity: setup = d.gravity, out = &p.gravity; break;
            case PhysicsTimelineType::Mix: setup = d.mix, out = &p.mix; break;
            case PhysicsTimelineType::Reset: return;
        }
        const float value = keyed ? setup + (v[0] - setup) * alpha : setup;
        if (out)
            *out = value;
        else
            p.mass_inverse = 1 / value;
    };
    if (t.target >= 0) {
        if (sk.physics[static_cast<std::size_t>(t.target)].active) apply_one(static_cast<std::size_t>(t.target));
        return;
    }
    for (std::size_t i = 0; i < sd.physics.size(); ++i) {
        const PhysicsConstraint& d = sd.physics[i];
        bool global = false;
        switch (type) {
            case PhysicsTimelineType::Inertia: global = d.inertia_global; break;
            case PhysicsTimelineType::Strength: global = d.strength_global; break;
            case PhysicsTimelineType::Damping: global = d.damping_global; break;
            case PhysicsTimelineType::Mass: global = d.mass_global; break;
            case PhysicsTimelineType::Wind: global = d.wind_global; break;
            case PhysicsTimelineType::Gravity: global = d.gravity_global; break;
            case PhysicsTimelineType::Mix: global = d.mix_global; break;
            case PhysicsTimelineType::Reset: break;
        }
        if (global && sk.physics[i].active) apply_one(i);
    }
}

void apply_attachment(const Timeline& t, Skeleton& sk, float time) {
    const int slot = t.target;
    if (!sk.bones[static_cast<std::size_t>(sk.model().slots[static_cast<std::size_t>(slot)].bone)].active) return;
    int name;
    if (time < t.frames[0])
        name = sk.data().setup_attachment_name[static_cast<std::size_t>(slot)];
    else
        name = t.names[key_in_effect(t, time)];
    sk.set_attachment(slot, sk.find_attachment(slot, name));
}

// out[i] = from[i] + (to[i] - from[i]) * f for i < n; `out` may be `from` or `to`. Four values per
// step, all read before any is written, so that the compiler makes one vector operation of each
// (at -O2 it does not vectorise a loop whose count is unknown); the results are the same.
void lerp_values(const float* from, const float* to, float f, float* out, std::size_t n) {
    std::size_t i = 0;
    for (; i + 4 <= n; i += 4) {
        const float a0 = from[i], a1 = from[i + 1], a2 = from[i + 2], a3 = from[i + 3];
        const float b0 = to[i], b1 = to[i + 1], b2 = to[i + 2], b3 = to[i + 3];
        out[i] = a0 + (b0 - a0) * f;
        out[i + 1] = a1 + (b1 - a1) * f;
        out[i + 2] = a2 + (b2 - a2) * f;
        out[i + 3] = a3 + (b3 - a3) * f;
    }
    for (; i < n; ++i) out[i] = from[i] + (to[i] - from[i]) * f;
}

void apply_deform(const Timeline& t, Skeleton& sk, float time, float alpha) {
    SlotState& slot = sk.slots[static_cast<std::size_t>(t.target)];
    if (!sk.bones[static_cast<std::size_t>(sk.model().slots[static_cast<std::size_t>(t.target)].bone)].active) return;
    if (slot.attachment < 0) return;
    const AttachmentInfo& current = sk.data().attachments[static_cast<std::size_t>(slot.attachment)];
    if (!current.is_vertex || current.deform_source != t.attachment) return;
    if (time < t.frames[0]) {
        slot.deform.clear();
        return;
    }
    const std::size_t n = static_cast<std::size_t>(t.vertex_count);
    const AttachmentInfo& keyed = sk.data().attachments[static_cast<std::size_t>(t.attachment)];
    const bool weighted = !keyed.bones.empty();
    slot.deform.resize(n);  // within the capacity reserved at creation
    float* out = slot.deform.data();
    const std::size_t keys = t.frames.size();
    // Mixing from the setup shape: absolute setup vertices, or zero offsets for weighted meshes.
    auto mix = [&]() {
        if (alpha == 1) return;
        if (weighted) {
            for (std::size_t i = 0; i < n; ++i) out[i] = 0.0f + (out[i] - 0.0f) * alpha;
            return;
        }
        lerp_values(keyed.vertices.data(), out, alpha, out, n);
    };
    if (time >= t.frames[keys - 1]) {
        const float* last = t.vertices.data() + (keys - 1) * n;
        std::copy(last, last + n, out);
        mix();
        return;
    }
    const Span s = locate(t, time);
    const float* prev = t.vertices.data() + s.prev * n;
    const float* next = prev + n;
    const float f = fraction_at(t, s, time);
    lerp_values(prev, next, f, out, n);
    mix();
}

void apply_draw_order(const Timeline& t, Skeleton& sk, float time) {
    const std::size_t n = sk.draw_order.size();
    if (time < t.frames[0]) {
        for (std::size_t i = 0; i < n; ++i) sk.draw_order[i] = static_cast<int>(i);
        return;
    }
    const int* order = t.draw_orders.data() + key_in_effect(t, time) * n;
    std::copy(order, order + n, sk.draw_order.begin());
}

void fire_events(const Timeline& t, const AnimationInfo& anim, float last_time, float time, std::vector<FiredEvent>* events) {
    if (!events) return;
    const std::size_t count = t.frames.size();
    if (last_time > time) {  // wrapped: finish the previous loop, then start from the beginning
        fire_events(t, anim, last_time, std::numeric_limits<float>::max(), events);
        last_time = -1;
    } else if (last_time >= t.frames[count - 1]) {
        return;
    }
    if (time < t.frames[0]) return;
    std::size_t frame = 0;
    if (last_time >= t.frames[0]) {
        frame = last_time >= t.frames[count - 1] ? count : next_key(t.frames, 1, last_time);
        // Keys sharing the time of the found key all fire.
        while (frame > 0 && frame < count && t.frames[frame - 1] == t.frames[frame]) --frame;
    }
    for (; frame < count && time >= t.frames[frame]; ++frame)
        events->push_back(anim.fired[static_cast<std::size_t>(t.events[frame])]);
}

void apply_constraint(const Timeline& t, Skeleton& sk, float time, float alpha) {
    const SkeletonData& sd = sk.model();
    const std::size_t i = static_cast<std::size_t>(t.target);
    switch (t.kind) {
        case TimelineKind::IkConstraint: {
            IkState& c = sk.ik[i];
            if (!c.active) return;
            const IkConstraint& setup = sd.ik[i];
            float v[2];  // mix and softness; bend, compress and stretch come from the key in effect
            if (!sample(t, time, v)) {
                c.mix = setup.mix;
                c.softness = setup.softness;
                c.bend_direction = setup.bend_direction;
                c.compress = setup.compress;
                c.stretch = setup.stretch;
                return;
            }
            c.mix = setup.mix + (v[0] - setup.mix) * alpha;
            c.softness = setup.softness + (v[1] - setup.softness) * alpha;
            // Discrete values come from the key in effect, not interpolated.
            const std::size_t key = key_in_effect(t, time);
            c.bend_direction = static_cast<int>(t.frames[key * 6 + 3]);
            c.compress = t.frames[key * 6 + 4] != 0;
            c.stretch = t.frames[key * 6 + 5] != 0;
            return;
        }
        case TimelineKind::TransformConstraint: {
            TransformState& c = sk.transform[i];
            if (!c.active) return;
            const TransformConstraint& setup = sd.transform[i];
            // 3.x: rotate, translate, scale, shear; 4.x: rotate, x, y, scaleX, scaleY, shearY.
            float* const mixes[6] = {&c.rotate_mix, &c.translate_mix, &c.mix_y, &c.scale_mix, &c.mix_scale_y, &c.shear_mix};
            const float setups[6] = {setup.rotate_mix, setup.translate_mix, setup.mix_y, setup.scale_mix, setup.mix_scale_y, setup.shear_mix};
            static constexpr int k3x[4] = {0, 1, 3, 5}, k4x[6] = {0, 1, 2, 3, 4, 5};
            const int count = t.entries - 1;
            const int* fields = count == 6 ? k4x : k3x;
            float v[6];
            const bool keyed = sample(t, time, v, count);
            for (int k = 0; k < count; ++k) {
                const int f = fields[k];
                *mixes[f] = keyed ? setups[f] + (v[k] - setups[f]) * alpha : setups[f];
            }
            return;
        }
        case TimelineKind::PathPosition:
        case TimelineKind::PathSpacing: {
            PathState& c = sk.path[i];
            if (!c.active) return;
            const bool position = t.kind == TimelineKind::PathPosition;
            const float base = position ? sd.path[i].position : sd.path[i].spacing;
            float v[1];
            const float value = sample(t, time, v) ? base + (v[0] - base) * alpha : base;
            (position ? c.position : c.spacing) = value;
            return;
        }
        case TimelineKind::PathMix: {
            PathState& c = sk.path[i];
            if (!c.active) return;
            const PathConstraint& setup = sd.path[i];
            // 3.x: rotate, translate; 4.x: rotate, x, y.
            float* const mixes[3] = {&c.rotate_mix, &c.translate_mix, &c.mix_y};
            const float setups[3] = {setup.rotate_mix, setup.translate_mix, setup.mix_y};
            float v[3];
            const int count = t.entries - 1;
            const bool keyed = sample(t, time, v, count);
            for (int k = 0; k < count; ++k) *mixes[k] = keyed ? setups[k] + (v[k] - setups[k]) * alpha : setups[k];
            return;
        }
        default: return;
    }
}

// One timeline (see apply_timeline). Inline (forced) into apply's loop: one call less per timeline.
[[gnu::always_inline]] inline void apply_one(const Timeline& t, const AnimationInfo& animation, Skeleton& sk, float last_time,
                                             float time, std::vector<FiredEvent>* events, float alpha) {
    if (t.frames.empty()) return;
    switch (t.kind) {
        case TimelineKind::Rotate:
        case TimelineKind::Translate:
        case TimelineKind::Scale:
        case TimelineKind::Shear:
        case TimelineKind::TranslateX:
        case TimelineKind::TranslateY:
        case TimelineKind::ScaleX:
        case TimelineKind::ScaleY:
        case TimelineKind::ShearX:
        case TimelineKind::ShearY:
        case TimelineKind::Inherit: apply_bone(t, sk, time, alpha); break;
        case TimelineKind::Attachment: apply_attachment(t, sk, time); break;
        case TimelineKind::Color:
        case TimelineKind::TwoColor:
        case TimelineKind::Rgb:
        case TimelineKind::Alpha:
        case TimelineKind::Rgb2: apply_color(t, sk, time, alpha); break;
        case TimelineKind::Sequence: apply_sequence(t, sk, time); break;
        case TimelineKind::Physics: apply_physics(t, sk, time, alpha); break;
        case TimelineKind::Deform: apply_deform(t, sk, time, alpha); break;
        case TimelineKind::DrawOrder: apply_draw_order(t, sk, time); break;
        case TimelineKind::Event: fire_events(t, animation, last_time, time, events); break;
        default: apply_constraint(t, sk, time, alpha); break;
    }
}

}  // namespace

void apply_timeline(const Timeline& t, const AnimationInfo& animation, Skeleton& sk, float last_time, float time,
                    std::vector<FiredEvent>* events, float alpha) {
    apply_one(t, animation, sk, last_time, time, events, alpha);
}

void apply(const AnimationInfo& animation, Skeleton& skeleton, float last_time, float time, bool loop,
           std::vector<FiredEvent>* events, float alpha) {
    if (loop && animation.duration != 0) {
        time = std::fmod(time, animation.duration);
        if (last_time > 0) last_time = std::fmod(last_time, animation.duration);
    }
    for (const Timeline& t : animation.timelines) apply_one(t, animation, skeleton, last_time, time, events, alpha);
}

}  // namespace rigio::spine::runtime
