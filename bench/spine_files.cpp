// Spine, per corpus file and per version (3.7 to 4.2, read in place from ../shared/corpus; skipped when
// absent). One row per file and measure:
//   BM_SpineRead/VERSION/FILE      .skel or JSON -> model: MB/s, heap allocations per load, the peak
//                                  heap of one read (peak_heap) and what the model keeps (model_bytes)
//   BM_SpinePlayable/VERSION/FILE  .skel -> ready to play (read + runtime::prepare): MB/s, allocations,
//                                  the heap the runtime data keeps besides the model (prepared_bytes)
//   BM_SpineParse/VERSION/FILE     JSON only: simdjson's DOM parse alone of the same bytes (one reused
//                                  parser, in place), the yardstick of the JSON read
//   BM_SpinePoses/VERSION/FILE     poses/s over every animation (skin_rule's skin, 97 times per
//                                  animation; setup pose, apply, world transforms, every slot's world
//                                  vertices), allocations per pose (expected 0)
// and an "all" row per version and measure for the whole corpus. Heap use is counted by replacing
// operator new/delete, on the measuring thread only. Allocations per load are each load's own (no spare
// arena blocks of an earlier read reused: a loop of reads takes fewer); peak and model bytes come from a
// read on a fresh thread, as in a process that reads one file (rigio's per-thread JSON parser not yet there).
#include <benchmark/benchmark.h>
#include <malloc.h>
#include <simdjson.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <new>
#include <string>
#include <thread>
#include <vector>

#include "heap_counting.hpp"
#include "rigio/io/arena.hpp"
#include "rigio/io/file.hpp"
#include "rigio/spine/binary.hpp"
#include "rigio/spine/json.hpp"
#include "rigio/spine/runtime/animation.hpp"
#include "rigio/spine/runtime/data.hpp"
#include "rigio/spine/runtime/skeleton.hpp"
#include "rigio/spine/runtime/vertices.hpp"

namespace {

using namespace rigio::spine;
namespace rt = rigio::spine::runtime;

struct SpineFile {
    std::string version, name;
    bool binary = false;
    std::vector<std::uint8_t> bytes;
};

const char* const kVersions[] = {"3.7", "3.8", "4.0", "4.1", "4.2"};

std::vector<SpineFile> corpus() {
    std::vector<SpineFile> out;
    for (const char* v : kVersions) {
        std::error_code ec;
        for (const auto& e : std::filesystem::directory_iterator(std::string(RIGIO_SHARED_DIR) + "/corpus/spine-" + v, ec)) {
            const auto ext = e.path().extension();
            if (ext != ".skel" && ext != ".json") continue;
            auto bytes = rigio::io::read_file(e.path().string());
            if (bytes) out.push_back({v, e.path().filename().string(), ext == ".skel", std::move(bytes).value()});
        }
    }
    std::sort(out.begin(), out.end(), [](const SpineFile& a, const SpineFile& b) {
        return a.version != b.version ? a.version < b.version : a.name < b.name;
    });
    return out;
}

// As the CLI reads a file: JSON parsed in place (the bytes are io::read_file's, padded after their end).
rigio::Result<SkeletonData> read(const SpineFile& f) {
    if (f.binary) return read_skel(f.bytes);
    rigio::spine::JsonReadOptions options;
    options.padded = true;
    return read_json(std::string_view(reinterpret_cast<const char*>(f.bytes.data()), f.bytes.size()), options);
}

// The objects of a skeleton that a loader holding each one in a heap block of its own allocates at
// least: bones, slots, constraints, event definitions, skins, skin attachments, animations and
// timelines (one per timeline, not per key). Names, key arrays and lists are not counted, so this
// is a lower bound for such a loader's allocations per load, and a yardstick for rigio's.
std::size_t object_count(const SkeletonData& sd) {
    std::size_t n = sd.bones.size() + sd.slots.size() + sd.ik.size() + sd.transform.size() + sd.path.size() + sd.physics.size() +
                    sd.events.size() + sd.skins.size() + sd.animations.size();
    for (const Skin& skin : sd.skins)
        for (const SkinSlot& slot : skin.slots) n += slot.attachments.size();
    for (const Animation& a : sd.animations) {
        for (const SlotTimelines& s : a.slots) n += s.timelines.size();
        for (const BoneTimelines& b : a.bones) n += b.timelines.size();
        for (const PathTimelines& p : a.path) n += p.timelines.size();
        for (const PhysicsTimelines& p : a.physics) n += p.timelines.size();
        for (const DeformSkin& skin : a.deform)
            for (const DeformSlot& slot : skin.slots) n += slot.timelines.size();
        n += a.ik.size() + a.transform.size() + (a.draw_order.empty() ? 0 : 1) + (a.events.empty() ? 0 : 1);
    }
    return n;
}

// Peak heap and the heap the model keeps of one read, on a fresh thread.
struct HeapUse {
    std::size_t peak = 0, model = 0;
    bool ok = false;
};
HeapUse heap_of_read(const SpineFile& f) {
    HeapUse use;
    std::thread t([&] {
        heap::counting = heap::tracking = true;
        std::size_t with_model = 0;
        {
            auto sd = read(f);
            use.ok = sd.ok();
            with_model = heap::live;
        }
        rigio::io::release_arena_spares();  // (the model's arena blocks, kept for a next read)
        use.model = with_model - std::min(with_model, heap::live);  // what the reader keeps (its reused JSON parser) is not the model's
        use.peak = heap::peak;
        heap::counting = heap::tracking = false;
    });
    t.join();
    return use;
}

// The JSON read's yardstick: simdjson's DOM parse of the same bytes, nothing built from it.
void parse_files(benchmark::State& state, const std::vector<const SpineFile*>& sel) {
    simdjson::dom::parser parser;
    std::size_t input = 0;
    for (const SpineFile* f : sel) input += f->bytes.size();
    for (auto _ : state)
        for (const SpineFile* f : sel) {
            auto doc = parser.parse(f->bytes.data(), f->bytes.size(), false);  // (in place, as read() parses)
            if (doc.error()) state.SkipWithError(simdjson::error_message(doc.error()));
            benchmark::DoNotOptimize(doc);
        }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * input));
}

void read_files(benchmark::State& state, const std::vector<const SpineFile*>& sel) {
    std::size_t input = 0, peak = 0, model = 0, objects = 0;
    for (const SpineFile* f : sel) {
        const HeapUse use = heap_of_read(*f);
        auto sd = read(*f);
        if (!use.ok || !sd) {
            state.SkipWithError((f->name + " does not read").c_str());
            return;
        }
        objects += object_count(*sd);
        peak = std::max(peak, use.peak);
        model += use.model;
        input += f->bytes.size();
    }
    for (auto _ : state)
        for (const SpineFile* f : sel) {
            auto sd = read(*f);
            benchmark::DoNotOptimize(sd);
        }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * input));
    // Heap blocks per read, each read's own: none of the arena blocks an earlier read left to reuse
    // (a loop of reads reuses them and takes fewer), the thread's JSON parser already grown.
    std::size_t allocations = 0;
    for (const SpineFile* f : sel) {
        rigio::io::release_arena_spares();
        heap::counting = true;
        const std::size_t before = heap::allocations;
        benchmark::DoNotOptimize(read(*f));
        allocations += heap::allocations - before;
        heap::counting = false;
    }
    // Objects per load (object_count) and blocks per object.
    const double files = static_cast<double>(sel.size());
    state.counters["allocs_per_load"] = static_cast<double>(allocations) / files;
    state.counters["objects"] = static_cast<double>(objects) / files;
    state.counters["allocs_per_object"] = static_cast<double>(allocations) / static_cast<double>(objects);
    state.counters["input_bytes"] = static_cast<double>(input);
    state.counters["peak_heap"] = static_cast<double>(peak);
    state.counters["model_bytes"] = static_cast<double>(model);
    state.counters["model_per_input"] = static_cast<double>(model) / static_cast<double>(input);
}

// The heap the runtime data of one read keeps (what runtime::prepare adds to the model), on a fresh
// thread; 0 when the file does not read or prepare.
std::size_t heap_of_prepare(const SpineFile& f) {
    std::size_t kept = 0;
    std::thread t([&] {
        heap::counting = heap::tracking = true;
        auto sd = read(f);
        if (sd) {
            rigio::io::release_arena_spares();
            const std::size_t before = heap::live;
            auto rd = rt::prepare(*sd);
            if (rd) kept = heap::live - std::min(before, heap::live);
        }
        heap::counting = heap::tracking = false;
    });
    t.join();
    return kept;
}

void playable_files(benchmark::State& state, const std::vector<const SpineFile*>& sel) {
    std::size_t input = 0, allocations = 0, prepared = 0;
    for (const SpineFile* f : sel) {  // heap blocks per load, its own (no spare arena blocks of an earlier one)
        input += f->bytes.size();
        prepared += heap_of_prepare(*f);
        rigio::io::release_arena_spares();
        heap::counting = true;
        const std::size_t before = heap::allocations;
        {
            auto sd = read(*f);
            if (!sd) {
                heap::counting = false;
                state.SkipWithError((f->name + " does not read").c_str());
                return;
            }
            auto rd = rt::prepare(*sd);
            benchmark::DoNotOptimize(rd);
        }
        allocations += heap::allocations - before;
        heap::counting = false;
    }
    for (auto _ : state)
        for (const SpineFile* f : sel) {
            auto sd = read(*f);
            auto rd = rt::prepare(*sd);
            benchmark::DoNotOptimize(rd);
        }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * input));
    state.counters["allocs_per_load"] = static_cast<double>(allocations) / static_cast<double>(sel.size());
    // What the runtime data keeps besides the model, per byte of input.
    state.counters["prepared_bytes"] = static_cast<double>(prepared);
    state.counters["prepared_per_input"] = static_cast<double>(prepared) / static_cast<double>(input);
}

// A skeleton ready to pose, with the times to sample: 97 per animation (not a divisor of typical key
// spacing), every animation in file order.
struct Posable {
    SkeletonData sd;
    std::unique_ptr<rt::RuntimeData> rd;
    std::unique_ptr<rt::Skeleton> skeleton;
    std::vector<std::pair<const rt::AnimationInfo*, float>> samples;
    std::vector<float> buffer;
};

std::unique_ptr<Posable> posable(const SpineFile& f) {
    auto p = std::make_unique<Posable>();
    auto sd = read(f);
    if (!sd) return nullptr;
    p->sd = std::move(sd).value();
    auto rd = rt::prepare(p->sd);
    if (!rd) return nullptr;
    p->rd = std::make_unique<rt::RuntimeData>(std::move(rd).value());
    p->skeleton = std::make_unique<rt::Skeleton>(*p->rd);
    if (const int skin = rt::skin_rule(*p->rd); skin >= 0) {
        p->skeleton->set_skin(skin);
        p->skeleton->set_slots_to_setup_pose();
    }
    for (const rt::AnimationInfo& a : p->rd->animations)
        for (int i = 0; i < 97; ++i) p->samples.emplace_back(&a, a.duration * static_cast<float>(i) / 97);
    p->buffer.resize(static_cast<std::size_t>(std::max(p->rd->max_world_vertices, 0)));
    return p;
}

void pose_files(benchmark::State& state, const std::vector<const SpineFile*>& sel) {
    std::vector<std::unique_ptr<Posable>> skeletons;
    std::size_t samples = 0;
    for (const SpineFile* f : sel) {
        skeletons.push_back(posable(*f));
        if (!skeletons.back()) {
            state.SkipWithError((f->name + " does not play").c_str());
            return;
        }
        samples += skeletons.back()->samples.size();
    }
    if (samples == 0) {
        state.SkipWithError("no animation");
        return;
    }
    heap::counting = true;
    const std::size_t before = heap::allocations;
    for (auto _ : state)
        for (auto& p : skeletons) {
            rt::Skeleton& sk = *p->skeleton;
            for (const auto& [animation, t] : p->samples) {
                sk.set_to_setup_pose();
                rt::apply(*animation, sk, t, t, false, nullptr, 1);
                sk.update_world_transform();
                for (int slot : sk.draw_order) benchmark::DoNotOptimize(rt::slot_world_vertices(sk, slot, p->buffer.data()));
            }
        }
    const std::size_t allocations = heap::allocations - before;
    heap::counting = false;
    const double poses = static_cast<double>(state.iterations()) * static_cast<double>(samples);
    state.counters["poses/s"] = benchmark::Counter(poses, benchmark::Counter::kIsRate);
    state.counters["allocs_per_pose"] = static_cast<double>(allocations) / poses;
}

template <class F>
void add(const std::string& name, std::vector<const SpineFile*> sel, F measure) {
    benchmark::RegisterBenchmark(name.c_str(), [sel, measure](benchmark::State& state) { measure(state, sel); })
        ->Unit(benchmark::kMillisecond);
}

}  // namespace

int main(int argc, char** argv) {
    static const std::vector<SpineFile> files = corpus();
    if (files.empty()) {
        benchmark::RegisterBenchmark("BM_SpineRead", [](benchmark::State& state) {
            state.SkipWithError("../shared/corpus/spine-* not found");
        });
    }
    for (const char* v : kVersions) {
        std::vector<const SpineFile*> skel, json;
        for (const SpineFile& f : files) {
            if (f.version != v) continue;
            (f.binary ? skel : json).push_back(&f);
            add("BM_SpineRead/" + f.version + "/" + f.name, {&f}, read_files);
            if (!f.binary) add("BM_SpineParse/" + f.version + "/" + f.name, {&f}, parse_files);
            if (f.binary) {
                add("BM_SpinePlayable/" + f.version + "/" + f.name, {&f}, playable_files);
                add("BM_SpinePoses/" + f.version + "/" + f.name, {&f}, pose_files);
            }
        }
        if (skel.empty()) continue;
        add(std::string("BM_SpineRead/") + v + "/all.skel", skel, read_files);
        add(std::string("BM_SpineRead/") + v + "/all.json", json, read_files);
        add(std::string("BM_SpineParse/") + v + "/all.json", json, parse_files);
        add(std::string("BM_SpinePlayable/") + v + "/all.skel", skel, playable_files);
        add(std::string("BM_SpinePoses/") + v + "/all", skel, pose_files);
    }
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
