// Spine JSON of every version rigio reads besides 3.8 (3.7, 4.0, 4.1, 4.2; corpus_test.cpp covers 3.8):
// each editor export reads without warnings and writes back byte for byte in its own version's layout,
// reading the output gives the same model, and versions rigio does not read are refused before parsing.
#include <gtest/gtest.h>

#include <string>

#include "rigio/io/file.hpp"
#include "rigio/spine/json.hpp"
#include "support/read.hpp"
#include "support/shared.hpp"

using namespace rigio;

namespace {

using test::text_of;

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
        std::string out = spine::write_json(*sd).value();
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
TEST(SpineJsonVersions, Spine40RoundTripsByteForByte) { expect_byte_identical("4.0", 21); }
TEST(SpineJsonVersions, Spine41RoundTripsByteForByte) { expect_byte_identical("4.1", 22); }
TEST(SpineJsonVersions, Spine42RoundTripsByteForByte) { expect_byte_identical("4.2", 26); }

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
    const std::string out = spine::write_json(*sd).value();
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

namespace {

// A 4.x skeleton with one of each construct the corpus lacks; `spine` picks the version.
std::string doc4(const std::string& spine, const std::string& animation, const std::string& extra_setup = "") {
    return R"({ "skeleton": { "hash": "IQgkYFQG8ng", "spine": ")" + spine + R"(", "x": 1, "y": 2, "width": 3, "height": 4 },
"bones": [ { "name": "root" }, { "name": "hip", "parent": "root" } ],
"slots": [ { "name": "body", "bone": "hip", "attachment": "r" } ],
"transform": [ { "name": "t", "bones": [ "hip" ], "target": "root", "mixX": 0.5, "mixY": 0.25, "mixScaleX": 0 } ],
"path": [ { "name": "p", "bones": [ "hip" ], "target": "body", "spacingMode": "proportional", "mixX": 0.5 } ],)" +
           extra_setup + R"(
"skins": [ { "name": "default", "attachments": { "body": {
	"r": { "width": 2, "height": 2 },
	"m": { "type": "mesh", "uvs": [ 0, 0, 1, 0, 1, 1 ], "triangles": [ 0, 1, 2 ], "vertices": [ 0, 0, 1, 0, 1, 1 ], "hull": 3 },
	"p": { "type": "path", "lengths": [ 1 ], "vertexCount": 3, "vertices": [ 0, 0, 1, 1, 2, 2 ] }
} } } ],
"animations": { "a": )" + animation + R"( } })";
}

spine::SkeletonData read_ok(const std::string& text) {
    std::vector<std::string> warnings;
    auto sd = spine::read_json(text, {&warnings});
    EXPECT_TRUE(sd.ok()) << sd.error().what();
    EXPECT_TRUE(warnings.empty()) << (warnings.empty() ? "" : warnings.front());
    return sd.ok() ? *sd : spine::SkeletonData{};
}

// Written, read back and written again: the same model and the same text.
std::string stable_text(const spine::SkeletonData& sd) {
    const std::string out = spine::write_json(sd).value();
    auto again = spine::read_json(out);
    EXPECT_TRUE(again.ok()) << again.error().what() << "\n" << out;
    if (!again.ok()) return out;
    EXPECT_TRUE(*again == sd) << out;
    EXPECT_EQ(spine::write_json(*again).value(), out);
    return out;
}

void expect_in(const std::string& out, std::initializer_list<const char*> parts) {
    for (const char* p : parts) EXPECT_NE(out.find(p), std::string::npos) << p << " not in\n" << out;
}

}  // namespace

// The 4.x colour timelines by channel set, per-axis bone timelines, per-channel curves, 4.x mixes.
TEST(SpineJsonVersions, Spine4TimelinesAndMixes) {
    const std::string anim = R"({
	"slots": { "body": {
		"rgb": [ { "color": "ff8000", "curve": [ 0.1, 1, 0.2, 0.5, 0.1, 0.5, 0.2, 0.25, 0.1, 0, 0.2, 0 ] }, { "time": 1, "color": "000000" } ],
		"alpha": [ { "value": 0.502, "curve": "stepped" }, { "time": 1 } ],
		"rgb2": [ { "light": "102030", "dark": "405060" } ],
		"attachment": [ { "time": 0.5 }, { "time": 1, "name": "r" } ]
	} },
	"bones": { "hip": {
		"translatex": [ { "value": 5, "curve": [ 0.3, 5, 0.6, 7 ] }, { "time": 1, "value": 7 } ],
		"scaley": [ { "time": 0.2 } ],
		"shear": [ { "x": 3, "curve": [ 0.1, 3, 0.2, 3, 0.1, 0, 0.2, 0 ] }, { "time": 1 } ]
	} },
	"transform": { "t": [ { "mixRotate": 0.5, "mixX": 0.25, "mixY": 0.75, "mixScaleX": 0 } ] },
	"path": { "p": { "mix": [ { "mixRotate": 0, "mixX": 0.5, "curve": [ 0, 0, 1, 1, 0, 0.5, 1, 1, 0, 0.5, 1, 1 ] }, { "time": 1 } ],
		"position": [ { "value": 0.5 } ] } }
})";
    for (const char* v : {"4.0.64", "4.1.23", "4.2.43"}) {
        SCOPED_TRACE(v);
        auto sd = read_ok(doc4(v, anim));
        ASSERT_EQ(sd.animations.size(), 1u);
        const auto& a = sd.animations[0];
        const auto& slot = a.slots.at(0).timelines;
        ASSERT_EQ(slot.size(), 4u);
        EXPECT_EQ(slot[0].type, spine::SlotTimelineType::Rgb);
        EXPECT_EQ(slot[0].color_keys.at(0).color, 0xFF8000FFu);
        EXPECT_EQ(slot[0].color_keys.at(0).curve.bezier.size(), 12u);
        EXPECT_EQ(slot[1].type, spine::SlotTimelineType::Alpha);
        EXPECT_EQ(slot[1].color_keys.at(0).color & 0xFF, 128u);
        EXPECT_EQ(slot[2].type, spine::SlotTimelineType::Rgb2);
        EXPECT_EQ(slot[2].color_keys.at(0).dark, 0x405060u);
        EXPECT_FALSE(slot[3].attachment_keys.at(0).name.has_value());
        const auto& bone = a.bones.at(0).timelines;
        EXPECT_EQ(bone.at(0).type, spine::BoneTimelineType::TranslateX);
        EXPECT_EQ(bone.at(1).type, spine::BoneTimelineType::ScaleY);
        EXPECT_EQ(bone.at(1).keys.at(0).x, 1.0f);  // a scale defaults to 1
        EXPECT_EQ(a.transform.at(0).keys.at(0).mix_y, 0.75f);
        EXPECT_EQ(a.transform.at(0).keys.at(0).mix_scale_y, 0.0f);  // Y defaults to X
        EXPECT_EQ(sd.transform.at(0).mix_y, 0.25f);
        EXPECT_EQ(sd.path.at(0).spacing_mode, spine::SpacingMode::Proportional);
        EXPECT_EQ(sd.path.at(0).mix_y, 0.5f);
        EXPECT_EQ(a.path.at(0).timelines.at(0).keys.at(0).c, 0.5f);
        const std::string out = stable_text(sd);
        expect_in(out, {"\"alpha\": [", "\"value\": 0.502", "\"rgb2\": [", "\"translatex\": [", "\"mixY\": 0.75", "\"spacingMode\": \"proportional\"",
                        "\"curve\": [ 0.1, 3, 0.2, 3, 0.1, 0, 0.2, 0 ]"});
        // A key that clears the slot: 4.0 writes "name": null, 4.1 on leave the name out.
        const bool v40 = std::string(v).rfind("4.0", 0) == 0;
        EXPECT_EQ(out.find("{ \"time\": 0.5, \"name\": null }") != std::string::npos, v40) << out;
        EXPECT_EQ(out.find("{ \"time\": 0.5 }") != std::string::npos, !v40) << out;
    }
}

// 4.1 sequences and attachment timelines; 4.2 physics, inherit keys, referenceScale and editor flags.
TEST(SpineJsonVersions, Spine42SequencesPhysicsAndInherit) {
    const std::string physics = R"(
"physics": [
	{ "name": "ph", "order": 2, "bone": "hip", "x": 0.5, "rotate": 1, "limit": 200, "fps": 30, "inertia": 0.5, "mass": 0.43, "windGlobal": true },
	{ "name": "ph2", "bone": "hip", "mass": 3, "gravity": -20 }
],)";
    const std::string anim = R"({
	"bones": { "hip": { "inherit": [ { "inherit": "noScale" }, { "time": 1 } ] } },
	"physics": { "ph": { "mass": [ { "value": 0.23 } ], "reset": [ {}, { "time": 0.5 } ] }, "": { "wind": [ { "value": 4, "curve": [ 0.2, 4, 0.5, 8 ] }, { "time": 1, "value": 8 } ] } },
	"attachments": { "default": { "body": {
		"r": { "sequence": [ { "mode": "pingpongReverse", "index": 2, "delay": 0.0667 }, { "time": 1, "mode": "once" } ] },
		"m": { "deform": [ { "vertices": [ 1, 2 ], "curve": [ 0.1, 0, 0.2, 1 ] }, { "time": 1 } ], "sequence": [ { "time": 0.5 } ] }
	} } }
})";
    std::string text = doc4("4.2.43", anim, physics);
    text.replace(text.find("\"height\": 4"), 11, "\"height\": 4, \"referenceScale\": 50");
    text.replace(text.find("{ \"name\": \"hip\", \"parent\": \"root\" }"), 35,
                 "{ \"name\": \"hip\", \"parent\": \"root\", \"inherit\": \"onlyTranslation\", \"icon\": \"ik\", \"visible\": false }");
    text.replace(text.find("\"r\": { \"width\": 2, \"height\": 2 }"), 32,
                 "\"r\": { \"width\": 2, \"height\": 2, \"sequence\": { \"count\": 9, \"start\": 0, \"digits\": 2, \"setup\": 3 } }");
    auto sd = read_ok(text);
    EXPECT_EQ(sd.header.data_version, spine::Version::V42);
    EXPECT_EQ(sd.header.reference_scale, 50.0f);
    EXPECT_EQ(sd.bones.at(1).transform, spine::TransformMode::OnlyTranslation);
    EXPECT_FALSE(sd.bones.at(1).visible);
    ASSERT_EQ(sd.physics.size(), 2u);
    EXPECT_EQ(sd.physics[0].fps, 30);
    EXPECT_TRUE(sd.physics[0].wind_global);
    EXPECT_FLOAT_EQ(sd.physics[1].mass_inverse, 1.0f / 3);
    const auto& att = sd.skins.at(0).slots.at(0).attachments.at(0).attachment;
    ASSERT_TRUE(att.sequence.has_value());
    EXPECT_EQ(att.sequence->count, 9);
    EXPECT_EQ(att.sequence->setup_index, 3);
    const auto& a = sd.animations.at(0);
    EXPECT_EQ(a.bones.at(0).timelines.at(0).keys.at(0).inherit, spine::TransformMode::NoScale);
    ASSERT_EQ(a.physics.size(), 2u);
    EXPECT_EQ(a.physics[1].constraint, -1);  // "": every physics constraint
    EXPECT_EQ(a.physics[0].timelines.at(1).type, spine::PhysicsTimelineType::Reset);
    const auto& tl = a.deform.at(0).slots.at(0).timelines;
    ASSERT_EQ(tl.size(), 3u);
    EXPECT_EQ(tl[0].type, spine::AttachmentTimelineType::Sequence);
    EXPECT_EQ(tl[0].sequence_keys.at(0).mode, spine::SequenceMode::PingpongReverse);
    EXPECT_EQ(tl[1].type, spine::AttachmentTimelineType::Deform);
    EXPECT_EQ(tl[2].type, spine::AttachmentTimelineType::Sequence);
    const std::string out = stable_text(sd);
    expect_in(out, {"\"referenceScale\": 50", "\"inherit\": \"onlyTranslation\", \"icon\": \"ik\", \"visible\": false", "\"mass\": 0.43",
                    "\"mass\": 3", "\"fps\": 30", "\"sequence\": { \"count\": 9, \"start\": 0, \"digits\": 2, \"setup\": 3 }", "\"\": {",
                    "\"mode\": \"pingpongReverse\"", "\"reset\": [", "{ \"inherit\": \"noScale\" }"});
    // Both timelines of mesh "m" share one object: "m" is a key twice, in the skin and in the animation.
    std::size_t count = 0;
    for (std::size_t at = out.find("\"m\": {"); at != std::string::npos; at = out.find("\"m\": {", at + 1)) ++count;
    EXPECT_EQ(count, 2u) << out;
}

TEST(SpineJsonVersions, Spine4BadInputIsLocated) {
    auto error = [](const std::string& text) { return error_of(text); };
    // Unknown keys are kept everywhere, also inside a sequence.
    {
        std::vector<std::string> warnings;
        std::string text = doc4("4.1.20", "{}");
        text.replace(text.find("\"r\": { \"width\": 2, \"height\": 2 }"), 32, "\"r\": { \"width\": 2, \"height\": 2, \"sequence\": { \"count\": 2, \"x-tool\": [ 1 ] } }");
        auto sd = spine::read_json(text, {&warnings});
        ASSERT_TRUE(sd.ok()) << sd.error().what();
        ASSERT_EQ(warnings.size(), 1u);
        EXPECT_NE(warnings[0].find("/skins/0/attachments/body/r/sequence/x-tool"), std::string::npos) << warnings[0];
        EXPECT_NE(spine::write_json(*sd).value().find("\"count\": 2,\n\t\t\t\t\t\t\"x-tool\": [ 1 ]"), std::string::npos) << spine::write_json(*sd).value();
    }
    const std::string curve = error(doc4("4.1.20", R"({ "bones": { "hip": { "translate": [ { "curve": [ 0.1, 0, 0.2, 1 ] } ] } } })"));
    EXPECT_NE(curve.find("/animations/a/bones/hip/translate/0/curve"), std::string::npos) << curve;
    EXPECT_NE(curve.find("needs 8 numbers"), std::string::npos) << curve;
    const std::string inherit = error(doc4("4.1.20", R"({ "bones": { "hip": { "inherit": [ {} ] } } })"));
    EXPECT_NE(inherit.find("unknown bone timeline \"inherit\""), std::string::npos) << inherit;
    const std::string seq = error(doc4("4.1.20", R"({ "attachments": { "default": { "body": { "p": { "sequence": [ {} ] } } } } })"));
    EXPECT_NE(seq.find("/animations/a/attachments/default/body/p/sequence"), std::string::npos) << seq;
    EXPECT_NE(seq.find("no regions"), std::string::npos) << seq;
    const std::string alpha = error(doc4("4.0.64", R"({ "slots": { "body": { "alpha": [ { "value": 2 } ] } } })"));
    EXPECT_NE(alpha.find("/animations/a/slots/body/alpha/0/value"), std::string::npos) << alpha;
    const std::string ph = error(doc4("4.2.43", R"({ "physics": { "nope": { "wind": [ {} ] } } })"));
    EXPECT_NE(ph.find("unknown physics constraint \"nope\""), std::string::npos) << ph;
    const std::string mass = error(doc4("4.2.43", "{}", R"( "physics": [ { "name": "x", "bone": "hip", "mass": 0 } ],)"));
    EXPECT_NE(mass.find("/physics/0/mass"), std::string::npos) << mass;
    // A physics constraint's keys are matched in one walk: a key twice is still found, at its path.
    const std::string twice = error(doc4("4.2.43", "{}", R"( "physics": [ { "name": "x", "bone": "hip", "wind": 1, "y": 0, "wind": 2 } ],)"));
    EXPECT_NE(twice.find("/physics/0/wind"), std::string::npos) << twice;
    EXPECT_NE(twice.find("duplicate key"), std::string::npos) << twice;
    {
        std::vector<std::string> warnings;
        auto sd = spine::read_json(doc4("4.2.43", "{}", R"( "physics": [ { "name": "x", "bone": "hip", "x-tool": [ 1 ], "wind": 3 } ],)"), {&warnings});
        ASSERT_TRUE(sd.ok()) << sd.error().what();
        ASSERT_EQ(warnings.size(), 1u);
        EXPECT_NE(warnings[0].find("/physics/0/x-tool"), std::string::npos) << warnings[0];
        EXPECT_EQ(sd->physics.at(0).wind, 3);
        EXPECT_NE(spine::write_json(*sd).value().find("\"x-tool\": [ 1 ]"), std::string::npos);
    }
    const std::string prop = error(doc4("3.8.99", "{}"));
    EXPECT_NE(prop.find("/path/0/spacingMode"), std::string::npos) << prop;
    // 4.x keys in a 3.8 file are unknown keys (kept and reported), 3.x keys in a 4.x file likewise.
    std::vector<std::string> warnings;
    auto sd = spine::read_json(R"({ "skeleton": { "spine": "4.2.43", "referenceScale": 10 }, "bones": [ { "name": "root", "transform": "noScale" } ] })",
                               {&warnings});
    ASSERT_TRUE(sd.ok()) << sd.error().what();
    ASSERT_EQ(warnings.size(), 1u);
    EXPECT_NE(warnings[0].find("/bones/0/transform"), std::string::npos) << warnings[0];
    EXPECT_NE(spine::write_json(*sd).value().find("\"transform\": \"noScale\""), std::string::npos);
}
