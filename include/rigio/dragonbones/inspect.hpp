// rigio/dragonbones/inspect.hpp: facts about DragonBones data for reports (`rigio info`): per armature
// its bones, slots, IK constraints, skins, displays by type, and per animation its duration and
// timelines by kind. Reads the model only.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "rigio/dragonbones/model.hpp"

namespace rigio::dragonbones {

// Display types in report order; DisplayCounts::by_type is indexed by DisplayType.
inline constexpr std::array<DisplayType, 6> kDisplayTypes{DisplayType::Image, DisplayType::Armature, DisplayType::Mesh,
                                                          DisplayType::BoundingBox, DisplayType::Path, DisplayType::Other};

struct DisplayCounts {
    std::array<std::size_t, 6> by_type{};
    std::size_t total = 0;
    std::size_t weighted = 0;  // displays with weights (weighted meshes)
};

struct TimelineCounts {
    std::size_t bone = 0;
    std::size_t bone_split = 0;  // 5.x bone timelines with translate/rotate/scale frames
    std::size_t slot = 0;
    std::size_t slot_split = 0;  // 5.x slot timelines with display/colour frames
    std::size_t ffd = 0;
    std::size_t zorder = 0;  // 0 or 1
    std::size_t frame = 0;   // 0 or 1: the animation's own (event/action) frames
    std::size_t keys = 0;    // frames over every timeline
    std::size_t typed = 0;   // 5.6 typed timelines (kept as written, not interpreted)
};

struct AnimationStats {
    std::optional<std::string> name;
    double frames = 0;      // duration in frames (0 when absent or not finite)
    double seconds = 0;     // frames / the armature's frame rate
    double play_times = 1;  // default 1
    TimelineCounts timelines;
};

struct ArmatureStats {
    std::optional<std::string> name;
    std::optional<std::string> type;  // absent: "Armature"
    double frame_rate = 24;           // the armature's, else the data's, else 24
    std::size_t bones = 0, slots = 0, ik = 0;
    std::size_t surface_bones = 0;  // 5.6 surface bones (kept as written, not interpreted)
    std::vector<std::optional<std::string>> skins;
    DisplayCounts displays;
    std::vector<AnimationStats> animations;
};

struct DataStats {
    std::vector<ArmatureStats> armatures;
};

DataStats statistics(const DragonBonesData& data);

}  // namespace rigio::dragonbones
