// DragonBones -> Spine, proven by poses: every armature of every DragonBones corpus file that has a
// golden pose file (shared/golden/dragonbones, official DragonBones runtime) is converted to Spine 3.8
// and sampled with rigio's Spine runtime at the golden times; every bone's world matrix must match the
// golden one after the y flip, within the tolerances of the golden README (curveDev added where the
// runtime samples Bezier curves coarsely). Samples the README marks beforeEdge are skipped, as in
// shared/checks/dragonbones-to-spine-poses.
#include <gtest/gtest.h>
#include <simdjson.h>

#include <cmath>
#include <map>
#include <string>

#include "rigio/convert/dragonbones_to_spine.hpp"
#include "rigio/dragonbones/json.hpp"
#include "rigio/io/file.hpp"
#include "rigio/spine/runtime/animation.hpp"
#include "rigio/spine/runtime/data.hpp"
#include "rigio/spine/runtime/skeleton.hpp"
#include "support/shared.hpp"

using namespace rigio;
namespace rt = rigio::spine::runtime;

namespace {

struct Outcome {
    int animations = 0, good = 0;
    double worst = 0;
};

// Compares one armature; returns per-animation results and the worst error.
Outcome compare_armature(const dragonbones::DragonBonesData& data, simdjson::dom::element arm, const std::string& label) {
    Outcome out;
    const std::string name{std::string_view(arm["name"])};
    const auto index = convert::find_armature(data, name);
    EXPECT_TRUE(index.has_value()) << label << ": armature missing";
    if (!index) return out;
    convert::LossReport report;
    auto sd = convert::dragonbones_to_spine(data, *index, report);
    EXPECT_TRUE(sd.ok()) << label << ": " << (sd.ok() ? "" : sd.error().what());
    if (!sd) return out;
    const rt::RuntimeData runtime = rt::prepare(*sd);
    std::map<std::string, int> bone_of;
    for (std::size_t i = 0; i < sd->bones.size(); ++i) bone_of[*sd->bones[i].name] = static_cast<int>(i);
    std::vector<std::string> golden_bones;
    for (simdjson::dom::element b : arm["bones"].get_array()) golden_bones.emplace_back(std::string_view(b));
    for (simdjson::dom::element an : arm["animations"].get_array()) {
        ++out.animations;
        const std::string anim_name{std::string_view(an["name"])};
        const rt::AnimationInfo* info = nullptr;
        for (const auto& a : runtime.animations)
            if (a.name == anim_name) info = &a;
        EXPECT_NE(info, nullptr) << label << "/" << anim_name << ": animation missing";
        if (!info) continue;
        double dev_abcd = 0, dev_px = 0;
        if (auto dev = an["curveDev"]; !dev.error()) {
            dev_abcd = double(dev.at(0));
            dev_px = double(dev.at(1));
        }
        bool ok = true;
        for (simdjson::dom::element sample : an["samples"].get_array()) {
            if (auto edge = sample["beforeEdge"]; !edge.error() && bool(edge)) continue;
            const float t = float(double(sample["t"]));
            rt::Skeleton sk(runtime);
            sk.set_to_setup_pose();
            rt::apply(*info, sk, t, t, false, nullptr, 1);
            sk.update_world_transform();
            std::size_t b = 0;
            for (simdjson::dom::element m : sample["bones"].get_array()) {
                const auto it = bone_of.find(golden_bones[b++]);
                if (it == bone_of.end()) {
                    ok = false;
                    continue;
                }
                double g[6];
                int k = 0;
                for (simdjson::dom::element v : m.get_array()) g[k++] = double(v);
                const double want[6] = {g[0], -g[2], -g[1], g[3], g[4], -g[5]};
                const rt::BoneState& s = sk.bones[it->second];
                const double got[6] = {s.a, s.b, s.c, s.d, s.world_x, s.world_y};
                for (int e = 0; e < 6; ++e) {
                    const double err = std::abs(got[e] - want[e]);
                    const double tol = e < 4 ? 1e-4 * std::max(1.0, std::abs(want[e])) + dev_abcd + 1e-3
                                             : 1e-3 + 1e-5 * std::abs(want[e]) + dev_px + 0.05;
                    out.worst = std::max(out.worst, err);
                    if (err > tol) ok = false;
                }
            }
        }
        out.good += ok;
    }
    return out;
}

}  // namespace

TEST(DragonBonesToSpine, EveryGoldenAnimationPosesLikeTheOfficialRuntime) {
    std::vector<std::filesystem::path> files;
    for (const char* v : {"4.0", "4.5", "5.0", "5.5"})
        for (const auto& f : test::corpus_files(std::string("golden/dragonbones/") + v, ".json.pose.json")) files.push_back(f);
    RIGIO_REQUIRE_CORPUS(files, "golden/dragonbones");
    int animations = 0, good = 0;
    for (const auto& f : files) {
        simdjson::dom::parser parser;
        simdjson::dom::element doc = parser.load(f.string());
        const std::string source{std::string_view(doc["source"])};
        const std::vector<std::uint8_t> bytes = io::read_file((test::shared_dir() / source).string());
        auto data = dragonbones::read_json(std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()));
        ASSERT_TRUE(data.ok()) << source << ": " << data.error().what();
        const std::string file_label = f.parent_path().filename().string() + "/" + std::filesystem::path(source).filename().string();
        double file_worst = 0;
        for (simdjson::dom::element arm : doc["armatures"].get_array()) {
            const std::string label = file_label + "/" + std::string(std::string_view(arm["name"]));
            const Outcome o = compare_armature(*data, arm, label);
            animations += o.animations;
            good += o.good;
            file_worst = std::max(file_worst, o.worst);
            EXPECT_EQ(o.good, o.animations) << label << ": worst error " << o.worst;
        }
        std::printf("  %-48s largest bone error %.3g\n", file_label.c_str(), file_worst);
    }
    std::printf("%d/%d DragonBones animations pose-equivalent after conversion to Spine\n", good, animations);
    EXPECT_GT(good, 0);
}
