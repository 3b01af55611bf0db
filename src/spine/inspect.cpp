#include "rigio/spine/inspect.hpp"

#include "json_names.hpp"

namespace rigio::spine {

namespace {

using detail::kBoneTimelineNames;
using detail::kPathTimelineNames;
using detail::kPhysicsTimelineNames;
using detail::kSlotTimelineNames3;
using detail::kSlotTimelineNames4;

// Timelines of every animation by kind, indexed by the model's enums.
struct KindCounts {
    std::array<std::size_t, kSlotTimelineNames4.size()> slot{};
    std::array<std::size_t, kBoneTimelineNames.size()> bone{};
    std::array<std::size_t, kPathTimelineNames.size()> path{};
    std::array<std::size_t, kPhysicsTimelineNames.size()> physics{};
    std::size_t ik = 0, transform = 0, deform = 0, sequence = 0, draw_order = 0, events = 0;
};

TimelineCounts count_timelines(const Animation& a, KindCounts& kinds) {
    TimelineCounts t;
    for (const SlotTimelines& g : a.slots)
        for (const SlotTimeline& tl : g.timelines) {
            ++t.slot;
            ++kinds.slot[static_cast<std::size_t>(tl.type)];
        }
    for (const BoneTimelines& g : a.bones)
        for (const BoneTimeline& tl : g.timelines) {
            ++t.bone;
            t.inherit += tl.type == BoneTimelineType::Inherit;
            ++kinds.bone[static_cast<std::size_t>(tl.type)];
        }
    t.ik = a.ik.size();
    t.transform = a.transform.size();
    for (const PathTimelines& g : a.path)
        for (const PathTimeline& tl : g.timelines) {
            ++t.path;
            ++kinds.path[static_cast<std::size_t>(tl.type)];
        }
    for (const PhysicsTimelines& g : a.physics)
        for (const PhysicsTimeline& tl : g.timelines) {
            ++t.physics;
            ++kinds.physics[static_cast<std::size_t>(tl.type)];
        }
    for (const DeformSkin& s : a.deform)
        for (const DeformSlot& sl : s.slots)
            for (const DeformTimeline& tl : sl.timelines) {
                if (tl.type == AttachmentTimelineType::Sequence) ++t.sequence;
                else ++t.deform;
            }
    t.draw_order = a.draw_order.empty() ? 0 : 1;
    t.events = a.events.empty() ? 0 : 1;
    kinds.ik += t.ik;
    kinds.transform += t.transform;
    kinds.deform += t.deform;
    kinds.sequence += t.sequence;
    kinds.draw_order += t.draw_order;
    kinds.events += t.events;
    return t;
}

void add_kind(std::vector<TimelineKind>& out, std::string_view group, std::string_view kind, std::size_t n) {
    if (n == 0) return;
    std::string name(group);
    if (!kind.empty()) name.append("/").append(kind);
    out.push_back({std::move(name), n});
}

template <std::size_t N, std::size_t M>
void add_kinds(std::vector<TimelineKind>& out, std::string_view group, const std::array<std::string_view, N>& names,
               const std::array<std::size_t, M>& counts) {
    for (std::size_t i = 0; i < N && i < M; ++i) add_kind(out, group, names[i], counts[i]);
}

// The kinds present, named as the version's JSON names them.
std::vector<TimelineKind> kind_list(const KindCounts& k, Version v) {
    std::vector<TimelineKind> out;
    const bool v4 = detail::is_4x(v);
    if (v4) add_kinds(out, "slots", kSlotTimelineNames4, k.slot);
    else add_kinds(out, "slots", kSlotTimelineNames3, k.slot);
    add_kinds(out, "bones", kBoneTimelineNames, k.bone);
    add_kind(out, "ik", "", k.ik);
    add_kind(out, "transform", "", k.transform);
    add_kinds(out, v == Version::V37 ? "paths" : "path", kPathTimelineNames, k.path);
    add_kinds(out, "physics", kPhysicsTimelineNames, k.physics);
    if (v >= Version::V41) {
        add_kind(out, "attachments", "deform", k.deform);
        add_kind(out, "attachments", "sequence", k.sequence);
    } else {
        add_kind(out, "deform", "", k.deform);
    }
    add_kind(out, "drawOrder", "", k.draw_order);
    add_kind(out, "events", "", k.events);
    return out;
}

}  // namespace

TimelineCounts& TimelineCounts::operator+=(const TimelineCounts& o) {
    slot += o.slot;
    bone += o.bone;
    ik += o.ik;
    transform += o.transform;
    path += o.path;
    physics += o.physics;
    deform += o.deform;
    sequence += o.sequence;
    draw_order += o.draw_order;
    events += o.events;
    inherit += o.inherit;
    return *this;
}

std::string_view attachment_type_name(AttachmentType t) {
    const auto i = static_cast<std::size_t>(t);
    return i < detail::kAttachmentTypeNames.size() ? detail::kAttachmentTypeNames[i] : std::string_view("?");
}

SkeletonStats statistics(const SkeletonData& sd) {
    SkeletonStats s;
    s.version = sd.header.data_version;
    s.bones = sd.bones.size();
    s.slots = sd.slots.size();
    s.ik = sd.ik.size();
    s.transform = sd.transform.size();
    s.path = sd.path.size();
    s.physics = sd.physics.size();
    for (const Bone& b : sd.bones) s.skin_required_bones += b.skin_required;
    for (const IkConstraint& c : sd.ik) s.skin_required_constraints += c.skin_required;
    for (const TransformConstraint& c : sd.transform) s.skin_required_constraints += c.skin_required;
    for (const PathConstraint& c : sd.path) s.skin_required_constraints += c.skin_required;
    for (const PhysicsConstraint& c : sd.physics) s.skin_required_constraints += c.skin_required;
    s.skins = sd.skins.size();
    for (const Skin& sk : sd.skins)
        for (const SkinSlot& ss : sk.slots)
            for (const SkinAttachment& a : ss.attachments) {
                const auto type = static_cast<std::size_t>(a.attachment.type);
                if (type < s.attachments_by_type.size()) ++s.attachments_by_type[type];
                ++s.attachments;
                s.sequence_attachments += a.attachment.sequence.has_value();
            }
    s.events = sd.events.size();
    KindCounts kinds;
    for (const Animation& a : sd.animations) {
        AnimationStats& as = s.animations.emplace_back();
        as.name = a.name;
        as.duration = duration(a);
        as.timelines = count_timelines(a, kinds);
        s.timelines += as.timelines;
    }
    s.timeline_kinds = kind_list(kinds, s.version);
    return s;
}

}  // namespace rigio::spine
