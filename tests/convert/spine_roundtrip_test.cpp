// Spine -> DragonBones -> Spine, proven by poses: every Spine 3.8 corpus skeleton converted to DragonBones
// 5.5 JSON, read back, converted to Spine again and posed by rigio's Spine runtime (which reproduces the
// official runtime's goldens) poses every bone as the original does, except the bones and animations
// that the loss report names a bone-moving feature for (constraints DragonBones cannot hold, their
// timelines, inexact transform modes, rounded key times), and the bones those move in turn.
#include <gtest/gtest.h>

#include <cmath>
#include <algorithm>
#include <cstdlib>
#include <map>
#include <set>
#include <string>

#include "rigio/convert/dragonbones_to_spine.hpp"
#include "rigio/convert/spine_to_dragonbones.hpp"
#include "rigio/dragonbones/json.hpp"
#include "rigio/io/file.hpp"
#include "rigio/spine/binary.hpp"
#include "rigio/spine/runtime/animation.hpp"
#include "rigio/spine/runtime/data.hpp"
#include "rigio/spine/runtime/skeleton.hpp"
#include "support/shared.hpp"

using namespace rigio;
namespace rt = rigio::spine::runtime;

namespace {

// Losses after which bones may legitimately move differently.
bool moves_bones(const convert::Loss& l) {
    for (const char* f : {"transform constraint", "path constraint", "IK timeline", "IK softness", "transform mode", "shear keyed",
                          "key times between"})
        if (l.feature.find(f) != std::string::npos) return true;
    return false;
}

// The index after `prefix` in `where` ("/transform/3/..." -> 3), or -1.
int index_after(const std::string& where, const std::string& prefix) {
    if (where.rfind(prefix, 0) != 0) return -1;
    return std::atoi(where.c_str() + prefix.size());
}

// What the loss report takes out of the comparison: bones a bone-moving loss names at setup (a dropped
// constraint's bones, a bone whose transform mode maps inexactly), with every bone below them and
// every bone a surviving IK constraint moves towards them; and animations whose own losses move bones.
struct Excluded {
    std::vector<bool> bones;
    std::set<std::string> animations;
    std::string why;  // the first bone-moving feature, for the log
};

Excluded excluded_by(const spine::SkeletonData& sd, const convert::LossReport& report) {
    Excluded ex;
    ex.bones.assign(sd.bones.size(), false);
    auto mark = [&](const std::vector<int>& bones) {
        for (int b : bones) ex.bones[static_cast<std::size_t>(b)] = true;
    };
    for (const convert::Loss& l : report.losses) {
        if (!moves_bones(l)) continue;
        if (ex.why.empty()) ex.why = l.feature;
        if (l.where.rfind("/animations/", 0) == 0) {
            const std::string rest = l.where.substr(12);
            ex.animations.insert(rest.substr(0, rest.find('/')));
        } else if (int i = index_after(l.where, "/transform/"); i >= 0 && static_cast<std::size_t>(i) < sd.transform.size()) {
            mark(sd.transform[i].bones);
        } else if (int p = index_after(l.where, "/path/"); p >= 0 && static_cast<std::size_t>(p) < sd.path.size()) {
            mark(sd.path[p].bones);
        } else if (int k = index_after(l.where, "/ik/"); k >= 0 && static_cast<std::size_t>(k) < sd.ik.size()) {
            mark(sd.ik[k].bones);
        } else if (int b = index_after(l.where, "/bones/"); b >= 0 && static_cast<std::size_t>(b) < sd.bones.size()) {
            ex.bones[static_cast<std::size_t>(b)] = true;
        } else {
            ADD_FAILURE() << "a bone-moving loss the test cannot place: " << l.where << ": " << l.feature;
        }
    }
    // Children follow their parents (bones are stored parents first); IK chains follow their targets.
    for (bool grew = true; grew;) {
        grew = false;
        for (std::size_t i = 0; i < sd.bones.size(); ++i)
            if (!ex.bones[i] && sd.bones[i].parent >= 0 && ex.bones[static_cast<std::size_t>(sd.bones[i].parent)])
                ex.bones[i] = grew = true;
        for (const auto& ik : sd.ik)
            if (ex.bones[static_cast<std::size_t>(ik.target)])
                for (int b : ik.bones)
                    if (!ex.bones[static_cast<std::size_t>(b)]) ex.bones[static_cast<std::size_t>(b)] = grew = true;
    }
    return ex;
}

struct Comparison {
    int animations = 0, bones = 0;  // compared
    double worst = 0;
    std::string where;  // animation, time and bone of the worst difference
};

// Largest difference of any compared bone's world matrix (by name) over 11 samples of every compared
// animation (matrix entries x100, positions in px).
Comparison compare(const spine::SkeletonData& a, const spine::SkeletonData& b, const Excluded& ex) {
    const rt::RuntimeData da = rt::prepare(a), db = rt::prepare(b);
    std::map<std::string, int> in_b;
    for (std::size_t i = 0; i < b.bones.size(); ++i) in_b[*b.bones[i].name] = static_cast<int>(i);
    Comparison out;
    out.bones = static_cast<int>(std::count(ex.bones.begin(), ex.bones.end(), false));
    for (std::size_t n = 0; n < da.animations.size() && n < db.animations.size(); ++n) {
        if (ex.animations.count(da.animations[n].name)) continue;
        ++out.animations;
        for (int k = 0; k <= 10; ++k) {
            const float t = da.animations[n].duration * k / 10;
            rt::Skeleton sa(da), sb(db);
            sa.set_to_setup_pose();
            sb.set_to_setup_pose();
            rt::apply(da.animations[n], sa, t, t, false, nullptr, 1);
            rt::apply(db.animations[n], sb, t, t, false, nullptr, 1);
            sa.update_world_transform();
            sb.update_world_transform();
            for (std::size_t i = 0; i < a.bones.size(); ++i) {
                const auto& x = sa.bones[i];
                if (ex.bones[i] || !x.active) continue;  // an inactive bone (skin-required, no skin) is not updated
                const auto& y = sb.bones[in_b.at(*a.bones[i].name)];
                double worst = 0;
                for (double d : {x.a - y.a, x.b - y.b, x.c - y.c, x.d - y.d}) worst = std::max(worst, std::abs(d) * 100);
                for (double d : {x.world_x - y.world_x, x.world_y - y.world_y}) worst = std::max(worst, std::abs(d));
                if (worst > out.worst) {
                    out.worst = worst;
                    out.where = da.animations[n].name + " at " + std::to_string(t) + " s, bone " + *a.bones[i].name;
                }
            }
        }
    }
    return out;
}

}  // namespace

TEST(SpineToDragonBones, CorpusRoundTripPosesLikeTheOriginal) {
    const auto files = test::corpus_files("corpus/spine-3.8", ".skel");
    RIGIO_REQUIRE_CORPUS(files, "corpus/spine-3.8");
    int compared = 0, animations = 0, total_animations = 0;
    for (const auto& f : files) {
        SCOPED_TRACE(f.filename().string());
        auto sd = spine::read_skel(io::read_file(f.string()));
        ASSERT_TRUE(sd.ok()) << sd.error().what();
        convert::LossReport there;
        const dragonbones::DragonBonesData data = convert::spine_to_dragonbones(*sd, there);
        const std::string text = dragonbones::write_json(data);
        auto read = dragonbones::read_json(text);
        ASSERT_TRUE(read.ok()) << read.error().what();
        convert::LossReport back;
        convert::DragonBonesToSpineOptions keep;
        keep.curves_as_is = true;  // Spine's own curves back as they were
        auto again = convert::dragonbones_to_spine(*read, 0, back, keep);
        ASSERT_TRUE(again.ok()) << again.error().what();
        ASSERT_EQ(again->animations.size(), sd->animations.size());
        const Excluded ex = excluded_by(*sd, there);
        const Comparison c = compare(*sd, *again, ex);
        std::printf("  %-26s %3zu losses; compared %2d of %2zu animations, %3d of %3zu bones: largest difference %.3g%s%s\n",
                    f.filename().string().c_str(), there.losses.size(), c.animations, sd->animations.size(), c.bones,
                    sd->bones.size(), c.worst, ex.why.empty() ? "" : "; excluded for ", ex.why.c_str());
        EXPECT_LT(c.worst, 0.05) << "a bone no loss names moves differently: " << c.where;
        animations += c.animations;
        total_animations += static_cast<int>(sd->animations.size());
        if (c.animations > 0 && c.bones > 0) ++compared;
    }
    std::printf("%d of %zu skeletons compared; %d of %d animations (the rest excluded by their loss report)\n", compared,
                files.size(), animations, total_animations);
    EXPECT_GT(compared, 0);
}
