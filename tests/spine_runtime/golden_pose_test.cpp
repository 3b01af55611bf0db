// Golden poses: for every corpus file with a pose dump of the official Spine 3.8 runtime
// (shared/golden/spine-3.8/NAME.pose.json), every run (skin), animation and sample is reproduced by
// the runtime within 1e-3 absolute or 1e-4 relative: bone matrices, world positions, active flags,
// draw order, attachment names, colours, dark colours and world vertices. .json inputs are covered
// when the Spine JSON reader is part of the build.
#include <gtest/gtest.h>
#include <simdjson.h>

#include <cmath>
#include <string>
#include <vector>

#include "rigio/io/file.hpp"
#include "rigio/spine/binary.hpp"
#include "rigio/spine/runtime/animation.hpp"
#include "rigio/spine/runtime/data.hpp"
#include "rigio/spine/runtime/skeleton.hpp"
#include "rigio/spine/runtime/vertices.hpp"
#include "support/shared.hpp"
#if __has_include("rigio/spine/json.hpp")
#include "rigio/spine/json.hpp"
#define RIGIO_TEST_SPINE_JSON 1
#endif

using namespace rigio;
using namespace rigio::spine::runtime;

namespace {

bool near(double want, double got) {
    const double d = std::fabs(want - got);
    return d <= 1e-3 || d <= 1e-4 * std::max(std::fabs(want), std::fabs(got));
}

struct Stats {
    std::size_t samples = 0, values = 0, failures = 0;
};

// Compares one sample; reports at most a few differences per file.
void compare_sample(simdjson::dom::element want, const Skeleton& sk, std::vector<float>& verts, const std::string& where,
                    Stats& stats) {
    auto fail = [&](const std::string& what) {
        if (stats.failures++ < 5) ADD_FAILURE() << where << ": " << what;
    };
    auto check = [&](double w, double g, const std::string& what) {
        ++stats.values;
        if (!near(w, g)) fail(what + ": want " + std::to_string(w) + ", got " + std::to_string(g));
    };
    simdjson::dom::array bones = want["bones"].get_array();
    if (bones.size() != sk.bones.size()) return fail("bone count");
    std::size_t i = 0;
    for (simdjson::dom::element b : bones) {
        const BoneState& bone = sk.bones[i];
        const float got[7] = {bone.a, bone.b, bone.c, bone.d, bone.world_x, bone.world_y, bone.active ? 1.0f : 0.0f};
        std::size_t k = 0;
        for (simdjson::dom::element v : b.get_array()) {
            check(double(v), got[k], "bone " + std::to_string(i) + " value " + std::to_string(k));
            ++k;
        }
        ++i;
    }
    simdjson::dom::array slots = want["slots"].get_array();
    if (slots.size() != sk.draw_order.size()) return fail("slot count");
    i = 0;
    for (simdjson::dom::element s : slots) {
        simdjson::dom::array f = s.get_array();
        const int index = sk.draw_order[i];
        const std::string at = "draw order " + std::to_string(i);
        if (int64_t(f.at(0)) != index) {
            fail(at + ": slot " + std::to_string(int64_t(f.at(0))) + " expected, got " + std::to_string(index));
            ++i;
            continue;
        }
        const SlotState& slot = sk.slots[static_cast<std::size_t>(index)];
        const std::string got_name = slot.attachment >= 0 ? sk.data().attachments[static_cast<std::size_t>(slot.attachment)].name : "<null>";
        const std::string want_name = f.at(1).is_null() ? "<null>" : std::string(std::string_view(f.at(1)));
        if (got_name != want_name) fail(at + ": attachment " + want_name + " expected, got " + got_name);
        auto check_color = [&](simdjson::dom::element c, const Color& g, const char* what) {
            const float gv[4] = {g.r, g.g, g.b, g.a};
            std::size_t k = 0;
            for (simdjson::dom::element v : c.get_array()) check(double(v), gv[k++], at + " " + what);
        };
        check_color(f.at(2), slot.color, "color");
        if (f.at(3).is_null() != !slot.has_dark) fail(at + ": dark colour presence");
        else if (slot.has_dark) check_color(f.at(3), slot.dark, "dark");
        const int n = slot_world_vertices(sk, index, verts.data());
        if (f.at(4).is_null() != (n == 0)) {
            fail(at + ": vertices presence");
        } else if (n) {
            simdjson::dom::array v = f.at(4).get_array();
            if (v.size() != static_cast<std::size_t>(n)) {
                fail(at + ": vertex count");
            } else {
                std::size_t k = 0;
                for (simdjson::dom::element x : v) check(double(x), verts[k++], at + " vertex");
            }
        }
        ++i;
    }
    ++stats.samples;
}

void check_pose_file(const std::filesystem::path& golden, const spine::SkeletonData& sd, Stats& stats) {
    const RuntimeData data = prepare(sd);
    simdjson::dom::parser parser;
    simdjson::dom::element doc = parser.load(golden.string());
    std::vector<float> verts(static_cast<std::size_t>(data.max_world_vertices));
    for (simdjson::dom::element run : doc["runs"].get_array()) {
        int skin = -1;
        if (!run["skin"].is_null()) {
            skin = data.find_skin(std::string(std::string_view(run["skin"])));
            ASSERT_GE(skin, 0) << golden << ": skin " << run["skin"];
        }
        for (simdjson::dom::element anim : run["animations"].get_array()) {
            const std::string name{std::string_view(anim["name"])};
            const int a = data.find_animation(name);
            ASSERT_GE(a, 0) << golden << ": animation " << name;
            const AnimationInfo& info = data.animations[static_cast<std::size_t>(a)];
            EXPECT_FLOAT_EQ(info.duration, float(double(anim["duration"]))) << name;
            Skeleton sk(data);
            if (skin >= 0) {
                sk.set_skin(skin);
                sk.set_slots_to_setup_pose();
            }
            for (simdjson::dom::element sample : anim["samples"].get_array()) {
                const float t = float(double(sample["t"]));
                sk.set_to_setup_pose();
                apply(info, sk, t, t, false, nullptr, 1);
                sk.update_world_transform();
                compare_sample(sample, sk, verts,
                               golden.filename().string() + " [" + (skin >= 0 ? data.skins[static_cast<std::size_t>(skin)].name : "null") +
                                   "] " + name + " t=" + std::to_string(t),
                               stats);
            }
        }
    }
}

// Skips the test when the golden dumps are missing (the corpus alone is not enough).
#define RIGIO_REQUIRE_GOLDEN()                                                                      \
    do {                                                                                            \
        if (!std::filesystem::is_directory(test::shared_dir() / "golden/spine-3.8"))                \
            GTEST_SKIP() << "../shared/golden/spine-3.8 not found: golden pose test skipped";       \
    } while (0)

std::filesystem::path golden_for(const std::filesystem::path& input) {
    return test::shared_dir() / "golden/spine-3.8" / (input.filename().string() + ".pose.json");
}

}  // namespace

TEST(SpineRuntimeGolden, EverySkelPoseMatchesTheOfficialRuntime) {
    auto files = test::corpus_files("corpus/spine-3.8", ".skel");
    RIGIO_REQUIRE_CORPUS(files, "corpus/spine-3.8");
    RIGIO_REQUIRE_GOLDEN();
    std::size_t checked = 0;
    Stats total;
    for (const auto& f : files) {
        const auto golden = golden_for(f);
        if (!std::filesystem::exists(golden)) continue;
        SCOPED_TRACE(f.filename().string());
        auto sd = spine::read_skel(io::read_file(f.string()));
        ASSERT_TRUE(sd.ok()) << sd.error().what();
        Stats stats;
        check_pose_file(golden, *sd, stats);
        EXPECT_EQ(stats.failures, 0u) << f.filename() << ": " << stats.failures << " of " << stats.values << " values differ";
        EXPECT_GT(stats.samples, 0u);
        total.samples += stats.samples;
        total.values += stats.values;
        ++checked;
    }
    EXPECT_EQ(checked, 21u);
    std::printf("compared %zu samples, %zu values over %zu .skel files\n", total.samples, total.values, checked);
}

#ifdef RIGIO_TEST_SPINE_JSON
TEST(SpineRuntimeGolden, EveryJsonPoseMatchesTheOfficialRuntime) {
    auto files = test::corpus_files("corpus/spine-3.8", ".json");
    RIGIO_REQUIRE_CORPUS(files, "corpus/spine-3.8");
    RIGIO_REQUIRE_GOLDEN();
    std::size_t checked = 0;
    for (const auto& f : files) {
        const auto golden = golden_for(f);
        if (!std::filesystem::exists(golden)) continue;
        SCOPED_TRACE(f.filename().string());
        const auto bytes = io::read_file(f.string());
        const std::string_view text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
        spine::JsonReadOptions options;
        auto sd = spine::read_json(text, options);
        ASSERT_TRUE(sd.ok()) << sd.error().what();
        Stats stats;
        check_pose_file(golden, *sd, stats);
        EXPECT_EQ(stats.failures, 0u) << f.filename() << ": " << stats.failures << " of " << stats.values << " values differ";
        EXPECT_GT(stats.samples, 0u);
        ++checked;
    }
    EXPECT_EQ(checked, 21u);
}
#else
TEST(SpineRuntimeGolden, EveryJsonPoseMatchesTheOfficialRuntime) {
    GTEST_SKIP() << "this build has no Spine JSON reader (rigio/spine/json.hpp): .json golden poses not checked";
}
#endif
