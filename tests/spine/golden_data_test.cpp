// Every corpus .skel read by rigio holds the same data as the official runtime read from it:
// compares the model with shared/golden/spine-3.8/NAME.skel.data.json (schema in that folder's README).
// Fields computed by the runtime rather than stored (region offsets/UVs, sampled Bézier tables, absolute
// deform vertices, property ids) are left to the pose tests.
#include <gtest/gtest.h>
#include <simdjson.h>

#include <cmath>
#include <string>

#include "rigio/io/file.hpp"
#include "rigio/spine/binary.hpp"
#include "support/shared.hpp"

using namespace rigio;
using namespace rigio::spine;
using simdjson::dom::element;

namespace {

// Collects differences with the JSON path where they occur.
class Compare {
public:
    std::vector<std::string> diffs;
    std::string path;

    void fail(const std::string& what) {
        if (diffs.size() < 25) diffs.push_back(path + ": " + what);
    }
    struct At {
        Compare& c;
        std::size_t n;
        At(Compare& cmp, const std::string& seg) : c(cmp), n(cmp.path.size()) { c.path += "/" + seg; }
        ~At() { c.path.resize(n); }
    };
    At at(const std::string& seg) { return At(*this, seg); }
    At at(std::size_t i) { return At(*this, std::to_string(i)); }

    void num(element g, std::string_view key, double want, double tol = 0) {
        auto v = g[key];
        if (v.error()) return fail(std::string(key) + " missing");
        double got = v.is_double() ? double(v.get_double()) : v.is_int64() ? double(int64_t(v.get_int64())) : double(uint64_t(v.get_uint64()));
        if (std::fabs(got - want) > tol) fail(std::string(key) + ": golden " + std::to_string(got) + ", rigio " + std::to_string(want));
    }
    void flt(element g, std::string_view key, float want) { num(g, key, want, std::fabs(want) * 1e-7); }
    void boolean(element g, std::string_view key, bool want) {
        auto v = g[key];
        if (v.error() || !v.is_bool() || bool(v.get_bool()) != want) fail(std::string(key) + " differs (rigio " + (want ? "true" : "false") + ")");
    }
    // "string or null" fields: null when empty.
    void opt_str(element g, std::string_view key, const OptString& want) {
        auto v = g[key];
        if (v.error()) return fail(std::string(key) + " missing");
        bool empty = !want || want->empty();
        if (v.is_null()) {
            if (!empty) fail(std::string(key) + ": golden null, rigio \"" + *want + "\"");
        } else if (!v.is_string() || std::string_view(v.get_string()) != (want ? *want : "")) {
            fail(std::string(key) + ": golden \"" + std::string(v.is_string() ? std::string_view(v.get_string()) : "?") + "\", rigio \"" + (want ? *want : "(null)") + "\"");
        }
    }
    void str(element g, std::string_view key, const std::string& want) { opt_str(g, key, want.empty() ? OptString{} : OptString{want}); }
    void rgba(element g, std::string_view key, Rgba c) {
        auto v = g[key];
        if (v.error() || !v.is_array()) return fail(std::string(key) + " missing");
        auto a = v.get_array().value();
        const float want[4] = {((c >> 24) & 255) / 255.0f, ((c >> 16) & 255) / 255.0f, ((c >> 8) & 255) / 255.0f, (c & 255) / 255.0f};
        std::size_t i = 0;
        for (element x : a) {
            if (i < 4 && std::fabs(double(x.get_double()) - want[i]) > 1e-6) fail(std::string(key) + " channel " + std::to_string(i) + " differs");
            ++i;
        }
        if (i != 4) fail(std::string(key) + " is not 4 channels");
    }
    template <class T, class A>
    void list(element g, std::string_view key, const std::vector<T, A>& want) {
        auto v = g[key];
        if (v.error() || !v.is_array()) return fail(std::string(key) + " missing");
        auto a = v.get_array().value();
        if (a.size() != want.size()) return fail(std::string(key) + ": golden " + std::to_string(a.size()) + " items, rigio " + std::to_string(want.size()));
        std::size_t i = 0;
        for (element x : a) {
            double got = x.is_double() ? double(x.get_double()) : double(int64_t(x.get_int64()));
            if (std::fabs(got - double(want[i])) > std::fabs(double(want[i])) * 1e-7) {
                fail(std::string(key) + "[" + std::to_string(i) + "]: golden " + std::to_string(got) + ", rigio " + std::to_string(double(want[i])));
                return;
            }
            ++i;
        }
    }
    void names(element g, std::string_view key, const std::vector<std::string>& want) {
        auto v = g[key];
        if (v.error() || !v.is_array()) return fail(std::string(key) + " missing");
        auto a = v.get_array().value();
        if (a.size() != want.size()) return fail(std::string(key) + ": count differs");
        std::size_t i = 0;
        for (element x : a) {
            std::string got = x.is_null() ? "" : std::string(std::string_view(x.get_string()));
            if (got != want[i]) fail(std::string(key) + "[" + std::to_string(i) + "]: golden \"" + got + "\", rigio \"" + want[i] + "\"");
            ++i;
        }
    }
};

const char* transform_name(TransformMode m) {
    static const char* n[] = {"normal", "onlyTranslation", "noRotationOrReflection", "noScale", "noScaleOrReflection"};
    return n[static_cast<int>(m)];
}
const char* blend_name(BlendMode m) {
    static const char* n[] = {"normal", "additive", "multiply", "screen"};
    return n[static_cast<int>(m)];
}
const char* attachment_type_name(AttachmentType t) {
    static const char* n[] = {"region", "boundingbox", "mesh", "mesh", "path", "point", "clipping"};
    return n[static_cast<int>(t)];
}

std::string name_of(const OptString& s) { return s ? *s : ""; }

std::vector<std::string> bone_names(const SkeletonData& sd, const Vector<int>& idx) {
    std::vector<std::string> out;
    for (int i : idx) out.push_back(name_of(sd.bones[i].name));
    return out;
}

void compare_vertices(Compare& c, element g, const Vertices& v) {
    c.num(g, "worldVerticesLength", v.count * 2);
    c.boolean(g, "weighted", v.weighted);
    c.list(g, "bones", v.bones);
    c.list(g, "vertices", v.values);
}

void compare_attachment(Compare& c, const SkeletonData& sd, element g, const std::string& key, const Attachment& a) {
    c.str(g, "type", attachment_type_name(a.type));
    c.str(g, "name", a.name ? a.name->str() : key);
    switch (a.type) {
        case AttachmentType::Region:
            c.str(g, "path", a.path ? a.path->str() : (a.name ? a.name->str() : key));
            for (auto [k, v] : {std::pair{"x", a.x}, {"y", a.y}, {"rotation", a.rotation}, {"scaleX", a.scale_x},
                                {"scaleY", a.scale_y}, {"width", a.width}, {"height", a.height}})
                c.flt(g, k, v);
            c.rgba(g, "color", a.color);
            break;
        case AttachmentType::Mesh:
        case AttachmentType::LinkedMesh: {
            bool linked = a.type == AttachmentType::LinkedMesh;
            c.boolean(g, "linked", linked);
            c.rgba(g, "color", a.color);
            if (!linked) {
                c.flt(g, "width", a.width);
                c.flt(g, "height", a.height);
                c.num(g, "hullLength", a.hull * 2);
                compare_vertices(c, g, a.vertices);
                c.list(g, "regionUVs", a.uvs);
                c.list(g, "triangles", a.triangles);
                c.list(g, "edges", a.edges);
            } else {
                c.boolean(g, "deformAttachmentIsSelf", !a.deform);
            }
            break;
        }
        case AttachmentType::BoundingBox: compare_vertices(c, g, a.vertices); break;
        case AttachmentType::Path:
            c.boolean(g, "closed", a.closed);
            c.boolean(g, "constantSpeed", a.constant_speed);
            c.list(g, "lengths", a.lengths);
            compare_vertices(c, g, a.vertices);
            break;
        case AttachmentType::Point:
            c.flt(g, "x", a.x);
            c.flt(g, "y", a.y);
            c.flt(g, "rotation", a.rotation);
            break;
        case AttachmentType::Clipping:
            c.str(g, "endSlot", a.end_slot >= 0 ? name_of(sd.slots[a.end_slot].name) : "");
            compare_vertices(c, g, a.vertices);
            break;
    }
}

const char* curve_code(CurveView k) { return k.type == CurveType::Linear ? "0" : k.type == CurveType::Stepped ? "1" : "2"; }

// Checks a curve timeline's frames (time + values per frame) and curve types.
template <class Keys, class Values>
void compare_frames(Compare& c, element g, const Keys& keys, Values values) {
    std::vector<float> frames;
    std::vector<float> types;
    for (std::size_t i = 0; i < keys.size(); ++i) {
        frames.push_back(keys[i].time);
        for (float v : values(keys[i])) frames.push_back(v);
        if (i + 1 < keys.size()) types.push_back(float(curve_code(keys[i].curve)[0] - '0'));
    }
    c.list(g, "frames", frames);
    auto curves = g["curves"];
    if (curves.error()) return;
    std::vector<float> got_types;
    std::size_t i = 0;
    const simdjson::dom::array curve_values = curves.get_array().value();
    for (element x : curve_values) {
        if (i++ % 19 == 0) got_types.push_back(float(double(x.get_double())));
    }
    if (got_types != types) c.fail("curve types differ");
}

void compare_animation(Compare& c, const SkeletonData& sd, element g, const Animation& a) {
    c.str(g, "name", name_of(a.name));
    c.flt(g, "duration", duration(a));
    auto timelines = g["timelines"].get_array().value();
    std::size_t n = 0;
    auto next = [&](const char* type) -> std::optional<element> {
        if (n >= timelines.size()) {
            c.fail(std::string("golden has fewer timelines than rigio (next: ") + type + ")");
            return std::nullopt;
        }
        element t = timelines.at(n++).value();
        std::string_view got = t["type"].get_string().value();
        if (got != type) {
            c.fail("timeline " + std::to_string(n - 1) + ": golden " + std::string(got) + ", rigio " + type);
            return std::nullopt;
        }
        return t;
    };
    for (const auto& st : a.slots)
        for (const auto& t : st.timelines) {
            const char* type = t.type == SlotTimelineType::Attachment ? "AttachmentTimeline" : t.type == SlotTimelineType::Color ? "ColorTimeline" : "TwoColorTimeline";
            auto g2 = next(type);
            if (!g2) return;
            auto at = c.at("timelines/" + std::to_string(n - 1));
            c.num(*g2, "slotIndex", st.slot);
            if (t.type == SlotTimelineType::Attachment) {
                std::vector<float> times;
                std::vector<std::string> names;
                for (const auto& k : t.attachment_keys) {
                    times.push_back(k.time);
                    names.push_back(name_of(k.name));
                }
                c.list(*g2, "frames", times);
                c.names(*g2, "attachmentNames", names);
            } else {
                bool two = t.type == SlotTimelineType::TwoColor;
                compare_frames(c, *g2, t.color_keys, [two](const ColorKeyframe& k) {
                    std::vector<float> v;
                    for (int s : {24, 16, 8, 0}) v.push_back(((k.color >> s) & 255) / 255.0f);
                    if (two)
                        for (int s : {16, 8, 0}) v.push_back(((k.dark >> s) & 255) / 255.0f);
                    return v;
                });
            }
        }
    static const char* bone_types[] = {"RotateTimeline", "TranslateTimeline", "ScaleTimeline", "ShearTimeline"};
    for (const auto& bt : a.bones)
        for (const auto& t : bt.timelines) {
            auto g2 = next(bone_types[static_cast<int>(t.type)]);
            if (!g2) return;
            auto at = c.at("timelines/" + std::to_string(n - 1));
            c.num(*g2, "boneIndex", bt.bone);
            bool rotate = t.type == BoneTimelineType::Rotate;
            compare_frames(c, *g2, t.keys, [rotate](const BoneKeyframe& k) {
                return rotate ? std::vector<float>{k.x} : std::vector<float>{k.x, k.y};
            });
        }
    for (const auto& t : a.ik) {
        auto g2 = next("IkConstraintTimeline");
        if (!g2) return;
        auto at = c.at("timelines/" + std::to_string(n - 1));
        c.num(*g2, "ikConstraintIndex", t.constraint);
        compare_frames(c, *g2, t.keys, [](const IkKeyframe& k) {
            return std::vector<float>{k.mix, k.softness, float(k.bend_direction), k.compress ? 1.f : 0.f, k.stretch ? 1.f : 0.f};
        });
    }
    for (const auto& t : a.transform) {
        auto g2 = next("TransformConstraintTimeline");
        if (!g2) return;
        auto at = c.at("timelines/" + std::to_string(n - 1));
        c.num(*g2, "transformConstraintIndex", t.constraint);
        compare_frames(c, *g2, t.keys, [](const TransformKeyframe& k) {
            return std::vector<float>{k.rotate_mix, k.translate_mix, k.scale_mix, k.shear_mix};
        });
    }
    static const char* path_types[] = {"PathConstraintPositionTimeline", "PathConstraintSpacingTimeline", "PathConstraintMixTimeline"};
    for (const auto& pt : a.path)
        for (const auto& t : pt.timelines) {
            auto g2 = next(path_types[static_cast<int>(t.type)]);
            if (!g2) return;
            auto at = c.at("timelines/" + std::to_string(n - 1));
            c.num(*g2, "pathConstraintIndex", pt.constraint);
            bool mix = t.type == PathTimelineType::Mix;
            compare_frames(c, *g2, t.keys, [mix](const PathKeyframe& k) {
                return mix ? std::vector<float>{k.a, k.b} : std::vector<float>{k.a};
            });
        }
    for (const auto& ds : a.deform)
        for (const auto& dslot : ds.slots)
            for (const auto& t : dslot.timelines) {
                auto g2 = next("DeformTimeline");
                if (!g2) return;
                auto at = c.at("timelines/" + std::to_string(n - 1));
                c.num(*g2, "slotIndex", dslot.slot);
                std::vector<float> times;
                for (const auto& k : t.keys) times.push_back(k.time);
                c.list(*g2, "frames", times);
            }
    if (!a.draw_order.empty()) {
        auto g2 = next("DrawOrderTimeline");
        if (!g2) return;
        std::vector<float> times;
        for (const auto& k : a.draw_order) times.push_back(k.time);
        c.list(*g2, "frames", times);
    }
    if (!a.events.empty()) {
        auto g2 = next("EventTimeline");
        if (!g2) return;
        auto at = c.at("timelines/" + std::to_string(n - 1));
        std::vector<float> times;
        for (const auto& k : a.events) times.push_back(k.time);
        c.list(*g2, "frames", times);
        std::size_t i = 0;
        const simdjson::dom::array golden_events = (*g2)["events"].get_array().value();
        for (element e : golden_events) {
            if (i >= a.events.size()) break;
            const EventKeyframe& k = a.events[i++];
            const EventData& def = sd.events[k.event];
            c.str(e, "name", name_of(def.name));
            c.num(e, "int", k.int_value);
            c.flt(e, "float", k.float_value);
            c.opt_str(e, "string", k.string_value ? k.string_value : def.string_value);
        }
    }
    if (n != timelines.size()) c.fail("golden has " + std::to_string(timelines.size()) + " timelines, rigio " + std::to_string(n));
}

void compare(Compare& c, const SkeletonData& sd, element g) {
    {
        auto at = c.at("skeleton");
        element s = g["skeleton"].value();
        c.str(s, "hash", name_of(sd.header.hash));
        c.str(s, "version", name_of(sd.header.version));
        for (auto [k, v] : {std::pair{"x", sd.header.x}, {"y", sd.header.y}, {"width", sd.header.width}, {"height", sd.header.height}}) c.flt(s, k, v);
        c.flt(s, "fps", sd.header.nonessential ? sd.header.fps : 0.f);
        c.str(s, "images", name_of(sd.header.images));
        c.str(s, "audio", name_of(sd.header.audio));
    }
    auto bones = g["bones"].get_array().value();
    ASSERT_EQ(bones.size(), sd.bones.size());
    for (std::size_t i = 0; i < sd.bones.size(); ++i) {
        auto at = c.at("bones/" + std::to_string(i));
        element b = bones.at(i).value();
        const Bone& m = sd.bones[i];
        c.str(b, "name", name_of(m.name));
        c.str(b, "parent", m.parent >= 0 ? name_of(sd.bones[m.parent].name) : "");
        for (auto [k, v] : {std::pair{"length", m.length}, {"x", m.x}, {"y", m.y}, {"rotation", m.rotation}, {"scaleX", m.scale_x},
                            {"scaleY", m.scale_y}, {"shearX", m.shear_x}, {"shearY", m.shear_y}})
            c.flt(b, k, v);
        c.str(b, "transformMode", transform_name(m.transform));
        c.boolean(b, "skinRequired", m.skin_required);
    }
    auto slots = g["slots"].get_array().value();
    ASSERT_EQ(slots.size(), sd.slots.size());
    for (std::size_t i = 0; i < sd.slots.size(); ++i) {
        auto at = c.at("slots/" + std::to_string(i));
        element s = slots.at(i).value();
        const Slot& m = sd.slots[i];
        c.str(s, "name", name_of(m.name));
        c.str(s, "bone", name_of(sd.bones[m.bone].name));
        c.rgba(s, "color", m.color);
        if (m.dark) c.rgba(s, "dark", (*m.dark << 8) | 0xFF);
        else if (!s["dark"].is_null()) c.fail("dark: golden has one, rigio none");
        c.opt_str(s, "attachment", m.attachment);
        c.str(s, "blend", blend_name(m.blend));
    }
    auto ik = g["ik"].get_array().value();
    ASSERT_EQ(ik.size(), sd.ik.size());
    for (std::size_t i = 0; i < sd.ik.size(); ++i) {
        auto at = c.at("ik/" + std::to_string(i));
        element k = ik.at(i).value();
        const IkConstraint& m = sd.ik[i];
        c.str(k, "name", name_of(m.name));
        c.num(k, "order", m.order);
        c.boolean(k, "skinRequired", m.skin_required);
        c.names(k, "bones", bone_names(sd, m.bones));
        c.str(k, "target", name_of(sd.bones[m.target].name));
        c.flt(k, "mix", m.mix);
        c.flt(k, "softness", m.softness);
        c.num(k, "bendDirection", m.bend_direction);
        c.boolean(k, "compress", m.compress);
        c.boolean(k, "stretch", m.stretch);
        c.boolean(k, "uniform", m.uniform);
    }
    auto tc = g["transform"].get_array().value();
    ASSERT_EQ(tc.size(), sd.transform.size());
    for (std::size_t i = 0; i < sd.transform.size(); ++i) {
        auto at = c.at("transform/" + std::to_string(i));
        element k = tc.at(i).value();
        const TransformConstraint& m = sd.transform[i];
        c.str(k, "name", name_of(m.name));
        c.num(k, "order", m.order);
        c.boolean(k, "skinRequired", m.skin_required);
        c.names(k, "bones", bone_names(sd, m.bones));
        c.str(k, "target", name_of(sd.bones[m.target].name));
        c.boolean(k, "local", m.local);
        c.boolean(k, "relative", m.relative);
        for (auto [key, v] : {std::pair{"offsetRotation", m.offset_rotation}, {"offsetX", m.offset_x}, {"offsetY", m.offset_y},
                              {"offsetScaleX", m.offset_scale_x}, {"offsetScaleY", m.offset_scale_y}, {"offsetShearY", m.offset_shear_y},
                              {"rotateMix", m.rotate_mix}, {"translateMix", m.translate_mix}, {"scaleMix", m.scale_mix}, {"shearMix", m.shear_mix}})
            c.flt(k, key, v);
    }
    auto pc = g["path"].get_array().value();
    ASSERT_EQ(pc.size(), sd.path.size());
    static const char* position_names[] = {"fixed", "percent"};
    static const char* spacing_names[] = {"length", "fixed", "percent"};
    static const char* rotate_names[] = {"tangent", "chain", "chainScale"};
    for (std::size_t i = 0; i < sd.path.size(); ++i) {
        auto at = c.at("path/" + std::to_string(i));
        element k = pc.at(i).value();
        const PathConstraint& m = sd.path[i];
        c.str(k, "name", name_of(m.name));
        c.num(k, "order", m.order);
        c.boolean(k, "skinRequired", m.skin_required);
        c.names(k, "bones", bone_names(sd, m.bones));
        c.str(k, "target", name_of(sd.slots[m.target].name));
        c.str(k, "positionMode", position_names[static_cast<int>(m.position_mode)]);
        c.str(k, "spacingMode", spacing_names[static_cast<int>(m.spacing_mode)]);
        c.str(k, "rotateMode", rotate_names[static_cast<int>(m.rotate_mode)]);
        for (auto [key, v] : {std::pair{"offsetRotation", m.offset_rotation}, {"position", m.position}, {"spacing", m.spacing},
                              {"rotateMix", m.rotate_mix}, {"translateMix", m.translate_mix}})
            c.flt(k, key, v);
    }
    auto skins = g["skins"].get_array().value();
    ASSERT_EQ(skins.size(), sd.skins.size());
    for (std::size_t i = 0; i < sd.skins.size(); ++i) {
        auto at = c.at("skins/" + std::to_string(i));
        element k = skins.at(i).value();
        const Skin& m = sd.skins[i];
        c.str(k, "name", name_of(m.name));
        c.names(k, "bones", bone_names(sd, m.bones));
        std::vector<std::string> constraints;
        for (int x : m.ik) constraints.push_back(name_of(sd.ik[x].name));
        for (int x : m.transform) constraints.push_back(name_of(sd.transform[x].name));
        for (int x : m.path) constraints.push_back(name_of(sd.path[x].name));
        std::vector<std::string> got;
        const simdjson::dom::array golden_constraints = k["constraints"].get_array().value();
        for (element e : golden_constraints) got.emplace_back(std::string_view(e["name"].get_string()));
        if (got != constraints) c.fail("skin constraints differ");
        // Entries: ascending slot index, then file order within a slot.
        std::vector<std::pair<int, const SkinAttachment*>> entries;
        for (const SkinSlot& s : m.slots)
            for (const SkinAttachment& a : s.attachments) entries.push_back({s.slot, &a});
        std::stable_sort(entries.begin(), entries.end(), [](auto& x, auto& y) { return x.first < y.first; });
        auto ge = k["attachments"].get_array().value();
        if (ge.size() != entries.size()) {
            c.fail("attachment count: golden " + std::to_string(ge.size()) + ", rigio " + std::to_string(entries.size()));
            continue;
        }
        for (std::size_t j = 0; j < entries.size(); ++j) {
            auto at2 = c.at("attachments/" + std::to_string(j));
            element e = ge.at(j).value();
            c.num(e, "slotIndex", entries[j].first);
            c.str(e, "key", name_of(entries[j].second->key));
            compare_attachment(c, sd, e["attachment"].value(), name_of(entries[j].second->key), entries[j].second->attachment);
        }
    }
    auto events = g["events"].get_array().value();
    ASSERT_EQ(events.size(), sd.events.size());
    for (std::size_t i = 0; i < sd.events.size(); ++i) {
        auto at = c.at("events/" + std::to_string(i));
        element e = events.at(i).value();
        const EventData& m = sd.events[i];
        c.str(e, "name", name_of(m.name));
        c.num(e, "int", m.int_value);
        c.flt(e, "float", m.float_value);
        c.str(e, "string", name_of(m.string_value));
        c.str(e, "audio", name_of(m.audio));
        c.flt(e, "volume", m.volume);
        c.flt(e, "balance", m.balance);
    }
    auto anims = g["animations"].get_array().value();
    ASSERT_EQ(anims.size(), sd.animations.size());
    for (std::size_t i = 0; i < sd.animations.size(); ++i) {
        auto at = c.at("animations/" + std::to_string(i));
        compare_animation(c, sd, anims.at(i).value(), sd.animations[i]);
    }
}

}  // namespace

TEST(SpineGoldenData, EveryCorpusSkelHoldsWhatTheOfficialRuntimeRead) {
    auto files = test::corpus_files("corpus/spine-3.8", ".skel");
    RIGIO_REQUIRE_CORPUS(files, "corpus/spine-3.8");
    int compared = 0;
    for (const auto& f : files) {
        auto golden = test::shared_dir() / "golden/spine-3.8" / (f.filename().string() + ".data.json");
        if (!std::filesystem::exists(golden)) continue;
        SCOPED_TRACE(f.filename().string());
        auto sd = read_skel(io::read_file(f.string()).value());
        ASSERT_TRUE(sd.ok()) << sd.error().what();
        simdjson::dom::parser parser;
        element g = parser.load(golden.string()).value();
        Compare c;

        compare(c, *sd, g);
        for (const auto& d : c.diffs) ADD_FAILURE() << f.filename().string() << " " << d;
        ++compared;
    }
    EXPECT_EQ(compared, 21);
}
