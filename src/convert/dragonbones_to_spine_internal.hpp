// Shared state of the DragonBones -> Spine conversion (setup part and animation part).
#pragma once

#include <array>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "rigio/convert/loss.hpp"
#include "rigio/dragonbones/model.hpp"
#include "rigio/spine/model.hpp"

namespace rigio::convert::db2spine {

// A 2D affine matrix in DragonBones' layout: x' = a x + c y + tx, y' = b x + d y + ty.
struct Affine {
    double a = 1, b = 0, c = 0, d = 1, tx = 0, ty = 0;
};
Affine operator*(const Affine& m, const Affine& n);
Affine inverse(const Affine& m);
Affine from_transform(const dragonbones::Transform* t);  // identity for nullptr

// How an ffd delta of one mesh vertex becomes Spine deform values: one 2x2 matrix per value pair
// (one pair per vertex when unweighted, one per (vertex, bone) when weighted). It takes the delta as
// DragonBones stores it (y down) and gives Spine's (y up): F * M with F = diag(1, -1), the same flip as
// the vertices' own (a setup vertex v becomes F * M * v, so v + d becomes F * M * v + F * M * d).
struct MeshDeform {
    std::vector<int> pairs_per_vertex;               // 1 for unweighted meshes
    std::vector<std::array<double, 4>> pair_linear;  // a, b, c, d per pair, in order
};

struct Context {
    const dragonbones::DragonBonesData& data;
    const dragonbones::Armature& armature;
    std::string path{};  // JSON pointer of the armature in the source, e.g. /armature/0
    LossReport& report;
    double fps = 24;
    bool curves_as_is = false;  // DragonBonesToSpineOptions::curves_as_is
    std::vector<int> bone_index{};  // DragonBones bone index -> Spine bone index
    // Spine bones whose rotation is carried by shearX/shearY (see SetupConverter::add_bone).
    std::vector<bool> rotation_in_shear{};
    // Spine bones whose DragonBones skew is carried negated (noScale bones under a mirrored parent).
    std::vector<bool> skew_flipped{};
    // DragonBones bones whose mirroring the mapping of a bone below them depends on (see skew_flipped).
    std::vector<bool> mirror_sensitive{};
    // Spine bone -> the helper bone that carries its position (see SetupConverter::add_bone), or absent.
    std::map<int, int> position_bone{};
    // Spine bone -> the helper bone `NAME.ik` that carries its rotation (an IK parent, see add_bone).
    std::map<int, int> rotation_bone{};
    // Spine bone (an IK child under a `.ik` helper) -> the DragonBones bone (its IK parent) whose scale and
    // skew its position is carried through: Spine position = scaled_position(parent scale, skew, position).
    std::map<int, int> position_scaled_by{};
    // Per slot and display index of the default skin: the Spine attachment key (nullopt: not converted).
    std::vector<std::vector<std::optional<std::string>>> display_keys{};
    std::map<std::pair<int, std::string>, MeshDeform> meshes{};  // (slot, attachment key) -> deform mapping
    std::map<std::string, int> events{};                          // event name -> index in SkeletonData::events
};

double num(const std::optional<dragonbones::Num>& n, double fallback);
// A position (DragonBones axes) under a local matrix of scale and skew without rotation: the matrix times it.
std::array<double, 2> scaled_position(double scale_x, double scale_y, double skew_degrees, double x, double y);
// Whether a DragonBones local transform mirrors: its determinant scX * scY * cos(skX - skY) is negative.
bool mirrors(double scale_x, double scale_y, double skew_degrees);
std::string text(const std::optional<std::string>& s);

void convert_skins(Context& cx, spine::SkeletonData& sd);
void convert_animations(Context& cx, spine::SkeletonData& sd);

}  // namespace rigio::convert::db2spine
