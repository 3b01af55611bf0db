// Spine version conversion, 4.1+ -> 4.0 and older: sequences become attachments. A sequence attachment
// shows one region per frame (its path followed by the zero-padded frame number); the target gets one
// attachment per frame named by that region path (a region copy, or for a mesh the mesh itself for the
// first frame and linked meshes sharing its deform keys for the others), and in every animation the
// slot's attachment timeline becomes one key at every time the region shown changes: at the source's
// attachment keys, at its sequence keys and at every frame step of a sequence key's mode and delay,
// found to the float as the 4.1 runtime computes the frame. So the target shows the source's region at
// every time. A slot where that cannot be done exactly (a region path taken by another attachment, a
// sequence that differs between skins, a linked mesh of a sequence, too many steps) keeps the setup
// frame's region and is reported as before.
#include <algorithm>
#include <bit>
#include <cmath>
#include <fmt/core.h>
#include <map>
#include <set>

#include "rigio/spine/runtime/sequence.hpp"
#include "spine_version_internal.hpp"

namespace rigio::convert::spine_version {

using namespace rigio::spine;

namespace {

constexpr long kMaxKeys = 10000;  // attachment keys one slot may get in one animation

struct SequenceAttachment {
    Sequence seq;
    bool mesh = false;
    std::vector<std::string> frames;  // region path per frame
};

struct SlotPlan {
    std::map<std::string, SequenceAttachment> keys;  // sequence attachments of the slot, by skin key
    std::string refused;                             // why the slot keeps setup frames ("" = expanded)
};

std::string region_path(const Attachment& a, std::string_view key, const Sequence& q, int frame) {
    const std::string base(a.path ? a.path->view() : a.name ? a.name->view() : key);
    std::string number = std::to_string(static_cast<long long>(q.start) + frame);
    const bool negative = number[0] == '-';
    if (negative) number.erase(0, 1);
    if (number.size() < static_cast<std::size_t>(std::max(q.digits, 0))) number.insert(0, static_cast<std::size_t>(q.digits) - number.size(), '0');
    return base + (negative ? "-" : "") + number;
}

// The smallest float time in (lo, hi] at which the whole steps since `before` exceed `steps`, or hi + 1
// when there is none. Steps never decrease with time, and non-negative floats order as their bits.
float next_step(float delay, float before, float lo, float hi, long steps) {
    if (runtime::sequence_steps(delay, before, hi) <= steps) return std::nextafter(hi, INFINITY);
    std::uint32_t a = std::bit_cast<std::uint32_t>(std::max(lo, 0.0f)), b = std::bit_cast<std::uint32_t>(hi);
    while (b - a > 1) {  // steps(a) <= steps < steps(b)
        const std::uint32_t m = a + (b - a) / 2;
        if (runtime::sequence_steps(delay, before, std::bit_cast<float>(m)) > steps) b = m;
        else a = m;
    }
    return std::bit_cast<float>(b);
}

class SequenceExpander {
public:
    SequenceExpander(const SkeletonData& src, SkeletonData& out, LossReport& report) : src_(src), out_(out), report_(report) {}

    void run() {
        plan();
        for (std::size_t a = 0; a < out_.animations.size(); ++a) plan_animation(out_.animations[a]);
        for (auto& [slot, p] : plans_)
            if (!p.refused.empty()) keep_setup_frames(slot, p);
        for (Animation& a : out_.animations) rewrite_animation(a);
        rewrite_skins();
    }

private:
    // Every sequence attachment, by slot; what makes a slot's expansion inexact.
    void plan() {
        std::map<int, std::set<std::string>> plain;  // keys of attachments without a sequence
        std::map<int, std::set<std::string>> parents;  // keys that linked meshes name as parent
        for (const Skin& skin : src_.skins)
            for (const SkinSlot& sl : skin.slots)
                for (const SkinAttachment& a : sl.attachments) {
                    const std::string key(name(a.key));
                    if (a.attachment.type == AttachmentType::LinkedMesh && a.attachment.parent) parents[sl.slot].insert(a.attachment.parent->str());
                    if (!a.attachment.sequence) {
                        plain[sl.slot].insert(key);
                        continue;
                    }
                    SlotPlan& p = plans_[sl.slot];
                    if (a.attachment.type == AttachmentType::LinkedMesh) p.refused = "a linked mesh with a sequence";
                    SequenceAttachment s;
                    s.seq = *a.attachment.sequence;
                    s.mesh = a.attachment.type == AttachmentType::Mesh;
                    for (int f = 0; f < std::min(s.seq.count, 100000); ++f) s.frames.push_back(region_path(a.attachment, key, s.seq, f));
                    if (s.seq.count <= 0 || s.seq.count > 100000) p.refused = fmt::format("a sequence of {} frames", s.seq.count);
                    auto [it, fresh] = p.keys.try_emplace(key, s);
                    if (!fresh && (it->second.frames != s.frames || it->second.mesh != s.mesh || it->second.seq.setup_index != s.seq.setup_index))
                        p.refused = "a sequence that differs between skins";
                }
        for (auto& [slot, p] : plans_) {
            std::set<std::string> names;
            for (auto& [key, s] : p.keys) {
                if (plain[slot].count(key)) p.refused = "an attachment with and without a sequence in different skins";
                if (parents[slot].count(key)) p.refused = "a linked mesh whose parent has a sequence";
                for (const std::string& f : s.frames)
                    if (!names.insert(f).second || (plain[slot].count(f) && !p.keys.count(f))) p.refused = "a region path that names another attachment (" + f + ")";
            }
        }
    }

    // The sequence timelines of the slot in `a`, in application order, with the key they animate.
    std::vector<std::pair<std::string, const DeformTimeline*>> sequence_timelines(const Animation& a, int slot) const {
        std::vector<std::pair<std::string, const DeformTimeline*>> out;
        for (const DeformSkin& s : a.deform)
            for (const DeformSlot& sl : s.slots)
                if (sl.slot == slot)
                    for (const DeformTimeline& t : sl.timelines)
                        if (t.type == AttachmentTimelineType::Sequence && !t.sequence_keys.empty()) out.emplace_back(std::string(name(t.attachment)), &t);
        return out;
    }

    // The times at which the region a slot shows may change in `a`: its attachment keys, its sequence
    // keys and every frame step after them, up to the animation's duration.
    std::vector<float> change_times(const Animation& a, int slot, std::string& refused) const {
        std::vector<float> times;
        const float end = duration(a);
        for (const SlotTimelines& g : a.slots)
            if (g.slot == slot)
                for (const SlotTimeline& t : g.timelines)
                    for (const AttachmentKeyframe& k : t.attachment_keys) times.push_back(k.time);
        for (auto& [key, t] : sequence_timelines(a, slot)) {
            const Vector<SequenceKeyframe>& ks = t->sequence_keys;
            for (std::size_t i = 0; i < ks.size(); ++i) {
                times.push_back(ks[i].time);
                if (ks[i].mode == SequenceMode::Hold) continue;
                const float hi = i + 1 < ks.size() ? ks[i + 1].time : end;
                long steps = runtime::sequence_steps(ks[i].delay, ks[i].time, ks[i].time);
                for (float t0 = ks[i].time; t0 < hi;) {
                    const float t1 = next_step(ks[i].delay, ks[i].time, t0, hi, steps);
                    if (!(t1 <= hi)) break;
                    if (t1 < hi) times.push_back(t1);
                    steps = runtime::sequence_steps(ks[i].delay, ks[i].time, t1);
                    t0 = t1;
                    if (static_cast<long>(times.size()) > kMaxKeys) {
                        refused = fmt::format("more than {} frame steps in one animation", kMaxKeys);
                        return {};
                    }
                }
            }
        }
        std::sort(times.begin(), times.end());
        times.erase(std::unique(times.begin(), times.end()), times.end());
        return times;
    }

    // The attachment key the source slot has at `time` (its attachment timelines, the last one
    // applied winning; before a timeline's first key the setup attachment).
    OptString source_attachment(const Animation& a, int slot, float time) const {
        OptString shown = src_.slots[static_cast<std::size_t>(slot)].attachment;
        for (const SlotTimelines& g : a.slots)
            if (g.slot == slot)
                for (const SlotTimeline& t : g.timelines) {
                    if (t.type != SlotTimelineType::Attachment || t.attachment_keys.empty()) continue;
                    shown = src_.slots[static_cast<std::size_t>(slot)].attachment;
                    for (const AttachmentKeyframe& k : t.attachment_keys)
                        if (k.time <= time) shown = k.name;
                }
        return shown;
    }

    // The target attachment name the slot shows at `time`: a sequence attachment's frame region.
    OptString shown(const Animation& a, int slot, const SlotPlan& p, float time) const {
        const OptString key = source_attachment(a, slot, time);
        if (!key) return key;
        auto it = p.keys.find(key->str());
        if (it == p.keys.end()) return key;
        const SequenceAttachment& s = it->second;
        long frame = -1;
        for (auto& [k, t] : sequence_timelines(a, slot)) {
            if (k != *key) continue;
            const Vector<SequenceKeyframe>& ks = t->sequence_keys;
            if (time < ks[0].time) {
                frame = -1;
                continue;
            }
            std::size_t i = 0;
            while (i + 1 < ks.size() && ks[i + 1].time <= time) ++i;
            frame = runtime::sequence_key_frame(ks[i].mode, ks[i].index, ks[i].delay, ks[i].time, time, s.seq.count);
        }
        if (frame == -1) frame = s.seq.setup_index;
        frame = std::clamp<long>(frame, 0, static_cast<long>(s.frames.size()) - 1);
        return s.frames[static_cast<std::size_t>(frame)];
    }

    void plan_animation(const Animation& a) {
        for (auto& [slot, p] : plans_) {
            if (!p.refused.empty()) continue;
            std::string refused;
            change_times(a, slot, refused);
            if (!refused.empty()) p.refused = refused;
        }
    }

    void rewrite_animation(Animation& a) {
        int timelines = 0;
        for (auto& [slot, p] : plans_) {
            if (!p.refused.empty()) continue;
            std::string refused;
            const std::vector<float> times = change_times(a, slot, refused);
            const bool sequenced = !sequence_timelines(a, slot).empty();
            bool keyed = false;
            for (const SlotTimelines& g : a.slots)
                if (g.slot == slot)
                    for (const SlotTimeline& t : g.timelines) keyed |= t.type == SlotTimelineType::Attachment && !t.attachment_keys.empty();
            if (!keyed && !sequenced) continue;
            SlotTimeline t;
            for (float time : times) {
                const OptString n = shown(a, slot, p, time);
                if (t.attachment_keys.empty() || t.attachment_keys.back().name != n || time == times.back()) t.attachment_keys.push_back({time, n});
            }
            timelines += sequenced;
            SlotTimelines* g = nullptr;
            for (SlotTimelines& x : a.slots)
                if (x.slot == slot) g = &x;
            if (!g) {  // a new entry before the first of a later slot
                auto at = std::find_if(a.slots.begin(), a.slots.end(), [s = slot](const SlotTimelines& x) { return x.slot > s; });
                g = &*a.slots.insert(at, SlotTimelines{slot, {}});
            }
            std::erase_if(g->timelines, [](const SlotTimeline& x) { return x.type == SlotTimelineType::Attachment; });
            g->timelines.insert(g->timelines.begin(), std::move(t));
            for (DeformSkin& s : a.deform)
                for (DeformSlot& sl : s.slots)
                    if (sl.slot == slot) {
                        std::erase_if(sl.timelines, [](const DeformTimeline& x) { return x.type == AttachmentTimelineType::Sequence; });
                        for (DeformTimeline& x : sl.timelines) {  // a mesh's deform keys go to its first frame
                            auto it = p.keys.find(std::string(name(x.attachment)));
                            if (it != p.keys.end()) x.attachment = it->second.frames.front();
                        }
                    }
        }
        for (DeformSkin& s : a.deform) std::erase_if(s.slots, [](const DeformSlot& sl) { return sl.timelines.empty(); });
        std::erase_if(a.deform, [](const DeformSkin& s) { return s.slots.empty(); });
        if (timelines) sequence_animations_.push_back(std::string(name(a.name)));
    }

    void rewrite_skins() {
        for (Skin& skin : out_.skins)
            for (SkinSlot& sl : skin.slots) {
                auto pit = plans_.find(sl.slot);
                if (pit == plans_.end() || !pit->second.refused.empty()) continue;
                Vector<SkinAttachment> out;
                for (SkinAttachment& a : sl.attachments) {
                    if (!a.attachment.sequence) {
                        out.push_back(std::move(a));
                        continue;
                    }
                    const SequenceAttachment& s = pit->second.keys.at(std::string(name(a.key)));
                    report_.add("/skins", fmt::format("sequence of {} regions (4.1+) of {}/{}/{}", s.frames.size(), name(skin.name),
                                                      name(out_.slots[static_cast<std::size_t>(sl.slot)].name), name(a.key)),
                                fmt::format("one {} per frame ({} .. {}), sequence keys as attachment keys at every frame change (poses exact)",
                                            s.mesh ? "mesh" : "region", s.frames.front(), s.frames.back()));
                    for (std::size_t f = 0; f < s.frames.size(); ++f) {
                        SkinAttachment c;
                        c.key = s.frames[f];
                        if (f == 0 || !s.mesh) {
                            c.attachment = a.attachment;
                            c.attachment.name.reset();
                            c.attachment.path.reset();
                            c.attachment.sequence.reset();
                        } else {
                            c.attachment.type = AttachmentType::LinkedMesh;
                            c.attachment.parent = s.frames.front();
                            if (name(skin.name) != "default") c.attachment.parent_skin = skin.name;
                            c.attachment.deform = true;
                            c.attachment.color = a.attachment.color;
                            c.attachment.width = a.attachment.width;
                            c.attachment.height = a.attachment.height;
                            c.attachment.json_absent = a.attachment.json_absent;
                        }
                        out.push_back(std::move(c));
                    }
                }
                sl.attachments = std::move(out);
            }
        for (auto& [slot, p] : plans_) {
            if (!p.refused.empty()) continue;
            OptString& setup = out_.slots[static_cast<std::size_t>(slot)].attachment;
            if (!setup) continue;
            auto it = p.keys.find(setup->str());
            if (it != p.keys.end())
                setup = it->second.frames[static_cast<std::size_t>(std::clamp(it->second.seq.setup_index, 0, static_cast<int>(it->second.frames.size()) - 1))];
        }
        for (const std::string& a : sequence_animations_)
            report_.add("/skins", fmt::format("sequence timelines (4.1+) of animation {}", a), "attachment keys at every frame change (poses exact)");
    }

    // The slot's sequences keep their setup frame's region (their timelines are dropped and reported with
    // the animations).
    void keep_setup_frames(int slot, const SlotPlan& p) {
        for (Skin& skin : out_.skins)
            for (SkinSlot& sl : skin.slots) {
                if (sl.slot != slot) continue;
                for (SkinAttachment& a : sl.attachments) {
                    if (!a.attachment.sequence) continue;
                    const Sequence& q = *a.attachment.sequence;
                    const std::string region = region_path(a.attachment, name(a.key), q, q.setup_index);
                    report_.add(pointer({"skins", name(skin.name), name(out_.slots[static_cast<std::size_t>(slot)].name), name(a.key)}),
                                fmt::format("sequence of {} regions (4.1+) not expandable: {}", q.count, p.refused),
                                "the setup frame's region kept (" + region + ")");
                    a.attachment.path = region;
                    a.attachment.sequence.reset();
                }
            }
    }

    const SkeletonData& src_;
    SkeletonData& out_;
    LossReport& report_;
    std::map<int, SlotPlan> plans_;
    std::vector<std::string> sequence_animations_;
};

}  // namespace

void expand_sequences(const SkeletonData& source, SkeletonData& out, LossReport& report) { SequenceExpander(source, out, report).run(); }

}  // namespace rigio::convert::spine_version
