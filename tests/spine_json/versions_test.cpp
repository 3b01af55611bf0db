// Spine JSON of every version rigio reads besides 3.8 (3.7, 4.0, 4.1, 4.2; corpus_test.cpp covers 3.8):
// each editor export reads without warnings and writes back byte for byte in its own version's layout,
// reading the output gives the same model, and versions rigio does not read are refused before parsing.
#include <gtest/gtest.h>

#include <string>

#include "rigio/io/file.hpp"
#include "rigio/spine/json.hpp"
#include "support/shared.hpp"

using namespace rigio;

namespace {

std::string text_of(const std::filesystem::path& p) {
    auto bytes = io::read_file(p.string());
    return std::string(bytes.begin(), bytes.end());
}

void expect_byte_identical(const std::string& version, std::size_t expected_files) {
    const std::string sub = "corpus/spine-" + version;
    auto files = test::corpus_files(sub, ".json");
    RIGIO_REQUIRE_CORPUS(files, sub);
    EXPECT_EQ(files.size(), expected_files);
    for (const auto& f : files) {
        SCOPED_TRACE(f.filename().string());
        std::string text = text_of(f);
        std::vector<std::string> warnings;
        auto sd = spine::read_json(text, {&warnings});
        ASSERT_TRUE(sd.ok()) << sd.error().what();
        EXPECT_TRUE(warnings.empty()) << warnings.front();
        EXPECT_EQ(sd->header.version.value_or("").substr(0, version.size()), version);
        std::string out = spine::write_json(*sd);
        EXPECT_EQ(out.size(), text.size());
        EXPECT_TRUE(out == text) << "first difference at byte "
                                 << std::mismatch(out.begin(), out.end(), text.begin(), text.end()).first - out.begin();
        auto again = spine::read_json(out);
        ASSERT_TRUE(again.ok()) << again.error().what();
        EXPECT_TRUE(*again == *sd);
    }
}

std::string error_of(std::string_view text) {
    auto r = spine::read_json(text);
    return r.ok() ? std::string("(read without error)") : std::string(r.error().what());
}

}  // namespace

TEST(SpineJsonVersions, Spine37RoundTripsByteForByte) { expect_byte_identical("3.7", 21); }

// 3.7 has no setup-pose origin, an object of skins, "paths" for path timelines, curves as arrays and
// every key's time written; a 3.7 model written as 3.7 keeps those shapes.
TEST(SpineJsonVersions, Spine37Shapes) {
    const std::string text = R"({
"skeleton": { "hash": "h", "spine": "3.7.94", "width": 10, "height": 20 },
"bones": [ { "name": "root" } ],
"slots": [ { "name": "s", "bone": "root", "attachment": "a" } ],
"path": [ { "name": "p", "order": 0, "bones": [ "root" ], "target": "s" } ],
"skins": {
	"default": {
		"s": {
			"a": { "width": 4, "height": 4 },
			"pa": { "type": "path", "lengths": [ 1 ], "vertexCount": 3, "vertices": [ 0, 0, 1, 1, 2, 2 ] }
		}
	}
},
"animations": {
	"run": {
		"bones": {
			"root": {
				"rotate": [
					{ "time": 0, "angle": 0, "curve": [ 0.25, 0, 0.75, 1 ] },
					{ "time": 1, "angle": 90 }
				]
			}
		},
		"paths": {
			"p": {
				"position": [ { "time": 0, "position": 0.5 } ]
			}
		}
	}
}
})";
    auto sd = spine::read_json(text);
    ASSERT_TRUE(sd.ok()) << sd.error().what();
    ASSERT_EQ(sd->skins.size(), 1u);
    EXPECT_EQ(sd->skins[0].slots.at(0).attachments.size(), 2u);
    ASSERT_EQ(sd->animations.size(), 1u);
    ASSERT_EQ(sd->animations[0].path.size(), 1u);
    EXPECT_EQ(sd->animations[0].path[0].timelines.at(0).keys.at(0).a, 0.5f);
    const auto& c = sd->animations[0].bones.at(0).timelines.at(0).keys.at(0).curve;
    EXPECT_EQ(c.type, spine::CurveType::Bezier);
    EXPECT_EQ(c.cx2, 0.75f);
    const std::string out = spine::write_json(*sd);
    for (const char* shape : {"\"skins\": {\n\t\"default\": {", "\"paths\": {", "\"angle\": 0,\n\t\t\t\t\t\t\"curve\": [ 0.25, 0, 0.75, 1 ]",
                              "\"order\": 0", "{ \"time\": 0, \"position\": 0.5 }"})
        EXPECT_NE(out.find(shape), std::string::npos) << shape << " not in\n" << out;
    EXPECT_EQ(out.find("\"x\""), std::string::npos) << out;
    auto again = spine::read_json(out);
    ASSERT_TRUE(again.ok()) << again.error().what();
    EXPECT_TRUE(*again == *sd);
}

TEST(SpineJsonVersions, UnreadVersionsAreRefusedBeforeParsing) {
    // The rest of the document is not looked at: a 4.3 file with 4.3-only content gives the version message.
    for (const char* v : {"4.3.12", "3.6.53", "3.5.51", "5.0", "3.8.75"}) {
        SCOPED_TRACE(v);
        const std::string m = error_of(std::string(R"({ "skeleton": { "spine": ")") + v + R"(" }, "bones": 7 })");
        EXPECT_NE(m.find(std::string("Spine ") + v + " JSON: rigio reads Spine 3.7"), std::string::npos) << m;
        EXPECT_NE(m.find("/skeleton/spine"), std::string::npos) << m;
        EXPECT_NE(m.find("line 1"), std::string::npos) << m;
    }
}
