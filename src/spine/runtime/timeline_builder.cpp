// Builder::finish (see timeline_builder.hpp): key times copied for counting, curves sampled, and the
// timeline's views of its arrays made.
#include <cstring>
#include <limits>

#include "rigio/spine/runtime/curves.hpp"
#include "runtime_internal.hpp"
#include "timeline_builder.hpp"

namespace rigio::spine::runtime::detail {

template <class C>
int Builder::sample_transitions(const C* const* keyed, std::size_t n, const float* frames, int* kinds, float* curves) {
    const std::size_t e = static_cast<std::size_t>(t.entries), stride = static_cast<std::size_t>(t.curve_stride);
    const int channel_count = channels;  // (locals: the stores below may not change them)
    const bool from_zero_to_one = percent;
    int beziers = 0;  // (at most the key count, which is an int's: the model's lists are in memory)
    if (!t.absolute) {
        // 3.x samples depend on the handles only: a Bézier transition with the same handles
        // (bit for bit) as the last one sampled shares its samples (editors apply the same
        // preset to runs of keys), a compare instead of sampling.
        float last[4] = {};
        for (std::size_t i = 0; i + 1 < n; ++i) {
            const C& c = *keyed[i];
            if (c.type == CurveType::Bezier) {
                const float handles[4] = {c.cx1, c.cy1, c.cx2, c.cy2};
                if (beziers > 0 && std::memcmp(handles, last, sizeof last) == 0) {
                    kinds[i] = kTransitionBezier + beziers - 1;
                    continue;
                }
                std::memcpy(last, handles, sizeof last);
                sample_bezier(c, curves + static_cast<std::size_t>(beziers) * stride);
                kinds[i] = kTransitionBezier + beziers++;
            } else {
                kinds[i] = c.type == CurveType::Stepped ? kTransitionStepped : kTransitionLinear;
            }
        }
    } else {
        static const float zero[1] = {0}, one[1] = {1};
        for (std::size_t i = 0; i + 1 < n; ++i) {
            const C& c = *keyed[i];
            if (c.type != CurveType::Bezier) {
                kinds[i] = c.type == CurveType::Stepped ? kTransitionStepped : kTransitionLinear;
                continue;
            }
            const float* v0 = from_zero_to_one ? zero : frames + i * e + 1;
            const float* v1 = from_zero_to_one ? one : frames + (i + 1) * e + 1;
            sample_absolute_bezier({c.bezier.data(), c.bezier.size()}, channel_count, frames[i * e], v0, frames[(i + 1) * e], v1,
                                   curves + static_cast<std::size_t>(beziers) * stride);
            kinds[i] = kTransitionBezier + beziers++;
        }
    }
    return beziers;
}

void Builder::finish() {
    Pool<float>& pool = out.float_pool;
    const std::size_t n = scratch.keyed_count, e = static_cast<std::size_t>(t.entries);
    const float* frames = pool.data() + frames_at;
    bool ordered = true;  // (a local and the key count: no store or division per key)
    std::size_t times_at = 0, times = 0;
    if (n >= 2 && n <= kCountedKeys) {
        // Keys 1 to the last copied while their order is checked (one walk of the keys), then the
        // padding; given back when the keys are not ordered (they are the last floats taken).
        times_at = pools.floats;
        times = counted_times(n);
        float* out_times = pools.take_floats(times);
        frames = pool.data() + frames_at;  // (taking may have moved the pool)
        float previous = frames[0];
        for (std::size_t i = 1; i < n; ++i) {
            const float time = frames[i * e];
            ordered &= time >= previous;  // (NaN: not ordered)
            out_times[i - 1] = previous = time;
        }
        if (ordered) {
            std::fill(out_times + (n - 1), out_times + times, std::numeric_limits<float>::infinity());
        } else {
            pools.floats = times_at;
            times = 0;
        }
    } else {
        for (std::size_t i = 1; i < n; ++i) ordered &= frames[i * e] >= frames[(i - 1) * e];  // (NaN: not ordered)
    }
    t.ordered = ordered;
    std::size_t transitions_at = 0, transitions = 0, curves_at = 0, curves_count = 0;
    if (n >= 2 && (narrow ? scratch.keyed2[0] != nullptr : scratch.keyed[0] != nullptr)) {  // (keys without curves: attachment, draw order, ...)
        // A kind per transition, and samples for the Bézier transitions only (see Timeline): the
        // floats are taken as if every transition were a Bézier, and those not used given back.
        const std::size_t stride = static_cast<std::size_t>(t.curve_stride);
        transitions = n - 1;
        transitions_at = pools.ints;
        int* const kinds = pools.take_ints(n - 1);
        curves_at = pools.floats;
        float* const curves = pools.take_floats((n - 1) * stride);
        frames = pool.data() + frames_at;  // (taking may have moved the pool)
        const int beziers = narrow ? sample_transitions(scratch.keyed2.data(), n, frames, kinds, curves)
                                   : sample_transitions(scratch.keyed.data(), n, frames, kinds, curves);
        curves_count = static_cast<std::size_t>(beziers) * stride;
        pools.floats = curves_at + curves_count;  // (the floats of linear and stepped transitions back)
    }
    // The views, now that nothing more is taken for this timeline (empty arrays keep empty views).
    const float* floats = pool.data();
    const int* ints = out.int_pool.data();
    if (n) t.frames = {floats + frames_at, n * e};  // (every key() appends `entries` values)
    if (times) t.times = {floats + times_at, times};
    if (curves_count) t.curves = {floats + curves_at, curves_count};
    if (vertices) t.vertices = {floats + vertices_at, vertices};
    if (transitions) t.transitions = {ints + transitions_at, transitions};
    if (ints_count) {
        const std::span<const int> view(ints + ints_at, ints_count);
        if (t.kind == TimelineKind::Attachment)
            t.names = view;
        else if (t.kind == TimelineKind::DrawOrder)
            t.draw_orders = view;
        else
            t.events = view;
    }
}

}  // namespace rigio::spine::runtime::detail
