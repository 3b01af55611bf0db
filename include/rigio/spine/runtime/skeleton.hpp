// rigio/spine/runtime/skeleton.hpp: one Spine skeleton instance (the posable state), 3.7 to 4.2.
// Made from RuntimeData, which must outlive it and stay in place. Every buffer it needs (deform
// // arrays, draw order, constraint scratch) is sized at creation, so posing allocates nothing. Constraint
// ordering: each constraint in `order` sorts its target and constrained bones before it, and
// skin-required bones and constraints are active only when the current skin lists them. 3.x recomputes
// a constrained bone's applied pose lazily from its world transform; 4.x resets every applied pose to
// the local pose before each update and takes it, once a constraint moved the bone, as of that moment.
#pragma once

#include <limits>
#include <vector>

#include "rigio/spine/runtime/data.hpp"
#include "rigio/spine/runtime/physics.hpp"

namespace rigio::spine::runtime {

struct BoneTransform {
    float x = 0, y = 0, rotation = 0, scale_x = 1, scale_y = 1, shear_x = 0, shear_y = 0;
};

// 4.x: the parent's world transform when a constraint last moved a bone (its applied pose is computed
// from it when read; see Skeleton::applied_pose). Kept apart from BoneState (Skeleton::moved_parents):
// only constraints use it.
struct ParentWorld {
    float a = 1, b = 0, c = 0, d = 1, world_x = 0, world_y = 0;
};

// 128 bytes, 32-byte aligned: two whole cache lines per bone, the world transform and the local pose
// with the inherit mode in the first (what setting the setup pose writes), and indexing a bone in the
// weighted vertex loops is a shift.
struct alignas(32) BoneState {
    // The world transform: x axis (a, c), y axis (b, d), origin. First and in column order, so that
    // world vertex loops read both axes as one aligned 4-float load (vertices.cpp relies on it).
    float a = 1, c = 0, b = 0, d = 1, world_x = 0, world_y = 0;
    BoneTransform local;  // the pose animations write
    TransformMode inherit = TransformMode::Normal;  // the setup mode; 4.2 inherit timelines change it
    bool active = true;
    bool sorted = false;
    bool applied_valid = true;
    // The pose the world transform was computed from. After a constraint moved the bone it is out of
    // date (applied_valid false) until read: use Skeleton::applied_pose.
    BoneTransform applied;
    int parent = -1;  // the model's parent bone (-1: the root), kept here for the world transform
    // Cosine and sine of the last x and y axis angles the world transform was computed with (NaN:
    // none yet). Most bones keep their rotation and shear from one pose to the next, and sincos is
    // the largest single cost of a pose; an angle with the same bits reuses the same values.
    // The four values are adjacent and written together (one 16-byte store), so that the world
    // transform can read them right after at full speed.
    static constexpr float kNone = std::numeric_limits<float>::quiet_NaN();
    float axis_x_angle = kNone, axis_y_angle = kNone;
    alignas(16) float axis_x_cos = kNone;
    float axis_x_sin = kNone, axis_y_cos = kNone, axis_y_sin = kNone;
};
static_assert(sizeof(BoneState) == kBoneStateBytes);

struct SlotState {
    Color color, dark;
    bool has_dark = false;
    int attachment = -1;      // index into RuntimeData::attachments, or -1
    std::vector<float> deform;  // capacity reserved at creation; empty = setup vertices
    int sequence_index = -1;  // 4.1+: the sequence frame keyed, -1 for the attachment's setup frame
};

struct IkState {
    float mix = 1, softness = 0;
    int bend_direction = 1;
    bool compress = false, stretch = false, active = true;
    // Two bones: atan2 of the child's applied position (y, x) as last computed, for those bits of x and
    // y (the child's position seldom changes; the angle is then reused).
    bool child_angle_known = false;
    float child_x = 0, child_y = 0, child_angle = 0;
};

// 4.x mixes map as in the model: mixX is translate_mix, mixScaleX scale_mix, mixShearY shear_mix.
struct TransformState {
    float rotate_mix = 1, translate_mix = 1, scale_mix = 1, shear_mix = 1;
    float mix_y = 1, mix_scale_y = 1;  // 4.x
    bool active = true;
};

struct PathState {
    float position = 0, spacing = 0, rotate_mix = 1, translate_mix = 1;
    float mix_y = 1;  // 4.x: mixX is translate_mix
    bool active = true;
    std::vector<float> spaces, positions, world, curves, lengths;  // scratch, sized at creation
    float segments[10] = {};
};

// 4.2: the values physics timelines animate (the simulation itself is in physics.hpp).
struct PhysicsState {
    float inertia = 1, strength = 100, damping = 1, mass_inverse = 1, wind = 0, gravity = 0, mix = 1;
    bool active = true;
    PhysicsSimulation sim;
};

enum class UpdateKind : std::uint8_t { Bone, Ik, Transform, Path, Physics };
struct UpdateStep {
    UpdateKind kind;
    int index;
};

class Skeleton {
public:
    explicit Skeleton(const RuntimeData& data);

    const RuntimeData& data() const { return *data_; }
    const SkeletonData& model() const { return *data_->data; }

    // Sets the skin (-1: none) as the official runtimes do: with no previous skin each slot takes its setup
    // attachment from the new skin when it has one; then the update order is rebuilt.
    void set_skin(int skin);
    int skin() const { return skin_; }

    void set_to_setup_pose();
    void set_bones_to_setup_pose();
    void set_slots_to_setup_pose();
    // Attachment for `slot` under name id `name`: the current skin's, else the default skin's, or -1.
    int find_attachment(int slot, int name) const;
    // Changes a slot's attachment, clearing its deform unless both share a deform source.
    void set_attachment(int slot, int attachment);

    // World transforms; 4.2 physics constraints act as `physics` says (see physics.hpp).
    void update_world_transform(Physics physics = Physics::None);
    // Restarts every physics simulation from the next update's pose.
    void reset_physics();

    // The applied pose of `bone` (the local values its world transform corresponds to), recomputed first
    // when a constraint moved the bone: 3.x from the parent's world transform as it is now, 4.x as it
    // was when the constraint ran (the official 4.x runtimes compute it at once).
    const BoneTransform& applied_pose(int bone);

    std::vector<BoneState> bones;
    std::vector<ParentWorld> moved_parents;  // per bone (4.x; see ParentWorld)
    std::vector<SlotState> slots;
    std::vector<int> draw_order;  // setup slot indices in drawing order
    std::vector<IkState> ik;
    std::vector<TransformState> transform;
    std::vector<PathState> path;
    std::vector<PhysicsState> physics;
    float x = 0, y = 0, scale_x = 1, scale_y = 1;
    float time = 0;  // seconds: advances physics simulations (Physics::Update)

    const std::vector<UpdateStep>& update_order() const { return update_cache_; }
    // The setup pose of a bone (the model's values, copied at creation).
    const BoneTransform& setup_local(int bone) const { return setup_local_[static_cast<std::size_t>(bone)]; }
    TransformMode setup_inherit(int bone) const { return setup_inherit_[static_cast<std::size_t>(bone)]; }

private:
    void update_cache();
    void sort_bone(int bone);
    void sort_reset(int bone);  // resets the children of `bone`
    void sort_ik(int index);
    void sort_transform(int index);
    void sort_path(int index);
    void sort_physics(int index);
    void sort_path_attachment(int attachment, int slot_bone);
    bool skin_lists(std::span<const int> SkinInfo::*list, int index) const;

    const RuntimeData* data_;
    int skin_ = -1;
    std::vector<UpdateStep> update_cache_;
    std::vector<int> update_cache_reset_;
    std::vector<char> in_cache_;
    std::vector<int> setup_attachments_;  // per slot, resolved through the current skin
    // The model's setup values, copied at creation so that setting the setup pose reads contiguous
    // memory (the model's bones and slots are large records).
    std::vector<BoneTransform> setup_local_;
    std::vector<TransformMode> setup_inherit_;
    std::vector<char> slot_has_setup_name_;  // per slot: the setup pose names an attachment
};

}  // namespace rigio::spine::runtime
