// Runtime tables built from the model: attachments, skins, bone children (see data.hpp).
// Animations are flattened by timelines_build.cpp.
#include "rigio/spine/runtime/data.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <functional>
#include <iterator>
#include <utility>

#include "rigio/io/error.hpp"
#include "runtime_internal.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace rigio::spine::runtime {

namespace {
// byte / 255.0f for every byte, divided at compile time (the same correctly rounded quotient as at run
// time): a colour key then costs four loads instead of four divisions.
struct ByteFractions {
    float f[256];
    constexpr ByteFractions() : f{} {
        for (int i = 0; i < 256; ++i) f[i] = static_cast<float>(i) / 255.0f;
    }
};
constexpr ByteFractions kByteFractions;
}  // namespace

Color to_color(Rgba rgba) {
    const float* f = kByteFractions.f;
    return Color{f[(rgba >> 24) & 0xFF], f[(rgba >> 16) & 0xFF], f[(rgba >> 8) & 0xFF], f[rgba & 0xFF]};
}

Color to_dark_color(std::uint32_t rgb) {
    const float* f = kByteFractions.f;
    return Color{f[(rgb >> 16) & 0xFF], f[(rgb >> 8) & 0xFF], f[rgb & 0xFF], 1.0f};
}

int RuntimeData::find_skin(std::string_view name) const {
    for (std::size_t i = 0; i < skins.size(); ++i)
        if (skins[i].name == name) return static_cast<int>(i);
    return -1;
}

int RuntimeData::find_animation(std::string_view name) const {
    for (std::size_t i = 0; i < animations.size(); ++i)
        if (animations[i].name == name) return static_cast<int>(i);
    return -1;
}

int RuntimeData::name_id(std::string_view name) const { return name_ids.find(name); }

// A copy's timelines view the copy's pools: each view keeps its offset into the pool it came from.
namespace {
template <class T>
std::span<const T> rebase(std::span<const T> view, const Pool<T>& from, const Pool<T>& to) {
    if (view.empty()) return {};
    return {to.data() + (view.data() - from.data()), view.size()};
}
}  // namespace

AnimationInfo::AnimationInfo(const AnimationInfo& other)
    : name(other.name), duration(other.duration), timelines(other.timelines), fired(other.fired),
      float_pool(other.float_pool), int_pool(other.int_pool) {
    for (Timeline& t : timelines) {
        t.frames = rebase(t.frames, other.float_pool, float_pool);
        t.times = rebase(t.times, other.float_pool, float_pool);
        t.curves = rebase(t.curves, other.float_pool, float_pool);
        t.vertices = rebase(t.vertices, other.float_pool, float_pool);
        t.transitions = rebase(t.transitions, other.int_pool, int_pool);
        t.names = rebase(t.names, other.int_pool, int_pool);
        t.draw_orders = rebase(t.draw_orders, other.int_pool, int_pool);
        t.events = rebase(t.events, other.int_pool, int_pool);
    }
}

AnimationInfo& AnimationInfo::operator=(const AnimationInfo& other) {
    if (this != &other) *this = AnimationInfo(other);
    return *this;
}

int RuntimeData::skin_attachment(int skin, int slot, int name) const {
    if (skin < 0 || name < 0) return -1;
    return skins[static_cast<std::size_t>(skin)].lookup.find(detail::skin_key(slot, name));
}

namespace {

// The corners of a region attachment's quad relative to its bone. Without an atlas the region is
// the whole image, so the quad is width x height, scaled, rotated and moved by the attachment.
void region_offsets(const Attachment& a, float* out) {
    const float x1 = -a.width / 2 * a.scale_x, y1 = -a.height / 2 * a.scale_y;
    const float x2 = x1 + a.width * a.scale_x, y2 = y1 + a.height * a.scale_y;
    // Unrotated (most regions): cos 1 and sin r (+-0, as std::sin gives) without the calls.
    const float r = a.rotation * detail::kDegRad, cos = r == 0 ? 1.0f : std::cos(r), sin = r == 0 ? r : std::sin(r);
    auto corner = [&](float lx, float ly, float* o) {
        o[0] = lx * cos - ly * sin + a.x;
        o[1] = lx * sin + ly * cos + a.y;
    };
    corner(x1, y1, out + 0);  // bottom left
    corner(x1, y2, out + 2);  // upper left
    corner(x2, y2, out + 4);  // upper right
    corner(x2, y1, out + 6);  // bottom right
}

void copy_vertices(const Vertices& v, AttachmentInfo& info) {
    info.world_vertices_length = v.count * 2;
    info.bones = v.bones;
    info.vertices = v.values;
    info.deform_length = v.weighted ? static_cast<int>(v.values.size() / 3) * 2 : v.count * 2;
}

// Per attachment (in RuntimeData::attachments order): its model object and, for linked meshes, the
// attachment holding their vertices (-1 for the others).
struct Entry {
    const Attachment* attachment;
    int vertex_source = -1;
};

// Whether every value of `list` is below `bound` as unsigned (negatives are huge), four at a time (a
// GCC/Clang vector: without it the loop compiles to a compare and a move per value).
bool all_below(std::span<const int> list, unsigned bound) {
    using Quad = unsigned __attribute__((vector_size(16)));
    const Quad limit = {bound, bound, bound, bound};
    Quad above = {};  // per lane: all ones once a value at or above the bound was seen
    std::size_t i = 0;
    for (; i + 4 <= list.size(); i += 4) {
        Quad v;
        std::memcpy(&v, list.data() + i, sizeof v);
        above |= reinterpret_cast<Quad>(v >= limit);
    }
    bool any = (above[0] | above[1] | above[2] | above[3]) != 0;
    for (; i < list.size(); ++i) any |= static_cast<unsigned>(list[i]) >= bound;
    return !any;
}

// The group of a weighted vertex of `n` influences (see AttachmentInfo::weighted_groups): counts 1
// to 4, then the others.
int group_of(int n) { return n >= 1 && n <= 4 ? n - 1 : 4; }

// WeightedPair records for groups 1 to 4 of these sizes (see WeightedPair).
std::size_t pair_count(const int* size) {
    return static_cast<std::size_t>((size[0] + 1) / 2 + size[1] + (size[2] + 1) / 2 * 3 + size[3] * 2);
}

// Writes a WeightedPair record from the attachment's arrays: one vertex's influences k and k + 1
// (`same`), or influence ka of vertex va and kb of vb (`two`). Every field is written. (The arrays'
// addresses are taken once: read through the attachment they were reloaded after every store.)
struct PairWriter {
    const float* values;  // x, y, weight per influence
    const int* bones;     // per vertex its count, then its bone indices: influence k of vertex v at v + k + 1
#if defined(__SSE2__)
    // Four 16-byte stores per record instead of sixteen scalar ones: the values are only moved
    // (loads, shuffles, stores copy every bit), so the records are the same as the scalar form's.
    static_assert(kBoneStateBytes == 1 << 7);
    [[gnu::always_inline]] void same(WeightedPair& pair, int v, int k) const {
        const float* influence = values + 3 * static_cast<std::size_t>(k);
        const __m128 head = _mm_loadu_ps(influence), tail = _mm_loadu_ps(influence + 2);  // x0 y0 w0 x1, w0 x1 y1 w1
        _mm_store_ps(pair.position, _mm_shuffle_ps(head, tail, _MM_SHUFFLE(2, 1, 1, 0)));
        _mm_store_ps(pair.weight, _mm_shuffle_ps(tail, tail, _MM_SHUFFLE(3, 3, 0, 0)));
        // (Bone indices are checked to be in range, so not negative: zero-extended to 64 bits.)
        const __m128i indices = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(bones + v + k + 1));
        _mm_store_si128(reinterpret_cast<__m128i*>(pair.bone_offset), _mm_slli_epi64(_mm_unpacklo_epi32(indices, _mm_setzero_si128()), 7));
        // (k, k + 1, v, v): (k, v) spread over the lanes and 1 added to the second.
        const __m128i kv = _mm_unpacklo_epi64(_mm_cvtsi32_si128(k), _mm_cvtsi32_si128(v));
        _mm_store_si128(reinterpret_cast<__m128i*>(pair.influence),
                        _mm_add_epi32(_mm_shuffle_epi32(kv, _MM_SHUFFLE(2, 2, 0, 0)), _mm_setr_epi32(0, 1, 0, 0)));
    }
    [[gnu::always_inline]] void two(WeightedPair& pair, int va, int ka, int vb, int kb) const {
        const float* a = values + 3 * static_cast<std::size_t>(ka);
        const float* b = values + 3 * static_cast<std::size_t>(kb);
        const __m128 position = _mm_loadh_pi(_mm_loadl_pi(_mm_setzero_ps(), reinterpret_cast<const __m64*>(a)),
                                             reinterpret_cast<const __m64*>(b));
        _mm_store_ps(pair.position, position);
        const __m128 weights = _mm_unpacklo_ps(_mm_load_ss(a + 2), _mm_load_ss(b + 2));  // wa wb
        _mm_store_ps(pair.weight, _mm_unpacklo_ps(weights, weights));
        const __m128i indices = _mm_unpacklo_epi32(_mm_cvtsi32_si128(bones[va + ka + 1]), _mm_cvtsi32_si128(bones[vb + kb + 1]));
        _mm_store_si128(reinterpret_cast<__m128i*>(pair.bone_offset), _mm_slli_epi64(_mm_unpacklo_epi32(indices, _mm_setzero_si128()), 7));
        _mm_store_si128(reinterpret_cast<__m128i*>(pair.influence), _mm_set_epi32(vb, va, kb, ka));
    }
#else
    void put(WeightedPair& pair, int lane, int v, int k) const {
        const float* influence = values + 3 * static_cast<std::size_t>(k);
        pair.position[2 * lane] = influence[0];
        pair.position[2 * lane + 1] = influence[1];
        pair.weight[2 * lane] = pair.weight[2 * lane + 1] = influence[2];
        pair.bone_offset[lane] = std::int64_t{kBoneStateBytes} * bones[static_cast<std::size_t>(v + k + 1)];
        pair.influence[lane] = k;
        pair.vertex[lane] = v;
    }
    void same(WeightedPair& pair, int v, int k) const {
        put(pair, 0, v, k);
        put(pair, 1, v, k + 1);
    }
    void two(WeightedPair& pair, int va, int ka, int vb, int kb) const {
        put(pair, 0, va, ka);
        put(pair, 1, vb, kb);
    }
#endif
};

// Writes the WeightedPair records of attachment `a`'s grouped vertices (groups 1 to 4) from `out` on,
// returning the end. Every field of every record is written.
WeightedPair* pair_weighted_vertices(const AttachmentInfo& a, const WeightedVertex* grouped, WeightedPair* out) {
    const PairWriter w{a.vertices.data(), a.bones.data()};
    auto vertices = [&](int n) {
        return std::span<const WeightedVertex>(grouped + a.weighted_groups[n - 1],
                                               static_cast<std::size_t>(a.weighted_groups[n] - a.weighted_groups[n - 1]));
    };
    // (Each vertex is read once into a local: read through a reference it was reloaded after every
    // store to a record, which may alias it as far as the compiler knows.)
    const auto one = vertices(1);
    for (std::size_t i = 0; i < one.size(); i += 2, ++out) {
        const WeightedVertex v0 = one[i], v1 = one[std::min(i + 1, one.size() - 1)];
        w.two(*out, v0.vertex, v0.first_influence, v1.vertex, v1.first_influence);
    }
    for (const WeightedVertex& vertex : vertices(2)) {
        const WeightedVertex v = vertex;
        w.same(*out++, v.vertex, v.first_influence);
    }
    const auto three = vertices(3);
    for (std::size_t i = 0; i < three.size(); i += 2, out += 3) {
        const WeightedVertex v0 = three[i], v1 = three[std::min(i + 1, three.size() - 1)];
        w.same(out[0], v0.vertex, v0.first_influence);
        w.same(out[1], v1.vertex, v1.first_influence);
        w.two(out[2], v0.vertex, v0.first_influence + 2, v1.vertex, v1.first_influence + 2);
    }
    for (const WeightedVertex& vertex : vertices(4)) {
        const WeightedVertex v = vertex;
        w.same(out[0], v.vertex, v.first_influence);
        w.same(out[1], v.vertex, v.first_influence + 2);
        out += 2;
    }
    return out;
}

// Fills RuntimeData::weighted_vertices (`vertex_count` in all), grouped by influence count per
// attachment, and RuntimeData::weighted_pairs (`pairs` in all); linked meshes share the groups and
// pairs of the mesh holding their vertices (Entry::vertex_source). The attachments holding vertices
// come with their group sizes in weighted_groups[1, 5]. Both arrays are sized once and written
// through pointers (no per-record size check).
void group_weighted_vertices(RuntimeData& rd, const std::vector<Entry>& entries, std::size_t vertex_count, std::size_t pairs) {
    rd.weighted_vertices.resize(vertex_count);
    rd.weighted_pairs.resize(pairs);
    WeightedVertex* const grouped = rd.weighted_vertices.data();
    WeightedPair* const first_pair = rd.weighted_pairs.data();
    int placed = 0;            // weighted vertices placed so far
    WeightedPair* pair = first_pair;
    for (std::size_t id = 0; id < rd.attachments.size(); ++id) {
        AttachmentInfo& a = rd.attachments[id];
        if (entries[id].vertex_source >= 0) continue;
        const int pair_at = static_cast<int>(pair - first_pair);
        if (a.bones.empty()) {  // unweighted (or no vertices): empty groups at the current ends
            std::fill(std::begin(a.weighted_groups), std::end(a.weighted_groups), placed);
            std::fill(std::begin(a.weighted_pairs), std::end(a.weighted_pairs), pair_at);
            continue;
        }
        // Counting sort: the group sizes (counted by build's check of the vertices, in
        // weighted_groups[1, 5]), then each vertex at its group's next place. (The starts are summed in
        // locals and stored at once.)
        int start[6];
        start[0] = placed;
        for (int g = 0; g < 5; ++g) start[g + 1] = start[g] + a.weighted_groups[g + 1];
        int next[5] = {start[0], start[1], start[2], start[3], start[4]};
        for (std::size_t i = 0, k = 0, v = 0; i < a.bones.size(); ++v) {
            const int n = a.bones[i];
            grouped[next[group_of(n)]++] = {static_cast<int>(v), static_cast<int>(k)};
            i += static_cast<std::size_t>(n) + 1;
            k += static_cast<std::size_t>(n);
        }
        placed = start[5];
        std::copy(start, start + 6, a.weighted_groups);
        pair = pair_weighted_vertices(a, grouped, pair);
        int pair_start[5];
        pair_start[0] = pair_at;
        pair_start[1] = pair_start[0] + (start[1] - start[0] + 1) / 2;
        pair_start[2] = pair_start[1] + (start[2] - start[1]);
        pair_start[3] = pair_start[2] + (start[3] - start[2] + 1) / 2 * 3;
        pair_start[4] = pair_start[3] + (start[4] - start[3]) * 2;
        std::copy(pair_start, pair_start + 5, a.weighted_pairs);
    }
    for (std::size_t id = 0; id < rd.attachments.size(); ++id)
        if (entries[id].vertex_source >= 0) {
            const AttachmentInfo& source = rd.attachments[static_cast<std::size_t>(entries[id].vertex_source)];
            AttachmentInfo& a = rd.attachments[id];
            std::copy(std::begin(source.weighted_groups), std::end(source.weighted_groups), a.weighted_groups);
            std::copy(std::begin(source.weighted_pairs), std::end(source.weighted_pairs), a.weighted_pairs);
        }
}

const std::string kNoName;  // a null key or name reads as ""

std::size_t count_attachments(const SkeletonData& sd) {
    std::size_t count = 0;
    for (const Skin& skin : sd.skins)
        for (const SkinSlot& ss : skin.slots) count += ss.attachments.size();
    return count;
}

// A guess of what the tables of `sd` take, which sizes the first block of their arena: the attachment
// table with its skins' lookups, and a few KiB per animation (the pools of large animations get blocks
// of their own: see io::ArenaScope).
std::size_t expected_bytes(const SkeletonData& sd, std::size_t attachment_count) {
    return 8192 + attachment_count * (sizeof(AttachmentInfo) + 64) + sd.animations.size() * 4096;
}

RuntimeData build(const SkeletonData& sd) {
    if (!reads(sd.header.data_version))
        throw Error(std::string("rigio plays Spine ") + readable_versions() + " data; this is " + version_name(sd.header.data_version));
    const std::size_t attachment_count = count_attachments(sd);
    const io::ArenaScope arena(expected_bytes(sd, attachment_count));  // the tables' memory (see RuntimeData)
    RuntimeData rd;
    rd.data = &sd;
    rd.version = sd.header.data_version;
    const int bone_count = static_cast<int>(sd.bones.size());
    const int slot_count = static_cast<int>(sd.slots.size());
    // The children per bone and attachments per slot are counting sorts into one array with a start
    // array (BoneChildren, SlotAttachments) that is its own "next place" array, without a scratch: each
    // count is kept one place further (start[p + 2]) so that the sums give p's first place at
    // start[p + 1]; placing an element advances that to p's end, which is p + 1's start. The extra
    // last place is dropped after.
    {
        // Children of every bone in one array: the counts first (bad parents are reported below), then
        // each child at its parent's next place (in bone order, as a list per bone would hold them).
        auto& start = rd.children.start;
        start.assign(sd.bones.size() + 2, 0);
        for (int i = 0; i < bone_count; ++i) {
            const int p = sd.bones[static_cast<std::size_t>(i)].parent;
            if (i > 0 && (p < 0 || p >= i)) throw Error("bone " + std::to_string(i) + ": parent must come before it");
            if (p >= bone_count) throw Error("bone 0: parent index out of range");  // (a root with a parent: data built in code)
            if (p >= 0) ++start[static_cast<std::size_t>(p) + 2];
        }
        for (std::size_t i = 2; i < start.size(); ++i) start[i] += start[i - 1];
        rd.children.ids.resize(static_cast<std::size_t>(start.back()));
        for (int i = 0; i < bone_count; ++i) {
            const int p = sd.bones[static_cast<std::size_t>(i)].parent;
            if (p >= 0) rd.children.ids[static_cast<std::size_t>(start[static_cast<std::size_t>(p) + 1]++)] = i;
        }
        start.pop_back();
    }
    for (const Slot& s : sd.slots)
        if (s.bone < 0 || s.bone >= bone_count) throw Error("slot bone index out of range");
    auto check_bone = [&](int b, const char* what) {
        if (b < 0 || b >= bone_count) throw Error(std::string(what) + ": bone index out of range");
    };
    auto check_bones = [&](std::span<const int> list, const char* what) {
        for (int b : list) check_bone(b, what);
    };
    for (const IkConstraint& c : sd.ik) {
        check_bones(c.bones, "IK constraint");
        check_bone(c.target, "IK constraint");
        if (c.bones.empty() || c.bones.size() > 2) throw Error("IK constraint must have 1 or 2 bones");
        if (sd.bones[static_cast<std::size_t>(c.bones[0])].parent < 0) throw Error("IK constraint bone has no parent");
    }
    for (const TransformConstraint& c : sd.transform) {
        check_bones(c.bones, "transform constraint");
        check_bone(c.target, "transform constraint");
    }
    for (const PathConstraint& c : sd.path) {
        check_bones(c.bones, "path constraint");
        if (c.target < 0 || c.target >= slot_count) throw Error("path constraint: slot index out of range");
    }
    for (const PhysicsConstraint& c : sd.physics) check_bone(c.bone, "physics constraint");

    auto intern = [&](std::string_view name) { return rd.name_ids.intern(name); };

    // Attachments, skin by skin. The tables are sized once from the attachment count (no regrowth).
    std::vector<Entry> entries;
    entries.reserve(attachment_count);
    rd.attachments.reserve(attachment_count);
    rd.name_ids.reserve(attachment_count, attachment_count * 24);  // (characters: a guess; the names are not visited twice)
    rd.skins.resize(sd.skins.size());
    if (sd.has_default_skin && !sd.skins.empty()) rd.default_skin = 0;
    for (std::size_t s = 0; s < sd.skins.size(); ++s) {
        const Skin& skin = sd.skins[s];
        SkinInfo& info = rd.skins[s];
        info.name = view_of(skin.name);
        info.bones = skin.bones;  // (views: the model outlives the RuntimeData)
        info.ik = skin.ik;
        info.transform = skin.transform;
        info.path = skin.path;
        info.physics = skin.physics;
        check_bones(info.bones, "skin");
        // by_slot: the list sizes first (a slot out of range is reported in the loop below, in file
        // order with the other errors), then each attachment at its slot's next place.
        std::size_t skin_attachments = 0;
        // (A counting sort whose start array is its own next-place array: see the children above.)
        auto& start = info.by_slot.start;
        start.assign(sd.slots.size() + 2, 0);
        for (const SkinSlot& ss : skin.slots) {
            skin_attachments += ss.attachments.size();
            if (ss.slot >= 0 && ss.slot < slot_count) start[static_cast<std::size_t>(ss.slot) + 2] += static_cast<int>(ss.attachments.size());
        }
        for (std::size_t i = 2; i < start.size(); ++i) start[i] += start[i - 1];
        info.by_slot.ids.resize(static_cast<std::size_t>(start.back()));
        info.lookup.reserve(skin_attachments);
        for (const SkinSlot& ss : skin.slots) {
            if (ss.slot < 0 || ss.slot >= slot_count) throw Error("skin \"" + std::string(info.name) + "\": slot index out of range");
            int& slot_place = start[static_cast<std::size_t>(ss.slot) + 1];  // where the slot's next attachment goes
            for (const SkinAttachment& e : ss.attachments) {
                const int id = static_cast<int>(rd.attachments.size());
                AttachmentInfo& a = rd.attachments.emplace_back();  // (filled in place: reserved above)
                const Attachment& m = e.attachment;
                a.type = m.type == AttachmentType::LinkedMesh ? AttachmentType::Mesh : m.type;
                a.name = m.name ? m.name->view() : e.key ? e.key->view() : std::string_view(kNoName);  // a view: the model outlives the runtime data
                a.skin = static_cast<int>(s);
                a.slot = ss.slot;
                a.is_mesh = a.type == AttachmentType::Mesh;
                a.is_vertex = a.is_mesh || m.type == AttachmentType::BoundingBox || m.type == AttachmentType::Path ||
                              m.type == AttachmentType::Clipping;
                a.deform_source = id;
                if (m.type == AttachmentType::Region) region_offsets(m, a.offset);
                if (a.is_vertex && m.type != AttachmentType::LinkedMesh) copy_vertices(m.vertices, a);
                if (m.sequence && (m.type == AttachmentType::Region || a.is_mesh)) {
                    // Frame numbers are at most 20 digits: wider padding is not a real sequence (and a
                    // hostile one would make every region name gigabytes long).
                    if (m.sequence->digits > 64)
                        throw Error("attachment \"" + std::string(a.name.substr(0, 80)) + "\": sequence digits " +
                                    std::to_string(m.sequence->digits) + " is more than 64");
                    a.sequence_count = m.sequence->count;
                    a.sequence_start = m.sequence->start;
                    a.sequence_digits = m.sequence->digits;
                    a.sequence_setup = m.sequence->setup_index;
                    a.path = m.path ? std::string_view(*m.path) : a.name;
                }
                if (m.type == AttachmentType::Path) {
                    a.closed = m.closed;
                    a.constant_speed = m.constant_speed;
                    a.lengths = m.lengths;
                }
                entries.push_back({&m, -1});
                info.lookup.assign(detail::skin_key(ss.slot, intern(e.key ? e.key->view() : std::string_view(kNoName))), id);
                info.by_slot.ids[static_cast<std::size_t>(slot_place++)] = id;
            }
        }
        start.pop_back();
    }

    // Linked meshes take the vertices of their parent and, when they inherit deform, its timelines.
    auto parent_of = [&](int id) -> int {
        const Attachment& m = *entries[static_cast<std::size_t>(id)].attachment;
        const AttachmentInfo& a = rd.attachments[static_cast<std::size_t>(id)];
        int skin = m.parent_skin ? rd.find_skin(m.parent_skin->view()) : rd.default_skin;
        if (skin < 0 && m.parent_skin && *m.parent_skin == "default") skin = rd.default_skin;
        const int parent = m.parent ? rd.skin_attachment(skin, a.slot, rd.name_id(*m.parent)) : -1;
        if (parent < 0 || !rd.attachments[static_cast<std::size_t>(parent)].is_mesh)
            throw Error("linked mesh \"" + std::string(a.name) + "\": parent mesh \"" + m.parent.value_or("") + "\" not found");
        return parent;
    };
    for (std::size_t id = 0; id < entries.size(); ++id) {
        if (entries[id].attachment->type != AttachmentType::LinkedMesh) continue;
        const int parent = parent_of(static_cast<int>(id));
        int source = parent;
        for (int guard = 0; entries[static_cast<std::size_t>(source)].attachment->type == AttachmentType::LinkedMesh; ++guard) {
            if (guard > static_cast<int>(entries.size())) throw Error("linked meshes form a cycle");
            source = parent_of(source);
        }
        AttachmentInfo& a = rd.attachments[id];
        copy_vertices(entries[static_cast<std::size_t>(source)].attachment->vertices, a);
        if (entries[id].attachment->deform) a.deform_source = parent;
        entries[id].vertex_source = source;
    }
    std::size_t weighted_vertices = 0, weighted_pairs = 0;
    for (std::size_t id = 0; id < rd.attachments.size(); ++id) {
        AttachmentInfo& a = rd.attachments[id];
        std::size_t influences = 0, vertices = 0;
        int group_size[5] = {};  // for group_weighted_vertices (one walk of the vertices less)
        // Fast path: when every value of the array, counts and indices alike, is below the bone count
        // as unsigned (negatives are huge), no count is negative and every index is in range: the walk
        // then checks only that each vertex's indices stay within the array (a loop of its own, without
        // the sign test and the per-index loop). (One vectorized pass over the array instead of a short
        // loop per vertex.) Otherwise the walk checks every value and reports the first bad vertex.
        auto bad_index = [&] { return Error("attachment \"" + std::string(a.name) + "\": bad vertex bone index"); };
        if (all_below(a.bones, static_cast<unsigned>(bone_count))) {
            // (Every count is then >= 0 and every index in range: only the array's end is checked.)
            const int* const bones = a.bones.data();
            const std::size_t size = a.bones.size();
            for (std::size_t i = 0; i < size; ++vertices) {
                const std::size_t n = static_cast<std::size_t>(bones[i++]);
                ++group_size[group_of(static_cast<int>(n))];
                // A vertex whose indices run past the array is reported as a bad index, as is one out of range.
                if (n > size - i) throw bad_index();
                i += n;
                influences += n;
            }
        } else {
            for (std::size_t i = 0; i < a.bones.size(); ++vertices) {
                const int n = a.bones[i++];
                if (n < 0) throw Error("attachment \"" + std::string(a.name) + "\": negative vertex bone count");
                ++group_size[group_of(n)];
                bool bad = static_cast<std::size_t>(n) > a.bones.size() - i;
                for (std::size_t k = 0, e = bad ? 0 : static_cast<std::size_t>(n); k < e; ++k)
                    bad |= static_cast<unsigned>(a.bones[i + k]) >= static_cast<unsigned>(bone_count);  // (negative: huge)
                if (bad) throw bad_index();
                i += static_cast<std::size_t>(n);
                influences += static_cast<std::size_t>(n);
            }
        }
        const bool weighted = !a.bones.empty();
        if (weighted ? (a.vertices.size() < influences * 3 || vertices * 2 != static_cast<std::size_t>(a.world_vertices_length))
                     : a.vertices.size() < static_cast<std::size_t>(a.world_vertices_length))
            throw Error("attachment \"" + std::string(a.name) + "\": vertex data shorter than its vertex count");
        if (a.type == AttachmentType::Path) {
            const int points = a.world_vertices_length / 6;  // 3 vertices (handle, point, handle) each
            if (a.world_vertices_length % 6 != 0 || a.lengths.size() != static_cast<std::size_t>(points) ||
                points < (a.closed ? 1 : 2))
                throw Error("path attachment \"" + std::string(a.name) + "\": vertex count must be 3 per point (at least " +
                            (a.closed ? "1 point" : "2 points") + ") with one length per point");
        }
        rd.max_deform_length = std::max(rd.max_deform_length, a.deform_length);
        rd.max_world_vertices = std::max(rd.max_world_vertices, std::max(a.world_vertices_length, 8));
        if (entries[id].vertex_source < 0) {
            weighted_vertices += vertices;
            weighted_pairs += pair_count(group_size);
            std::copy(group_size, group_size + 5, a.weighted_groups + 1);
        }
    }
    group_weighted_vertices(rd, entries, weighted_vertices, weighted_pairs);

    rd.setup_attachment_name.resize(sd.slots.size(), -1);
    rd.setup_color.reserve(sd.slots.size());
    rd.setup_dark.reserve(sd.slots.size());
    for (std::size_t i = 0; i < sd.slots.size(); ++i) {
        if (sd.slots[i].attachment) rd.setup_attachment_name[i] = rd.name_id(*sd.slots[i].attachment);
        rd.setup_color.push_back(to_color(sd.slots[i].color));
        rd.setup_dark.push_back(sd.slots[i].dark ? to_dark_color(*sd.slots[i].dark) : Color{});
    }

    detail::build_animations(rd, sd.animations);
    return rd;
}

}  // namespace

Result<RuntimeData> prepare(const SkeletonData& sd) {
    return capture([&] { return build(sd); });
}

int skin_rule(const RuntimeData& data) {
    const int first_named = data.default_skin == 0 ? 1 : 0;
    if (static_cast<std::size_t>(first_named) >= data.skins.size()) return -1;
    const bool default_empty = data.default_skin < 0 || data.skins[static_cast<std::size_t>(data.default_skin)].lookup.empty();
    return default_empty ? first_named : -1;
}

}  // namespace rigio::spine::runtime
