// DragonBones 4.0 / 4.5 / 5.0 -> 5.5: split bone frames into translate/rotate/scale frames, slot frames
// into displayFrame/colorFrame, event strings into "events" arrays (bone-frame events move to the
// animation's frames, bound to their bone), inheritFFD into inheritDeform. Slot-frame "z" (4.x draw-order
// animation) has no 5.5 form and is reported. Works on structure, not on the version label, because
// real "4.0" files carry 5.0 keys.
#include <algorithm>
#include <cmath>
#include <map>

#include "version_common.hpp"

namespace rigio::dragonbones::detail {

namespace {

bool identity(const Opt<ColorTransform>& c) {
    if (!c) return true;
    auto is = [](const Opt<Num>& n, double d) { return !n || n->value == d; };
    return is(c->aM, 100) && is(c->rM, 100) && is(c->gM, 100) && is(c->bM, 100) && is(c->aO, 0) && is(c->rO, 0) &&
           is(c->gO, 0) && is(c->bO, 0);
}

// Duration and easing of a frame for the 5.5 lists. null and "NaN" easings mean "no tween", as an
// absent key does; 5.5 files leave the key out then.
Frame timing(const Frame& f) {
    Frame o;
    o.duration = f.duration;
    if (f.tweenEasing && !std::isnan(f.tweenEasing->value)) o.tweenEasing = f.tweenEasing;
    o.curve = f.curve;
    return o;
}

void split_bone(BoneTimeline& t) {
    const Frames& in = *t.frame;
    bool translate = false, rotate = false, scale = false;
    for (const Frame& f : in) {
        if (f.transform) {
            const Transform& x = *f.transform;
            translate |= (x.x && x.x->value != 0) || (x.y && x.y->value != 0);
            rotate |= (x.skX && x.skX->value != 0) || (x.skY && x.skY->value != 0);
            scale |= (x.scX && x.scX->value != 1) || (x.scY && x.scY->value != 1);
        }
        rotate |= f.tweenRotate && f.tweenRotate->value != 0;
    }
    Frames tf, rf, sf;
    for (const Frame& f : in) {
        Transform x = f.transform.value_or(Transform{});
        Frame a = timing(f), r = timing(f), s = timing(f);
        a.x = x.x;
        a.y = x.y;
        a.extra = x.extra;
        a.extra.insert(a.extra.end(), f.extra.begin(), f.extra.end());
        if (x.skY) r.rotate = x.skY;
        const double skX = x.skX ? x.skX->value : 0, skY = x.skY ? x.skY->value : 0;
        if ((x.skX || x.skY) && skX - skY != 0) r.skew = Num(decimal_sum(skX, -skY));
        r.clockwise = f.tweenRotate;
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
    const double total = an.duration ? an.duration->value : pos;
    auto attach = [&](Frame& f, PendingEvent& e) {
        if (!f.events) f.events.emplace();
        f.events->push_back(std::move(e.event));
        if (e.sound) {
            if (f.sound && *f.sound != *e.sound) losses.push_back({at, "two sounds at one frame (" + *f.sound + ", " + *e.sound + "): kept the first"});
            else f.sound = e.sound;
        }
        if (e.action) {
            if (f.action && !(*f.action == *e.action)) losses.push_back({at, "two actions at one frame: kept the first"});
            else f.action = e.action;
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

void upgrade_animation(Animation& an, const Armature& arm, const std::string& at, std::vector<Loss>& losses) {
    std::vector<PendingEvent> pending;
    if (an.frame)
        for (Frame& f : *an.frame)
            if (f.event) {
                Event e;
                e.name = f.event;
                if (!f.events) f.events.emplace();
                f.events->insert(f.events->begin(), std::move(e));
                f.event.reset();
            }
    if (an.bone)
        for (std::size_t j = 0; j < an.bone->size(); ++j) {
            BoneTimeline& t = (*an.bone)[j];
            if (!t.frame) continue;
            double pos = 0;
            for (Frame& f : *t.frame) {
                if (f.event || f.sound || f.action) {
                    Event e;
                    e.name = f.event.value_or(std::string());  // sound/action alone: removed after the merge
                    e.bone = t.name;
                    pending.push_back(PendingEvent{pos, std::move(e), f.sound, f.action});
                    f.event.reset();
                    f.sound.reset();
                    f.action.reset();
                }
                pos += duration_of(f);
            }
            split_bone(t);
        }
    // Sound/action-only entries carry an empty event; drop those events after the merge.
    merge_events(an, pending, at + "/frame", losses);
    if (an.frame)
        for (Frame& f : *an.frame)
            if (f.events) {
                auto& ev = *f.events;
                ev.erase(std::remove_if(ev.begin(), ev.end(), [](const Event& e) { return e.name && e.name->empty(); }), ev.end());
                if (ev.empty()) f.events.reset();
            }
    if (an.slot)
        for (std::size_t j = 0; j < an.slot->size(); ++j) {
            SlotTimeline& t = (*an.slot)[j];
            if (!t.frame) continue;
            const Frames& in = *t.frame;
            std::size_t z = 0;
            bool any_color = false, any_display = false;
            for (const Frame& f : in) {
                z += f.z ? 1 : 0;
                any_color |= f.color.has_value();
                any_display |= f.displayIndex.has_value() || f.actions.has_value();
            }
            if (z)
                losses.push_back({at + "/slot/" + std::to_string(j) + "/frame",
                                  "slot-frame \"z\" (draw-order animation) in " + std::to_string(z) +
                                      " frames: 5.5 has no per-slot draw-order keys; dropped"});
            const bool setup_color = t.slot >= 0 && arm.slot && !identity((*arm.slot)[t.slot].color);
            const Opt<Num>& setup_index = t.slot >= 0 && arm.slot ? (*arm.slot)[t.slot].displayIndex : Opt<Num>{};
            const bool setup_display = setup_index && setup_index->value != 0;
            Frames df, cf;
            for (const Frame& f : in) {
                Frame d;
                d.duration = f.duration;
                d.value = f.displayIndex;
                d.actions = f.actions;
                d.extra = f.extra;
                Frame c = timing(f);
                c.value_color = f.color;
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
    if (d.isGlobal && d.isGlobal->value != 0)
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
