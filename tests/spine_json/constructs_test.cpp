// Spine 3.8 JSON constructs one by one: curves in every form, weighted vertices, colours, draw order
// without offsets, events with audio, linked meshes, skins, unknown keys, defaults. Each document is
// built here, read, checked field by field, written, and read back unchanged.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <limits>
#include <random>
#include <string>

#include "rigio/spine/binary.hpp"
#include "rigio/spine/json.hpp"

using namespace rigio;
using namespace rigio::spine;

namespace {

SkeletonData read_ok(const std::string& text, std::vector<std::string>* warnings = nullptr) {
    auto r = read_json(text, {warnings});
    if (!r.ok()) ADD_FAILURE() << r.error().what();
    return r.ok() ? r.value() : SkeletonData{};
}

// Reads `text`, writes it, reads the output: both models must be equal.
SkeletonData round_trip(const std::string& text) {
    SkeletonData sd = read_ok(text);
    std::string out = write_json(sd).value();
    SkeletonData again = read_ok(out);
    EXPECT_TRUE(again == sd) << out;
    return sd;
}

const char* kSkeleton = R"("skeleton": { "hash": "h", "spine": "3.8.99", "x": -1.5, "y": 2, "width": 10, "height": 20, "images": "./img/", "audio": "" },
"bones": [ { "name": "root" }, { "name": "hip", "parent": "root", "x": 3, "rotation": 45, "scaleX": 2, "transform": "noScale", "skin": true, "color": "ff0000ff" } ],
"slots": [ { "name": "body", "bone": "hip", "color": "ff000080", "dark": "102030", "attachment": "box", "blend": "screen" }, { "name": "arm", "bone": "root" } ])";

std::string doc(const std::string& rest) {
    std::string out = "{\n";
    out += kSkeleton;
    if (!rest.empty()) {
        out += ",\n";
        out += rest;
    }
    out += "\n}";
    return out;
}

}  // namespace

TEST(SpineJsonConstructs, SetupPoseAndColours) {
    SkeletonData sd = round_trip(doc(""));
    EXPECT_EQ(sd.header.hash, "h");
    EXPECT_EQ(sd.header.version, "3.8.99");
    EXPECT_EQ(sd.header.x, -1.5f);
    EXPECT_EQ(sd.header.fps, 30.0f);  // absent: the editor's default
    EXPECT_EQ(sd.header.audio, "");   // empty, not null
    EXPECT_EQ(sd.header.images, "./img/");
    ASSERT_EQ(sd.bones.size(), 2u);
    EXPECT_EQ(sd.bones[0].parent, -1);
    EXPECT_EQ(sd.bones[1].parent, 0);
    EXPECT_EQ(sd.bones[1].rotation, 45.0f);
    EXPECT_EQ(sd.bones[1].scale_x, 2.0f);
    EXPECT_EQ(sd.bones[1].scale_y, 1.0f);
    EXPECT_EQ(sd.bones[1].transform, TransformMode::NoScale);
    EXPECT_TRUE(sd.bones[1].skin_required);
    EXPECT_EQ(sd.bones[1].color, 0xFF0000FFu);
    EXPECT_EQ(sd.bones[0].color, 0x9B9B9BFFu);  // the editor's default bone colour
    ASSERT_EQ(sd.slots.size(), 2u);
    EXPECT_EQ(sd.slots[0].color, 0xFF000080u);
    ASSERT_TRUE(sd.slots[0].dark.has_value());
    EXPECT_EQ(*sd.slots[0].dark, 0x102030u);
    EXPECT_EQ(sd.slots[0].blend, BlendMode::Screen);
    EXPECT_EQ(sd.slots[0].attachment, "box");
    EXPECT_FALSE(sd.slots[1].dark.has_value());
    EXPECT_FALSE(sd.slots[1].attachment.has_value());
    EXPECT_EQ(sd.slots[1].color, 0xFFFFFFFFu);
    std::string out = write_json(sd).value();
    EXPECT_NE(out.find(R"({ "name": "body", "bone": "hip", "color": "ff000080", "dark": "102030", "attachment": "box", "blend": "screen" })"), std::string::npos) << out;
    EXPECT_NE(out.find(R"({ "name": "arm", "bone": "root" })"), std::string::npos) << out;
    EXPECT_EQ(out.find("fps"), std::string::npos);
}

TEST(SpineJsonConstructs, CurvesInEveryForm) {
    SkeletonData sd = round_trip(doc(R"("animations": { "a": { "bones": { "hip": {
        "rotate": [
            { "angle": 1 },
            { "time": 0.5, "angle": 2, "curve": "stepped" },
            { "time": 1, "angle": 3, "curve": 0.25, "c2": 0.1, "c3": 0.75, "c4": 0.9 },
            { "time": 1.5, "curve": 0.3 },
            { "time": 2, "curve": [ 0.1, 0.2, 0.3, 0.4 ] },
            { "time": 3, "curve": "linear" }
        ] } } } })"));
    ASSERT_EQ(sd.animations.size(), 1u);
    const auto& keys = sd.animations[0].bones.at(0).timelines.at(0).keys;
    ASSERT_EQ(keys.size(), 6u);
    EXPECT_EQ(keys[0].curve.type, CurveType::Linear);
    EXPECT_EQ(keys[0].time, 0.0f);
    EXPECT_EQ(keys[1].curve.type, CurveType::Stepped);
    EXPECT_EQ(keys[2].curve, (Curve2{CurveType::Bezier, 0.25f, 0.1f, 0.75f, 0.9f}));
    EXPECT_EQ(keys[3].curve, (Curve2{CurveType::Bezier, 0.3f, 0, 1, 1}));  // missing c2, c3, c4: 0, 1, 1
    EXPECT_EQ(keys[3].x, 0.0f);
    EXPECT_EQ(keys[4].curve, (Curve2{CurveType::Bezier, 0.1f, 0.2f, 0.3f, 0.4f}));  // the older array form
    EXPECT_EQ(keys[5].curve.type, CurveType::Linear);
    std::string out = write_json(sd).value();
    EXPECT_NE(out.find(R"({ "time": 1.5, "curve": 0.3 })"), std::string::npos) << out;
    EXPECT_NE(out.find(R"({ "time": 1, "angle": 3, "curve": 0.25, "c2": 0.1, "c3": 0.75, "c4": 0.9 })"), std::string::npos);
    EXPECT_NE(out.find(R"({ "time": 2, "curve": 0.1, "c2": 0.2, "c3": 0.3, "c4": 0.4 })"), std::string::npos);
    EXPECT_NE(out.find(R"({ "time": 0.5, "angle": 2, "curve": "stepped" })"), std::string::npos);
}

TEST(SpineJsonConstructs, WeightedAndUnweightedVertices) {
    SkeletonData sd = round_trip(doc(R"("skins": [ { "name": "default", "attachments": {
        "body": {
            "box": { "type": "boundingbox", "vertexCount": 3, "vertices": [ 0, 0, 1, 0, 0, 1 ] },
            "mesh": { "type": "mesh", "uvs": [ 0, 0, 1, 0, 0, 1 ], "triangles": [ 0, 1, 2 ],
                      "vertices": [ 1, 1, 5, 6, 1, 2, 0, 1, 2, 0.5, 1, 3, 4, 0.5, 1, 0, 7, 8, 1 ],
                      "hull": 3, "edges": [ 0, 2, 2, 4 ], "width": 10, "height": 12 }
        } } } ])"));
    ASSERT_EQ(sd.skins.size(), 1u);
    EXPECT_TRUE(sd.has_default_skin);
    const auto& atts = sd.skins[0].slots.at(0).attachments;
    ASSERT_EQ(atts.size(), 2u);
    const Attachment& box = atts[0].attachment;
    EXPECT_EQ(box.type, AttachmentType::BoundingBox);
    EXPECT_FALSE(box.vertices.weighted);
    EXPECT_EQ(box.vertices.count, 3);
    EXPECT_EQ(box.color, 0x60F000FFu);  // the editor's bounding box colour
    const Attachment& mesh = atts[1].attachment;
    EXPECT_EQ(mesh.type, AttachmentType::Mesh);
    EXPECT_TRUE(mesh.vertices.weighted);
    EXPECT_EQ(mesh.vertices.count, 3);
    EXPECT_EQ(mesh.vertices.bones, (Vector<int>{1, 1, 2, 0, 1, 1, 0}));
    EXPECT_EQ(mesh.vertices.values, (Vector<float>{5, 6, 1, 1, 2, 0.5f, 3, 4, 0.5f, 7, 8, 1}));
    EXPECT_EQ(mesh.hull, 3);
    EXPECT_EQ(mesh.edges, (Vector<std::uint16_t>{0, 2, 2, 4}));
    EXPECT_EQ(mesh.width, 10.0f);
    std::string out = write_json(sd).value();
    EXPECT_NE(out.find(R"("vertices": [ 1, 1, 5, 6, 1, 2, 0, 1, 2, 0.5, 1, 3, 4, 0.5, 1, 0, 7, 8, 1 ])"), std::string::npos) << out;
}

TEST(SpineJsonConstructs, AttachmentsOfEveryTypeAndLinkedMeshes) {
    SkeletonData sd = round_trip(doc(R"("path": [ { "name": "p", "order": 2, "bones": [ "hip" ], "target": "arm", "positionMode": "fixed", "spacingMode": "percent", "rotateMode": "chainScale", "position": 0.5 } ],
"skins": [
    { "name": "extra", "bones": [ "hip" ], "path": [ "p" ], "attachments": {
        "arm": { "link": { "name": "shown", "type": "linkedmesh", "path": "img", "skin": "default", "parent": "m", "deform": false, "width": 3, "height": 4 } } } },
    { "name": "default", "attachments": {
        "arm": {
            "m": { "type": "mesh", "uvs": [ 0, 0, 1, 0, 0, 1 ], "triangles": [ 0, 1, 2 ], "vertices": [ 0, 0, 1, 0, 0, 1 ], "hull": 3, "width": 1, "height": 1 },
            "r": { "name": "region", "path": "reg", "x": 1, "y": 2, "scaleX": 3, "rotation": 4, "width": 5, "height": 6, "color": "00ff00ff" },
            "pt": { "type": "point", "x": 1, "rotation": 90 },
            "pa": { "type": "path", "closed": true, "constantSpeed": false, "lengths": [ 10 ], "vertexCount": 3, "vertices": [ 0, 0, 1, 1, 2, 2 ] },
            "clip": { "type": "clipping", "end": "body", "vertexCount": 3, "vertices": [ 0, 0, 1, 0, 0, 1 ], "color": "ce3a3aff" }
        } } }
])"));
    ASSERT_EQ(sd.skins.size(), 2u);
    EXPECT_EQ(sd.skins[0].name, "default");  // the default skin is kept first
    EXPECT_EQ(sd.skins[1].name, "extra");
    EXPECT_EQ(sd.skins[1].bones, (Vector<int>{1}));
    EXPECT_EQ(sd.skins[1].path, (Vector<int>{0}));
    EXPECT_EQ(sd.path.at(0).order, 2);
    EXPECT_EQ(sd.path[0].target, 1);
    EXPECT_EQ(sd.path[0].rotate_mode, RotateMode::ChainScale);
    const Attachment& link = sd.skins[1].slots.at(0).attachments.at(0).attachment;
    EXPECT_EQ(link.type, AttachmentType::LinkedMesh);
    EXPECT_EQ(link.parent, "m");
    EXPECT_EQ(link.parent_skin, "default");
    EXPECT_FALSE(link.deform);
    const auto& def = sd.skins[0].slots.at(0).attachments;
    ASSERT_EQ(def.size(), 5u);
    EXPECT_EQ(def[1].attachment.name, "region");
    EXPECT_EQ(def[1].attachment.scale_y, 1.0f);
    EXPECT_EQ(def[2].attachment.type, AttachmentType::Point);
    EXPECT_EQ(def[3].attachment.lengths, (Vector<float>{10}));
    EXPECT_FALSE(def[3].attachment.constant_speed);
    EXPECT_EQ(def[4].attachment.end_slot, 0);
}

TEST(SpineJsonConstructs, DrawOrderWithAndWithoutOffsets) {
    SkeletonData sd = round_trip(doc(R"("animations": { "a": { "drawOrder": [
        { "time": 0.5, "offsets": [ { "slot": "body", "offset": 1 } ] },
        { "time": 1, "why": null }
    ] } })"));
    const auto& keys = sd.animations.at(0).draw_order;
    EXPECT_EQ(sd.animations[0].json_key_extra, (Vector<KeyJsonExtra>{{"/drawOrder/1", {{"why", "null"}}}}));
    ASSERT_EQ(keys.size(), 2u);
    EXPECT_EQ(keys[0].offsets, (Vector<DrawOrderOffset>{{0, 1}}));
    EXPECT_TRUE(keys[1].offsets.empty());  // back to the setup order
    std::string out = write_json(sd).value();
    EXPECT_NE(out.find("{ \"time\": 1, \"why\": null }"), std::string::npos) << out;
    // The older key name is read too.
    SkeletonData old = read_ok(doc(R"("animations": { "a": { "draworder": [ { "time": 1, "offsets": [ { "slot": "arm", "offset": -1, "n": 2 } ] } ] } })"));
    EXPECT_EQ(old.animations.at(0).draw_order.size(), 1u);
    EXPECT_EQ(old.animations[0].json_key_extra, (Vector<KeyJsonExtra>{{"/drawOrder/0/offsets/0", {{"n", "2"}}}}));
    EXPECT_NE(write_json(old).value().find(R"({ "slot": "arm", "offset": -1, "n": 2 })"), std::string::npos) << write_json(old).value();
}

TEST(SpineJsonConstructs, EventsWithAudio) {
    SkeletonData sd = round_trip(doc(R"("events": {
        "step": { "int": 3, "float": 1.5, "string": "s", "audio": "step.ogg", "volume": 0.8, "balance": -0.5 },
        "plain": {}
    },
    "animations": { "a": { "events": [
        { "name": "step" },
        { "time": 1, "name": "step", "int": 4, "float": 2, "string": "t", "volume": 0.1, "balance": 0.2 },
        { "time": 2, "name": "plain", "volume": 0.3 }
    ] } })"));
    ASSERT_EQ(sd.events.size(), 2u);
    EXPECT_EQ(sd.events[0].audio, "step.ogg");
    EXPECT_EQ(sd.events[0].volume, 0.8f);
    EXPECT_EQ(sd.events[0].balance, -0.5f);
    EXPECT_FALSE(sd.events[1].string_value.has_value());
    const auto& keys = sd.animations.at(0).events;
    ASSERT_EQ(keys.size(), 3u);
    // Values fall back to the event's own.
    EXPECT_EQ(keys[0].int_value, 3);
    EXPECT_EQ(keys[0].float_value, 1.5f);
    EXPECT_FALSE(keys[0].string_value.has_value());
    EXPECT_EQ(keys[0].volume, 0.8f);
    EXPECT_EQ(keys[1].int_value, 4);
    EXPECT_EQ(keys[1].string_value, "t");
    EXPECT_EQ(keys[1].volume, 0.1f);
    EXPECT_EQ(keys[1].balance, 0.2f);
    // Without audio the volume is not part of the data (as in a .skel).
    EXPECT_EQ(keys[2].volume, 1.0f);
    // Every key of an event with audio gets its volume and balance (issue 13, defect 4): spine-cpp,
    // spine-c and spine-ts 3.8 read a missing one as 1 and 0, spine-libgdx and C# as the event's.
    std::string out = write_json(sd).value();
    EXPECT_NE(out.find(R"({ "name": "step", "volume": 0.8, "balance": -0.5 })"), std::string::npos) << out;
    EXPECT_EQ(out.find(R"("volume": 0.1,)"), out.rfind(R"("volume": 0.1,)")) << out;
    EXPECT_NE(out.find("\"volume\": 0.1,\n\t\t\t\t\"balance\": 0.2\n"), std::string::npos) << out;
    EXPECT_NE(out.find(R"({ "time": 2, "name": "plain" })"), std::string::npos) << out;
    EXPECT_NE(out.find(R"("audio": "step.ogg", "volume": 0.8, "balance": -0.5)"), std::string::npos) << out;
}

TEST(SpineJsonConstructs, SlotConstraintPathAndDeformTimelines) {
    SkeletonData sd = round_trip(doc(R"("ik": [ { "name": "ik", "bones": [ "hip" ], "target": "root", "mix": 0.5, "bendPositive": false, "stretch": true } ],
"transform": [ { "name": "tc", "bones": [ "hip" ], "target": "root", "rotation": 5, "scaleX": 0.5, "translateMix": 0.25, "local": true } ],
"path": [ { "name": "pc", "bones": [ "root" ], "target": "arm" } ],
"skins": [ { "name": "default", "attachments": { "body": { "box": { "type": "boundingbox", "vertexCount": 2, "vertices": [ 0, 0, 1, 1 ] } } } } ],
"animations": { "a": {
    "slots": { "body": {
        "attachment": [ { "name": "box" }, { "time": 1, "name": null } ],
        "color": [ { "color": "ff0000ff", "curve": "stepped" }, { "time": 1, "color": "00ff00ff" } ],
        "twoColor": [ { "light": "ffffffff", "dark": "000000" }, { "time": 1, "light": "ff00ffff", "dark": "ff0000" } ] } },
    "bones": { "hip": { "translate": [ { "x": 1 } ], "scale": [ { "y": 2 } ], "shear": [ { "time": 1 } ] } },
    "ik": { "ik": [ { "mix": 0.5, "bendPositive": false, "compress": true }, { "time": 1, "softness": 3 } ] },
    "transform": { "tc": [ { "rotateMix": 0.5 } ] },
    "path": { "pc": { "position": [ { "position": 2 } ], "spacing": [ { "spacing": 3 } ], "mix": [ { "translateMix": 0 } ] } },
    "deform": { "default": { "body": { "box": [ { "offset": 1, "vertices": [ 0.5, 0.25 ] }, { "time": 1 } ] } } }
} })"));
    const Animation& a = sd.animations.at(0);
    ASSERT_EQ(a.slots.size(), 1u);
    ASSERT_EQ(a.slots[0].timelines.size(), 3u);
    EXPECT_EQ(a.slots[0].timelines[0].attachment_keys.at(1).name, std::nullopt);
    EXPECT_EQ(a.slots[0].timelines[1].color_keys.at(0).curve.type, CurveType::Stepped);
    EXPECT_EQ(a.slots[0].timelines[2].type, SlotTimelineType::TwoColor);
    EXPECT_EQ(a.slots[0].timelines[2].color_keys.at(1).dark, 0xFF0000u);
    const auto& bt = a.bones.at(0).timelines;
    EXPECT_EQ(bt.at(1).type, BoneTimelineType::Scale);
    EXPECT_EQ(bt[1].keys.at(0).x, 1.0f);  // scale defaults to 1
    EXPECT_EQ(bt[1].keys.at(0).y, 2.0f);
    EXPECT_EQ(a.ik.at(0).keys.at(0).bend_direction, -1);
    EXPECT_TRUE(a.ik[0].keys[0].compress);
    EXPECT_EQ(a.ik[0].keys.at(1).mix, 1.0f);
    EXPECT_EQ(a.transform.at(0).keys.at(0).translate_mix, 1.0f);
    EXPECT_EQ(a.path.at(0).timelines.at(2).keys.at(0).b, 0.0f);
    EXPECT_EQ(a.path[0].timelines[2].keys[0].a, 1.0f);
    const auto& dk = a.deform.at(0).slots.at(0).timelines.at(0).keys;
    EXPECT_EQ(dk.at(0).offset, 1);
    EXPECT_EQ(dk[0].values, (Vector<float>{0.5f, 0.25f}));
    EXPECT_TRUE(dk.at(1).values.empty());
    EXPECT_EQ(sd.ik.at(0).bend_direction, -1);
    EXPECT_TRUE(sd.ik[0].stretch);
    EXPECT_EQ(sd.transform.at(0).offset_scale_x, 0.5f);
    EXPECT_TRUE(sd.transform[0].local);
    std::string out = write_json(sd).value();
    EXPECT_NE(out.find(R"({ "time": 1, "name": null })"), std::string::npos) << out;
}

TEST(SpineJsonConstructs, UnknownKeysAreKeptAndReportedWithTheirPath) {
    std::vector<std::string> warnings;
    const std::string text = doc(R"("skins": [ { "name": "default", "tag": [ 1, "x" ], "attachments": { "body": { "r": { "width": 1, "height": 1, "note": { "by": "me" } } } } } ],
"events": { "e": { "mood": "ok" } },
"animations": { "a": { "comment": "hi", "bones": { "hip": { "rotate": [ { "time": 0, "angel": 5 } ] } } } }, "extra": 1.5)");
    SkeletonData sd = read_ok(text, &warnings);
    ASSERT_EQ(warnings.size(), 6u);
    EXPECT_NE(warnings[0].find("unknown key kept: /extra"), std::string::npos) << warnings[0];
    EXPECT_NE(warnings[1].find("/skins/0/tag"), std::string::npos) << warnings[1];
    EXPECT_NE(warnings[2].find("/skins/0/attachments/body/r/note"), std::string::npos) << warnings[2];
    EXPECT_NE(warnings[3].find("/events/e/mood"), std::string::npos) << warnings[3];
    EXPECT_NE(warnings[4].find("/animations/a/comment"), std::string::npos) << warnings[4];
    EXPECT_NE(warnings[5].find("unknown key kept: /animations/a/bones/hip/rotate/0/angel"), std::string::npos) << warnings[5];
    EXPECT_NE(warnings[5].find("line"), std::string::npos) << warnings[5];
    EXPECT_EQ(sd.animations.at(0).bones.at(0).timelines.at(0).keys.at(0).x, 0.0f);  // "angel" is not the angle
    EXPECT_EQ(sd.animations[0].json_key_extra, (Vector<KeyJsonExtra>{{"/bones/hip/rotate/0", {{"angel", "5"}}}}));
    EXPECT_EQ(sd.json_extra, (JsonExtras{{"extra", "1.5"}}));
    EXPECT_EQ(sd.skins.at(0).json_extra, (JsonExtras{{"tag", R"([1,"x"])"}}));
    EXPECT_EQ(sd.skins[0].slots.at(0).attachments.at(0).attachment.json_extra, (JsonExtras{{"note", R"({"by":"me"})"}}));
    EXPECT_EQ(sd.events.at(0).json_extra, (JsonExtras{{"mood", R"("ok")"}}));
    EXPECT_EQ(sd.animations[0].json_extra, (JsonExtras{{"comment", R"("hi")"}}));
    // Written back after the known keys, and read again the same.
    std::string out = write_json(sd).value();
    EXPECT_NE(out.find(R"("height": 1,
					"note": { "by": "me" })"), std::string::npos) << out;
    EXPECT_NE(out.find("\"extra\": 1.5\n}"), std::string::npos) << out;
    EXPECT_NE(out.find(R"({ "angel": 5 })"), std::string::npos) << out;
    EXPECT_TRUE(read_ok(out) == sd);
}

// Fields are looked up in a table of the object's members: keys of one length and first letter
// (scaleX/scaleY/shearX/shearY) are told apart, an object of more members than the table holds is
// looked up on the tape, and unknown keys are reported in the order of the text either way.
TEST(SpineJsonConstructs, FieldsOfSimilarKeysAndOfLargeObjects) {
    std::string many;
    for (int i = 0; i < 40; ++i) many += "\"k" + std::to_string(i) + "\": " + std::to_string(i) + ", ";
    std::vector<std::string> warnings;
    const std::string text = "{ \"skeleton\": { \"spine\": \"3.8.99\" }, \"bones\": [ "
                             "{ \"name\": \"root\", \"shearY\": 5, \"scaleY\": 3, \"shearX\": 4, \"scaleX\": 2, \"x\": 1, \"y\": -1 }, "
                             "{ " + many + "\"name\": \"b\", \"parent\": \"root\", \"scaleY\": 7, \"x\": 6, \"k40\": { \"a\": 1 } } ] }";
    SkeletonData sd = read_ok(text, &warnings);
    ASSERT_EQ(sd.bones.size(), 2u);
    const Bone& root = sd.bones[0];
    EXPECT_EQ(root.scale_x, 2.0f);
    EXPECT_EQ(root.scale_y, 3.0f);
    EXPECT_EQ(root.shear_x, 4.0f);
    EXPECT_EQ(root.shear_y, 5.0f);
    EXPECT_EQ(root.x, 1.0f);
    EXPECT_EQ(root.y, -1.0f);
    const Bone& b = sd.bones[1];
    EXPECT_EQ(b.name, "b");
    EXPECT_EQ(b.parent, 0);
    EXPECT_EQ(b.x, 6.0f);
    EXPECT_EQ(b.y, 0.0f);
    EXPECT_EQ(b.scale_x, 1.0f);
    EXPECT_EQ(b.scale_y, 7.0f);
    ASSERT_EQ(b.json_extra.size(), 41u);
    for (int i = 0; i < 40; ++i) EXPECT_EQ(b.json_extra[static_cast<std::size_t>(i)], (JsonExtra{"k" + std::to_string(i), std::to_string(i)}));
    EXPECT_EQ(b.json_extra[40], (JsonExtra{"k40", R"({"a":1})"}));
    ASSERT_EQ(warnings.size(), 41u);  // one per unknown key, in the order of the text
    EXPECT_NE(warnings[0].find("/bones/1/k0 "), std::string::npos) << warnings[0];
    EXPECT_NE(warnings[40].find("/bones/1/k40 "), std::string::npos) << warnings[40];
}

TEST(SpineJsonConstructs, EditorRoundingOmitsWhatTheEditorWouldRoundToTheDefault) {
    SkeletonData sd = read_ok(doc(R"("animations": { "a": { "bones": { "hip": { "rotate": [ { "curve": 0.25, "c4": 0.9997 }, { "time": 0.00001, "angle": 0.001 } ] } } } })"));
    std::string exact = write_json(sd).value();
    EXPECT_NE(exact.find("\"c4\": 0.9997"), std::string::npos) << exact;
    EXPECT_NE(exact.find("\"time\": 1.0E-5"), std::string::npos) << exact;  // the editor's notation
    JsonWriteOptions editor;
    editor.editor_rounding = true;
    std::string rounded = write_json(sd, editor).value();
    EXPECT_EQ(rounded.find("c4"), std::string::npos) << rounded;
    EXPECT_EQ(rounded.find("angle"), std::string::npos) << rounded;
    EXPECT_NE(rounded.find("{ \"curve\": 0.25 },\n\t\t\t\t\t{}\n"), std::string::npos) << rounded;
}

TEST(SpineJsonConstructs, EmptyDefaultSkinThroughSkelKeepsDeformSkins) {
    // A default skin with no attachments has no place in a .skel: the skins after it keep their deform keys.
    SkeletonData sd = read_ok(doc(R"("skins": [ { "name": "default" }, { "name": "b", "attachments": { "body": { "box": { "type": "boundingbox", "vertexCount": 1, "vertices": [ 0, 0 ] } } } } ],
"animations": { "a": { "deform": { "b": { "body": { "box": [ { "vertices": [ 1, 2 ] } ] } } } } })"));
    ASSERT_EQ(sd.skins.size(), 2u);
    auto back = read_skel(write_skel(sd).value());
    ASSERT_TRUE(back.ok()) << back.error().what();
    ASSERT_EQ(back->skins.size(), 1u);
    EXPECT_EQ(back->skins[0].name, "b");
    EXPECT_EQ(back->animations.at(0).deform.at(0).skin, 0);
    EXPECT_EQ(back->animations[0].deform[0].slots.at(0).timelines.at(0).keys.at(0).values, (Vector<float>{1, 2}));
}

TEST(SpineJsonConstructs, NameEqualToKeyAndPathEqualToNameMeanNone) {
    SkeletonData sd = round_trip(doc(R"("skins": [ { "name": "default", "attachments": { "body": {
        "a": { "name": "a", "path": "a", "width": 1, "height": 1 },
        "b": { "name": "shown", "path": "shown", "width": 1, "height": 1 },
        "c": { "path": "img", "width": 1, "height": 1 } } } } ])"));
    const auto& atts = sd.skins.at(0).slots.at(0).attachments;
    ASSERT_EQ(atts.size(), 3u);
    EXPECT_FALSE(atts[0].attachment.name.has_value());
    EXPECT_FALSE(atts[0].attachment.path.has_value());
    EXPECT_EQ(atts[1].attachment.name, "shown");
    EXPECT_FALSE(atts[1].attachment.path.has_value());
    EXPECT_EQ(atts[2].attachment.path, "img");
    EXPECT_EQ(atts[0].attachment.width, 1.0f);
}

TEST(SpineJsonConstructs, EveryFloat32SurvivesWritingAndReading) {
    // Random bit patterns (every finite float, subnormals and the extremes included) as bone positions.
    std::mt19937 rng(42);
    SkeletonData sd;
    std::vector<float> values = {std::numeric_limits<float>::max(), -std::numeric_limits<float>::max(),
                                 std::numeric_limits<float>::min(), std::numeric_limits<float>::denorm_min(),
                                 1e-3f, 9.999999e-4f, 1e7f, 9999999.0f, 0.1f, -0.0f};
    while (values.size() < 20000) {
        float f = std::bit_cast<float>(static_cast<std::uint32_t>(rng()));
        if (std::isfinite(f)) values.push_back(f);
    }
    for (std::size_t i = 0; i < values.size(); i += 2) {
        Bone b;
        b.name = std::to_string(i);
        b.parent = i == 0 ? -1 : 0;
        b.x = values[i];
        b.y = i + 1 < values.size() ? values[i + 1] : 0;
        sd.bones.push_back(b);
    }
    auto back = read_json(write_json(sd).value());
    ASSERT_TRUE(back.ok()) << back.error().what();
    ASSERT_EQ(back->bones.size(), sd.bones.size());
    int differ = 0;
    for (std::size_t i = 0; i < sd.bones.size(); ++i) {
        if (std::bit_cast<std::uint32_t>(back->bones[i].x) != std::bit_cast<std::uint32_t>(sd.bones[i].x) && sd.bones[i].x != 0) ++differ;
        if (std::bit_cast<std::uint32_t>(back->bones[i].y) != std::bit_cast<std::uint32_t>(sd.bones[i].y) && sd.bones[i].y != 0) ++differ;
    }
    EXPECT_EQ(differ, 0);
}
