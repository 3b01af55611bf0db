// rigio/spine/model.hpp: Spine skeleton data of every version rigio reads (3.7 to 4.2) as plain
// value types. References between objects are indices into the owning vectors, checked by the readers.
// No behaviour lives here: readers fill it, writers serialise it, the runtime samples it.
// One model holds every version (docs/spine-model.md): it is 4.x-shaped where 4.x is a superset, keeps
// 3.x's forms where they differ (per-key curves in fractions, colour timelines), and records the version
// it was read from in Header::version. Fields that only some versions carry say so where declared; the
// others keep their defaults. Version differences belong in the codecs as branches.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "rigio/io/arena.hpp"
#include "rigio/io/arena_string.hpp"
#include "rigio/spine/bezier_handles.hpp"
#include "rigio/spine/version.hpp"

namespace rigio::spine {

// The model's arrays: std::vectors whose memory comes from the reader's arena (rigio/io/arena.hpp)
// when the model is read from a file, and from the heap otherwise.
template <class T>
using Vector = io::ArenaVector<T>;

// The model's strings: std::strings in all but their allocator, which takes their characters from the
// reader's arena (rigio/io/arena_string.hpp); built from and compared with std::string and string_view.
using String = io::ArenaString;

// A string field that distinguishes null (absent) from "" as the binary format does.
using OptString = std::optional<String>;
// The string, or "" when null: a view (`value_or("")` would copy it).
inline std::string_view view_of(const OptString& s) noexcept { return s ? s->view() : std::string_view(); }

// A member of a JSON object that Spine 3.8 does not define, kept so that JSON -> JSON loses nothing:
// its key and its value as compact JSON text. The objects that carry these say so; .skel files have no
// place for them (the binary writer leaves them out).
struct JsonExtra {
    String key;
    String value;  // compact JSON, e.g. {"a":[1,2]}
    bool operator==(const JsonExtra&) const = default;
};
using JsonExtras = Vector<JsonExtra>;

// Colour as the file stores it: 0xRRGGBBAA.
using Rgba = std::uint32_t;

// JSON only: the size and position fields a JSON file left out (a .skel always stores them), so that a
// JSON rewrite leaves them out again instead of writing the defaults the reader filled in. A bit mask.
using JsonAbsent = std::uint8_t;
inline constexpr JsonAbsent kAbsentX = 1, kAbsentY = 2, kAbsentWidth = 4, kAbsentHeight = 8;

// A bone's inheritance: `transform` in 3.x and 4.0/4.1 files, `inherit` in 4.2 (same values, same order).
enum class TransformMode : std::uint8_t { Normal, OnlyTranslation, NoRotationOrReflection, NoScale, NoScaleOrReflection };
enum class BlendMode : std::uint8_t { Normal, Additive, Multiply, Screen };
enum class PositionMode : std::uint8_t { Fixed, Percent };
enum class SpacingMode : std::uint8_t { Length, Fixed, Percent, Proportional };  // Proportional: 4.x only
enum class RotateMode : std::uint8_t { Tangent, Chain, ChainScale };

struct Header {
    // The data layout the skeleton was read from (or is to be written as). Readers set it from `version`
    // (the editor string); writers branch on it. Data built in code is 3.8 unless it says otherwise.
    Version data_version = Version::V38;
    // 3.x: a string (empty or null: not set). 4.x: the binary's 8 raw bytes, held as the JSON holds them
    // (base64 without padding, 11 characters), so both codecs share one form.
    OptString hash;
    OptString version;  // editor version, e.g. "3.8.55"
    float x = 0, y = 0, width = 0, height = 0;  // setup-pose bounds (3.7 binary: width and height only)
    float reference_scale = 100;  // 4.2 only
    bool nonessential = false;  // binary: whether nonessential data is present
    float fps = 30;             // nonessential
    OptString images;           // nonessential
    OptString audio;            // nonessential
    JsonAbsent json_absent = 0;  // x, y, width, height left out of the JSON skeleton object
    JsonExtras json_extra;  // unknown JSON keys
    bool operator==(const Header&) const = default;
};

struct Bone {
    OptString name;
    int parent = -1;  // index into SkeletonData::bones; -1 only for the root (bone 0)
    float rotation = 0, x = 0, y = 0, scale_x = 1, scale_y = 1, shear_x = 0, shear_y = 0, length = 0;
    TransformMode transform = TransformMode::Normal;  // 4.2: `inherit`
    bool skin_required = false;  // 3.8+
    Rgba color = 0x989898FF;  // nonessential (editor colour of the bone)
    OptString icon;          // 4.2, nonessential: editor icon name
    bool visible = true;     // 4.2, nonessential: shown in the editor
    JsonExtras json_extra;  // unknown JSON keys
    bool operator==(const Bone&) const = default;
};

struct Slot {
    OptString name;
    int bone = 0;
    Rgba color = 0xFFFFFFFF;
    // Tint-black colour: 0x00RRGGBB as stored (alpha byte ignored); nullopt when the slot has none
    // (the binary stores -1).
    std::optional<std::uint32_t> dark;
    OptString attachment;  // setup-pose attachment name
    BlendMode blend = BlendMode::Normal;
    bool visible = true;  // 4.2, nonessential: shown in the editor
    JsonExtras json_extra;  // unknown JSON keys
    bool operator==(const Slot&) const = default;
};

struct IkConstraint {
    OptString name;
    int order = 0;
    bool skin_required = false;
    Vector<int> bones;  // 1 or 2 bone indices
    int target = 0;          // bone index
    float mix = 1, softness = 0;  // softness: 3.8+
    int bend_direction = 1;  // 1 or -1
    bool compress = false, stretch = false, uniform = false;
    JsonExtras json_extra;  // unknown JSON keys
    bool operator==(const IkConstraint&) const = default;
};

struct TransformConstraint {
    OptString name;
    int order = 0;
    bool skin_required = false;
    Vector<int> bones;
    int target = 0;  // bone index
    bool local = false, relative = false;
    float offset_rotation = 0, offset_x = 0, offset_y = 0, offset_scale_x = 0, offset_scale_y = 0, offset_shear_y = 0;
    // 3.x: rotateMix, translateMix, scaleMix, shearMix. 4.x has one mix per channel: mixRotate is
    // rotate_mix, mixX translate_mix, mixY mix_y, mixScaleX scale_mix, mixScaleY mix_scale_y and mixShearY
    // shear_mix (3.x data leaves mix_y and mix_scale_y at 1 and never reads them).
    float rotate_mix = 1, translate_mix = 1, scale_mix = 1, shear_mix = 1;
    float mix_y = 1, mix_scale_y = 1;  // 4.x only
    JsonExtras json_extra;  // unknown JSON keys
    bool operator==(const TransformConstraint&) const = default;
};

struct PathConstraint {
    OptString name;
    int order = 0;
    bool skin_required = false;
    Vector<int> bones;
    int target = 0;  // slot index
    PositionMode position_mode = PositionMode::Percent;
    SpacingMode spacing_mode = SpacingMode::Length;
    RotateMode rotate_mode = RotateMode::Tangent;
    // 4.x: mixRotate is rotate_mix, mixX translate_mix, mixY mix_y.
    float offset_rotation = 0, position = 0, spacing = 0, rotate_mix = 1, translate_mix = 1;
    float mix_y = 1;  // 4.x only
    JsonExtras json_extra;  // unknown JSON keys
    bool operator==(const PathConstraint&) const = default;
};

// 4.2: a physics constraint moving one bone.
struct PhysicsConstraint {
    OptString name;
    int order = 0;
    bool skin_required = false;
    int bone = 0;  // bone index
    // How much of each bone property the simulation drives (0 = none).
    float x = 0, y = 0, rotate = 0, scale_x = 0, shear_x = 0;
    float limit = 5000;
    int fps = 60;  // simulation steps per second (the binary stores it in one byte)
    float inertia = 1, strength = 100, damping = 1;
    float mass_inverse = 1;  // the binary stores 1/mass; JSON stores "mass"
    float wind = 0, gravity = 0, mix = 1;
    bool inertia_global = false, strength_global = false, damping_global = false, mass_global = false,
         wind_global = false, gravity_global = false, mix_global = false;
    JsonExtras json_extra;  // unknown JSON keys
    bool operator==(const PhysicsConstraint&) const = default;
};

// Vertices of bounding box, mesh, path and clipping attachments.
// Unweighted: `weighted` is false and `values` holds x, y per vertex (2 * count floats).
// Weighted: per vertex, `bones` holds the influence count followed by that many bone indices,
// and `values` holds x, y, weight for each influence, in the same order.
struct Vertices {
    int count = 0;  // number of vertices
    bool weighted = false;
    Vector<int> bones;
    Vector<float> values;
    bool operator==(const Vertices&) const = default;
};

enum class AttachmentType : std::uint8_t { Region, BoundingBox, Mesh, LinkedMesh, Path, Point, Clipping };

// 4.1+: the regions a region or mesh attachment cycles through ("NAME" + index padded to `digits`).
struct Sequence {
    int count = 0;
    int start = 1;
    int digits = 0;
    int setup_index = 0;
    JsonExtras json_extra;  // unknown JSON keys of the "sequence" object
    bool operator==(const Sequence&) const = default;
};

// One attachment. `type` says which of the fields below are meaningful; the others keep their
// defaults. (One struct rather than a variant keeps readers and writers field-for-field simple.)
struct Attachment {
    // Members take their initializers below. (User-provided: a value-initialized Attachment, as
    // emplace_back() and resize() make, is then not zeroed as a whole first, which GCC did with a `rep
    // stos` over its ~450 bytes: ~3% of a 4.2 .skel read.)
    Attachment() {}
    AttachmentType type = AttachmentType::Region;
    OptString name;  // null: the same as the skin key
    OptString path;  // region, mesh, linked mesh: texture path when it differs from the name
    Rgba color = 0xFFFFFFFF;  // region/mesh/linked mesh tint; editor colour of the others (nonessential)

    // region and point
    float rotation = 0, x = 0, y = 0;
    // region
    float scale_x = 1, scale_y = 1;
    // region; mesh and linked mesh (nonessential)
    float width = 0, height = 0;

    // bounding box, mesh, path, clipping
    Vertices vertices;
    // mesh
    Vector<float> uvs;               // 2 per vertex
    Vector<std::uint16_t> triangles;  // vertex indices, 3 per triangle
    int hull = 0;                          // number of hull vertices
    Vector<std::uint16_t> edges;     // nonessential
    // region, mesh and linked mesh, 4.1+: null when the attachment has no sequence
    std::optional<Sequence> sequence;
    // linked mesh
    OptString parent_skin;  // null: the default skin (the 4.2 binary stores a skin index)
    OptString parent;       // key of the source mesh in the same slot
    bool deform = true;     // whether the parent's deform timelines apply (4.x: "timelines", all of them)
    // path
    bool closed = false, constant_speed = true;
    Vector<float> lengths;  // vertex count / 3
    // clipping
    int end_slot = -1;
    JsonAbsent json_absent = 0;  // region, mesh, linked mesh: width, height left out of the JSON
    JsonExtras json_extra;  // unknown JSON keys
    bool operator==(const Attachment&) const = default;
};

struct SkinAttachment {
    SkinAttachment() {}  // (user-provided: see Attachment())
    SkinAttachment(OptString k, Attachment a) : key(std::move(k)), attachment(std::move(a)) {}
    OptString key;  // the name under which the skin stores it (the slot attachment name)
    Attachment attachment;
    bool operator==(const SkinAttachment&) const = default;
};

struct SkinSlot {
    int slot = 0;
    Vector<SkinAttachment> attachments;
    bool operator==(const SkinSlot&) const = default;
};

struct Skin {
    OptString name;  // "default" for the default skin
    Vector<int> bones, ik, transform, path;  // skin-required bones and constraints (3.8+)
    Vector<int> physics;                     // skin-required physics constraints (4.2)
    Rgba color = 0xFE9E4FFF;  // 4.2, nonessential: editor colour of the skin (the editor's default, which its JSON leaves out)
    Vector<SkinSlot> slots;
    JsonExtras json_extra;  // unknown JSON keys
    bool operator==(const Skin&) const = default;
};

struct EventData {
    OptString name;
    int int_value = 0;
    float float_value = 0;
    OptString string_value;
    OptString audio;
    float volume = 1, balance = 0;  // stored only when audio is not null
    JsonExtras json_extra;  // unknown JSON keys
    bool operator==(const EventData&) const = default;
};

// ---- Animations ----

enum class CurveType : std::uint8_t { Linear, Stepped, Bezier };

// Interpolation from a keyframe to the next one.
// 3.x: one Bézier per key whose control points are fractions of the segment's time (cx) and value
// change (cy): cx1, cy1, cx2, cy2.
// 4.x: one Bézier per key and per channel (e.g. x and y of a translate key, r, g, b, a of a colour key)
// in absolute units: `bezier` holds cx1, cy1, cx2, cy2 (time, value, time, value) for each channel in
// the timeline's channel order; cx1..cy2 keep their defaults.
// Two kinds, by their handles (see bezier_handles.hpp): Curve, whose handles may spill to the heap
// (colour keys: up to 7 channels, transform: 6, path mix: 3), and Curve2, "a curve of at most two
// channels" (bone keys: 1 or 2, IK: 2, deform and physics: 1; the readers require exactly 4 values
// per channel), whose handles never do: the keys holding a Curve2 are trivially destructible (deform
// keys aside, for their values), so that a model's teardown does not walk them (the bone keys are most
// of a model's keys). Code that only reads a curve takes a CurveView of either.
template <class Handles>
struct BasicCurve {
    BasicCurve() = default;
    // The 3.x form (keeps code that builds curves by hand brief).
    BasicCurve(CurveType t, float x1 = 0, float y1 = 0, float x2 = 1, float y2 = 1)
        : type(t), cx1(x1), cy1(y1), cx2(x2), cy2(y2) {}
    // From the other kind (a Curve2 from a Curve of more than two channels throws std::length_error).
    template <class Other>
    explicit BasicCurve(const BasicCurve<Other>& o)
        : type(o.type), cx1(o.cx1), cy1(o.cy1), cx2(o.cx2), cy2(o.cy2), bezier(o.bezier.begin(), o.bezier.end()) {}
    CurveType type = CurveType::Linear;
    float cx1 = 0, cy1 = 0, cx2 = 1, cy2 = 1;
    Handles bezier;  // 4.x: 4 per channel
    bool operator==(const BasicCurve&) const = default;
};
using Curve = BasicCurve<BezierHandles>;        // colour, transform and path keys
using Curve2 = BasicCurve<FixedBezierHandles>;  // bone, IK, deform and physics keys (at most two channels)

// A read-only view of a Curve or a Curve2 (the same members; `bezier` a span), for the code that reads
// curves of both kinds (writers, converters, runtime sampling). It refers to the curve's handles: make
// it from a curve that outlives it (as a function's parameter).
struct CurveView {
    template <class Handles>
    CurveView(const BasicCurve<Handles>& c)  // NOLINT(google-explicit-constructor): as a `const Curve&` parameter
        : type(c.type), cx1(c.cx1), cy1(c.cy1), cx2(c.cx2), cy2(c.cy2), bezier(c.bezier.data(), c.bezier.size()) {}
    CurveType type;
    float cx1, cy1, cx2, cy2;
    std::span<const float> bezier;
};

// Color is 3.x `color` and 4.x `rgba`; TwoColor is 3.x `twoColor` and 4.x `rgba2`. Rgb, Rgb2 and Alpha
// are 4.x only. The binary numbers each version's types differently; the codecs map them.
enum class SlotTimelineType : std::uint8_t { Attachment, Color, TwoColor, Rgb, Rgb2, Alpha };

struct AttachmentKeyframe {
    float time = 0;
    OptString name;  // null clears the slot
    bool operator==(const AttachmentKeyframe&) const = default;
};

// Rgb keys keep alpha 0xFF in `color`; Alpha keys keep their alpha in the low byte of `color` (RGB 0xFFFFFF).
struct ColorKeyframe {
    float time = 0;
    Rgba color = 0xFFFFFFFF;
    std::uint32_t dark = 0;  // two-colour timelines only (TwoColor, Rgb2): 0x00RRGGBB
    Curve curve;
    bool operator==(const ColorKeyframe&) const = default;
};

struct SlotTimeline {
    SlotTimelineType type = SlotTimelineType::Attachment;
    Vector<AttachmentKeyframe> attachment_keys;  // type Attachment
    Vector<ColorKeyframe> color_keys;            // types Color and TwoColor
    bool operator==(const SlotTimeline&) const = default;
};

struct SlotTimelines {
    int slot = 0;
    Vector<SlotTimeline> timelines;
    bool operator==(const SlotTimelines&) const = default;
};

// Rotate to Shear exist in every version; the others are 4.x only (Inherit: 4.2). One-value timelines
// (Rotate, TranslateX, ...) keep their value in `x`.
enum class BoneTimelineType : std::uint8_t {
    Rotate, Translate, Scale, Shear, TranslateX, TranslateY, ScaleX, ScaleY, ShearX, ShearY, Inherit
};

struct BoneKeyframe {
    BoneKeyframe() = default;
    BoneKeyframe(float t, float vx, float vy, Curve2 c = {}) : time(t), x(vx), y(vy), curve(std::move(c)) {}
    float time = 0;
    float x = 0;  // rotate: the angle in degrees; one-value timelines: the value
    float y = 0;  // unused by one-value timelines
    Curve2 curve;
    TransformMode inherit = TransformMode::Normal;  // Inherit timelines only (no curve)
    bool operator==(const BoneKeyframe&) const = default;
};

struct BoneTimeline {
    BoneTimelineType type = BoneTimelineType::Rotate;
    Vector<BoneKeyframe> keys;
    bool operator==(const BoneTimeline&) const = default;
};

struct BoneTimelines {
    int bone = 0;
    Vector<BoneTimeline> timelines;
    bool operator==(const BoneTimelines&) const = default;
};

struct IkKeyframe {
    float time = 0, mix = 1, softness = 0;
    int bend_direction = 1;
    bool compress = false, stretch = false;
    Curve2 curve;
    bool operator==(const IkKeyframe&) const = default;
};

struct IkTimeline {
    int constraint = 0;
    Vector<IkKeyframe> keys;
    bool operator==(const IkTimeline&) const = default;
};

// 4.x mixes map as in TransformConstraint.
struct TransformKeyframe {
    float time = 0, rotate_mix = 1, translate_mix = 1, scale_mix = 1, shear_mix = 1;
    Curve curve;
    float mix_y = 1, mix_scale_y = 1;  // 4.x only
    bool operator==(const TransformKeyframe&) const = default;
};

struct TransformTimeline {
    int constraint = 0;
    Vector<TransformKeyframe> keys;
    bool operator==(const TransformTimeline&) const = default;
};

enum class PathTimelineType : std::uint8_t { Position, Spacing, Mix };

struct PathKeyframe {
    float time = 0;
    float a = 0;  // position, spacing, or rotate mix
    float b = 0;  // translate mix (4.x: mixX) (mix timelines only)
    Curve curve;
    float c = 0;  // 4.x mix timelines only: mixY
    bool operator==(const PathKeyframe&) const = default;
};

struct PathTimeline {
    PathTimelineType type = PathTimelineType::Position;
    Vector<PathKeyframe> keys;
    bool operator==(const PathTimeline&) const = default;
};

struct PathTimelines {
    int constraint = 0;
    Vector<PathTimeline> timelines;
    bool operator==(const PathTimelines&) const = default;
};

// 4.2: physics constraint timelines. Reset keys have a time only (no value, no curve).
enum class PhysicsTimelineType : std::uint8_t { Inertia, Strength, Damping, Mass, Wind, Gravity, Mix, Reset };

struct PhysicsKeyframe {
    float time = 0;
    float value = 0;
    Curve2 curve;
    bool operator==(const PhysicsKeyframe&) const = default;
};

struct PhysicsTimeline {
    PhysicsTimelineType type = PhysicsTimelineType::Inertia;
    Vector<PhysicsKeyframe> keys;
    bool operator==(const PhysicsTimeline&) const = default;
};

struct PhysicsTimelines {
    int constraint = -1;  // physics constraint index; -1: every physics constraint
    Vector<PhysicsTimeline> timelines;
    bool operator==(const PhysicsTimelines&) const = default;
};

// Sequence playback modes (4.1+), in the files' order.
enum class SequenceMode : std::uint8_t { Hold, Once, Loop, Pingpong, OnceReverse, LoopReverse, PingpongReverse };

struct SequenceKeyframe {
    float time = 0;
    SequenceMode mode = SequenceMode::Hold;
    int index = 0;
    float delay = 0;
    bool operator==(const SequenceKeyframe&) const = default;
};

// Deform keyframe as stored: `values` replace vertex values offset .. offset+size-1 of the
// deform array (offsets from the setup vertices); empty `values` means the setup shape.
struct DeformKeyframe {
    float time = 0;
    int offset = 0;
    Vector<float> values;
    Curve2 curve;
    bool operator==(const DeformKeyframe&) const = default;
};

// Their curves never spill (Curve2): a model's teardown skips these keys. No larger than before.
static_assert(std::is_trivially_destructible_v<BoneKeyframe> && std::is_trivially_destructible_v<IkKeyframe> &&
              std::is_trivially_destructible_v<PhysicsKeyframe>);
static_assert(sizeof(Curve2) == sizeof(Curve) && sizeof(BoneKeyframe) <= 72);

// Timelines of one attachment: deform (every version) or, 4.1+, sequence. 4.1+ files call this group
// "attachments" and tag each timeline with its type; the same attachment may have one of each.
enum class AttachmentTimelineType : std::uint8_t { Deform, Sequence };

struct DeformTimeline {
    DeformTimeline() = default;
    DeformTimeline(OptString a, Vector<DeformKeyframe> k) : attachment(std::move(a)), keys(std::move(k)) {}
    OptString attachment;  // key of the attachment in the skin
    Vector<DeformKeyframe> keys;             // type Deform
    AttachmentTimelineType type = AttachmentTimelineType::Deform;
    Vector<SequenceKeyframe> sequence_keys;  // type Sequence
    bool operator==(const DeformTimeline&) const = default;
};

struct DeformSlot {
    int slot = 0;
    Vector<DeformTimeline> timelines;
    bool operator==(const DeformSlot&) const = default;
};

struct DeformSkin {
    int skin = 0;  // index into SkeletonData::skins
    Vector<DeformSlot> slots;
    bool operator==(const DeformSkin&) const = default;
};

struct DrawOrderOffset {
    int slot = 0;
    int offset = 0;
    bool operator==(const DrawOrderOffset&) const = default;
};

// Slots listed move by their offset; the others keep their relative order. No offsets: setup order.
struct DrawOrderKeyframe {
    float time = 0;
    Vector<DrawOrderOffset> offsets;
    bool operator==(const DrawOrderKeyframe&) const = default;
};

struct EventKeyframe {
    float time = 0;
    int event = 0;  // index into SkeletonData::events
    int int_value = 0;
    float float_value = 0;
    OptString string_value;  // null: the event definition's string
    float volume = 1, balance = 0;  // meaningful only when the event definition has audio
    bool operator==(const EventKeyframe&) const = default;
};

// Unknown JSON keys of one keyframe (or draw-order offset) of an animation, found by its JSON pointer
// relative to the animation, e.g. "/bones/hip/rotate/0" or "/drawOrder/2/offsets/0".
struct KeyJsonExtra {
    String pointer;
    JsonExtras extra;
    bool operator==(const KeyJsonExtra&) const = default;
};

struct Animation {
    OptString name;
    Vector<SlotTimelines> slots;
    Vector<BoneTimelines> bones;
    Vector<IkTimeline> ik;
    Vector<TransformTimeline> transform;
    Vector<PathTimelines> path;
    Vector<PhysicsTimelines> physics;  // 4.2
    Vector<DeformSkin> deform;  // 4.1+: deform and sequence timelines
    Vector<DrawOrderKeyframe> draw_order;
    Vector<EventKeyframe> events;
    JsonExtras json_extra;                   // unknown JSON keys of the animation object
    Vector<KeyJsonExtra> json_key_extra;  // unknown JSON keys of its keyframes
    bool operator==(const Animation&) const = default;
};

struct SkeletonData {
    // (Its arrays are given back to their arena as one release batch: see io::ReleaseBatchFirst.)
    [[no_unique_address]] io::ReleaseBatchFirst release_batch_first;
    Header header;
    // The binary shared-string table in file order. Kept so that a rewrite reproduces the
    // editor's bytes; writers append any string missing from it. Exact JSON carries it as the
    // skeleton's "strings" (JSON from the editor has none: then it is empty).
    Vector<String> strings;
    Vector<Bone> bones;
    Vector<Slot> slots;
    Vector<IkConstraint> ik;
    Vector<TransformConstraint> transform;
    Vector<PathConstraint> path;
    Vector<PhysicsConstraint> physics;  // 4.2
    // The default skin, when present, comes first and is named "default".
    Vector<Skin> skins;
    bool has_default_skin = false;
    Vector<EventData> events;
    Vector<Animation> animations;
    JsonExtras json_extra;  // unknown JSON keys
    [[no_unique_address]] io::ReleaseBatchLast release_batch_last;
    bool operator==(const SkeletonData&) const = default;
};

// Animation duration: the largest last-keyframe time over all timelines (not stored in files).
float duration(const Animation& animation);

}  // namespace rigio::spine
