// Spine version strings map to data layouts; unknown layouts are refused.
#include "rigio/spine/version.hpp"

#include <gtest/gtest.h>

using namespace rigio::spine;

TEST(SpineVersion, ParsesMajorMinorWithAnyPatch) {
    EXPECT_EQ(parse_version("3.7.94"), Version::V37);
    EXPECT_EQ(parse_version("3.8.99"), Version::V38);
    EXPECT_EQ(parse_version("3.8"), Version::V38);
    EXPECT_EQ(parse_version("4.0.64"), Version::V40);
    EXPECT_EQ(parse_version("4.1.24"), Version::V41);
    EXPECT_EQ(parse_version("4.2.43"), Version::V42);
}

TEST(SpineVersion, RefusesUnknownLayouts) {
    EXPECT_FALSE(parse_version("3.8.75"));  // incompatible pre-release
    EXPECT_FALSE(parse_version("3.6.53"));
    EXPECT_FALSE(parse_version("4.3.12"));
    EXPECT_FALSE(parse_version("3.80"));
    EXPECT_FALSE(parse_version(""));
    EXPECT_FALSE(parse_version("\x01\x02garbage"));
}

TEST(SpineVersion, NamesAndReadableSetAgree) {
    EXPECT_STREQ(version_name(Version::V42), "4.2");
    EXPECT_TRUE(reads(Version::V38));
}
