// Spine .skel read and write throughput over the corpus, with heap allocations per load.
#include <benchmark/benchmark.h>

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <new>
#include <vector>

#include "rigio/io/file.hpp"
#include "rigio/spine/binary.hpp"

namespace {
std::atomic<long> g_allocations{0};
}  // namespace

void* operator new(std::size_t n) {
    g_allocations.fetch_add(1, std::memory_order_relaxed);
    if (void* p = std::malloc(n ? n : 1)) return p;
    throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }

namespace {

std::vector<std::vector<std::uint8_t>> corpus() {
    std::vector<std::vector<std::uint8_t>> out;
    std::error_code ec;
    for (const auto& e : std::filesystem::directory_iterator(std::string(RIGIO_SHARED_DIR) + "/corpus/spine-3.8", ec))
        if (e.path().extension() == ".skel") out.push_back(rigio::io::read_file(e.path().string()));
    return out;
}

const std::vector<std::vector<std::uint8_t>>& files() {
    static auto f = corpus();
    return f;
}

void BM_ReadSkel(benchmark::State& state) {
    if (files().empty()) {
        state.SkipWithError("../shared/corpus/spine-3.8 not found");
        return;
    }
    std::size_t bytes = 0;
    long allocs = 0, loads = 0;
    for (auto _ : state) {
        for (const auto& f : files()) {
            long before = g_allocations.load();
            auto sd = rigio::spine::read_skel(f);
            allocs += g_allocations.load() - before;
            ++loads;
            benchmark::DoNotOptimize(sd);
            bytes += f.size();
        }
    }
    state.SetBytesProcessed(static_cast<int64_t>(bytes));
    state.counters["allocs_per_load"] = static_cast<double>(allocs) / static_cast<double>(loads);
}
BENCHMARK(BM_ReadSkel)->Unit(benchmark::kMillisecond);

void BM_WriteSkel(benchmark::State& state) {
    if (files().empty()) {
        state.SkipWithError("../shared/corpus/spine-3.8 not found");
        return;
    }
    std::vector<rigio::spine::SkeletonData> models;
    for (const auto& f : files()) models.push_back(rigio::spine::read_skel(f).value());
    std::size_t bytes = 0;
    for (auto _ : state) {
        for (const auto& m : models) {
            auto out = rigio::spine::write_skel(m);
            bytes += out.size();
            benchmark::DoNotOptimize(out);
        }
    }
    state.SetBytesProcessed(static_cast<int64_t>(bytes));
}
BENCHMARK(BM_WriteSkel)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
