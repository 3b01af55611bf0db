// The builder of prepared timelines (see timelines_build.cpp): an animation's pools while its timelines
// are built, and the Builder that lays one timeline's keys, curves and other arrays out in them.
#pragma once

#include <algorithm>
#include <cstddef>
#include <initializer_list>
#include <span>
#include <vector>

#include "rigio/spine/runtime/data.hpp"

namespace rigio::spine::runtime::detail {

// Scratch arrays of build_animation, reused from one animation to the next (sized once, for the
// largest animation, by build_animations).
struct BuildScratch {
    // Per key of the timeline being built, its curve: keyed[0, keyed_count), or keyed2 for the keys
    // holding a Curve2 (bone, IK, deform, physics: see Builder::curves2). Sized (not reserved) for the
    // longest timeline, so that a key costs a store, without a size check or zero-filling on resize.
    std::vector<const Curve*> keyed;
    std::vector<const Curve2*> keyed2;
    std::size_t keyed_count = 0;
    std::vector<int> unchanged;  // draw order keys

    void size_keyed(std::size_t keys) {
        keyed.resize(keys);
        keyed2.resize(keys);
    }
};

// The Timeline members that view each pool (see Timeline).
constexpr std::span<const float> Timeline::*kFloatViews[] = {&Timeline::frames, &Timeline::times, &Timeline::curves,
                                                             &Timeline::vertices};
constexpr std::span<const int> Timeline::*kIntViews[] = {&Timeline::transitions, &Timeline::names, &Timeline::draw_orders,
                                                         &Timeline::events};

// An animation's pools while its timelines are built: sized once from pool_sizes (not zero-filled: see
// PoolAllocator), then written through plain pointers up to `floats`/`ints` used (a call per key to
// insert into a vector cost more than the key's work). The finished timelines' views point into them
// directly (no offsets kept to be made views at the end); should the size hint be short, a pool grows
// and the views already made are pointed into its new buffer (see grow). build_animation trims the
// pools to what was used.
struct Pools {
    AnimationInfo& out;
    std::size_t floats = 0, ints = 0;  // used
    // The pools' sizes, kept here (computing a vector's size from its pointers per key cost more).
    std::size_t float_size = out.float_pool.size(), int_size = out.int_pool.size();

    // The next `n` floats (ints) of the pool, for the caller to write (their values are undefined).
    float* take_floats(std::size_t n) { return take(out.float_pool, kFloatViews, float_size, floats, n); }
    int* take_ints(std::size_t n) { return take(out.int_pool, kIntViews, int_size, ints, n); }

private:
    template <class T, std::size_t M>
    T* take(Pool<T>& pool, std::span<const T> Timeline::*const (&views)[M], std::size_t& size, std::size_t& used, std::size_t n) {
        if (n > size - used) [[unlikely]] {
            grow(pool, views, std::max(used + n, size * 2));
            size = pool.size();
        }
        T* p = pool.data() + used;
        used += n;
        return p;
    }
    // Resizes `pool` to `size`, keeping the timelines' views into it valid: each becomes an offset before
    // the resize (while the old buffer is alive) and a view into the new buffer after. (Never on valid
    // data, whose size hint is exact: the cost does not matter.)
    template <class T, std::size_t M>
    [[gnu::noinline, gnu::cold]] void grow(Pool<T>& pool, std::span<const T> Timeline::*const (&views)[M], std::size_t size) {
        std::vector<std::ptrdiff_t> offsets;
        offsets.reserve(out.timelines.size() * M);
        for (const Timeline& t : out.timelines)
            for (auto view : views) offsets.push_back((t.*view).empty() ? -1 : (t.*view).data() - pool.data());
        pool.resize(size);
        std::size_t k = 0;
        for (Timeline& t : out.timelines)
            for (auto view : views) {
                const std::ptrdiff_t at = offsets[k++];
                if (at >= 0) t.*view = {pool.data() + at, (t.*view).size()};
            }
    }
};


// Appends a timeline's keyframes (values, and the curve to the next key) to its animation's float
// pool; finish() samples the curves after them, which in the 4.x form need the next key's values too.
// `channels` values after the time are interpolated. The timeline's other arrays (deform vertices,
// names, draw orders, events) go to the pools between the keys and finish(), each in one piece, and
// finish() makes the timeline's views of all its arrays.
// The timeline is built in place, at the end of the animation's list (a copy of the finished Timeline
// read back what had just been written field by field, which stalled).
struct Builder {
    Timeline& t;
    int channels;
    bool percent = false;  // 4.x deform: one channel running from 0 to 1 over each transition
    bool narrow = false;   // the keys' curves are Curve2, in scratch.keyed2 (curves2())
    AnimationInfo& out;
    Pools& pools;
    BuildScratch& scratch;
    // Where the timeline's arrays start in the pools (offsets: taking may move a pool until finish()).
    std::size_t frames_at;
    std::size_t vertices_at = 0, vertices = 0;  // deform: set by the caller
    std::size_t ints_at = 0, ints_count = 0;    // names, draw orders or events

    // `frames`: the timeline's key count (key() is called at most that many times).
    Builder(Pools& p, BuildScratch& s, TimelineKind kind, int target, int entries, std::size_t frames,
            bool absolute = false, int channel_count = 1)
        : t(p.out.timelines.emplace_back()), channels(channel_count), out(p.out), pools(p), scratch(s),
          frames_at(p.floats) {
        scratch.keyed_count = 0;
        t.kind = kind;
        t.target = target;
        t.entries = entries;
        t.absolute = absolute;
        t.curve_stride = absolute ? absolute_curve_samples(channel_count) : kCurveSamples;
        if (scratch.keyed.size() < frames) scratch.size_keyed(frames);  // (a no-op: sized for the longest timeline)
    }
    // Inlined (forced) where the values' count is known: the copy is a few stores.
    [[gnu::always_inline]] void key(std::initializer_list<float> values, const Curve* curve) {
        float* p = pools.take_floats(values.size());
        for (const float v : values) *p++ = v;
        scratch.keyed[scratch.keyed_count++] = curve;  // (sized for this timeline's keys in the constructor)
    }
    // The floats of `n` keys at once (`entries` each, for the caller to write), their curves at
    // curves()[0, n) (null for none): the hot timelines' loops then cost their stores, without key()'s
    // pool and list checks per key. Lays the keys out as n key() calls would.
    float* keys(std::size_t n) {
        if (scratch.keyed.size() < n) scratch.size_keyed(n);  // (a no-op: `n` is the constructor's `frames`)
        scratch.keyed_count = n;
        return pools.take_floats(n * static_cast<std::size_t>(t.entries));
    }
    const Curve** curves() { return scratch.keyed.data(); }
    // The same for keys holding a Curve2 (at most two channels: bone, IK, deform, physics).
    const Curve2** curves2() {
        narrow = true;
        return scratch.keyed2.data();
    }
    // The same for keys without curves (attachment, inherit and sequence timelines): as n key() calls
    // with no curve (finish() tells such a timeline by its first key's curve, null).
    float* plain_keys(std::size_t n) {
        float* p = keys(n);
        if (n != 0) scratch.keyed[0] = nullptr;
        return p;
    }
    // The ints of names, draw orders or events: the next `count` of the int pool (to be written).
    int* ints(std::size_t count) {
        ints_count = count;
        ints_at = pools.ints;
        return pools.take_ints(count);
    }
    // Samples the curves, then makes the timeline's views of all its arrays (timeline_builder.cpp).
    void finish();

private:
    // Writes each transition's kind and the Bézier transitions' samples; returns their count.
    template <class C>
    int sample_transitions(const C* const* keyed, std::size_t n, const float* frames, int* kinds, float* curves);
};

// Writes the values from p on, returning the end (inlined where their count is known: a few stores).
[[gnu::always_inline]] inline float* put(float* p, std::initializer_list<float> values) {
    for (const float v : values) *p++ = v;
    return p;
}

}  // namespace rigio::spine::runtime::detail
