// The 4.5 downgrade keeps motion: for every bone timeline of the 5.x corpus that the loss report does
// not name, the merged 4.5 frames give the same translate/rotate/skew/scale values as the 5.5 channels
// at every frame of the animation (each evaluated with its own easing, as the runtimes do).
#include <cmath>

#include "db_test_util.hpp"
#include "rigio/dragonbones/version.hpp"

namespace rigio::dragonbones {
namespace {

double v(const Opt<Num>& n, double d) { return n && std::isfinite(n->value()) ? n->value() : d; }

double ease(const Frame& f, double p) {
    if (f.curve && f.curve->size() >= 4) {
        const auto& c = *f.curve;
        double lo = 0, hi = 1, t = p;
        for (int i = 0; i < 50; ++i) {
            t = (lo + hi) / 2;
            double u = 1 - t;
            (3 * u * u * t * c[0].value() + 3 * u * t * t * c[2].value() + t * t * t < p ? lo : hi) = t;
        }
        double u = 1 - t;
        return 3 * u * u * t * c[1].value() + 3 * u * t * t * c[3].value() + t * t * t;
    }
    const double e = f.tweenEasing->value();
    if (e == 0) return p;
    if (e > 0 && e <= 1) return p + (1 - (1 - p) * (1 - p) - p) * e;
    if (e > 1) return p + (0.5 * (1 - std::cos(3.14159265358979323846 * p)) - p) * (std::min(e, 2.0) - 1);
    return p + (p * p - p) * (-e);
}

bool tweened(const Frame& f) {
    return (f.curve && f.curve->size() >= 4) || (f.tweenEasing && std::isfinite(f.tweenEasing->value()));
}

// Value of channel `get` of `frames` at time t (frames held after the last key).
template <class Get>
std::vector<double> sample(const Frames& frames, Get&& get, double t, int rotation_index) {
    double pos = 0;
    for (std::size_t k = 0; k < frames.size(); ++k) {
        const Frame& f = frames[k];
        const double d = f.duration ? std::max(0.0, f.duration->value()) : 1;
        const bool last = k + 1 == frames.size();
        if (last || t < pos + d) {
            std::vector<double> a = get(f);
            if (last || t <= pos || !tweened(f) || d <= 0) return a;
            std::vector<double> b = get(frames[k + 1]);
            const double e = ease(f, (t - pos) / d);
            const double turn = f.rare().clockwise ? v(f.rare().clockwise, 0) : v(f.rare().tweenRotate, 0);
            for (std::size_t i = 0; i < a.size(); ++i) {
                double delta = b[i] - a[i];
                if (static_cast<int>(i) == rotation_index && turn == 0) delta = std::remainder(delta, 360.0);
                a[i] += delta * e;
            }
            return a;
        }
        pos += d;
    }
    return {};
}

TEST(DragonBonesDowngrade, BonePosesAreKeptWhereNoLossIsReported) {
    auto files = test::skeletons({"5.0", "5.5"});
    RIGIO_REQUIRE_CORPUS(files, "corpus/dragonbones");
    std::size_t compared = 0, skipped = 0;
    for (const auto& file : files) {
        SCOPED_TRACE(file.string());
        DragonBonesData src = test::read_ok(test::text_of(file), file.string());
        LossReport losses;
        DragonBonesData down = test::read_ok(write_json(convert_version(src, "4.5", losses).value()), "downgraded");
        for (std::size_t a = 0; a < src.armature.size(); ++a) {
            if (!src.armature[a].animation) continue;
            for (std::size_t k = 0; k < src.armature[a].animation->size(); ++k) {
                const Animation& an = (*src.armature[a].animation)[k];
                const Animation& dn = (*down.armature[a].animation)[k];
                if (!an.bone) continue;
                for (std::size_t b = 0; b < an.bone->size(); ++b) {
                    const BoneTimeline& t = (*an.bone)[b];
                    const std::string path = "/armature/" + std::to_string(a) + "/animation/" + std::to_string(k) + "/bone/" + std::to_string(b);
                    bool named = false;
                    for (const Loss& l : losses.losses) named |= l.where.rfind(path, 0) == 0 && (l.where.size() == path.size() || l.where[path.size()] == '/');
                    if (named || t.frame) {
                        ++skipped;
                        continue;
                    }
                    const Frames& merged = *(*dn.bone)[b].frame;
                    auto empty = [](const Opt<Frames>& f) { return !f || f->empty(); };
                    if (merged.empty()) {  // e.g. "translateFrame": [] and friends: nothing animates
                        EXPECT_TRUE(empty(t.translateFrame) && empty(t.rotateFrame) && empty(t.scaleFrame)) << path;
                        continue;
                    }
                    const double end = an.duration ? an.duration->value() : 0;
                    for (double time = 0; time <= end; time += 1) {
                        auto tr = [](const Frame& f) { return std::vector<double>{v(f.x, 0), v(f.y, 0)}; };
                        auto ro = [](const Frame& f) { return std::vector<double>{v(f.rotate, 0), v(f.rare().skew, 0)}; };
                        auto sc = [](const Frame& f) { return std::vector<double>{v(f.x, 1), v(f.y, 1)}; };
                        auto mt = [](const Frame& f) {
                            Transform x = f.transform.value_or(Transform{});
                            return std::vector<double>{v(x.x, 0), v(x.y, 0), v(x.skY, 0), v(x.skX, 0) - v(x.skY, 0), v(x.scX, 1), v(x.scY, 1)};
                        };
                        std::vector<double> want{0, 0, 0, 0, 1, 1};
                        if (t.translateFrame && !t.translateFrame->empty()) {
                            auto s = sample(*t.translateFrame, tr, time, -1);
                            want[0] = s[0], want[1] = s[1];
                        }
                        if (t.rotateFrame && !t.rotateFrame->empty()) {
                            auto s = sample(*t.rotateFrame, ro, time, 0);
                            want[2] = s[0], want[3] = s[1];
                        }
                        if (t.scaleFrame && !t.scaleFrame->empty()) {
                            auto s = sample(*t.scaleFrame, sc, time, -1);
                            want[4] = s[0], want[5] = s[1];
                        }
                        auto got = sample(merged, mt, time, 2);
                        ASSERT_EQ(got.size(), 6u) << path;
                        for (int i = 0; i < 6; ++i) {
                            double tol = 1e-6 * std::max(1.0, std::fabs(want[i]));
                            // The rotation stays the same angle; the skew is compared the same way.
                            double diff = (i == 2 || i == 3) ? std::remainder(got[i] - want[i], 360.0) : got[i] - want[i];
                            EXPECT_LE(std::fabs(diff), tol) << path << " channel " << i << " at frame " << time;
                        }
                    }
                    ++compared;
                }
            }
        }
    }
    EXPECT_GT(compared, 500u);
    std::cout << compared << " bone timelines compared frame by frame, " << skipped << " skipped (named in the loss report or already 4.x)\n";
}

std::vector<double> color8(const Opt<ColorTransform>& c) {
    if (!c) return {100, 100, 100, 100, 0, 0, 0, 0};
    return {v(c->aM, 100), v(c->rM, 100), v(c->gM, 100), v(c->bM, 100), v(c->aO, 0), v(c->rO, 0), v(c->gO, 0), v(c->bO, 0)};
}

// Slots: 5.5 channels (absent: the setup display and colour) against 4.x slot frames as 5.x runtimes
// read them (a frame without displayIndex shows display 0, without colour the identity colour).
TEST(DragonBonesDowngrade, SlotDisplaysAndColoursAreKeptWhereNoLossIsReported) {
    auto files = test::skeletons({"5.5"});
    RIGIO_REQUIRE_CORPUS(files, "corpus/dragonbones");
    std::size_t compared = 0;
    for (const auto& file : files) {
        SCOPED_TRACE(file.string());
        DragonBonesData src = test::read_ok(test::text_of(file), file.string());
        LossReport losses;
        DragonBonesData down = test::read_ok(write_json(convert_version(src, "4.5", losses).value()), "downgraded");
        for (std::size_t a = 0; a < src.armature.size(); ++a) {
            const Armature& arm = src.armature[a];
            if (!arm.animation) continue;
            for (std::size_t k = 0; k < arm.animation->size(); ++k) {
                const Animation& an = (*arm.animation)[k];
                if (!an.slot) continue;
                for (std::size_t j = 0; j < an.slot->size(); ++j) {
                    const SlotTimeline& t = (*an.slot)[j];
                    const std::string path = "/armature/" + std::to_string(a) + "/animation/" + std::to_string(k) + "/slot/" + std::to_string(j);
                    bool named = false;
                    for (const Loss& l : losses.losses) named |= l.where.rfind(path, 0) == 0;
                    if (named || t.frame || t.slot < 0) continue;
                    const Slot& setup = (*arm.slot)[static_cast<std::size_t>(t.slot)];
                    const Frames& merged = *(*(*down.armature[a].animation)[k].slot)[j].frame;
                    if (merged.empty()) continue;
                    const double end = an.duration ? an.duration->value() : 0;
                    for (double time = 0; time <= end; time += 1) {
                        std::vector<double> want_display{v(setup.displayIndex, 0)};
                        std::vector<double> want_color = color8(setup.color);
                        if (t.displayFrame && !t.displayFrame->empty()) {
                            Frames step = *t.displayFrame;
                            for (Frame& f : step) f.tweenEasing.reset(), f.curve.reset();
                            want_display = sample(step, [](const Frame& f) { return std::vector<double>{v(f.value ? f.value : f.displayIndex, 0)}; },
                                                  time, -1);
                        }
                        if (t.colorFrame && !t.colorFrame->empty())
                            want_color = sample(*t.colorFrame, [](const Frame& f) { return color8(f.rare().value_color ? f.rare().value_color : f.color); }, time, -1);
                        Frames step = merged;
                        for (Frame& f : step) f.tweenEasing.reset(), f.curve.reset();
                        auto got_display = sample(step, [](const Frame& f) { return std::vector<double>{v(f.displayIndex, 0)}; }, time, -1);
                        auto got_color = sample(merged, [](const Frame& f) { return color8(f.color); }, time, -1);
                        EXPECT_EQ(got_display, want_display) << path << " at frame " << time;
                        for (std::size_t i = 0; i < 8; ++i) EXPECT_NEAR(got_color[i], want_color[i], 1e-9) << path << " at frame " << time;
                    }
                    ++compared;
                }
            }
        }
    }
    EXPECT_GT(compared, 100u);
    std::cout << compared << " slot timelines compared frame by frame\n";
}

}  // namespace
}  // namespace rigio::dragonbones
