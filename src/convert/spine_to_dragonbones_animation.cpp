// Spine 3.8 -> DragonBones 5.5: animations. Keys are placed on frames of one frame rate (the skeleton's
// fps when every key falls on one of its frames, else a finer rate up to 240 fps); Spine curves become
// DragonBones easing: linear -> tweenEasing 0, stepped -> no tweenEasing, Bezier -> curve.
#include <algorithm>
#include <cmath>
#include <fmt/core.h>

#include "spine_to_dragonbones_internal.hpp"

namespace rigio::convert::spine2db {

namespace db = dragonbones;

namespace {

template <class F>
void each_time(const spine::Animation& a, F f) {
    for (const auto& s : a.slots)
        for (const auto& t : s.timelines) {
            for (const auto& k : t.attachment_keys) f(k.time);
            for (const auto& k : t.color_keys) f(k.time);
        }
    for (const auto& b : a.bones)
        for (const auto& t : b.timelines)
            for (const auto& k : t.keys) f(k.time);
    for (const auto& d : a.deform)
        for (const auto& s : d.slots)
            for (const auto& t : s.timelines)
                for (const auto& k : t.keys) f(k.time);
    for (const auto& k : a.draw_order) f(k.time);
    for (const auto& k : a.events) f(k.time);
}

// Whether a key at `t` seconds sits on a frame at `fps` (within 1e-3 frames).
bool on_frame(float t, double fps) {
    const double f = double(t) * fps;
    return std::abs(f - std::round(f)) <= 1e-3;
}

// The coarsest frame rate on whose frames every key falls; 240 at most.
double pick_frame_rate(const spine::SkeletonData& sd, bool& exact) {
    const double base = sd.header.nonessential && sd.header.fps > 0 ? sd.header.fps : 30;
    for (double fps : {base, 30.0, 60.0, 120.0, 240.0}) {
        bool fits = true;
        for (const auto& a : sd.animations)
            each_time(a, [&](float t) { fits = fits && on_frame(t, fps); });
        if (fits) {
            exact = true;
            return fps;
        }
    }
    exact = false;
    return 240;
}

void set_easing(db::Frame& f, spine::CurveView c) {
    switch (c.type) {
        case spine::CurveType::Linear: f.tweenEasing = db::Num(0); break;
        case spine::CurveType::Stepped: break;  // no tweenEasing: hold
        case spine::CurveType::Bezier:
            f.tweenEasing = db::Num(0);
            f.curve = db::Vector<db::Num>{c.cx1, c.cy1, c.cx2, c.cy2};
            break;
    }
}

class AnimationConverter {
public:
    AnimationConverter(Context& cx, const spine::Animation& a) : cx_(cx), sd_(cx.sd), a_(a), where_("/animations/" + name_of(a.name)) {
        end_ = frame(spine::duration(a));
    }

    db::Animation run() {
        db::Animation o;
        o.name = name_of(a_.name);
        o.duration = db::Num(std::max(1L, end_));
        o.playTimes = db::Num(0);
        bones(o);
        slots(o);
        deform(o);
        draw_order(o);
        events(o);
        for (const auto& t : a_.ik)
            loss("/ik/" + name_of(sd_.ik[t.constraint].name), "IK timeline", "dropped (DragonBones cannot animate IK)");
        for (const auto& t : a_.transform)
            loss("/transform/" + name_of(sd_.transform[t.constraint].name), "transform constraint timeline", "dropped");
        for (const auto& t : a_.path)
            loss("/path/" + name_of(sd_.path[t.constraint].name), "path constraint timeline", "dropped");
        return o;
    }

private:
    long frame(float t) const { return std::lround(double(t) * cx_.fps); }
    void loss(const std::string& where, const std::string& feature, const std::string& action) {
        cx_.report.add(where_ + where, feature, action);
    }

    // Frames from keys (time, fill) placed on frames. Before its first key a Spine timeline shows the setup
    // pose, so a later first key gets a leading frame filled by `lead` (default: no values, i.e. setup).
    template <class Key, class Fill, class Lead = void (*)(db::Frame&)>
    db::Frames frames(const spine::Vector<Key>& keys, Fill fill, bool tween = true, Lead lead = [](db::Frame&) {}) {
        db::Frames out;
        for (std::size_t i = 0; i < keys.size(); ++i) {
            const long at = frame(keys[i].time);
            const long next = i + 1 < keys.size() ? frame(keys[i + 1].time) : std::max(end_, at);
            if (i == 0 && at > 0) {
                db::Frame hold;
                hold.duration = db::Num(at);
                lead(hold);
                out.push_back(std::move(hold));
            }
            db::Frame f;
            f.duration = db::Num(next - at);
            fill(f, keys[i]);
            if constexpr (requires { keys[i].curve; })
                if (tween && i + 1 < keys.size()) set_easing(f, keys[i].curve);
            out.push_back(std::move(f));
        }
        return out;
    }

    void bones(db::Animation& o) {
        db::Vector<db::BoneTimeline> list;
        for (const spine::BoneTimelines& bt : a_.bones) {
            const std::string bone = name_of(sd_.bones[bt.bone].name);
            db::BoneTimeline t;
            t.name = bone;
            t.bone = bt.bone;
            const spine::BoneTimeline *rotate = nullptr, *shear = nullptr;
            for (const auto& tl : bt.timelines) {
                using T = spine::BoneTimelineType;
                if (tl.type == T::Rotate) rotate = &tl;
                if (tl.type == T::Shear) shear = &tl;
                if (tl.type == T::Translate)
                    t.translateFrame = frames(tl.keys, [](db::Frame& f, const spine::BoneKeyframe& k) {
                        if (k.x != 0) f.x = db::Num(k.x);
                        if (k.y != 0) f.y = db::Num(-k.y);
                    });
                if (tl.type == T::Scale)
                    t.scaleFrame = frames(tl.keys, [](db::Frame& f, const spine::BoneKeyframe& k) {
                        if (k.x != 1) f.x = db::Num(k.x);
                        if (k.y != 1) f.y = db::Num(k.y);
                    });
            }
            // DragonBones keeps rotation and skew in one channel: skY = -(rotation + shearX), skew = shearX - shearY.
            bool shear_fits = shear && std::all_of(shear->keys.begin(), shear->keys.end(), [](auto& k) { return k.x == 0; });
            if (shear && rotate) {
                shear_fits = shear_fits && shear->keys.size() == rotate->keys.size();
                for (std::size_t i = 0; shear_fits && i < shear->keys.size(); ++i)
                    shear_fits = shear->keys[i].time == rotate->keys[i].time && shear->keys[i].curve == rotate->keys[i].curve;
            }
            if (shear && !shear_fits) loss("/bones/" + bone + "/shear", "shear keyed apart from rotation (or shearX)", "dropped");
            if (rotate) {
                const auto* sh = shear_fits ? shear : nullptr;
                t.rotateFrame = frames(rotate->keys, [&](db::Frame& f, const spine::BoneKeyframe& k) {
                    if (k.x != 0) f.rotate = db::Num(-k.x);
                    const std::size_t i = static_cast<std::size_t>(&k - rotate->keys.data());
                    if (sh && sh->keys[i].y != 0) f.rare_mut().skew = db::Num(-sh->keys[i].y);
                });
            } else if (shear_fits) {
                t.rotateFrame = frames(shear->keys, [](db::Frame& f, const spine::BoneKeyframe& k) {
                    if (k.y != 0) f.rare_mut().skew = db::Num(-k.y);
                });
            }
            if (t.translateFrame || t.rotateFrame || t.scaleFrame) list.push_back(std::move(t));
        }
        if (!list.empty()) o.bone = std::move(list);
    }

    void slots(db::Animation& o) {
        db::Vector<db::SlotTimeline> list;
        for (const spine::SlotTimelines& st : a_.slots) {
            const std::string slot = name_of(sd_.slots[st.slot].name);
            db::SlotTimeline t;
            t.name = slot;
            t.slot = st.slot;
            for (const auto& tl : st.timelines) {
                if (tl.type == spine::SlotTimelineType::Attachment) {
                    const auto& displays = cx_.displays[st.slot];
                    t.displayFrame = frames(tl.attachment_keys, [&](db::Frame& f, const spine::AttachmentKeyframe& k) {
                        int index = -1;
                        for (std::size_t i = 0; i < displays.size(); ++i)
                            if (k.name && displays[i] == *k.name) index = static_cast<int>(i);
                        if (k.name && index < 0) loss("/slots/" + slot + "/attachment", "attachment \"" + *k.name + "\" that was not converted", "slot hidden instead");
                        if (index != 0) f.value = db::Num(index);
                    }, false, [&](db::Frame& f) {
                        const auto& setup = sd_.slots[st.slot].attachment;
                        int index = -1;
                        for (std::size_t i = 0; i < displays.size(); ++i)
                            if (setup && displays[i] == *setup) index = static_cast<int>(i);
                        if (index != 0) f.value = db::Num(index);
                    });
                } else {
                    if (tl.type == spine::SlotTimelineType::TwoColor) loss("/slots/" + slot + "/twoColor", "two-colour tint", "dark colour dropped");
                    auto colour = [](db::Frame& f, spine::Rgba rgba) {
                        db::ColorTransform c;
                        const std::uint32_t r = rgba >> 24, g = (rgba >> 16) & 0xFF, b = (rgba >> 8) & 0xFF, a = rgba & 0xFF;
                        if (r != 255) c.rM = db::Num(std::round(r * 100.0 / 255));
                        if (g != 255) c.gM = db::Num(std::round(g * 100.0 / 255));
                        if (b != 255) c.bM = db::Num(std::round(b * 100.0 / 255));
                        if (a != 255) c.aM = db::Num(std::round(a * 100.0 / 255));
                        f.rare_mut().value_color = c;
                    };
                    const spine::Rgba setup = sd_.slots[st.slot].color;
                    t.colorFrame = frames(tl.color_keys, [&](db::Frame& f, const spine::ColorKeyframe& k) { colour(f, k.color); }, true,
                                          [&](db::Frame& f) { colour(f, setup); });
                }
            }
            if (t.displayFrame || t.colorFrame) list.push_back(std::move(t));
        }
        if (!list.empty()) o.slot = std::move(list);
    }

    void deform(db::Animation& o) {
        db::Vector<db::FfdTimeline> list;
        for (const spine::DeformSkin& ds : a_.deform)
            for (const spine::DeformSlot& slot : ds.slots)
                for (const spine::DeformTimeline& tl : slot.timelines) {
                    const std::string key = name_of(tl.attachment), slot_name = name_of(sd_.slots[slot.slot].name);
                    db::FfdTimeline t;
                    t.name = key;
                    t.slot = slot_name;
                    t.slot_index = slot.slot;
                    const bool default_skin = ds.skin == 0 && sd_.has_default_skin;
                    t.skin = default_skin ? std::string() : name_of(sd_.skins[ds.skin].name);
                    const auto weighted = cx_.weighted.find({slot.slot, key});
                    if (weighted != cx_.weighted.end())
                        loss("/deform/" + slot_name + "/" + key, "deform of a weighted mesh",
                             "approximated: per-bone offsets averaged into one offset per vertex, as DragonBones stores them");
                    t.frame = frames(tl.keys, [&](db::Frame& f, const spine::DeformKeyframe& k) {
                        if (k.values.empty()) return;
                        db::Vector<db::Num> v;
                        if (weighted == cx_.weighted.end()) {
                            f.rare_mut().offset = db::Num(k.offset);
                            for (std::size_t i = 0; i < k.values.size(); ++i) v.push_back(db::Num(i % 2 == 0 ? k.values[i] : -k.values[i]));
                        } else {
                            const WeightedMesh& m = weighted->second;
                            std::size_t pair = 0;
                            for (int count : m.pairs_per_vertex) {
                                double x = 0, y = 0;
                                for (int j = 0; j < count; ++j, ++pair) {
                                    const std::size_t at = 2 * pair;
                                    const double dx = at >= std::size_t(k.offset) && at - k.offset < k.values.size() ? k.values[at - k.offset] : 0;
                                    const double dy = at + 1 >= std::size_t(k.offset) && at + 1 - k.offset < k.values.size() ? -k.values[at + 1 - k.offset] : 0;
                                    const auto& l = m.linear[pair];
                                    x += m.weights[pair] * (l[0] * dx + l[2] * dy);
                                    y += m.weights[pair] * (l[1] * dx + l[3] * dy);
                                }
                                v.push_back(db::Num(x));
                                v.push_back(db::Num(y));
                            }
                        }
                        f.rare_mut().vertices = std::move(v);
                    });
                    list.push_back(std::move(t));
                }
        if (!list.empty()) o.ffd = std::move(list);
    }

    void draw_order(db::Animation& o) {
        if (a_.draw_order.empty()) return;
        db::ZOrderTimeline z;
        z.frame = frames(a_.draw_order, [](db::Frame& f, const spine::DrawOrderKeyframe& k) {
            db::Vector<db::Num> pairs;
            for (const auto& off : k.offsets) {
                pairs.push_back(db::Num(off.slot));
                pairs.push_back(db::Num(off.offset));
            }
            if (!pairs.empty()) f.rare_mut().zOrder = std::move(pairs);
        }, false);
        o.zOrder = std::move(z);
    }

    void events(db::Animation& o) {
        if (a_.events.empty()) return;
        // One animation frame per distinct event time holding every event fired then; a leading empty frame
        // when the first event comes after the start. Each frame lasts until the next (the last to the end).
        db::Frames out;
        const long first = frame(a_.events.front().time);
        if (first > 0) {
            db::Frame lead;
            lead.duration = db::Num(first);
            out.push_back(lead);
        }
        for (std::size_t i = 0; i < a_.events.size();) {
            const long when = frame(a_.events[i].time);
            db::Frame f;
            db::Vector<db::Event> events;
            for (; i < a_.events.size() && frame(a_.events[i].time) == when; ++i) {
                const spine::EventKeyframe& k = a_.events[i];
                const spine::EventData& data = sd_.events[k.event];
                db::Event e;
                e.name = name_of(data.name);
                if (k.int_value != 0) e.ints = db::Vector<db::Num>{db::Num(k.int_value)};
                if (k.float_value != 0) e.floats = db::Vector<db::Num>{db::Num(k.float_value)};
                const auto& str = k.string_value ? k.string_value : data.string_value;
                if (str && !str->empty()) e.strings = db::Vector<std::string>{str->str()};
                if (data.audio) {
                    f.rare_mut().sound = *data.audio;
                    if (k.volume != 1 || k.balance != 0) loss("/events", "event volume and balance", "dropped");
                }
                events.push_back(std::move(e));
            }
            const long next = i < a_.events.size() ? frame(a_.events[i].time) : std::max(end_, when);
            f.duration = db::Num(next - when);
            f.rare_mut().events = std::move(events);
            out.push_back(std::move(f));
        }
        o.frame = std::move(out);
    }

    Context& cx_;
    const spine::SkeletonData& sd_;
    const spine::Animation& a_;
    std::string where_;
    long end_ = 0;
};

}  // namespace

db::Vector<db::Animation> convert_animations(Context& cx) {
    bool exact = true;
    cx.fps = pick_frame_rate(cx.sd, exact);
    if (!exact)  // named per animation, with the number of keys moved
        for (const spine::Animation& a : cx.sd.animations) {
            int off_grid = 0;
            each_time(a, [&](float t) { off_grid += !on_frame(t, cx.fps); });
            if (off_grid > 0)
                cx.report.add("/animations/" + name_of(a.name), "key times between 1/240 s frames", "rounded to the nearest 1/240 s", off_grid);
        }
    db::Vector<db::Animation> out;
    for (const spine::Animation& a : cx.sd.animations) out.push_back(AnimationConverter(cx, a).run());
    return out;
}

}  // namespace rigio::convert::spine2db
