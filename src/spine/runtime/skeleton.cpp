// Skeleton instance: creation, setup pose, update order (constraint sorting) and world transforms.
// Skins and attachments are in skin.cpp.
#include "rigio/spine/runtime/skeleton.hpp"

#include <algorithm>

#include "runtime_internal.hpp"

namespace rigio::spine::runtime {

Skeleton::Skeleton(const RuntimeData& data) : data_(&data) {
    const SkeletonData& sd = model();
    bones.resize(sd.bones.size());
    moved_parents.resize(sd.bones.size());
    slots.resize(sd.slots.size());
    for (std::size_t i = 0; i < sd.slots.size(); ++i) {
        slots[i].deform.reserve(static_cast<std::size_t>(data.max_deform_length));
        slots[i].has_dark = sd.slots[i].dark.has_value();
    }
    draw_order.resize(sd.slots.size());
    ik.resize(sd.ik.size());
    transform.resize(sd.transform.size());
    path.resize(sd.path.size());
    physics.resize(sd.physics.size());
    for (std::size_t i = 0; i < sd.path.size(); ++i) {
        PathState& p = path[i];
        const std::size_t n = sd.path[i].bones.size();
        p.spaces.reserve(n + 1);
        p.lengths.reserve(n);
        p.positions.reserve((n + 1) * 3 + 2);
        // The path vertices: at most the largest attachment, plus the closing point.
        p.world.reserve(static_cast<std::size_t>(data.max_world_vertices) + 8);
        p.curves.reserve(static_cast<std::size_t>(data.max_world_vertices) / 6 + 1);
    }
    update_cache_.reserve(sd.bones.size() + sd.ik.size() + sd.transform.size() + sd.path.size() + sd.physics.size());
    update_cache_reset_.reserve(sd.bones.size());
    in_cache_.resize(sd.bones.size());
    setup_attachments_.resize(sd.slots.size());
    for (std::size_t i = 0; i < sd.bones.size(); ++i) bones[i].parent = sd.bones[i].parent;
    for (const Bone& b : sd.bones) {
        setup_local_.push_back(BoneTransform{b.x, b.y, b.rotation, b.scale_x, b.scale_y, b.shear_x, b.shear_y});
        setup_inherit_.push_back(b.transform);
    }
    for (const Slot& s : sd.slots) slot_has_setup_name_.push_back(s.attachment ? 1 : 0);
    update_cache();
    set_to_setup_pose();
}

void Skeleton::set_to_setup_pose() {
    set_bones_to_setup_pose();
    set_slots_to_setup_pose();
}

void Skeleton::set_bones_to_setup_pose() {
    const SkeletonData& sd = model();
    for (std::size_t i = 0; i < bones.size(); ++i) {
        bones[i].local = setup_local_[i];
        bones[i].inherit = setup_inherit_[i];
    }
    for (std::size_t i = 0; i < ik.size(); ++i) {
        const IkConstraint& c = sd.ik[i];
        ik[i].mix = c.mix;
        ik[i].softness = c.softness;
        ik[i].bend_direction = c.bend_direction;
        ik[i].compress = c.compress;
        ik[i].stretch = c.stretch;
    }
    for (std::size_t i = 0; i < transform.size(); ++i) {
        const TransformConstraint& c = sd.transform[i];
        transform[i].rotate_mix = c.rotate_mix;
        transform[i].translate_mix = c.translate_mix;
        transform[i].scale_mix = c.scale_mix;
        transform[i].shear_mix = c.shear_mix;
        transform[i].mix_y = c.mix_y;
        transform[i].mix_scale_y = c.mix_scale_y;
    }
    for (std::size_t i = 0; i < path.size(); ++i) {
        const PathConstraint& c = sd.path[i];
        path[i].position = c.position;
        path[i].spacing = c.spacing;
        path[i].rotate_mix = c.rotate_mix;
        path[i].translate_mix = c.translate_mix;
        path[i].mix_y = c.mix_y;
    }
    for (std::size_t i = 0; i < physics.size(); ++i) {
        const PhysicsConstraint& c = sd.physics[i];
        PhysicsState& p = physics[i];
        p.inertia = c.inertia;
        p.strength = c.strength;
        p.damping = c.damping;
        p.mass_inverse = c.mass_inverse;
        p.wind = c.wind;
        p.gravity = c.gravity;
        p.mix = c.mix;
    }
}

void Skeleton::set_slots_to_setup_pose() {
    for (std::size_t i = 0; i < slots.size(); ++i) {
        draw_order[i] = static_cast<int>(i);
        SlotState& s = slots[i];
        s.color = data_->setup_color[i];
        if (s.has_dark) s.dark = data_->setup_dark[i];
        s.sequence_index = -1;
        // As set_attachment, except that a slot with a setup attachment name always starts from the
        // setup vertices (a slot without attachment has no deform).
        const int setup = setup_attachments_[i];
        if (slot_has_setup_name_[i] || s.attachment != setup) s.deform.clear();
        s.attachment = setup;
    }
}

// ---- Update order ----

void Skeleton::update_cache() {
    const SkeletonData& sd = model();
    for (std::size_t i = 0; i < slots.size(); ++i)
        setup_attachments_[i] = find_attachment(static_cast<int>(i), data_->setup_attachment_name[i]);
    update_cache_.clear();
    update_cache_reset_.clear();
    std::fill(in_cache_.begin(), in_cache_.end(), 0);
    for (std::size_t i = 0; i < bones.size(); ++i) {
        bones[i].sorted = sd.bones[i].skin_required;
        bones[i].active = !bones[i].sorted;
    }
    if (skin_ >= 0) {
        for (int b : data_->skins[static_cast<std::size_t>(skin_)].bones) {
            for (int i = b; i >= 0; i = sd.bones[static_cast<std::size_t>(i)].parent) {
                bones[static_cast<std::size_t>(i)].sorted = false;
                bones[static_cast<std::size_t>(i)].active = true;
            }
        }
    }
    // Constraints run in their `order`; each first sorts the bones it reads.
    const std::size_t count = sd.ik.size() + sd.transform.size() + sd.path.size() + sd.physics.size();
    for (std::size_t order = 0; order < count; ++order) {
        bool found = false;
        for (std::size_t i = 0; i < sd.physics.size() && !found; ++i)
            if (sd.physics[i].order == static_cast<int>(order)) sort_physics(static_cast<int>(i)), found = true;
        for (std::size_t i = 0; i < sd.ik.size() && !found; ++i)
            if (sd.ik[i].order == static_cast<int>(order)) sort_ik(static_cast<int>(i)), found = true;
        for (std::size_t i = 0; i < sd.transform.size() && !found; ++i)
            if (sd.transform[i].order == static_cast<int>(order)) sort_transform(static_cast<int>(i)), found = true;
        for (std::size_t i = 0; i < sd.path.size() && !found; ++i)
            if (sd.path[i].order == static_cast<int>(order)) sort_path(static_cast<int>(i)), found = true;
    }
    for (std::size_t i = 0; i < bones.size(); ++i) sort_bone(static_cast<int>(i));
}

void Skeleton::sort_bone(int index) {
    BoneState& bone = bones[static_cast<std::size_t>(index)];
    if (bone.sorted) return;
    const int parent = model().bones[static_cast<std::size_t>(index)].parent;
    if (parent >= 0) sort_bone(parent);
    bone.sorted = true;
    update_cache_.push_back({UpdateKind::Bone, index});
    in_cache_[static_cast<std::size_t>(index)] = 1;
}

void Skeleton::sort_reset(int index) {
    for (int child : data_->children[static_cast<std::size_t>(index)]) {
        BoneState& b = bones[static_cast<std::size_t>(child)];
        if (!b.active) continue;
        if (b.sorted) sort_reset(child);
        b.sorted = false;
    }
}

void Skeleton::sort_ik(int index) {
    const IkConstraint& c = model().ik[static_cast<std::size_t>(index)];
    IkState& state = ik[static_cast<std::size_t>(index)];
    state.active = bones[static_cast<std::size_t>(c.target)].active &&
                   (!c.skin_required || skin_lists(&SkinInfo::ik, index));
    if (!state.active) return;
    sort_bone(c.target);
    const int parent = c.bones.front();
    sort_bone(parent);
    if (c.bones.size() > 1) {
        const int child = c.bones.back();
        if (data_->v4())
            sort_bone(child);  // 4.x: every applied pose is reset before the update
        else if (!in_cache_[static_cast<std::size_t>(child)])
            update_cache_reset_.push_back(child);
    }
    update_cache_.push_back({UpdateKind::Ik, index});
    sort_reset(parent);
    bones[static_cast<std::size_t>(c.bones.back())].sorted = true;
}

void Skeleton::sort_transform(int index) {
    const TransformConstraint& c = model().transform[static_cast<std::size_t>(index)];
    TransformState& state = transform[static_cast<std::size_t>(index)];
    state.active = bones[static_cast<std::size_t>(c.target)].active &&
                   (!c.skin_required || skin_lists(&SkinInfo::transform, index));
    if (!state.active) return;
    sort_bone(c.target);
    if (c.local) {
        for (int b : c.bones) {
            const int parent = model().bones[static_cast<std::size_t>(b)].parent;
            if (parent >= 0) sort_bone(parent);
            if (data_->v4())
                sort_bone(b);
            else if (!in_cache_[static_cast<std::size_t>(b)])
                update_cache_reset_.push_back(b);
        }
    } else {
        for (int b : c.bones) sort_bone(b);
    }
    update_cache_.push_back({UpdateKind::Transform, index});
    for (int b : c.bones) sort_reset(b);
    for (int b : c.bones) bones[static_cast<std::size_t>(b)].sorted = true;
}

void Skeleton::sort_path_attachment(int attachment, int slot_bone) {
    const AttachmentInfo& a = data_->attachments[static_cast<std::size_t>(attachment)];
    if (a.type != AttachmentType::Path) return;
    if (a.bones.empty()) {
        sort_bone(slot_bone);
        return;
    }
    for (std::size_t i = 0; i < a.bones.size();) {
        const int n = a.bones[i++];
        for (int k = 0; k < n; ++k) sort_bone(a.bones[i++]);
    }
}

void Skeleton::sort_path(int index) {
    const PathConstraint& c = model().path[static_cast<std::size_t>(index)];
    PathState& state = path[static_cast<std::size_t>(index)];
    const int slot_bone = model().slots[static_cast<std::size_t>(c.target)].bone;
    state.active = bones[static_cast<std::size_t>(slot_bone)].active &&
                   (!c.skin_required || skin_lists(&SkinInfo::path, index));
    if (!state.active) return;
    auto sort_skin = [&](int skin) {
        for (int a : data_->skins[static_cast<std::size_t>(skin)].by_slot[static_cast<std::size_t>(c.target)])
            sort_path_attachment(a, slot_bone);
    };
    if (skin_ >= 0) sort_skin(skin_);
    if (data_->default_skin >= 0 && data_->default_skin != skin_) sort_skin(data_->default_skin);
    const int current = slots[static_cast<std::size_t>(c.target)].attachment;
    if (current >= 0) sort_path_attachment(current, slot_bone);
    for (int b : c.bones) sort_bone(b);
    update_cache_.push_back({UpdateKind::Path, index});
    for (int b : c.bones) sort_reset(b);
    for (int b : c.bones) bones[static_cast<std::size_t>(b)].sorted = true;
}

void Skeleton::sort_physics(int index) {
    const PhysicsConstraint& c = model().physics[static_cast<std::size_t>(index)];
    PhysicsState& state = physics[static_cast<std::size_t>(index)];
    state.active = bones[static_cast<std::size_t>(c.bone)].active &&
                   (!c.skin_required || skin_lists(&SkinInfo::physics, index));
    if (!state.active) return;
    sort_bone(c.bone);
    update_cache_.push_back({UpdateKind::Physics, index});
    sort_reset(c.bone);
    bones[static_cast<std::size_t>(c.bone)].sorted = true;
}

void Skeleton::reset_physics() {
    for (PhysicsState& p : physics) p.sim = PhysicsSimulation{};
}

const BoneTransform& Skeleton::applied_pose(int bone) {
    detail::ensure_applied(*this, bone);
    return bones[static_cast<std::size_t>(bone)].applied;
}

void Skeleton::update_world_transform(Physics physics_mode) {
    if (data_->v4()) {
        // 4.x: bones update from their applied pose, which starts as the local pose every time.
        for (BoneState& bone : bones) {
            bone.applied = bone.local;
            bone.applied_valid = true;
        }
        for (const UpdateStep& step : update_cache_) {
            switch (step.kind) {
                case UpdateKind::Bone:
                    detail::ensure_applied(*this, step.index);  // a bone a constraint moved may update again
                    detail::update_world(*this, step.index, bones[static_cast<std::size_t>(step.index)].applied);
                    break;
                case UpdateKind::Ik: detail::apply_ik(*this, step.index); break;
                case UpdateKind::Transform: detail::apply_transform(*this, step.index); break;
                case UpdateKind::Path: detail::apply_path(*this, step.index); break;
                case UpdateKind::Physics: detail::apply_physics(*this, step.index, physics_mode); break;
            }
        }
        return;
    }
    for (int b : update_cache_reset_) {
        BoneState& bone = bones[static_cast<std::size_t>(b)];
        bone.applied = bone.local;
        bone.applied_valid = true;
    }
    for (const UpdateStep& step : update_cache_) {
        switch (step.kind) {
            case UpdateKind::Bone: detail::update_world(*this, step.index, bones[static_cast<std::size_t>(step.index)].local); break;
            case UpdateKind::Ik: detail::apply_ik(*this, step.index); break;
            case UpdateKind::Transform: detail::apply_transform(*this, step.index); break;
            case UpdateKind::Path: detail::apply_path(*this, step.index); break;
            case UpdateKind::Physics: break;  // 4.2 only
        }
    }
}

}  // namespace rigio::spine::runtime
