// `rigio info` for Spine skeleton data: header, counts, and what the version adds (4.2 reference scale
// and physics, 4.1+ sequences, 3.8+ skin-required bones and constraints, 4.x per-channel timeline kinds).
// The counting is spine::statistics (rigio/spine/inspect.hpp); this file only prints.
#include <fmt/core.h>

#include <string>

#include "mrtk_document.hpp"
#include "rigio/spine/inspect.hpp"
#include "summary.hpp"
#include "text.hpp"

namespace rigio::cli {

namespace {

using namespace rigio::spine;

std::string quote(const OptString& s) { return s ? json_quote(*s) : "null"; }

bool has_skin_required(Version v) { return v >= Version::V38; }
bool has_sequences(Version v) { return v >= Version::V41; }
bool has_physics(Version v) { return v == Version::V42; }

// The per-animation timeline columns of this version: names, then the counts of one animation.
std::string column_names(Version v) {
    return std::string("slot/bone/ik/transform/path") + (has_physics(v) ? "/physics" : "") + "/deform" +
           (has_sequences(v) ? "/sequence" : "") + "/draworder/event";
}
std::string columns(const TimelineCounts& t, Version v) {
    std::string o = fmt::format("{}/{}/{}/{}/{}", t.slot, t.bone, t.ik, t.transform, t.path);
    if (has_physics(v)) o += fmt::format("/{}", t.physics);
    o += fmt::format("/{}", t.deform);
    if (has_sequences(v)) o += fmt::format("/{}", t.sequence);
    return o + fmt::format("/{}/{}", t.draw_order, t.events);
}

// "bones/rotate 12, slots/rgba 3, ...", wrapped into lines of about `width` characters after `indent`.
std::string kind_lines(const std::vector<TimelineKind>& kinds, const std::string& indent, std::size_t width) {
    std::string out, line;
    for (std::size_t i = 0; i < kinds.size(); ++i) {
        std::string item = fmt::format("{} {}{}", kinds[i].name, kinds[i].count, i + 1 < kinds.size() ? "," : "");
        if (!line.empty() && line.size() + 1 + item.size() > width) {
            out += indent + line + "\n";
            line.clear();
        }
        line += (line.empty() ? "" : " ") + item;
    }
    if (!line.empty()) out += indent + line + "\n";
    return out;
}

std::string text(const SkeletonData& sd, const Document& doc, const std::string& path) {
    const Header& h = sd.header;
    const SkeletonStats st = statistics(sd);
    const Version v = st.version;
    std::string o = fmt::format("{} ({})\n", esc(path), format_name(doc.format));
    o += fmt::format("  Spine version  {}\n", esc(h.version.value_or("(not set)")));
    o += fmt::format("  hash           {}\n", esc(h.hash && !h.hash->empty() ? *h.hash : "(not set)"));
    o += fmt::format("  bounds         x {} y {} width {} height {}\n", h.x, h.y, h.width, h.height);
    if (v == Version::V42) o += fmt::format("  referenceScale {}\n", h.reference_scale);
    if (h.nonessential)
        o += fmt::format("  nonessential   yes (fps {}, images {}, audio {})\n", h.fps, quote(h.images), quote(h.audio));
    else
        o += "  nonessential   no\n";
    o += fmt::format("  bones          {}\n", st.bones);
    o += fmt::format("  slots          {}\n", st.slots);
    o += fmt::format("  constraints    {} (ik {}, transform {}, path {}{})\n", st.constraints(), st.ik, st.transform, st.path,
                     has_physics(v) ? fmt::format(", physics {}", st.physics) : "");
    if (has_skin_required(v))
        o += fmt::format("  skin-required  bones {}, constraints {}\n", st.skin_required_bones, st.skin_required_constraints);
    std::string names;
    for (const Skin& s : sd.skins) names += (names.empty() ? "" : ", ") + esc(s.name.value_or("?"));
    o += fmt::format("  skins          {}{}\n", st.skins, names.empty() ? "" : " (" + names + ")");
    std::string by;
    for (std::size_t i = 0; i < st.attachments_by_type.size(); ++i)
        if (st.attachments_by_type[i])
            by += fmt::format("{}{} {}", by.empty() ? "" : ", ", attachment_type_name(static_cast<AttachmentType>(i)), st.attachments_by_type[i]);
    o += fmt::format("  attachments    {}{}\n", st.attachments, by.empty() ? "" : " (" + by + ")");
    if (has_sequences(v))
        o += fmt::format("  sequences      {} attachments, {} timelines\n", st.sequence_attachments, st.timelines.sequence);
    o += fmt::format("  events         {}\n", sd.events.size());
    o += fmt::format("  timelines      {}{}\n", st.timelines.total(), st.timeline_kinds.empty() ? "" : ", by kind:");
    o += kind_lines(st.timeline_kinds, "    ", 96);
    o += fmt::format("  animations     {}\n", st.animations.size());
    if (!st.animations.empty()) {
        o += fmt::format("    {:<24} {:>9}  {:>9}  {}\n", "name", "duration", "timelines", column_names(v));
        for (const AnimationStats& a : st.animations)
            o += fmt::format("    {:<24} {:>8.4g}s  {:>9}  {}\n", esc(a.name.value_or("?")), a.duration, a.timelines.total(),
                             columns(a.timelines, v));
    }
    return o;
}

std::string json(const SkeletonData& sd, const Document& doc, const std::string& path) {
    const Header& h = sd.header;
    const SkeletonStats st = statistics(sd);
    std::string o = "{\n";
    o += fmt::format("  \"file\": {},\n  \"format\": \"{}\",\n", quote(path), format_name(doc.format));
    o += fmt::format("  \"version\": {},\n  \"layout\": \"{}\",\n  \"hash\": {},\n", quote(h.version), version_name(st.version), quote(h.hash));
    o += fmt::format("  \"bounds\": {{\"x\": {}, \"y\": {}, \"width\": {}, \"height\": {}}},\n", h.x, h.y, h.width, h.height);
    if (st.version == Version::V42) o += fmt::format("  \"referenceScale\": {},\n", h.reference_scale);
    o += fmt::format("  \"nonessential\": {},\n", h.nonessential ? "true" : "false");
    if (h.nonessential) o += fmt::format("  \"fps\": {}, \"images\": {}, \"audio\": {},\n", h.fps, quote(h.images), quote(h.audio));
    o += fmt::format("  \"bones\": {},\n  \"slots\": {},\n", st.bones, st.slots);
    o += fmt::format("  \"constraints\": {{\"ik\": {}, \"transform\": {}, \"path\": {}, \"physics\": {}}},\n", st.ik, st.transform,
                     st.path, st.physics);
    o += fmt::format("  \"skinRequired\": {{\"bones\": {}, \"constraints\": {}}},\n", st.skin_required_bones,
                     st.skin_required_constraints);
    o += "  \"skins\": [";
    for (std::size_t i = 0; i < sd.skins.size(); ++i) o += (i ? ", " : "") + quote(sd.skins[i].name);
    o += "],\n";
    o += fmt::format("  \"attachments\": {{\"total\": {}", st.attachments);
    for (std::size_t i = 0; i < st.attachments_by_type.size(); ++i)
        o += fmt::format(", \"{}\": {}", attachment_type_name(static_cast<AttachmentType>(i)), st.attachments_by_type[i]);
    o += "},\n";
    o += fmt::format("  \"sequences\": {{\"attachments\": {}, \"timelines\": {}}},\n", st.sequence_attachments, st.timelines.sequence);
    o += fmt::format("  \"events\": {},\n  \"timelineKinds\": {{", st.events);
    for (std::size_t i = 0; i < st.timeline_kinds.size(); ++i)
        o += fmt::format("{}\"{}\": {}", i ? ", " : "", st.timeline_kinds[i].name, st.timeline_kinds[i].count);
    o += "},\n  \"animations\": [";
    for (std::size_t i = 0; i < st.animations.size(); ++i) {
        const AnimationStats& a = st.animations[i];
        const TimelineCounts& t = a.timelines;
        o += fmt::format(
            "{}\n    {{\"name\": {}, \"duration\": {}, \"timelines\": {{\"total\": {}, \"slot\": {}, \"bone\": {}, \"ik\": {}, "
            "\"transform\": {}, \"path\": {}, \"physics\": {}, \"deform\": {}, \"sequence\": {}, \"drawOrder\": {}, \"event\": {}, "
            "\"inherit\": {}}}}}",
            i ? "," : "", quote(a.name), a.duration, t.total(), t.slot, t.bone, t.ik, t.transform, t.path, t.physics, t.deform,
            t.sequence, t.draw_order, t.events, t.inherit);
    }
    o += st.animations.empty() ? "]\n}\n" : "\n  ]\n}\n";
    return o;
}

}  // namespace

std::string summary_text(const Document& doc, const std::string& path) {
    if (const auto* sd = std::get_if<SkeletonData>(&doc.model)) return text(*sd, doc, path);
    if (const auto* rec = std::get_if<mrtk::InputAnimation>(&doc.model)) return mrtk_summary_text(*rec, doc, path);
    if (const auto* db = std::get_if<dragonbones::DragonBonesData>(&doc.model)) return dragonbones_summary_text(*db, doc, path);
    if (const auto* bin = std::get_if<dragonbones::BinaryData>(&doc.model)) return dragonbones_binary_summary_text(*bin, doc, path);
    return fmt::format("{} ({})\n", path, format_name(doc.format));
}

std::string summary_json(const Document& doc, const std::string& path) {
    if (const auto* sd = std::get_if<SkeletonData>(&doc.model)) return json(*sd, doc, path);
    if (const auto* rec = std::get_if<mrtk::InputAnimation>(&doc.model)) return mrtk_summary_json(*rec, doc, path);
    if (const auto* db = std::get_if<dragonbones::DragonBonesData>(&doc.model)) return dragonbones_summary_json(*db, doc, path);
    if (const auto* bin = std::get_if<dragonbones::BinaryData>(&doc.model)) return dragonbones_summary_json(bin->header, doc, path);
    return fmt::format("{{\"file\": {}, \"format\": \"{}\"}}\n", quote(path), format_name(doc.format));
}

}  // namespace rigio::cli
