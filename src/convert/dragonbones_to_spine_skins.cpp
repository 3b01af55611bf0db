// DragonBones -> Spine 3.8: skins and their attachments (images, meshes with their bind poses and the
// mapping of ffd deltas, bounding boxes) and each slot's setup attachment.
#include <algorithm>
#include <cmath>
#include <numbers>
#include <fmt/core.h>

#include "dragonbones_to_spine_internal.hpp"

namespace rigio::convert::db2spine {

namespace db = dragonbones;

namespace {

class SkinConverter {
public:
    SkinConverter(Context& cx, spine::SkeletonData& sd) : cx_(cx), sd_(sd) {}

    void run() {
        const auto& list = cx_.armature.skin ? *cx_.armature.skin : db::Vector<db::Skin>{};
        const auto& slots = cx_.armature.slot ? *cx_.armature.slot : db::Vector<db::Slot>{};
        cx_.display_keys.assign(slots.size(), {});
        for (std::size_t si = 0; si < list.size(); ++si) {
            const db::Skin& skin = list[si];
            spine::Skin out;
            const bool is_default = si == 0;
            out.name = is_default ? std::string("default") : text(skin.name);
            if (skin.slot) {
                for (std::size_t k = 0; k < skin.slot->size(); ++k) {
                    const db::SkinSlot& ss = (*skin.slot)[k];
                    int slot = -1;
                    for (std::size_t j = 0; j < slots.size(); ++j)
                        if (text(slots[j].name) == text(ss.name)) slot = static_cast<int>(j);
                    const std::string where = fmt::format("/skin/{}/slot/{}", si, k);
                    if (slot < 0) {
                        loss(where, "skin slot naming no slot", "dropped");
                        continue;
                    }
                    spine::SkinSlot out_slot;
                    out_slot.slot = slot;
                    std::vector<std::optional<std::string>> keys;
                    if (ss.display) {
                        for (std::size_t d = 0; d < ss.display->size(); ++d)
                            keys.push_back(attachment(slot, (*ss.display)[d], where + fmt::format("/display/{}", d), out_slot, is_default));
                    }
                    if (is_default) cx_.display_keys[slot] = keys;
                    if (!out_slot.attachments.empty()) out.slots.push_back(std::move(out_slot));
                }
            }
            sd_.skins.push_back(std::move(out));
        }
        sd_.has_default_skin = !sd_.skins.empty();
        // Setup attachments: the display at each slot's displayIndex (default 0; -1 shows nothing).
        for (std::size_t i = 0; i < slots.size(); ++i) {
            const int shown = static_cast<int>(num(slots[i].displayIndex, 0));
            if (shown >= 0 && static_cast<std::size_t>(shown) < cx_.display_keys[i].size())
                sd_.slots[i].attachment = cx_.display_keys[i][shown];
        }
    }

    std::optional<std::string> attachment(int slot, const db::Display& d, const std::string& where, spine::SkinSlot& out,
                                          bool record_mesh) {
        std::string key = text(d.name);
        for (int n = 2; std::any_of(out.attachments.begin(), out.attachments.end(),
                                    [&](const spine::SkinAttachment& a) { return a.key == key; });
             ++n)
            key = text(d.name) + "#" + std::to_string(n);
        spine::Attachment a;
        const db::Transform* t = d.transform ? &*d.transform : nullptr;
        switch (db::display_type(d)) {
            case db::DisplayType::Image: {
                a.type = spine::AttachmentType::Region;
                if (d.path && *d.path != key) a.path = *d.path;
                if (t) {
                    a.x = float(num(t->x, 0));
                    a.y = float(-num(t->y, 0));
                    a.rotation = float(-num(t->skY, 0));
                    a.scale_x = float(num(t->scX, 1));
                    a.scale_y = float(num(t->scY, 1));
                    if (num(t->skX, 0) != num(t->skY, 0)) loss(where + "/transform", "skewed image display", "skew dropped");
                }
                if (d.pivot && (num(d.pivot->x, 0.5) != 0.5 || num(d.pivot->y, 0.5) != 0.5))
                    loss(where + "/pivot", "image pivot", "dropped: placing it needs the image size from the texture atlas");
                break;
            }
            case db::DisplayType::Mesh:
                if (!mesh(slot, key, d, where, a, record_mesh)) return std::nullopt;
                break;
            case db::DisplayType::BoundingBox: {
                a.type = spine::AttachmentType::BoundingBox;
                std::vector<double> points = bounding_box_points(d, where);
                if (points.empty()) return std::nullopt;
                const Affine m = from_transform(t);
                a.vertices.count = static_cast<int>(points.size() / 2);
                for (std::size_t i = 0; i + 1 < points.size(); i += 2) {
                    const double x = points[i], y = points[i + 1];
                    a.vertices.values.push_back(float(m.a * x + m.c * y + m.tx));
                    a.vertices.values.push_back(float(-(m.b * x + m.d * y + m.ty)));
                }
                break;
            }
            case db::DisplayType::Armature:
                loss(where, "sub-armature display \"" + text(d.name) + "\"", "dropped (Spine has no nested skeletons)");
                return std::nullopt;
            default:
                loss(where, "display of type " + (d.type ? d.type->text : std::string("?")), "dropped");
                return std::nullopt;
        }
        if (d.userData) loss(where + "/userData", "display userData", "dropped");
        out.attachments.push_back({key, std::move(a)});
        return key;
    }

    // A bounding box as polygon points (display space, y down): a polygon's own vertices; a rectangle's
    // four corners (DragonBones centres it on the display's origin; the default subType: exact); an ellipse's half axes
    // width/2 and height/2 sampled at 32 points (reported as approximated). Empty when it has none.
    std::vector<double> bounding_box_points(const db::Display& d, const std::string& where) {
        std::vector<double> out;
        const double w = num(d.width, 0) / 2, h = num(d.height, 0) / 2;
        const std::string kind = d.subType ? *d.subType : std::string("rectangle");  // DragonBones' default
        if (d.vertices) {
            for (const db::Num& v : *d.vertices) out.push_back(v.value());
            if (out.size() % 2) out.pop_back();
        } else if (kind == "rectangle" && w > 0 && h > 0) {
            out = {-w, -h, w, -h, w, h, -w, h};
        } else if (kind == "ellipse" && w > 0 && h > 0) {
            constexpr int kPoints = 32;
            for (int i = 0; i < kPoints; ++i) {
                const double angle = 2 * std::numbers::pi * i / kPoints;
                out.push_back(w * std::cos(angle));
                out.push_back(h * std::sin(angle));
            }
            loss(where, "bounding box ellipse", "approximated by a polygon of 32 points on it");
        } else {
            loss(where, "bounding box " + kind + " without vertices or size", "dropped");
        }
        return out;
    }

    bool mesh(int slot, const std::string& key, const db::Display& d, const std::string& where, spine::Attachment& a,
              bool record) {
        if (d.share) {
            loss(where + "/share", "shared (linked) mesh", "dropped");
            return false;
        }
        if (!d.vertices || !d.uvs || !d.triangles) {
            loss(where, "mesh without vertices, uvs or triangles", "dropped");
            return false;
        }
        a.type = spine::AttachmentType::Mesh;
        if (d.path && *d.path != key) a.path = *d.path;
        const auto& v = *d.vertices;
        const std::size_t count = v.size() / 2;
        a.vertices.count = static_cast<int>(count);
        for (const auto& u : *d.uvs) a.uvs.push_back(float(u.value()));
        for (const auto& tri : *d.triangles) a.triangles.push_back(static_cast<std::uint16_t>(tri.value()));
        a.hull = 0;
        if (d.edges) for (const auto& e : *d.edges) a.edges.push_back(static_cast<std::uint16_t>(e.value() * 2));
        if (a.uvs.size() != count * 2) {
            loss(where + "/uvs", "mesh whose uvs do not match its vertices", "dropped");
            return false;
        }
        MeshDeform deform;
        if (!d.weights) {
            const Affine m = from_transform(d.transform ? &*d.transform : nullptr);
            for (std::size_t i = 0; i < count; ++i) {
                const double x = v[2 * i].value(), y = v[2 * i + 1].value();
                a.vertices.values.push_back(float(m.a * x + m.c * y + m.tx));
                a.vertices.values.push_back(float(-(m.b * x + m.d * y + m.ty)));
                deform.pairs_per_vertex.push_back(1);
                deform.pair_linear.push_back({m.a, -m.b, m.c, -m.d});  // F * M: DragonBones delta in, Spine delta out
            }
        } else {
            if (!weighted(d, where, a, deform)) return false;
        }
        if (record) cx_.meshes[{slot, key}] = std::move(deform);
        return true;
    }

    // Weighted mesh: Spine stores, per (vertex, bone), the bind position in the bone's space:
    // inverse(bonePose) * slotPose * vertex (docs/formats/dragonbones.md, 9. Meshes and weights), y flipped.
    bool weighted(const db::Display& d, const std::string& where, spine::Attachment& a, MeshDeform& deform) {
        auto affine_at = [](const db::Vector<db::Num>& n, std::size_t i) {
            return Affine{n[i].value(), n[i + 1].value(), n[i + 2].value(), n[i + 3].value(), n[i + 4].value(), n[i + 5].value()};
        };
        Affine slot_pose;
        if (d.slotPose && d.slotPose->size() >= 6) slot_pose = affine_at(*d.slotPose, 0);
        std::map<int, Affine> bind;
        if (d.bonePose)
            for (std::size_t i = 0; i + 7 <= d.bonePose->size(); i += 7)
                bind[static_cast<int>((*d.bonePose)[i].value())] = inverse(affine_at(*d.bonePose, i + 1));
        const auto& w = *d.weights;
        const auto& v = *d.vertices;
        a.vertices.weighted = true;
        std::size_t at = 0;
        for (std::size_t i = 0; i < v.size() / 2; ++i) {
            if (at >= w.size()) {
                loss(where + "/weights", "weights shorter than the vertices", "mesh dropped");
                return false;
            }
            const int n = static_cast<int>(w[at++].value());
            if (n < 0 || at + 2 * static_cast<std::size_t>(n) > w.size()) {
                loss(where + "/weights", "malformed weights", "mesh dropped");
                return false;
            }
            a.vertices.bones.push_back(n);
            deform.pairs_per_vertex.push_back(n);
            const Affine sv = slot_pose;
            const double x = v[2 * i].value(), y = v[2 * i + 1].value();
            const double px = sv.a * x + sv.c * y + sv.tx, py = sv.b * x + sv.d * y + sv.ty;
            for (int k = 0; k < n; ++k) {
                const int db_bone = static_cast<int>(w[at++].value());
                const double weight = w[at++].value();
                const int bone = bone_of(db_bone);
                if (bone < 0) {
                    loss(where + "/weights", "weight naming no bone", "mesh dropped");
                    return false;
                }
                const Affine inv = bind.count(db_bone) ? bind[db_bone] : Affine{};
                a.vertices.bones.push_back(bone);
                a.vertices.values.push_back(float(inv.a * px + inv.c * py + inv.tx));
                a.vertices.values.push_back(float(-(inv.b * px + inv.d * py + inv.ty)));
                a.vertices.values.push_back(float(weight));
                const Affine l = inv * Affine{sv.a, sv.b, sv.c, sv.d, 0, 0};
                deform.pair_linear.push_back({l.a, -l.b, l.c, -l.d});  // F * L
            }
        }
        return true;
    }

private:
    void loss(const std::string& where, const std::string& feature, const std::string& action) {
        cx_.report.add(cx_.path + where, feature, action);
    }

    int bone_of(int db_index) const {
        return db_index >= 0 && static_cast<std::size_t>(db_index) < cx_.bone_index.size() ? cx_.bone_index[db_index] : -1;
    }

    Context& cx_;
    spine::SkeletonData& sd_;
};

}  // namespace

void convert_skins(Context& cx, spine::SkeletonData& sd) { SkinConverter(cx, sd).run(); }

}  // namespace rigio::convert::db2spine
