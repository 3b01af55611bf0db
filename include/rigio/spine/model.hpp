// rigio/spine/model.hpp: Spine skeleton data (3.8 first) as plain value types.
// References between objects are indices into the owning vectors, checked by the readers.
// No behaviour lives here: readers fill it, writers serialise it, the runtime samples it.
// Version differences belong in the codecs as branches; fields that only some versions carry are
// noted where they are declared.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace rigio::spine {

// A string field that distinguishes null (absent) from "" as the binary format does.
using OptString = std::optional<std::string>;

// A member of a JSON object that Spine 3.8 does not define, kept so that JSON -> JSON loses nothing:
// its key and its value as compact JSON text. The objects that carry these say so; .skel files have no
// place for them (the binary writer leaves them out).
struct JsonExtra {
    std::string key;
    std::string value;  // compact JSON, e.g. {"a":[1,2]}
    bool operator==(const JsonExtra&) const = default;
};
using JsonExtras = std::vector<JsonExtra>;

// Colour as the file stores it: 0xRRGGBBAA.
using Rgba = std::uint32_t;

// JSON only: the size and position fields a JSON file left out (a .skel always stores them), so that a
// JSON rewrite leaves them out again instead of writing the defaults the reader filled in. A bit mask.
using JsonAbsent = std::uint8_t;
inline constexpr JsonAbsent kAbsentX = 1, kAbsentY = 2, kAbsentWidth = 4, kAbsentHeight = 8;

enum class TransformMode : std::uint8_t { Normal, OnlyTranslation, NoRotationOrReflection, NoScale, NoScaleOrReflection };
enum class BlendMode : std::uint8_t { Normal, Additive, Multiply, Screen };
enum class PositionMode : std::uint8_t { Fixed, Percent };
enum class SpacingMode : std::uint8_t { Length, Fixed, Percent };
enum class RotateMode : std::uint8_t { Tangent, Chain, ChainScale };

struct Header {
    OptString hash;     // empty or null: not set
    OptString version;  // editor version, e.g. "3.8.55"
    float x = 0, y = 0, width = 0, height = 0;  // setup-pose bounds
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
    TransformMode transform = TransformMode::Normal;
    bool skin_required = false;
    Rgba color = 0x989898FF;  // nonessential (editor colour of the bone)
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
    JsonExtras json_extra;  // unknown JSON keys
    bool operator==(const Slot&) const = default;
};

struct IkConstraint {
    OptString name;
    int order = 0;
    bool skin_required = false;
    std::vector<int> bones;  // 1 or 2 bone indices
    int target = 0;          // bone index
    float mix = 1, softness = 0;
    int bend_direction = 1;  // 1 or -1
    bool compress = false, stretch = false, uniform = false;
    JsonExtras json_extra;  // unknown JSON keys
    bool operator==(const IkConstraint&) const = default;
};

struct TransformConstraint {
    OptString name;
    int order = 0;
    bool skin_required = false;
    std::vector<int> bones;
    int target = 0;  // bone index
    bool local = false, relative = false;
    float offset_rotation = 0, offset_x = 0, offset_y = 0, offset_scale_x = 0, offset_scale_y = 0, offset_shear_y = 0;
    float rotate_mix = 1, translate_mix = 1, scale_mix = 1, shear_mix = 1;
    JsonExtras json_extra;  // unknown JSON keys
    bool operator==(const TransformConstraint&) const = default;
};

struct PathConstraint {
    OptString name;
    int order = 0;
    bool skin_required = false;
    std::vector<int> bones;
    int target = 0;  // slot index
    PositionMode position_mode = PositionMode::Percent;
    SpacingMode spacing_mode = SpacingMode::Length;
    RotateMode rotate_mode = RotateMode::Tangent;
    float offset_rotation = 0, position = 0, spacing = 0, rotate_mix = 1, translate_mix = 1;
    JsonExtras json_extra;  // unknown JSON keys
    bool operator==(const PathConstraint&) const = default;
};

// Vertices of bounding box, mesh, path and clipping attachments.
// Unweighted: `weighted` is false and `values` holds x, y per vertex (2 * count floats).
// Weighted: per vertex, `bones` holds the influence count followed by that many bone indices,
// and `values` holds x, y, weight for each influence, in the same order.
struct Vertices {
    int count = 0;  // number of vertices
    bool weighted = false;
    std::vector<int> bones;
    std::vector<float> values;
    bool operator==(const Vertices&) const = default;
};

enum class AttachmentType : std::uint8_t { Region, BoundingBox, Mesh, LinkedMesh, Path, Point, Clipping };

// One attachment. `type` says which of the fields below are meaningful; the others keep their
// defaults. (One struct rather than a variant keeps readers and writers field-for-field simple.)
struct Attachment {
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
    std::vector<float> uvs;               // 2 per vertex
    std::vector<std::uint16_t> triangles;  // vertex indices, 3 per triangle
    int hull = 0;                          // number of hull vertices
    std::vector<std::uint16_t> edges;     // nonessential
    // linked mesh
    OptString parent_skin;  // null: the default skin
    OptString parent;       // key of the source mesh in the same slot
    bool deform = true;     // whether the parent's deform timelines apply
    // path
    bool closed = false, constant_speed = true;
    std::vector<float> lengths;  // vertex count / 3
    // clipping
    int end_slot = -1;
    JsonAbsent json_absent = 0;  // region, mesh, linked mesh: width, height left out of the JSON
    JsonExtras json_extra;  // unknown JSON keys
    bool operator==(const Attachment&) const = default;
};

struct SkinAttachment {
    OptString key;  // the name under which the skin stores it (the slot attachment name)
    Attachment attachment;
    bool operator==(const SkinAttachment&) const = default;
};

struct SkinSlot {
    int slot = 0;
    std::vector<SkinAttachment> attachments;
    bool operator==(const SkinSlot&) const = default;
};

struct Skin {
    OptString name;  // "default" for the default skin
    std::vector<int> bones, ik, transform, path;  // skin-required bones and constraints
    std::vector<SkinSlot> slots;
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

// Interpolation from a keyframe to the next one. Bézier control points are fractions of the
// segment's time (cx) and value change (cy).
struct Curve {
    CurveType type = CurveType::Linear;
    float cx1 = 0, cy1 = 0, cx2 = 1, cy2 = 1;
    bool operator==(const Curve&) const = default;
};

enum class SlotTimelineType : std::uint8_t { Attachment, Color, TwoColor };

struct AttachmentKeyframe {
    float time = 0;
    OptString name;  // null clears the slot
    bool operator==(const AttachmentKeyframe&) const = default;
};

struct ColorKeyframe {
    float time = 0;
    Rgba color = 0xFFFFFFFF;
    std::uint32_t dark = 0;  // two-colour timelines only: 0x00RRGGBB
    Curve curve;
    bool operator==(const ColorKeyframe&) const = default;
};

struct SlotTimeline {
    SlotTimelineType type = SlotTimelineType::Attachment;
    std::vector<AttachmentKeyframe> attachment_keys;  // type Attachment
    std::vector<ColorKeyframe> color_keys;            // types Color and TwoColor
    bool operator==(const SlotTimeline&) const = default;
};

struct SlotTimelines {
    int slot = 0;
    std::vector<SlotTimeline> timelines;
    bool operator==(const SlotTimelines&) const = default;
};

enum class BoneTimelineType : std::uint8_t { Rotate, Translate, Scale, Shear };

struct BoneKeyframe {
    float time = 0;
    float x = 0;  // rotate: the angle in degrees
    float y = 0;  // unused by rotate
    Curve curve;
    bool operator==(const BoneKeyframe&) const = default;
};

struct BoneTimeline {
    BoneTimelineType type = BoneTimelineType::Rotate;
    std::vector<BoneKeyframe> keys;
    bool operator==(const BoneTimeline&) const = default;
};

struct BoneTimelines {
    int bone = 0;
    std::vector<BoneTimeline> timelines;
    bool operator==(const BoneTimelines&) const = default;
};

struct IkKeyframe {
    float time = 0, mix = 1, softness = 0;
    int bend_direction = 1;
    bool compress = false, stretch = false;
    Curve curve;
    bool operator==(const IkKeyframe&) const = default;
};

struct IkTimeline {
    int constraint = 0;
    std::vector<IkKeyframe> keys;
    bool operator==(const IkTimeline&) const = default;
};

struct TransformKeyframe {
    float time = 0, rotate_mix = 1, translate_mix = 1, scale_mix = 1, shear_mix = 1;
    Curve curve;
    bool operator==(const TransformKeyframe&) const = default;
};

struct TransformTimeline {
    int constraint = 0;
    std::vector<TransformKeyframe> keys;
    bool operator==(const TransformTimeline&) const = default;
};

enum class PathTimelineType : std::uint8_t { Position, Spacing, Mix };

struct PathKeyframe {
    float time = 0;
    float a = 0;  // position, spacing, or rotate mix
    float b = 0;  // translate mix (mix timelines only)
    Curve curve;
    bool operator==(const PathKeyframe&) const = default;
};

struct PathTimeline {
    PathTimelineType type = PathTimelineType::Position;
    std::vector<PathKeyframe> keys;
    bool operator==(const PathTimeline&) const = default;
};

struct PathTimelines {
    int constraint = 0;
    std::vector<PathTimeline> timelines;
    bool operator==(const PathTimelines&) const = default;
};

// Deform keyframe as stored: `values` replace vertex values offset .. offset+size-1 of the
// deform array (offsets from the setup vertices); empty `values` means the setup shape.
struct DeformKeyframe {
    float time = 0;
    int offset = 0;
    std::vector<float> values;
    Curve curve;
    bool operator==(const DeformKeyframe&) const = default;
};

struct DeformTimeline {
    OptString attachment;  // key of the attachment in the skin
    std::vector<DeformKeyframe> keys;
    bool operator==(const DeformTimeline&) const = default;
};

struct DeformSlot {
    int slot = 0;
    std::vector<DeformTimeline> timelines;
    bool operator==(const DeformSlot&) const = default;
};

struct DeformSkin {
    int skin = 0;  // index into SkeletonData::skins
    std::vector<DeformSlot> slots;
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
    std::vector<DrawOrderOffset> offsets;
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
    std::string pointer;
    JsonExtras extra;
    bool operator==(const KeyJsonExtra&) const = default;
};

struct Animation {
    OptString name;
    std::vector<SlotTimelines> slots;
    std::vector<BoneTimelines> bones;
    std::vector<IkTimeline> ik;
    std::vector<TransformTimeline> transform;
    std::vector<PathTimelines> path;
    std::vector<DeformSkin> deform;
    std::vector<DrawOrderKeyframe> draw_order;
    std::vector<EventKeyframe> events;
    JsonExtras json_extra;                   // unknown JSON keys of the animation object
    std::vector<KeyJsonExtra> json_key_extra;  // unknown JSON keys of its keyframes
    bool operator==(const Animation&) const = default;
};

struct SkeletonData {
    Header header;
    // The binary shared-string table in file order. Kept so that a rewrite reproduces the
    // editor's bytes; writers append any string missing from it. Exact JSON carries it as the
    // skeleton's "strings" (JSON from the editor has none: then it is empty).
    std::vector<std::string> strings;
    std::vector<Bone> bones;
    std::vector<Slot> slots;
    std::vector<IkConstraint> ik;
    std::vector<TransformConstraint> transform;
    std::vector<PathConstraint> path;
    // The default skin, when present, comes first and is named "default".
    std::vector<Skin> skins;
    bool has_default_skin = false;
    std::vector<EventData> events;
    std::vector<Animation> animations;
    JsonExtras json_extra;  // unknown JSON keys
    bool operator==(const SkeletonData&) const = default;
};

// Animation duration: the largest last-keyframe time over all timelines (not stored in files).
float duration(const Animation& animation);

}  // namespace rigio::spine
