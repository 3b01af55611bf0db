// rigio render: PNG at a time with the acceptance check's options, GIF, WebP, PNG sequences, atlas
// found next to the skeleton, inputs never overwritten, errors.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "rigio/atlas/image.hpp"
#include "rigio/io/file.hpp"
#include "support/shared.hpp"

namespace fs = std::filesystem;

namespace {

fs::path temp_dir() {
    fs::path d = fs::temp_directory_path() / ("rigio-render-cli-" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
    fs::remove_all(d);
    fs::create_directories(d);
    return d;
}

int run(const std::string& args, std::string* err = nullptr) {
    // One error file per test: ctest runs the tests of this program in parallel processes.
    const fs::path e = fs::temp_directory_path() /
                       ("rigio-render-cli-" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()) + ".err");
    const int status = std::system((std::string(RIGIO_CLI) + " render " + args + " >/dev/null 2>" + e.string()).c_str());
    if (err) {
        auto bytes = rigio::io::read_file(e.string()).value();
        *err = std::string(bytes.begin(), bytes.end());
    }
    return WEXITSTATUS(status);
}

std::string sample(const char* name) { return std::string(RIGIO_SOURCE_DIR) + "/samples/" + name; }

std::string head(const fs::path& p, std::size_t n) {
    auto b = rigio::io::read_file(p.string()).value();
    return std::string(b.begin(), b.begin() + static_cast<std::ptrdiff_t>(std::min(n, b.size())));
}

}  // namespace

TEST(RenderCli, PngWithExplicitCamera) {
    const fs::path d = temp_dir();
    const fs::path out = d / "f.png";
    ASSERT_EQ(run(sample("stickman.skel") + " --atlas " + sample("stickman.atlas") +
                  " --animation walk --time 0.5 --width 160 --height 120 --camera 0.5,80,100 --background transparent -o " + out.string()),
              0);
    const rigio::atlas::Image img = rigio::atlas::decode_png(rigio::io::read_file(out.string()).value(), "f.png").value();
    EXPECT_EQ(img.width, 160);
    EXPECT_EQ(img.height, 120);
    int covered = 0;
    for (std::size_t i = 3; i < img.rgba.size(); i += 4) covered += img.rgba[i] > 0;
    EXPECT_GT(covered, 300);
    EXPECT_EQ(img.rgba[3], 0);  // corner: transparent background
}

TEST(RenderCli, GifWebpAndSequenceWithTheAtlasFoundByName) {
    const fs::path d = temp_dir();
    for (const char* f : {"stickman.skel", "stickman.atlas", "stickman.png"}) fs::copy_file(sample(f), d / f);
    const std::string skel = (d / "stickman.skel").string();
    ASSERT_EQ(run(skel + " --animation walk --fps 10 -o " + (d / "walk.gif").string()), 0);
    EXPECT_EQ(head(d / "walk.gif", 6), "GIF89a");
    ASSERT_EQ(run(skel + " --animation walk --fps 10 -o " + (d / "walk.webp").string()), 0);
    EXPECT_EQ(head(d / "walk.webp", 4), "RIFF");
    fs::create_directories(d / "seq");
    ASSERT_EQ(run(skel + " --animation walk --fps 10 --background white -o " + (d / "seq" / "frame_%03d.png").string()), 0);
    EXPECT_TRUE(fs::exists(d / "seq" / "frame_000.png"));
    const rigio::atlas::Image f0 = rigio::atlas::decode_png(rigio::io::read_file((d / "seq" / "frame_000.png").string()).value(), "frame").value();
    EXPECT_EQ(f0.rgba[3], 255);  // white background is opaque
    fs::create_directories(d / "all");
    ASSERT_EQ(run(skel + " --all-animations --out-dir " + (d / "all").string() + " -o x.png"), 0);
    EXPECT_TRUE(fs::exists(d / "all" / "walk.png"));
    EXPECT_TRUE(fs::exists(d / "all" / "idle.png"));
}

TEST(RenderCli, NeverWritesOverAnInput) {
    const fs::path d = temp_dir();
    for (const char* f : {"stickman.skel", "stickman.atlas", "stickman.png"}) fs::copy_file(sample(f), d / f);
    const auto before = rigio::io::read_file((d / "stickman.png").string()).value();
    std::string err;
    EXPECT_EQ(run((d / "stickman.skel").string() + " --time 0 -o " + (d / "stickman.png").string(), &err), 1);
    EXPECT_NE(err.find("is an input"), std::string::npos) << err;
    EXPECT_TRUE(rigio::io::read_file((d / "stickman.png").string()).value() == before);
}

TEST(RenderCli, BadOptionsAndInputsAreErrors) {
    const fs::path d = temp_dir();
    std::string err;
    EXPECT_EQ(run(sample("stickman.skel") + " --camera 1,2 --width 10 --height 10 -o " + (d / "a.png").string(), &err), 1);
    EXPECT_NE(err.find("--camera wants 3"), std::string::npos) << err;
    EXPECT_EQ(run(sample("stickman.skel") + " --animation nope -o " + (d / "a.gif").string(), &err), 1);
    EXPECT_NE(err.find("no animation named"), std::string::npos) << err;
    EXPECT_EQ(run(sample("stickman.skel") + " -o " + (d / "a.tiff").string(), &err), 1);
    EXPECT_NE(err.find("cannot tell the output format"), std::string::npos) << err;
    std::ofstream(d / "bad.atlas") << "p.png\n\tsize: 1, x\n";
    EXPECT_EQ(run(sample("stickman.skel") + " --atlas " + (d / "bad.atlas").string() + " -o " + (d / "a.png").string(), &err), 1);
    EXPECT_NE(err.find("line 2, column 11"), std::string::npos) << err;
    std::ofstream(d / "evil.atlas") << "../stickman.png\n\tsize: 128, 128\n";
    EXPECT_EQ(run(sample("stickman.skel") + " --atlas " + (d / "evil.atlas").string() + " -o " + (d / "a.png").string(), &err), 1);
    EXPECT_NE(err.find("not a plain relative path"), std::string::npos) << err;
    EXPECT_FALSE(fs::exists(d / "a.png"));
}

TEST(RenderCli, DragonBonesThroughItsSpineConversionWithItsTexAtlas) {
    const fs::path src = rigio::test::shared_dir() / "corpus/dragonbones/5.5";
    if (!fs::exists(src / "Ubbie_ske.json")) GTEST_SKIP() << "../shared/corpus/dragonbones not found: test skipped";
    const fs::path d = temp_dir();
    fs::copy_file(src / "Ubbie_ske.json", d / "Ubbie_ske.json");
    fs::copy_file(src / "Ubbie_tex.json", d / "Ubbie_tex.json");
    // The corpus has no page images: an opaque page of the atlas's size stands in.
    rigio::atlas::Image page;
    page.width = page.height = 1024;
    page.rgba.assign(1024u * 1024u * 4u, 200);
    rigio::io::write_file_atomic((d / "Ubbie_tex.png").string(), rigio::atlas::encode_png(page).value()).value();
    std::string err;
    ASSERT_EQ(run((d / "Ubbie_ske.json").string() + " --time 0.2 --background transparent -o " + (d / "u.png").string(), &err), 0) << err;
    const rigio::atlas::Image img = rigio::atlas::decode_png(rigio::io::read_file((d / "u.png").string()).value(), "u.png").value();
    int covered = 0;
    for (std::size_t i = 3; i < img.rgba.size(); i += 4) covered += img.rgba[i] > 0;
    EXPECT_GT(covered, img.width * img.height / 10);  // the character's regions are drawn at their sizes
}
