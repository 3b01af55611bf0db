// DragonBones JSON -> model, per corpus file (4.0 to 5.6 skeletons read in place from
// ../shared/corpus/dragonbones; skipped when absent): MB/s of JSON text, heap allocations per load, and
// the heap bytes the model holds once read (model_bytes) against the input size (model_per_input).
// The last row ("all") is the whole corpus. Heap use is counted by replacing operator new/delete.
#include <benchmark/benchmark.h>
#include <malloc.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <new>
#include <string>
#include <vector>

#include "rigio/dragonbones/json.hpp"
#include "rigio/io/file.hpp"

namespace {
std::atomic<long> g_allocations{0};
std::atomic<long> g_live_bytes{0};  // bytes held by live allocations (malloc_usable_size)
}  // namespace

void* operator new(std::size_t n) {
    void* p = std::malloc(n ? n : 1);
    if (!p) throw std::bad_alloc();
    g_allocations.fetch_add(1, std::memory_order_relaxed);
    g_live_bytes.fetch_add(static_cast<long>(malloc_usable_size(p)), std::memory_order_relaxed);
    return p;
}
namespace {
void release(void* p) noexcept {
    if (p) g_live_bytes.fetch_sub(static_cast<long>(malloc_usable_size(p)), std::memory_order_relaxed);
    std::free(p);
}
}  // namespace
void operator delete(void* p) noexcept { release(p); }
void operator delete(void* p, std::size_t) noexcept { release(p); }

namespace {

struct DbFile {
    std::string name, text;
};

std::vector<DbFile> corpus() {
    std::vector<DbFile> out;
    std::error_code ec;
    for (const char* v : {"4.0", "4.5", "5.0", "5.5", "5.6"})
        for (const auto& e : std::filesystem::directory_iterator(std::string(RIGIO_SHARED_DIR) + "/corpus/dragonbones/" + v, ec)) {
            const std::string name = e.path().filename().string();
            if (e.path().extension() != ".json" || name.find("_tex") != std::string::npos || name.find("texture") != std::string::npos)
                continue;
            auto bytes = rigio::io::read_file(e.path().string()).value();
            std::string text(bytes.begin(), bytes.end());
            if (rigio::dragonbones::looks_like_dragonbones_json(text)) out.push_back({std::string(v) + "/" + name, std::move(text)});
        }
    std::sort(out.begin(), out.end(), [](const DbFile& a, const DbFile& b) { return a.name < b.name; });
    return out;
}

void read_files(benchmark::State& state, std::vector<const DbFile*> sel) {
    std::size_t bytes = 0, input = 0;
    long allocs = 0, loads = 0, model_bytes = 0;
    // One read first: it grows the thread's spare simdjson parser (json_input.cpp), whose buffers are
    // allocated with new[] and would otherwise count as the model's bytes of the file that grew it.
    for (const DbFile* f : sel) benchmark::DoNotOptimize(rigio::dragonbones::read_json(f->text));
    for (const DbFile* f : sel) {  // model size, measured once outside the timed loop
        const long before = g_live_bytes.load();
        auto d = rigio::dragonbones::read_json(f->text);
        if (!d.ok()) {
            state.SkipWithError(d.error().what());
            return;
        }
        model_bytes += g_live_bytes.load() - before;
        input += f->text.size();
    }
    for (auto _ : state) {
        for (const DbFile* f : sel) {
            const long before = g_allocations.load();
            auto d = rigio::dragonbones::read_json(f->text);
            allocs += g_allocations.load() - before;
            ++loads;
            benchmark::DoNotOptimize(d);
            bytes += f->text.size();
        }
    }
    state.SetBytesProcessed(static_cast<int64_t>(bytes));
    state.counters["allocs_per_load"] = static_cast<double>(allocs) / static_cast<double>(loads);
    state.counters["input_bytes"] = static_cast<double>(input);
    state.counters["model_bytes"] = static_cast<double>(model_bytes);
    state.counters["model_per_input"] = static_cast<double>(model_bytes) / static_cast<double>(input);
}

}  // namespace

int main(int argc, char** argv) {
    static const std::vector<DbFile> files = corpus();
    if (files.empty()) {
        benchmark::RegisterBenchmark("BM_DragonBonesFile", [](benchmark::State& state) {
            state.SkipWithError("../shared/corpus/dragonbones not found");
        });
    } else {
        std::vector<const DbFile*> all;
        for (const DbFile& f : files) {
            all.push_back(&f);
            benchmark::RegisterBenchmark(("BM_DragonBonesFile/" + f.name).c_str(),
                                         [&f](benchmark::State& state) { read_files(state, {&f}); })
                ->Unit(benchmark::kMillisecond);
        }
        benchmark::RegisterBenchmark("BM_DragonBonesFile/all", [all](benchmark::State& state) { read_files(state, all); })
            ->Unit(benchmark::kMillisecond);
    }
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
