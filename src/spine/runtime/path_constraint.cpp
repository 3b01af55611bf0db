// Path constraints: bones are placed along the target slot's path attachment (a chain of cubic
// Bézier curves), spaced by their lengths, a fixed distance or a fraction of the path, and rotated
// along the tangent or towards the next bone (optionally scaling to fit, "chain scale"). 4.x adds
// proportional spacing and mixes translation per axis.
#include <cmath>

#if defined(__SSE2__)
#include <xmmintrin.h>
#endif

#include "rigio/spine/runtime/vertices.hpp"
#include "runtime_internal.hpp"

namespace rigio::spine::runtime::detail {

// The Bernstein weights of the chords' end points, t = i / steps for i = 1 .. steps, in float as the
// runtimes compute them (the same operations, done once at compile time rather than per call).
template <int Steps>
struct ChordWeights {
    float w[Steps][4];
    constexpr ChordWeights() : w{} {
        for (int i = 1; i <= Steps; ++i) {
            const float t = static_cast<float>(i) / static_cast<float>(Steps), u = 1 - t;
            w[i - 1][0] = u * u * u;
            w[i - 1][1] = 3 * u * u * t;
            w[i - 1][2] = 3 * u * t * t;
            w[i - 1][3] = t * t * t;
        }
    }
};
template <int Steps>
constexpr ChordWeights<Steps> kChords{};

#if defined(__SSE2__)
// The same weights by weight index, the points four to a vector (weights 0 past the last point).
template <int Steps>
struct ChordLanes {
    static constexpr int kVectors = (Steps + 3) / 4;
    alignas(16) float w[4][kVectors * 4];
    constexpr ChordLanes() : w{} {
        for (int k = 0; k < 4; ++k)
            for (int i = 0; i < Steps; ++i) w[k][i] = kChords<Steps>.w[i][k];
    }
};
template <int Steps>
constexpr ChordLanes<Steps> kChordLanes{};
#endif

// curve_length (runtime_internal.hpp), inline (forced) into world_positions: the call cost a good
// part of the work.
template <int Steps>
[[gnu::always_inline]] inline float chord_lengths(const float* c, float* partial) {
#if defined(__SSE2__)
    // The chords' end points and lengths four at a time, with the scalar form's operations in its
    // order per lane (bit-identical: no fused operations, sqrtps rounds as sqrtss); then the running
    // total in chord order.
    const ChordLanes<Steps>& lanes = kChordLanes<Steps>;
    constexpr int kVectors = ChordLanes<Steps>::kVectors;
    alignas(16) float xs[kVectors * 4 + 4], ys[kVectors * 4 + 4], lengths[kVectors * 4];
    xs[3] = c[0];  // the start point, just before the end points
    ys[3] = c[1];
    const __m128 x0 = _mm_set1_ps(c[0]), x1 = _mm_set1_ps(c[2]), x2 = _mm_set1_ps(c[4]), x3 = _mm_set1_ps(c[6]);
    const __m128 y0 = _mm_set1_ps(c[1]), y1 = _mm_set1_ps(c[3]), y2 = _mm_set1_ps(c[5]), y3 = _mm_set1_ps(c[7]);
    for (int v = 0; v < kVectors * 4; v += 4) {
        const __m128 w0 = _mm_load_ps(lanes.w[0] + v), w1 = _mm_load_ps(lanes.w[1] + v);
        const __m128 w2 = _mm_load_ps(lanes.w[2] + v), w3 = _mm_load_ps(lanes.w[3] + v);
        _mm_store_ps(xs + 4 + v, _mm_add_ps(_mm_add_ps(_mm_add_ps(_mm_mul_ps(x0, w0), _mm_mul_ps(x1, w1)), _mm_mul_ps(x2, w2)),
                                            _mm_mul_ps(x3, w3)));
        _mm_store_ps(ys + 4 + v, _mm_add_ps(_mm_add_ps(_mm_add_ps(_mm_mul_ps(y0, w0), _mm_mul_ps(y1, w1)), _mm_mul_ps(y2, w2)),
                                            _mm_mul_ps(y3, w3)));
    }
    for (int v = 0; v < kVectors * 4; v += 4) {
        const __m128 dx = _mm_sub_ps(_mm_load_ps(xs + 4 + v), _mm_loadu_ps(xs + 3 + v));
        const __m128 dy = _mm_sub_ps(_mm_load_ps(ys + 4 + v), _mm_loadu_ps(ys + 3 + v));
        _mm_store_ps(lengths + v, _mm_sqrt_ps(_mm_add_ps(_mm_mul_ps(dx, dx), _mm_mul_ps(dy, dy))));
    }
    float total = 0;
    for (int i = 0; i < Steps; ++i) {
        total += lengths[i];
        if (partial) partial[i] = total;
    }
    return total;
#else
    const ChordWeights<Steps>& weights = kChords<Steps>;
    float px = c[0], py = c[1], total = 0;
    for (int i = 0; i < Steps; ++i) {
        const float w0 = weights.w[i][0], w1 = weights.w[i][1], w2 = weights.w[i][2], w3 = weights.w[i][3];
        const float x = c[0] * w0 + c[2] * w1 + c[4] * w2 + c[6] * w3;
        const float y = c[1] * w0 + c[3] * w1 + c[5] * w2 + c[7] * w3;
        total += std::sqrt((x - px) * (x - px) + (y - py) * (y - py));
        if (partial) partial[i] = total;
        px = x;
        py = y;
    }
    return total;
#endif
}

template <int Steps>
float curve_length(const float* c, float* partial) {
    return chord_lengths<Steps>(c, partial);
}
template float curve_length<4>(const float*, float*);
template float curve_length<10>(const float*, float*);

namespace {

constexpr float kEpsilon = 0.00001f;

// A point before the start of an open path, on the line through its first two points.
void before_start(float p, const float* w, float* out) {
    const float x1 = w[0], y1 = w[1], r = std::atan2(w[3] - y1, w[2] - x1);
    out[0] = x1 + p * std::cos(r);
    out[1] = y1 + p * std::sin(r);
    out[2] = r;
}

// A point after the end of an open path, on the line through its last two points.
void after_end(float p, const float* w, float* out) {
    const float x1 = w[2], y1 = w[3], r = std::atan2(y1 - w[1], x1 - w[0]);
    out[0] = x1 + p * std::cos(r);
    out[1] = y1 + p * std::sin(r);
    out[2] = r;
}

// The point at parameter p of the curve (x1,y1) (cx1,cy1) (cx2,cy2) (x2,y2), with its tangent angle
// when asked for. Inline (forced): a point is a few products, the call cost a good part of them.
[[gnu::always_inline]] inline void curve_point(float p, const float* c, float* out, bool tangent) {
    const float x1 = c[0], y1 = c[1], cx1 = c[2], cy1 = c[3], cx2 = c[4], cy2 = c[5], x2 = c[6], y2 = c[7];
    if (p < kEpsilon || std::isnan(p)) {
        out[0] = x1;
        out[1] = y1;
        out[2] = std::atan2(cy1 - y1, cx1 - x1);
        return;
    }
    const float tt = p * p, ttt = tt * p, u = 1 - p, uu = u * u, uuu = uu * u;
    const float ut = u * p, ut3 = ut * 3, uut3 = u * ut3, utt3 = ut3 * p;
    const float x = x1 * uuu + cx1 * uut3 + cx2 * utt3 + x2 * ttt, y = y1 * uuu + cy1 * uut3 + cy2 * utt3 + y2 * ttt;
    out[0] = x;
    out[1] = y;
    if (tangent) {
        if (p < 0.001f)
            out[2] = std::atan2(cy1 - y1, cx1 - x1);
        else
            out[2] = std::atan2(y - (y1 * uu + cy1 * ut * 2 + cy2 * tt), x - (x1 * uu + cx1 * ut * 2 + cx2 * tt));
    }
}

// Finds the curve holding distance p along the path (curve ends in `ends`) and returns the
// fraction within it; `curve` is advanced from its current value.
float locate(float p, const float* ends, int& curve) {
    for (;; ++curve) {
        const float end = ends[curve];
        if (p > end) continue;
        if (curve == 0) return p / end;
        const float prev = ends[curve - 1];
        return (p - prev) / (end - prev);
    }
}

// Positions (x, y, angle per point) of spaces-count points along the path.
// How spaces scale with the path's length: not (length, fixed), by the length (percent), or by the
// length per space (4.x proportional, whose spaces are already fractions of `spacing`).
enum class SpaceScale { None, Length, LengthPerSpace };

void scale_spaces(float* spaces, int count, SpaceScale mode, float path_length) {
    if (mode == SpaceScale::None) return;
    const float m = mode == SpaceScale::Length ? path_length : path_length / static_cast<float>(count);
    for (int i = 1; i < count; ++i) spaces[i] *= m;
}

void world_positions(Skeleton& sk, const PathConstraint& data, PathState& st, int path_attachment, bool tangents,
                     bool percent_position, SpaceScale space_scale) {
    const bool v4 = sk.data().v4();
    // A point after an empty space aims along the path's tangent (4.x: after a space under epsilon).
    auto zero_space = [v4](float space) { return v4 ? space < kEpsilon : space == 0; };
    const AttachmentInfo& path = sk.data().attachments[static_cast<std::size_t>(path_attachment)];
    const int slot = data.target;
    const int spaces_count = static_cast<int>(st.spaces.size());
    float* spaces = st.spaces.data();
    st.positions.resize(static_cast<std::size_t>(spaces_count) * 3 + 2);
    float* out = st.positions.data();
    float position = st.position;
    const bool closed = path.closed;
    int vertices_length = path.world_vertices_length, curve_count = vertices_length / 6;
    constexpr int kNone = -1, kBefore = -2, kAfter = -3;
    int prev_curve = kNone;

    if (!path.constant_speed) {
        const float* lengths = path.lengths.data();
        curve_count -= closed ? 1 : 2;
        const float path_length = lengths[curve_count];
        if (percent_position) position *= path_length;
        scale_spaces(spaces, spaces_count, space_scale, path_length);
        st.world.resize(8);
        float* world = st.world.data();
        for (int i = 0, o = 0, curve = 0; i < spaces_count; ++i, o += 3) {
            const float space = spaces[i];
            position += space;
            float p = position;
            if (closed) {
                p = std::fmod(p, path_length);
                if (p < 0) p += path_length;
                curve = 0;
            } else if (p < 0) {
                if (prev_curve != kBefore) {
                    prev_curve = kBefore;
                    vertex_world_positions(sk, slot, path_attachment, 2, 4, world, 0, 2);
                }
                before_start(p, world, out + o);
                continue;
            } else if (p > path_length) {
                if (prev_curve != kAfter) {
                    prev_curve = kAfter;
                    vertex_world_positions(sk, slot, path_attachment, vertices_length - 6, 4, world, 0, 2);
                }
                after_end(p - path_length, world, out + o);
                continue;
            }
            p = locate(p, lengths, curve);
            if (curve != prev_curve) {
                prev_curve = curve;
                if (closed && curve == curve_count) {
                    vertex_world_positions(sk, slot, path_attachment, vertices_length - 4, 4, world, 0, 2);
                    vertex_world_positions(sk, slot, path_attachment, 0, 4, world, 4, 2);
                } else {
                    vertex_world_positions(sk, slot, path_attachment, curve * 6 + 2, 8, world, 0, 2);
                }
            }
            curve_point(p, world, out + o, tangents || (i > 0 && zero_space(space)));
        }
        return;
    }

    // Constant speed: measure the curves in world space first.
    if (closed) {
        vertices_length += 2;
        st.world.resize(static_cast<std::size_t>(vertices_length));
        float* world = st.world.data();
        vertex_world_positions(sk, slot, path_attachment, 2, vertices_length - 4, world, 0, 2);
        vertex_world_positions(sk, slot, path_attachment, 0, 2, world, vertices_length - 4, 2);
        world[vertices_length - 2] = world[0];
        world[vertices_length - 1] = world[1];
    } else {
        --curve_count;
        vertices_length -= 4;
        st.world.resize(static_cast<std::size_t>(vertices_length));
        vertex_world_positions(sk, slot, path_attachment, 2, vertices_length, st.world.data(), 0, 2);
    }
    const float* world = st.world.data();
    st.curves.resize(static_cast<std::size_t>(curve_count));
    float* curves = st.curves.data();
    float path_length = 0;
    for (int i = 0; i < curve_count; ++i) {
        path_length += chord_lengths<4>(world + i * 6, nullptr);
        curves[i] = path_length;
    }
    if (percent_position)
        position *= path_length;
    else if (!v4)
        position *= path_length / path.lengths[static_cast<std::size_t>(curve_count - 1)];
    scale_spaces(spaces, spaces_count, space_scale, path_length);

    float* segments = st.segments;
    float curve_len = 0;
    for (int i = 0, o = 0, curve = 0, segment = 0; i < spaces_count; ++i, o += 3) {
        const float space = spaces[i];
        position += space;
        float p = position;
        if (closed) {
            p = std::fmod(p, path_length);
            if (p < 0) p += path_length;
            curve = 0;
        } else if (p < 0) {
            before_start(p, world, out + o);
            continue;
        } else if (p > path_length) {
            after_end(p - path_length, world + vertices_length - 4, out + o);
            continue;
        }
        p = locate(p, curves, curve);
        if (curve != prev_curve) {
            prev_curve = curve;
            curve_len = chord_lengths<10>(world + curve * 6, segments);
            segment = 0;
        }
        // Even speed along the curve: map the distance to a parameter through the segment lengths.
        p *= curve_len;
        for (;; ++segment) {
            const float end = segments[segment];
            if (p > end && segment < 9) continue;
            if (segment == 0)
                p /= end;
            else {
                const float prev = segments[segment - 1];
                p = static_cast<float>(segment) + (p - prev) / (end - prev);
            }
            break;
        }
        curve_point(p * 0.1f, world + curve * 6, out + o, tangents || (i > 0 && zero_space(space)));
    }
}

}  // namespace

void apply_path(Skeleton& sk, int index) {
    const PathConstraint& data = sk.model().path[static_cast<std::size_t>(index)];
    PathState& st = sk.path[static_cast<std::size_t>(index)];
    const int attachment = sk.slots[static_cast<std::size_t>(data.target)].attachment;
    if (attachment < 0 || sk.data().attachments[static_cast<std::size_t>(attachment)].type != AttachmentType::Path) return;
    const bool v4 = sk.data().v4();
    const float rotate_mix = st.rotate_mix, mix_x = st.translate_mix, mix_y = v4 ? st.mix_y : st.translate_mix;
    const bool rotate = rotate_mix > 0;
    if (v4 ? rotate_mix == 0 && mix_x == 0 && mix_y == 0 : !(mix_x > 0) && !rotate) return;
    const float min_length = v4 ? kEpsilon : 0;  // shorter measured lengths do not scale (chain scale)
    const SpacingMode spacing_mode = data.spacing_mode;
    const bool percent_spacing = spacing_mode == SpacingMode::Percent;
    const bool tangents = data.rotate_mode == RotateMode::Tangent, scale = data.rotate_mode == RotateMode::ChainScale;
    const int bone_count = static_cast<int>(data.bones.size());
    const int spaces_count = tangents ? bone_count : bone_count + 1;
    st.spaces.resize(static_cast<std::size_t>(spaces_count));
    float* spaces = st.spaces.data();
    spaces[0] = 0;
    if (scale) st.lengths.resize(static_cast<std::size_t>(bone_count));
    float* lengths = st.lengths.data();
    const float spacing = st.spacing;
    // The world length of bone i (its setup length along its x axis), 0 for bones without length.
    auto bone_length = [&](int i, float& setup_length) {
        const int b = data.bones[static_cast<std::size_t>(i)];
        const BoneState& bone = sk.bones[static_cast<std::size_t>(b)];
        setup_length = sk.model().bones[static_cast<std::size_t>(b)].length;
        const float x = setup_length * bone.a, y = setup_length * bone.c;
        return std::sqrt(x * x + y * y);
    };
    if (percent_spacing && (v4 || !scale)) {
        if (scale)
            for (int i = 0; i < spaces_count - 1; ++i) {
                float setup_length;
                lengths[i] = bone_length(i, setup_length);
            }
        for (int i = 1; i < spaces_count; ++i) spaces[i] = spacing;
    } else if (spacing_mode == SpacingMode::Proportional) {
        float sum = 0;
        for (int i = 0; i < spaces_count - 1; ++i) {
            float setup_length;
            const float length = bone_length(i, setup_length);
            if (setup_length < kEpsilon) {
                if (scale) lengths[i] = 0;
                spaces[i + 1] = spacing;
                continue;
            }
            if (scale) lengths[i] = length;
            spaces[i + 1] = length;
            sum += length;
        }
        if (sum > 0) {
            sum = static_cast<float>(spaces_count) / sum * spacing;
            for (int i = 1; i < spaces_count; ++i) spaces[i] *= sum;
        }
    } else {
        const bool length_spacing = spacing_mode == SpacingMode::Length;
        for (int i = 0; i < spaces_count - 1; ++i) {
            float setup_length;
            const float length = bone_length(i, setup_length);
            if (setup_length < kEpsilon) {
                if (scale) lengths[i] = 0;
                spaces[i + 1] = v4 ? spacing : 0;
                continue;
            }
            if (scale) lengths[i] = length;
            spaces[i + 1] = percent_spacing ? spacing : (length_spacing ? setup_length + spacing : spacing) * length / setup_length;
        }
    }
    const SpaceScale space_scale = percent_spacing ? SpaceScale::Length
                                   : spacing_mode == SpacingMode::Proportional ? SpaceScale::LengthPerSpace
                                                                              : SpaceScale::None;
    world_positions(sk, data, st, attachment, tangents, data.position_mode == PositionMode::Percent, space_scale);
    const float* positions = st.positions.data();
    float bone_x = positions[0], bone_y = positions[1], offset_rotation = data.offset_rotation;
    bool tip;
    if (offset_rotation == 0) {
        tip = data.rotate_mode == RotateMode::Chain;
    } else {
        tip = false;
        const BoneState& p = sk.bones[static_cast<std::size_t>(sk.model().slots[static_cast<std::size_t>(data.target)].bone)];
        offset_rotation *= p.a * p.d - p.b * p.c > 0 ? kDegRad : -kDegRad;
    }
    for (int i = 0, p = 3; i < bone_count; ++i, p += 3) {
        const int index_i = data.bones[static_cast<std::size_t>(i)];
        BoneState& bone = sk.bones[static_cast<std::size_t>(index_i)];
        bone.world_x += (bone_x - bone.world_x) * mix_x;
        bone.world_y += (bone_y - bone.world_y) * mix_y;
        const float x = positions[p], y = positions[p + 1], dx = x - bone_x, dy = y - bone_y;
        if (scale) {
            const float length = lengths[i];
            if (length != 0 && length >= min_length) {
                const float s = (std::sqrt(dx * dx + dy * dy) / length - 1) * rotate_mix + 1;
                bone.a *= s;
                bone.c *= s;
            }
        }
        bone_x = x;
        bone_y = y;
        if (rotate) {
            const float a = bone.a, b = bone.b, c = bone.c, d = bone.d;
            float r;
            if (tangents)
                r = positions[p - 1];
            else if (v4 ? spaces[i + 1] < kEpsilon : spaces[i + 1] == 0)
                r = positions[p + 2];
            else
                r = std::atan2(dy, dx);
            r -= std::atan2(c, a);
            if (tip) {
                const float cos = std::cos(r), sin = std::sin(r);
                const float length = sk.model().bones[static_cast<std::size_t>(index_i)].length;
                bone_x += (length * (cos * a - sin * c) - dx) * rotate_mix;
                bone_y += (length * (sin * a + cos * c) - dy) * rotate_mix;
            } else {
                r += offset_rotation;
            }
            r = wrap_radians(r) * rotate_mix;
            const float cos = std::cos(r), sin = std::sin(r);
            bone.a = cos * a - sin * c;
            bone.b = cos * b - sin * d;
            bone.c = sin * a + cos * c;
            bone.d = sin * b + cos * d;
        }
        invalidate_applied(sk, index_i);
    }
}

}  // namespace rigio::spine::runtime::detail
