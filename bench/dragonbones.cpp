// DragonBones JSON read and write throughput over the corpus (4.0 to 5.6 skeletons), and the cost of
// the 5.5 upgrade.
#include <benchmark/benchmark.h>

#include <filesystem>
#include <string>
#include <vector>

#include "rigio/dragonbones/json.hpp"
#include "rigio/dragonbones/version.hpp"
#include "rigio/io/file.hpp"

namespace {

std::vector<std::string> corpus() {
    std::vector<std::string> out;
    std::error_code ec;
    for (const char* v : {"4.0", "4.5", "5.0", "5.5", "5.6"})
        for (const auto& e : std::filesystem::directory_iterator(std::string(RIGIO_SHARED_DIR) + "/corpus/dragonbones/" + v, ec)) {
            const std::string name = e.path().filename().string();
            if (e.path().extension() != ".json" || name.find("_tex") != std::string::npos || name.find("texture") != std::string::npos)
                continue;
            auto bytes = rigio::io::read_file(e.path().string()).value();
            std::string text(bytes.begin(), bytes.end());
            if (rigio::dragonbones::looks_like_dragonbones_json(text)) out.push_back(std::move(text));
        }
    return out;
}

const std::vector<std::string>& files() {
    static auto f = corpus();
    return f;
}

const std::vector<rigio::dragonbones::DragonBonesData>& models() {
    static auto m = [] {
        std::vector<rigio::dragonbones::DragonBonesData> out;
        for (const auto& f : files()) out.push_back(rigio::dragonbones::read_json(f).value());
        return out;
    }();
    return m;
}

void BM_ReadDragonBonesJson(benchmark::State& state) {
    if (files().empty()) {
        state.SkipWithError("../shared/corpus/dragonbones not found");
        return;
    }
    std::size_t bytes = 0;
    for (auto _ : state)
        for (const auto& f : files()) {
            auto d = rigio::dragonbones::read_json(f);
            benchmark::DoNotOptimize(d);
            bytes += f.size();
        }
    state.SetBytesProcessed(static_cast<int64_t>(bytes));
}
BENCHMARK(BM_ReadDragonBonesJson)->Unit(benchmark::kMillisecond);

void BM_WriteDragonBonesJson(benchmark::State& state) {
    if (files().empty()) {
        state.SkipWithError("../shared/corpus/dragonbones not found");
        return;
    }
    std::size_t bytes = 0;
    for (auto _ : state)
        for (const auto& m : models()) {
            std::string out = rigio::dragonbones::write_json(m);
            bytes += out.size();
            benchmark::DoNotOptimize(out);
        }
    state.SetBytesProcessed(static_cast<int64_t>(bytes));  // bytes written
}
BENCHMARK(BM_WriteDragonBonesJson)->Unit(benchmark::kMillisecond);

void BM_UpgradeTo55(benchmark::State& state) {
    if (files().empty()) {
        state.SkipWithError("../shared/corpus/dragonbones not found");
        return;
    }
    std::size_t bytes = 0;
    for (auto _ : state)
        for (std::size_t i = 0; i < models().size(); ++i) {
            rigio::LossReport losses;
            auto up = rigio::dragonbones::convert_version(models()[i], "5.5", losses).value();
            benchmark::DoNotOptimize(up);
            bytes += files()[i].size();
        }
    state.SetBytesProcessed(static_cast<int64_t>(bytes));
}
BENCHMARK(BM_UpgradeTo55)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
