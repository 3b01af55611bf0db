// DragonBones 4.0 / 4.5 / 5.0 -> 5.5: split bone frames into translate/rotate/scale frames, slot frames
// into displayFrame/colorFrame, event strings into "events" arrays (bone-frame events move to the
// animation's frames, bound to their bone), inheritFFD into inheritDeform, slot-frame "z" (4.x draw-order
// animation) into an animation-level zOrder timeline. Works on structure, not on the version label,
// because real "4.0" files carry 5.0 keys.
#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "version_common.hpp"

namespace rigio::dragonbones::detail {

namespace {

bool identity(const Opt<ColorTransform>& c) {
    if (!c) return true;
    auto is = [](const Opt<Num>& n, double d) { return !n || n->value() == d; };
    return is(c->aM, 100) && is(c->rM, 100) && is(c->gM, 100) && is(c->bM, 100) && is(c->aO, 0) && is(c->rO, 0) &&
           is(c->gO, 0) && is(c->bO, 0);
}

// Duration and easing of a frame for the 5.5 lists. null and "NaN" easings mean "no tween", as an
// absent key does; 5.5 files leave the key out then.
Frame timing(const Frame& f) {
    Frame o;
    o.duration = f.duration;
    if (f.tweenEasing && !std::isnan(f.tweenEasing->value())) o.tweenEasing = f.tweenEasing;
    o.curve = f.curve;
    return o;
}

void split_bone(BoneTimeline& t) {
    const Frames& in = *t.frame;
    bool translate = false, rotate = false, scale = false;
    for (const Frame& f : in) {
        if (f.transform) {
            const Transform& x = *f.transform;
            translate |= (x.x && x.x->value() != 0) || (x.y && x.y->value() != 0);
            rotate |= (x.skX && x.skX->value() != 0) || (x.skY && x.skY->value() != 0);
            scale |= (x.scX && x.scX->value() != 1) || (x.scY && x.scY->value() != 1);
        }
        rotate |= f.rare().tweenRotate && f.rare().tweenRotate->value() != 0;
    }
    Frames tf, rf, sf;
    for (const Frame& f : in) {
        Transform x = f.transform.value_or(Transform{});
        Frame a = timing(f), r = timing(f), s = timing(f);
        a.x = x.x;
        a.y = x.y;
        if (!x.extra.empty() || !f.rare().extra.empty()) {
            Extras& extra = a.rare_mut().extra;
            extra = x.extra;
            extra.insert(extra.end(), f.rare().extra.begin(), f.rare().extra.end());
        }
        if (x.skY) r.rotate = x.skY;
        const double skX = x.skX ? x.skX->value() : 0, skY = x.skY ? x.skY->value() : 0;
        if ((x.skX || x.skY) && skX - skY != 0) r.rare_mut().skew = Num(decimal_sum(skX, -skY));
        if (f.rare().tweenRotate) r.rare_mut().clockwise = f.rare().tweenRotate;
        s.x = x.scX;
        s.y = x.scY;
        tf.push_back(std::move(a));
        rf.push_back(std::move(r));
        sf.push_back(std::move(s));
    }
    if (translate || (!rotate && !scale)) t.translateFrame = std::move(tf);
    if (rotate) t.rotateFrame = std::move(rf);
    if (scale) t.scaleFrame = std::move(sf);
    t.frame.reset();
}

struct PendingEvent {
    double position;
    Event event;
    Opt<std::string> sound;
    Opt<RawJson> action;
};

// Inserts events at frame positions into the animation's frame list, splitting durations. Both lists
// are in time order, so one merging pass does it.
void merge_events(Animation& an, std::vector<PendingEvent>& pending, const std::string& at, std::vector<Loss>& losses) {
    if (pending.empty()) return;
    std::stable_sort(pending.begin(), pending.end(), [](const auto& a, const auto& b) { return a.position < b.position; });
    std::vector<std::pair<double, Frame>> old, keys;
    double pos = 0;
    if (an.frame)
        for (const Frame& f : *an.frame) {
            old.emplace_back(pos, f);
            pos += duration_of(f);
        }
    const double total = an.duration ? an.duration->value() : pos;
    auto attach = [&](Frame& f, PendingEvent& e) {
        FrameRare& r = f.rare_mut();
        if (!r.events) r.events.emplace();
        r.events->push_back(std::move(e.event));
        if (e.sound) {
            if (r.sound && *r.sound != *e.sound) losses.push_back({at, "two sounds at one frame (" + *r.sound + ", " + *e.sound + "): kept the first"});
            else r.sound = e.sound;
        }
        if (e.action) {
            if (r.action && !(*r.action == *e.action)) losses.push_back({at, "two actions at one frame: kept the first"});
            else r.action = e.action;
        }
    };
    std::size_t i = 0, j = 0;
    while (i < old.size() || j < pending.size()) {
        if (j == pending.size() || (i < old.size() && old[i].first < pending[j].position)) {
            keys.push_back(std::move(old[i++]));
            continue;
        }
        const double p = pending[j].position;
        if (i < old.size() && old[i].first == p) keys.push_back(std::move(old[i++]));
        else keys.emplace_back(p, Frame{});
        while (j < pending.size() && pending[j].position == p) attach(keys.back().second, pending[j++]);
    }
    if (!keys.empty() && keys.front().first > 0) keys.insert(keys.begin(), {0.0, Frame{}});  // frames start at 0
    Frames out;
    for (std::size_t i = 0; i < keys.size(); ++i) {
        Frame f = std::move(keys[i].second);
        if (i + 1 < keys.size()) f.duration = Num(keys[i + 1].first - keys[i].first);
        else if (!f.duration || keys[i].first + duration_of(f) < total) f.duration = Num(std::max(0.0, total - keys[i].first));
        out.push_back(std::move(f));
    }
    an.frame = std::move(out);
}

// 4.x slot-frame "z" (draw-order animation) as a 5.5 animation-level zOrder timeline. Exporters write, on
// every key of the slots an animation shows, the slot's place among those slots (4.0/4.5
// stagexl_demon.json: 1 for the backmost shown slot, and so on; slots the animation does not key keep
// their place). So at every key position the slots whose current key has a "z" are sorted by it (ties
// keep the array order) and take, in that order, the places they hold in the array order, which is the
// 5.5 setup order; the result is written as (slot, offset) pairs, an empty key where nothing moves, and
// no timeline when nothing ever moves. Keys are stepped.
void slot_z_to_zorder(Animation& an, const Armature& arm, const std::string& at, std::vector<Loss>& losses) {
    if (!an.slot || !arm.slot) return;
    const std::size_t slots = arm.slot->size();
    struct Keys {
        std::vector<double> pos;
        std::vector<double> z;  // NaN: the frame has no "z"
    };
    std::vector<Keys> keyed(slots);
    std::set<double> positions;
    std::size_t frames_with_z = 0;
    for (const SlotTimeline& t : *an.slot) {
        if (!t.frame || t.slot < 0 || static_cast<std::size_t>(t.slot) >= slots) continue;
        bool any = false;
        for (const Frame& f : *t.frame) any |= f.z.has_value();
        if (!any) continue;
        Keys& k = keyed[static_cast<std::size_t>(t.slot)];
        k = Keys{};
        double p = 0;
        for (const Frame& f : *t.frame) {
            k.pos.push_back(p);
            k.z.push_back(f.z && std::isfinite(f.z->value()) ? f.z->value() : NAN);
            frames_with_z += f.z ? 1 : 0;
            positions.insert(p);
            p += duration_of(f);
        }
    }
    if (frames_with_z == 0) return;
    if (an.zOrder) {
        losses.push_back({at + "/zOrder", "slot-frame \"z\" beside a zOrder timeline: the zOrder timeline is kept, the " +
                                              std::to_string(frames_with_z) + " slot-frame \"z\" values are dropped"});
        return;
    }
    const double total = an.duration ? std::max(0.0, an.duration->value()) : *positions.rbegin();
    positions.insert(0);
    std::vector<std::pair<double, Vector<Num>>> keys;  // position, (slot, offset) pairs
    for (double p : positions) {
        if (p > total && !keys.empty()) break;
        std::vector<std::size_t> shown;  // slots whose current key has a "z", in array order
        std::vector<double> z(slots, NAN);
        for (std::size_t i = 0; i < slots; ++i) {
            const Keys& k = keyed[i];
            if (k.pos.empty()) continue;
            const auto it = std::upper_bound(k.pos.begin(), k.pos.end(), p);
            z[i] = k.z[it == k.pos.begin() ? 0 : static_cast<std::size_t>(it - k.pos.begin()) - 1];
            if (!std::isnan(z[i])) shown.push_back(i);
        }
        std::vector<std::size_t> sorted = shown;
        std::stable_sort(sorted.begin(), sorted.end(), [&](std::size_t a, std::size_t b) { return z[a] < z[b]; });
        Vector<Num> pairs;  // sorted[n] moves to the place shown[n] had; pairs in slot order
        std::vector<std::pair<std::size_t, std::size_t>> moved;
        for (std::size_t n = 0; n < shown.size(); ++n)
            if (sorted[n] != shown[n]) moved.emplace_back(sorted[n], shown[n]);
        std::sort(moved.begin(), moved.end());
        for (const auto& [slot, place] : moved) {
            pairs.push_back(Num(static_cast<double>(slot)));
            pairs.push_back(Num(static_cast<double>(place) - static_cast<double>(slot)));
        }
        if (!keys.empty() && keys.back().second == pairs) continue;  // the same order: no new key
        keys.emplace_back(p, std::move(pairs));
    }
    bool moves = false;
    for (const auto& k : keys) moves |= !k.second.empty();
    if (!moves) return;  // the keys never change the order
    ZOrderTimeline timeline;
    timeline.frame.emplace();
    for (std::size_t i = 0; i < keys.size(); ++i) {
        Frame f;
        const double end = i + 1 < keys.size() ? keys[i + 1].first : std::max(total, keys[i].first);
        f.duration = Num(end - keys[i].first);
        if (!keys[i].second.empty()) f.rare_mut().zOrder = std::move(keys[i].second);
        timeline.frame->push_back(std::move(f));
    }
    an.zOrder = std::move(timeline);
}

void upgrade_animation(Animation& an, const Armature& arm, const std::string& at, std::vector<Loss>& losses) {
    slot_z_to_zorder(an, arm, at, losses);
    std::vector<PendingEvent> pending;
    if (an.frame)
        for (Frame& f : *an.frame)
            if (f.rare().event) {
                FrameRare& r = f.rare_mut();
                Event e;
                e.name = r.event;
                if (!r.events) r.events.emplace();
                r.events->insert(r.events->begin(), std::move(e));
                r.event.reset();
            }
    if (an.bone)
        for (std::size_t j = 0; j < an.bone->size(); ++j) {
            BoneTimeline& t = (*an.bone)[j];
            if (!t.frame) continue;
            double pos = 0;
            for (Frame& f : *t.frame) {
                if (f.rare().event || f.rare().sound || f.rare().action) {
                    FrameRare& r = f.rare_mut();
                    Event e;
                    e.name = r.event.value_or(std::string());  // sound/action alone: removed after the merge
                    e.bone = t.name;
                    pending.push_back(PendingEvent{pos, std::move(e), r.sound, r.action});
                    r.event.reset();
                    r.sound.reset();
                    r.action.reset();
                }
                pos += duration_of(f);
            }
            split_bone(t);
        }
    // Sound/action-only entries carry an empty event; drop those events after the merge.
    merge_events(an, pending, at + "/frame", losses);
    if (an.frame)
        for (Frame& f : *an.frame)
            if (f.rare().events) {
                auto& ev = *f.rare_mut().events;
                ev.erase(std::remove_if(ev.begin(), ev.end(), [](const Event& e) { return e.name && e.name->empty(); }), ev.end());
                if (ev.empty()) f.rare_mut().events.reset();
            }
    if (an.slot)
        for (std::size_t j = 0; j < an.slot->size(); ++j) {
            SlotTimeline& t = (*an.slot)[j];
            if (!t.frame) continue;
            const Frames& in = *t.frame;
            bool any_color = false, any_display = false;
            for (const Frame& f : in) {
                any_color |= f.color.has_value();
                any_display |= f.displayIndex.has_value() || f.rare().actions.has_value();
            }
            const bool setup_color = t.slot >= 0 && arm.slot && !identity((*arm.slot)[t.slot].color);
            const Opt<Num>& setup_index = t.slot >= 0 && arm.slot ? (*arm.slot)[t.slot].displayIndex : Opt<Num>{};
            const bool setup_display = setup_index && setup_index->value() != 0;
            Frames df, cf;
            for (const Frame& f : in) {
                Frame d;
                d.duration = f.duration;
                d.value = f.displayIndex;
                if (f.rare().actions) d.rare_mut().actions = f.rare().actions;
                if (!f.rare().extra.empty()) d.rare_mut().extra = f.rare().extra;
                Frame c = timing(f);
                if (f.color) c.rare_mut().value_color = f.color;
                df.push_back(std::move(d));
                cf.push_back(std::move(c));
            }
            // Likewise a slot frame without displayIndex shows display 0, not the setup display.
            if (any_display || !any_color || setup_display) t.displayFrame = std::move(df);
            // 4.x: a slot frame without colour means identity colour, so a colour timeline is needed
            // whenever it would differ from the setup colour a 5.5 runtime would keep.
            if (any_color || setup_color) t.colorFrame = std::move(cf);
            t.frame.reset();
        }
}

}  // namespace

void upgrade_to_55(DragonBonesData& d, std::vector<Loss>& losses) {
    if (d.isGlobal && d.isGlobal->value() != 0)
        losses.push_back({"/isGlobal", "isGlobal 1 (armature-space transforms): 5.5 has no such flag; transforms kept as written"});
    d.isGlobal.reset();
    d.version = "5.5";
    d.compatibleVersion = "5.5";
    for (std::size_t i = 0; i < d.armature.size(); ++i) {
        Armature& a = d.armature[i];
        const std::string at = "/armature/" + std::to_string(i);
        if (a.skin)
            for (Skin& s : *a.skin)
                if (s.slot)
                    for (SkinSlot& ss : *s.slot)
                        if (ss.display)
                            for (Display& dp : *ss.display)
                                if (dp.inheritFFD) {
                                    if (!dp.inheritDeform) dp.inheritDeform = dp.inheritFFD;
                                    dp.inheritFFD.reset();
                                }
        if (a.animation)
            for (std::size_t k = 0; k < a.animation->size(); ++k)
                upgrade_animation((*a.animation)[k], a, at + "/animation/" + std::to_string(k), losses);
    }
}

}  // namespace rigio::dragonbones::detail
