// Spine .skel read and write throughput over the 3.8 corpus, with heap allocations per load; and per
// version (3.7, 3.8, 4.0, 4.1, 4.2) over each version's corpus, read in place from ../shared.
#include <benchmark/benchmark.h>

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <iterator>
#include <new>
#include <string>
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

std::vector<std::vector<std::uint8_t>> corpus(const std::string& version = "3.8") {
    std::vector<std::vector<std::uint8_t>> out;
    std::error_code ec;
    for (const auto& e : std::filesystem::directory_iterator(std::string(RIGIO_SHARED_DIR) + "/corpus/spine-" + version, ec))
        if (e.path().extension() == ".skel") out.push_back(rigio::io::read_file(e.path().string()).value());
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
    // (In this loop each read reuses the arena blocks of the one before: bench_spine_files counts a first read's.)
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
            auto out = rigio::spine::write_skel(m).value();
            bytes += out.size();
            benchmark::DoNotOptimize(out);
        }
    }
    state.SetBytesProcessed(static_cast<int64_t>(bytes));
}
BENCHMARK(BM_WriteSkel)->Unit(benchmark::kMillisecond);

// Per version: arg 0..4 = 3.7, 3.8, 4.0, 4.1, 4.2 (every .skel of that version's corpus folder).
constexpr const char* kVersions[] = {"3.7", "3.8", "4.0", "4.1", "4.2"};

const std::vector<std::vector<std::uint8_t>>& version_files(const benchmark::State& state) {
    static std::vector<std::vector<std::uint8_t>> cache[std::size(kVersions)];
    static bool loaded[std::size(kVersions)] = {};
    const auto v = static_cast<std::size_t>(state.range(0));
    if (!loaded[v]) cache[v] = corpus(kVersions[v]), loaded[v] = true;
    return cache[v];
}

void BM_ReadSkelVersion(benchmark::State& state) {
    const auto& files = version_files(state);
    state.SetLabel(std::string("Spine ") + kVersions[state.range(0)]);
    if (files.empty()) {
        state.SkipWithError("../shared/corpus/spine-<version> not found");
        return;
    }
    std::size_t bytes = 0;
    for (auto _ : state) {
        for (const auto& f : files) {
            auto sd = rigio::spine::read_skel(f);
            if (!sd.ok()) state.SkipWithError(sd.error().what());
            benchmark::DoNotOptimize(sd);
            bytes += f.size();
        }
    }
    state.SetBytesProcessed(static_cast<int64_t>(bytes));
}
BENCHMARK(BM_ReadSkelVersion)->DenseRange(0, 4)->ArgName("version")->Unit(benchmark::kMillisecond);

void BM_WriteSkelVersion(benchmark::State& state) {
    const auto& files = version_files(state);
    state.SetLabel(std::string("Spine ") + kVersions[state.range(0)]);
    if (files.empty()) {
        state.SkipWithError("../shared/corpus/spine-<version> not found");
        return;
    }
    std::vector<rigio::spine::SkeletonData> models;
    for (const auto& f : files) models.push_back(rigio::spine::read_skel(f).value());
    std::size_t bytes = 0;
    for (auto _ : state) {
        for (const auto& m : models) {
            auto out = rigio::spine::write_skel(m).value();
            bytes += out.size();
            benchmark::DoNotOptimize(out);
        }
    }
    state.SetBytesProcessed(static_cast<int64_t>(bytes));
}
BENCHMARK(BM_WriteSkelVersion)->DenseRange(0, 4)->ArgName("version")->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
