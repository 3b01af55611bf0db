// DragonBones -> Spine 3.8: the setup part (bones, slots, IK, skins and their attachments).
// Animations are in dragonbones_to_spine_animation.cpp.
#include "rigio/convert/dragonbones_to_spine.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <set>
#include <fmt/core.h>

#include "dragonbones_to_spine_internal.hpp"
#include "rigio/convert/check.hpp"
#include "rigio/dragonbones/version.hpp"

namespace rigio::convert {

namespace db = dragonbones;
using namespace db2spine;

namespace db2spine {

Affine operator*(const Affine& m, const Affine& n) {
    return {m.a * n.a + m.c * n.b, m.b * n.a + m.d * n.b, m.a * n.c + m.c * n.d,
            m.b * n.c + m.d * n.d, m.a * n.tx + m.c * n.ty + m.tx, m.b * n.tx + m.d * n.ty + m.ty};
}

Affine inverse(const Affine& m) {
    const double det = m.a * m.d - m.b * m.c;
    if (det == 0) return {};
    const double a = m.d / det, b = -m.b / det, c = -m.c / det, d = m.a / det;
    return {a, b, c, d, -(a * m.tx + c * m.ty), -(b * m.tx + d * m.ty)};
}

double num(const std::optional<db::Num>& n, double fallback) {
    return n && std::isfinite(n->value()) ? n->value() : fallback;
}

std::string text(const std::optional<std::string>& s) { return s ? *s : std::string(); }

namespace {
constexpr double kRadiansPerDegree = std::numbers::pi / 180;
}

Affine from_transform(const db::Transform* t) {
    if (!t) return {};
    const double deg = kRadiansPerDegree;
    const double skX = num(t->skX, 0) * deg, skY = num(t->skY, 0) * deg, sx = num(t->scX, 1), sy = num(t->scY, 1);
    return {sx * std::cos(skY), sx * std::sin(skY), -sy * std::sin(skX), sy * std::cos(skX), num(t->x, 0), num(t->y, 0)};
}

std::array<double, 2> scaled_position(double scale_x, double scale_y, double skew_degrees, double x, double y) {
    const double skew = skew_degrees * kRadiansPerDegree;
    return {scale_x * x - std::sin(skew) * scale_y * y, std::cos(skew) * scale_y * y};
}

bool mirrors(double scale_x, double scale_y, double skew_degrees) {
    return scale_x * scale_y * std::cos(skew_degrees * kRadiansPerDegree) < 0;
}

}  // namespace db2spine

namespace {

std::uint32_t rgba_of(const db::ColorTransform* c) {
    if (!c) return 0xFFFFFFFFu;
    auto byte = [](double percent) {
        return static_cast<std::uint32_t>(std::lround(std::clamp(percent, 0.0, 100.0) * 255 / 100));
    };
    return byte(num(c->rM, 100)) << 24 | byte(num(c->gM, 100)) << 16 | byte(num(c->bM, 100)) << 8 | byte(num(c->aM, 100));
}

bool has_offsets(const db::ColorTransform* c) {
    return c && (num(c->aO, 0) != 0 || num(c->rO, 0) != 0 || num(c->gO, 0) != 0 || num(c->bO, 0) != 0);
}

class SetupConverter {
public:
    SetupConverter(Context& cx, spine::SkeletonData& sd) : cx_(cx), sd_(sd) {}

    void run() {
        header();
        bones();
        slots();
        ik();
    }

private:
    void loss(const std::string& where, const std::string& feature, const std::string& action) {
        cx_.report.add(cx_.path + where, feature, action);
    }

    void header() {
        const db::Armature& a = cx_.armature;
        sd_.header.version = "3.8.99";
        sd_.header.hash = std::nullopt;
        if (a.aabb) {
            const double x = num(a.aabb->x, 0), y = num(a.aabb->y, 0), h = num(a.aabb->height, 0);
            sd_.header.x = float(x);
            sd_.header.y = float(-(y + h));
            sd_.header.width = float(num(a.aabb->width, 0));
            sd_.header.height = float(h);
        }
        sd_.header.nonessential = true;
        sd_.header.fps = float(cx_.fps);
        if (a.defaultActions) loss("/defaultActions", "default actions", "dropped (Spine has no actions)");
        if (a.userData) loss("/userData", "armature userData", "dropped");
    }

    void bones() {
        const auto& list = cx_.armature.bone ? *cx_.armature.bone : db::Vector<db::Bone>{};
        if (cx_.armature.ik)
            for (const db::IkConstraint& k : *cx_.armature.ik) {
                if (k.bone_index < 0 || static_cast<std::size_t>(k.bone_index) >= list.size()) continue;
                ik_bones_.insert(k.bone_index);
                if (num(k.chain, 0) >= 1) {
                    ik_bones_.insert(list[k.bone_index].parent_index);
                    ik_parents_.insert(list[k.bone_index].parent_index);
                } else {
                    ik_parents_.insert(k.bone_index);
                }
            }
        if (cx_.armature.ik)
            for (const db::IkConstraint& k : *cx_.armature.ik) {
                if (k.bone_index < 0 || static_cast<std::size_t>(k.bone_index) >= list.size() || num(k.chain, 0) < 1) continue;
                const int parent = list[k.bone_index].parent_index;
                if (parent < 0 || static_cast<std::size_t>(parent) >= list.size()) continue;
                const db::Bone &c = list[k.bone_index], &p = list[parent];
                const db::Transform* pt = p.transform ? &*p.transform : nullptr;
                if (!inherits(c.inheritScale) && inherits(c.inheritRotation) && !inherits(p.inheritScale) &&
                    inherits(p.inheritRotation) && !ik_parents_.count(k.bone_index) && (!pt || (num(pt->scX, 1) > 0 && !mirrored(pt))))
                    ik_frame_child_[parent] = k.bone_index;
            }
        cx_.bone_index.assign(list.size(), -1);
        int roots = 0;
        for (const db::Bone& b : list) roots += b.parent_index < 0;
        if (roots > 1) {  // Spine has one root: a new one carries the armature's roots
            spine::Bone root;
            root.name = unique_bone_name("root");
            sd_.bones.push_back(root);
        }
        // Parents before children, otherwise file order.
        for (bool added = true; added;) {
            added = false;
            for (std::size_t i = 0; i < list.size(); ++i) {
                if (cx_.bone_index[i] >= 0) continue;
                const int p = list[i].parent_index;
                if (p >= 0 && (static_cast<std::size_t>(p) >= list.size() || cx_.bone_index[p] < 0)) continue;
                add_bone(i, list[i], p < 0 ? (roots > 1 ? 0 : -1) : cx_.bone_index[p]);
                added = true;
            }
        }
        for (std::size_t i = 0; i < list.size(); ++i)
            if (cx_.bone_index[i] < 0) loss(fmt::format("/bone/{}", i), "bone in a parent cycle", "dropped");
        // Bones whose mirroring decides how a bone below them that does not inherit scale is mapped (see
        // add_bone): the parent of each such bone, and up the chain while bones inherit rotation (a bone
        // that does not is not mirrored by its parent).
        cx_.mirror_sensitive.assign(list.size(), false);
        for (std::size_t i = 0; i < list.size(); ++i) {
            if (cx_.bone_index[i] < 0 || !inherits(list[i].inheritRotation) || inherits(list[i].inheritScale)) continue;
            for (int p = list[i].parent_index, guard = 0; p >= 0 && static_cast<std::size_t>(p) < list.size() && guard < 10000;
                 p = list[p].parent_index, ++guard) {
                cx_.mirror_sensitive[p] = true;
                if (!inherits(list[p].inheritRotation)) break;
            }
        }
    }

    static bool inherits(const std::optional<db::Flag>& flag) { return !flag || flag->value; }

    std::string unique_bone_name(std::string base) {
        for (const db::Bone& b : *cx_.armature.bone)
            if (text(b.name) == base) return unique_bone_name(base + "_");
        return base;
    }

    void add_bone(std::size_t i, const db::Bone& b, int parent) {
        const std::string where = fmt::format("/bone/{}", i);
        spine::Bone out;
        out.name = text(b.name);
        out.parent = parent;
        const db::Transform* t = b.transform ? &*b.transform : nullptr;
        if (t) {
            out.x = float(num(t->x, 0));
            out.y = float(-num(t->y, 0));
            out.rotation = float(-num(t->skY, 0));
            out.shear_y = float(num(t->skY, 0) - num(t->skX, 0));
            out.scale_x = float(num(t->scX, 1));
            out.scale_y = float(num(t->scY, 1));
        }
        out.length = float(num(b.length, 0));
        const bool rotation = inherits(b.inheritRotation), scale = inherits(b.inheritScale);
        if (rotation && scale) out.transform = spine::TransformMode::Normal;
        else if (rotation) out.transform = spine::TransformMode::NoScale;
        else if (scale) out.transform = spine::TransformMode::NoRotationOrReflection;
        else out.transform = spine::TransformMode::OnlyTranslation;
        if (b.inheritTranslation && !b.inheritTranslation->value)
            loss(where + "/inheritTranslation", "inheritTranslation false", "dropped (Spine bones always inherit translation)");
        if (b.inheritReflection && !b.inheritReflection->value)
            loss(where + "/inheritReflection", "inheritReflection false", "dropped");
        if (b.userData) loss(where + "/userData", "bone userData", "dropped");
        // A bone that does not inherit scale turns with its parent's x axis in DragonBones (parent rotation
        // plus its own), while Spine's noScale mode sends the bone's own rotation through the parent's
        // matrix, which differs when the parent is sheared or scaled unevenly. With its rotation moved into
        // shearX/shearY, Spine's noScale follows the parent's x axis exactly, as DragonBones does. IK needs
        // the rotation itself, so IK bones keep it.
        const bool in_shear = out.transform == spine::TransformMode::NoScale && !ik_bones_.count(static_cast<int>(i));
        // DragonBones' rule for a bone that does not inherit scale under a mirrored parent (a world matrix
        // with a negative determinant): the rotation is taken away from the parent's x axis instead of added
        // (rotation -= 2 * local rotation) and half a turn is added to the skew. With the parent's x axis
        // and its mirrored y axis as a basis (what Spine's noScale mode builds for a mirrored parent), that
        // is the bone's own local matrix with the skew negated: Spine's shear is the skew, so it flips sign.
        const int db_parent = b.parent_index;
        const bool mirrored_parent = db_parent >= 0 && static_cast<std::size_t>(db_parent) < mirrored_.size() && mirrored_[db_parent];
        const bool skew_flipped = out.transform == spine::TransformMode::NoScale && mirrored_parent;
        if (skew_flipped) out.shear_y = -out.shear_y;
        mirrored_.resize(std::max(mirrored_.size(), i + 1), false);
        mirrored_[i] = mirrored(t) != (out.transform != spine::TransformMode::OnlyTranslation && mirrored_parent);
        // An IK bone that does not inherit scale: Spine's IK assumes the bone's world is its parent's world
        // times its local transform, which noScale breaks. A helper bone in noScale mode with no rotation
        // (it follows the parent's x axis at unit scale) carries the position, and the bone itself becomes a
        // normal child of it: the same world transform, and one Spine's IK solves exactly.
        if (out.transform == spine::TransformMode::NoScale && ik_parents_.count(static_cast<int>(i))) add_position_helper(out);
        // A two-bone IK whose bones both do not inherit scale: see add_rotation_helper.
        if (ik_frame_child_.count(static_cast<int>(i)) && cx_.position_bone.count(static_cast<int>(sd_.bones.size())))
            add_rotation_helper(static_cast<int>(i), out);
        const auto frame = ik_frames_.find(db_parent);
        if (frame != ik_frames_.end() && ik_frame_child_[db_parent] == static_cast<int>(i)) place_in_ik_frame(db_parent, frame->second, t, out);
        // Bones that keep a noScale or noRotationOrReflection mode: Spine's formula is not DragonBones'
        // (onlyTranslation is, unless a mirrored parent brings in DragonBones' reflection rule).
        if (out.transform != spine::TransformMode::Normal && !in_shear &&
            (out.transform != spine::TransformMode::OnlyTranslation || mirrored_parent))
            loss(where, "inheritRotation/inheritScale false",
                 "mapped to a Spine transform mode; its formula differs for mirrored or sheared parents");
        if (in_shear) {
            out.shear_x += out.rotation;
            out.shear_y += out.rotation;
            out.rotation = 0;
        }
        cx_.bone_index[i] = static_cast<int>(sd_.bones.size());
        cx_.rotation_in_shear.resize(sd_.bones.size() + 1, false);
        cx_.rotation_in_shear[sd_.bones.size()] = in_shear;
        cx_.skew_flipped.resize(sd_.bones.size() + 1, false);
        cx_.skew_flipped[sd_.bones.size()] = skew_flipped;
        sd_.bones.push_back(std::move(out));
    }

    // The helper bone NAME.noscale (see add_bone) for `out`, the bone about to be added.
    void add_position_helper(spine::Bone& out) {
        spine::Bone helper;
        helper.name = unique_bone_name(*out.name + ".noscale");
        helper.parent = out.parent;
        helper.x = out.x;
        helper.y = out.y;
        helper.transform = spine::TransformMode::NoScale;
        out.parent = static_cast<int>(sd_.bones.size());
        out.x = out.y = 0;
        out.transform = spine::TransformMode::Normal;
        cx_.rotation_in_shear.resize(sd_.bones.size() + 1, false);
        sd_.bones.push_back(std::move(helper));
        cx_.position_bone[static_cast<int>(sd_.bones.size())] = out.parent;
    }

    // Two-bone IK whose bones both do not inherit scale: DragonBones solves it in world space (the child
    // keeps its world length and turns rigidly), Spine in the parent's frame (the child inherits the
    // parent's scale). The parent's rotation goes to a helper `NAME.ik` of unit scale under the position
    // helper, the parent keeps only its scale and skew below it, and the child becomes a normal child of
    // the helper: its frame is the parent's x axis at unit scale, as DragonBones' rule for a bone that
    // does not inherit scale makes it, and its position is the parent's scale and skew applied to its own
    // (see position_scaled_by). Spine's IK then solves the same triangle as DragonBones.
    // This adds the helper NAME.ik for IK parent `out` (DragonBones bone i), below its position helper.
    void add_rotation_helper(int i, spine::Bone& out) {
        spine::Bone frame;
        frame.name = unique_bone_name(*out.name + ".ik");
        frame.parent = out.parent;
        frame.rotation = out.rotation;
        out.rotation = 0;
        out.parent = static_cast<int>(sd_.bones.size());
        const int position = cx_.position_bone[out.parent];  // the bone moves one index down
        cx_.position_bone.erase(out.parent);
        cx_.rotation_in_shear.resize(sd_.bones.size() + 1, false);
        sd_.bones.push_back(std::move(frame));
        cx_.position_bone[static_cast<int>(sd_.bones.size())] = position;
        cx_.rotation_bone[static_cast<int>(sd_.bones.size())] = out.parent;
        ik_frames_[i] = out.parent;
    }

    // The IK child `out` (local transform t) of DragonBones bone `parent` as a normal child of its helper
    // `frame`, at its position through the parent's scale and skew.
    void place_in_ik_frame(int parent, int frame, const db::Transform* t, spine::Bone& out) {
        const db::Bone& p = (*cx_.armature.bone)[parent];
        const db::Transform* pt = p.transform ? &*p.transform : nullptr;
        const double skew = pt ? num(pt->skX, 0) - num(pt->skY, 0) : 0;
        const auto at = scaled_position(pt ? num(pt->scX, 1) : 1, pt ? num(pt->scY, 1) : 1,
                                        cx_.skew_flipped[cx_.bone_index[parent]] ? -skew : skew, t ? num(t->x, 0) : 0,
                                        t ? num(t->y, 0) : 0);
        out.x = float(at[0]);
        out.y = float(-at[1]);
        out.parent = frame;
        out.transform = spine::TransformMode::Normal;
        cx_.position_scaled_by[static_cast<int>(sd_.bones.size())] = parent;
    }

    int bone_of(int db_index) const {
        return db_index >= 0 && static_cast<std::size_t>(db_index) < cx_.bone_index.size() ? cx_.bone_index[db_index] : -1;
    }

    void slots() {
        const auto& list = cx_.armature.slot ? *cx_.armature.slot : db::Vector<db::Slot>{};
        for (std::size_t i = 0; i < list.size(); ++i) {
            const db::Slot& s = list[i];
            const std::string where = fmt::format("/slot/{}", i);
            spine::Slot out;
            out.name = text(s.name);
            out.bone = std::max(0, bone_of(s.parent_index));
            const db::ColorTransform* c = s.color ? &*s.color : nullptr;
            out.color = rgba_of(c);
            if (has_offsets(c)) loss(where + "/color", "colour offset", "dropped (Spine has multipliers only)");
            if (s.blendMode) {
                const std::string& m = s.blendMode->text;
                if (m == "\"add\"") out.blend = spine::BlendMode::Additive;
                else if (m == "\"multiply\"") out.blend = spine::BlendMode::Multiply;
                else if (m == "\"screen\"") out.blend = spine::BlendMode::Screen;
                else if (m != "\"normal\"") loss(where + "/blendMode", "blend mode " + m, "drawn as normal");
            }
            if (s.actions) loss(where + "/actions", "slot actions", "dropped");
            if (s.userData) loss(where + "/userData", "slot userData", "dropped");
            sd_.slots.push_back(std::move(out));
        }
    }

    void ik() {
        if (!cx_.armature.ik) return;
        const auto& list = *cx_.armature.ik;
        const auto& bones = *cx_.armature.bone;
        for (std::size_t i = 0; i < list.size(); ++i) {
            const db::IkConstraint& k = list[i];
            const std::string where = fmt::format("/ik/{}", i);
            const int bone = bone_of(k.bone_index), target = bone_of(k.target_index);
            if (bone < 0 || target < 0) {
                loss(where, "IK constraint without its bones", "dropped");
                continue;
            }
            spine::IkConstraint out;
            out.name = text(k.name).empty() ? text(k.bone) + "_ik" : text(k.name);
            out.order = static_cast<int>(sd_.ik.size());
            const int chain = static_cast<int>(num(k.chain, 0));
            if (chain >= 1) {
                const int parent = bones[k.bone_index].parent_index;
                const auto frame = ik_frames_.find(parent);
                if (frame != ik_frames_.end() && ik_frame_child_[parent] == k.bone_index) out.bones.push_back(frame->second);
                else if (bone_of(parent) >= 0) out.bones.push_back(bone_of(parent));
            }
            if (chain > 1) loss(where + "/chain", fmt::format("IK chain of {} bones", chain + 1), "only the last two bones are constrained");
            const auto frame = ik_frames_.find(k.bone_index);  // a one-bone IK on a bone with a `.ik` helper turns it
            out.bones.push_back(chain < 1 && frame != ik_frames_.end() ? frame->second : bone);
            out.target = target;
            out.mix = float(num(k.weight, 1));
            const bool positive = !k.bendPositive || k.bendPositive->value;
            out.bend_direction = positive ? -1 : 1;  // the y flip reverses the bend
            sd_.ik.push_back(std::move(out));
        }
        order_ik();
    }

    // DragonBones solves an IK constraint while it updates the constraint's bones, parents first and
    // after the target, whatever the order of the `ik` array; Spine follows `order`. So a constraint
    // goes after every constraint that moves its first bone's parents or its target (stable otherwise).
    void order_ik() {
        const std::size_t n = sd_.ik.size();
        auto under = [&](int bone, int ancestor) {  // whether `bone` is `ancestor` or below it
            for (int b = bone; b >= 0; b = sd_.bones[static_cast<std::size_t>(b)].parent)
                if (b == ancestor) return true;
            return false;
        };
        auto moves = [&](const spine::IkConstraint& a, const spine::IkConstraint& b) {  // a must run before b
            for (int bone : a.bones)
                if ((bone != b.bones.front() && under(b.bones.front(), bone)) || under(b.target, bone)) return true;
            return false;
        };
        std::vector<bool> placed(n, false);
        for (int next = 0; next < static_cast<int>(n); ++next) {
            std::size_t pick = n;
            for (std::size_t i = 0; i < n && pick == n; ++i) {
                if (placed[i]) continue;
                bool ready = true;
                for (std::size_t j = 0; j < n && ready; ++j)
                    if (j != i && !placed[j] && moves(sd_.ik[j], sd_.ik[i])) ready = false;
                if (ready) pick = i;
            }
            if (pick == n)  // constraints that depend on each other: the rest in array order
                pick = static_cast<std::size_t>(std::find(placed.begin(), placed.end(), false) - placed.begin());
            placed[pick] = true;
            sd_.ik[pick].order = next;
        }
    }

    Context& cx_;
    spine::SkeletonData& sd_;
    // Whether a local transform mirrors: its matrix determinant, scX * scY * cos(skX - skY), is negative.
    static bool mirrored(const db::Transform* t) {
        return t && mirrors(num(t->scX, 1), num(t->scY, 1), num(t->skX, 0) - num(t->skY, 0));
    }

    std::set<int> ik_bones_;    // DragonBones bones that IK constraints turn
    std::map<int, int> ik_frame_child_;  // DragonBones IK parent solved through a `.ik` helper -> its IK child
    std::map<int, int> ik_frames_;       // DragonBones IK parent -> its Spine `.ik` helper
    std::vector<bool> mirrored_;  // per DragonBones bone: its setup world matrix mirrors
    std::set<int> ik_parents_;  // the first bone of each IK chain
};

}  // namespace

namespace {

// 4.x slot-frame "z" (draw-order animation) taken out before the upgrade: the 5.x runtimes, which the
// conversion reproduces (and whose poses it is proven against), ignore it; a version change to 5.5 keeps
// it as a zOrder timeline instead. Each slot timeline that had it is reported.
db::DragonBonesData without_slot_z(const db::DragonBonesData& source, const std::string& armature_path, LossReport& report) {
    db::DragonBonesData out = source;
    for (std::size_t a = 0; a < out.armature.size(); ++a) {
        if (!out.armature[a].animation) continue;
        auto& animations = *out.armature[a].animation;
        for (std::size_t k = 0; k < animations.size(); ++k) {
            if (!animations[k].slot) continue;
            auto& timelines = *animations[k].slot;
            for (std::size_t j = 0; j < timelines.size(); ++j) {
                if (!timelines[j].frame) continue;
                int count = 0;
                for (db::Frame& f : *timelines[j].frame)
                    if (f.z) f.z.reset(), ++count;
                const std::string where = fmt::format("/armature/{}/animation/{}/slot/{}/frame", a, k, j);
                if (count > 0 && where.rfind(armature_path + "/", 0) == 0)
                    report.add(where, "slot-frame \"z\" (4.x draw-order animation) of slot \"" + text(timelines[j].name) + "\"",
                               "dropped: DragonBones 5.x runtimes ignore it", count);
            }
        }
    }
    return out;
}

}  // namespace

std::optional<std::size_t> find_armature(const db::DragonBonesData& data, std::string_view name) {
    for (std::size_t i = 0; i < data.armature.size(); ++i)
        if (data.armature[i].name && *data.armature[i].name == name) return i;
    return std::nullopt;
}

Result<spine::SkeletonData> dragonbones_to_spine(const db::DragonBonesData& source, std::size_t armature, LossReport& report,
                                                 const DragonBonesToSpineOptions& options) {
    const std::string path = fmt::format("/armature/{}", armature);
    if (armature >= source.armature.size())
        return Error(fmt::format("no armature {} (the file has {})", armature, source.armature.size()), Location::at_path("/armature"));
    db::DragonBonesData data;
    try {
        LossReport upgrade;
        data = db::version_code(source) >= 55 ? source : db::convert_version(without_slot_z(source, path, report), "5.5", upgrade).value();
        for (Loss& l : upgrade.losses)
            if (l.where.rfind(path + "/", 0) == 0 || l.where == path || l.where.rfind("/armature/", 0) != 0)
                report.losses.push_back(std::move(l));
    } catch (const Error& e) {
        return e;
    }
    Context cx{.data = data, .armature = data.armature[armature], .path = path, .report = report};
    cx.curves_as_is = options.curves_as_is;
    cx.fps = db::frame_rate(data, cx.armature);
    if (!(cx.fps > 0)) cx.fps = 24;
    spine::SkeletonData sd;
    SetupConverter(cx, sd).run();
    convert_skins(cx, sd);
    convert_animations(cx, sd);
    if (Result<void> readable = check_spine_result(sd); !readable) return readable.error();
    return sd;
}

}  // namespace rigio::convert
