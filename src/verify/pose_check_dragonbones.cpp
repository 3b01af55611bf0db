// DragonBones references ("dragonbones-oracle-pose/1", shared/golden/dragonbones/README.md): every
// armature's converted Spine skeleton is posed at each sample and compared with everything the sample
// holds, matched by name, after the y flip: bone world matrices, slot visibility (displayIndex), colour,
// draw order (zOrder) and mesh world vertices; the setup pose too, and the hierarchy ("parents",
// "slotBones"; helper bones the conversion adds are looked through). Nothing is skipped:
// - "beforeEdge" samples (the runtime evaluated just before t, README "Sampling procedure"): each item
//   (one bone, one slot's visibility or colour, the draw order, one mesh) must match rigio at t or just
//   before t (t - eps, eps = max(1e-6, 4 ulp(duration))): stepped keys starting at that frame need the
//   latter, fast tweens the former (the runtime's time is within 1e-6 of t).
// - a sample whose t overshoots the duration (float32 arithmetic) is what the runtime played after
//   wrapping to the start: it is compared with rigio's pose at t = 0.
// Tolerances (README "Recommended tolerances"): a-d 1e-4 * max(1, |ref|), positions and vertices
// 1e-3 + 1e-5 * |ref| px, each plus the animation's curveDev (the runtime's coarse Bezier sampling, given
// by the reference). Two allowances the README asks for without numbers, derived from the references:
// - animations with Bezier curves or easing (README "Comparing with a Spine skeleton", Curves): 2e-4 in
//   a-d and 0.06 px, because curveDev bounds the runtime against a dense variant that still truncates
//   progress to int16 y*10000 and bisects to 1e-4, and Spine samples each Bezier piece in 10 segments
//   (the corpus needs up to 0.029 px / 1.9e-4 beyond curveDev; see shared/checks/lib/dbpose.py).
// - rigio's Spine runtime computes in float32 as the official one does, so its own rounding along a bone
//   chain comes on top of the README's budget for the reference's: 5e-6 * |ref| more on every value
//   (stagexl_demon's fingers, 157 px from the root after a long chain, are 0.0004 px beyond the README's
//   1e-3 + 1e-5 * |ref| without it; shared/checks/lib/dbpose.py adds the same for its printed poses).
// - colour multipliers: 0.0125 instead of 1e-3, because a Spine colour is 8 bits per channel (half a step
//   is 0.00196) and the runtime keeps multipliers as int16 percent, truncated (up to 0.01 off).
#include <cstring>
#include <map>
#include <optional>
#include <set>
#include <unordered_map>

#include "pose_check_internal.hpp"
#include "rigio/dragonbones/model.hpp"
#include "rigio/spine/runtime/animation.hpp"
#include "rigio/spine/runtime/skeleton.hpp"
#include "rigio/spine/runtime/vertices.hpp"

namespace rigio::verify::detail {

namespace rt = spine::runtime;
namespace db = dragonbones;

namespace {

constexpr double kEasedMatrix = 2e-4, kEasedPx = 0.06, kColour = 0.0125;

constexpr double kFloat32 = 5e-6;
double tol_matrix(double ref, double extra) { return 1e-4 * std::max(1.0, std::fabs(ref)) + kFloat32 * std::fabs(ref) + extra; }
double tol_px(double ref, double extra) { return 1e-3 + (1e-5 + kFloat32) * std::fabs(ref) + extra; }

// --- what the source says about an armature ---------------------------------------------------------

enum class Kind { None, Image, Mesh, BoundingBox, Armature, Path, Other };

// Per slot name, the kinds of the displays of the runtime's default skin (the one named "default" or
// unnamed, else the first), in display-index order.
std::map<std::string, std::vector<Kind>> display_kinds(const db::Armature& arm) {
    std::map<std::string, std::vector<Kind>> out;
    if (!arm.skin || arm.skin->empty()) return out;
    const db::Skin* skin = &arm.skin->front();
    for (const db::Skin& s : *arm.skin)
        if (!s.name || s.name->empty() || *s.name == "default") {
            skin = &s;
            break;
        }
    if (!skin->slot) return out;
    for (const db::SkinSlot& slot : *skin->slot) {
        std::vector<Kind>& kinds = out[slot.name.value_or("")];
        if (!slot.display) continue;
        for (const db::Display& d : *slot.display) {
            if (!d.name && !d.type && !d.path) {
                kinds.push_back(Kind::None);
                continue;
            }
            switch (db::display_type(d)) {
                case db::DisplayType::Image: kinds.push_back(Kind::Image); break;
                case db::DisplayType::Mesh: kinds.push_back(Kind::Mesh); break;
                case db::DisplayType::BoundingBox: kinds.push_back(Kind::BoundingBox); break;
                case db::DisplayType::Armature: kinds.push_back(Kind::Armature); break;
                case db::DisplayType::Path: kinds.push_back(Kind::Path); break;
                default: kinds.push_back(Kind::Other); break;
            }
        }
    }
    return out;
}

bool eased(const db::Frames& frames) {
    for (const db::Frame& f : frames) {
        if (f.curve && !f.curve->empty()) return true;
        if (f.tweenEasing && f.tweenEasing->raw().empty() && std::isfinite(f.tweenEasing->value()) && f.tweenEasing->value() != 0 &&
            f.tweenEasing->value() != -2)
            return true;
    }
    return false;
}

// Names of the animations with Bezier curves or easing other than linear and step.
std::set<std::string> eased_animations(const db::Armature& arm) {
    std::set<std::string> out;
    if (!arm.animation) return out;
    for (const db::Animation& a : *arm.animation) {
        bool any = false;
        auto frames = [&](const std::optional<db::Frames>& f) { any = any || (f && eased(*f)); };
        frames(a.frame);
        if (a.zOrder) frames(a.zOrder->frame);
        if (a.bone)
            for (const auto& t : *a.bone) frames(t.frame), frames(t.translateFrame), frames(t.rotateFrame), frames(t.scaleFrame);
        if (a.slot)
            for (const auto& t : *a.slot) frames(t.frame), frames(t.displayFrame), frames(t.colorFrame);
        if (a.ffd)
            for (const auto& t : *a.ffd) frames(t.frame);
        if (any) out.insert(a.name.value_or(""));
    }
    return out;
}

// --- one item compared against one or two poses --------------------------------------------------------

// How far one candidate pose is from the reference for one item: the worst error / tolerance, the
// largest absolute difference, and what to say when it fails.
struct Fit {
    double ratio = 0;
    double diff = 0;
    std::string text;
    void note(double error, double tolerance, const std::string& what) {
        diff = std::max(diff, error);
        const double r = tolerance > 0 ? error / tolerance : (error > 0 ? INFINITY : 0);
        if (r > ratio || (text.empty() && r > 1)) {
            ratio = r;
            text = what;
        }
    }
};

struct Armature {
    const rt::RuntimeData* data = nullptr;
    std::vector<std::string> bones, slots;       // the reference's names
    std::vector<int> bone_of, slot_of;           // reference index -> Spine index, -1 when missing
    std::map<std::string, std::vector<Kind>> kinds;
    bool know_kinds = false;
    std::set<std::string> eased;
};

// The reference sample `so` against poses `cands` (rigio at t, then possibly just before t).
class SampleCompare {
public:
    SampleCompare(const Armature& arm, Tally& tally, double extra_matrix, double extra_px)
        : arm_(arm), tally_(tally), extra_matrix_(extra_matrix), extra_px_(extra_px) {}

    void run(simdjson::dom::object so, JsonPath& path, const std::vector<const rt::Skeleton*>& cands) {
        cands_ = cands;
        bones(so, path);
        slots(so, path);
        if (auto m = io::member(so, "meshes")) {
            JsonPath::Scope at(path, "meshes");
            meshes(*m, path);
        }
    }

private:
    // Keeps the candidate that fits best; counts `values` compared.
    template <class Measure>
    void item(std::size_t values, Measure measure) {
        Fit best;
        best.ratio = INFINITY;
        for (const rt::Skeleton* sk : cands_) {
            Fit f = measure(*sk);
            if (f.ratio < best.ratio || (best.ratio == INFINITY && f.ratio == INFINITY)) best = std::move(f);
        }
        tally_.check().values += values;
        if (std::isfinite(best.diff)) tally_.check().largest = std::max(tally_.check().largest, best.diff);
        if (best.ratio > 1) tally_.mismatch(best.text);
    }

    void bones(simdjson::dom::object so, JsonPath& path) {
        static constexpr const char* kFields[6] = {"a", "b", "c", "d", "x", "y"};
        JsonPath::Scope at(path, "bones");
        const simdjson::dom::array list = io::as_array(required(so, "bones", path), path);
        if (list.size() != arm_.bones.size()) path.fail(fmt::format("{} bones listed, {} given", arm_.bones.size(), list.size()));
        std::size_t i = 0;
        std::vector<double> m;
        for (element e : list) {
            JsonPath::Scope at_bone(path, i);
            const std::string& name = arm_.bones[i];
            const int mine = arm_.bone_of[i++];
            if (numbers(e, path, m) != 6) path.fail("a bone matrix holds 6 numbers");
            if (mine < 0) {
                tally_.mismatch("the converted skeleton has no bone \"" + name + "\"");
                continue;
            }
            // y down (reference) to y up (Spine): (a, b, c, d, tx, ty) -> (a, -c, -b, d, tx, -ty) in Spine's names.
            const double want[6] = {m[0], -m[2], -m[1], m[3], m[4], -m[5]};
            item(6, [&](const rt::Skeleton& sk) {
                const rt::BoneState& s = sk.bones[static_cast<std::size_t>(mine)];
                const double got[6] = {s.a, s.b, s.c, s.d, s.world_x, s.world_y};
                Fit f;
                if (!s.active) {
                    f.note(INFINITY, 0, "bone \"" + name + "\" is inactive");
                    return f;
                }
                for (int k = 0; k < 6; ++k) {
                    const double tol = k < 4 ? tol_matrix(want[k], extra_matrix_) : tol_px(want[k], extra_px_);
                    f.note(std::fabs(got[k] - want[k]), tol,
                           fmt::format("bone \"{}\" {}: want {:.6g}, got {:.6g}", name, kFields[k], want[k], got[k]));
                }
                return f;
            });
        }
    }

    void slots(simdjson::dom::object so, JsonPath& path) {
        JsonPath::Scope at(path, "slots");
        const simdjson::dom::array list = io::as_array(required(so, "slots", path), path);
        if (list.size() != arm_.slots.size()) path.fail(fmt::format("{} slots listed, {} given", arm_.slots.size(), list.size()));
        std::vector<std::pair<double, std::size_t>> by_z;  // (zOrder, reference slot)
        std::size_t i = 0;
        std::vector<double> colour;
        for (element e : list) {
            JsonPath::Scope at_slot(path, i);
            const std::size_t index = i++;
            const simdjson::dom::array f = io::as_array(e, path);
            if (f.size() != 3) path.fail("a slot entry holds displayIndex, colour and zOrder");
            const std::int64_t display = [&] {
                JsonPath::Scope at_display(path, std::size_t{0});
                return io::as_integer(f.at(0), path);
            }();
            {
                JsonPath::Scope at_colour(path, std::size_t{1});
                if (f.at(1).is_null()) colour.assign({1, 1, 1, 1, 0, 0, 0, 0});
                else if (numbers(f.at(1), path, colour) != 8) path.fail("a colour holds aM, rM, gM, bM, aO, rO, gO, bO");
            }
            {
                JsonPath::Scope at_z(path, std::size_t{2});
                by_z.emplace_back(io::as_number(f.at(2), path), index);
            }
            const std::string& name = arm_.slots[index];
            const int mine = arm_.slot_of[index];
            if (mine < 0) {
                tally_.mismatch("the converted skeleton has no slot \"" + name + "\"");
                continue;
            }
            if (const std::optional<bool> shown = expected_visible(name, display)) {
                item(1, [&](const rt::Skeleton& sk) {
                    Fit fit;
                    const bool has = sk.slots[static_cast<std::size_t>(mine)].attachment >= 0;
                    if (has != *shown)
                        fit.note(INFINITY, 0, fmt::format("slot \"{}\": displayIndex {}, {}", name, display, has ? "an attachment is shown" : "nothing is shown"));
                    return fit;
                });
            }
            const double want[4] = {colour[1], colour[2], colour[3], colour[0]};  // Spine r, g, b, a
            item(4, [&](const rt::Skeleton& sk) {
                const rt::Color& c = sk.slots[static_cast<std::size_t>(mine)].color;
                const double got[4] = {c.r, c.g, c.b, c.a};
                Fit fit;
                for (int k = 0; k < 4; ++k)
                    fit.note(std::fabs(got[k] - want[k]), kColour,
                             fmt::format("slot \"{}\" colour {}: want {:.4g}, got {:.4g}", name, "rgba"[k], want[k], got[k]));
                return fit;
            });
            tally_.check().values += 1;
            if (colour[4] != 0 || colour[5] != 0 || colour[6] != 0 || colour[7] != 0)
                tally_.mismatch(fmt::format("slot \"{}\": colour offsets ({}, {}, {}, {}) that Spine cannot show", name, colour[4], colour[5], colour[6],
                                            colour[7]));
        }
        // Draw order: the reference's slots sorted by zOrder, against rigio's draw order restricted to them.
        std::stable_sort(by_z.begin(), by_z.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
        std::vector<int> want;
        for (const auto& [z, index] : by_z) want.push_back(arm_.slot_of[index]);
        if (std::find(want.begin(), want.end(), -1) != want.end()) return;
        item(1, [&](const rt::Skeleton& sk) {
            std::vector<bool> listed(sk.slots.size());
            for (int s : want) listed[static_cast<std::size_t>(s)] = true;
            std::vector<int> got;
            for (int s : sk.draw_order)
                if (listed[static_cast<std::size_t>(s)]) got.push_back(s);
            Fit fit;
            for (std::size_t k = 0; k < want.size(); ++k)
                if (k >= got.size() || got[k] != want[k]) {
                    const auto name = [&](int s) { return s < 0 ? std::string("nothing") : "\"" + arm_.data->data->slots[static_cast<std::size_t>(s)].name.value_or("") + "\""; };
                    fit.note(INFINITY, 0, fmt::format("draw order {}: want slot {}, got {}", k, name(want[k]), name(k < got.size() ? got[k] : -1)));
                    break;
                }
            return fit;
        });
    }

    void meshes(element list, JsonPath& path) {
        std::size_t i = 0;
        std::vector<double> verts;
        std::vector<float> world(static_cast<std::size_t>(std::max(arm_.data->max_world_vertices, 0)));
        for (element e : io::as_array(list, path)) {
            JsonPath::Scope at(path, i++);
            const simdjson::dom::array m = io::as_array(e, path);
            if (m.size() != 2) path.fail("a mesh entry holds a slot index and its vertices");
            std::int64_t slot = 0;
            {
                JsonPath::Scope at_slot(path, std::size_t{0});
                slot = io::as_integer(m.at(0), path);
                if (slot < 0 || static_cast<std::size_t>(slot) >= arm_.slots.size()) path.fail("no such slot");
            }
            {
                JsonPath::Scope at_verts(path, std::size_t{1});
                numbers(m.at(1), path, verts);
            }
            const std::string& name = arm_.slots[static_cast<std::size_t>(slot)];
            const int mine = arm_.slot_of[static_cast<std::size_t>(slot)];
            if (mine < 0) continue;  // reported with the slots
            item(verts.size(), [&](const rt::Skeleton& sk) {
                Fit fit;
                const int n = rt::slot_world_vertices(sk, mine, world.data());
                if (static_cast<std::size_t>(n) != verts.size()) {
                    fit.note(INFINITY, 0, fmt::format("slot \"{}\": {} mesh vertices expected, got {}", name, verts.size() / 2, n / 2));
                    return fit;
                }
                for (std::size_t k = 0; k < verts.size(); ++k) {
                    const double want = k % 2 ? -verts[k] : verts[k];
                    fit.note(std::fabs(world[k] - want), tol_px(want, extra_px_),
                             fmt::format("slot \"{}\" vertex {} {}: want {:.6g}, got {:.6g}", name, k / 2, k % 2 ? "y" : "x", want, world[k]));
                }
                return fit;
            });
        }
    }

    // Whether rigio must show an attachment for a display index; nullopt: not comparable (a child
    // armature has no Spine equivalent and a path display draws nothing: losses the converter reports).
    std::optional<bool> expected_visible(const std::string& slot, std::int64_t display) const {
        if (display < 0) return false;
        if (!arm_.know_kinds) return true;
        const auto it = arm_.kinds.find(slot);
        if (it == arm_.kinds.end() || static_cast<std::size_t>(display) >= it->second.size()) return false;
        const Kind k = it->second[static_cast<std::size_t>(display)];
        if (k == Kind::None) return false;
        if (k == Kind::Armature || k == Kind::Path) return std::nullopt;
        return true;
    }

    const Armature& arm_;
    Tally& tally_;
    double extra_matrix_, extra_px_;
    std::vector<const rt::Skeleton*> cands_;
};

std::vector<std::string> names(simdjson::dom::object obj, std::string_view key, JsonPath& path) {
    JsonPath::Scope at(path, key);
    std::vector<std::string> out;
    std::size_t i = 0;
    for (element e : io::as_array(required(obj, key, path), path)) {
        JsonPath::Scope at_name(path, i++);
        out.emplace_back(io::as_string(e, path));
    }
    return out;
}

// The reference's hierarchy ("parents": each bone's parent, "slotBones": each slot's bone, as indices into
// "bones") against the converted skeleton's, by name. Helper bones the conversion inserts (not in the
// reference) are looked through: a bone's nearest ancestor that the reference lists must be its parent,
// where a helper named "X.suffix" (the conversion's X.ik and X.noscale) stands for bone X.
std::vector<std::string> hierarchy(simdjson::dom::object obj, JsonPath& path, const Armature& arm) {
    std::vector<std::string> out;
    const spine::SkeletonData& sd = *arm.data->data;
    std::vector<int> listed(sd.bones.size(), -1);  // Spine bone -> reference bone
    for (std::size_t i = 0; i < arm.bone_of.size(); ++i)
        if (arm.bone_of[i] >= 0) listed[static_cast<std::size_t>(arm.bone_of[i])] = static_cast<int>(i);
    std::unordered_map<std::string, int> by_name;  // reference bone name -> reference index
    for (std::size_t i = 0; i < arm.bones.size(); ++i) by_name.emplace(arm.bones[i], static_cast<int>(i));
    // The nearest listed bone at or above Spine bone b; a helper named "X.something" stands for bone X.
    // A helper standing for `self` (placed above it) is looked through as well.
    auto listed_ancestor = [&](int b, int self) {
        for (std::size_t guard = 0; b >= 0 && guard <= sd.bones.size(); ++guard) {
            if (listed[static_cast<std::size_t>(b)] >= 0) return listed[static_cast<std::size_t>(b)];
            const std::string helper(spine::view_of(sd.bones[static_cast<std::size_t>(b)].name));
            if (const std::size_t dot = helper.rfind('.'); dot != std::string::npos)
                if (const auto it = by_name.find(helper.substr(0, dot)); it != by_name.end() && it->second != self) return it->second;
            b = sd.bones[static_cast<std::size_t>(b)].parent;
        }
        return -1;
    };
    auto name = [&](std::int64_t i) { return i >= 0 && static_cast<std::size_t>(i) < arm.bones.size() ? "\"" + arm.bones[static_cast<std::size_t>(i)] + "\"" : std::string("none"); };
    auto list = [&](std::string_view key, std::size_t size, auto&& check) {
        auto m = io::member(obj, key);
        if (!m) return;
        JsonPath::Scope at(path, key);
        const simdjson::dom::array values = io::as_array(*m, path);
        if (values.size() != size) path.fail(fmt::format("{} entries expected, one per {}", size, key == "parents" ? "bone" : "slot"));
        std::size_t i = 0;
        for (element e : values) {
            JsonPath::Scope at_i(path, i);
            check(i++, io::as_integer(e, path));
        }
    };
    list("parents", arm.bones.size(), [&](std::size_t i, std::int64_t want) {
        const int mine = arm.bone_of[i];
        if (mine < 0) return;  // reported with the bones
        const int got = listed_ancestor(sd.bones[static_cast<std::size_t>(mine)].parent, static_cast<int>(i));
        if (got != want) out.push_back(fmt::format("bone \"{}\": parent {} expected, the converted skeleton has {}", arm.bones[i], name(want), name(got)));
    });
    list("slotBones", arm.slots.size(), [&](std::size_t i, std::int64_t want) {
        const int mine = arm.slot_of[i];
        if (mine < 0) return;  // reported with the slots
        const int got = listed_ancestor(sd.slots[static_cast<std::size_t>(mine)].bone, -1);
        if (got != want) out.push_back(fmt::format("slot \"{}\": bone {} expected, the converted skeleton has {}", arm.slots[i], name(want), name(got)));
    });
    return out;
}

void pose(rt::Skeleton& sk, const rt::AnimationInfo* info, float t) {
    sk.set_to_setup_pose();
    if (info) rt::apply(*info, sk, t, t, false, nullptr, 1);
    sk.update_world_transform();
}

float ulp(float x) { return std::nextafter(std::fabs(x), INFINITY) - std::fabs(x); }

}  // namespace

void check_dragonbones_armature(element arm_json, JsonPath& path, const ArmatureRuntime& runtime_for, PoseCheck& out) {
    const simdjson::dom::object obj = io::as_object(arm_json, path);
    const std::string name(required_string(obj, "name", path));
    const ConvertedArmature converted = runtime_for(name);
    Armature arm;
    arm.data = converted.runtime;
    arm.bones = names(obj, "bones", path);
    arm.slots = names(obj, "slots", path);
    if (arm.data) {
        std::unordered_map<std::string, int> bone_index, slot_index;
        for (std::size_t i = 0; i < arm.data->data->bones.size(); ++i) bone_index.emplace(arm.data->data->bones[i].name.value_or(""), static_cast<int>(i));
        for (std::size_t i = 0; i < arm.data->data->slots.size(); ++i) slot_index.emplace(arm.data->data->slots[i].name.value_or(""), static_cast<int>(i));
        for (const std::string& b : arm.bones) arm.bone_of.push_back(bone_index.count(b) ? bone_index[b] : -1);
        for (const std::string& s : arm.slots) arm.slot_of.push_back(slot_index.count(s) ? slot_index[s] : -1);
    }
    if (converted.source) {
        arm.kinds = display_kinds(*converted.source);
        arm.know_kinds = true;
        arm.eased = eased_animations(*converted.source);
    }
    std::optional<rt::Skeleton> at_t, before;
    if (arm.data) at_t.emplace(*arm.data), before.emplace(*arm.data);
    // Structure differences go with the setup pose (or, without one, with every animation).
    const std::vector<std::string> structure = arm.data ? hierarchy(obj, path, arm) : std::vector<std::string>{};
    auto report_structure = [&](Tally& tally) {
        tally.check().values += (io::member(obj, "parents") ? arm.bones.size() : 0) + (io::member(obj, "slotBones") ? arm.slots.size() : 0);
        for (const std::string& s : structure) tally.mismatch(s);
    };
    const bool has_setup = io::member(obj, "setup").has_value();

    // The setup pose, then every animation.
    if (auto setup = io::member(obj, "setup")) {
        JsonPath::Scope at(path, "setup");
        AnimationCheck& check = out.animations.emplace_back();
        check.run = name;
        check.animation = "(setup pose)";
        Tally tally(check);
        if (!arm.data) {
            tally.mismatch("the input has no armature \"" + name + "\"");
        } else {
            report_structure(tally);
            pose(*at_t, nullptr, 0);
            SampleCompare(arm, tally, 0, 0).run(io::as_object(*setup, path), path, {&*at_t});
            ++check.samples;
        }
    }
    JsonPath::Scope at_animations(path, "animations");
    std::size_t a = 0;
    std::vector<double> dev;
    for (element anim : io::as_array(required(obj, "animations", path), path)) {
        JsonPath::Scope at(path, a++);
        const simdjson::dom::object ao = io::as_object(anim, path);
        AnimationCheck& check = out.animations.emplace_back();
        check.run = name;
        check.animation = std::string(required_string(ao, "name", path));
        Tally tally(check);
        if (!arm.data) {
            tally.mismatch("the input has no armature \"" + name + "\"");
            continue;
        }
        const int index = arm.data->find_animation(check.animation);
        if (index < 0) {
            tally.mismatch("the converted skeleton has no animation \"" + check.animation + "\"");
            continue;
        }
        if (!has_setup) report_structure(tally);
        const float duration = static_cast<float>(required_number(ao, "duration", path));
        double dev_matrix = 0, dev_px = 0;
        if (auto d = io::member(ao, "curveDev")) {
            JsonPath::Scope at_dev(path, "curveDev");
            if (numbers(*d, path, dev) != 2) path.fail("curveDev holds 2 numbers");
            dev_matrix = dev[0], dev_px = dev[1];
        }
        const bool is_eased = arm.eased.count(check.animation) || io::member(ao, "curveDev");
        SampleCompare compare(arm, tally, dev_matrix + (is_eased ? kEasedMatrix : 0), dev_px + (is_eased ? kEasedPx : 0));
        const rt::AnimationInfo& info = arm.data->animations[static_cast<std::size_t>(index)];
        const float eps = std::max(1e-6f, 4 * ulp(duration));
        JsonPath::Scope at_samples(path, "samples");
        std::size_t k = 0;
        for (element sample : io::as_array(required(ao, "samples", path), path)) {
            JsonPath::Scope at_sample(path, k++);
            const simdjson::dom::object so = io::as_object(sample, path);
            const float t = static_cast<float>(required_number(so, "t", path));
            bool edge = false;
            if (auto e = io::member(so, "beforeEdge")) {
                JsonPath::Scope at_edge(path, "beforeEdge");
                edge = io::as_bool(*e, path);
            }
            std::vector<const rt::Skeleton*> cands{&*at_t};
            if (t > duration && duration > 0) {
                pose(*at_t, &info, 0);  // the runtime played past the end and wrapped to the start
                tally.where(fmt::format("t={} (past the end: rigio at t=0)", t));
            } else {
                pose(*at_t, &info, t);
                if (edge) {
                    float just_before = t - eps;
                    if (!(just_before < t)) just_before = std::nextafter(t, -INFINITY);
                    pose(*before, &info, just_before);
                    cands.push_back(&*before);
                }
                tally.where(edge ? fmt::format("t={} (beforeEdge)", t) : fmt::format("t={}", t));
            }
            compare.run(so, path, cands);
            ++check.samples;
        }
    }
}

}  // namespace rigio::verify::detail
