// Applying timelines to a skeleton with setup blending (see animation.hpp).
// Before the first key a timeline restores the setup value; after the last it holds the last key;
// between keys it interpolates with the transition's curve. Rotations take the shortest way.
#include <algorithm>
#include <cmath>
#include <limits>

#include "rigio/spine/runtime/animation.hpp"
#include "rigio/spine/runtime/curves.hpp"
#include "runtime_internal.hpp"

namespace rigio::spine::runtime {

namespace {

using detail::wrap_degrees;

// Position (in keyframes) of the first key whose time is greater than `time`; frames has
// `entries` floats per key. Requires frames[0] <= time < last key time.
std::size_t next_key(const std::vector<float>& frames, int entries, float time) {
    const std::size_t count = frames.size() / static_cast<std::size_t>(entries);
    std::size_t lo = 0, hi = count - 1;  // frames[lo] <= time < frames[hi]
    while (hi - lo > 1) {
        const std::size_t mid = (lo + hi) / 2;
        if (frames[mid * static_cast<std::size_t>(entries)] <= time)
            lo = mid;
        else
            hi = mid;
    }
    return hi;
}

// Where `time` falls: the key before (index), the eased fraction towards the next key.
struct Span {
    std::size_t prev;
    float percent;
};

Span locate(const Timeline& t, float time) {
    const std::size_t next = next_key(t.frames, t.entries, time);
    const std::size_t e = static_cast<std::size_t>(t.entries);
    const float next_time = t.frames[next * e], prev_time = t.frames[(next - 1) * e];
    const float linear = 1 - (time - next_time) / (prev_time - next_time);
    return {next - 1, curve_percent(t.curves.data() + (next - 1) * kCurveStride, linear)};
}

// Interpolated value `field` (1-based within a key) at a span.
inline float value_at(const Timeline& t, const Span& s, int field) {
    const std::size_t e = static_cast<std::size_t>(t.entries);
    const float a = t.frames[s.prev * e + static_cast<std::size_t>(field)];
    const float b = t.frames[(s.prev + 1) * e + static_cast<std::size_t>(field)];
    return a + (b - a) * s.percent;
}

inline float last_value(const Timeline& t, int field) {
    return t.frames[t.frames.size() - static_cast<std::size_t>(t.entries) + static_cast<std::size_t>(field)];
}

// Key index in effect at `time` for keys without interpolation (attachment, draw order).
std::size_t stepped_key(const Timeline& t, float time) {
    const std::size_t count = t.frames.size();
    if (time >= t.frames[count - 1]) return count - 1;
    return next_key(t.frames, 1, time) - 1;
}

float clamp01(float v) { return std::clamp(v, 0.0f, 1.0f); }

void set_color(Color& c, float r, float g, float b, float a) {
    c = Color{clamp01(r), clamp01(g), clamp01(b), clamp01(a)};
}

// The `count` values of a keyed timeline at `time`; returns false before the first key.
bool sample(const Timeline& t, float time, float* out, int count) {
    if (time < t.frames[0]) return false;
    if (time >= t.frames[t.frames.size() - static_cast<std::size_t>(t.entries)]) {
        for (int i = 0; i < count; ++i) out[i] = last_value(t, i + 1);
        return true;
    }
    const Span s = locate(t, time);
    for (int i = 0; i < count; ++i) out[i] = value_at(t, s, i + 1);
    return true;
}

template <int N>
bool sample(const Timeline& t, float time, float (&out)[N]) {
    return sample(t, time, out, N);
}

void apply_bone(const Timeline& t, Skeleton& sk, float time, float alpha) {
    BoneState& bone = sk.bones[static_cast<std::size_t>(t.target)];
    if (!bone.active) return;
    const Bone& setup = sk.model().bones[static_cast<std::size_t>(t.target)];
    BoneTransform& local = bone.local;
    const bool before = time < t.frames[0];
    switch (t.kind) {
        case TimelineKind::Rotate: {
            if (before) {
                local.rotation = setup.rotation;
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
            const float x = v[0] * setup.scale_x, y = v[1] * setup.scale_y;
            if (alpha == 1) {
                local.scale_x = x;
                local.scale_y = y;
                return;
            }
            // Partial mix from the setup scale: the magnitude is mixed, the setup sign kept.
            auto sign = [](float f) { return f > 0 ? 1.0f : f < 0 ? -1.0f : 0.0f; };
            local.scale_x = setup.scale_x + (std::fabs(x) * sign(setup.scale_x) - setup.scale_x) * alpha;
            local.scale_y = setup.scale_y + (std::fabs(y) * sign(setup.scale_y) - setup.scale_y) * alpha;
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

void apply_color(const Timeline& t, Skeleton& sk, float time, float alpha) {
    SlotState& slot = sk.slots[static_cast<std::size_t>(t.target)];
    if (!sk.bones[static_cast<std::size_t>(sk.model().slots[static_cast<std::size_t>(t.target)].bone)].active) return;
    const Color setup_color = sk.data().setup_color[static_cast<std::size_t>(t.target)];
    const bool two = t.kind == TimelineKind::TwoColor;
    float v[7];
    const bool keyed = sample(t, time, v, two ? 7 : 4);
    const Color setup_dark = sk.data().setup_dark[static_cast<std::size_t>(t.target)];
    if (!keyed) {
        slot.color = setup_color;
        if (two) slot.dark = setup_dark;
        return;
    }
    if (alpha == 1) {
        set_color(slot.color, v[0], v[1], v[2], v[3]);
        if (two) set_color(slot.dark, v[4], v[5], v[6], 1);
        return;
    }
    slot.color = setup_color;
    set_color(slot.color, slot.color.r + (v[0] - slot.color.r) * alpha, slot.color.g + (v[1] - slot.color.g) * alpha,
              slot.color.b + (v[2] - slot.color.b) * alpha, slot.color.a + (v[3] - slot.color.a) * alpha);
    if (two) {
        slot.dark = setup_dark;
        set_color(slot.dark, slot.dark.r + (v[4] - slot.dark.r) * alpha, slot.dark.g + (v[5] - slot.dark.g) * alpha,
                  slot.dark.b + (v[6] - slot.dark.b) * alpha, 1);
    }
}

void apply_attachment(const Timeline& t, Skeleton& sk, float time) {
    const int slot = t.target;
    if (!sk.bones[static_cast<std::size_t>(sk.model().slots[static_cast<std::size_t>(slot)].bone)].active) return;
    int name;
    if (time < t.frames[0])
        name = sk.data().setup_attachment_name[static_cast<std::size_t>(slot)];
    else
        name = t.names[stepped_key(t, time)];
    sk.set_attachment(slot, sk.find_attachment(slot, name));
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
    auto mix = [&](float target, std::size_t i) {
        if (alpha == 1) return target;
        const float setup = weighted ? 0.0f : keyed.vertices[i];
        return setup + (target - setup) * alpha;
    };
    if (time >= t.frames[keys - 1]) {
        const float* last = t.vertices.data() + (keys - 1) * n;
        for (std::size_t i = 0; i < n; ++i) out[i] = mix(last[i], i);
        return;
    }
    const Span s = locate(t, time);
    const float* prev = t.vertices.data() + s.prev * n;
    const float* next = prev + n;
    for (std::size_t i = 0; i < n; ++i) out[i] = mix(prev[i] + (next[i] - prev[i]) * s.percent, i);
}

void apply_draw_order(const Timeline& t, Skeleton& sk, float time) {
    const std::size_t n = sk.draw_order.size();
    if (time < t.frames[0]) {
        for (std::size_t i = 0; i < n; ++i) sk.draw_order[i] = static_cast<int>(i);
        return;
    }
    const int* order = t.draw_orders.data() + stepped_key(t, time) * n;
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
            float v[5];
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
            const std::size_t key = time >= t.frames[t.frames.size() - 6] ? t.frames.size() / 6 - 1 : locate(t, time).prev;
            c.bend_direction = static_cast<int>(t.frames[key * 6 + 3]);
            c.compress = t.frames[key * 6 + 4] != 0;
            c.stretch = t.frames[key * 6 + 5] != 0;
            return;
        }
        case TimelineKind::TransformConstraint: {
            TransformState& c = sk.transform[i];
            if (!c.active) return;
            const TransformConstraint& setup = sd.transform[i];
            float v[4];
            if (!sample(t, time, v)) {
                c.rotate_mix = setup.rotate_mix;
                c.translate_mix = setup.translate_mix;
                c.scale_mix = setup.scale_mix;
                c.shear_mix = setup.shear_mix;
                return;
            }
            c.rotate_mix = setup.rotate_mix + (v[0] - setup.rotate_mix) * alpha;
            c.translate_mix = setup.translate_mix + (v[1] - setup.translate_mix) * alpha;
            c.scale_mix = setup.scale_mix + (v[2] - setup.scale_mix) * alpha;
            c.shear_mix = setup.shear_mix + (v[3] - setup.shear_mix) * alpha;
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
            float v[2];
            if (!sample(t, time, v)) {
                c.rotate_mix = setup.rotate_mix;
                c.translate_mix = setup.translate_mix;
                return;
            }
            c.rotate_mix = setup.rotate_mix + (v[0] - setup.rotate_mix) * alpha;
            c.translate_mix = setup.translate_mix + (v[1] - setup.translate_mix) * alpha;
            return;
        }
        default: return;
    }
}

}  // namespace

void apply_timeline(const Timeline& t, const AnimationInfo& animation, Skeleton& sk, float last_time, float time,
                    std::vector<FiredEvent>* events, float alpha) {
    if (t.frames.empty()) return;
    switch (t.kind) {
        case TimelineKind::Rotate:
        case TimelineKind::Translate:
        case TimelineKind::Scale:
        case TimelineKind::Shear: apply_bone(t, sk, time, alpha); break;
        case TimelineKind::Attachment: apply_attachment(t, sk, time); break;
        case TimelineKind::Color:
        case TimelineKind::TwoColor: apply_color(t, sk, time, alpha); break;
        case TimelineKind::Deform: apply_deform(t, sk, time, alpha); break;
        case TimelineKind::DrawOrder: apply_draw_order(t, sk, time); break;
        case TimelineKind::Event: fire_events(t, animation, last_time, time, events); break;
        default: apply_constraint(t, sk, time, alpha); break;
    }
}

void apply(const AnimationInfo& animation, Skeleton& skeleton, float last_time, float time, bool loop,
           std::vector<FiredEvent>* events, float alpha) {
    if (loop && animation.duration != 0) {
        time = std::fmod(time, animation.duration);
        if (last_time > 0) last_time = std::fmod(last_time, animation.duration);
    }
    for (const Timeline& t : animation.timelines) apply_timeline(t, animation, skeleton, last_time, time, events, alpha);
}

}  // namespace rigio::spine::runtime
