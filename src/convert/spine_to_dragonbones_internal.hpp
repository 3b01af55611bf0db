// Shared state of the Spine -> DragonBones conversion (setup part and animation part).
#pragma once

#include <array>
#include <map>
#include <string>
#include <vector>

#include "rigio/convert/loss.hpp"
#include "rigio/dragonbones/model.hpp"
#include "rigio/spine/model.hpp"

namespace rigio::convert::spine2db {

struct WeightedMesh {
    std::vector<int> pairs_per_vertex;
    std::vector<double> weights;                 // per pair
    std::vector<std::array<double, 4>> linear;   // per pair: the bone's setup world matrix (DragonBones axes)
};

struct Context {
    const spine::SkeletonData& sd;
    LossReport& report;
    double fps = 30;
    std::vector<std::vector<std::string>> displays{};            // per slot: attachment keys of the default skin, in order
    std::map<std::pair<int, std::string>, WeightedMesh> weighted{};  // (slot, key) of weighted default-skin meshes
    std::vector<bool> unweighted_mesh_keys_checked{};
};

inline std::string name_of(const spine::OptString& s) { return s ? s->str() : std::string(); }

dragonbones::Vector<dragonbones::Animation> convert_animations(Context& cx);

}  // namespace rigio::convert::spine2db
