// Spine 3.8 -> DragonBones 5.5: the setup part (bones, slots, IK, skins and displays).
// Animations are in spine_to_dragonbones_animation.cpp.
#include "rigio/convert/spine_to_dragonbones.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <fmt/core.h>

#include "rigio/dragonbones/version.hpp"
#include "rigio/spine/runtime/data.hpp"
#include "rigio/spine/runtime/skeleton.hpp"
#include "spine_to_dragonbones_internal.hpp"

namespace rigio::convert {

namespace db = dragonbones;
using namespace spine2db;

namespace {

db::Num number(double v) { return db::Num(v); }

db::Vector<db::Num> numbers(const std::vector<double>& v) { return {v.begin(), v.end()}; }

// A weighted vertex whose bones place it d px apart at setup can end up to 2d off when they turn apart;
// editors round bind positions (most meshes disagree by 0.003-0.02 px), so disagreement is reported from
// 0.025 px, where that bound reaches 0.05 px.
constexpr double kApart = 0.025;

// Spine colour byte -> DragonBones percent (whole numbers: the runtimes read them as integers).
double percent(std::uint32_t byte) { return std::round(byte * 100.0 / 255.0); }

class SetupConverter {
public:
    SetupConverter(Context& cx, db::Armature& out) : cx_(cx), sd_(cx.sd), out_(out) {}

    void run() {
        bones();
        slots();
        ik();
        constraints();
        skins();
        for (const auto& [what, count] : aggregated_)
            cx_.report.add("/skins", what.first, what.second, count);
    }

private:
    void loss(std::string where, std::string feature, std::string action) {
        cx_.report.add(std::move(where), std::move(feature), std::move(action));
    }

    void bones() {
        db::Vector<db::Bone> list;
        for (std::size_t i = 0; i < sd_.bones.size(); ++i) {
            const spine::Bone& b = sd_.bones[i];
            const std::string where = fmt::format("/bones/{}", i);
            db::Bone o;
            o.name = name_of(b.name);
            if (b.parent >= 0) {
                o.parent = name_of(sd_.bones[b.parent].name);
                o.parent_index = b.parent;
            }
            db::Transform t;
            if (b.x != 0) t.x = number(b.x);
            if (b.y != 0) t.y = number(-b.y);
            const double skX = -(double(b.rotation) + b.shear_y), skY = -(double(b.rotation) + b.shear_x);
            if (skX != 0) t.skX = number(skX);
            if (skY != 0) t.skY = number(skY);
            if (b.scale_x != 1) t.scX = number(b.scale_x);
            if (b.scale_y != 1) t.scY = number(b.scale_y);
            o.transform = t;
            if (b.length != 0) o.length = number(b.length);
            using M = spine::TransformMode;
            if (b.transform == M::NoScale || b.transform == M::NoScaleOrReflection || b.transform == M::OnlyTranslation)
                o.inheritScale = db::Flag(false);
            if (b.transform == M::NoRotationOrReflection || b.transform == M::OnlyTranslation)
                o.inheritRotation = db::Flag(false);
            if (b.transform != M::Normal)
                loss(where + "/transform", "transform mode", "mapped to inheritScale/inheritRotation false, whose formula differs for sheared or unevenly scaled parents");
            if (b.skin_required) loss(where + "/skin", "skin-required bone", "always active");
            list.push_back(std::move(o));
        }
        out_.bone = std::move(list);
    }

    void slots() {
        db::Vector<db::Slot> list;
        for (std::size_t i = 0; i < sd_.slots.size(); ++i) {
            const spine::Slot& s = sd_.slots[i];
            const std::string where = fmt::format("/slots/{}", i);
            db::Slot o;
            o.name = name_of(s.name);
            o.parent = name_of(sd_.bones[s.bone].name);
            o.parent_index = s.bone;
            if (s.color != 0xFFFFFFFFu) o.color = color(s.color, where + "/color");
            if (s.dark) loss(where + "/dark", "two-colour tint", "dark colour dropped");
            switch (s.blend) {
                case spine::BlendMode::Normal: break;
                case spine::BlendMode::Additive: o.blendMode = db::RawJson{"\"add\""}; break;
                case spine::BlendMode::Multiply: o.blendMode = db::RawJson{"\"multiply\""}; break;
                case spine::BlendMode::Screen: o.blendMode = db::RawJson{"\"screen\""}; break;
            }
            list.push_back(std::move(o));
        }
        out_.slot = std::move(list);
    }

    db::ColorTransform color(spine::Rgba c, const std::string& where) {
        db::ColorTransform t;
        const std::uint32_t r = c >> 24, g = (c >> 16) & 0xFF, b = (c >> 8) & 0xFF, a = c & 0xFF;
        if (r != 255) t.rM = number(percent(r));
        if (g != 255) t.gM = number(percent(g));
        if (b != 255) t.bM = number(percent(b));
        if (a != 255) t.aM = number(percent(a));
        for (std::uint32_t v : {r, g, b, a})
            if (std::lround(percent(v) * 2.55) != static_cast<long>(v)) {
                loss(where, "colour", "rounded to whole percent");
                break;
            }
        return t;
    }

    void ik() {
        // DragonBones has no constraint order: the array is written in Spine's order of application.
        std::vector<std::size_t> by_order(sd_.ik.size());
        for (std::size_t i = 0; i < by_order.size(); ++i) by_order[i] = i;
        std::stable_sort(by_order.begin(), by_order.end(), [&](std::size_t a, std::size_t b) { return sd_.ik[a].order < sd_.ik[b].order; });
        db::Vector<db::IkConstraint> list;
        for (std::size_t i : by_order) {
            const spine::IkConstraint& k = sd_.ik[i];
            const std::string where = fmt::format("/ik/{}", i);
            if (k.bones.empty() || k.bones.size() > 2) continue;
            db::IkConstraint o;
            o.name = name_of(k.name);
            o.bone_index = k.bones.back();
            o.bone = name_of(sd_.bones[k.bones.back()].name);
            o.target_index = k.target;
            o.target = name_of(sd_.bones[k.target].name);
            if (k.bones.size() == 2) o.chain = number(1);
            if (k.bend_direction > 0) o.bendPositive = db::Flag(false);
            if (k.mix != 1) o.weight = number(k.mix);
            if (k.softness != 0 || k.compress || k.stretch || k.uniform)
                loss(where, "IK softness, compress, stretch or uniform", "dropped");
            list.push_back(std::move(o));
        }
        if (!list.empty()) out_.ik = std::move(list);
    }

    void constraints() {
        for (std::size_t i = 0; i < sd_.transform.size(); ++i)
            loss(fmt::format("/transform/{}", i), "transform constraint \"" + name_of(sd_.transform[i].name) + "\"", "dropped");
        for (std::size_t i = 0; i < sd_.path.size(); ++i)
            loss(fmt::format("/path/{}", i), "path constraint \"" + name_of(sd_.path[i].name) + "\"", "dropped");
    }

    // Setup world matrices in DragonBones axes (y down), for weighted meshes' bind poses.
    void world_matrices() {
        if (!world_.empty()) return;
        const spine::runtime::RuntimeData data = spine::runtime::prepare(sd_).value();
        spine::runtime::Skeleton sk(data);
        sk.set_to_setup_pose();
        sk.update_world_transform();
        for (const auto& b : sk.bones) world_.push_back({b.a, -b.c, -b.b, b.d, b.world_x, -b.world_y});
    }

    void skins() {
        cx_.displays.assign(sd_.slots.size(), {});
        db::Vector<db::Skin> list;
        for (std::size_t si = 0; si < sd_.skins.size(); ++si) {
            const spine::Skin& skin = sd_.skins[si];
            const bool is_default = si == 0 && sd_.has_default_skin;
            db::Skin o;
            o.name = is_default ? std::string() : name_of(skin.name);
            db::Vector<db::SkinSlot> slots;
            for (const spine::SkinSlot& ss : skin.slots) {
                db::SkinSlot os;
                os.name = name_of(sd_.slots[ss.slot].name);
                db::Vector<db::Display> displays;
                for (const spine::SkinAttachment& a : ss.attachments) {
                    const std::string key = name_of(a.key);
                    const std::string where = fmt::format("/skins/{}/attachments/{}/{}", si, name_of(sd_.slots[ss.slot].name), key);
                    std::optional<db::Display> d = display(ss.slot, key, a.attachment, where, is_default);
                    if (!d) continue;
                    displays.push_back(std::move(*d));
                    if (is_default) cx_.displays[ss.slot].push_back(key);
                }
                os.display = std::move(displays);
                slots.push_back(std::move(os));
            }
            if (!skin.bones.empty() || !skin.ik.empty() || !skin.transform.empty() || !skin.path.empty())
                loss(fmt::format("/skins/{}", si), "skin bones and constraints", "dropped (always active)");
            o.slot = std::move(slots);
            list.push_back(std::move(o));
        }
        out_.skin = std::move(list);
        // displayIndex: the setup attachment's place in the slot's display list; -1 when none.
        for (std::size_t i = 0; i < sd_.slots.size(); ++i) {
            int index = -1;
            const auto& keys = cx_.displays[i];
            for (std::size_t k = 0; k < keys.size(); ++k)
                if (sd_.slots[i].attachment && keys[k] == *sd_.slots[i].attachment) index = static_cast<int>(k);
            if (index != 0) (*out_.slot)[i].displayIndex = number(index);
        }
    }

    void aggregate(const std::string& feature, const std::string& action) { ++aggregated_[{feature, action}]; }

    std::optional<db::Display> display(int slot, const std::string& key, const spine::Attachment& a, const std::string& where,
                                       bool is_default) {
        db::Display d;
        d.name = key;
        const std::string path = a.path ? a.path->str() : name_of(a.name).empty() ? key : name_of(a.name);
        if (path != key) d.path = path;
        using T = spine::AttachmentType;
        switch (a.type) {
            case T::Region: {
                db::Transform t;
                if (a.x != 0) t.x = number(a.x);
                if (a.y != 0) t.y = number(-a.y);
                if (a.rotation != 0) t.skX = t.skY = number(-a.rotation);
                if (a.scale_x != 1) t.scX = number(a.scale_x);
                if (a.scale_y != 1) t.scY = number(a.scale_y);
                d.transform = t;
                aggregate("region width and height", "dropped (DragonBones takes image sizes from the texture atlas)");
                if (a.color != 0xFFFFFFFFu) loss(where, "attachment tint", "dropped");
                return d;
            }
            case T::Mesh: {
                d.type = db::RawJson{"\"mesh\""};
                std::vector<double> uvs(a.uvs.begin(), a.uvs.end()), tris(a.triangles.begin(), a.triangles.end());
                d.uvs = numbers(uvs);
                d.triangles = numbers(tris);
                if (a.width != 0 || a.height != 0) d.width = number(a.width), d.height = number(a.height);
                if (!a.vertices.weighted) {
                    std::vector<double> v;
                    for (std::size_t i = 0; i + 1 < a.vertices.values.size(); i += 2) {
                        v.push_back(a.vertices.values[i]);
                        v.push_back(-a.vertices.values[i + 1]);
                    }
                    d.vertices = numbers(v);
                } else {
                    weighted(slot, key, a, d, is_default, where);
                }
                if (a.color != 0xFFFFFFFFu) loss(where, "attachment tint", "dropped");
                if (!a.edges.empty() || a.hull != 0) aggregate("mesh hull and edges (editor data)", "dropped");
                return d;
            }
            case T::BoundingBox: {
                if (a.vertices.weighted) break;
                d.type = db::RawJson{"\"boundingBox\""};
                d.subType = "polygon";
                std::vector<double> v;
                for (std::size_t i = 0; i + 1 < a.vertices.values.size(); i += 2) {
                    v.push_back(a.vertices.values[i]);
                    v.push_back(-a.vertices.values[i + 1]);
                }
                d.vertices = numbers(v);
                return d;
            }
            default: break;
        }
        static const char* kNames[] = {"region", "bounding box", "mesh", "linked mesh", "path", "point", "clipping"};
        loss(where, std::string(kNames[static_cast<int>(a.type)]) + (a.vertices.weighted ? " (weighted)" : "") + " attachment", "dropped");
        return std::nullopt;
    }

    // A weighted mesh: DragonBones keeps one armature-space position per vertex (slotPose identity) and
    // each bone's bind matrix (bonePose); here the setup pose is the bind pose.
    // DragonBones keeps one setup position per vertex (slot space) and derives each bone's bind position
    // from it; Spine keeps one per (vertex, bone). Where a vertex's bones put it in different places at
    // setup (only their weighted average is seen there), poses that move those bones apart differ: that
    // is reported with the largest distance.
    void weighted(int slot, const std::string& key, const spine::Attachment& a, db::Display& d, bool is_default, const std::string& where) {
        world_matrices();
        std::vector<double> verts, weights;
        std::map<int, bool> used;
        WeightedMesh mesh;
        std::size_t b = 0, v = 0;
        double apart = 0;  // largest distance of a (vertex, bone) setup position from the vertex's average
        int apart_vertices = 0;
        std::vector<std::array<double, 2>> points;
        const auto& bones = a.vertices.bones;
        const auto& values = a.vertices.values;
        for (int i = 0; i < a.vertices.count && b < bones.size(); ++i) {
            const int n = bones[b++];
            double x = 0, y = 0;
            points.clear();
            weights.push_back(n);
            mesh.pairs_per_vertex.push_back(n);
            for (int j = 0; j < n && b < bones.size() && v + 2 < values.size() + 1; ++j) {
                const int bone = bones[b++];
                const double lx = values[v], ly = -values[v + 1], w = values[v + 2];
                v += 3;
                const auto& m = world_[bone];
                points.push_back({m[0] * lx + m[2] * ly + m[4], m[1] * lx + m[3] * ly + m[5]});
                x += points.back()[0] * w;
                y += points.back()[1] * w;
                weights.push_back(bone);
                weights.push_back(w);
                used[bone] = true;
                mesh.weights.push_back(w);
                mesh.linear.push_back({m[0], m[1], m[2], m[3]});
            }
            verts.push_back(x);
            verts.push_back(y);
            double far = 0;
            for (const auto& p : points) far = std::max(far, std::hypot(p[0] - x, p[1] - y));
            if (far > kApart) ++apart_vertices;
            apart = std::max(apart, far);
        }
        if (apart_vertices > 0)
            loss(where, fmt::format("weighted mesh whose bones place {} vertices apart at setup (up to {:.3g} px)", apart_vertices, apart),
                 "one setup position per vertex kept: poses that move those bones differently differ");
        std::vector<double> pose;
        for (const auto& [bone, _] : used) {
            pose.push_back(bone);
            for (double m : world_[bone]) pose.push_back(m);
        }
        d.vertices = numbers(verts);
        d.weights = numbers(weights);
        d.slotPose = numbers({1, 0, 0, 1, 0, 0});
        d.bonePose = numbers(pose);
        if (is_default) cx_.weighted[{slot, key}] = std::move(mesh);
    }

    Context& cx_;
    const spine::SkeletonData& sd_;
    db::Armature& out_;
    std::vector<std::array<double, 6>> world_;
    std::map<std::pair<std::string, std::string>, int> aggregated_;
};

}  // namespace

namespace {

db::DragonBonesData convert_skeleton(const spine::SkeletonData& sd, LossReport& report, const SpineToDragonBonesOptions& options) {
    Context cx{.sd = sd, .report = report};
    db::DragonBonesData data;
    data.name = options.name;
    data.version = "5.5";
    data.compatibleVersion = "5.5";
    db::Armature arm;
    arm.name = options.name;
    arm.type = "Armature";
    if (sd.header.width != 0 || sd.header.height != 0) {
        db::Rectangle r;
        r.x = db::Num(sd.header.x);
        r.y = db::Num(-(double(sd.header.y) + sd.header.height));
        r.width = db::Num(sd.header.width);
        r.height = db::Num(sd.header.height);
        arm.aabb = r;
    }
    SetupConverter(cx, arm).run();
    db::Vector<db::Animation> animations = convert_animations(cx);  // also picks the frame rate
    data.frameRate = db::Num(cx.fps);
    arm.frameRate = db::Num(cx.fps);
    if (!animations.empty()) arm.animation = std::move(animations);
    data.armature.push_back(std::move(arm));
    return data;
}

}  // namespace

Result<db::DragonBonesData> spine_to_dragonbones(const spine::SkeletonData& sd, LossReport& report, const SpineToDragonBonesOptions& options) {
    Result<db::DragonBonesData> data = capture([&] { return convert_skeleton(sd, report, options); });
    if (!data) return data;
    if (Result<void> readable = db::check_readable(data.value(), "DragonBones armature"); !readable) return readable.error();
    return data;
}

}  // namespace rigio::convert
