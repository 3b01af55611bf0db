// The compact model types: Opt<Num> inline (absent apart from NaN), boxed Opt<T> with deep copies,
// RawText, and the size of a keyframe (issue 20: ~2,040 bytes before).
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "rigio/dragonbones/json.hpp"
#include "rigio/dragonbones/model.hpp"

namespace rigio::dragonbones {
namespace {

TEST(DragonBonesModel, OptNumKeepsAbsentApartFromNaN) {
    Opt<Num> a;
    EXPECT_FALSE(a);
    a = Num(std::nan(""));
    ASSERT_TRUE(a);
    EXPECT_TRUE(std::isnan(a->value));
    // Even the bit pattern that marks "absent" is stored as a (quiet) NaN, never as absent.
    a = Num(std::numeric_limits<double>::signaling_NaN());
    EXPECT_TRUE(a.has_value());
    a.reset();
    EXPECT_FALSE(a.has_value());
    EXPECT_TRUE(a == std::nullopt);
    a = 2.5;
    EXPECT_EQ(a->value, 2.5);
    EXPECT_TRUE(a == Num(2.5));
    EXPECT_FALSE(a == Opt<Num>());
    EXPECT_EQ(sizeof(Opt<Num>), 16u);
}

TEST(DragonBonesModel, BoxedOptCopiesDeeply) {
    Opt<std::string> a = std::string("hero");
    Opt<std::string> b = a;
    *b += "ine";
    EXPECT_EQ(*a, "hero");
    EXPECT_EQ(*b, "heroine");
    EXPECT_TRUE(a == std::string("hero"));
    Opt<std::string> none;
    EXPECT_EQ(none.value_or("x"), "x");
    EXPECT_THROW((void)none.value(), std::bad_optional_access);
    std::optional<std::string> legacy = b;  // converts for code written against std::optional
    EXPECT_EQ(*legacy, "heroine");
    EXPECT_EQ(sizeof(Opt<Transform>), sizeof(void*));
}

TEST(DragonBonesModel, RawTextIsOnePointerAndCompares) {
    RawText r;
    EXPECT_TRUE(r.empty());
    r = std::string_view("\"1.5\"");
    RawText c = r;
    EXPECT_TRUE(c == r);
    EXPECT_EQ(c.view(), "\"1.5\"");
    r = std::string_view();
    EXPECT_TRUE(r.empty());
    EXPECT_FALSE(c == r);
    EXPECT_EQ(sizeof(RawText), sizeof(void*));
}

TEST(DragonBonesModel, KeyframeIsCompact) {
    EXPECT_LE(sizeof(Frame), 320u) << "a keyframe struct was ~2,040 bytes before the compact model";
    EXPECT_EQ(sizeof(Num), 16u);
}

TEST(DragonBonesModel, DirtyNumbersSurviveTheCompactForm) {
    const char* text = R"({"version":"5.5","frameRate":24,"armature":[{"name":"a","bone":[{"name":"root","length":"12.50"}],)"
                       R"("animation":[{"name":"x","duration":null,"frame":[{"duration":1,"tweenEasing":"NaN"}]}]}]})";
    auto d = read_json(text);
    ASSERT_TRUE(d.ok()) << d.error().what();
    const Armature& a = d->armature.at(0);
    EXPECT_EQ((*a.bone)[0].length->value, 12.5);
    EXPECT_EQ((*a.bone)[0].length->raw.view(), "\"12.50\"");
    const Animation& an = (*a.animation)[0];
    ASSERT_TRUE(an.duration);
    EXPECT_TRUE(std::isnan(an.duration->value));
    EXPECT_EQ(an.duration->raw.view(), "null");
    EXPECT_NE(write_json(*d, {.compact = true}).find(R"("length":"12.50")"), std::string::npos);
    EXPECT_NE(write_json(*d, {.compact = true}).find(R"("tweenEasing":"NaN")"), std::string::npos);
}

}  // namespace
}  // namespace rigio::dragonbones
