// DragonBones JSON -> model, per corpus file (4.0 to 5.6 skeletons read in place from
// ../shared/corpus/dragonbones; skipped when absent): MB/s of JSON text, heap allocations per load, and
// the heap bytes the model holds once read (model_bytes) against the input size (model_per_input).
// The last row ("all") is the whole corpus. Heap use is counted by replacing operator new/delete
// (bench/heap_counting.hpp: model size and allocations of a first read, untimed).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <new>
#include <string>
#include <vector>

#include "heap_counting.hpp"
#include "rigio/dragonbones/json.hpp"
#include "rigio/io/arena.hpp"
#include "rigio/io/file.hpp"

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
    // Model size and heap blocks, measured once outside the timed loop, each read a first one: no spare
    // arena blocks of an earlier read to reuse (io::release_arena_spares; a loop of reads takes fewer).
    rigio::io::release_arena_spares();
    heap::tracking = heap::counting = true;
    for (const DbFile* f : sel) {
        const std::size_t before = heap::live, made = heap::allocations;
        {
            auto d = rigio::dragonbones::read_json(f->text);
            if (!d.ok()) {
                heap::tracking = heap::counting = false;
                state.SkipWithError(d.error().what());
                return;
            }
            model_bytes += static_cast<long>(heap::live - before);
            allocs += static_cast<long>(heap::allocations - made);
            ++loads;
        }
        rigio::io::release_arena_spares();
        input += f->text.size();
    }
    heap::tracking = heap::counting = false;
    for (auto _ : state) {
        for (const DbFile* f : sel) {
            auto d = rigio::dragonbones::read_json(f->text);
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
