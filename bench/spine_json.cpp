// Spine JSON read and write throughput (MB/s of JSON text) over the 3.8 corpus, and over its largest file,
// mix-and-match-pro.json, alone; and per version (3.7, 3.8, 4.0, 4.1, 4.2) over each version's corpus,
// with the heap allocations per file and the peak heap of the largest file's read, beside simdjson's
// DOM parse alone of the same files (the part of a read no reader built on it can avoid) and On-Demand
// walking every value of them (the case against a reader on On-Demand).
#include <benchmark/benchmark.h>
#include <malloc.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <new>
#include <string>
#include <thread>
#include <vector>

#include <simdjson.h>

#include "heap_counting.hpp"
#include "rigio/io/file.hpp"
#include "rigio/spine/json.hpp"


namespace {

// Allocations and peak heap (bytes) of f() run on a fresh thread: as in a process that reads one file,
// nothing the thread kept from earlier reads (rigio's reused JSON parser) is already there.
struct HeapUse {
    std::size_t allocations = 0, peak = 0;
};
template <class F>
HeapUse heap_of(F&& f) {
    HeapUse use;
    std::thread t([&] {
        heap::counting = heap::tracking = true;
        f();
        use = {heap::allocations, heap::peak};
        heap::counting = heap::tracking = false;
    });
    t.join();
    return use;
}

// A corpus file as io::read_file gives it (with io::kReadPadding bytes after it), read as the CLI
// reads a file: parsed in place (JsonReadOptions::padded).
struct JsonFile {
    std::string name;
    std::vector<std::uint8_t> bytes;
    std::string_view text;  // (bytes; moving the vector keeps its buffer)
};

rigio::Result<rigio::spine::SkeletonData> read(const JsonFile& f) {
    rigio::spine::JsonReadOptions options;
    options.padded = true;
    return rigio::spine::read_json(f.text, options);
}

std::vector<JsonFile> corpus(const std::string& version = "3.8") {
    std::vector<JsonFile> out;
    std::error_code ec;
    for (const auto& e : std::filesystem::directory_iterator(std::string(RIGIO_SHARED_DIR) + "/corpus/spine-" + version, ec)) {
        if (e.path().extension() != ".json") continue;
        auto bytes = rigio::io::read_file(e.path().string()).value();
        const std::string_view text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
        out.push_back({e.path().filename().string(), std::move(bytes), text});
    }
    return out;
}

const std::vector<JsonFile>& files() {
    static auto f = corpus();
    return f;
}

// All corpus files (arg 0) or only mix-and-match-pro.json (arg 1).
std::vector<const JsonFile*> selection(const benchmark::State& state) {
    std::vector<const JsonFile*> out;
    for (const auto& f : files())
        if (state.range(0) == 0 || f.name == "mix-and-match-pro.json") out.push_back(&f);
    return out;
}

void BM_ReadJson(benchmark::State& state) {
    auto sel = selection(state);
    if (sel.empty()) {
        state.SkipWithError("../shared/corpus/spine-3.8 not found");
        return;
    }
    std::size_t bytes = 0;
    for (auto _ : state) {
        for (const JsonFile* f : sel) {
            auto sd = read(*f);
            if (!sd.ok()) state.SkipWithError(sd.error().what());
            benchmark::DoNotOptimize(sd);
            bytes += f->text.size();
        }
    }
    state.SetBytesProcessed(static_cast<int64_t>(bytes));
}
BENCHMARK(BM_ReadJson)->Arg(0)->Arg(1)->ArgName("largest_only")->Unit(benchmark::kMillisecond);

void BM_WriteJson(benchmark::State& state) {
    auto sel = selection(state);
    if (sel.empty()) {
        state.SkipWithError("../shared/corpus/spine-3.8 not found");
        return;
    }
    std::vector<rigio::spine::SkeletonData> models;
    for (const JsonFile* f : sel) models.push_back(read(*f).value());
    std::size_t bytes = 0;
    for (auto _ : state) {
        for (const auto& m : models) {
            auto out = rigio::spine::write_json(m).value();
            bytes += out.size();
            benchmark::DoNotOptimize(out);
        }
    }
    state.SetBytesProcessed(static_cast<int64_t>(bytes));
}
BENCHMARK(BM_WriteJson)->Arg(0)->Arg(1)->ArgName("largest_only")->Unit(benchmark::kMillisecond);

// Per version: arg 0..4 = 3.7, 3.8, 4.0, 4.1, 4.2 (the whole corpus folder of that version).
constexpr const char* kVersions[] = {"3.7", "3.8", "4.0", "4.1", "4.2"};

const std::vector<JsonFile>& version_files(const benchmark::State& state) {
    static std::vector<JsonFile> cache[std::size(kVersions)];
    static bool loaded[std::size(kVersions)] = {};
    const auto v = static_cast<std::size_t>(state.range(0));
    if (!loaded[v]) cache[v] = corpus(kVersions[v]), loaded[v] = true;
    return cache[v];
}

void BM_ReadJsonVersion(benchmark::State& state) {
    const auto& files = version_files(state);
    state.SetLabel(std::string("Spine ") + kVersions[state.range(0)]);
    if (files.empty()) {
        state.SkipWithError("../shared/corpus/spine-<version> not found");
        return;
    }
    std::size_t bytes = 0;
    for (auto _ : state) {
        for (const JsonFile& f : files) {
            auto sd = read(f);
            if (!sd.ok()) state.SkipWithError(sd.error().what());
            benchmark::DoNotOptimize(sd);
            bytes += f.text.size();
        }
    }
    state.SetBytesProcessed(static_cast<int64_t>(bytes));
    // Outside the timed loop: heap allocations per file (the average) and the peak heap of reading the
    // version's largest file.
    std::size_t allocations = 0;
    for (const JsonFile& f : files) allocations += heap_of([&] { benchmark::DoNotOptimize(read(f)); }).allocations;
    const JsonFile& largest = *std::max_element(files.begin(), files.end(),
                                                [](const JsonFile& a, const JsonFile& b) { return a.text.size() < b.text.size(); });
    const HeapUse use = heap_of([&] { benchmark::DoNotOptimize(read(largest)); });
    state.counters["allocs_per_file"] = static_cast<double>(allocations) / static_cast<double>(files.size());
    state.counters["largest_KB"] = static_cast<double>(largest.text.size()) / 1024.0;
    state.counters["largest_peak_heap_MB"] = static_cast<double>(use.peak) / (1024.0 * 1024.0);
}
BENCHMARK(BM_ReadJsonVersion)->DenseRange(0, 4)->ArgName("version")->Unit(benchmark::kMillisecond);

// The yardstick for BM_ReadJsonVersion: simdjson's DOM parse alone of the same files (one reused
// parser, the text copied into its padded buffer, as rigio's reader does), building no model.
void BM_ParseJsonVersion(benchmark::State& state) {
    const auto& files = version_files(state);
    state.SetLabel(std::string("Spine ") + kVersions[state.range(0)] + ", simdjson DOM parse only");
    if (files.empty()) {
        state.SkipWithError("../shared/corpus/spine-<version> not found");
        return;
    }
    simdjson::dom::parser parser;
    std::size_t bytes = 0;
    for (auto _ : state) {
        for (const JsonFile& f : files) {
            auto doc = parser.parse(f.text.data(), f.text.size(), false);  // (in place, as read() parses)
            if (doc.error()) state.SkipWithError(simdjson::error_message(doc.error()));
            benchmark::DoNotOptimize(doc);
            bytes += f.text.size();
        }
    }
    state.SetBytesProcessed(static_cast<int64_t>(bytes));
}
BENCHMARK(BM_ParseJsonVersion)->DenseRange(0, 4)->ArgName("version")->Unit(benchmark::kMillisecond);

// The case for (or against) a reader on simdjson's On-Demand API instead of its DOM: On-Demand walking
// every value of the same files (keys and strings left raw, numbers read as doubles), building nothing.
// Were it well under the DOM parse's time, a reader on it could save the tape's writing and reading; it
// is not (about 0.9x the DOM's speed on the corpus). Here it also runs on simdjson's builtin kernel,
// which for a build at the x86-64 baseline, as rigio's, is the portable (non-SIMD) one: the Debian
// package's On-Demand has no runtime dispatch, unlike its DOM parser.
simdjson::error_code walk(simdjson::ondemand::value v, double& numbers) {
    using simdjson::ondemand::json_type;
    json_type type;
    if (auto e = v.type().get(type)) return e;
    switch (type) {
        case json_type::object: {
            simdjson::ondemand::object o;
            if (auto e = v.get_object().get(o)) return e;
            for (auto field : o) {
                simdjson::ondemand::raw_json_string key;
                simdjson::ondemand::value x;
                if (auto e = field.key().get(key)) return e;
                if (auto e = field.value().get(x)) return e;
                if (auto e = walk(x, numbers)) return e;
            }
            return simdjson::SUCCESS;
        }
        case json_type::array: {
            simdjson::ondemand::array a;
            if (auto e = v.get_array().get(a)) return e;
            for (auto element : a) {
                simdjson::ondemand::value x;
                if (auto e = element.get(x)) return e;
                if (auto e = walk(x, numbers)) return e;
            }
            return simdjson::SUCCESS;
        }
        case json_type::number: {
            double d;
            if (auto e = v.get_double().get(d)) return e;
            numbers += d;
            return simdjson::SUCCESS;
        }
        case json_type::string: {
            simdjson::ondemand::raw_json_string raw;
            return v.get_raw_json_string().get(raw);
        }
        case json_type::boolean: {
            bool b;
            return v.get_bool().get(b);
        }
        case json_type::null: return simdjson::SUCCESS;
    }
    return simdjson::SUCCESS;
}

void BM_OnDemandWalkJsonVersion(benchmark::State& state) {
    const auto& files = version_files(state);
    state.SetLabel(std::string("Spine ") + kVersions[state.range(0)] + ", simdjson On-Demand walk (" +
                   std::string(simdjson::builtin_implementation()->name()) + " kernel)");
    if (files.empty()) {
        state.SkipWithError("../shared/corpus/spine-<version> not found");
        return;
    }
    simdjson::ondemand::parser parser;
    std::size_t bytes = 0;
    double numbers = 0;
    for (auto _ : state) {
        for (const JsonFile& f : files) {
            auto doc = parser.iterate(f.text.data(), f.text.size(), f.text.size() + simdjson::SIMDJSON_PADDING);
            simdjson::ondemand::value root;
            simdjson::error_code e = doc.get_value().get(root);
            if (!e) e = walk(root, numbers);
            if (e) state.SkipWithError(simdjson::error_message(e));
            bytes += f.text.size();
        }
    }
    benchmark::DoNotOptimize(numbers);
    state.SetBytesProcessed(static_cast<int64_t>(bytes));
}
BENCHMARK(BM_OnDemandWalkJsonVersion)->DenseRange(0, 4)->ArgName("version")->Unit(benchmark::kMillisecond);

void BM_WriteJsonVersion(benchmark::State& state) {
    const auto& files = version_files(state);
    state.SetLabel(std::string("Spine ") + kVersions[state.range(0)]);
    if (files.empty()) {
        state.SkipWithError("../shared/corpus/spine-<version> not found");
        return;
    }
    std::vector<rigio::spine::SkeletonData> models;
    for (const JsonFile& f : files) models.push_back(read(f).value());
    std::size_t bytes = 0;
    for (auto _ : state) {
        for (const auto& m : models) {
            auto out = rigio::spine::write_json(m).value();
            bytes += out.size();
            benchmark::DoNotOptimize(out);
        }
    }
    state.SetBytesProcessed(static_cast<int64_t>(bytes));
}
BENCHMARK(BM_WriteJsonVersion)->DenseRange(0, 4)->ArgName("version")->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
