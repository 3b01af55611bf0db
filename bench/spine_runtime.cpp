// Spine runtime: poses per second (setup pose, apply an animation, world transforms, and optionally
// the world vertices of every slot) for spineboy-pro `run` and mix-and-match-pro `walk` with skin
// `full-skins/girl`, for every version's corpus (3.8 unsuffixed, then 3.7 (spineboy only: no
// mix-and-match in the 3.7 corpus), 4.0, 4.1, 4.2), and the 4.2
// celestial-circus-pro `swing` with physics stepped at 60 frames per second. Also counts heap
// allocations per pose (expected: 0).
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <filesystem>
#include <map>
#include <memory>
#include <new>
#include <string>
#include <vector>

#include "heap_counting.hpp"
#include "rigio/io/file.hpp"
#include "rigio/spine/binary.hpp"
#include "rigio/spine/runtime/animation.hpp"
#include "rigio/spine/runtime/data.hpp"
#include "rigio/spine/runtime/skeleton.hpp"
#include "rigio/spine/runtime/vertices.hpp"

namespace {

using namespace rigio::spine;
using namespace rigio::spine::runtime;

// A loaded skeleton with its runtime tables (kept alive for the whole run).
struct Loaded {
    SkeletonData sd;
    RuntimeData rd;
};

std::unique_ptr<Loaded> load(const std::string& path) {
    if (!std::filesystem::exists(path)) return nullptr;
    auto sd = read_skel(rigio::io::read_file(path).value());
    if (!sd) return nullptr;
    auto l = std::make_unique<Loaded>();
    l->sd = std::move(sd).value();
    l->rd = prepare(l->sd).value();
    return l;
}

void pose(benchmark::State& state, const char* version, const char* file, const char* animation, const char* skin,
          bool vertices, bool physics = false) {
    static std::map<std::string, std::unique_ptr<Loaded>> cache;
    const std::string path = std::string(RIGIO_SHARED_DIR) + "/corpus/spine-" + version + "/" + file;
    auto& loaded = cache[path];
    if (!loaded) loaded = load(path);
    if (!loaded) {
        state.SkipWithError(("../shared/corpus/spine-" + std::string(version) + "/" + file + " not found").c_str());
        return;
    }
    const RuntimeData& rd = loaded->rd;
    const int a = rd.find_animation(animation);
    if (a < 0) {
        state.SkipWithError("animation not found");
        return;
    }
    const AnimationInfo& anim = rd.animations[static_cast<std::size_t>(a)];
    Skeleton sk(rd);
    if (skin) {
        sk.set_skin(rd.find_skin(skin));
        sk.set_slots_to_setup_pose();
    }
    std::vector<float> buffer(static_cast<std::size_t>(rd.max_world_vertices));
    float t = 0;
    const float step = physics ? 1.0f / 60 : anim.duration / 97;  // not a divisor of typical key spacing
    long floats = 0;
    heap::counting = true;
    const std::size_t before = heap::allocations;
    for (auto _ : state) {
        sk.set_to_setup_pose();
        apply(anim, sk, t, t, false, nullptr, 1);
        sk.time += step;  // physics: one frame per pose
        sk.update_world_transform(physics ? Physics::Update : Physics::None);
        if (vertices)
            for (int slot : sk.draw_order) floats += slot_world_vertices(sk, slot, buffer.data());
        benchmark::DoNotOptimize(sk.bones.back().world_x);
        t += step;
        if (t > anim.duration) t = 0;
    }
    const std::size_t allocations = heap::allocations - before;
    heap::counting = false;
    state.SetItemsProcessed(state.iterations());
    state.counters["poses/s"] = benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
    state.counters["allocs/pose"] = static_cast<double>(allocations) / static_cast<double>(state.iterations());
    if (vertices) state.counters["vertex floats/pose"] = static_cast<double>(floats) / static_cast<double>(state.iterations());
}

// .skel bytes to a playable skeleton (read + prepare) over a version's whole corpus, and prepare alone.
void to_playable(benchmark::State& state, const char* version, bool prepare_only) {
    std::vector<std::vector<std::uint8_t>> files;
    std::vector<SkeletonData> models;
    const std::string dir = std::string(RIGIO_SHARED_DIR) + "/corpus/spine-" + version;
    if (!std::filesystem::is_directory(dir)) {
        state.SkipWithError(("../shared/corpus/spine-" + std::string(version) + " not found").c_str());
        return;
    }
    std::size_t bytes = 0;
    for (const auto& e : std::filesystem::directory_iterator(dir)) {
        if (e.path().extension() != ".skel") continue;
        files.push_back(rigio::io::read_file(e.path().string()).value());
        bytes += files.back().size();
        auto sd = read_skel(files.back());
        if (!sd) {
            state.SkipWithError("a corpus file does not read");
            return;
        }
        models.push_back(std::move(sd).value());
    }
    heap::counting = true;
    const std::size_t before = heap::allocations;
    for (auto _ : state) {
        for (std::size_t i = 0; i < files.size(); ++i) {
            if (prepare_only) {
                RuntimeData rd = prepare(models[i]).value();
                benchmark::DoNotOptimize(rd.animations.data());
            } else {
                auto sd = read_skel(files[i]);
                RuntimeData rd = prepare(*sd).value();
                benchmark::DoNotOptimize(rd.animations.data());
            }
        }
    }
    const std::size_t allocations = heap::allocations - before;
    heap::counting = false;
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * static_cast<std::int64_t>(bytes));
    // Heap allocations per file (read and prepare, or prepare alone), freeing included.
    state.counters["allocs/load"] =
        static_cast<double>(allocations) / static_cast<double>(state.iterations() * files.size());
}
void BM_SkelToPlayable(benchmark::State& s, const char* version) { to_playable(s, version, false); }
void BM_PrepareOnly(benchmark::State& s, const char* version) { to_playable(s, version, true); }

void BM_SpineboyRun(benchmark::State& s) { pose(s, "3.8", "spineboy-pro.skel", "run", nullptr, false); }
void BM_SpineboyRunWithVertices(benchmark::State& s) { pose(s, "3.8", "spineboy-pro.skel", "run", nullptr, true); }
void BM_MixAndMatchWalkGirl(benchmark::State& s) { pose(s, "3.8", "mix-and-match-pro.skel", "walk", "full-skins/girl", false); }
void BM_MixAndMatchWalkGirlWithVertices(benchmark::State& s) {
    pose(s, "3.8", "mix-and-match-pro.skel", "walk", "full-skins/girl", true);
}
void BM_SpineboyRunVersion(benchmark::State& s, const char* version) { pose(s, version, "spineboy-pro.skel", "run", nullptr, true); }
void BM_MixAndMatchWalkGirlVersion(benchmark::State& s, const char* version) {
    pose(s, version, "mix-and-match-pro.skel", "walk", "full-skins/girl", true);
}
void BM_CelestialCircusSwingPhysics(benchmark::State& s) { pose(s, "4.2", "celestial-circus-pro.skel", "swing", nullptr, true, true); }

}  // namespace

BENCHMARK(BM_SpineboyRun);
BENCHMARK(BM_SpineboyRunWithVertices);
BENCHMARK(BM_MixAndMatchWalkGirl);
BENCHMARK(BM_MixAndMatchWalkGirlWithVertices);
BENCHMARK_CAPTURE(BM_SpineboyRunVersion, 3.7, "3.7");
BENCHMARK_CAPTURE(BM_SpineboyRunVersion, 4.0, "4.0");
BENCHMARK_CAPTURE(BM_SpineboyRunVersion, 4.1, "4.1");
BENCHMARK_CAPTURE(BM_SpineboyRunVersion, 4.2, "4.2");
BENCHMARK_CAPTURE(BM_MixAndMatchWalkGirlVersion, 4.0, "4.0");
BENCHMARK_CAPTURE(BM_MixAndMatchWalkGirlVersion, 4.1, "4.1");
BENCHMARK_CAPTURE(BM_MixAndMatchWalkGirlVersion, 4.2, "4.2");
BENCHMARK(BM_CelestialCircusSwingPhysics);
BENCHMARK_CAPTURE(BM_SkelToPlayable, 3.7, "3.7");
BENCHMARK_CAPTURE(BM_SkelToPlayable, 3.8, "3.8");
BENCHMARK_CAPTURE(BM_SkelToPlayable, 4.0, "4.0");
BENCHMARK_CAPTURE(BM_SkelToPlayable, 4.1, "4.1");
BENCHMARK_CAPTURE(BM_SkelToPlayable, 4.2, "4.2");
BENCHMARK_CAPTURE(BM_PrepareOnly, 3.7, "3.7");
BENCHMARK_CAPTURE(BM_PrepareOnly, 3.8, "3.8");
BENCHMARK_CAPTURE(BM_PrepareOnly, 4.0, "4.0");
BENCHMARK_CAPTURE(BM_PrepareOnly, 4.1, "4.1");
BENCHMARK_CAPTURE(BM_PrepareOnly, 4.2, "4.2");
BENCHMARK_MAIN();
