// Spine version conversion on the corpus (shared/corpus/spine-X, read in place): every file of every
// version converted to every other version writes and reads back in the target layout (.skel and JSON;
// JSON sources .skel only); a .skel source's conversion whose loss report is empty comes back value-equal (A -> B -> A, numbers within the float
// re-expression of Bézier handles, 3.x rotate angles modulo 360); and where rigio's runtime plays the
// target version, the converted skeleton poses as the source's golden (shared/golden/spine-X), outside
// the animations the loss report names.
#include <gtest/gtest.h>
#include <simdjson.h>

#include <cmath>
#include <cstdlib>
#include <iostream>
#include <map>
#include <string>

#include "rigio/convert/spine_version.hpp"
#include "rigio/io/file.hpp"
#include "rigio/spine/binary.hpp"
#include "rigio/spine/json.hpp"
#include "rigio/spine/runtime/data.hpp"
#include "rigio/verify/pose_check.hpp"
#include "support/shared.hpp"

using namespace rigio;
using namespace rigio::spine;

namespace {

const Version kVersions[] = {Version::V37, Version::V38, Version::V40, Version::V41, Version::V42};

Result<SkeletonData> load(const std::filesystem::path& p) {
    const std::vector<std::uint8_t> bytes = io::read_file(p.string()).value();
    if (p.extension() == ".skel") return read_skel(bytes);
    return read_json(std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()));
}

bool close(double x, double y) { return std::abs(x - y) <= 1e-4 + 1e-5 * std::max(std::abs(x), std::abs(y)); }

// Compares two JSON documents by value (object keys in any order, numbers within 1e-4 + 1e-5 * |value|,
// the float re-expression of Bézier handles). Returns "" or the JSON pointer of the first difference.
std::string json_difference(simdjson::dom::element a, simdjson::dom::element b, const std::string& at) {
    using simdjson::dom::element_type;
    const bool na = a.is_number(), nb = b.is_number();
    if (na && nb) return close(double(a.get_double()), double(b.get_double())) ? "" : at + ": " + simdjson::to_string(a) + " != " + simdjson::to_string(b);
    if (a.type() != b.type()) return at + ": " + simdjson::to_string(a) + " != " + simdjson::to_string(b);
    if (a.type() == element_type::ARRAY) {
        simdjson::dom::array x = a, y = b;
        if (x.size() != y.size()) return at + ": length " + std::to_string(x.size()) + " != " + std::to_string(y.size());
        for (std::size_t i = 0; i < x.size(); ++i) {
            std::string d = json_difference(x.at(i), y.at(i), at + "/" + std::to_string(i));
            if (!d.empty()) return d;
        }
        return "";
    }
    if (a.type() == element_type::OBJECT) {
        // A number within the tolerance of a default (0 or 1) may be written on one side only: the
        // writer leaves out values exactly at their default (e.g. a curve's c2 of -1.7e-44 that comes
        // back as 0).
        auto defaulted = [](simdjson::dom::element v) {
            return v.is_number() && (close(double(v.get_double()), 0) || close(double(v.get_double()), 1));
        };
        simdjson::dom::object x = a, y = b;
        for (auto field : x) {
            simdjson::dom::element other;
            if (y[field.key].get(other)) {
                if (defaulted(field.value)) continue;
                return at + "/" + std::string(field.key) + ": missing on the right";
            }
            std::string d = json_difference(field.value, other, at + "/" + std::string(field.key));
            if (!d.empty()) return d;
        }
        for (auto field : y) {
            simdjson::dom::element other;
            if (x[field.key].get(other) && !defaulted(field.value)) return at + "/" + std::string(field.key) + ": missing on the left";
        }
        return "";
    }
    return simdjson::to_string(a) == simdjson::to_string(b) ? "" : at + ": " + simdjson::to_string(a) + " != " + simdjson::to_string(b);
}

std::string json_difference(const std::string& a, const std::string& b) {
    simdjson::dom::parser pa, pb;
    simdjson::dom::element x, y;
    if (pa.parse(a).get(x) || pb.parse(b).get(y)) return "not JSON";
    return json_difference(x, y, "");
}

// A 3.x rotate angle that came back through 4.x is the source's modulo 360: take the source's.
void align_rotations(const SkeletonData& a, SkeletonData& b) {
    for (std::size_t n = 0; n < a.animations.size() && n < b.animations.size(); ++n)
        for (std::size_t g = 0; g < a.animations[n].bones.size() && g < b.animations[n].bones.size(); ++g)
            for (std::size_t t = 0; t < a.animations[n].bones[g].timelines.size() && t < b.animations[n].bones[g].timelines.size(); ++t) {
                const BoneTimeline& x = a.animations[n].bones[g].timelines[t];
                BoneTimeline& y = b.animations[n].bones[g].timelines[t];
                if (x.type != BoneTimelineType::Rotate || y.type != BoneTimelineType::Rotate) continue;
                for (std::size_t k = 0; k < x.keys.size() && k < y.keys.size(); ++k) {
                    const double turns = std::round((static_cast<double>(y.keys[k].x) - x.keys[k].x) / 360);
                    if (turns == 0) continue;
                    const double aligned = y.keys[k].x - 360 * turns;
                    y.keys[k].x = close(aligned, x.keys[k].x) ? x.keys[k].x : static_cast<float>(aligned);
                }
            }
}

}  // namespace

TEST(SpineVersionCorpus, EveryFileToEveryOtherVersionReadsBackAndLosslessOnesComeBack) {
    int files = 0, conversions = 0, lossless = 0, came_back = 0;
    std::map<std::string, int> per_pair, per_pair_lossless;
    for (Version from : kVersions) {
        const std::string sub = std::string("corpus/spine-") + version_name(from);
        auto list = test::corpus_files(sub, ".skel");
        for (auto& p : test::corpus_files(sub, ".json")) list.push_back(p);
        if (list.empty()) {
            std::cout << "[ SKIPPED  ] ../shared/" << sub << " not found\n";
            continue;
        }
        for (const auto& path : list) {
            auto source = load(path);
            ASSERT_TRUE(source.ok()) << path << ": " << source.error().what();
            ++files;
            for (Version to : kVersions) {
                if (to == from) continue;
                const std::string label = path.filename().string() + " " + version_name(from) + " -> " + version_name(to);
                auto r = convert::convert_spine_version(*source, to);
                ++conversions;
                ++per_pair[std::string(version_name(from)) + "->" + version_name(to)];
                EXPECT_EQ(r.data.header.data_version, to) << label;
                EXPECT_EQ(r.data.header.version->rfind(std::string(version_name(to)) + ".", 0), 0u) << label;
                const std::vector<std::uint8_t> skel = write_skel(r.data).value();
                auto skel_back = read_skel(skel);
                ASSERT_TRUE(skel_back.ok()) << label << " .skel: " << skel_back.error().what();
                EXPECT_EQ(skel_back->header.data_version, to) << label;
                EXPECT_TRUE(write_skel(*skel_back).value() == skel) << label << ": the .skel does not read back the same";
                // A JSON source writes its target as .skel only (the .skel sources cover the JSON writer), to keep
                // the test fast.
                if (path.extension() == ".json") continue;
                const std::string json = write_json(r.data).value();
                auto json_back = read_json(json);
                ASSERT_TRUE(json_back.ok()) << label << " JSON: " << json_back.error().what();
                EXPECT_EQ(json_back->header.data_version, to) << label;
                EXPECT_EQ(json_difference(write_json(*json_back).value(), json), "") << label << ": the JSON does not read back the same";
                if (!r.losses.empty()) continue;
                ++lossless;
                ++per_pair_lossless[std::string(version_name(from)) + "->" + version_name(to)];
                auto back = convert::convert_spine_version(r.data, from);
                EXPECT_TRUE(back.losses.empty()) << label << ": losses on the way back, e.g. "
                                                 << (back.losses.empty() ? "" : loss_text(back.losses.losses[0]));
                back.data.header.hash = source->header.hash;
                back.data.header.version = source->header.version;
                if (from < Version::V40) align_rotations(*source, back.data);
                const std::string diff = json_difference(write_json(*source).value(), write_json(back.data).value());
                EXPECT_EQ(diff, "") << label << " and back";
                came_back += diff.empty();
            }
        }
    }
    if (!files) GTEST_SKIP() << "../shared/corpus/spine-* not found (set RIGIO_SHARED or place shared/ beside the repository): corpus test skipped";
    for (const auto& [pair, n] : per_pair) std::cout << "  " << pair << ": " << n << " conversions, " << per_pair_lossless[pair] << " lossless\n";
    std::cout << files << " files, " << conversions << " conversions, " << lossless << " lossless, " << came_back << " came back value-equal\n";
    EXPECT_EQ(came_back, lossless);
}

// The reference with each 4.1+ sequence frame as its region: a slot entry [i, name, colour, dark, verts,
// [frame, region]] becomes [i, region, colour, dark, verts], which is how a target without sequences
// shows the frame (one attachment per frame, named by its region path).
void frames_as_regions(simdjson::dom::element e, std::string& out) {
    using simdjson::dom::element_type;
    if (e.type() == element_type::ARRAY) {
        simdjson::dom::array a = e;
        simdjson::dom::array frame;
        const bool sequence_slot = a.size() == 6 && !a.at(5).get_array().get(frame) && frame.size() == 2 && frame.at(1).is_string();
        out += '[';
        std::size_t i = 0;
        for (simdjson::dom::element x : a) {
            if (sequence_slot && i == 5) break;
            if (i) out += ',';
            frames_as_regions(sequence_slot && i == 1 ? frame.at(1).value() : x, out);
            ++i;
        }
        out += ']';
    } else if (e.type() == element_type::OBJECT) {
        out += '{';
        bool first = true;
        for (auto [key, value] : simdjson::dom::object(e)) {
            if (!first) out += ',';
            first = false;
            out += '"' + std::string(key) + "\":";
            frames_as_regions(value, out);
        }
        out += '}';
    } else {
        out += simdjson::to_string(e);
    }
}

std::string frames_as_regions(const std::string& reference) {
    simdjson::dom::parser parser;
    std::string out;
    frames_as_regions(parser.parse(reference).value(), out);
    return out;
}

// Losses that name no animation and still change poses (the setup of bones, constraints, skins).
bool setup_loss_moves_poses(const Loss& l) {
    for (const char* p : {"/bones/", "/ik/", "/transform/", "/path/", "/slots/", "/skins/"})
        if (l.where.rfind(p, 0) == 0) return true;
    return false;
}

TEST(SpineVersionCorpus, ConvertedSkeletonsPoseAsTheSourceGoldensWhereRigioPlaysTheTarget) {
    int compared = 0, skipped_anims = 0, pairs = 0;
    std::map<std::string, std::pair<int, double>> per_pair;  // animations compared, largest difference
    std::map<std::string, std::string> not_played;
    for (Version from : kVersions) {
        const std::string sub = std::string("corpus/spine-") + version_name(from);
        for (const auto& path : test::corpus_files(sub, ".skel")) {
            const auto golden = test::shared_dir() / (std::string("golden/spine-") + version_name(from)) / (path.filename().string() + ".pose.json");
            if (!std::filesystem::exists(golden)) continue;
            const std::vector<std::uint8_t> reference = io::read_file(golden.string()).value();
            const std::string ref(reference.begin(), reference.end());
            auto source = load(path);
            ASSERT_TRUE(source.ok()) << path << ": " << source.error().what();
            // The goldens of skeletons with physics hold per-sample physics values no other version has
            // (the check leaves them out; pose_check compares them): left to the check.
            if (!source->physics.empty()) continue;
            for (Version to : kVersions) {
                if (to == from) continue;
                const std::string pair = std::string(version_name(from)) + "->" + version_name(to);
                const std::string label = path.filename().string() + " " + pair;
                auto r = convert::convert_spine_version(*source, to);
                bool setup_moves = false;
                for (const Loss& l : r.losses.losses) setup_moves |= setup_loss_moves_poses(l);
                if (setup_moves) continue;  // the check names the bones; here only whole files are compared
                spine::runtime::RuntimeData runtime;
                try {
                    runtime = spine::runtime::prepare(r.data).value();
                } catch (const Error& e) {
                    not_played[version_name(to)] = e.what();
                    continue;
                }
                ++pairs;
                const bool regions = from >= Version::V41 && to < Version::V41 && ref.find("\"format\"") != std::string::npos;
                const verify::PoseCheck check = verify::check_spine_poses(runtime, regions ? frames_as_regions(ref) : ref).value();
                for (const verify::AnimationCheck& a : check.animations) {
                    bool named = false;
                    for (const Loss& l : r.losses.losses) named |= l.where == "/animations/" + a.animation || l.where.rfind("/animations/" + a.animation + "/", 0) == 0;
                    if (named) {
                        ++skipped_anims;
                        continue;
                    }
                    ++compared;
                    auto& [n, worst] = per_pair[pair];
                    ++n;
                    worst = std::max(worst, a.largest);
                    EXPECT_TRUE(a.ok()) << label << " '" << a.animation << "' [" << a.run << "]: " << a.first_mismatch;
                }
            }
        }
    }
    for (const auto& [v, why] : not_played) std::cout << "  target " << v << " not posed: " << why << "\n";
    for (const auto& [pair, s] : per_pair) std::cout << "  " << pair << ": " << s.first << " animation runs compared, largest difference " << s.second << "\n";
    std::cout << pairs << " conversions posed, " << compared << " animation runs compared, " << skipped_anims << " left out (named by losses)\n";
    if (!pairs) GTEST_SKIP() << "no corpus with goldens, or no target version rigio's runtime plays";
    EXPECT_GT(compared, 0);
}
