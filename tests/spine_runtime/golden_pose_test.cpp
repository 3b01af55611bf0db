// Golden poses: for every corpus file with a pose dump of the official Spine runtime of its version
// (shared/golden/spine-X/NAME.pose.json, X = 3.7, 3.8, 4.0, 4.1, 4.2), every run (skin), animation and
// sample is reproduced by the runtime within 1e-3 absolute or 1e-4 relative (3.x; 4.x: 2e-3, the
// acceptance check's tolerance): bone matrices, world positions, active flags, draw order, attachment
// names, colours, dark colours, world vertices, 4.1+ sequence frames and region paths, and 4.2 physics
// values. .json inputs are covered when the Spine JSON reader is part of the build.
#include <gtest/gtest.h>
#include <simdjson.h>

#include <cmath>
#include <string>
#include <vector>

#include "rigio/io/file.hpp"
#include "rigio/spine/binary.hpp"
#include "rigio/spine/runtime/animation.hpp"
#include "rigio/spine/runtime/data.hpp"
#include "rigio/spine/runtime/sequence.hpp"
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

double abs_tolerance = 1e-3;  // per version (see the file comment)

bool near(double want, double got) {
    const double d = std::fabs(want - got);
    return d <= abs_tolerance || d <= 1e-4 * std::max(std::fabs(want), std::fabs(got));
}

struct Stats {
    std::size_t samples = 0, values = 0, failures = 0;
    std::vector<std::string> messages;  // the first few differences
};

// Compares one sample; reports at most a few differences per file.
void compare_sample(simdjson::dom::element want, const Skeleton& sk, std::vector<float>& verts, const std::string& where,
                    Stats& stats) {
    auto fail = [&](const std::string& what) {
        if (stats.failures++ < 5) stats.messages.push_back(where + ": " + what);
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
        const std::string got_name(slot.attachment >= 0 ? sk.data().attachments[static_cast<std::size_t>(slot.attachment)].name : "<null>");
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
        // 4.1+: [frame, region path] exactly when the slot shows a sequence attachment.
        const int frame = sequence_frame(sk, index);
        if ((f.size() > 5) != (frame >= 0)) {
            fail(at + ": sequence frame presence");
        } else if (frame >= 0) {
            simdjson::dom::array seq = f.at(5).get_array();
            const std::string region = sequence_region(sk.data().attachments[static_cast<std::size_t>(slot.attachment)], frame);
            if (int64_t(seq.at(0)) != frame) fail(at + ": sequence frame " + std::to_string(int64_t(seq.at(0))) + " expected, got " + std::to_string(frame));
            if (std::string_view(seq.at(1)) != region) fail(at + ": sequence region " + std::string(std::string_view(seq.at(1))) + " expected, got " + region);
        }
        ++i;
    }
    // 4.2: the values physics timelines animate, per constraint.
    simdjson::dom::array physics;
    if (want["physics"].get(physics) == simdjson::SUCCESS) {
        if (physics.size() != sk.physics.size()) return fail("physics constraint count");
        i = 0;
        for (simdjson::dom::element p : physics) {
            const PhysicsState& st = sk.physics[i];
            const float got[7] = {st.inertia, st.strength, st.damping, st.mass_inverse, st.wind, st.gravity, st.mix};
            std::size_t k = 0;
            for (simdjson::dom::element v : p.get_array()) check(double(v), got[k++], "physics " + std::to_string(i));
            ++i;
        }
    } else if (!sk.physics.empty()) {
        fail("physics values missing from the golden");
    }
    ++stats.samples;
}

void check_pose_file(const std::filesystem::path& golden, const spine::SkeletonData& sd, Stats& stats) {
    const RuntimeData data = prepare(sd).value();
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

struct Loaded {
    bool ok = false;
    std::string error;
    spine::SkeletonData data;
};

Loaded load(const std::filesystem::path& f) {
    Loaded out;
    const auto bytes = io::read_file(f.string()).value();
    if (f.extension() == ".skel") {
        auto sd = spine::read_skel(bytes);
        if (!sd.ok()) return out.error = sd.error().what(), out;
        out.data = std::move(*sd);
    } else {
#ifdef RIGIO_TEST_SPINE_JSON
        const std::string_view text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
        spine::JsonReadOptions options;
        auto sd = spine::read_json(text, options);
        if (!sd.ok()) return out.error = sd.error().what(), out;
        out.data = std::move(*sd);
#endif
    }
    out.ok = true;
    return out;
}

// Every corpus file of `version` with the extension `ext` against its golden; `expected` files.
void check_version(const std::string& version, const std::string& ext, std::size_t expected) {
    const std::string corpus = "corpus/spine-" + version, golden_dir = "golden/spine-" + version;
    auto files = test::corpus_files(corpus, ext);
    if (files.empty()) GTEST_SKIP() << "../shared/" << corpus << " not found: golden pose test skipped";
    if (!std::filesystem::is_directory(test::shared_dir() / golden_dir))
        GTEST_SKIP() << "../shared/" << golden_dir << " not found: golden pose test skipped";
    abs_tolerance = version[0] == '3' ? 1e-3 : 2e-3;
    std::size_t checked = 0;
    Stats total;
    for (const auto& f : files) {
        const auto golden = test::shared_dir() / golden_dir / (f.filename().string() + ".pose.json");
        if (!std::filesystem::exists(golden)) continue;
        SCOPED_TRACE(f.filename().string());
        Loaded sd = load(f);
        ASSERT_TRUE(sd.ok) << sd.error;
        ASSERT_EQ(spine::version_name(sd.data.header.data_version), version);
        Stats stats;
        check_pose_file(golden, sd.data, stats);
        EXPECT_EQ(stats.failures, 0u) << f.filename() << ": " << stats.failures << " of " << stats.values << " values differ";
        for (const std::string& m : stats.messages) ADD_FAILURE() << m;
        EXPECT_GT(stats.samples, 0u);
        total.samples += stats.samples;
        total.values += stats.values;
        ++checked;
    }
    EXPECT_EQ(checked, expected);
    std::printf("spine %s: compared %zu samples, %zu values over %zu %s files\n", version.c_str(), total.samples,
                total.values, checked, ext.c_str());
}

}  // namespace

TEST(SpineRuntimeGolden, EverySkelPoseMatchesTheOfficialRuntime) { check_version("3.8", ".skel", 21); }
TEST(SpineRuntimeGolden, Spine37SkelPoses) { check_version("3.7", ".skel", 21); }
TEST(SpineRuntimeGolden, Spine40SkelPoses) { check_version("4.0", ".skel", 21); }
TEST(SpineRuntimeGolden, Spine41SkelPoses) { check_version("4.1", ".skel", 22); }
TEST(SpineRuntimeGolden, Spine42SkelPoses) { check_version("4.2", ".skel", 26); }

#ifdef RIGIO_TEST_SPINE_JSON
TEST(SpineRuntimeGolden, EveryJsonPoseMatchesTheOfficialRuntime) { check_version("3.8", ".json", 21); }
TEST(SpineRuntimeGolden, Spine37JsonPoses) { check_version("3.7", ".json", 21); }
TEST(SpineRuntimeGolden, Spine40JsonPoses) { check_version("4.0", ".json", 21); }
TEST(SpineRuntimeGolden, Spine41JsonPoses) { check_version("4.1", ".json", 22); }
TEST(SpineRuntimeGolden, Spine42JsonPoses) { check_version("4.2", ".json", 26); }
#else
TEST(SpineRuntimeGolden, EveryJsonPoseMatchesTheOfficialRuntime) {
    GTEST_SKIP() << "this build has no Spine JSON reader (rigio/spine/json.hpp): .json golden poses not checked";
}
#endif
