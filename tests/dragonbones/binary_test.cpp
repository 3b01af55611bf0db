// DBDT (.dbbin): every corpus file reads, rewrites to a fixed point with the same header model and the
// same array bytes; truncation and bad indices are errors with a location.
#include "db_test_util.hpp"
#include "rigio/dragonbones/binary.hpp"

namespace rigio::dragonbones {
namespace {

std::vector<std::filesystem::path> dbbin_files() {
    std::vector<std::filesystem::path> out;
    for (const char* v : {"5.0", "5.5"})
        for (const auto& p : rigio::test::corpus_files(std::string("corpus/dragonbones/") + v, ".dbbin")) out.push_back(p);
    return out;
}

TEST(DragonBonesBinary, CorpusRoundTrip) {
    auto files = dbbin_files();
    RIGIO_REQUIRE_CORPUS(files, "corpus/dragonbones");
    for (const auto& f : files) {
        SCOPED_TRACE(f.string());
        auto bytes = io::read_file(f.string()).value();
        auto first = read_dbdt(bytes);
        ASSERT_TRUE(first.ok()) << first.error().what();
        EXPECT_FALSE(binary_arrays(*first).empty());
        auto written = write_dbdt(*first);
        EXPECT_EQ(written, bytes) << "DragonBones Pro's .dbbin exports come back byte for byte";
        auto second = read_dbdt(written);
        ASSERT_TRUE(second.ok()) << second.error().what();
        EXPECT_TRUE(*first == *second);
        EXPECT_EQ(write_dbdt(*second), written);
        EXPECT_EQ(std::vector<std::uint8_t>(bytes.end() - static_cast<std::ptrdiff_t>(first->arrays.size()), bytes.end()), first->arrays);
    }
}

TEST(DragonBonesBinary, TruncationAndBadIndicesAreLocated) {
    auto files = dbbin_files();
    RIGIO_REQUIRE_CORPUS(files, "corpus/dragonbones");
    auto bytes = io::read_file(files.front().string()).value();
    for (std::size_t n : {std::size_t{0}, std::size_t{3}, std::size_t{10}, std::size_t{200}, bytes.size() - 1}) {
        auto r = read_dbdt(std::span<const std::uint8_t>(bytes.data(), n));
        ASSERT_FALSE(r.ok()) << n;
        EXPECT_TRUE(r.error().where().known()) << r.error().what();
    }
    // An animation pointing past the timeline array.
    BinaryData d = read_dbdt(bytes).value();
    bool changed = false;
    for (auto& a : d.header.armature)
        if (a.animation)
            for (auto& an : *a.animation)
                for (auto& [k, v] : an.extra)
                    if (k == "bone" && !changed) {
                        std::size_t colon = v.text.find(":[");
                        std::size_t comma = v.text.find(',', colon);
                        v.text = v.text.substr(0, comma + 1) + "65535" + v.text.substr(v.text.find_first_of(",]", comma + 1));
                        changed = true;
                    }
    ASSERT_TRUE(changed);
    auto r = read_dbdt(write_dbdt(d));
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().where().json_path.find("/bone/"), std::string::npos) << r.error().what();
    EXPECT_NE(std::string(r.error().what()).find("timelineArray"), std::string::npos);
}

}  // namespace
}  // namespace rigio::dragonbones
