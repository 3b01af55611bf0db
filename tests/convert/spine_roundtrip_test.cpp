// Spine -> DragonBones -> Spine, proven by poses: every Spine 3.8 corpus skeleton converted to DragonBones
// 5.5 JSON, read back, converted to Spine again and posed by rigio's Spine runtime (which reproduces the
// official runtime's goldens) poses every bone as the original does, unless the loss report names a
// feature that moves bones (constraints DragonBones cannot hold, their timelines, transform modes).
#include <gtest/gtest.h>

#include <cmath>
#include <map>
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

// Largest difference of any bone's world matrix (by name) over 11 samples of every animation.
double worst_difference(const spine::SkeletonData& a, const spine::SkeletonData& b) {
    const rt::RuntimeData da = rt::prepare(a), db = rt::prepare(b);
    std::map<std::string, int> in_b;
    for (std::size_t i = 0; i < b.bones.size(); ++i) in_b[*b.bones[i].name] = static_cast<int>(i);
    double worst = 0;
    for (std::size_t n = 0; n < da.animations.size() && n < db.animations.size(); ++n) {
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
                const auto& y = sb.bones[in_b.at(*a.bones[i].name)];
                for (double d : {x.a - y.a, x.b - y.b, x.c - y.c, x.d - y.d}) worst = std::max(worst, std::abs(d) * 100);
                for (double d : {x.world_x - y.world_x, x.world_y - y.world_y}) worst = std::max(worst, std::abs(d));
            }
        }
    }
    return worst;
}

}  // namespace

TEST(SpineToDragonBones, CorpusRoundTripPosesLikeTheOriginal) {
    const auto files = test::corpus_files("corpus/spine-3.8", ".skel");
    RIGIO_REQUIRE_CORPUS(files, "corpus/spine-3.8");
    int compared = 0, excluded = 0;
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
        bool moved = false;
        std::string why;
        for (const auto& l : there.losses)
            if (moves_bones(l)) moved = true, why = l.feature;
        const double worst = worst_difference(*sd, *again);
        std::printf("  %-32s %3zu losses, largest pose difference %.3g px (matrix x100)%s%s\n", f.filename().string().c_str(),
                    there.losses.size(), worst, moved ? ", excluded: " : "", why.c_str());
        if (moved) {
            ++excluded;
            continue;
        }
        ++compared;
        EXPECT_LT(worst, 0.05) << "no loss names a bone-moving feature";
    }
    std::printf("%d skeletons compared, %d excluded by their loss report\n", compared, excluded);
    EXPECT_GT(compared, 0);
}
