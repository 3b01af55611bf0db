// DragonBones -> Spine, proven by poses: every armature of every DragonBones corpus file that has a
// golden pose file (shared/golden/dragonbones, official DragonBones runtime) is converted to Spine 3.8
// and checked with rigio::verify::check_dragonbones_poses, which compares everything the golden holds
// (bone matrices, slot visibility, colours, draw order, mesh vertices; the setup pose and every sample,
// beforeEdge ones included) after the y flip, within the golden README's tolerances, as
// shared/checks/dragonbones-to-spine-poses does.
#include <gtest/gtest.h>
#include <simdjson.h>

#include <map>
#include <string>

#include "rigio/convert/dragonbones_to_spine.hpp"
#include "rigio/dragonbones/json.hpp"
#include "rigio/io/file.hpp"
#include "rigio/spine/runtime/data.hpp"
#include "rigio/verify/pose_check.hpp"
#include "support/shared.hpp"

using namespace rigio;
namespace rt = rigio::spine::runtime;

namespace {

// Every armature of one golden against its conversion.
verify::PoseCheck check_file(const dragonbones::DragonBonesData& data, const std::string& golden, const std::string& label) {
    std::map<std::string, std::pair<spine::SkeletonData, rt::RuntimeData>> converted;
    return verify::check_dragonbones_poses(golden, [&](const std::string& name) -> verify::ConvertedArmature {
        const auto index = convert::find_armature(data, name);
        EXPECT_TRUE(index.has_value()) << label << ": armature " << name << " missing";
        if (!index) return {};
        convert::LossReport report;
        auto sd = convert::dragonbones_to_spine(data, *index, report);
        EXPECT_TRUE(sd.ok()) << label << "/" << name << ": " << (sd.ok() ? "" : sd.error().what());
        if (!sd) return {};
        auto& [skeleton, runtime] = converted[name];
        skeleton = std::move(*sd);
        runtime = rt::prepare(skeleton).value();
        return {&runtime, &data.armature[*index]};
    }).value();
}

}  // namespace

TEST(DragonBonesToSpine, EveryGoldenAnimationPosesLikeTheOfficialRuntime) {
    std::vector<std::filesystem::path> files;
    for (const char* v : {"4.0", "4.5", "5.0", "5.5"})
        for (const auto& f : test::corpus_files(std::string("golden/dragonbones/") + v, ".json.pose.json")) files.push_back(f);
    RIGIO_REQUIRE_CORPUS(files, "golden/dragonbones");
    int animations = 0, good = 0;
    std::size_t samples = 0;
    for (const auto& f : files) {
        const std::vector<std::uint8_t> golden_bytes = io::read_file(f.string()).value();
        const std::string golden(golden_bytes.begin(), golden_bytes.end());
        simdjson::dom::parser parser;
        const std::string source{std::string_view(parser.parse(golden)["source"])};
        const std::vector<std::uint8_t> bytes = io::read_file((test::shared_dir() / source).string()).value();
        auto data = dragonbones::read_json(std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()));
        ASSERT_TRUE(data.ok()) << source << ": " << data.error().what();
        const std::string label = f.parent_path().filename().string() + "/" + std::filesystem::path(source).filename().string();
        const verify::PoseCheck check = check_file(*data, golden, label);
        for (const verify::AnimationCheck& a : check.animations) {
            if (a.animation == "(setup pose)") continue;  // counted apart from the animations
            ++animations;
            good += a.ok();
            samples += a.samples;
        }
        for (const verify::AnimationCheck& a : check.animations)
            EXPECT_TRUE(a.ok()) << label << "/" << a.run << "/" << a.animation << ": " << a.first_mismatch << " (" << a.mismatches << " mismatches)";
        std::printf("  %-48s largest difference %.3g\n", label.c_str(), check.largest());
    }
    std::printf("%d/%d DragonBones animations pose-equivalent after conversion to Spine (%zu samples; bones, slots, colours, draw "
                "order, mesh vertices)\n", good, animations, samples);
    EXPECT_GT(good, 0);
}
