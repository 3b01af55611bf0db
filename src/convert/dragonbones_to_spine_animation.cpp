// DragonBones -> Spine 3.8: animations. Every DragonBones timeline becomes a track of keys in seconds
// (easing turned into Spine curves by dragonbones_easing), re-timed for 4.x per-timeline scale and
// offset, cut to the animation's duration, then written as the matching Spine timeline.
#include <algorithm>
#include <cmath>
#include <fmt/core.h>

#include "dragonbones_easing.hpp"
#include "dragonbones_to_spine_internal.hpp"

namespace rigio::convert::db2spine {

namespace db = dragonbones;

namespace {

struct FrameAt {
    const db::Frame* frame;
    double position;  // frames
};

// Keys that the runtime reaches: start positions from the durations, those beyond the end dropped.
std::vector<FrameAt> positions(const db::Frames& frames, double end) {
    std::vector<FrameAt> out;
    double p = 0;
    for (const db::Frame& f : frames) {
        if (p > end) break;
        out.push_back({&f, p});
        p += num(f.duration, 1);
    }
    return out;
}

class AnimationConverter {
public:
    AnimationConverter(Context& cx, spine::SkeletonData& sd, const db::Animation& a, std::string where)
        : cx_(cx), sd_(sd), anim_(a), where_(std::move(where)) {
        frames_ = std::max(1.0, num(a.duration, 1));
        end_ = float(frames_ / cx_.fps);
        single_ = frames_ <= 1;
    }

    spine::Animation run() {
        out_.name = text(anim_.name).empty() ? std::string("default") : text(anim_.name);  // as the runtime names it
        if (anim_.bone) for (std::size_t i = 0; i < anim_.bone->size(); ++i) bone((*anim_.bone)[i], fmt::format("/bone/{}", i));
        for (const auto& [child, parent] : cx_.position_scaled_by) scaled_position_of(child, parent);
        if (anim_.slot) for (std::size_t i = 0; i < anim_.slot->size(); ++i) slot((*anim_.slot)[i], fmt::format("/slot/{}", i));
        if (anim_.ffd) for (std::size_t i = 0; i < anim_.ffd->size(); ++i) ffd((*anim_.ffd)[i], fmt::format("/ffd/{}", i));
        if (anim_.zOrder && anim_.zOrder->frame) draw_order(*anim_.zOrder->frame);
        if (anim_.frame) events(*anim_.frame);
        if (anim_.scale && num(anim_.scale, 1) != 1) loss("/scale", "animation playback scale", "dropped (Spine animations play at their own speed)");
        if (anim_.fadeInTime) loss("/fadeInTime", "fade-in time", "dropped");
        for (const auto& [key, value] : anim_.extra)
            if (key == "timeline") loss("/timeline", "5.6 typed timelines", "dropped");
        ensure_duration();
        return std::move(out_);
    }

private:
    void loss(const std::string& where, const std::string& feature, const std::string& action) {
        cx_.report.add(where_ + where, feature, action);
    }

    // A DragonBones timeline as a track: `value` gives each key's components; `pieces` may force splits.
    template <class Value>
    Track track(const db::Frames& frames, const std::optional<db::Num>& scale, const std::optional<db::Num>& offset,
                Value value, bool rotation = false) {
        Track t;
        const auto keys = positions(frames, frames_);
        std::vector<std::vector<double>> values;
        for (const FrameAt& k : keys) values.push_back(value(*k.frame));
        if (rotation) unwrap(keys, values);
        for (std::size_t i = 0; i < keys.size(); ++i) {
            const double t0 = keys[i].position / cx_.fps;
            if (i + 1 < keys.size()) {
                int pieces = 1;
                // Spine turns the short way between two keys: a turn of half a circle or more needs pieces.
                const double turn = rotation ? std::abs(values[i + 1][0] - values[i][0]) : 0;
                if (turn >= 179) pieces = static_cast<int>(std::ceil(turn / 120));
                append_interval(t, t0, values[i], keys[i + 1].position / cx_.fps, values[i + 1], easing_of(*keys[i].frame), pieces, cx_.curves_as_is);
            } else {
                t.push_back({t0, values[i], {}});
            }
        }
        const double stretch = num(scale, 1), shift = num(offset, 0) * end_;
        if (stretch > 0 && (stretch != 1 || shift != 0)) t = retime(t, shift, stretch, end_);
        else t = retime(t, 0, 1, end_);
        if (single_ && !t.empty()) t = Track{{0, value_at(t, 0), {}}};
        return t;
    }

    // The runtime's rotation unwrapping (shortest path, or the turns `clockwise` asks for).
    static void unwrap(const std::vector<FrameAt>& keys, std::vector<std::vector<double>>& v) {
        for (std::size_t i = 1; i < v.size(); ++i) {
            const double prev = v[i - 1][0];
            const double n = num(keys[i - 1].frame->rare().clockwise, 0);
            double r = v[i][0];
            if (n == 0) {
                double d = std::fmod(r - prev, 360.0);
                if (d > 180) d -= 360;
                if (d <= -180) d += 360;
                r = prev + d;
            } else {
                double turns = n;
                if (n > 0 && r >= prev) turns = n - 1;
                else if (n < 0 && r <= prev) turns = n + 1;
                r += 360 * turns;
            }
            v[i][0] = r;
        }
    }

    template <class Key, class Make>
    static spine::Vector<Key> keys_of(const Track& t, Make make) {
        spine::Vector<Key> out;
        for (const auto& k : t) out.push_back(make(k));
        return out;
    }

    // Adds a timeline of `type` for Spine bone `bone` from a track; x and y give each key's two values.
    template <class X, class Y>
    void emit(int bone, spine::BoneTimelineType type, const Track& t, X x, Y y) {
        if (t.empty()) return;
        spine::BoneTimeline tl;
        tl.type = type;
        tl.keys = keys_of<spine::BoneKeyframe>(t, [&](const Key& k) {
            return spine::BoneKeyframe{float(k.time), float(x(k)), float(y(k)), spine::Curve2(k.curve)};
        });
        auto it = std::find_if(out_.bones.begin(), out_.bones.end(), [&](const spine::BoneTimelines& b) { return b.bone == bone; });
        if (it == out_.bones.end()) it = out_.bones.insert(out_.bones.end(), spine::BoneTimelines{bone, {}});
        it->timelines.push_back(std::move(tl));
    }

    Track rotate_track(const db::BoneTimeline& bt) {
        return track(*bt.rotateFrame, bt.scale, bt.offset, [](const db::Frame& f) {
            return std::vector<double>{num(f.rotate, 0), num(f.rare().skew, 0)};
        }, true);
    }
    Track translate_track(const db::BoneTimeline& bt) {
        return track(*bt.translateFrame, bt.scale, bt.offset, [](const db::Frame& f) {
            return std::vector<double>{num(f.x, 0), num(f.y, 0)};
        });
    }
    Track scale_track(const db::BoneTimeline& bt) {
        return track(*bt.scaleFrame, bt.scale, bt.offset, [](const db::Frame& f) {
            return std::vector<double>{num(f.x, 1), num(f.y, 1)};
        });
    }

    void bone(const db::BoneTimeline& bt, const std::string& where) {
        const int bone = bt.bone >= 0 && static_cast<std::size_t>(bt.bone) < cx_.bone_index.size() ? cx_.bone_index[bt.bone] : -1;
        if (bone < 0) {
            loss(where, "timeline of an unknown bone", "dropped");
            return;
        }
        if (bt.frame) loss(where + "/frame", "bone frames in the 5.0 form", "dropped (expected the 5.5 split form)");
        using T = spine::BoneTimelineType;
        if (bt.rotateFrame) {
            const Track t = rotate_track(bt);
            const double skew = cx_.skew_flipped[bone] ? 1 : -1;  // Spine's shearY is the negated skew, or the skew
            const auto helper = cx_.rotation_bone.find(bone);     // the rotation may live on a helper bone
            const int rotated = helper != cx_.rotation_bone.end() ? helper->second : bone;
            if (cx_.rotation_in_shear[bone])
                emit(bone, T::Shear, t, [](const Key& k) { return -k.v[0]; }, [&](const Key& k) { return -k.v[0] + skew * k.v[1]; });
            else
                emit(rotated, T::Rotate, t, [](const Key& k) { return -k.v[0]; }, [](const Key&) { return 0.0; });
            if (!cx_.rotation_in_shear[bone] && std::any_of(t.begin(), t.end(), [](const Key& k) { return k.v[1] != 0; }))
                emit(bone, T::Shear, t, [](const Key&) { return 0.0; }, [&](const Key& k) { return skew * k.v[1]; });
        }
        if (bt.translateFrame && !cx_.position_scaled_by.count(bone)) {  // those are written by scaled_positions
            const auto helper = cx_.position_bone.find(bone);             // the position may live on a helper bone
            emit(helper != cx_.position_bone.end() ? helper->second : bone, T::Translate, translate_track(bt),
                 [](const Key& k) { return k.v[0]; }, [](const Key& k) { return -k.v[1]; });
        }
        if (bt.scaleFrame)
            emit(bone, T::Scale, scale_track(bt), [](const Key& k) { return k.v[0]; }, [](const Key& k) { return k.v[1]; });
        if (cx_.mirror_sensitive[bt.bone] && keys_mirroring(bt))
            loss(where, "mirroring keyed (scale or skew changes the sign of the bone's determinant)",
                 "bones below it that do not inherit scale keep the setup pose's mapping");
    }

    // Whether the keys of a bone turn its mirroring (sign of scX * scY * cos(skew)) away from the setup's,
    // at a key or, for skew, between two keys.
    bool keys_mirroring(const db::BoneTimeline& bt) const {
        const db::Bone& b = (*cx_.armature.bone)[bt.bone];
        const db::Transform* t = b.transform ? &*b.transform : nullptr;
        const double sx = t ? num(t->scX, 1) : 1, sy = t ? num(t->scY, 1) : 1;
        const double skew = t ? num(t->skX, 0) - num(t->skY, 0) : 0;
        const bool setup = mirrors(sx, sy, skew);
        std::vector<double> skews{skew};
        if (bt.rotateFrame)
            for (const FrameAt& k : positions(*bt.rotateFrame, frames_)) skews.push_back(skew + num(k.frame->rare().skew, 0));
        for (std::size_t i = 1; i < skews.size(); ++i)  // a tween across +-90 degrees passes through no determinant
            if (std::floor((skews[i - 1] + 90) / 180) != std::floor((skews[i] + 90) / 180)) return true;
        std::vector<std::pair<double, double>> scales{{sx, sy}};
        if (bt.scaleFrame)
            for (const FrameAt& k : positions(*bt.scaleFrame, frames_)) scales.push_back({sx * num(k.frame->x, 1), sy * num(k.frame->y, 1)});
        for (const auto& [x, y] : scales)
            for (double s : skews)
                if (mirrors(x, y, s) != setup) return true;
        return false;
    }

    // The translate timeline of an IK child under a `.ik` helper (Context::position_scaled_by): its own
    // position through its IK parent's scale and skew, both of which may be keyed. While only one of the
    // two is keyed (or the parent's scale alone, with its position and skew fixed) the result is linear in
    // the keyed values and keeps their keys and curves exactly; otherwise it is sampled (baked).
    void scaled_position_of(int child, int parent) {
        int db_child = -1;
        for (std::size_t i = 0; i < cx_.bone_index.size(); ++i)
            if (cx_.bone_index[i] == child) db_child = static_cast<int>(i);
        const db::BoneTimeline *ct = nullptr, *pt = nullptr;
        std::size_t c_index = 0, p_index = 0;
        if (anim_.bone)
            for (std::size_t i = 0; i < anim_.bone->size(); ++i) {
                const db::BoneTimeline& bt = (*anim_.bone)[i];
                if (bt.bone == db_child) ct = &bt, c_index = i;
                if (bt.bone == parent) pt = &bt, p_index = i;
            }
        const Track position = ct && ct->translateFrame ? translate_track(*ct) : Track{};
        const Track scale = pt && pt->scaleFrame ? scale_track(*pt) : Track{};
        const Track skew = pt && pt->rotateFrame ? rotate_track(*pt) : Track{};
        const auto& bones = *cx_.armature.bone;
        const db::Transform* p0 = bones[parent].transform ? &*bones[parent].transform : nullptr;
        const db::Transform* c0 = bones[db_child].transform ? &*bones[db_child].transform : nullptr;
        const double flip = cx_.skew_flipped[cx_.bone_index[parent]] ? -1 : 1;
        const double sx0 = p0 ? num(p0->scX, 1) : 1, sy0 = p0 ? num(p0->scY, 1) : 1, k0 = p0 ? num(p0->skX, 0) - num(p0->skY, 0) : 0;
        const double x0 = c0 ? num(c0->x, 0) : 0, y0 = c0 ? num(c0->y, 0) : 0;
        const auto setup = scaled_position(sx0, sy0, flip * k0, x0, y0);
        // Spine's translate offset for a parent scale (sx, sy), skew delta dk and a position delta (dx, dy).
        auto offset = [&](double sx, double sy, double dk, double dx, double dy) {
            const auto p = scaled_position(sx0 * sx, sy0 * sy, flip * (k0 + dk), x0 + dx, y0 + dy);
            return std::vector<double>{p[0] - setup[0], -(p[1] - setup[1])};
        };
        auto fixed = [](const Track& t, std::size_t from) {
            return std::all_of(t.begin(), t.end(), [&](const Key& k) {
                return std::equal(k.v.begin() + from, k.v.end(), t.front().v.begin() + from);
            });
        };
        auto at = [](const Track& t, double time, std::vector<double> fallback) { return t.empty() ? fallback : value_at(t, time); };
        auto value = [&](double time) {
            const auto s = at(scale, time, {1, 1}), k = at(skew, time, {0, 0}), p = at(position, time, {0, 0});
            return offset(s[0], s[1], k[1], p[0], p[1]);
        };
        // The helper's frame is the parent's x axis only while the parent's own scale keeps it (see add_bone).
        bool mirrored = false;
        for (const Key& sk : scale.empty() ? Track{{0, {1, 1}, {}}} : scale)
            for (const Key& kk : skew.empty() ? Track{{0, {0, 0}, {}}} : skew)
                mirrored = mirrored || !(sx0 * sk.v[0] > 0) || mirrors(sx0 * sk.v[0], sy0 * sk.v[1], k0 + kk.v[1]);
        if (mirrored) loss(fmt::format("/bone/{}", p_index), "IK parent mirrored by its keys", "its IK child keeps the frame of the setup pose");
        Track out;
        if (fixed(scale, 0) && fixed(skew, 1)) {
            out = position.empty() ? Track{{0, value(0), {}}} : position;
            for (Key& k : out) k.v = value(k.time);
        } else if (fixed(position, 0) && fixed(skew, 1)) {
            out = scale;
            for (Key& k : out) k.v = value(k.time);
        } else {
            // Every key time of the three tracks and a grid of kBakeRate samples per frame, linear between
            // them, with a key just before each step.
            const double step = 1 / (cx_.fps * kBakeRate);
            std::vector<double> times;
            for (const Track* t : {&position, &scale, &skew})
                for (const Key& k : *t) times.push_back(k.time);
            for (double t = 0; t < end_; t += step) times.push_back(t);
            times.push_back(end_);
            std::sort(times.begin(), times.end());
            times.erase(std::unique(times.begin(), times.end(), [](double a, double b) { return b - a < 1e-6; }), times.end());
            for (double t : times) {
                const auto v = value(t), before = value(t - 1e-6);
                if (t > 1e-6 && std::abs(before[0] - v[0]) + std::abs(before[1] - v[1]) > 1e-3) out.push_back({t - 1e-6, before, {}});
                out.push_back({t, v, {}});
            }
            loss(position.empty() ? fmt::format("/bone/{}", p_index) : fmt::format("/bone/{}/translateFrame", c_index),
                 "position of an IK child keyed together with its IK parent's scale or skew",
                 fmt::format("baked at {:g} fps", cx_.fps * kBakeRate));
        }
        if (position.empty() && std::all_of(out.begin(), out.end(), [](const Key& k) { return k.v[0] == 0 && k.v[1] == 0; })) return;
        if (single_) out = Track{{0, out.front().v, {}}};
        emit(child, spine::BoneTimelineType::Translate, out, [](const Key& k) { return k.v[0]; }, [](const Key& k) { return k.v[1]; });
    }

    static constexpr int kBakeRate = 4;  // baked samples per frame

    void slot(const db::SlotTimeline& st, const std::string& where) {
        if (st.slot < 0 || static_cast<std::size_t>(st.slot) >= sd_.slots.size()) {
            loss(where, "timeline of an unknown slot", "dropped");
            return;
        }
        spine::SlotTimelines out;
        out.slot = st.slot;
        if (st.frame) loss(where + "/frame", "slot frames in the 5.0 form", "dropped (expected the 5.5 split form)");
        if (st.displayFrame) {
            spine::SlotTimeline tl;
            tl.type = spine::SlotTimelineType::Attachment;
            const auto& keys_by_index = cx_.display_keys[st.slot];
            for (const FrameAt& k : positions(*st.displayFrame, frames_)) {
                const double t = single_ ? 0 : k.position / cx_.fps;
                if (t > end_ || (single_ && k.position > 0)) break;
                const int index = static_cast<int>(num(k.frame->value ? k.frame->value : k.frame->displayIndex, 0));
                spine::AttachmentKeyframe key{float(t), std::nullopt};
                if (index >= 0 && static_cast<std::size_t>(index) < keys_by_index.size()) key.name = keys_by_index[index];
                tl.attachment_keys.push_back(std::move(key));
                if (k.frame->rare().actions) loss(where + "/displayFrame", "display frame actions", "dropped");
            }
            if (!tl.attachment_keys.empty()) out.timelines.push_back(std::move(tl));
        }
        if (st.colorFrame) {
            bool offsets = false;
            Track t = track(*st.colorFrame, st.scale, st.offset, [&](const db::Frame& f) {
                const db::ColorTransform* c = f.rare().value_color ? &*f.rare().value_color : f.color ? &*f.color : nullptr;
                if (c && (num(c->aO, 0) || num(c->rO, 0) || num(c->gO, 0) || num(c->bO, 0))) offsets = true;
                return std::vector<double>{c ? num(c->rM, 100) : 100, c ? num(c->gM, 100) : 100, c ? num(c->bM, 100) : 100,
                                           c ? num(c->aM, 100) : 100};
            });
            if (offsets) loss(where + "/colorFrame", "colour offset", "dropped (Spine has multipliers only)");
            spine::SlotTimeline tl;
            tl.type = spine::SlotTimelineType::Color;
            for (const Key& k : t) {
                auto byte = [](double p) { return static_cast<std::uint32_t>(std::lround(std::clamp(p, 0.0, 100.0) * 2.55)); };
                tl.color_keys.push_back({float(k.time), byte(k.v[0]) << 24 | byte(k.v[1]) << 16 | byte(k.v[2]) << 8 | byte(k.v[3]), 0, k.curve});
            }
            if (!tl.color_keys.empty()) out.timelines.push_back(std::move(tl));
        }
        if (!out.timelines.empty()) out_.slots.push_back(std::move(out));
    }

    void ffd(const db::FfdTimeline& ft, const std::string& where) {
        const int slot = ft.slot_index;
        const std::string key = text(ft.name);
        const auto mesh = cx_.meshes.find({slot, key});
        if (!text(ft.skin).empty() && text(ft.skin) != "default") {
            loss(where, "ffd of a mesh in skin \"" + text(ft.skin) + "\"", "dropped (only the default skin's meshes are deformed)");
            return;
        }
        if (mesh == cx_.meshes.end() || !ft.frame) {
            loss(where, "ffd of mesh \"" + key + "\" that was not converted", "dropped");
            return;
        }
        const MeshDeform& m = mesh->second;
        const std::size_t vertices = m.pairs_per_vertex.size();
        Track t = track(*ft.frame, ft.scale, ft.offset, [&](const db::Frame& f) {
            std::vector<double> delta(2 * vertices, 0.0);
            if (f.rare().vertices) {
                const std::size_t first = static_cast<std::size_t>(std::max(0.0, num(f.rare().offset, 0)));
                for (std::size_t i = 0; i < f.rare().vertices->size() && first + i < delta.size(); ++i)
                    delta[first + i] = (*f.rare().vertices)[i].value();
            }
            std::vector<double> out;
            std::size_t pair = 0;
            for (std::size_t v = 0; v < vertices; ++v)
                for (int j = 0; j < m.pairs_per_vertex[v]; ++j, ++pair) {
                    const auto& l = m.pair_linear[pair];
                    out.push_back(l[0] * delta[2 * v] + l[2] * delta[2 * v + 1]);
                    out.push_back(l[1] * delta[2 * v] + l[3] * delta[2 * v + 1]);
                }
            return out;
        });
        spine::DeformTimeline tl;
        tl.attachment = key;
        for (const Key& k : t) {
            spine::DeformKeyframe dk{float(k.time), 0, {}, spine::Curve2(k.curve)};
            for (double v : k.v) dk.values.push_back(float(v));
            tl.keys.push_back(std::move(dk));
        }
        if (tl.keys.empty()) return;
        spine::DeformSkin* skin = nullptr;
        for (auto& s : out_.deform) if (s.skin == 0) skin = &s;
        if (!skin) skin = &out_.deform.emplace_back(spine::DeformSkin{0, {}});
        spine::DeformSlot* ds = nullptr;
        for (auto& s : skin->slots) if (s.slot == slot) ds = &s;
        if (!ds) ds = &skin->slots.emplace_back(spine::DeformSlot{slot, {}});
        ds->timelines.push_back(std::move(tl));
    }

    void draw_order(const db::Frames& frames) {
        std::size_t index = 0;
        for (const FrameAt& k : positions(frames, frames_)) {
            const std::string where = fmt::format("/zOrder/frame/{}/zOrder", index++);
            if (single_ && k.position > 0) break;
            spine::DrawOrderKeyframe key{float(single_ ? 0 : k.position / cx_.fps), {}};
            if (k.frame->rare().zOrder) key.offsets = draw_order_pairs(*k.frame->rare().zOrder, where);
            std::sort(key.offsets.begin(), key.offsets.end(), [](auto& a, auto& b) { return a.slot < b.slot; });
            out_.draw_order.push_back(std::move(key));
        }
    }

    // The (slot, offset) pairs of one zOrder key that a runtime can apply. A pair whose slot or target
    // position lies outside the slots (real files have them; the official C++ runtime writes past its
    // array on them, so there is no behaviour to copy), or that names a slot or target an earlier pair
    // of the key already took (the runtimes' permutation would then lose a slot), is dropped and reported.
    spine::Vector<spine::DrawOrderOffset> draw_order_pairs(const db::Vector<db::Num>& z, const std::string& where) {
        const double slots = static_cast<double>(sd_.slots.size());
        spine::Vector<spine::DrawOrderOffset> out;
        std::vector<bool> slot_taken(sd_.slots.size()), target_taken(sd_.slots.size());
        auto whole = [](double v) { return std::isfinite(v) && v == std::floor(v); };
        for (std::size_t i = 0; i + 1 < z.size(); i += 2) {
            const double slot = z[i].value(), offset = z[i + 1].value(), target = slot + offset;
            const bool in_range = whole(slot) && whole(offset) && slot >= 0 && slot < slots && target >= 0 && target < slots;
            const auto s = static_cast<std::size_t>(in_range ? slot : 0), t = static_cast<std::size_t>(in_range ? target : 0);
            if (in_range && !slot_taken[s] && !target_taken[t]) {
                slot_taken[s] = target_taken[t] = true;
                out.push_back({static_cast<int>(slot), static_cast<int>(offset)});
                continue;
            }
            const bool known = whole(slot) && slot >= 0 && slot < slots;
            const std::string name = known ? "slot \"" + sd_.slots[static_cast<std::size_t>(slot)].name.value_or("") + "\""
                                           : fmt::format("slot {}", slot);
            const std::string why = in_range ? (slot_taken[s] ? "the key moves that slot twice" : "another slot of the key goes to the same place")
                                             : fmt::format("outside the {} slots", sd_.slots.size());
            loss(where + fmt::format("/{}", i), fmt::format("draw-order pair of animation \"{}\" moving {} by {} ({})", out_.name.value_or(""), name, offset, why),
                 "dropped (runtimes cannot apply it)");
        }
        return out;
    }

    int event_index(const std::string& name, const std::optional<std::string>& audio) {
        const auto it = cx_.events.find(name);
        if (it != cx_.events.end()) return it->second;
        spine::EventData e;
        e.name = name;
        e.audio = audio;
        sd_.events.push_back(std::move(e));
        return cx_.events[name] = static_cast<int>(sd_.events.size() - 1);
    }

    void events(const db::Frames& frames) {
        std::size_t index = 0;
        for (const FrameAt& k : positions(frames, frames_)) {
            const std::string where = fmt::format("/frame/{}", index++);
            const float t = float(single_ ? 0 : std::min<double>(k.position / cx_.fps, end_));
            if (k.frame->rare().events)
                for (const db::Event& e : *k.frame->rare().events) {
                    spine::EventKeyframe key;
                    key.time = t;
                    key.event = event_index(text(e.name), std::nullopt);
                    if (e.ints && !e.ints->empty()) key.int_value = static_cast<int>((*e.ints)[0].value());
                    if (e.floats && !e.floats->empty()) key.float_value = float((*e.floats)[0].value());
                    if (e.strings && !e.strings->empty()) key.string_value = (*e.strings)[0];
                    if ((e.ints && e.ints->size() > 1) || (e.floats && e.floats->size() > 1) || (e.strings && e.strings->size() > 1))
                        loss(where + "/events", "event with several ints, floats or strings", "only the first of each kept");
                    if (e.bone || e.slot) loss(where + "/events", "event bound to a bone or slot", "binding dropped");
                    out_.events.push_back(key);
                }
            if (k.frame->rare().event) {
                spine::EventKeyframe key;
                key.time = t;
                key.event = event_index(*k.frame->rare().event, std::nullopt);
                out_.events.push_back(key);
            }
            if (k.frame->rare().sound) {
                spine::EventKeyframe key;
                key.time = t;
                key.event = event_index("sound:" + *k.frame->rare().sound, k.frame->rare().sound);
                out_.events.push_back(key);
            }
            if (k.frame->rare().action || k.frame->rare().actions) loss(where, "frame actions", "dropped (Spine has no actions)");
        }
    }

    // Spine's duration is its last key: keep the DragonBones duration with a key at the end.
    void ensure_duration() {
        if (single_ || spine::duration(out_) >= end_) return;
        for (auto& b : out_.bones)
            for (auto& tl : b.timelines)
                if (!tl.keys.empty()) {
                    spine::BoneKeyframe k = tl.keys.back();
                    k.time = end_;
                    tl.keys.push_back(k);
                    return;
                }
        if (sd_.bones.empty()) return;
        spine::BoneTimelines b;
        b.bone = 0;
        b.timelines.push_back({spine::BoneTimelineType::Rotate, {{0, 0, 0, {}}, {end_, 0, 0, {}}}});
        out_.bones.push_back(std::move(b));
    }

    Context& cx_;
    spine::SkeletonData& sd_;
    const db::Animation& anim_;
    std::string where_;
    double frames_ = 1;
    float end_ = 0;
    bool single_ = false;
    spine::Animation out_;
};

}  // namespace

void convert_animations(Context& cx, spine::SkeletonData& sd) {
    if (!cx.armature.animation) return;
    const auto& list = *cx.armature.animation;
    for (std::size_t i = 0; i < list.size(); ++i)
        sd.animations.push_back(AnimationConverter(cx, sd, list[i], cx.path + fmt::format("/animation/{}", i)).run());
}

}  // namespace rigio::convert::db2spine
