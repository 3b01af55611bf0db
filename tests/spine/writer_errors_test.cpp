// The Spine writers report a model they cannot write as an Error in their Result; they never throw.
#include <gtest/gtest.h>

#include "rigio/convert/spine_version.hpp"
#include "rigio/samples.hpp"
#include "rigio/spine/binary.hpp"
#include "rigio/spine/json.hpp"

using namespace rigio;

namespace {

// The sample skeleton converted to the 4.2 layout, with `hash` (a 4.x .skel stores 8 raw bytes, the model
// their base64).
spine::SkeletonData with_hash_42(std::optional<std::string> hash) {
    spine::SkeletonData sd = convert::convert_spine_version(samples::spine_stickman(), spine::Version::V42).data;
    sd.header.hash = std::move(hash);
    return sd;
}

}  // namespace

TEST(SpineWriterErrors, SkelWithA4xHashThatIsNot8BytesOfBase64IsAnError) {
    Result<std::vector<std::uint8_t>> bytes = std::vector<std::uint8_t>{};
    EXPECT_NO_THROW(bytes = spine::write_skel(with_hash_42("not-a-hash")));
    ASSERT_FALSE(bytes.ok());
    EXPECT_EQ(bytes.error().message(), "cannot write Spine 4.2 binary: the skeleton hash \"not-a-hash\" is not 8 bytes in base64");

    Result<std::vector<std::uint8_t>> none = std::vector<std::uint8_t>{};
    EXPECT_NO_THROW(none = spine::write_skel(with_hash_42(std::nullopt)));
    ASSERT_FALSE(none.ok());
    EXPECT_EQ(none.error().message(), "cannot write Spine 4.2 binary: the skeleton hash \"\" is not 8 bytes in base64");

    // A hash of 8 bytes in base64 writes and reads back.
    Result<std::vector<std::uint8_t>> good = spine::write_skel(with_hash_42("fKr+fe4rKEk"));
    ASSERT_TRUE(good.ok()) << good.error().what();
    Result<spine::SkeletonData> back = spine::read_skel(good.value());
    ASSERT_TRUE(back.ok()) << back.error().what();
    EXPECT_EQ(back->header.hash, "fKr+fe4rKEk");
}

TEST(SpineWriterErrors, JsonKeepsAnyHashAsText) {
    // Spine JSON holds the hash as a string: any hash writes, also with a .skel string table to compare
    // against the first-use order (which a bad hash does not stop).
    spine::SkeletonData sd = with_hash_42("not-a-hash");
    sd.strings = {"zzz-unused"};
    Result<std::string> text = std::string();
    EXPECT_NO_THROW(text = spine::write_json(sd));
    ASSERT_TRUE(text.ok()) << text.error().what();
    Result<spine::SkeletonData> back = spine::read_json(text.value());
    ASSERT_TRUE(back.ok()) << back.error().what();
    EXPECT_EQ(back->header.hash, "not-a-hash");
    EXPECT_NO_THROW((void)spine::skel_first_use_strings(sd));
}

TEST(SpineWriterErrors, AVersionWithoutALayoutIsAnErrorFromBothWriters) {
    spine::SkeletonData sd = samples::spine_stickman();
    sd.header.data_version = static_cast<spine::Version>(99);  // no layout: nothing is written in another's
    Result<std::vector<std::uint8_t>> bytes = std::vector<std::uint8_t>{};
    EXPECT_NO_THROW(bytes = spine::write_skel(sd));
    ASSERT_FALSE(bytes.ok());
    EXPECT_EQ(bytes.error().message(), "cannot write Spine ? binary: rigio writes Spine 3.7 to 4.2 .skel");
    Result<std::string> text = std::string();
    EXPECT_NO_THROW(text = spine::write_json(sd));
    ASSERT_FALSE(text.ok());
    EXPECT_EQ(text.error().message(), "cannot write Spine ? JSON: rigio writes Spine JSON 3.7 to 4.2");
}

TEST(SpineWriterErrors, ConvertingA4xModelWithABadHashDoesNotThrowAndTheSkelSaysWhy) {
    // 4.x to 4.x keeps the hash as it is. The conversion (which compares the string table with the
    // first-use order of source and target) goes through; writing the 4.1 .skel is then an Error, the
    // JSON is fine.
    spine::SkeletonData sd = with_hash_42("not-a-hash");
    const std::vector<std::string> first_use = spine::skel_first_use_strings(sd);
    sd.strings.assign(first_use.begin(), first_use.end());
    sd.strings.push_back("zzz-unused");
    convert::SpineVersionResult r;
    EXPECT_NO_THROW(r = convert::convert_spine_version(sd, spine::Version::V41));
    ASSERT_EQ(r.data.header.data_version, spine::Version::V41);
    ASSERT_EQ(r.data.header.hash, "not-a-hash");
    Result<std::vector<std::uint8_t>> bytes = std::vector<std::uint8_t>{};
    EXPECT_NO_THROW(bytes = spine::write_skel(r.data));
    ASSERT_FALSE(bytes.ok());
    EXPECT_EQ(bytes.error().message(), "cannot write Spine 4.1 binary: the skeleton hash \"not-a-hash\" is not 8 bytes in base64");
    EXPECT_TRUE(spine::write_json(r.data).ok());
}
