#include "rigio/dragonbones/inspect.hpp"

#include <cmath>

#include <simdjson.h>

namespace rigio::dragonbones {

namespace {

template <class T>
std::size_t count(const Opt<Vector<T>>& v) {
    return v ? v->size() : 0;
}

std::size_t keys(const Opt<Frames>& f) { return f ? f->size() : 0; }

DisplayCounts count_displays(const Armature& a) {
    DisplayCounts d;
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

// DragonBones 2.x/3.0 animations keep their bone timelines as written under "timeline": an array
// of {"name", "frame": [...]} objects. Adds their timelines and frames to `t`.
void count_legacy_timelines(const std::string& text, TimelineCounts& t) {
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

TimelineCounts count_timelines(const Animation& an, bool legacy) {
    TimelineCounts t;
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

}  // namespace

DataStats statistics(const DragonBonesData& data) {
    DataStats out;
    const bool legacy = legacy_version(data);
    for (const Armature& a : data.armature) {
        ArmatureStats& s = out.armatures.emplace_back();
        s.name = a.name;
        s.type = a.type;
        s.frame_rate = frame_rate(data, a);
        s.bones = count(a.bone);
        s.slots = count(a.slot);
        s.ik = count(a.ik);
        s.surface_bones = surface_bones(a);
        if (a.skin)
            for (const Skin& sk : *a.skin) s.skins.push_back(sk.name);
        s.displays = count_displays(a);
        if (!a.animation) continue;
        for (const Animation& an : *a.animation) {
            AnimationStats& as = s.animations.emplace_back();
            as.name = an.name;
            as.frames = an.duration && std::isfinite(an.duration->value()) ? an.duration->value() : 0;
            as.seconds = as.frames / s.frame_rate;
            as.play_times = an.playTimes ? an.playTimes->value() : 1.0;
            as.timelines = count_timelines(an, legacy);
        }
    }
    return out;
}

}  // namespace rigio::dragonbones
