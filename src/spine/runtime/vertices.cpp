// World vertices for region and vertex attachments (see vertices.hpp).
#include "rigio/spine/runtime/vertices.hpp"

#include <algorithm>
#include <cstddef>
#include <utility>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace rigio::spine::runtime {

namespace {

// Weighted vertices from `w` to `end` (step `stride`; influence counts are never negative: prepare
// checks them), one vertex at a time: each is the sum, in
// influence order from 0, of (bind position + deform offset) placed by the influence's bone, times
// the weight. `v` indexes the count of the first vertex in `bones` (counts and bone indices),
// `values` (x, y, weight per influence) and `offsets` (x, y per influence) its first influence.
template <bool Deformed>
void weigh_one_by_one(const BoneState* skeleton_bones, const int* bones, std::size_t v, const float* values,
                      const float* offsets, float* out, int w, int end, int stride) {
    for (; w < end; w += stride) {
        float wx = 0, wy = 0;
        const std::size_t n = v + 1 + static_cast<std::size_t>(bones[v]);
        for (++v; v < n; ++v, values += 3) {
            const BoneState& bone = skeleton_bones[bones[v]];
            float vx = values[0], vy = values[1];
            if constexpr (Deformed) {
                vx += offsets[0];
                vy += offsets[1];
                offsets += 2;
            }
            wx += (vx * bone.a + vy * bone.b + bone.world_x) * values[2];
            wy += (vx * bone.c + vy * bone.d + bone.world_y) * values[2];
        }
        out[w] = wx;
        out[w + 1] = wy;
    }
}

#if defined(__SSE2__)

// The SSE2 form of the weighted loop for a whole attachment. Vertices are taken by influence count
// from records laid out at prepare time (AttachmentInfo::weighted_pairs, WeightedPair), so that each
// group runs without a branch per vertex and reads contiguous memory, and two influences share each
// 4-lane operation: lanes compute (x * a + y * b + world_x) * weight and its
// y counterpart with the same operations in the same order as weigh_one_by_one, and each vertex
// sums its influences from 0 in influence order, so the results are bit-identical to its.

// The helpers below are forced inline: as calls they would cost as much as the work.
// The bone's x and y axes as (a, c, b, d) then its origin: BoneState starts with them, 16-byte aligned.
static_assert(offsetof(BoneState, c) == 4 && offsetof(BoneState, b) == 8 && offsetof(BoneState, d) == 12 &&
              offsetof(BoneState, world_x) == 16 && offsetof(BoneState, world_y) == 20 && alignof(BoneState) % 16 == 0);

__m128 load_pair(const float* p) { return _mm_loadl_pi(_mm_setzero_ps(), reinterpret_cast<const __m64*>(p)); }
__m128 load_pairs(const float* low, const float* high) {
    return _mm_loadh_pi(load_pair(low), reinterpret_cast<const __m64*>(high));
}

// Two influences placed by their bones and weighted: (x0, y0, x1, y1). `position` holds both bind
// positions (deform offsets added), `weight` (w0, w0, w1, w1).
[[gnu::always_inline]] inline __m128 place_two(__m128 position, __m128 weight, const BoneState& b0, const BoneState& b1) {
    // (x*a, x*c, y*b, y*d) per influence, then x*a + y*b and x*c + y*d side by side.
    const __m128 m0 = _mm_mul_ps(_mm_unpacklo_ps(position, position), _mm_load_ps(&b0.a));
    const __m128 m1 = _mm_mul_ps(_mm_unpackhi_ps(position, position), _mm_load_ps(&b1.a));
    const __m128 rotated = _mm_add_ps(_mm_shuffle_ps(m0, m1, _MM_SHUFFLE(1, 0, 1, 0)),
                                      _mm_shuffle_ps(m0, m1, _MM_SHUFFLE(3, 2, 3, 2)));
    return _mm_mul_ps(_mm_add_ps(rotated, load_pairs(&b0.world_x, &b1.world_x)), weight);
}

// A vertex's sum from 0: the lower pair of `two` (its first two influences), then the upper.
__m128 sum_two(__m128 two) { return _mm_add_ps(_mm_add_ps(_mm_setzero_ps(), two), _mm_movehl_ps(two, two)); }

// The bone's transform as lanes for two vertices at a time: (a, c, a, c), (b, d, b, d) and the
// origin (x, y, x, y).
struct PairTransform {
    __m128 ac, bd, origin;
    explicit PairTransform(const BoneState& bone) {
        const __m128 acbd = _mm_load_ps(&bone.a);
        ac = _mm_movelh_ps(acbd, acbd);
        bd = _mm_movehl_ps(acbd, acbd);
        const __m128 origin_pair = load_pair(&bone.world_x);
        origin = _mm_movelh_ps(origin_pair, origin_pair);
    }
    // Two vertices (x0, y0, x1, y1) placed: x * a + y * b + world_x and its y counterpart per lane,
    // the operations of the scalar form in the same order.
    [[gnu::always_inline]] __m128 place(__m128 p) const {
        const __m128 xs = _mm_shuffle_ps(p, p, _MM_SHUFFLE(2, 2, 0, 0)), ys = _mm_shuffle_ps(p, p, _MM_SHUFFLE(3, 3, 1, 1));
        return _mm_add_ps(_mm_add_ps(_mm_mul_ps(xs, ac), _mm_mul_ps(ys, bd)), origin);
    }
};

// A record's two influences placed and weighted (see place_two), deform offsets added first.
template <bool Deformed>
[[gnu::always_inline]] inline __m128 place_pair(const BoneState* skeleton_bones, const WeightedPair& p, const float* offsets) {
    __m128 position = _mm_load_ps(p.position);
    if constexpr (Deformed)
        position = _mm_add_ps(position, load_pairs(offsets + 2 * p.influence[0], offsets + 2 * p.influence[1]));
    const char* base = reinterpret_cast<const char*>(skeleton_bones);
    return place_two(position, _mm_load_ps(p.weight), *reinterpret_cast<const BoneState*>(base + p.bone_offset[0]),
                     *reinterpret_cast<const BoneState*>(base + p.bone_offset[1]));
}

// `Packed`: stride 2 (slot vertices, paths), whose vertex addresses need no multiplication.
template <bool Deformed, bool Packed>
void weigh_grouped(const Skeleton& sk, const AttachmentInfo& a, const float* offsets, float* out, int offset, int stride) {
    if constexpr (Packed) stride = 2;
    const BoneState* skeleton_bones = sk.bones.data();
    const WeightedPair* pairs = sk.data().weighted_pairs.data();
    auto group = [&](int n) { return std::pair{pairs + a.weighted_pairs[n - 1], pairs + a.weighted_pairs[n]}; };
    float* const first = out + offset;
    auto out_at = [&](int vertex) { return reinterpret_cast<__m64*>(first + static_cast<std::ptrdiff_t>(vertex) * stride); };

    // One influence: two vertices per record (the odd last one is in both lanes, stored twice).
    for (auto [p, end] = group(1); p != end; ++p) {
        const __m128 sum = _mm_add_ps(_mm_setzero_ps(), place_pair<Deformed>(skeleton_bones, *p, offsets));
        _mm_storel_pi(out_at(p->vertex[0]), sum);
        _mm_storeh_pi(out_at(p->vertex[1]), sum);
    }
    for (auto [p, end] = group(2); p != end; ++p)
        _mm_storel_pi(out_at(p->vertex[0]), sum_two(place_pair<Deformed>(skeleton_bones, *p, offsets)));
    // Three: two vertices in three records, the first two influences of each, then both thirds.
    for (auto [p, end] = group(3); p != end; p += 3) {
        const __m128 two0 = place_pair<Deformed>(skeleton_bones, p[0], offsets);
        const __m128 two1 = place_pair<Deformed>(skeleton_bones, p[1], offsets);
        const __m128 thirds = place_pair<Deformed>(skeleton_bones, p[2], offsets);
        _mm_storel_pi(out_at(p[2].vertex[0]), _mm_add_ps(sum_two(two0), thirds));
        _mm_storel_pi(out_at(p[2].vertex[1]), _mm_add_ps(sum_two(two1), _mm_movehl_ps(thirds, thirds)));
    }
    for (auto [p, end] = group(4); p != end; p += 2) {
        const __m128 first = place_pair<Deformed>(skeleton_bones, p[0], offsets);
        const __m128 second = place_pair<Deformed>(skeleton_bones, p[1], offsets);
        _mm_storel_pi(out_at(p[0].vertex[0]), _mm_add_ps(_mm_add_ps(sum_two(first), second), _mm_movehl_ps(second, second)));
    }
    // Other counts (none or more than 4), one by one.
    const int* bones = a.bones.data();
    const float* values = a.vertices.data();
    const WeightedVertex* grouped = sk.data().weighted_vertices.data();
    for (const WeightedVertex *w = grouped + a.weighted_groups[4], *e = grouped + a.weighted_groups[5]; w != e; ++w) {
        const std::size_t k = static_cast<std::size_t>(w->first_influence);
        const int at = offset + w->vertex * stride;
        weigh_one_by_one<Deformed>(skeleton_bones, bones, static_cast<std::size_t>(w->vertex) + k, values + 3 * k,
                                   Deformed ? offsets + 2 * k : nullptr, out, at, at + 1, stride);
    }
}

#endif

}  // namespace

void vertex_world_positions(const Skeleton& sk, int slot_index, int attachment, int start, int count, float* out,
                            int offset, int stride) {
    const AttachmentInfo& a = sk.data().attachments[static_cast<std::size_t>(attachment)];
    const SlotState& slot = sk.slots[static_cast<std::size_t>(slot_index)];
    const std::vector<float>& deform = slot.deform;
    const int end = offset + (count >> 1) * stride;
    if (a.bones.empty()) {
        const float* v = deform.empty() ? a.vertices.data() : deform.data();
        const BoneState& bone = sk.bones[static_cast<std::size_t>(sk.model().slots[static_cast<std::size_t>(slot_index)].bone)];
        // The transform in locals: `out` could alias the bone for all the compiler knows.
        const float ba = bone.a, bb = bone.b, bc = bone.c, bd = bone.d, bx = bone.world_x, by = bone.world_y;
        int i = start, w = offset;
#if defined(__SSE2__)
        if (stride == 2) {  // packed output: two vertices per step
            const PairTransform transform(bone);
            for (; w + 4 <= end; i += 4, w += 4) _mm_storeu_ps(out + w, transform.place(_mm_loadu_ps(v + i)));
        }
#endif
        for (; w < end; i += 2, w += stride) {
            const float vx = v[i], vy = v[i + 1];
            out[w] = vx * ba + vy * bb + bx;
            out[w + 1] = vx * bc + vy * bd + by;
        }
        return;
    }
    // Skip the influences of the vertices before `start`.
    std::size_t v = 0, skip = 0;
    for (int i = 0; i < start; i += 2) {
        const int n = a.bones[v];
        v += static_cast<std::size_t>(n) + 1;
        skip += static_cast<std::size_t>(n);
    }
    const int* bones = a.bones.data();
    const float* values = a.vertices.data() + skip * 3;
    const float* offsets = deform.empty() ? nullptr : deform.data() + skip * 2;
    const BoneState* skeleton_bones = sk.bones.data();
#if defined(__SSE2__)
    if (start == 0 && count == a.world_vertices_length) {
        if (offsets)
            stride == 2 ? weigh_grouped<true, true>(sk, a, offsets, out, offset, stride)
                        : weigh_grouped<true, false>(sk, a, offsets, out, offset, stride);
        else
            stride == 2 ? weigh_grouped<false, true>(sk, a, nullptr, out, offset, stride)
                        : weigh_grouped<false, false>(sk, a, nullptr, out, offset, stride);
        return;
    }
#endif
    if (offsets)
        weigh_one_by_one<true>(skeleton_bones, bones, v, values, offsets, out, offset, end, stride);
    else
        weigh_one_by_one<false>(skeleton_bones, bones, v, values, nullptr, out, offset, end, stride);
}

namespace {

// region_world_positions, inline (forced) into slot_world_vertices too: a call per region was a good
// part of the work.
[[gnu::always_inline]] inline void region_corners(const Skeleton& sk, int bone_index, const float* o, float* out) {
    const BoneState& bone = sk.bones[static_cast<std::size_t>(bone_index)];
#if defined(__SSE2__)
    const PairTransform transform(bone);
    const __m128 bl_ul = _mm_loadu_ps(o), ur_br = _mm_loadu_ps(o + 4);
    // BR, BL, UL, UR from BL, UL, UR, BR.
    _mm_storeu_ps(out, transform.place(_mm_shuffle_ps(ur_br, bl_ul, _MM_SHUFFLE(1, 0, 3, 2))));
    _mm_storeu_ps(out + 4, transform.place(_mm_shuffle_ps(bl_ul, ur_br, _MM_SHUFFLE(1, 0, 3, 2))));
#else
    const float ba = bone.a, bb = bone.b, bc = bone.c, bd = bone.d, bx = bone.world_x, by = bone.world_y;
    static constexpr int kOrder[4] = {3, 0, 1, 2};  // BR, BL, UL, UR from BL, UL, UR, BR
    for (int i = 0; i < 4; ++i) {
        const float x = o[kOrder[i] * 2], y = o[kOrder[i] * 2 + 1];
        out[i * 2] = x * ba + y * bb + bx;
        out[i * 2 + 1] = x * bc + y * bd + by;
    }
#endif
}

}  // namespace

void region_world_positions(const Skeleton& sk, int bone_index, int attachment, float* out) {
    region_corners(sk, bone_index, sk.data().attachments[static_cast<std::size_t>(attachment)].offset, out);
}

int slot_world_vertices(const Skeleton& sk, int slot, float* out) {
    const int attachment = sk.slots[static_cast<std::size_t>(slot)].attachment;
    if (attachment < 0) return 0;
    const int bone = sk.model().slots[static_cast<std::size_t>(slot)].bone;
    if (!sk.bones[static_cast<std::size_t>(bone)].active) return 0;
    const AttachmentInfo& a = sk.data().attachments[static_cast<std::size_t>(attachment)];
    if (a.type == AttachmentType::Region) {
        region_corners(sk, bone, a.offset, out);
        return 8;
    }
    if (!a.is_mesh) return 0;
#if defined(__SSE2__)
    if (!a.bones.empty()) {  // weighted: straight to the grouped loops (what vertex_world_positions does)
        const std::vector<float>& deform = sk.slots[static_cast<std::size_t>(slot)].deform;
        if (deform.empty())
            weigh_grouped<false, true>(sk, a, nullptr, out, 0, 2);
        else
            weigh_grouped<true, true>(sk, a, deform.data(), out, 0, 2);
        return a.world_vertices_length;
    }
#endif
    vertex_world_positions(sk, slot, attachment, 0, a.world_vertices_length, out, 0, 2);
    return a.world_vertices_length;
}

}  // namespace rigio::spine::runtime
