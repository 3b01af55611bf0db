// rigio/spine/runtime/data.hpp: Spine skeleton data (3.7 to 4.2) laid out for sampling.
// Built once from a SkeletonData (spine/model.hpp) and shared by any number of Skeleton instances:
// attachments resolved into one table (linked meshes point at the mesh that holds their vertices),
// per-skin lookup tables, bone children, and animations flattened into timelines whose keyframes
// sit in contiguous float arrays with Bézier curves pre-sampled. Depends on the model only, never
// on readers or writers. prepare() returns an Error when the data cannot be played (an index or
// a deform/draw-order key out of range). The version the model was read from picks the rules where the
// official runtimes differ (RuntimeData::version); where they agree the code is shared.
#pragma once

#include <cstdint>
#include <memory>
#include <new>
#include <type_traits>
#include <utility>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "rigio/io/arena.hpp"
#include "rigio/io/arena_string.hpp"
#include "rigio/io/error.hpp"
#include "rigio/spine/model.hpp"
#include "rigio/spine/runtime/curves.hpp"

namespace rigio::spine::runtime {

struct Color {
    float r = 1, g = 1, b = 1, a = 1;
    bool operator==(const Color&) const = default;
};

Color to_color(Rgba rgba);           // 0xRRGGBBAA
Color to_dark_color(std::uint32_t rgb);  // 0x00RRGGBB, alpha 1

// One attachment object of one skin. Linked meshes share the vertices of their parent mesh.
struct AttachmentInfo {
    AttachmentInfo() noexcept {}  // (user-provided: see Timeline())
    AttachmentType type = AttachmentType::Region;  // LinkedMesh behaves as Mesh
    std::string_view name;  // Attachment::getName(): the name, else the key (a view of the model's string)
    int skin = 0, slot = 0;
    bool is_vertex = false;  // mesh, linked mesh, bounding box, path, clipping
    bool is_mesh = false;    // mesh or linked mesh
    int deform_source = -1;  // the attachment whose deform (4.1+: and sequence) timelines apply (itself or the parent mesh)
    // Vertices (vertex attachments): as in spine::Vertices, the parent's for linked meshes. Views of
    // the model's arrays (the model outlives the RuntimeData), not copies.
    int world_vertices_length = 0;   // 2 * vertex count
    std::span<const int> bones;      // weighted: per vertex the count then the bone indices
    std::span<const float> vertices; // unweighted x, y; weighted x, y, weight per influence
    int deform_length = 0;          // floats in a deform array: 2 per vertex or per influence
    // Weighted: the vertices grouped by influence count, for loops without a branch per vertex:
    // RuntimeData::weighted_vertices [weighted_groups[n - 1], weighted_groups[n]) have n influences
    // (n = 1 to 4), [weighted_groups[4], weighted_groups[5]) any other count. Linked meshes share
    // their source's.
    int weighted_groups[6] = {};
    // The same vertices of groups 1 to 4 as WeightedPair records, RuntimeData::weighted_pairs
    // [weighted_pairs[n - 1], weighted_pairs[n]) for n influences (see WeightedPair).
    int weighted_pairs[5] = {};
    // Region: the quad corners relative to the bone, BL, UL, UR, BR (x, y each).
    float offset[8] = {};
    // Path.
    bool closed = false, constant_speed = true;
    std::span<const float> lengths;  // a view of the model's
    // Sequence (4.1+, region and mesh): frame count (0: none), first number, zero padding, setup frame,
    // and the path the frame numbers are appended to (a view of the model's path or name).
    int sequence_count = 0, sequence_start = 1, sequence_digits = 0, sequence_setup = 0;
    std::string_view path;
};

// The allocator of prepare()'s large arrays (AnimationInfo's pools, the weighted vertex records): memory
// from the open arena as io::ArenaAllocator (prepare() opens one: see RuntimeData), and a vector's new
// elements default-initialized (left as they are for these types) rather than zeroed, since prepare()
// writes every value it keeps (zeroing them first wrote all that memory twice).
template <class T>
struct PoolAllocator : io::ArenaAllocator<T> {
    PoolAllocator() = default;
    template <class U>
    PoolAllocator(const PoolAllocator<U>&) noexcept {}
    template <class U>
    void construct(U* p) noexcept(std::is_nothrow_default_constructible_v<U>) {
        ::new (static_cast<void*>(p)) U;
    }
    template <class U, class... Args>
    void construct(U* p, Args&&... args) {
        std::construct_at(p, std::forward<Args>(args)...);
    }
    friend bool operator==(const PoolAllocator&, const PoolAllocator&) { return true; }
};
template <class T>
using Pool = std::vector<T, PoolAllocator<T>>;

// A weighted vertex: its index and the index of its first influence (in the attachment's `vertices`
// triples; its count is at `bones[vertex + first_influence]`). Without member initializers, so that
// prepare() sizes its array without zeroing it first (it writes every record); WeightedVertex{} is zero.
struct WeightedVertex {
    int vertex, first_influence;
};

// sizeof(BoneState) (skeleton.hpp checks it), for WeightedPair::bone_offset.
inline constexpr int kBoneStateBytes = 128;

// Two influences of weighted vertices with what the vertex loops need of them side by side, so that
// a loop reads one record after the other and loads positions and weights as they are used (built at
// prepare time from the model's arrays). Per influence count, the records of a group pair up:
// 1: two vertices (the last repeated when the count is odd); 2: a vertex's two influences; 3: two
// vertices in three records, each one's first two influences, then both third influences (the last
// vertex repeated when odd); 4: a vertex's first two influences, then its last two. Without member
// initializers, as WeightedVertex (WeightedPair{} is zero).
struct alignas(16) WeightedPair {
    float position[4];  // x, y of each influence (bind position)
    float weight[4];    // each influence's weight, twice
    // Each influence's bone as the byte offset of its state in Skeleton::bones (index times
    // kBoneStateBytes): the loops add it to the array's address without a multiplication.
    std::int64_t bone_offset[2];
    int influence[2];   // each influence's index (its deform offsets are at 2 * index)
    int vertex[2];      // the vertex each belongs to
};
static_assert(sizeof(WeightedPair) == 64);  // a cache line

// A skin's (slot << 32 | name id) -> attachment index table: open addressing in one array, so that
// building it costs one allocation per skin rather than one per attachment.
class SkinLookup {
public:
    struct Entry {
        std::uint64_t key = 0;
        int attachment = -1;  // -1: a free place
    };
    // Sizes the table for `count` entries (more still fit: it grows as needed).
    void reserve(std::size_t count);
    // Stores `attachment` (>= 0) under `key`, replacing what was stored under it.
    void assign(std::uint64_t key, int attachment);
    // -1 when absent. Inline: poses look attachments up through it (attachment timelines). Entries are
    // never removed, so the first free place on the probe path means the key is absent.
    int find(std::uint64_t key) const {
        if (table_.empty()) return -1;
        const std::size_t mask = table_.size() - 1;
        for (std::size_t i = start(key) & mask;; i = (i + 1) & mask) {
            const Entry& e = table_[i];
            if (e.attachment < 0 || e.key == key) return e.attachment;
        }
    }
    std::size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    // Every place of the table, in no particular order (free places have attachment -1).
    std::span<const Entry> places() const { return table_; }

private:
    // Where the probe for `key` starts (before the mask): slot and name id are small and dense, so
    // their product with the golden ratio spreads them well.
    static std::size_t start(std::uint64_t key) { return static_cast<std::size_t>((key * 0x9E3779B97F4A7C15ull) >> 32); }
    std::size_t place(std::uint64_t key) const;  // where `key` is, or the free place it would take
    void rehash(std::size_t capacity);
    io::ArenaVector<Entry> table_;  // a power of two in size, at most half full
    std::size_t size_ = 0;
};

// A skin's attachments per slot in file order: one array of attachment indices, slot s's at
// [start[s], start[s + 1]).
struct SlotAttachments {
    io::ArenaVector<int> start;  // slot count + 1
    io::ArenaVector<int> ids;
    std::size_t size() const { return start.empty() ? 0 : start.size() - 1; }  // the slot count
    std::span<const int> operator[](std::size_t slot) const {
        return {ids.data() + start[slot], ids.data() + start[slot + 1]};
    }
};

struct SkinInfo {
    io::ArenaString name;
    // The skin-required bones and constraints: views of the model's Skin lists (not copies).
    std::span<const int> bones, ik, transform, path, physics;
    SkinLookup lookup;
    SlotAttachments by_slot;  // per slot, the attachments in file order
};

enum class TimelineKind : std::uint8_t {
    Rotate, Translate, Scale, Shear, Attachment, Color, TwoColor, Deform, DrawOrder, Event,
    IkConstraint, TransformConstraint, PathPosition, PathSpacing, PathMix,
    // 4.x
    TranslateX, TranslateY, ScaleX, ScaleY, ShearX, ShearY, Inherit, Rgb, Alpha, Rgb2, Sequence, Physics
};

// The most keys a timeline's keys are counted over (see Timeline::times) rather than bisected.
inline constexpr std::size_t kCountedKeys = 32;

// One timeline. `frames` holds `entries` floats per keyframe (time first), as listed per kind:
// rotate time,deg; translate/scale/shear time,x,y; one-axis bone timelines time,value; inherit
// time,mode; color time,r,g,b,a; rgb time,r,g,b; alpha time,a; two-colour adds r2,g2,b2 (rgba2, rgb2);
// IK time,mix,softness,bend,compress,stretch; transform time,rotate,translate,scale,shear mixes (4.x:
// time,rotate,x,y,scaleX,scaleY,shearY); path position/spacing time,value; path mix time,rotate,
// translate (4.x: time,rotate,x,y); sequence time,mode,index,delay; physics time,value; the others
// time only. The curve of each transition (from key i to key i + 1) is `transitions[i]`: linear,
// stepped, or a Bézier transition whose `curve_stride` floats are at curves[b * curve_stride]: 9 (x, y)
// samples in the 3.x form, 9 sampled (time, value) points per channel in the 4.x form (see curves.hpp).
// Each Bézier transition has its own b, one more than the last one's, but for a 3.x one with the same
// handles as the Bézier transition before it, which shares its b. Linear and stepped transitions, the
// most, keep no samples.
// The arrays are views: prepare() keeps every timeline's floats in its AnimationInfo's `float_pool` and
// its integers in `int_pool` (two allocations per animation instead of up to six per timeline). Code
// that builds a Timeline by hand points them at arrays of its own.
struct Timeline {
    // Members take their initializers below. (User-provided: a value-initialized Timeline, as
    // emplace_back() makes, is then not zeroed as a whole first, which GCC did with a slow `rep stos`.)
    Timeline() noexcept {}
    TimelineKind kind = TimelineKind::Rotate;
    int target = 0;   // bone, slot or constraint index (physics: -1 for every constraint)
    int entries = 1;
    bool absolute = false;  // 4.x curves (per channel, absolute time and value)
    bool ordered = false;   // key times never decrease (and are not NaN): keys can be found by counting
    int curve_stride = kCurveSamples;  // floats per Bézier transition in `curves` (4.x: 18 per channel)
    int sub = 0;            // physics: the PhysicsTimelineType
    std::span<const float> frames;
    // Ordered timelines of 2 to kCountedKeys keys: the times of keys 1 to the last, side by side and
    // padded with +infinity to a multiple of 4, so that the keys before a time are counted four at a
    // time (empty otherwise, and in timelines built by hand: the keys are then found in `frames`).
    std::span<const float> times;
    std::span<const float> curves;      // the samples of the Bézier transitions, in transition order (see above)
    // Per transition: kTransitionLinear, kTransitionStepped, or kTransitionBezier + b (empty: a timeline
    // without curves, as attachment or draw-order timelines).
    std::span<const int> transitions;
    std::span<const int> names;         // attachment: name id per frame, -1 for none
    int attachment = -1;                // deform, sequence: the attachment keyed
    int vertex_count = 0;               // deform: floats per frame in `vertices`
    std::span<const float> vertices;    // deform: per frame, the full deform array
    std::span<const int> draw_orders;   // draw order: per frame, slot count setup indices
    std::span<const int> events;        // event: index into Animation::fired
};

struct FiredEvent {
    float time = 0;
    int event = 0;  // index into SkeletonData::events
    int int_value = 0;
    float float_value = 0;
    std::string string_value;
    float volume = 1, balance = 0;
};


struct AnimationInfo {
    io::ArenaString name;
    float duration = 0;
    io::ArenaVector<Timeline> timelines;  // in apply order
    io::ArenaVector<FiredEvent> fired;    // payloads of event keyframes
    // What the timelines' views point into (see Timeline). Moving an AnimationInfo keeps the pools'
    // buffers, so the views stay valid; a copy gets its own pools and its views are pointed at them.
    Pool<float> float_pool;
    Pool<int> int_pool;

    AnimationInfo() = default;
    AnimationInfo(const AnimationInfo& other);
    AnimationInfo& operator=(const AnimationInfo& other);
    AnimationInfo(AnimationInfo&&) noexcept = default;
    AnimationInfo& operator=(AnimationInfo&&) noexcept = default;
};

// RuntimeData::name_ids: attachment key -> name id (0, 1, ... in the order first seen), open
// addressing in one array, the names' characters in one string.
class NameTable {
public:
    // Sizes the table for `count` names of `chars` characters in all (more still fit).
    void reserve(std::size_t count, std::size_t chars);
    // The id of `name`, given the next id when it is new.
    int intern(std::string_view name);
    int find(std::string_view name) const;  // -1 when absent
    std::size_t size() const { return size_; }

private:
    struct Entry {
        std::uint32_t hash = 0;
        std::uint32_t at = 0, length = 0;  // the name: chars_[at, at + length)
        int id = -1;                        // -1: a free place
    };
    static std::uint32_t hash_of(std::string_view name);
    std::size_t place(std::string_view name, std::uint32_t hash) const;  // where `name` is, or its free place
    void rehash(std::size_t capacity);
    io::ArenaVector<Entry> table_;  // a power of two in size, at most half full
    io::ArenaBasicString chars_;
    std::size_t size_ = 0;
};

// Bone children: one array of bone indices, bone b's at [start[b], start[b + 1]).
struct BoneChildren {
    io::ArenaVector<int> start;  // bone count + 1
    io::ArenaVector<int> ids;
    std::size_t size() const { return start.empty() ? 0 : start.size() - 1; }  // the bone count
    std::span<const int> operator[](std::size_t bone) const {
        return {ids.data() + start[bone], ids.data() + start[bone + 1]};
    }
};

// prepare() takes the tables' memory from an arena of its own (io::ArenaScope): a few blocks rather
// than a heap block per array, which, when the data goes, are kept for the thread's next reads and
// prepares (io::release_arena_spares) instead of going back to the heap and the system. Copies and
// moves are ordinary (a copy made outside an arena takes its memory from the heap).
struct RuntimeData {
    // (Its arrays are given back to their arena as one release batch: see io::ReleaseBatchFirst.)
    [[no_unique_address]] io::ReleaseBatchFirst release_batch_first;
    const SkeletonData* data = nullptr;  // the model this was built from (must outlive it)
    Version version = Version::V38;      // the rules applied (the model's data_version)
    bool v4() const { return version >= Version::V40; }
    BoneChildren children;  // per bone
    io::ArenaVector<AttachmentInfo> attachments;
    io::ArenaVector<SkinInfo> skins;  // same order as SkeletonData::skins
    int default_skin = -1;
    io::ArenaVector<int> setup_attachment_name;  // per slot: name id of the setup attachment, or -1
    io::ArenaVector<Color> setup_color, setup_dark;  // per slot (dark: white when the slot has none)
    NameTable name_ids;  // attachment key -> name id
    io::ArenaVector<AnimationInfo> animations;
    int max_deform_length = 0;  // the largest deform array of any attachment
    int max_world_vertices = 0; // the largest world vertex count (floats) of any attachment
    Pool<WeightedVertex> weighted_vertices;  // see AttachmentInfo::weighted_groups
    Pool<WeightedPair> weighted_pairs;       // see AttachmentInfo::weighted_pairs
    [[no_unique_address]] io::ReleaseBatchLast release_batch_last;

    int find_skin(std::string_view name) const;       // -1 when absent
    int find_animation(std::string_view name) const;  // -1 when absent
    int name_id(std::string_view name) const;         // -1 when no attachment uses it
    // Attachment of `skin` stored under name id `name` for `slot`, or -1.
    int skin_attachment(int skin, int slot, int name) const;
};

// Builds the runtime tables for any version rigio reads. The RuntimeData refers to `data`, which must
// outlive it. An Error says what cannot be played (the model has no text to point into; messages name
// the bone, slot, attachment or animation).
Result<RuntimeData> prepare(const SkeletonData& data);

// The skin shown when none is asked for (the pose dumps' and previews' rule): the first named skin
// when the default skin is missing or holds no attachments, else none (-1).
int skin_rule(const RuntimeData& data);

}  // namespace rigio::spine::runtime
