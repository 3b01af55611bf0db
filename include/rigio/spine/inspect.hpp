// rigio/spine/inspect.hpp: facts about Spine skeleton data for reports (`rigio info`): counts of bones,
// slots, constraints by kind, skin-required bones and constraints, attachments by type, sequences,
// events, and per animation its duration and timelines by group and by kind, with kinds named in the
// version's own JSON vocabulary (3.x "color", 4.x "rgba", "translatex", 4.2 "inherit", "physics/wind").
// Reads the model only.
#pragma once

#include <array>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "rigio/spine/model.hpp"
#include "rigio/spine/version.hpp"

namespace rigio::spine {

// Timelines by group, as `rigio info` lists them per animation.
struct TimelineCounts {
    std::size_t slot = 0;       // slot timelines (attachment, colour kinds)
    std::size_t bone = 0;       // bone timelines (inherit included)
    std::size_t ik = 0;
    std::size_t transform = 0;
    std::size_t path = 0;
    std::size_t physics = 0;    // 4.2
    std::size_t deform = 0;
    std::size_t sequence = 0;   // 4.1+
    std::size_t draw_order = 0;  // 0 or 1
    std::size_t events = 0;      // 0 or 1
    std::size_t inherit = 0;     // 4.2 bone inherit timelines (also counted in `bone`)
    std::size_t total() const {
        return slot + bone + ik + transform + path + physics + deform + sequence + draw_order + events;
    }
    TimelineCounts& operator+=(const TimelineCounts& o);
};

// Timelines of one kind over every animation. `name` is "group/kind" in the version's JSON words
// ("bones/translatex", "slots/rgba", "path/mix", "physics/reset", "attachments/sequence"), or the
// group alone where it has no kinds ("ik", "transform", "deform", "drawOrder", "events").
struct TimelineKind {
    std::string name;
    std::size_t count = 0;
};

struct AnimationStats {
    OptString name;
    float duration = 0;  // largest last-key time
    TimelineCounts timelines;
};

struct SkeletonStats {
    Version version = Version::V38;  // the layout the data was read from
    std::size_t bones = 0, slots = 0;
    std::size_t ik = 0, transform = 0, path = 0, physics = 0;  // constraints by kind (physics: 4.2)
    std::size_t constraints() const { return ik + transform + path + physics; }
    std::size_t skin_required_bones = 0;        // 3.8+
    std::size_t skin_required_constraints = 0;  // 3.8+, every kind
    std::size_t skins = 0;
    std::array<std::size_t, 7> attachments_by_type{};  // indexed by AttachmentType
    std::size_t attachments = 0;
    std::size_t sequence_attachments = 0;  // 4.1+: attachments with a sequence of regions
    std::size_t events = 0;
    std::vector<AnimationStats> animations;
    TimelineCounts timelines;                 // over every animation
    std::vector<TimelineKind> timeline_kinds;  // kinds present, in the files' order of groups and kinds
};

SkeletonStats statistics(const SkeletonData& sd);

// "region", "boundingbox", "mesh", "linkedmesh", "path", "point", "clipping" (the JSON "type").
std::string_view attachment_type_name(AttachmentType t);

}  // namespace rigio::spine
