// MRTK input animations: binary read/write and JSON read/write throughput over the corpus, and
// evaluated samples per second (full playback state: camera, both hands' state and 27 joints each)
// for the two-hand HoloLens 2 recording.
#include <benchmark/benchmark.h>

#include <filesystem>
#include <string>
#include <vector>

#include "rigio/io/file.hpp"
#include "rigio/mrtk/binary.hpp"
#include "rigio/mrtk/evaluate.hpp"
#include "rigio/mrtk/inspect.hpp"
#include "rigio/mrtk/json.hpp"

namespace {

const std::string kDir = std::string(RIGIO_SHARED_DIR) + "/corpus/mrtk/v1.0";
const std::string kTwoHands = kDir + "/holographic-recording_InputAnimation-20201027-134946.bin";

const std::vector<std::vector<std::uint8_t>>& files() {
    static auto f = [] {
        std::vector<std::vector<std::uint8_t>> out;
        std::error_code ec;
        for (const auto& e : std::filesystem::directory_iterator(kDir, ec))
            if (e.path().extension() == ".bin") out.push_back(rigio::io::read_file(e.path().string()).value());
        return out;
    }();
    return f;
}

bool skip_without_corpus(benchmark::State& state) {
    if (!files().empty()) return false;
    state.SkipWithError("../shared/corpus/mrtk/v1.0 not found");
    return true;
}

void BM_MrtkReadBin(benchmark::State& state) {
    if (skip_without_corpus(state)) return;
    std::size_t bytes = 0;
    for (auto _ : state)
        for (const auto& f : files()) {
            auto r = rigio::mrtk::read_bin(f);
            benchmark::DoNotOptimize(r);
            bytes += f.size();
        }
    state.SetBytesProcessed(static_cast<int64_t>(bytes));
}
BENCHMARK(BM_MrtkReadBin)->Unit(benchmark::kMillisecond);

void BM_MrtkWriteBin(benchmark::State& state) {
    if (skip_without_corpus(state)) return;
    std::vector<rigio::mrtk::InputAnimation> recs;
    for (const auto& f : files()) recs.push_back(rigio::mrtk::read_bin(f).value());
    std::size_t bytes = 0;
    for (auto _ : state)
        for (const auto& r : recs) {
            auto out = rigio::mrtk::write_bin(r);
            bytes += out.size();
            benchmark::DoNotOptimize(out);
        }
    state.SetBytesProcessed(static_cast<int64_t>(bytes));
}
BENCHMARK(BM_MrtkWriteBin)->Unit(benchmark::kMillisecond);

void BM_MrtkWriteJson(benchmark::State& state) {
    if (skip_without_corpus(state)) return;
    std::vector<rigio::mrtk::InputAnimation> recs;
    for (const auto& f : files()) recs.push_back(rigio::mrtk::read_bin(f).value());
    std::size_t bytes = 0;
    for (auto _ : state)
        for (const auto& r : recs) {
            auto out = rigio::mrtk::write_json(r);
            bytes += out.size();
            benchmark::DoNotOptimize(out);
        }
    state.SetBytesProcessed(static_cast<int64_t>(bytes));
}
BENCHMARK(BM_MrtkWriteJson)->Unit(benchmark::kMillisecond);

void BM_MrtkReadJson(benchmark::State& state) {
    if (skip_without_corpus(state)) return;
    std::vector<std::string> texts;
    for (const auto& f : files()) texts.push_back(rigio::mrtk::write_json(rigio::mrtk::read_bin(f).value()));
    std::size_t bytes = 0;
    for (auto _ : state)
        for (const auto& t : texts) {
            auto r = rigio::mrtk::read_json(t);
            benchmark::DoNotOptimize(r);
            bytes += t.size();
        }
    state.SetBytesProcessed(static_cast<int64_t>(bytes));
}
BENCHMARK(BM_MrtkReadJson)->Unit(benchmark::kMillisecond);

// One sample = the full playback state (389 curve evaluations for a 1.0 file).
void BM_MrtkEvaluateTwoHands(benchmark::State& state) {
    std::error_code ec;
    if (!std::filesystem::exists(kTwoHands, ec)) {
        state.SkipWithError("two-hand recording not found in ../shared/corpus/mrtk/v1.0");
        return;
    }
    const auto rec = rigio::mrtk::read_bin(rigio::io::read_file(kTwoHands).value()).value();
    const auto times = rigio::mrtk::sample_times(rigio::mrtk::duration(rec), 60.0).value();
    rigio::mrtk::EvaluateOptions opts;
    opts.normalize_rotations = state.range(0) != 0;
    std::size_t samples = 0;
    for (auto _ : state)
        for (float t : times) {
            auto s = rigio::mrtk::evaluate(rec, t, opts);
            benchmark::DoNotOptimize(s);
            ++samples;
        }
    state.SetItemsProcessed(static_cast<int64_t>(samples));
    state.counters["curves_per_sample"] = static_cast<double>(rigio::mrtk::stored_curves(rec).size());
}
BENCHMARK(BM_MrtkEvaluateTwoHands)->Arg(0)->Arg(1)->ArgName("normalize")->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
