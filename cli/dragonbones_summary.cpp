// `rigio info` for DragonBones skeleton data: per armature its bones, slots, skins, displays by type,
// IK constraints, and animations with durations (frames and seconds) and timelines by kind.
#include <fmt/core.h>

#include <array>
#include <string>

#include <simdjson.h>

#include "rigio/io/json_writer.hpp"
#include "summary.hpp"
#include "text.hpp"

namespace rigio::cli {

namespace {

using namespace rigio::dragonbones;

constexpr std::array<DisplayType, 6> kDisplayTypes{DisplayType::Image, DisplayType::Armature, DisplayType::Mesh,
                                                   DisplayType::BoundingBox, DisplayType::Path, DisplayType::Other};

template <class T>
std::size_t count(const Opt<std::vector<T>>& v) {
    return v ? v->size() : 0;
}

struct Displays {
    std::array<std::size_t, 6> by_type{};
    std::size_t total = 0, weighted = 0;
};

Displays count_displays(const Armature& a) {
    Displays d;
    if (!a.skin) return d;
    for (const Skin& s : *a.skin)
        if (s.slot)
            for (const SkinSlot& ss : *s.slot)
                if (ss.display)
                    for (const Display& dp : *ss.display) {
                        ++d.by_type[static_cast<std::size_t>(display_type(dp))];
                        ++d.total;
                        if (dp.weights) ++d.weighted;
                    }
    return d;
}

struct Timelines {
    std::size_t bone = 0, bone_split = 0, slot = 0, slot_split = 0, ffd = 0, zorder = 0, frame = 0, keys = 0, typed = 0;
};

// Elements of a raw JSON array (5.6 typed timelines are kept as raw JSON by the reader).
std::size_t json_array_size(const std::string& text) {
    simdjson::dom::parser parser;
    simdjson::dom::array a;
    if (parser.parse(text).get_array().get(a)) return 0;
    return a.size();
}

std::size_t json_object_size(const std::string& text) {
    simdjson::dom::parser parser;
    simdjson::dom::object o;
    if (parser.parse(text).get_object().get(o)) return 0;
    return o.size();
}

std::size_t surface_bones(const Armature& a) {
    std::size_t n = 0;
    if (a.bone)
        for (const Bone& b : *a.bone)
            for (const auto& [k, v] : b.extra) n += k == "type" && v.text == "\"surface\"";
    return n;
}

std::size_t keys(const Opt<Frames>& f) { return f ? f->size() : 0; }

// DragonBones 2.x/3.0 animations keep their bone timelines as written under "timeline": an array
// of {"name", "frame": [...]} objects. Adds their timelines and frames to `t`.
void count_legacy_timelines(const std::string& text, Timelines& t) {
    simdjson::dom::parser parser;
    simdjson::dom::array a;
    if (parser.parse(text).get_array().get(a)) return;
    for (simdjson::dom::element e : a) {
        ++t.bone;
        simdjson::dom::array frames;
        if (!e["frame"].get_array().get(frames)) t.keys += frames.size();
    }
}

bool legacy_version(const DragonBonesData& d) {
    const std::string v = d.version.value_or("");
    return v.rfind("2.", 0) == 0 || v.rfind("3.", 0) == 0;
}

Timelines count_timelines(const Animation& an, bool legacy) {
    Timelines t;
    if (an.bone)
        for (const BoneTimeline& b : *an.bone) {
            ++t.bone;
            if (b.translateFrame || b.rotateFrame || b.scaleFrame) ++t.bone_split;
            t.keys += keys(b.frame) + keys(b.translateFrame) + keys(b.rotateFrame) + keys(b.scaleFrame);
        }
    if (an.slot)
        for (const SlotTimeline& s : *an.slot) {
            ++t.slot;
            if (s.displayFrame || s.colorFrame) ++t.slot_split;
            t.keys += keys(s.frame) + keys(s.displayFrame) + keys(s.colorFrame);
        }
    if (an.ffd)
        for (const FfdTimeline& f : *an.ffd) {
            ++t.ffd;
            t.keys += keys(f.frame);
        }
    if (an.zOrder) {
        t.zorder = 1;
        t.keys += keys(an.zOrder->frame);
    }
    if (an.frame) {
        t.frame = 1;
        t.keys += an.frame->size();
    }
    for (const auto& [k, v] : an.extra) {
        if (k == "timeline" && legacy) count_legacy_timelines(v.text, t);
        else if (k == "timeline") t.typed += json_array_size(v.text);
        // DBDT headers: {"timeline name": [type, index, ...]} objects pointing into the binary arrays.
        if (k == "bone") t.bone += json_object_size(v.text);
        if (k == "slot") t.slot += json_object_size(v.text);
        if (k == "ffd") t.ffd += json_object_size(v.text);
    }
    return t;
}

double duration_frames(const Animation& an) { return an.duration && std::isfinite(an.duration->value) ? an.duration->value : 0; }

std::string text(const DragonBonesData& d, const Document& doc, const std::string& path) {
    std::string o = fmt::format("{} ({})\n", esc(path), format_name(doc.format));
    o += fmt::format("  DragonBones version  {}{}\n", esc(d.version.value_or("(not set)")),
                     d.compatibleVersion ? " (compatible " + *d.compatibleVersion + ")" : "");
    o += fmt::format("  name                 {}\n", esc(d.name.value_or("(not set)")));
    o += fmt::format("  frame rate           {}\n", d.frameRate ? fmt::format("{}", d.frameRate->value) : "(not set, 24)");
    o += fmt::format("  isGlobal             {}\n", d.isGlobal ? fmt::format("{}", d.isGlobal->value) : "(not set)");
    o += fmt::format("  armatures            {}\n", d.armature.size());
    for (const Armature& a : d.armature) {
        const double fps = frame_rate(d, a);
        o += fmt::format("  armature \"{}\" ({}, {} fps)\n", esc(a.name.value_or("")), esc(a.type.value_or("Armature")), fps);
        o += fmt::format("    bones {}, slots {}, IK constraints {}\n", count(a.bone), count(a.slot), count(a.ik));
        if (std::size_t n = surface_bones(a)) o += fmt::format("    5.6 surface bones {} (kept as written, not interpreted)\n", n);
        std::string skins;
        if (a.skin)
            for (const Skin& s : *a.skin) skins += (skins.empty() ? "\"" : ", \"") + esc(s.name.value_or("")) + "\"";
        o += fmt::format("    skins {}{}\n", count(a.skin), skins.empty() ? "" : " (" + skins + ")");
        Displays ds = count_displays(a);
        std::string by;
        for (std::size_t i = 0; i < kDisplayTypes.size(); ++i)
            if (ds.by_type[i]) by += fmt::format("{}{} {}", by.empty() ? "" : ", ", display_type_name(kDisplayTypes[i]), ds.by_type[i]);
        o += fmt::format("    displays {}{}{}\n", ds.total, by.empty() ? "" : " (" + by + ")",
                         ds.weighted ? fmt::format(", {} weighted meshes", ds.weighted) : "");
        o += fmt::format("    animations {}\n", count(a.animation));
        if (!a.animation || a.animation->empty()) continue;
        o += fmt::format("      {:<24} {:>8} {:>9}  {:>5}  {}\n", "name", "frames", "seconds", "keys", "timelines bone/slot/ffd/zOrder/frame");
        for (const Animation& an : *a.animation) {
            Timelines t = count_timelines(an, legacy_version(d));
            o += fmt::format("      {:<24} {:>8} {:>8.4g}s  {:>5}  {}/{}/{}/{}/{}{}\n", esc(an.name.value_or("?")), duration_frames(an),
                             duration_frames(an) / fps, t.keys, t.bone, t.slot, t.ffd, t.zorder, t.frame,
                             t.typed ? fmt::format(" (+{} 5.6 typed timelines, kept as written)", t.typed) : "");
        }
    }
    return o;
}

std::string json(const DragonBonesData& d, const Document& doc, const std::string& path) {
    std::string out;
    io::JsonWriter w(out, io::JsonWriter::Style::Tabs);
    w.begin_object();
    w.member("file", path);
    w.member("format", format_name(doc.format));
    w.member("version", d.version.value_or(""));
    if (d.compatibleVersion) w.member("compatibleVersion", *d.compatibleVersion);
    w.member("name", d.name.value_or(""));
    w.member("frameRate", d.frameRate ? d.frameRate->value : 24.0);
    w.key("armatures");
    w.begin_array();
    for (const Armature& a : d.armature) {
        const double fps = frame_rate(d, a);
        w.begin_object();
        w.member("name", a.name.value_or(""));
        w.member("type", a.type.value_or("Armature"));
        w.member("frameRate", fps);
        w.member("bones", count(a.bone));
        w.member("slots", count(a.slot));
        w.member("ik", count(a.ik));
        w.member("surfaceBones", surface_bones(a));
        w.key("skins");
        w.begin_array();
        if (a.skin)
            for (const Skin& s : *a.skin) w.string(s.name.value_or(""));
        w.end_array();
        Displays ds = count_displays(a);
        w.key("displays");
        w.begin_object();
        w.member("total", ds.total);
        for (std::size_t i = 0; i < kDisplayTypes.size(); ++i) w.member(display_type_name(kDisplayTypes[i]), ds.by_type[i]);
        w.member("weightedMesh", ds.weighted);
        w.end_object();
        w.key("animations");
        w.begin_array();
        if (a.animation)
            for (const Animation& an : *a.animation) {
                Timelines t = count_timelines(an, legacy_version(d));
                w.begin_object();
                w.member("name", an.name.value_or(""));
                w.member("frames", duration_frames(an));
                w.member("seconds", duration_frames(an) / fps);
                w.member("playTimes", an.playTimes ? an.playTimes->value : 1.0);
                w.member("keys", t.keys);
                w.key("timelines");
                w.begin_object();
                w.member("bone", t.bone);
                w.member("boneSplit", t.bone_split);
                w.member("slot", t.slot);
                w.member("slotSplit", t.slot_split);
                w.member("ffd", t.ffd);
                w.member("zOrder", t.zorder);
                w.member("frame", t.frame);
                w.member("typed56", t.typed);
                w.end_object();
                w.end_object();
            }
        w.end_array();
        w.end_object();
    }
    w.end_array();
    w.end_object();
    out += '\n';
    return out;
}

}  // namespace

std::string dragonbones_summary_text(const DragonBonesData& data, const Document& doc, const std::string& path) {
    return text(data, doc, path);
}

std::string dragonbones_binary_summary_text(const BinaryData& data, const Document& doc, const std::string& path) {
    std::string o = text(data.header, doc, path);
    o += fmt::format("  DBDT format word {}, {} bytes of arrays (frames not decoded; rewritten as they are)\n", data.format_version,
                     data.arrays.size());
    for (const BinaryArray& a : binary_arrays(data))
        o += fmt::format("    {:<16} {:>8} bytes at {:>8} ({} values)\n", a.name, a.length, a.offset, a.count());
    return o;
}

std::string dragonbones_summary_json(const DragonBonesData& data, const Document& doc, const std::string& path) {
    return json(data, doc, path);
}

}  // namespace rigio::cli
