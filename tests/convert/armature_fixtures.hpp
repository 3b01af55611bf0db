// DragonBones armatures built in code for the conversion tests: a bone with a transform, and one
// armature "arm" (5.5, 24 fps) holding the bones.
#pragma once

#include <utility>
#include <vector>

#include "rigio/dragonbones/model.hpp"

namespace rigio::test {

// A bone named `name` under bone `parent` (-1: none) with local transform `t`.
inline dragonbones::Bone bone(const char* name, int parent, dragonbones::Transform t) {
    dragonbones::Bone b;
    b.name = name;
    if (parent >= 0) b.parent = "p";
    b.parent_index = parent;
    b.transform = t;
    return b;
}

inline dragonbones::Transform tr(double x, double y, double skX, double skY, double scX = 1, double scY = 1) {
    dragonbones::Transform t;
    t.x = x, t.y = y, t.skX = skX, t.skY = skY, t.scX = scX, t.scY = scY;
    return t;
}

inline dragonbones::DragonBonesData one_armature(dragonbones::Vector<dragonbones::Bone> bones) {
    dragonbones::DragonBonesData d;
    d.version = "5.5";
    d.frameRate = 24;
    dragonbones::Armature a;
    a.name = "arm";
    a.bone = std::move(bones);
    a.slot = dragonbones::Vector<dragonbones::Slot>{};
    d.armature.push_back(std::move(a));
    return d;
}

}  // namespace rigio::test
