// Conversions never hand back what rigio's own readers reject: DragonBones draw-order pairs a runtime
// cannot apply are dropped with a loss naming animation and slot, and every converter checks its result
// with the validating reader (a located error instead of a file rigio would refuse).
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sys/wait.h>

#include "rigio/convert/check.hpp"
#include "rigio/convert/dragonbones_to_spine.hpp"
#include "rigio/convert/spine_to_dragonbones.hpp"
#include "rigio/dragonbones/json.hpp"
#include "rigio/dragonbones/version.hpp"
#include "rigio/spine/json.hpp"

using namespace rigio;
namespace db = rigio::dragonbones;
namespace fs = std::filesystem;

namespace {

// Three slots; animation "shuffle" has one zOrder key with a good pair (slot 0 by +1), a pair moving
// slot 2 by 5 (outside the 3 slots, as real exports have), a pair of a slot -1 and a second pair for
// slot 0 (slot 0 twice) and one moving slot 1 onto position 1, which slot 0 already took.
constexpr const char* kDrawOrder = R"({"frameRate":24,"name":"z","version":"5.5","armature":[
{"type":"Armature","name":"arm","bone":[{"name":"root"}],
 "slot":[{"name":"back","parent":"root"},{"name":"middle","parent":"root"},{"name":"front","parent":"root"}],
 "animation":[{"name":"shuffle","duration":4,
   "zOrder":{"frame":[{"duration":2,"zOrder":[0,1,2,5,-1,1]},{"duration":2,"zOrder":[0,1,0,2,1,0]}]}}]}]})";

db::DragonBonesData read_db(const char* text) {
    auto d = db::read_json(text);
    EXPECT_TRUE(d.ok()) << (d.ok() ? "" : d.error().what());
    return d.ok() ? *d : db::DragonBonesData{};
}

std::string losses_text(const convert::LossReport& r) {
    std::string all;
    for (const Loss& l : r.losses) all += l.where + ": " + l.feature + ": " + l.action + "\n";
    return all;
}

}  // namespace

TEST(ConversionOutputCheck, DrawOrderPairsOutsideTheSlotsAreDroppedAndReported) {
    const db::DragonBonesData d = read_db(kDrawOrder);
    convert::LossReport r;
    auto sd = convert::dragonbones_to_spine(d, 0, r);
    ASSERT_TRUE(sd.ok()) << sd.error().what();
    ASSERT_EQ(sd->animations.size(), 1u);
    const auto& keys = sd->animations[0].draw_order;
    ASSERT_EQ(keys.size(), 2u);
    EXPECT_EQ(keys[0].offsets, (spine::Vector<spine::DrawOrderOffset>{{0, 1}}));
    EXPECT_EQ(keys[1].offsets, (spine::Vector<spine::DrawOrderOffset>{{0, 1}}));
    const std::string all = losses_text(r);
    // Each dropped pair is named: animation, slot, offset, why; at its place in the source.
    EXPECT_NE(all.find("/armature/0/animation/0/zOrder/frame/0/zOrder/2: draw-order pair of animation \"shuffle\" moving slot \"front\" by 5 "
                       "(outside the 3 slots)"),
              std::string::npos)
        << all;
    EXPECT_NE(all.find("/zOrder/frame/0/zOrder/4: draw-order pair of animation \"shuffle\" moving slot -1 by 1"), std::string::npos) << all;
    EXPECT_NE(all.find("/zOrder/frame/1/zOrder/2: draw-order pair of animation \"shuffle\" moving slot \"back\" by 2 (the key moves that slot twice)"),
              std::string::npos)
        << all;
    EXPECT_NE(all.find("/zOrder/frame/1/zOrder/4: draw-order pair of animation \"shuffle\" moving slot \"middle\" by 0 (another slot of the key goes "
                       "to the same place)"),
              std::string::npos)
        << all;
    EXPECT_EQ(r.losses.size(), 4u) << all;
    // And rigio reads the result back.
    auto back = spine::read_json(spine::write_json(*sd).value());
    EXPECT_TRUE(back.ok()) << back.error().what();
}

TEST(ConversionOutputCheck, SpineResultRigioWouldRejectIsALocatedError) {
    const db::DragonBonesData d = read_db(kDrawOrder);
    convert::LossReport r;
    auto sd = convert::dragonbones_to_spine(d, 0, r);
    ASSERT_TRUE(sd.ok());
    EXPECT_TRUE(convert::check_spine_result(*sd).ok());
    sd->animations[0].draw_order[0].offsets.push_back({2, 5});  // what the converter used to copy
    const Result<void> checked = convert::check_spine_result(*sd);
    ASSERT_FALSE(checked.ok()) << "an out-of-range draw-order offset passed the check";
    const Error& e = checked.error();
    EXPECT_EQ(e.where().json_path, "/animations/shuffle/drawOrder/0/offsets/1/offset") << e.what();
    EXPECT_EQ(e.where().line, 0);  // the in-memory text's line would mean nothing
    EXPECT_NE(std::string(e.what()).find("in the converted Spine skeleton"), std::string::npos) << e.what();
    EXPECT_NE(e.message().find("outside 0..2"), std::string::npos) << e.what();
}

TEST(ConversionOutputCheck, DragonBonesResultsAreCheckedToo) {
    db::DragonBonesData d = read_db(kDrawOrder);
    EXPECT_TRUE(db::check_readable(d).ok());
    // A slot under a bone the armature does not have: the DragonBones reader refuses that name.
    (*d.armature[0].slot)[1].parent = "no-such-bone";
    EXPECT_FALSE(db::check_readable(d).ok());
    LossReport r;
    const Result<db::DragonBonesData> down = db::convert_version(d, "4.5", r);
    ASSERT_FALSE(down.ok()) << "a version change returned data rigio's reader refuses";
    EXPECT_EQ(down.error().where().json_path.rfind("/armature/0/slot/1", 0), 0u) << down.error().what();
    EXPECT_NE(std::string(down.error().what()).find("in the converted DragonBones 4.5 data"), std::string::npos)
        << down.error().what();
    // Spine -> DragonBones checks its result as well (a valid skeleton passes).
    const db::DragonBonesData good = read_db(kDrawOrder);
    auto sd = convert::dragonbones_to_spine(good, 0, r);
    ASSERT_TRUE(sd.ok());
    const Result<db::DragonBonesData> back = convert::spine_to_dragonbones(*sd, r);
    EXPECT_TRUE(back.ok()) << back.error().what();
}

// The CLI end to end: the conversion exits 0, reports the dropped pairs, and what it wrote validates.
TEST(ConversionOutputCheck, CliConversionOfBadDrawOrderValidates) {
    const fs::path d = fs::temp_directory_path() / "rigio-output-check";
    fs::remove_all(d);
    fs::create_directories(d);
    std::ofstream(d / "z_ske.json") << kDrawOrder;
    const std::string cli = RIGIO_CLI;
    const std::string err = (d / "err.txt").string();
    int status = std::system((cli + " convert " + (d / "z_ske.json").string() + " " + (d / "z.json").string() + " --to spine-json 2>" + err).c_str());
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 0);
    std::ifstream in(err);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    EXPECT_NE(text.find("draw-order pair"), std::string::npos) << text;
    status = std::system((cli + " validate " + (d / "z.json").string() + " >/dev/null 2>&1").c_str());
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    fs::remove_all(d);
}
