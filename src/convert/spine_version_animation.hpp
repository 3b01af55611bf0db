// Spine version conversion of one animation (spine_version_animation.cpp).
#pragma once

#include <map>
#include <string>
#include <utility>

#include "spine_version_internal.hpp"

namespace rigio::convert::spine_version {

class AnimationConverter {
public:
    // `source` names bones, slots, constraints and skins in loss locations (its tables and indices are
    // the output's: the setup conversion keeps every index).
    AnimationConverter(const spine::SkeletonData& source, spine::Version from, spine::Version to);
    // Converts `a` (a copy of a source animation) in place; adds what it could not carry to `report`.
    void convert(spine::Animation& a, LossReport& report);

private:
    void up_slots(spine::Animation& a);
    void up_bones(spine::Animation& a);
    void up_constraints(spine::Animation& a);
    void down_slots(spine::Animation& a);
    void down_bones(spine::Animation& a);
    void down_constraints(spine::Animation& a);
    void deform_curves(spine::Animation& a, bool up);
    void note_last_curves(int n, const std::string& where);
    void keep_duration(spine::Animation& a, float to);
    void report_down(const DownStats& st, const std::string& at);
    std::string deform_where(const spine::DeformSkin& s, const spine::DeformSlot& sl, const spine::DeformTimeline& t) const;
    std::string where(std::initializer_list<std::string_view> tokens) const;
    std::string action_for(const std::string& feature) const;

    const spine::SkeletonData& sd_;
    spine::Version from_, to_;
    std::string anim_;
    std::map<std::pair<std::string, std::string>, int> losses_;  // (where, feature) -> count
};

}  // namespace rigio::convert::spine_version
