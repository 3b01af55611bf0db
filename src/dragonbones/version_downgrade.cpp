// DragonBones 5.x -> 4.5: translate/rotate/scale frames merge into bone frames with a transform,
// displayFrame/colorFrame into slot frames, "events" arrays into event strings. Channels keyed at
// different times are merged at the union of their key times, each channel evaluated there with its
// own easing; where one easing cannot express the result, the loss is reported. 5.x-only data (zOrder
// timelines, event parameters, typed actions, inheritTranslation/Reflection) is dropped and reported.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <functional>
#include <cstdlib>
#include <map>
#include <set>

#include "version_channel.hpp"
#include "version_common.hpp"

namespace rigio::dragonbones::detail {

namespace {

std::string frame_text(double t) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", t);
    return buf;
}

bool linear(const Frame& f) { return !f.curve && f.tweenEasing && f.tweenEasing->value() == 0; }

bool same_easing(const Frame& a, const Frame& b) { return a.tweenEasing == b.tweenEasing && a.curve == b.curve; }

struct Merged {
    std::vector<double> times;
    double last_duration = 0;
};

Merged union_times(const std::vector<const Channel*>& chans) {
    std::set<double> t;
    double end = 0;
    for (const Channel* c : chans) {
        t.insert(c->pos.begin(), c->pos.end());
        end = std::max(end, c->end());
    }
    Merged m{std::vector<double>(t.begin(), t.end()), 0};
    if (!m.times.empty()) m.last_duration = std::max(0.0, end - m.times.back());
    return m;
}

// Sets the duration and easing of merged key m from the channels; reports what one easing cannot hold.
void merge_timing(Frame& out, const Merged& m, std::size_t i, const std::vector<const Channel*>& chans, const std::string& at,
                  std::vector<Loss>& losses) {
    const double t0 = m.times[i];
    const bool last = i + 1 == m.times.size();
    const double t1 = last ? t0 + m.last_duration : m.times[i + 1];
    out.duration = Num(last ? m.last_duration : t1 - t0);
    // Channels that change over [t0, t1] drive the segment's easing: the first one's easing is kept
    // when its keys line up with the merged ones, else the segment becomes linear. Any driver whose
    // motion that easing does not reproduce exactly is a loss.
    struct Driver {
        const Frame* frame;
        bool aligned;
    };
    std::vector<Driver> drivers;
    for (const Channel* c : chans) {
        if (last || c->step || !c->changes(t0, t1)) continue;
        std::size_t k = c->key_at(t0);
        bool aligned = c->pos[k] == t0 && k + 1 < c->pos.size() && c->pos[k + 1] == t1;
        drivers.push_back({&(*c->frames)[k], aligned});
    }
    if (!drivers.empty()) {
        if (drivers[0].aligned) {
            out.tweenEasing = drivers[0].frame->tweenEasing;
            out.curve = drivers[0].frame->curve;
        } else {
            out.tweenEasing = Num(0);
        }
        for (const Driver& d : drivers) {
            const bool exact = (d.aligned && same_easing(*d.frame, out)) || (linear(*d.frame) && linear(out));
            if (exact) continue;
            losses.push_back({at, !tweened(*d.frame) && !d.aligned
                                      ? "channels keyed at different times: a stepped change inside the segment at frame " + frame_text(t0) +
                                            " is interpolated in 4.5"
                                      : "channels keyed at different times or with different easing: the segment at frame " + frame_text(t0) +
                                            " keeps one easing"});
            break;
        }
        return;
    }
    for (const Channel* c : chans)
        if (c->has_key_at(t0)) {
            const Frame& f = (*c->frames)[c->key_at(t0)];
            out.tweenEasing = f.tweenEasing;
            out.curve = f.curve;
            break;
        }
}

void merge_bone(BoneTimeline& t, const std::string& at, std::vector<Loss>& losses) {
    std::vector<Channel> chans;
    const Frames empty;
    Channel tr(t.translateFrame ? *t.translateFrame : empty, [](const Frame& f) { return Values{val(f.x, 0), val(f.y, 0)}; });
    Channel ro(t.rotateFrame ? *t.rotateFrame : empty, [](const Frame& f) { return Values{val(f.rotate, 0), val(f.rare().skew, 0)}; });
    Channel sc(t.scaleFrame ? *t.scaleFrame : empty, [](const Frame& f) { return Values{val(f.x, 1), val(f.y, 1)}; });
    ro.rotation = true;
    std::vector<const Channel*> present;
    if (t.translateFrame && !t.translateFrame->empty()) present.push_back(&tr);
    if (t.rotateFrame && !t.rotateFrame->empty()) present.push_back(&ro);
    if (t.scaleFrame && !t.scaleFrame->empty()) present.push_back(&sc);
    Merged m = union_times(present);
    Frames out;
    for (std::size_t i = 0; i < m.times.size(); ++i) {
        const double u = m.times[i];
        Frame f;
        merge_timing(f, m, i, present, at, losses);
        Transform x;
        auto keyed = [&](const Opt<Frames>& fs, const Channel& c) -> const Frame* {
            return fs && !fs->empty() && c.has_key_at(u) ? &(*fs)[c.key_at(u)] : nullptr;
        };
        if (t.translateFrame && !t.translateFrame->empty()) {
            Values v = tr.at(u);
            const Frame* k = keyed(t.translateFrame, tr);
            if (k && k->x) x.x = k->x; else if (v[0] != 0) x.x = Num(v[0]);
            if (k && k->y) x.y = k->y; else if (v[1] != 0) x.y = Num(v[1]);
        }
        if (t.rotateFrame && !t.rotateFrame->empty()) {
            Values v = ro.at(u);
            const Frame* k = keyed(t.rotateFrame, ro);
            if (k && k->rotate) x.skY = k->rotate; else if (v[0] != 0) x.skY = Num(v[0]);
            if (v[0] + v[1] != 0 || (k && k->rare().skew)) x.skX = Num(decimal_sum(v[0], v[1]));
            if (k && k->rare().clockwise) f.rare_mut().tweenRotate = k->rare().clockwise;
        }
        if (t.scaleFrame && !t.scaleFrame->empty()) {
            Values v = sc.at(u);
            const Frame* k = keyed(t.scaleFrame, sc);
            if (k && k->x) x.scX = k->x; else if (v[0] != 1) x.scX = Num(v[0]);
            if (k && k->y) x.scY = k->y; else if (v[1] != 1) x.scY = Num(v[1]);
        }
        f.transform = std::move(x);
        out.push_back(std::move(f));
    }
    t.frame = std::move(out);
    t.translateFrame.reset();
    t.rotateFrame.reset();
    t.scaleFrame.reset();
}

Values color_values(const Opt<ColorTransform>& c) {
    if (!c) return Values{100, 100, 100, 100, 0, 0, 0, 0};
    return Values{val(c->aM, 100), val(c->rM, 100), val(c->gM, 100), val(c->bM, 100),
                  val(c->aO, 0),   val(c->rO, 0),   val(c->gO, 0),   val(c->bO, 0)};
}

ColorTransform color_from(const Values& v) {
    ColorTransform c;
    Opt<Num>* m[8] = {&c.aM, &c.rM, &c.gM, &c.bM, &c.aO, &c.rO, &c.gO, &c.bO};
    for (int i = 0; i < 8; ++i)
        if (v[i] != (i < 4 ? 100 : 0)) *m[i] = Num(v[i]);
    return c;
}

const Opt<ColorTransform>& frame_color(const Frame& f) { return f.rare().value_color ? f.rare().value_color : f.color; }

void merge_slot(SlotTimeline& t, const Slot* setup, const std::string& at, std::vector<Loss>& losses) {
    const Frames empty;
    Channel di(t.displayFrame ? *t.displayFrame : empty,
               [](const Frame& f) { return Values{val(f.value ? f.value : f.displayIndex, 0)}; });
    Channel co(t.colorFrame ? *t.colorFrame : empty, [](const Frame& f) { return color_values(frame_color(f)); });
    di.step = true;
    std::vector<const Channel*> present;
    if (t.displayFrame && !t.displayFrame->empty()) present.push_back(&di);
    if (t.colorFrame && !t.colorFrame->empty()) present.push_back(&co);
    Merged m = union_times(present);
    Frames out;
    for (std::size_t i = 0; i < m.times.size(); ++i) {
        const double u = m.times[i];
        Frame f;
        merge_timing(f, m, i, present, at, losses);
        if (t.displayFrame && !t.displayFrame->empty()) {
            const bool keyed = di.has_key_at(u);
            const Frame& k = (*t.displayFrame)[di.key_at(u)];
            if (keyed && (k.value || k.displayIndex)) f.displayIndex = k.value ? k.value : k.displayIndex;
            else if (di.at(u)[0] != 0) f.displayIndex = Num(di.at(u)[0]);
            if (keyed && k.rare().actions)
                losses.push_back({at + "/displayFrame/" + std::to_string(di.key_at(u)) + "/actions", "slot-frame actions: 4.5 has none; dropped"});
        }
        if (t.colorFrame && !t.colorFrame->empty()) {
            const Frame& k = (*t.colorFrame)[co.key_at(u)];
            if (co.has_key_at(u)) {
                f.color = frame_color(k);
            } else {
                Values v = co.at(u);
                if (v != color_values({})) f.color = color_from(v);
            }
        } else if (setup && setup->color) {
            // 4.x slot frames without colour mean identity colour; keep the setup colour that 5.x kept.
            f.color = setup->color;
        }
        if ((!t.displayFrame || t.displayFrame->empty()) && setup && setup->displayIndex && setup->displayIndex->value() != 0) {
            // ... and without displayIndex they show display 0: keep the setup display.
            f.displayIndex = setup->displayIndex;
        }
        out.push_back(std::move(f));
    }
    t.frame = std::move(out);
    t.displayFrame.reset();
    t.colorFrame.reset();
}

bool same_bone_frames(const Frames& a, const Frames& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (duration_of(a[i]) != duration_of(b[i]) || !same_easing(a[i], b[i])) return false;
        Transform x = a[i].transform.value_or(Transform{}), y = b[i].transform.value_or(Transform{});
        if (val(x.x, 0) != val(y.x, 0) || val(x.y, 0) != val(y.y, 0) || val(x.skX, 0) != val(y.skX, 0) ||
            val(x.skY, 0) != val(y.skY, 0) || val(x.scX, 1) != val(y.scX, 1) || val(x.scY, 1) != val(y.scY, 1))
            return false;
    }
    return true;
}

bool same_slot_frames(const Frames& a, const Frames& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (duration_of(a[i]) != duration_of(b[i]) || val(a[i].displayIndex, 0) != val(b[i].displayIndex, 0) ||
            color_values(a[i].color) != color_values(b[i].color))
            return false;
    return true;
}

// A bone-bound event goes to a key of that bone's timeline at the same frame (the 4.x place for it):
// to an existing key without an event, or to a new timeline of unanimated keys when the bone has none.
bool event_to_bone(Animation& an, const std::string& bone, double position, const std::string& name) {
    if (!an.bone) an.bone.emplace();
    for (BoneTimeline& t : *an.bone) {
        if (t.name != bone) continue;
        if (!t.frame) return false;
        double pos = 0;
        for (Frame& f : *t.frame) {
            if (pos == position && !f.rare().event) {
                f.rare_mut().event = name;
                return true;
            }
            pos += duration_of(f);
        }
        return false;
    }
    const double total = an.duration ? std::max(0.0, an.duration->value()) : position;
    BoneTimeline t;
    t.name = bone;
    t.frame.emplace();
    if (position > 0) {
        Frame hold;
        hold.duration = Num(position);
        t.frame->push_back(std::move(hold));
    }
    Frame key;
    key.duration = Num(std::max(0.0, total - position));
    key.rare_mut().event = name;
    t.frame->push_back(std::move(key));
    an.bone->push_back(std::move(t));
    return true;
}

void downgrade_events(Animation& an, const std::string& at, std::vector<Loss>& losses) {
    if (!an.frame) return;
    double position = 0;
    for (std::size_t i = 0; i < an.frame->size(); ++i) {
        Frame& f = (*an.frame)[i];
        const std::string fp = at + "/frame/" + std::to_string(i);
        if (f.rare().events) {
            for (std::size_t e = 0; e < f.rare().events->size(); ++e) {
                const Event& ev = (*f.rare().events)[e];
                const std::string ep = fp + "/events/" + std::to_string(e);
                if (ev.bone && ev.name && !ev.slot && event_to_bone(an, *ev.bone, position, *ev.name)) {
                    // kept on the bone's frame
                } else if (!f.rare().event && ev.name) {
                    f.rare_mut().event = ev.name;
                    if (ev.bone || ev.slot) losses.push_back({ep, "event bound to a bone or slot: written as an animation event"});
                } else {
                    losses.push_back({ep, "more than one event on a frame: 4.5 holds one; dropped"});
                }
                if (ev.ints || ev.floats || ev.strings || !ev.extra.empty())
                    losses.push_back({ep, "event parameters (ints/floats/strings): 4.5 has none; dropped"});
            }
            f.rare_mut().events.reset();
        }
        if (f.rare().actions) {
            losses.push_back({fp + "/actions", "typed frame actions: 4.5 has none; dropped"});
            f.rare_mut().actions.reset();
        }
        position += duration_of(f);
    }
}

// The bone segments that one easing cannot carry, one loss per bone timeline (its first segment, how many
// more) with what they cost: the measured largest displacement of any bone between the 5.x animation and
// its 4.5 form, and how far the timeline's own values move.
void report_bone_easing(const Armature& arm, const Animation& before, const Animation& after, const std::vector<Loss>& segments,
                        std::vector<Loss>& losses) {
    if (segments.empty()) return;
    const Displacement moved = bone_displacement(arm, before, after);
    auto number = [](double v) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.3g", std::fabs(v) < 5e-7 ? 0.0 : v);  // below float noise: 0
        return std::string(buf);
    };
    std::string measured = "; measured over the animation, bones move up to " + number(moved.px) + " px from the 5.x pose";
    if (moved.px > 0) measured += " (bone \"" + moved.bone + "\" at frame " + frame_text(moved.frame) + "; IK not applied)";
    std::map<std::string, std::size_t> per_timeline;  // path -> segments
    for (const Loss& l : segments) ++per_timeline[l.path];
    std::set<std::string> done;
    for (const Loss& l : segments) {
        if (!done.insert(l.path).second) continue;
        std::string what = l.what;
        const std::size_t more = per_timeline[l.path] - 1;
        if (more) what += " (and " + std::to_string(more) + " more segment" + (more == 1 ? "" : "s") + " of this timeline)";
        what += measured;
        // The timeline's own bone: how much its values move.
        const std::size_t slash = l.path.rfind('/');
        const std::size_t index = slash == std::string::npos ? 0 : std::strtoul(l.path.c_str() + slash + 1, nullptr, 10);
        if (after.bone && index < after.bone->size()) {
            const int bone = (*after.bone)[index].bone;
            if (bone >= 0 && static_cast<std::size_t>(bone) < moved.own.size()) {
                const auto& own = moved.own[static_cast<std::size_t>(bone)];
                what += ", this bone's own values by up to " + number(own[0]) + " px, " + number(own[1]) + " degrees and " + number(own[2]) +
                        " in scale";
            }
        }
        losses.push_back({l.path, what});
    }
}

void downgrade_animation(Animation& an, const Armature& arm, const std::string& at, std::vector<Loss>& losses) {
    const Animation before = an;
    std::vector<Loss> bone_segments;  // what one easing cannot carry, reported per animation below
    if (an.zOrder) {
        losses.push_back({at + "/zOrder", "zOrder timeline (draw-order animation): 4.5 has no animation-level zOrder; dropped"});
        an.zOrder.reset();
    }
    if (an.bone)
        for (std::size_t j = 0; j < an.bone->size(); ++j) {
            BoneTimeline& t = (*an.bone)[j];
            const std::string tp = at + "/bone/" + std::to_string(j);
            if (t.frame && (t.translateFrame || t.rotateFrame || t.scaleFrame)) {
                // Editors write both forms for older runtimes: keep the 4.x one when it says the same.
                BoneTimeline merged = t;
                std::vector<Loss> ignored;
                merged.frame.reset();
                merge_bone(merged, tp, ignored);
                if (!same_bone_frames(*merged.frame, *t.frame)) {
                    losses.push_back({tp + "/frame", "bone frames differ from the split frames written beside them: the split frames win"});
                    t.frame = std::move(merged.frame);
                }
                t.translateFrame.reset();
                t.rotateFrame.reset();
                t.scaleFrame.reset();
            }
            if (!t.frame) merge_bone(t, tp, bone_segments);
        }
    if (arm.bone) report_bone_easing(arm, before, an, bone_segments, losses);
    else losses.insert(losses.end(), bone_segments.begin(), bone_segments.end());
    if (an.slot)
        for (std::size_t j = 0; j < an.slot->size(); ++j) {
            SlotTimeline& t = (*an.slot)[j];
            const std::string tp = at + "/slot/" + std::to_string(j);
            if (t.frame && (t.displayFrame || t.colorFrame)) {
                SlotTimeline merged = t;
                std::vector<Loss> ignored;
                merged.frame.reset();
                merge_slot(merged, t.slot >= 0 && arm.slot ? &(*arm.slot)[t.slot] : nullptr, tp, ignored);
                if (!same_slot_frames(*merged.frame, *t.frame)) {
                    losses.push_back({tp + "/frame", "slot frames differ from the split frames written beside them: the split frames win"});
                    t.frame = std::move(merged.frame);
                }
                t.displayFrame.reset();
                t.colorFrame.reset();
            }
            if (t.frame) {
                for (std::size_t k = 0; k < t.frame->size(); ++k)
                    if ((*t.frame)[k].rare().actions) {
                        losses.push_back({tp + "/frame/" + std::to_string(k) + "/actions", "slot-frame actions: 4.5 has none; dropped"});
                        (*t.frame)[k].rare_mut().actions.reset();
                    }
                continue;
            }
            const Slot* setup = t.slot >= 0 && arm.slot ? &(*arm.slot)[t.slot] : nullptr;
            merge_slot(t, setup, tp, losses);
        }
    downgrade_events(an, at, losses);
}

}  // namespace

void downgrade_to_45(DragonBonesData& d, std::vector<Loss>& losses) {
    d.version = "4.5";
    d.compatibleVersion.reset();
    d.isGlobal = Num(0);  // 4.x runtimes read a missing isGlobal as armature-space data
    for (std::size_t i = 0; i < d.armature.size(); ++i) {
        Armature& a = d.armature[i];
        const std::string at = "/armature/" + std::to_string(i);
        if (a.bone)
            for (std::size_t j = 0; j < a.bone->size(); ++j) {
                Bone& b = (*a.bone)[j];
                const std::string bp = at + "/bone/" + std::to_string(j);
                if (b.inheritTranslation) {
                    if (!b.inheritTranslation->value) losses.push_back({bp + "/inheritTranslation", "inheritTranslation false: 4.5 has no such flag; dropped"});
                    b.inheritTranslation.reset();
                }
                if (b.inheritReflection) {
                    if (!b.inheritReflection->value) losses.push_back({bp + "/inheritReflection", "inheritReflection false: 4.5 has no such flag; dropped"});
                    b.inheritReflection.reset();
                }
            }
        if (a.skin)
            for (Skin& s : *a.skin)
                if (s.slot)
                    for (SkinSlot& ss : *s.slot)
                        if (ss.display)
                            for (Display& dp : *ss.display)
                                if (dp.inheritDeform) {
                                    if (!dp.inheritFFD) dp.inheritFFD = dp.inheritDeform;
                                    dp.inheritDeform.reset();
                                }
        if (a.animation)
            for (std::size_t k = 0; k < a.animation->size(); ++k)
                downgrade_animation((*a.animation)[k], a, at + "/animation/" + std::to_string(k), losses);
    }
}

}  // namespace rigio::dragonbones::detail
