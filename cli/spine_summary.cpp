// `rigio info` for Spine skeleton data.
#include <fmt/core.h>

#include <array>
#include <string>

#include "mrtk_document.hpp"
#include "summary.hpp"
#include "text.hpp"

namespace rigio::cli {

namespace {

using namespace rigio::spine;

constexpr std::array<const char*, 7> kAttachmentTypes{"region", "boundingbox", "mesh", "linkedmesh", "path", "point", "clipping"};

struct Counts {
    std::array<int, 7> attachments{};
    int attachment_total = 0;
};

Counts count_attachments(const SkeletonData& sd) {
    Counts c;
    for (const Skin& s : sd.skins)
        for (const SkinSlot& ss : s.slots)
            for (const SkinAttachment& a : ss.attachments) {
                ++c.attachments[static_cast<int>(a.attachment.type)];
                ++c.attachment_total;
            }
    return c;
}

struct TimelineCounts {
    int slot = 0, bone = 0, ik = 0, transform = 0, path = 0, deform = 0, draw_order = 0, events = 0;
    int total() const { return slot + bone + ik + transform + path + deform + draw_order + events; }
};

TimelineCounts count_timelines(const Animation& a) {
    TimelineCounts t;
    for (const auto& g : a.slots) t.slot += static_cast<int>(g.timelines.size());
    for (const auto& g : a.bones) t.bone += static_cast<int>(g.timelines.size());
    t.ik = static_cast<int>(a.ik.size());
    t.transform = static_cast<int>(a.transform.size());
    for (const auto& g : a.path) t.path += static_cast<int>(g.timelines.size());
    for (const auto& s : a.deform)
        for (const auto& sl : s.slots) t.deform += static_cast<int>(sl.timelines.size());
    t.draw_order = a.draw_order.empty() ? 0 : 1;
    t.events = a.events.empty() ? 0 : 1;
    return t;
}

std::string quote(const OptString& s) { return s ? json_quote(*s) : "null"; }

std::string text(const SkeletonData& sd, const Document& doc, const std::string& path) {
    const Header& h = sd.header;
    std::string o = fmt::format("{} ({})\n", esc(path), format_name(doc.format));
    o += fmt::format("  Spine version  {}\n", esc(h.version.value_or("(not set)")));
    o += fmt::format("  hash           {}\n", esc(h.hash && !h.hash->empty() ? *h.hash : "(not set)"));
    o += fmt::format("  bounds         x {} y {} width {} height {}\n", h.x, h.y, h.width, h.height);
    if (h.nonessential)
        o += fmt::format("  nonessential   yes (fps {}, images {}, audio {})\n", h.fps, quote(h.images), quote(h.audio));
    else
        o += "  nonessential   no\n";
    o += fmt::format("  bones          {}\n", sd.bones.size());
    o += fmt::format("  slots          {}\n", sd.slots.size());
    o += fmt::format("  constraints    {} (ik {}, transform {}, path {})\n", sd.ik.size() + sd.transform.size() + sd.path.size(),
                     sd.ik.size(), sd.transform.size(), sd.path.size());
    std::string names;
    for (const Skin& s : sd.skins) names += (names.empty() ? "" : ", ") + esc(s.name.value_or("?"));
    o += fmt::format("  skins          {}{}\n", sd.skins.size(), names.empty() ? "" : " (" + names + ")");
    Counts c = count_attachments(sd);
    std::string by;
    for (std::size_t i = 0; i < kAttachmentTypes.size(); ++i)
        if (c.attachments[i]) by += fmt::format("{}{} {}", by.empty() ? "" : ", ", kAttachmentTypes[i], c.attachments[i]);
    o += fmt::format("  attachments    {}{}\n", c.attachment_total, by.empty() ? "" : " (" + by + ")");
    o += fmt::format("  events         {}\n", sd.events.size());
    o += fmt::format("  animations     {}\n", sd.animations.size());
    if (!sd.animations.empty()) {
        o += fmt::format("    {:<24} {:>9}  {:>9}  {}\n", "name", "duration", "timelines", "slot/bone/ik/transform/path/deform/draworder/event");
        for (const Animation& a : sd.animations) {
            TimelineCounts t = count_timelines(a);
            o += fmt::format("    {:<24} {:>8.4g}s  {:>9}  {}/{}/{}/{}/{}/{}/{}/{}\n", esc(a.name.value_or("?")), duration(a), t.total(), t.slot,
                             t.bone, t.ik, t.transform, t.path, t.deform, t.draw_order, t.events);
        }
    }
    return o;
}

std::string json(const SkeletonData& sd, const Document& doc, const std::string& path) {
    const Header& h = sd.header;
    std::string o = "{\n";
    o += fmt::format("  \"file\": {},\n  \"format\": \"{}\",\n", quote(path), format_name(doc.format));
    o += fmt::format("  \"version\": {},\n  \"hash\": {},\n", quote(h.version), quote(h.hash));
    o += fmt::format("  \"bounds\": {{\"x\": {}, \"y\": {}, \"width\": {}, \"height\": {}}},\n", h.x, h.y, h.width, h.height);
    o += fmt::format("  \"nonessential\": {},\n", h.nonessential ? "true" : "false");
    if (h.nonessential) o += fmt::format("  \"fps\": {}, \"images\": {}, \"audio\": {},\n", h.fps, quote(h.images), quote(h.audio));
    o += fmt::format("  \"bones\": {},\n  \"slots\": {},\n", sd.bones.size(), sd.slots.size());
    o += fmt::format("  \"constraints\": {{\"ik\": {}, \"transform\": {}, \"path\": {}}},\n", sd.ik.size(), sd.transform.size(), sd.path.size());
    o += "  \"skins\": [";
    for (std::size_t i = 0; i < sd.skins.size(); ++i) o += (i ? ", " : "") + quote(sd.skins[i].name);
    o += "],\n";
    Counts c = count_attachments(sd);
    o += fmt::format("  \"attachments\": {{\"total\": {}", c.attachment_total);
    for (std::size_t i = 0; i < kAttachmentTypes.size(); ++i) o += fmt::format(", \"{}\": {}", kAttachmentTypes[i], c.attachments[i]);
    o += "},\n";
    o += fmt::format("  \"events\": {},\n  \"animations\": [", sd.events.size());
    for (std::size_t i = 0; i < sd.animations.size(); ++i) {
        const Animation& a = sd.animations[i];
        TimelineCounts t = count_timelines(a);
        o += fmt::format(
            "{}\n    {{\"name\": {}, \"duration\": {}, \"timelines\": {{\"total\": {}, \"slot\": {}, \"bone\": {}, \"ik\": {}, "
            "\"transform\": {}, \"path\": {}, \"deform\": {}, \"drawOrder\": {}, \"event\": {}}}}}",
            i ? "," : "", quote(a.name), duration(a), t.total(), t.slot, t.bone, t.ik, t.transform, t.path, t.deform, t.draw_order,
            t.events);
    }
    o += sd.animations.empty() ? "]\n}\n" : "\n  ]\n}\n";
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
