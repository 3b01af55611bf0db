// `rigio info` for DragonBones skeleton data: per armature its bones, slots, skins, displays by type,
// IK constraints, and animations with durations (frames and seconds) and timelines by kind. The
// counting is dragonbones::statistics (rigio/dragonbones/inspect.hpp); this file only prints.
#include <fmt/core.h>

#include <array>
#include <string>

#include "rigio/dragonbones/inspect.hpp"
#include "rigio/io/json_writer.hpp"
#include "summary.hpp"
#include "text.hpp"

namespace rigio::cli {

namespace {

using namespace rigio::dragonbones;

std::string text(const DragonBonesData& d, const Document& doc, const std::string& path) {
    std::string o = fmt::format("{} ({})\n", esc(path), format_name(doc.format));
    o += fmt::format("  DragonBones version  {}{}\n", esc(d.version.value_or("(not set)")),
                     d.compatibleVersion ? " (compatible " + *d.compatibleVersion + ")" : "");
    o += fmt::format("  name                 {}\n", esc(d.name.value_or("(not set)")));
    o += fmt::format("  frame rate           {}\n", d.frameRate ? fmt::format("{}", d.frameRate->value()) : "(not set, 24)");
    o += fmt::format("  isGlobal             {}\n", d.isGlobal ? fmt::format("{}", d.isGlobal->value()) : "(not set)");
    const DataStats st = statistics(d);
    o += fmt::format("  armatures            {}\n", st.armatures.size());
    for (const ArmatureStats& a : st.armatures) {
        o += fmt::format("  armature \"{}\" ({}, {} fps)\n", esc(a.name.value_or("")), esc(a.type.value_or("Armature")), a.frame_rate);
        o += fmt::format("    bones {}, slots {}, IK constraints {}\n", a.bones, a.slots, a.ik);
        if (a.surface_bones) o += fmt::format("    5.6 surface bones {} (kept as written, not interpreted)\n", a.surface_bones);
        std::string skins;
        for (const auto& s : a.skins) skins += (skins.empty() ? "\"" : ", \"") + esc(s.value_or("")) + "\"";
        o += fmt::format("    skins {}{}\n", a.skins.size(), skins.empty() ? "" : " (" + skins + ")");
        const DisplayCounts& ds = a.displays;
        std::string by;
        for (DisplayType t : kDisplayTypes)
            if (std::size_t n = ds.by_type[static_cast<std::size_t>(t)]) by += fmt::format("{}{} {}", by.empty() ? "" : ", ", display_type_name(t), n);
        o += fmt::format("    displays {}{}{}\n", ds.total, by.empty() ? "" : " (" + by + ")",
                         ds.weighted ? fmt::format(", {} weighted meshes", ds.weighted) : "");
        o += fmt::format("    animations {}\n", a.animations.size());
        if (a.animations.empty()) continue;
        o += fmt::format("      {:<24} {:>8} {:>9}  {:>5}  {}\n", "name", "frames", "seconds", "keys", "timelines bone/slot/ffd/zOrder/frame");
        for (const AnimationStats& an : a.animations) {
            const TimelineCounts& t = an.timelines;
            o += fmt::format("      {:<24} {:>8} {:>8.4g}s  {:>5}  {}/{}/{}/{}/{}{}\n", esc(an.name.value_or("?")), an.frames, an.seconds, t.keys,
                             t.bone, t.slot, t.ffd, t.zorder, t.frame,
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
    w.member("frameRate", d.frameRate ? d.frameRate->value() : 24.0);
    w.key("armatures");
    w.begin_array();
    for (const ArmatureStats& a : statistics(d).armatures) {
        w.begin_object();
        w.member("name", a.name.value_or(""));
        w.member("type", a.type.value_or("Armature"));
        w.member("frameRate", a.frame_rate);
        w.member("bones", a.bones);
        w.member("slots", a.slots);
        w.member("ik", a.ik);
        w.member("surfaceBones", a.surface_bones);
        w.key("skins");
        w.begin_array();
        for (const auto& s : a.skins) w.string(s.value_or(""));
        w.end_array();
        const DisplayCounts& ds = a.displays;
        w.key("displays");
        w.begin_object();
        w.member("total", ds.total);
        for (DisplayType t : kDisplayTypes) w.member(display_type_name(t), ds.by_type[static_cast<std::size_t>(t)]);
        w.member("weightedMesh", ds.weighted);
        w.end_object();
        w.key("animations");
        w.begin_array();
        for (const AnimationStats& an : a.animations) {
            const TimelineCounts& t = an.timelines;
            w.begin_object();
            w.member("name", an.name.value_or(""));
            w.member("frames", an.frames);
            w.member("seconds", an.seconds);
            w.member("playTimes", an.play_times);
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
