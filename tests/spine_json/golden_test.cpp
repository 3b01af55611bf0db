// The JSON reader against the official runtime: for every corpus JSON file, what rigio reads equals what
// spine-cpp 3.8's SkeletonJson stored (../shared/golden/spine-3.8/NAME.json.data.json): every bone, slot,
// constraint, event and attachment field, and every timeline's keyframes (times and values). This checks
// the defaults and conventions of the reader (omitted keys, colours, hull, weighted layouts) independently
// of rigio's own writer.
#include <gtest/gtest.h>

#include <simdjson.h>

#include <map>
#include <string>

#include "rigio/io/file.hpp"
#include "rigio/spine/binary.hpp"
#include "rigio/spine/json.hpp"
#include "support/shared.hpp"

using namespace rigio;
using namespace rigio::spine;
using simdjson::dom::element;

namespace {

float f32(element e) { return static_cast<float>(e.get_double().value()); }
std::string str(element e) { return e.is_null() ? std::string() : std::string(e.get_string().value()); }
// A model array as a std::vector, to compare with the golden's.
template <class T, class A>
std::vector<T> plain(const std::vector<T, A>& v) {
    return {v.begin(), v.end()};
}
std::vector<float> floats(element e) {
    std::vector<float> out;
    simdjson::dom::array values = e.get_array().value();  // a copy: value() of a temporary result is a dangling reference
    for (element x : values) out.push_back(f32(x));
    return out;
}
std::vector<int> ints(element e) {
    std::vector<int> out;
    simdjson::dom::array values = e.get_array().value();
    for (element x : values) out.push_back(static_cast<int>(x.get_int64().value()));
    return out;
}
std::vector<float> rgba(Rgba c) {
    return {static_cast<float>(c >> 24) / 255.0f, static_cast<float>((c >> 16) & 255) / 255.0f,
            static_cast<float>((c >> 8) & 255) / 255.0f, static_cast<float>(c & 255) / 255.0f};
}
void expect_near(const std::vector<float>& a, const std::vector<float>& b, const std::string& what) {
    ASSERT_EQ(a.size(), b.size()) << what;
    for (std::size_t i = 0; i < a.size(); ++i) EXPECT_NEAR(a[i], b[i], 1e-6) << what << " [" << i << "]";
}
std::string name(const OptString& s) { return s.value_or(""); }

// Frames (time, values...) of every timeline rigio read, keyed by "Type target".
std::map<std::string, std::vector<float>> our_frames(const SkeletonData& sd, const Animation& a) {
    std::map<std::string, std::vector<float>> out;
    static const char* kBone[] = {"RotateTimeline", "TranslateTimeline", "ScaleTimeline", "ShearTimeline"};
    static const char* kPath[] = {"PathConstraintPositionTimeline", "PathConstraintSpacingTimeline", "PathConstraintMixTimeline"};
    for (const auto& g : a.bones)
        for (const auto& t : g.timelines) {
            auto& f = out[std::string(kBone[static_cast<int>(t.type)]) + " " + name(sd.bones[g.bone].name)];
            for (const auto& k : t.keys) {
                f.push_back(k.time);
                f.push_back(k.x);
                if (t.type != BoneTimelineType::Rotate) f.push_back(k.y);
            }
        }
    for (const auto& g : a.slots)
        for (const auto& t : g.timelines) {
            const std::string slot = name(sd.slots[g.slot].name);
            if (t.type == SlotTimelineType::Attachment) {
                auto& f = out["AttachmentTimeline " + slot];
                for (const auto& k : t.attachment_keys) f.push_back(k.time);
                continue;
            }
            const bool two = t.type == SlotTimelineType::TwoColor;
            auto& f = out[(two ? "TwoColorTimeline " : "ColorTimeline ") + slot];
            for (const auto& k : t.color_keys) {
                f.push_back(k.time);
                for (float c : rgba(k.color)) f.push_back(c);
                if (two)
                    for (int i = 0; i < 3; ++i) f.push_back(rgba(k.dark << 8 | 0xFF)[static_cast<std::size_t>(i)]);
            }
        }
    for (const auto& t : a.ik) {
        auto& f = out["IkConstraintTimeline " + name(sd.ik[t.constraint].name)];
        for (const auto& k : t.keys)
            f.insert(f.end(), {k.time, k.mix, k.softness, static_cast<float>(k.bend_direction), k.compress ? 1.0f : 0.0f, k.stretch ? 1.0f : 0.0f});
    }
    for (const auto& t : a.transform) {
        auto& f = out["TransformConstraintTimeline " + name(sd.transform[t.constraint].name)];
        for (const auto& k : t.keys) f.insert(f.end(), {k.time, k.rotate_mix, k.translate_mix, k.scale_mix, k.shear_mix});
    }
    for (const auto& g : a.path)
        for (const auto& t : g.timelines) {
            auto& f = out[std::string(kPath[static_cast<int>(t.type)]) + " " + name(sd.path[g.constraint].name)];
            for (const auto& k : t.keys) {
                f.push_back(k.time);
                f.push_back(k.a);
                if (t.type == PathTimelineType::Mix) f.push_back(k.b);
            }
        }
    for (const auto& s : a.deform)
        for (const auto& sl : s.slots)
            for (const auto& t : sl.timelines) {
                auto& f = out["DeformTimeline " + name(sd.slots[sl.slot].name) + " " + name(t.attachment) + " " + name(sd.skins[s.skin].name)];
                for (const auto& k : t.keys) f.push_back(k.time);
            }
    if (!a.draw_order.empty())
        for (const auto& k : a.draw_order) out["DrawOrderTimeline "].push_back(k.time);
    if (!a.events.empty())
        for (const auto& k : a.events) out["EventTimeline "].push_back(k.time);
    return out;
}

// Compares `sd` with a spine-cpp data dump; `binary`: the dump was loaded from the .skel.
void check_against_golden(const SkeletonData& sd, const std::filesystem::path& golden_path, bool binary) {
    simdjson::dom::parser parser;
    simdjson::padded_string gtext = simdjson::padded_string::load(golden_path.string());
    element g = parser.parse(gtext).value();

    // Bones, slots, constraints.
    ASSERT_EQ(g["bones"].get_array().size(), sd.bones.size());
    std::size_t i = 0;
    for (element b : g["bones"].get_array()) {
        const Bone& o = sd.bones[i++];
        EXPECT_EQ(str(b["name"]), name(o.name));
        EXPECT_EQ(str(b["parent"]), o.parent < 0 ? "" : name(sd.bones[o.parent].name));
        EXPECT_EQ(f32(b["length"]), o.length);
        EXPECT_EQ(f32(b["x"]), o.x);
        EXPECT_EQ(f32(b["y"]), o.y);
        EXPECT_EQ(f32(b["rotation"]), o.rotation);
        EXPECT_EQ(f32(b["scaleX"]), o.scale_x);
        EXPECT_EQ(f32(b["scaleY"]), o.scale_y);
        EXPECT_EQ(f32(b["shearX"]), o.shear_x);
        EXPECT_EQ(f32(b["shearY"]), o.shear_y);
        EXPECT_EQ(b["skinRequired"].get_bool().value(), o.skin_required);
    }
    i = 0;
    for (element s : g["slots"].get_array()) {
        const Slot& o = sd.slots[i++];
        EXPECT_EQ(str(s["name"]), name(o.name));
        EXPECT_EQ(str(s["bone"]), name(sd.bones[o.bone].name));
        expect_near(floats(s["color"]), rgba(o.color), "slot colour");
        if (s["dark"].is_null()) EXPECT_FALSE(o.dark.has_value());
        else expect_near(floats(s["dark"]), rgba(o.dark.value_or(0) << 8 | 0xFF), "slot dark");
        EXPECT_EQ(str(s["attachment"]), name(o.attachment));
    }
    i = 0;
    for (element c : g["ik"].get_array()) {
        const IkConstraint& o = sd.ik[i++];
        EXPECT_EQ(str(c["name"]), name(o.name));
        EXPECT_EQ(c["order"].get_int64().value(), o.order);
        EXPECT_EQ(c["skinRequired"].get_bool().value(), o.skin_required);
        EXPECT_EQ(f32(c["mix"]), o.mix);
        EXPECT_EQ(f32(c["softness"]), o.softness);
        EXPECT_EQ(c["bendDirection"].get_int64().value(), o.bend_direction);
        EXPECT_EQ(c["stretch"].get_bool().value(), o.stretch);
    }
    i = 0;
    for (element c : g["transform"].get_array()) {
        const TransformConstraint& o = sd.transform[i++];
        EXPECT_EQ(str(c["name"]), name(o.name));
        EXPECT_EQ(c["skinRequired"].get_bool().value(), o.skin_required);
        EXPECT_EQ(f32(c["offsetRotation"]), o.offset_rotation);
        EXPECT_EQ(f32(c["offsetX"]), o.offset_x);
        EXPECT_EQ(f32(c["offsetScaleX"]), o.offset_scale_x);
        EXPECT_EQ(f32(c["rotateMix"]), o.rotate_mix);
        EXPECT_EQ(f32(c["translateMix"]), o.translate_mix);
        EXPECT_EQ(f32(c["scaleMix"]), o.scale_mix);
        EXPECT_EQ(f32(c["shearMix"]), o.shear_mix);
    }
    i = 0;
    for (element c : g["path"].get_array()) {
        const PathConstraint& o = sd.path[i++];
        EXPECT_EQ(str(c["target"]), name(sd.slots[o.target].name));
        EXPECT_EQ(f32(c["position"]), o.position);
        EXPECT_EQ(f32(c["spacing"]), o.spacing);
        EXPECT_EQ(f32(c["rotateMix"]), o.rotate_mix);
        EXPECT_EQ(f32(c["translateMix"]), o.translate_mix);
        EXPECT_EQ(c["skinRequired"].get_bool().value(), o.skin_required);
    }
    i = 0;
    for (element e : g["events"].get_array()) {
        const EventData& o = sd.events[i++];
        EXPECT_EQ(str(e["name"]), name(o.name));
        EXPECT_EQ(e["int"].get_int64().value(), o.int_value);
        EXPECT_EQ(f32(e["float"]), o.float_value);
        EXPECT_EQ(str(e["string"]), name(o.string_value));
        EXPECT_EQ(f32(e["volume"]), o.volume);
    }

    // Skins and attachments (the runtime lists a skin's entries by slot index, then file order).
    ASSERT_EQ(g["skins"].get_array().size(), sd.skins.size());
    std::size_t si = 0;
    for (element gs : g["skins"].get_array()) {
        const Skin& skin = sd.skins[si++];
        EXPECT_EQ(str(gs["name"]), name(skin.name));
        EXPECT_EQ(gs["bones"].get_array().size(), skin.bones.size());
        std::map<std::string, const Attachment*> ours;
        for (const auto& ss : skin.slots)
            for (const auto& sa : ss.attachments) ours[name(sd.slots[ss.slot].name) + "/" + name(sa.key)] = &sa.attachment;
        EXPECT_EQ(gs["attachments"].get_array().size(), ours.size());
        for (element ge : gs["attachments"].get_array()) {
            const std::string key = str(ge["slot"]) + "/" + str(ge["key"]);
            auto it = ours.find(key);
            ASSERT_NE(it, ours.end()) << key;
            const Attachment& a = *it->second;
            element ga = ge["attachment"];
            const std::string type = str(ga["type"]);
            EXPECT_EQ(str(ga["name"]), a.name ? a.name->str() : str(ge["key"])) << key;
            if (type == "region") {
                EXPECT_EQ(f32(ga["x"]), a.x) << key;
                EXPECT_EQ(f32(ga["y"]), a.y) << key;
                EXPECT_EQ(f32(ga["rotation"]), a.rotation) << key;
                EXPECT_EQ(f32(ga["scaleX"]), a.scale_x) << key;
                EXPECT_EQ(f32(ga["width"]), a.width) << key;
                expect_near(floats(ga["color"]), rgba(a.color), key);
            } else if (type == "mesh" && !ga["linked"].get_bool().value()) {
                EXPECT_EQ(ga["hullLength"].get_int64().value(), binary ? 2 * a.hull : a.hull) << key;  // SkeletonBinary doubles it
                EXPECT_EQ(floats(ga["regionUVs"]), plain(a.uvs)) << key;
                std::vector<int> tris(a.triangles.begin(), a.triangles.end());
                EXPECT_EQ(ints(ga["triangles"]), tris) << key;
                expect_near(floats(ga["color"]), rgba(a.color), key);
            }
            if (type == "mesh" && ga["linked"].get_bool().value()) {
                EXPECT_EQ(a.type, AttachmentType::LinkedMesh) << key;
            } else if (type == "mesh" || type == "boundingbox" || type == "path" || type == "clipping") {
                EXPECT_EQ(ga["weighted"].get_bool().value(), a.vertices.weighted) << key;
                EXPECT_EQ(ints(ga["bones"]), plain(a.vertices.bones)) << key;
                EXPECT_EQ(floats(ga["vertices"]), plain(a.vertices.values)) << key;
            }
            if (type == "path") {
                EXPECT_EQ(floats(ga["lengths"]), plain(a.lengths)) << key;
            }
            if (type == "clipping") {
                EXPECT_EQ(str(ga["endSlot"]), name(sd.slots[a.end_slot].name)) << key;
            }
        }
    }

    // Animations: every timeline with its keyframe times and values.
    ASSERT_EQ(g["animations"].get_array().size(), sd.animations.size());
    std::size_t ai = 0;
    for (element ga : g["animations"].get_array()) {
        const Animation& a = sd.animations[ai++];
        EXPECT_EQ(str(ga["name"]), name(a.name));
        EXPECT_EQ(f32(ga["duration"]), duration(a)) << name(a.name);
        auto ours = our_frames(sd, a);
        std::size_t timelines = 0;
        for (element t : ga["timelines"].get_array()) {
            ++timelines;
            const std::string type = str(t["type"]);
            std::string key = type + " ";
            if (type == "RotateTimeline" || type == "TranslateTimeline" || type == "ScaleTimeline" || type == "ShearTimeline") key += str(t["bone"]);
            else if (type == "DeformTimeline") key += str(t["slot"]) + " " + str(t["attachment"]["key"]) + " " + str(t["attachment"]["skin"]);
            else if (type.find("Constraint") != std::string::npos) key += str(t["constraint"]);
            else if (type != "DrawOrderTimeline" && type != "EventTimeline") key += str(t["slot"]);
            auto it = ours.find(key);
            ASSERT_NE(it, ours.end()) << name(a.name) << ": " << key;
            expect_near(floats(t["frames"]), it->second, name(a.name) + ": " + key);
        }
        EXPECT_EQ(timelines, ours.size()) << name(a.name);
    }
}

}  // namespace

TEST(SpineJsonGolden, ReaderMatchesTheOfficialRuntime) {
    auto files = test::corpus_files("corpus/spine-3.8", ".json");
    RIGIO_REQUIRE_CORPUS(files, "corpus/spine-3.8");
    int checked = 0;
    for (const auto& f : files) {
        const auto golden_path = test::shared_dir() / "golden/spine-3.8" / (f.filename().string() + ".data.json");
        if (!std::filesystem::exists(golden_path)) continue;
        SCOPED_TRACE(f.filename().string());
        auto bytes = io::read_file(f.string()).value();
        auto r = read_json(std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()));
        ASSERT_TRUE(r.ok()) << r.error().what();
        check_against_golden(*r, golden_path, false);
        ++checked;
    }
    EXPECT_EQ(checked, 21);
}

TEST(SpineJsonGolden, SkelThroughJsonMatchesTheOfficialRuntimesSkelData) {
    // .skel -> JSON -> model keeps what SkeletonBinary stored.
    auto files = test::corpus_files("corpus/spine-3.8", ".skel");
    RIGIO_REQUIRE_CORPUS(files, "corpus/spine-3.8");
    int checked = 0;
    for (const auto& f : files) {
        const auto golden_path = test::shared_dir() / "golden/spine-3.8" / (f.filename().string() + ".data.json");
        if (!std::filesystem::exists(golden_path)) continue;
        SCOPED_TRACE(f.filename().string());
        auto sd = read_skel(io::read_file(f.string()).value());
        ASSERT_TRUE(sd.ok()) << sd.error().what();
        auto r = read_json(write_json(*sd).value());
        ASSERT_TRUE(r.ok()) << r.error().what();
        check_against_golden(*r, golden_path, true);
        ++checked;
    }
    EXPECT_EQ(checked, 21);
}
