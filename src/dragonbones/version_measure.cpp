// The displacement a version step causes (see bone_displacement in version_channel.hpp): the armature
// posed from both animations with DragonBones' composition rules (README of the DragonBones goldens, "How
// the runtime composes a pose": deltas added to the setup transform, scales multiplied, local matrix
// from rotation, skew and scale, world = parent * local).
#include <map>
#include <memory>
#include <optional>

#include "version_channel.hpp"

namespace rigio::dragonbones::detail {

namespace {

struct Local {
    double x = 0, y = 0, rotate = 0, skew = 0, sx = 1, sy = 1;  // degrees for the angles
};

// A bone timeline's channels, in either form.
class BoneChannels {
public:
    explicit BoneChannels(const BoneTimeline& t) {
        if (t.translateFrame || t.rotateFrame || t.scaleFrame) {
            if (t.translateFrame && !t.translateFrame->empty())
                translate_.emplace(*t.translateFrame, [](const Frame& f) { return Values{val(f.x, 0), val(f.y, 0)}; });
            if (t.rotateFrame && !t.rotateFrame->empty())
                rotate_.emplace(*t.rotateFrame, [](const Frame& f) { return Values{val(f.rotate, 0), val(f.rare().skew, 0)}; });
            if (t.scaleFrame && !t.scaleFrame->empty())
                scale_.emplace(*t.scaleFrame, [](const Frame& f) { return Values{val(f.x, 1), val(f.y, 1)}; });
        } else if (t.frame && !t.frame->empty()) {
            // 4.x frames turn by tweenRotate where 5.x frames say clockwise: the channel reads the latter.
            frames_ = *t.frame;
            for (Frame& f : frames_)
                if (f.rare().tweenRotate || f.rare().clockwise) f.rare_mut().clockwise = f.rare().tweenRotate;
            auto transform = [](const Frame& f) { return f.transform.value_or(Transform{}); };
            translate_.emplace(frames_, [=](const Frame& f) { return Values{val(transform(f).x, 0), val(transform(f).y, 0)}; });
            rotate_.emplace(frames_, [=](const Frame& f) {
                const Transform x = transform(f);
                return Values{val(x.skY, 0), val(x.skX, 0) - val(x.skY, 0)};
            });
            scale_.emplace(frames_, [=](const Frame& f) { return Values{val(transform(f).scX, 1), val(transform(f).scY, 1)}; });
        }
        if (rotate_) rotate_->rotation = true;
    }
    BoneChannels(const BoneChannels&) = delete;
    BoneChannels& operator=(const BoneChannels&) = delete;

    // The animated values at frame position t added to (or multiplying) the setup transform.
    Local at(const Local& setup, double t) const {
        Local l = setup;
        if (translate_) {
            const Values v = translate_->at(t);
            l.x += v[0], l.y += v[1];
        }
        if (rotate_) {
            const Values v = rotate_->at(t);
            l.rotate += v[0], l.skew += v[1];
        }
        if (scale_) {
            const Values v = scale_->at(t);
            l.sx *= v[0], l.sy *= v[1];
        }
        return l;
    }

private:
    Frames frames_;
    std::optional<Channel> translate_, rotate_, scale_;
};

struct Matrix {
    double a = 1, b = 0, c = 0, d = 1, tx = 0, ty = 0;  // x' = a x + c y + tx, y' = b x + d y + ty
};

Matrix local_matrix(const Local& l) {
    const double r = l.rotate * kPi / 180, s = l.skew * kPi / 180;
    return {std::cos(r) * l.sx, std::sin(r) * l.sx, -std::sin(r + s) * l.sy, std::cos(r + s) * l.sy, l.x, l.y};
}

Matrix times(const Matrix& m, const Matrix& n) {
    return {m.a * n.a + m.c * n.b, m.b * n.a + m.d * n.b, m.a * n.c + m.c * n.d, m.b * n.c + m.d * n.d, m.a * n.tx + m.c * n.ty + m.tx,
            m.b * n.tx + m.d * n.ty + m.ty};
}

// Armature-space origin and tip of every bone, posed by `channels` at frame position t.
void pose(const Armature& arm, const std::vector<Local>& setup, const std::vector<const BoneChannels*>& channels, double t,
          std::vector<std::array<double, 4>>& out) {
    const auto& bones = *arm.bone;
    std::vector<Matrix> world(bones.size());
    std::vector<char> done(bones.size(), 0);
    // Parents first, whatever the array order; a parent cycle (a bad file) is cut at the repeat.
    std::vector<std::size_t> stack;
    for (std::size_t i = 0; i < bones.size(); ++i) {
        for (std::size_t b = i; !done[b];) {
            stack.push_back(b);
            done[b] = 2;  // on the stack
            const int p = bones[b].parent_index;
            if (p < 0 || static_cast<std::size_t>(p) >= bones.size() || done[static_cast<std::size_t>(p)]) break;
            b = static_cast<std::size_t>(p);
        }
        while (!stack.empty()) {
            const std::size_t b = stack.back();
            stack.pop_back();
            const Local l = channels[b] ? channels[b]->at(setup[b], t) : setup[b];
            const int p = bones[b].parent_index;
            const bool has_parent = p >= 0 && static_cast<std::size_t>(p) < bones.size() && done[static_cast<std::size_t>(p)] == 1;
            world[b] = has_parent ? times(world[static_cast<std::size_t>(p)], local_matrix(l)) : local_matrix(l);
            done[b] = 1;
        }
    }
    out.resize(bones.size());
    for (std::size_t b = 0; b < bones.size(); ++b) {
        const Matrix& m = world[b];
        const double len = val(bones[b].length, 0);
        out[b] = {m.tx, m.ty, m.a * len + m.tx, m.b * len + m.ty};
    }
}

std::vector<std::unique_ptr<BoneChannels>> channels_of(const Armature& arm, const Animation& an, std::vector<const BoneChannels*>& by_bone) {
    std::vector<std::unique_ptr<BoneChannels>> owned;
    by_bone.assign(arm.bone->size(), nullptr);
    if (!an.bone) return owned;
    for (const BoneTimeline& t : *an.bone) {
        int b = t.bone;
        if (b < 0 && t.name)
            for (std::size_t i = 0; i < arm.bone->size(); ++i)
                if ((*arm.bone)[i].name == t.name) b = static_cast<int>(i);
        if (b < 0 || static_cast<std::size_t>(b) >= arm.bone->size()) continue;
        owned.push_back(std::make_unique<BoneChannels>(t));
        by_bone[static_cast<std::size_t>(b)] = owned.back().get();
    }
    return owned;
}

}  // namespace

Displacement bone_displacement(const Armature& arm, const Animation& before, const Animation& after) {
    Displacement out;
    if (!arm.bone || arm.bone->empty()) return out;
    std::vector<Local> setup;
    for (const Bone& b : *arm.bone) {
        const Transform t = b.transform.value_or(Transform{});
        setup.push_back({val(t.x, 0), val(t.y, 0), val(t.skY, 0), val(t.skX, 0) - val(t.skY, 0), val(t.scX, 1), val(t.scY, 1)});
    }
    std::vector<const BoneChannels*> a, b;
    const auto owned_a = channels_of(arm, before, a);
    const auto owned_b = channels_of(arm, after, b);
    const double duration = std::max(0.0, val(before.duration, 1));
    // Four samples per frame, at most 20000 poses per animation.
    const double step = std::max(0.25, duration / 20000);
    std::vector<std::array<double, 4>> pa, pb;
    out.own.assign(arm.bone->size(), {0, 0, 0});
    for (double t = 0;; t += step) {
        const double at = std::min(t, duration);
        for (std::size_t i = 0; i < arm.bone->size(); ++i) {
            if (!a[i] && !b[i]) continue;
            const Local x = a[i] ? a[i]->at(setup[i], at) : setup[i], y = b[i] ? b[i]->at(setup[i], at) : setup[i];
            auto& own = out.own[i];
            own[0] = std::max(own[0], std::hypot(x.x - y.x, x.y - y.y));
            own[1] = std::max({own[1], std::fabs(std::remainder(x.rotate - y.rotate, 360.0)), std::fabs(std::remainder(x.skew - y.skew, 360.0))});
            own[2] = std::max({own[2], std::fabs(x.sx - y.sx), std::fabs(x.sy - y.sy)});
        }
        pose(arm, setup, a, at, pa);
        pose(arm, setup, b, at, pb);
        for (std::size_t i = 0; i < pa.size(); ++i) {
            const double d = std::max(std::hypot(pa[i][0] - pb[i][0], pa[i][1] - pb[i][1]), std::hypot(pa[i][2] - pb[i][2], pa[i][3] - pb[i][3]));
            if (d > out.px) {
                out.px = d;
                out.bone = (*arm.bone)[i].name.value_or("");
                out.frame = at;
            }
        }
        if (at >= duration) break;
    }
    return out;
}

}  // namespace rigio::dragonbones::detail
