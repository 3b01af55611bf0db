// Rendering: frames per second of rigio's software renderer (pose + draw into a canvas, no encoding)
// for mix-and-match-pro `dance` with skin full-skins/girl at 1024x1024, as a 2 s, 30 fps render
// (60 frames per iteration, looping over the animation), and spineboy-pro `run` at 512x512. Peak
// memory (max RSS of the process, MiB) is reported as a counter.
#include <benchmark/benchmark.h>
#include <sys/resource.h>

#include <filesystem>
#include <memory>
#include <string>

#include "rigio/io/file.hpp"
#include "rigio/render/skeleton_renderer.hpp"
#include "rigio/spine/binary.hpp"
#include "rigio/spine/runtime/animation.hpp"
#include "rigio/spine/runtime/data.hpp"

namespace {

namespace rt = rigio::spine::runtime;

struct Scene {
    rigio::spine::SkeletonData sd;
    rt::RuntimeData rd;
    rigio::render::TextureAtlas atlas;
    std::unique_ptr<rigio::render::SkeletonRenderer> renderer;
    int animation = -1, skin = -1;
};

std::unique_ptr<Scene> load(const char* skel, const char* atlas, const char* animation, const char* skin) {
    const std::string dir = std::string(RIGIO_SHARED_DIR) + "/corpus/spine-3.8/";
    if (!std::filesystem::exists(dir + skel) || !std::filesystem::exists(dir + "atlas/" + atlas)) return nullptr;
    auto s = std::make_unique<Scene>();
    s->sd = rigio::spine::read_skel(rigio::io::read_file(dir + skel).value()).value();
    s->rd = rt::prepare(s->sd).value();
    s->atlas = rigio::render::load_texture_atlas(dir + "atlas/" + atlas).value();
    s->renderer = std::make_unique<rigio::render::SkeletonRenderer>(rigio::render::SkeletonRenderer::make(s->rd, s->atlas).value());
    s->animation = s->rd.find_animation(animation);
    if (skin) s->skin = s->rd.find_skin(skin);
    return s;
}

void pose(rt::Skeleton& sk, const Scene& s, float t) {
    sk.set_to_setup_pose();
    rt::apply(s.rd.animations[static_cast<std::size_t>(s.animation)], sk, t, t, true, nullptr, 1);
    sk.update_world_transform();
}

void frames(benchmark::State& state, const char* skel, const char* atlas, const char* animation, const char* skin, int size) {
    static std::unique_ptr<Scene> cache[2];
    auto& scene = cache[size > 512 ? 1 : 0];
    if (!scene) scene = load(skel, atlas, animation, skin);
    if (!scene || scene->animation < 0) {
        state.SkipWithError((std::string("../shared/corpus/spine-3.8/") + skel + " or its atlas not found").c_str());
        return;
    }
    rt::Skeleton sk(scene->rd);
    if (scene->skin >= 0) {
        sk.set_skin(scene->skin);
        sk.set_slots_to_setup_pose();
    }
    // Camera: the animation's bounds fitted into the square with a margin.
    rigio::render::Bounds b;
    for (int k = 0; k < 60; ++k) {
        pose(sk, *scene, static_cast<float>(k) / 30);
        scene->renderer->add_bounds(sk, b);
    }
    const float w = b.max_x - b.min_x, h = b.max_y - b.min_y;
    const float scale = (static_cast<float>(size) - 32) / std::max(w, h);
    const rigio::render::Camera cam{scale, 16 - b.min_x * scale, 16 + b.max_y * scale, size, size};
    rigio::render::Canvas canvas = rigio::render::Canvas::make(size, size).value();
    const std::uint8_t clear[4] = {0, 0, 0, 0};
    long drawn = 0;
    for (auto _ : state) {
        for (int k = 0; k < 60; ++k) {  // 2 s at 30 fps
            pose(sk, *scene, static_cast<float>(k) / 30);
            canvas.clear(clear);
            scene->renderer->draw(sk, cam, canvas);
            benchmark::DoNotOptimize(canvas.pixels.data());
            ++drawn;
        }
    }
    state.counters["frames/s"] = benchmark::Counter(static_cast<double>(drawn), benchmark::Counter::kIsRate);
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    state.counters["peak_MiB"] = static_cast<double>(usage.ru_maxrss) / 1024.0;
}

void BM_RenderMixAndMatchDance1024(benchmark::State& state) {
    frames(state, "mix-and-match-pro.skel", "mix-and-match.atlas", "dance", "full-skins/girl", 1024);
}
void BM_RenderSpineboyRun512(benchmark::State& state) { frames(state, "spineboy-pro.skel", "spineboy.atlas", "run", nullptr, 512); }

BENCHMARK(BM_RenderMixAndMatchDance1024)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_RenderSpineboyRun512)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
