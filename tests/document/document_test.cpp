// The library's codec table (rigio/document.hpp, rigio/document/across.hpp): load by content,
// encode/save per format, conversion across families, failures as Result with a location.
#include <gtest/gtest.h>

#include <filesystem>

#include "rigio/document.hpp"
#include "rigio/document/across.hpp"
#include "rigio/mrtk/binary.hpp"
#include "rigio/samples.hpp"
#include "rigio/spine/binary.hpp"
#include "rigio/spine/json.hpp"

namespace fs = std::filesystem;

namespace {

std::vector<std::uint8_t> bytes_of(const std::string& s) { return {s.begin(), s.end()}; }

rigio::Document stickman() {
    rigio::Document doc;
    doc.format = rigio::Format::SpineBinary;
    doc.model = rigio::samples::spine_stickman();
    return doc;
}

}  // namespace

TEST(Document, LoadsEachFormatByContentWhateverTheName) {
    const auto skel = rigio::spine::write_skel(rigio::samples::spine_stickman()).value();
    auto a = rigio::load(skel, "misnamed.json");
    ASSERT_TRUE(a) << a.error().what();
    EXPECT_EQ(a->format, rigio::Format::SpineBinary);
    EXPECT_EQ(std::get<rigio::spine::SkeletonData>(a->model).bones.size(), 7u);

    auto b = rigio::load(bytes_of(rigio::spine::write_json(rigio::samples::spine_stickman()).value()));
    ASSERT_TRUE(b) << b.error().what();
    EXPECT_EQ(b->format, rigio::Format::SpineJson);

    auto c = rigio::load(rigio::mrtk::write_bin(rigio::samples::mrtk_wave()));
    ASSERT_TRUE(c) << c.error().what();
    EXPECT_EQ(c->format, rigio::Format::MrtkBinary);
    EXPECT_TRUE(std::holds_alternative<rigio::mrtk::InputAnimation>(c->model));
}

TEST(Document, RefusesWithWhatAndWhere) {
    auto empty = rigio::load(std::span<const std::uint8_t>());
    ASSERT_FALSE(empty);
    EXPECT_EQ(empty.error().message(), "empty file");
    EXPECT_EQ(empty.error().where().byte, 0u);

    auto json = rigio::load(bytes_of("\n  {\"foo\": 1, \"bar\": 2}"));
    ASSERT_FALSE(json);
    EXPECT_EQ(json.error().message(), "not Spine or DragonBones data (a JSON object with keys \"foo\", \"bar\")");
    EXPECT_EQ(json.error().where().json_path, "/");
    EXPECT_EQ(json.error().where().line, 2);
    EXPECT_EQ(json.error().where().column, 3);

    auto cut = rigio::spine::write_skel(rigio::samples::spine_stickman()).value();
    cut.resize(cut.size() / 2);
    auto r = rigio::load(cut);
    ASSERT_FALSE(r);
    EXPECT_TRUE(r.error().where().known()) << r.error().what();

    auto missing = rigio::load_file("/nonexistent/rigio-document-test.skel");
    ASSERT_FALSE(missing);
    EXPECT_NE(std::string(missing.error().what()).find("rigio-document-test.skel"), std::string::npos);
}

TEST(Document, LoadOptionsArePassedNotGlobal) {
    const auto skel = rigio::spine::write_skel(rigio::samples::spine_stickman()).value();
    rigio::LoadOptions as_json;
    as_json.assume = rigio::Format::SpineJson;
    EXPECT_FALSE(rigio::load(skel, {}, as_json));  // read as told, and refused
    EXPECT_TRUE(rigio::load(skel));                // the next call is not affected
}

TEST(Document, EncodesRoundTripAndRefusesOtherFamilies) {
    const rigio::Document doc = stickman();
    EXPECT_TRUE(rigio::can_write(doc, rigio::Format::SpineJson));
    EXPECT_FALSE(rigio::can_write(doc, rigio::Format::MrtkBinary));
    auto skel = rigio::encode(doc, rigio::Format::SpineBinary);
    ASSERT_TRUE(skel);
    EXPECT_EQ(*skel, rigio::spine::write_skel(std::get<rigio::spine::SkeletonData>(doc.model)).value());
    auto bad = rigio::encode(doc, rigio::Format::MrtkJson);
    ASSERT_FALSE(bad);
    EXPECT_EQ(bad.error().message(), "cannot write spine-binary data as mrtk-json");
    EXPECT_EQ(rigio::format_for_output(doc, "OUT.SKEL"), rigio::Format::SpineBinary);
    EXPECT_EQ(rigio::format_for_output(doc, "out.json"), rigio::Format::SpineJson);
    EXPECT_EQ(rigio::format_for_output(doc, "out.bin"), rigio::Format::Unknown);
}

TEST(Document, SaveFileWritesAtomicallyAndReportsFailure) {
    const fs::path dir = fs::temp_directory_path() / "rigio-document-test";
    fs::remove_all(dir);
    fs::create_directories(dir);
    const rigio::Document doc = stickman();
    const rigio::Result<void> ok = rigio::save_file(doc, rigio::Format::SpineJson, (dir / "s.json").string());
    ASSERT_TRUE(ok) << ok.error().what();
    auto back = rigio::load_file((dir / "s.json").string());
    ASSERT_TRUE(back);
    EXPECT_EQ(back->format, rigio::Format::SpineJson);
    const rigio::Result<void> bad = rigio::save_file(doc, rigio::Format::SpineJson, (dir / "no" / "s.json").string());
    EXPECT_FALSE(bad);
    EXPECT_THROW(bad.value(), rigio::Error);
    fs::remove_all(dir);
}

TEST(Document, ConvertsAcrossFamiliesWithTheLossReport) {
    rigio::Document doc = stickman();
    ASSERT_TRUE(rigio::needs_conversion(doc, rigio::Format::DragonBonesJson));
    rigio::AcrossOptions o;
    o.name = "stick";
    auto losses = rigio::convert_across(doc, rigio::Format::DragonBonesJson, o);
    ASSERT_TRUE(losses) << losses.error().what();
    EXPECT_FALSE(losses->losses.empty());  // the stickman uses what DragonBones cannot hold
    EXPECT_EQ(doc.format, rigio::Format::DragonBonesJson);
    EXPECT_EQ(rigio::armature_names(doc).size(), 1u);

    rigio::AcrossOptions pick;
    pick.armature = "nope";
    auto missing = rigio::convert_across(doc, rigio::Format::SpineJson, pick);
    ASSERT_FALSE(missing);
    EXPECT_EQ(missing.error().where().json_path, "/armature");
    auto back = rigio::convert_across(doc, rigio::Format::SpineJson);
    ASSERT_TRUE(back) << back.error().what();
    EXPECT_EQ(doc.format, rigio::Format::SpineJson);
    EXPECT_TRUE(rigio::encode(doc, rigio::Format::SpineJson));
}

TEST(Document, VersionStepsReturnResults) {
    rigio::Document doc = stickman();
    auto wrong = rigio::to_mrtk_version(doc, "1.0");
    ASSERT_FALSE(wrong);
    EXPECT_EQ(wrong.error().message(), "an MRTK version change applies to MRTK recordings only, not spine-binary");
    auto none = rigio::to_dragonbones_version(doc, "4.5");  // not DragonBones: nothing to do
    ASSERT_TRUE(none);
    EXPECT_TRUE(none->losses.empty());
    rigio::Document rec;
    rec.format = rigio::Format::MrtkBinary;
    rec.model = rigio::samples::mrtk_wave();
    auto down = rigio::to_mrtk_version(rec, "1.0");
    ASSERT_TRUE(down) << down.error().what();
    EXPECT_FALSE(down->losses.empty());  // 1.0 holds no eye gaze
}
