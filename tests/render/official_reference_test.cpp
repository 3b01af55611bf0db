// rigio's renderer against images of the official spine-cpp + spine-sfml renderer
// (../shared/golden/render, README there): a few 3.8 scenes covering regions and meshes, clipping with
// additive blending, multiply with a straight atlas, and a premultiplied atlas; 4.2 scenes with
// sequences (a region per frame) and with physics constraints posed without physics. Compared with the rule
// of ../shared/checks/lib/rendercmp.py (areas, not edge lines: 3x3-eroded differences above 32/255 at
// most 8 pixels, above 16/255 at most 100, mean colour bias within 1.5/255; colour ignored inside the
// reference's exempt mask). The acceptance check runs all 42 3.8 references through the CLI.
#include <gtest/gtest.h>

#include <cmath>

#include "rigio/io/file.hpp"
#include "rigio/render/skeleton_renderer.hpp"
#include "rigio/spine/binary.hpp"
#include "rigio/spine/runtime/animation.hpp"
#include "support/shared.hpp"

using namespace rigio;
namespace rt = rigio::spine::runtime;

namespace {

struct Scene {
    const char* skel;
    const char* atlas;
    const char* animation;
    float time;  // the exact float32 of the manifest
    float scale, x, y;
    int width, height;
    bool pma;
    const char* reference;  // under golden/render/spine-VERSION/
    bool exempt;
    const char* version = "3.8";
};

struct Verdict {
    int core32 = 0, core16 = 0;
    double bias = 0;
};

Verdict compare(const atlas::Image& ref, const atlas::Image& test, const std::vector<std::uint8_t>* exempt) {
    const int w = ref.width, h = ref.height;
    std::vector<double> d(static_cast<std::size_t>(w) * static_cast<std::size_t>(h));
    double bias_sum = 0;
    long bias_n = 0;
    for (std::size_t i = 0; i < d.size(); ++i) {
        const std::uint8_t* r = &ref.rgba[i * 4];
        const std::uint8_t* t = &test.rgba[i * 4];
        double worst = std::fabs(static_cast<double>(r[3]) - t[3]), mean = 0;
        const bool ex = exempt && (*exempt)[i * 4] > 0;
        for (int c = 0; c < 3; ++c) {
            const double pr = r[c] * (r[3] / 255.0), pt = t[c] * (t[3] / 255.0);
            if (!ex) worst = std::max(worst, std::fabs(pr - pt));
            mean += (pt - pr) / 3;
        }
        d[i] = worst;
        if ((r[3] > 0 || t[3] > 0) && !ex) {
            bias_sum += mean;
            ++bias_n;
        }
    }
    auto core = [&](double level) {
        int n = 0;
        for (int y = 1; y + 1 < h; ++y)
            for (int x = 1; x + 1 < w; ++x) {
                bool all = true;
                for (int dy = -1; dy <= 1 && all; ++dy)
                    for (int dx = -1; dx <= 1 && all; ++dx) all = d[static_cast<std::size_t>((y + dy) * w + x + dx)] > level;
                n += all;
            }
        return n;
    };
    return {core(32), core(16), bias_n ? bias_sum / static_cast<double>(bias_n) : 0};
}

void expect_matches(const Scene& s) {
    const auto root = rigio::test::shared_dir();
    const std::string version = std::string("spine-") + s.version;
    const auto ref_path = root / "golden/render" / version / s.reference;
    if (!std::filesystem::exists(ref_path)) GTEST_SKIP() << "../shared/golden/render not found: reference test skipped";
    const auto sd = spine::read_skel(io::read_file((root / "corpus" / version / s.skel).string()).value());
    ASSERT_TRUE(sd.ok()) << sd.error().what();
    const rt::RuntimeData data = rt::prepare(sd.value()).value();
    render::TextureAtlas tex = render::load_texture_atlas((root / "corpus" / version / "atlas" / s.atlas).string()).value();
    tex.premultiplied = s.pma;
    const render::SkeletonRenderer renderer = render::SkeletonRenderer::make(data, tex).value();
    rt::Skeleton sk(data);
    sk.set_to_setup_pose();
    rt::apply(data.animations[static_cast<std::size_t>(data.find_animation(s.animation))], sk, s.time, s.time, false, nullptr, 1);
    sk.update_world_transform();
    render::Canvas canvas = render::Canvas::make(s.width, s.height).value();
    renderer.draw(sk, render::Camera{s.scale, s.x, s.y, s.width, s.height}, canvas);
    const atlas::Image ref = atlas::decode_png(io::read_file(ref_path.string()).value(), s.reference).value();
    std::vector<std::uint8_t> mask;
    if (s.exempt) {
        std::string name = s.reference;
        name.replace(name.size() - 4, 4, ".exempt.png");
        mask = atlas::decode_png(io::read_file((root / "golden/render" / version / name).string()).value(), name).value().rgba;
    }
    const Verdict v = compare(ref, canvas.to_image(), s.exempt ? &mask : nullptr);
    EXPECT_LE(v.core32, 8) << s.reference;
    EXPECT_LE(v.core16, 100) << s.reference;
    EXPECT_LE(std::fabs(v.bias), 1.5) << s.reference;
    std::printf("%s: core(32) %d, core(16) %d, bias %+.3f/255\n", s.reference, v.core32, v.core16, v.bias);
}

}  // namespace

TEST(OfficialReference, SpineboyRunRegionsAndMeshes) {
    expect_matches({"spineboy-pro.skel", "spineboy.atlas", "run", 0.423999995f, 0.6875f, 227, 486, 512, 512, false, "spineboy-pro.run.t1.png", false});
}

TEST(OfficialReference, CoinClippingAndAdditive) {
    expect_matches({"coin-pro.skel", "coin.atlas", "animation", 0.986666679f, 1.5625f, 256, 256, 512, 512, false, "coin-pro.animation.t1.png", false});
}

TEST(OfficialReference, TankMultiplyWithAStraightAtlas) {
    expect_matches({"tank-pro.skel", "tank.atlas", "drive", 3.02099991f, 0.1875f, 718, 257, 1024, 384, false, "tank-pro.drive.t1.png", false});
}

TEST(OfficialReference, SpineboyShootWithAPremultipliedAtlas) {
    expect_matches({"spineboy-pro.skel", "spineboy-pma.atlas", "shoot", 0.335666656f, 0.46875f, 113, 336, 512, 512, true,
                    "spineboy-pro.shoot.pma.t1.png", true});
}

TEST(OfficialReference, Dragon42SequenceFrames) {
    expect_matches({"dragon-ess.skel", "dragon.atlas", "flying", 0.540000021f, 0.53125f, 259, 312, 512, 512, false, "dragon-ess.flying.t1.png", false, "4.2"});
}

TEST(OfficialReference, CelestialCircus42PremultipliedMultiply) {
    expect_matches({"celestial-circus-pro.skel", "celestial-circus-pma.atlas", "swing", 1.18800008f, 0.171875f, 225, 355, 512, 512, true,
                    "celestial-circus-pro.swing.pma.t1.png", false, "4.2"});
}
