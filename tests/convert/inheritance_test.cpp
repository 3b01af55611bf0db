// DragonBones -> Spine for bones that do not inherit scale, checked against DragonBones' own rules
// (../shared/golden/dragonbones/README.md, "How the runtime composes a pose"), evaluated here in double
// precision: mirrored parents (the reflection rule) and two-bone IK solved in world space.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <map>
#include <string>

#include "rigio/convert/dragonbones_to_spine.hpp"
#include "rigio/spine/runtime/animation.hpp"
#include "rigio/spine/runtime/data.hpp"
#include "rigio/spine/runtime/skeleton.hpp"
#include "armature_fixtures.hpp"

using namespace rigio;
namespace db = rigio::dragonbones;
namespace rt = rigio::spine::runtime;

namespace {

constexpr double kDeg = M_PI / 180;

// A DragonBones world matrix, y down: x' = a x + c y + tx, y' = b x + d y + ty.
struct M {
    double a = 1, b = 0, c = 0, d = 1, tx = 0, ty = 0;
};

M operator*(const M& m, const M& n) {
    return {m.a * n.a + m.c * n.b, m.b * n.a + m.d * n.b, m.a * n.c + m.c * n.d,
            m.b * n.c + m.d * n.d, m.a * n.tx + m.c * n.ty + m.tx, m.b * n.tx + m.d * n.ty + m.ty};
}

// Matrix of (rotation, skew) in radians with scales, at (x, y).
M matrix(double rotation, double skew, double sx, double sy, double x, double y) {
    return {std::cos(rotation) * sx, std::sin(rotation) * sx, -std::sin(rotation + skew) * sy, std::cos(rotation + skew) * sy, x, y};
}

struct Local {
    double x = 0, y = 0, skX = 0, skY = 0, scX = 1, scY = 1;  // degrees
};

M local_matrix(const Local& l) { return matrix(l.skY * kDeg, (l.skX - l.skY) * kDeg, l.scX, l.scY, l.x, l.y); }

// A bone that does not inherit scale: position through the parent; rotation = the local one plus the
// parent's (the direction of its x axis); under a mirrored parent the local rotation is subtracted instead
// and the skew gains half a turn; scale and skew are the local ones.
M no_scale_world(const M& p, const Local& l) {
    const double parent = std::atan2(p.b, p.a), r = l.skY * kDeg;
    double rotation = parent + r, skew = (l.skX - l.skY) * kDeg;
    if (p.a * p.d - p.b * p.c < 0) {
        rotation -= 2 * r;
        skew += M_PI;
    }
    return matrix(rotation, skew, l.scX, l.scY, p.a * l.x + p.c * l.y + p.tx, p.b * l.x + p.d * l.y + p.ty);
}

db::Bone bone(const char* name, int parent, const Local& l, bool inherit_scale = true, double length = 0) {
    db::Bone b = test::bone(name, parent, test::tr(l.x, l.y, l.skX, l.skY, l.scX, l.scY));
    if (!inherit_scale) b.inheritScale = db::Flag(false);
    if (length > 0) b.length = db::Num(length);
    return b;
}

// A linear tween over 24 frames (one second) from the first frame's values to the second's.
db::Frames tween(db::Frame from, db::Frame to) {
    from.duration = db::Num(24);
    from.tweenEasing = db::Num(0);
    to.duration = db::Num(0);
    return {from, to};
}

// The armature's only animation: `name`, 24 frames, keying one timeline (`frames`) of bone `index`.
void animate_one_bone(db::DragonBonesData& d, const char* name, const char* bone_name, int index,
                      db::Opt<db::Frames> db::BoneTimeline::*timeline, db::Frames frames) {
    db::Animation a;
    a.name = name;
    a.duration = db::Num(24);
    db::BoneTimeline t;
    t.name = bone_name;
    t.bone = index;
    t.*timeline = std::move(frames);
    a.bone = db::Vector<db::BoneTimeline>{t};
    d.armature[0].animation = db::Vector<db::Animation>{a};
}

db::Frame xy(double x, double y) {
    db::Frame f;
    f.x = db::Num(x), f.y = db::Num(y);
    return f;
}

db::Frame turn(double rotate, double skew) {
    db::Frame f;
    f.rotate = db::Num(rotate), f.rare_mut().skew = db::Num(skew);
    return f;
}

// Converts and poses at time t of animation 0 (setup pose when there is none); Spine bone by name.
struct Posed {
    spine::SkeletonData sd;
    convert::LossReport report;
    std::map<std::string, rt::BoneState> bones;
};

Posed pose(const db::DragonBonesData& d, float t = 0) {
    Posed out;
    auto sd = convert::dragonbones_to_spine(d, 0, out.report);
    EXPECT_TRUE(sd.ok()) << (sd.ok() ? "" : sd.error().what());
    if (!sd) return out;
    out.sd = *sd;
    const rt::RuntimeData data = rt::prepare(out.sd).value();
    rt::Skeleton sk(data);
    sk.set_to_setup_pose();
    if (!data.animations.empty()) rt::apply(data.animations[0], sk, t, t, false, nullptr, 1);
    sk.update_world_transform();
    for (std::size_t i = 0; i < out.sd.bones.size(); ++i) out.bones[*out.sd.bones[i].name] = sk.bones[i];
    return out;
}

// Largest difference between a Spine bone and a DragonBones world matrix (y flipped, Spine's b is DB's c).
double difference(const rt::BoneState& s, const M& m) {
    const double want[6] = {m.a, -m.c, -m.b, m.d, m.tx, -m.ty};
    const double got[6] = {s.a, s.b, s.c, s.d, s.world_x, s.world_y};
    double worst = 0;
    for (int i = 0; i < 6; ++i) worst = std::max(worst, std::abs(want[i] - got[i]));
    return worst;
}

bool reports(const convert::LossReport& r, const std::string& feature) {
    for (const auto& l : r.losses)
        if (l.feature.find(feature) != std::string::npos) return true;
    return false;
}

}  // namespace

TEST(DragonBonesInheritance, NoScaleBonesUnderMirroredParentsFollowTheReflectionRule) {
    // A mirrored root; below it a bone whose own scale keeps the mirror and one whose scale undoes it, each
    // with a child of its own: the rule applies at every level where the parent's matrix mirrors.
    const Local root{5, -3, 20, 20, -1, 1}, kept{30, 10, 40, 25, 1.5, 0.8}, undone{-20, 15, -35, -30, -1, 1.2};
    const Local below_kept{12, -4, 10, -5, 0.9, 1.1}, below_undone{8, 6, 50, 60, 1.3, 0.7};
    auto d = test::one_armature({bone("root", -1, root, false), bone("kept", 0, kept, false), bone("undone", 0, undone, false),
                       bone("below_kept", 1, below_kept, false), bone("below_undone", 2, below_undone, false)});
    const M r = local_matrix(root), k = no_scale_world(r, kept), u = no_scale_world(r, undone);
    ASSERT_LT(k.a * k.d - k.b * k.c, 0);  // kept mirrors, undone does not: both cases below
    ASSERT_GT(u.a * u.d - u.b * u.c, 0);
    Posed p = pose(d);
    EXPECT_LT(difference(p.bones["root"], r), 1e-4);
    EXPECT_LT(difference(p.bones["kept"], k), 1e-4);
    EXPECT_LT(difference(p.bones["undone"], u), 1e-4);
    EXPECT_LT(difference(p.bones["below_kept"], no_scale_world(k, below_kept)), 1e-4);
    EXPECT_LT(difference(p.bones["below_undone"], no_scale_world(u, below_undone)), 1e-4);
    EXPECT_FALSE(reports(p.report, "inheritRotation/inheritScale"));

    // Keyed rotation and skew of a bone under a mirrored parent: half-way through a linear tween.
    animate_one_bone(d, "bend", "kept", 1, &db::BoneTimeline::rotateFrame, tween(turn(0, 0), turn(30, 20)));
    p = pose(d, 0.5f);
    const Local half{kept.x, kept.y, kept.skX + 15 + 10, kept.skY + 15, kept.scX, kept.scY};
    const M kh = no_scale_world(r, half);
    EXPECT_LT(difference(p.bones["kept"], kh), 1e-4);
    EXPECT_LT(difference(p.bones["below_kept"], no_scale_world(kh, below_kept)), 1e-4);
    EXPECT_FALSE(reports(p.report, "mirroring keyed"));

    // A scale key that undoes the mirror changes the rule below it: named in the loss report.
    db::Frame flip;
    flip.x = db::Num(-1);
    (*d.armature[0].animation)[0].bone->at(0).scaleFrame = db::Frames{flip};
    EXPECT_TRUE(reports(pose(d).report, "mirroring keyed"));
}

namespace {

// Two-bone IK as a world-space construction: the parent turns about its origin so that the child's origin
// lies at its distance from the parent's origin and at the child's world length from the target, then
// the child turns rigidly to aim its x axis at the target. Returns (parent, child) for both elbow sides.
std::array<std::pair<M, M>, 2> ik_solutions(const M& parent, const M& child, double length, double target_x, double target_y) {
    const double lp = std::hypot(child.tx - parent.tx, child.ty - parent.ty), ll = length * std::hypot(child.a, child.b);
    const double dx = target_x - parent.tx, dy = target_y - parent.ty, tt = dx * dx + dy * dy;
    const double h = (lp * lp - ll * ll + tt) / (2 * tt), r = std::sqrt(lp * lp - h * h * tt) / std::sqrt(tt);
    auto turned = [](const M& m, double angle, double x, double y) {
        const M rot{std::cos(angle), std::sin(angle), -std::sin(angle), std::cos(angle), 0, 0};
        M out = rot * m;
        out.tx = x, out.ty = y;
        return out;
    };
    std::array<std::pair<M, M>, 2> out;
    for (int side = 0; side < 2; ++side) {
        const double sign = side == 0 ? 1 : -1;
        const double ex = parent.tx + dx * h - dy * r * sign, ey = parent.ty + dy * h + dx * r * sign;
        const double turn = std::atan2(ey - parent.ty, ex - parent.tx) - std::atan2(child.ty - parent.ty, child.tx - parent.tx);
        const double aim = std::atan2(target_y - ey, target_x - ex) - std::atan2(child.b, child.a);
        out[side] = {turned(parent, turn, parent.tx, parent.ty), turned(child, aim, ex, ey)};
    }
    return out;
}

// root (scaled unevenly) -> thigh (no scale inheritance) -> calf (no scale inheritance, length 30);
// target under the root. Both IK bones have uneven scales and a little skew.
const Local kRoot{0, 0, 20, 20, 1.3, 0.7}, kThigh{10, 5, 35, 30, 1.2, 0.9}, kCalf{40, 3, -50, -52, 1.1, 0.95}, kTarget{45, 40, 0, 0};

db::DragonBonesData leg(bool bend_positive, double weight = 1) {
    auto d = test::one_armature({bone("root", -1, kRoot), bone("thigh", 0, kThigh, false), bone("calf", 1, kCalf, false, 30),
                       bone("target", 0, kTarget)});
    db::IkConstraint k;
    k.name = "leg", k.bone = "calf", k.target = "target", k.bone_index = 2, k.target_index = 3;
    k.chain = db::Num(1);
    k.bendPositive = db::Flag(bend_positive);
    k.weight = db::Num(weight);
    d.armature[0].ik = db::Vector<db::IkConstraint>{k};
    return d;
}

}  // namespace

TEST(DragonBonesInheritance, TwoBoneIkWithoutScaleInheritanceIsSolvedInWorldSpace) {
    const M root = local_matrix(kRoot), thigh = no_scale_world(root, kThigh), calf = no_scale_world(thigh, kCalf);
    const M target = root * local_matrix(kTarget);
    const auto solutions = ik_solutions(thigh, calf, 30, target.tx, target.ty);
    ASSERT_TRUE(std::isfinite(solutions[0].first.a) && std::isfinite(solutions[1].first.a)) << "target out of reach";
    int matched[2] = {-1, -1};
    for (int bend = 0; bend < 2; ++bend) {
        const Posed p = pose(leg(bend == 0));
        EXPECT_FALSE(reports(p.report, "inheritRotation/inheritScale"));
        for (int side = 0; side < 2; ++side)
            if (difference(p.bones.at("thigh"), solutions[side].first) < 1e-3 && difference(p.bones.at("calf"), solutions[side].second) < 1e-3)
                matched[bend] = side;
        ASSERT_GE(matched[bend], 0) << "bendPositive " << (bend == 0) << ": no world-space solution matches";
        // The calf's tip is on the target.
        const rt::BoneState& c = p.bones.at("calf");
        EXPECT_NEAR(c.world_x + 30 * c.a, target.tx, 1e-3);
        EXPECT_NEAR(c.world_y + 30 * c.c, -target.ty, 1e-3);
    }
    EXPECT_NE(matched[0], matched[1]);  // the two bend directions are the two elbows
}

TEST(DragonBonesInheritance, IkChildPositionFollowsTheParentsKeyedScale) {
    // IK weight 0: the bones keep their animated pose, which is what is checked here.
    auto d = leg(true, 0);
    animate_one_bone(d, "grow", "thigh", 1, &db::BoneTimeline::scaleFrame, tween(xy(1, 1), xy(1.5, 0.8)));
    const M root = local_matrix(kRoot);
    auto expect_at = [&](const Posed& p, double u, double dx, double dy) {
        const Local thigh{kThigh.x, kThigh.y, kThigh.skX, kThigh.skY, kThigh.scX * (1 + 0.5 * u), kThigh.scY * (1 - 0.2 * u)};
        const Local calf{kCalf.x + dx * u, kCalf.y + dy * u, kCalf.skX, kCalf.skY, kCalf.scX, kCalf.scY};
        const M t = no_scale_world(root, thigh);
        EXPECT_LT(difference(p.bones.at("thigh"), t), 1e-4);
        return difference(p.bones.at("calf"), no_scale_world(t, calf));
    };
    // Only the parent's scale keyed: the child's position keeps its keys and curves, exact at any time.
    for (float time : {0.0f, 0.3f, 0.77f, 1.0f}) {
        const Posed p = pose(d, time);
        EXPECT_LT(expect_at(p, time, 0, 0), 1e-4) << "t = " << time;
        EXPECT_FALSE(reports(p.report, "baked"));
    }
    // The child's position keyed as well: the product is baked at 4 samples per frame, linear between them.
    db::BoneTimeline move;
    move.name = "calf";
    move.bone = 2;
    move.translateFrame = tween(xy(0, 0), xy(12, -8));
    d.armature[0].animation->at(0).bone->push_back(move);
    for (float time : {0.0f, 0.3f, 0.77f, 1.0f}) {
        const Posed p = pose(d, time);
        EXPECT_LT(expect_at(p, time, 12, -8), 2e-3) << "t = " << time;
        ASSERT_TRUE(reports(p.report, "IK child keyed together"));
        for (const auto& l : p.report.losses)
            if (l.feature.find("IK child") != std::string::npos) {
                EXPECT_EQ(l.action, "baked at 96 fps");
            }
    }
}
