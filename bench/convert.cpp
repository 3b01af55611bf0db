// Conversions between formats: DragonBones -> Spine over every armature of the largest DragonBones
// corpus files, and Spine -> DragonBones over every Spine corpus skeleton (model to model; reading and
// writing are measured by the format benchmarks).
#include <benchmark/benchmark.h>

#include <filesystem>
#include <string>
#include <vector>

#include "rigio/convert/dragonbones_to_spine.hpp"
#include "rigio/convert/spine_to_dragonbones.hpp"
#include "rigio/dragonbones/json.hpp"
#include "rigio/io/file.hpp"
#include "rigio/spine/binary.hpp"

namespace {

const std::vector<rigio::dragonbones::DragonBonesData>& dragonbones() {
    static auto m = [] {
        std::vector<rigio::dragonbones::DragonBonesData> out;
        for (const char* f : {"5.5/mecha_2903_ske.json", "5.5/you_xin_body_ske.json", "4.5/Knight.json", "5.0/Rooster_An_ske.json"}) {
            std::error_code ec;
            const std::string path = std::string(RIGIO_SHARED_DIR) + "/corpus/dragonbones/" + f;
            if (!std::filesystem::exists(path, ec)) continue;
            auto bytes = rigio::io::read_file(path).value();
            out.push_back(rigio::dragonbones::read_json(std::string(bytes.begin(), bytes.end())).value());
        }
        return out;
    }();
    return m;
}

const std::vector<rigio::spine::SkeletonData>& skeletons() {
    static auto m = [] {
        std::vector<rigio::spine::SkeletonData> out;
        std::error_code ec;
        for (const auto& e : std::filesystem::directory_iterator(std::string(RIGIO_SHARED_DIR) + "/corpus/spine-3.8", ec))
            if (e.path().extension() == ".skel") out.push_back(rigio::spine::read_skel(rigio::io::read_file(e.path().string()).value()).value());
        return out;
    }();
    return m;
}

void BM_DragonBonesToSpine(benchmark::State& state) {
    if (dragonbones().empty()) {
        state.SkipWithError("../shared/corpus/dragonbones not found");
        return;
    }
    std::int64_t armatures = 0;
    for (auto _ : state)
        for (const auto& d : dragonbones())
            for (std::size_t a = 0; a < d.armature.size(); ++a) {
                rigio::convert::LossReport r;
                auto sd = rigio::convert::dragonbones_to_spine(d, a, r);
                benchmark::DoNotOptimize(sd);
                ++armatures;
            }
    state.counters["armatures/s"] = benchmark::Counter(static_cast<double>(armatures), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_DragonBonesToSpine)->Unit(benchmark::kMillisecond);

void BM_SpineToDragonBones(benchmark::State& state) {
    if (skeletons().empty()) {
        state.SkipWithError("../shared/corpus/spine-3.8 not found");
        return;
    }
    std::int64_t count = 0;
    for (auto _ : state)
        for (const auto& sd : skeletons()) {
            rigio::convert::LossReport r;
            auto d = rigio::convert::spine_to_dragonbones(sd, r).value();
            benchmark::DoNotOptimize(d);
            ++count;
        }
    state.counters["skeletons/s"] = benchmark::Counter(static_cast<double>(count), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_SpineToDragonBones)->Unit(benchmark::kMillisecond);

}  // namespace
BENCHMARK_MAIN();
