// spine::statistics (rigio/spine/inspect.hpp): counts and timeline kinds named in each version's words,
// on data built here for the features each version adds, and on every corpus .skel of 3.7, 4.0, 4.1 and
// 4.2 against the counts the corpus READMEs list (what the official spine-cpp loader built from the file).
#include <gtest/gtest.h>

#include <fstream>
#include <cctype>
#include <map>
#include <set>
#include <sstream>
#include <string>

#include "rigio/io/file.hpp"
#include "rigio/spine/binary.hpp"
#include "rigio/spine/inspect.hpp"
#include "rigio/spine/json.hpp"
#include "support/read.hpp"
#include "support/shared.hpp"

using namespace rigio;
using namespace rigio::spine;

namespace {

SkeletonData read_ok(const std::string& text) { return test::spine_json_ok(text); }

std::map<std::string, std::size_t> kinds(const SkeletonStats& s) {
    std::map<std::string, std::size_t> out;
    for (const TimelineKind& k : s.timeline_kinds) out[k.name] = k.count;
    return out;
}

// 4.2: physics constraints and timelines (reset included), inherit and per-channel timelines, a sequence,
// skin-required bones and constraints.
const char* kSpine42 = R"({"skeleton":{"hash":"PlcXzl8RAT8","spine":"4.2.43","referenceScale":50},
"bones":[{"name":"root"},{"name":"a","parent":"root","skin":true},{"name":"b","parent":"a"}],
"slots":[{"name":"s","bone":"b","attachment":"r"}],
"ik":[{"name":"k","bones":["b"],"target":"root","skin":true}],
"physics":[{"name":"p","bone":"b","x":1},{"name":"q","bone":"a","rotate":1,"skin":true}],
"skins":[{"name":"default","attachments":{"s":{"r":{"width":4,"height":4,"sequence":{"count":3}},"m":{"type":"point"}}}}],
"animations":{
 "one":{
  "bones":{"a":{"inherit":[{"inherit":"noScale"}],"translatex":[{"value":1}],"rotate":[{"value":5}]}},
  "slots":{"s":{"rgba":[{"color":"ff0000ff"}],"alpha":[{"value":0.5}]}},
  "physics":{"p":{"wind":[{"value":1}],"reset":[{"time":0.5}]},"":{"mix":[{"value":0.5}]}},
  "attachments":{"default":{"s":{"r":{"sequence":[{"mode":"loop"}]}}}}
 },
 "two":{"bones":{"b":{"scaley":[{"value":2}]}},"drawOrder":[{"time":1}]}
}})";

}  // namespace

TEST(SpineInspect, Spine42FeaturesAreCounted) {
    const SkeletonData sd = read_ok(kSpine42);
    const SkeletonStats s = statistics(sd);
    EXPECT_EQ(s.version, Version::V42);
    EXPECT_EQ(s.bones, 3u);
    EXPECT_EQ(s.slots, 1u);
    EXPECT_EQ(s.ik, 1u);
    EXPECT_EQ(s.physics, 2u);
    EXPECT_EQ(s.constraints(), 3u);
    EXPECT_EQ(s.skin_required_bones, 1u);
    EXPECT_EQ(s.skin_required_constraints, 2u);
    EXPECT_EQ(s.attachments, 2u);
    EXPECT_EQ(s.attachments_by_type[static_cast<std::size_t>(AttachmentType::Region)], 1u);
    EXPECT_EQ(s.attachments_by_type[static_cast<std::size_t>(AttachmentType::Point)], 1u);
    EXPECT_EQ(s.sequence_attachments, 1u);
    ASSERT_EQ(s.animations.size(), 2u);
    const TimelineCounts& one = s.animations[0].timelines;
    EXPECT_EQ(one.bone, 3u);
    EXPECT_EQ(one.inherit, 1u);
    EXPECT_EQ(one.slot, 2u);
    EXPECT_EQ(one.physics, 3u);
    EXPECT_EQ(one.sequence, 1u);
    EXPECT_EQ(one.deform, 0u);
    EXPECT_EQ(one.total(), 9u);
    EXPECT_EQ(s.animations[1].timelines.total(), 2u);  // scaley, draw order
    EXPECT_EQ(s.timelines.total(), 11u);
    const std::map<std::string, std::size_t> want{{"slots/rgba", 1},          {"slots/alpha", 1},       {"bones/rotate", 1},
                                                  {"bones/translatex", 1},    {"bones/scaley", 1},      {"bones/inherit", 1},
                                                  {"physics/wind", 1},        {"physics/mix", 1},       {"physics/reset", 1},
                                                  {"attachments/sequence", 1}, {"drawOrder", 1}};
    EXPECT_EQ(kinds(s), want);
    // In the files' order of groups: slots, bones, ..., physics, attachments, drawOrder.
    ASSERT_FALSE(s.timeline_kinds.empty());
    EXPECT_EQ(s.timeline_kinds.front().name, "slots/rgba");
    EXPECT_EQ(s.timeline_kinds.back().name, "drawOrder");
    EXPECT_EQ(attachment_type_name(AttachmentType::LinkedMesh), "linkedmesh");
}

// 3.x names its timeline kinds as its JSON does: "color"/"twoColor", 3.7 "paths", "deform" ungrouped.
TEST(SpineInspect, Spine37KindsUseItsOwnWords) {
    const SkeletonData sd = read_ok(R"({"skeleton":{"spine":"3.7.94"},
"bones":[{"name":"root"}],
"slots":[{"name":"s","bone":"root","attachment":"m"}],
"path":[{"name":"p","order":0,"bones":["root"],"target":"s"}],
"skins":{"default":{"s":{"m":{"type":"mesh","uvs":[0,0,1,0,1,1],"triangles":[0,1,2],"vertices":[0,0,1,0,1,1],"hull":3}}}},
"animations":{"a":{
 "slots":{"s":{"color":[{"time":0,"color":"ffffffff"}],"twoColor":[{"time":0,"light":"ffffffff","dark":"000000"}]}},
 "paths":{"p":{"position":[{"time":0,"position":1}],"mix":[{"time":0}]}},
 "deform":{"default":{"s":{"m":[{"time":0}]}}}}}})");
    const SkeletonStats s = statistics(sd);
    const std::map<std::string, std::size_t> want{
        {"slots/color", 1}, {"slots/twoColor", 1}, {"paths/position", 1}, {"paths/mix", 1}, {"deform", 1}};
    EXPECT_EQ(kinds(s), want);
    EXPECT_EQ(s.path, 1u);
    EXPECT_EQ(s.animations.at(0).timelines.deform, 1u);
    EXPECT_EQ(s.animations.at(0).timelines.path, 2u);
}

// Every corpus .skel against its README's table: bones, slots, named skins, constraints by kind,
// attachments by type, sequences, skin-required bones/constraints, events, animations, and the
// "notable timelines" (every kind but bone rotate/translate/scale/shear, named as spine-cpp names them).
TEST(SpineInspect, CorpusCountsMatchTheReadmes) {
    // spine-cpp timeline class -> rigio kind (per version where the words differ).
    const auto kind_of = [](const std::string& cpp, Version v) -> std::string {
        static const std::map<std::string, std::string> fixed{
            {"Attachment", "slots/attachment"}, {"Color", "slots/color"},   {"TwoColor", "slots/twoColor"}, {"RGBA", "slots/rgba"},
            {"RGBA2", "slots/rgba2"},           {"RGB", "slots/rgb"},       {"RGB2", "slots/rgb2"},         {"Alpha", "slots/alpha"},
            {"DrawOrder", "drawOrder"},         {"Event", "events"},        {"IkConstraint", "ik"},         {"TransformConstraint", "transform"},
            {"TranslateX", "bones/translatex"}, {"TranslateY", "bones/translatey"}, {"Inherit", "bones/inherit"},
            {"Sequence", "attachments/sequence"}};
        if (cpp == "Deform") return v >= Version::V41 ? "attachments/deform" : "deform";
        if (cpp.rfind("PathConstraint", 0) == 0) {
            std::string k = cpp.substr(14);
            for (char& c : k) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
            return (v == Version::V37 ? "paths/" : "path/") + k;
        }
        auto it = fixed.find(cpp);
        return it == fixed.end() ? "?" + cpp : it->second;
    };
    int compared = 0;
    for (const char* version : {"3.7", "4.0", "4.1", "4.2"}) {
        const std::filesystem::path dir = test::shared_dir() / "corpus" / (std::string("spine-") + version);
        std::ifstream readme(dir / "README.md");
        if (!readme) continue;
        std::string line;
        bool in_table = false;
        while (std::getline(readme, line)) {
            if (line.rfind("| pair |", 0) == 0) {
                in_table = true;
                continue;
            }
            if (!in_table || line.rfind("| ", 0) != 0 || line.rfind("|---", 0) == 0) continue;
            std::vector<std::string> cells;
            std::stringstream ss(line.substr(1));
            for (std::string c; std::getline(ss, c, '|');) {
                const auto b = c.find_first_not_of(' '), e = c.find_last_not_of(' ');
                cells.push_back(b == std::string::npos ? "" : c.substr(b, e - b + 1));
            }
            if (cells.size() < 22 || !std::filesystem::exists(dir / (cells[0] + ".skel"))) continue;
            SCOPED_TRACE(std::string(version) + "/" + cells[0]);
            auto sd = read_skel(io::read_file((dir / (cells[0] + ".skel")).string()).value());
            ASSERT_TRUE(sd.ok()) << sd.error().what();
            const SkeletonStats s = statistics(*sd);
            const auto expect_cell = [&](std::size_t col, std::size_t got, const char* what) {
                if (cells[col] == "—") return;
                EXPECT_EQ(std::to_string(got), cells[col]) << what;
            };
            const auto type = [&](AttachmentType t) { return s.attachments_by_type[static_cast<std::size_t>(t)]; };
            expect_cell(1, s.bones, "bones");
            expect_cell(2, s.slots, "slots");
            expect_cell(3, s.skins - (sd->has_default_skin ? 1 : 0), "named skins");
            expect_cell(4, s.ik, "IK");
            expect_cell(5, s.transform, "transform");
            expect_cell(6, s.path, "path");
            expect_cell(7, s.physics, "physics");
            expect_cell(8, type(AttachmentType::Region), "region");
            expect_cell(9, type(AttachmentType::Mesh) + type(AttachmentType::LinkedMesh), "mesh (linked included, as spine-cpp counts)");
            expect_cell(10, type(AttachmentType::LinkedMesh), "linked mesh");
            expect_cell(11, type(AttachmentType::BoundingBox), "bounding box");
            expect_cell(12, type(AttachmentType::Path), "path attachment");
            expect_cell(13, type(AttachmentType::Point), "point");
            expect_cell(14, type(AttachmentType::Clipping), "clipping");
            expect_cell(15, s.sequence_attachments, "sequences");
            const std::string req = cells[18];
            const std::string req_bones = req.substr(0, req.find('/')), req_constraints = req.substr(req.find('/') + 1);
            if (req_bones != "—") {
                EXPECT_EQ(std::to_string(s.skin_required_bones), req_bones) << "skin-required bones";
            }
            if (req_constraints != "—") {
                EXPECT_EQ(std::to_string(s.skin_required_constraints), req_constraints) << "skin-required constraints";
            }
            EXPECT_EQ(std::to_string(s.events), cells[19].substr(0, cells[19].find(' '))) << "events";
            expect_cell(20, s.animations.size(), "animations");
            // Notable timelines: "Attachment×9, RGBA×1, Physics(Damping,Inertia)×68" (one count for a group).
            std::map<std::string, std::size_t> want, got;
            std::stringstream items(cells[21]);
            for (std::string item; std::getline(items, item, ',');) {
                while (!item.empty() && item.front() == ' ') item.erase(0, 1);
                if (item.empty()) continue;
                if (item.rfind("Physics(", 0) == 0 && item.find(')') == std::string::npos) {  // "Physics(A,B,...)×n"
                    std::string rest;
                    while (item.find(')') == std::string::npos && std::getline(items, rest, ',')) item += "," + rest;
                }
                const auto times = item.find("×");
                ASSERT_NE(times, std::string::npos) << item;
                const std::size_t n = std::stoul(item.substr(times + std::string("×").size()));
                const std::string name = item.substr(0, times);
                want[name.rfind("Physics(", 0) == 0 ? "physics" : kind_of(name, s.version)] += n;
            }
            for (const TimelineKind& k : s.timeline_kinds) {
                static const std::set<std::string> unlisted{"bones/rotate", "bones/translate", "bones/scale", "bones/shear"};
                if (unlisted.count(k.name)) continue;
                got[k.name.rfind("physics/", 0) == 0 ? "physics" : k.name] += k.count;
            }
            EXPECT_EQ(got, want) << cells[21];
            ++compared;
        }
    }
    if (compared == 0) GTEST_SKIP() << "../shared/corpus/spine-3.7 .. 4.2 READMEs not found: corpus test skipped";
    EXPECT_GE(compared, 80);
}
