// Posing allocates nothing: after a skeleton instance is made, setting the setup pose, applying any
// corpus animation at any time, updating world transforms and computing world vertices never touch
// the heap. Counted by replacing the global operator new for this test program.
#include <gtest/gtest.h>

#include <cstdlib>

#include "rigio/io/file.hpp"
#include "rigio/spine/binary.hpp"
#include "rigio/spine/runtime/animation.hpp"
#include "rigio/spine/runtime/data.hpp"
#include "rigio/spine/runtime/skeleton.hpp"
#include "rigio/spine/runtime/vertices.hpp"
#include "support/shared.hpp"
#include "support/counting_new.hpp"

using namespace rigio;
using namespace rigio::spine::runtime;

namespace {

// Every .skel of one version's corpus, every skin, 13 times per animation; 4.2 with physics stepping too.
std::size_t pose_version(const std::string& version) {
    auto files = test::corpus_files("corpus/spine-" + version, ".skel");
    std::size_t poses = 0;
    for (const auto& f : files) {
        SCOPED_TRACE(f.filename().string());
        auto sd = spine::read_skel(io::read_file(f.string()).value());
        EXPECT_TRUE(sd.ok()) << sd.error().what();
        if (!sd.ok()) continue;
        const RuntimeData data = prepare(*sd).value();
        std::vector<float> verts(static_cast<std::size_t>(data.max_world_vertices));
        for (int skin = -1; skin < static_cast<int>(data.skins.size()); ++skin) {
            Skeleton sk(data);
            sk.set_skin(skin);
            sk.set_slots_to_setup_pose();
            const long before = counting_new::allocations.load();
            for (const AnimationInfo& anim : data.animations) {
                for (int k = 0; k <= 12; ++k) {
                    const float t = anim.duration * static_cast<float>(k) / 11;  // one past the end
                    sk.set_to_setup_pose();
                    apply(anim, sk, t, t, false, nullptr, 1);
                    sk.time = t;
                    sk.update_world_transform(sk.physics.empty() ? Physics::None : Physics::Update);
                    for (int slot : sk.draw_order) slot_world_vertices(sk, slot, verts.data());
                    ++poses;
                }
            }
            EXPECT_EQ(counting_new::allocations.load() - before, 0) << "skin " << skin;
        }
    }
    return poses;
}

}  // namespace

TEST(SpineRuntimeAllocations, PosingTheCorpusAllocatesNothing) {
    auto files = test::corpus_files("corpus/spine-3.8", ".skel");
    RIGIO_REQUIRE_CORPUS(files, "corpus/spine-3.8");
    EXPECT_GT(pose_version("3.8"), 1000u);
}

TEST(SpineRuntimeAllocations, PosingEveryOtherVersionAllocatesNothing) {
    auto files = test::corpus_files("corpus/spine-4.2", ".skel");
    RIGIO_REQUIRE_CORPUS(files, "corpus/spine-4.2");
    for (const char* v : {"3.7", "4.0", "4.1", "4.2"}) {
        SCOPED_TRACE(v);
        EXPECT_GT(pose_version(v), 500u);
    }
}
