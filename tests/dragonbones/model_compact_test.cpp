// The compact model types: Opt<Num> inline (absent apart from NaN), boxed Opt<T> with deep copies,
// RawText, Num with its text in 8 bytes, and the size of a keyframe (issue 20: ~2,040 bytes before, 304
// with 16-byte numbers).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>
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
    EXPECT_TRUE(std::isnan(a->value()));
    // Even the bit pattern that marks "absent" is stored as a (quiet) NaN, never as absent.
    a = Num(std::numeric_limits<double>::signaling_NaN());
    EXPECT_TRUE(a.has_value());
    a.reset();
    EXPECT_FALSE(a.has_value());
    EXPECT_TRUE(a == std::nullopt);
    a = 2.5;
    EXPECT_EQ(a->value(), 2.5);
    EXPECT_TRUE(a == Num(2.5));
    EXPECT_FALSE(a == Opt<Num>());
    EXPECT_EQ(sizeof(Opt<Num>), 8u);
}

// A number with its dirty text is a boxed pointer inside the 8 bytes: copies are deep, moves take the
// box, and no double value (any NaN included) reads back as a box or as "absent".
TEST(DragonBonesModel, NumKeepsItsTextInEightBytes) {
    Num plain(1.5);
    EXPECT_EQ(plain.value(), 1.5);
    EXPECT_TRUE(plain.raw().empty());
    Num dirty(12.5, "\"12.50\"");
    EXPECT_EQ(dirty.value(), 12.5);
    EXPECT_EQ(dirty.raw(), "\"12.50\"");
    Num copy = dirty;
    EXPECT_EQ(copy, dirty);
    EXPECT_NE(copy.raw().data(), dirty.raw().data());  // its own box
    Num moved = std::move(copy);
    EXPECT_EQ(moved.raw(), "\"12.50\"");
    copy = plain;
    EXPECT_EQ(copy, plain);
    EXPECT_FALSE(plain == dirty);  // same meaning, different text
    moved = plain;
    EXPECT_TRUE(moved.raw().empty());
    for (double nan : {std::nan(""), -std::nan(""), std::numeric_limits<double>::signaling_NaN(),
                       -std::numeric_limits<double>::signaling_NaN()}) {
        Num n(nan);
        EXPECT_TRUE(std::isnan(n.value()));
        EXPECT_TRUE(n.raw().empty());
        Opt<Num> o = n;
        EXPECT_TRUE(o.has_value());
    }
    // Doubles whose bits lie just below the tag (negative infinity, the most negative numbers) are plain.
    for (double v : {-std::numeric_limits<double>::infinity(), std::numeric_limits<double>::lowest(), -0.0,
                     std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::denorm_min()}) {
        Num n(v);
        EXPECT_EQ(n.value(), v);
        EXPECT_EQ(std::signbit(n.value()), std::signbit(v));
        EXPECT_TRUE(n.raw().empty());
        EXPECT_EQ(Num(n), n);
    }
    Num null_text(std::nan(""), "null");
    EXPECT_TRUE(std::isnan(null_text.value()));
    EXPECT_EQ(null_text.raw(), "null");
    std::vector<Num> many(100, dirty);  // vectors copy and move the boxes
    many.insert(many.begin(), plain);
    EXPECT_EQ(many.back().raw(), "\"12.50\"");
    EXPECT_EQ(many.front(), plain);
}

// The texts real files write most (null, "NaN", true, false) are kept without a box, and read back the
// same as a boxed text would; any other value with such a text keeps its box.
TEST(DragonBonesModel, CommonNumberTextsNeedNoBox) {
    struct Case {
        double value;
        std::string_view raw;
    };
    for (const Case& c : {Case{std::nan(""), "null"}, Case{std::nan(""), "\"NaN\""}, Case{1, "true"}, Case{0, "false"},
                          Case{-std::nan(""), "null"}}) {
        Num n(c.value, c.raw);
        EXPECT_EQ(n.raw(), c.raw);
        EXPECT_TRUE(std::isnan(c.value) ? std::isnan(n.value()) : n.value() == c.value) << c.raw;
        Num copy = n;
        EXPECT_EQ(copy, n);
        EXPECT_EQ(copy.raw().data(), n.raw().data()) << "a shared text, not a box";
        Opt<Num> o = n;
        EXPECT_TRUE(o.has_value());
        EXPECT_EQ(*o, n);
        EXPECT_FALSE(n == Num(c.value)) << "same meaning, different text";
    }
    // A text of the table with another value is boxed, as before.
    Num odd(-0.0, "false");
    EXPECT_EQ(odd.raw(), "false");
    EXPECT_TRUE(std::signbit(odd.value()));
    Num copy = odd;
    EXPECT_NE(copy.raw().data(), odd.raw().data());
    EXPECT_FALSE(Num(1, "true") == Num(1, "1"));
}

TEST(DragonBonesModel, UnknownKeysAreOnePointerWhenNone) {
    Extras e;
    EXPECT_TRUE(e.empty());
    EXPECT_EQ(e.begin(), e.end());
    EXPECT_EQ(sizeof(Extras), sizeof(void*));
    e.emplace_back("a", RawJson{"1"});
    Extras f = e;
    f.insert(f.end(), e.begin(), e.end());
    ASSERT_EQ(f.size(), 2u);
    EXPECT_EQ(f[1].second.text, "1");
    EXPECT_FALSE(e == f);
    EXPECT_TRUE(Extras() == Extras());
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

// Strings and lists of structures are held inline (no box; "absent" marked in the value's first word
// where the standard library's layout is known): absent stays apart from empty, copies are deep, and a
// moved-from Opt is absent, as with the boxed Opt.
TEST(DragonBonesModel, InlineOptKeepsAbsentApartFromEmpty) {
#if defined(__GLIBCXX__)
    EXPECT_EQ(sizeof(Opt<std::string>), sizeof(std::string));
    EXPECT_EQ(sizeof(Opt<Frames>), sizeof(Frames));
    EXPECT_EQ(sizeof(Opt<Vector<Num>>), sizeof(void*));  // numbers' lists stay boxed (curve: in every frame)
#endif
    Opt<std::string> none, empty = std::string();
    EXPECT_FALSE(none);
    ASSERT_TRUE(empty);
    EXPECT_TRUE(empty->empty());
    EXPECT_FALSE(none == empty);
    EXPECT_TRUE(none == std::nullopt);
    Opt<std::string> name = std::string("a name longer than the short-string buffer");
    Opt<std::string> copy = name;
    EXPECT_EQ(*copy, *name);
    EXPECT_NE(copy->data(), name->data());
    Opt<std::string> moved = std::move(copy);
    EXPECT_FALSE(copy);  // NOLINT(bugprone-use-after-move): moved-from is absent
    EXPECT_EQ(*moved, *name);
    moved = "short";
    EXPECT_EQ(*moved, "short");
    EXPECT_TRUE(moved == "short");
    moved = none;
    EXPECT_FALSE(moved);
    moved.emplace(3, 'x');
    EXPECT_EQ(moved.value(), "xxx");
    moved.reset();
    EXPECT_THROW((void)moved.value(), std::bad_optional_access);
    EXPECT_EQ(moved.value_or("fallback"), "fallback");

    Opt<Frames> frames, no_frames;
    frames.emplace(2);
    (*frames)[1].duration = Num(3);
    Opt<Frames> frames_copy = frames;
    EXPECT_EQ(frames_copy, frames);
    (*frames_copy)[1].duration = Num(4);
    EXPECT_EQ((*frames)[1].duration->value(), 3);
    EXPECT_FALSE(frames_copy == frames);
    Opt<Frames> empty_frames = Frames{};
    EXPECT_TRUE(empty_frames);
    EXPECT_FALSE(empty_frames == no_frames);
    frames_copy = std::move(frames);
    EXPECT_FALSE(frames);  // NOLINT(bugprone-use-after-move)
    EXPECT_EQ(frames_copy->size(), 2u);
    std::optional<Frames> legacy = frames_copy;
    EXPECT_EQ(legacy->size(), 2u);
}

// Lists of Opt values work with the standard algorithms: comparing two iterators of a
// std::vector<Opt<T>> (vector::erase, std::find) used to pick Opt's "Opt == value" operator, whose
// constraint then depended on itself and failed to compile.
TEST(DragonBonesModel, ListsOfOptsEraseAndFind) {
    std::vector<Opt<Transform>> transforms(3);
    transforms[1].emplace().x = Num(1);
    transforms[2].emplace().x = Num(2);
    transforms.erase(transforms.begin());
    ASSERT_EQ(transforms.size(), 2u);
    EXPECT_EQ(transforms[0]->x->value(), 1);
    EXPECT_TRUE(transforms.begin() != transforms.end());

    std::vector<Opt<std::string>> names = {std::string("a"), std::nullopt, std::string("b")};
    names.erase(names.begin() + 1);
    ASSERT_EQ(names.size(), 2u);
    EXPECT_TRUE(names[1] == "b");
    EXPECT_TRUE(std::find(names.begin(), names.end(), Opt<std::string>(std::string("b"))) == names.begin() + 1);

    std::vector<Opt<Num>> numbers = {Num(1), std::nullopt, Num(3)};
    numbers.erase(numbers.begin(), numbers.begin() + 2);
    ASSERT_EQ(numbers.size(), 1u);
    EXPECT_TRUE(numbers[0] == Num(3));

    std::vector<Opt<Frames>> lists(2);
    lists[1].emplace(4);
    lists.erase(lists.begin());
    ASSERT_EQ(lists.size(), 1u);
    EXPECT_EQ(lists[0]->size(), 4u);
    // The value comparisons the operator is for still hold, both ways round.
    Opt<std::string> name = std::string("hero");
    EXPECT_TRUE(name == "hero" && "hero" == name && name != "villain");
    Opt<Transform> t;
    EXPECT_FALSE(t == Transform{});
    t.emplace();
    EXPECT_TRUE(t == Transform{} && Transform{} == t);
}

// Boxes placed in an OptPool's slabs behave as heap boxes: each Opt owns its value (copies are deep
// heap boxes, moves take the value, a later emplace replaces it), and values outlive their pool.
TEST(DragonBonesModel, PooledBoxesBehaveAsHeapBoxes) {
    std::vector<Opt<Transform>> boxes(300);
    {
        OptPool<Transform> pool;
        for (std::size_t i = 0; i < boxes.size(); ++i) pool.emplace(boxes[i]).x = Num(static_cast<double>(i));
        pool.emplace(boxes[7]).y = Num(-1);  // replaces the first value whole
    }  // the pool is gone; its values stay
    EXPECT_FALSE(boxes[7]->x);
    EXPECT_EQ(boxes[7]->y->value(), -1);
    for (std::size_t i = 0; i < boxes.size(); ++i) {
        if (i == 7) continue;
        EXPECT_EQ(boxes[i]->x->value(), static_cast<double>(i));
    }
    EXPECT_NE(&*boxes[1], &*boxes[2]);
    Opt<Transform> copy = boxes[5];
    EXPECT_EQ(copy, boxes[5]);
    EXPECT_NE(&*copy, &*boxes[5]);  // its own box
    copy->x = Num(50);
    EXPECT_EQ(boxes[5]->x->value(), 5);
    const Transform* at = &*boxes[6];
    Opt<Transform> moved = std::move(boxes[6]);
    EXPECT_FALSE(boxes[6]);  // NOLINT(bugprone-use-after-move)
    EXPECT_EQ(&*moved, at);
    boxes[8] = copy;  // assigned into the pooled value
    EXPECT_EQ(boxes[8]->x->value(), 50);
    boxes[9] = std::move(copy);
    EXPECT_EQ(boxes[9]->x->value(), 50);
    boxes[10].emplace();  // a heap box in place of the pooled one
    EXPECT_FALSE(boxes[10]->x);
    boxes[11] = std::nullopt;
    EXPECT_FALSE(boxes[11]);
    for (std::size_t i = 299; i > 12; i -= 3) boxes[i].reset();  // dropped in any order (ASan: no leak, no double free)
    EXPECT_FALSE(boxes[299]);
    EXPECT_EQ(boxes[298]->x->value(), 298);
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
    EXPECT_LE(sizeof(Frame), 96u) << "a keyframe struct was ~2,040 bytes before the compact model, 304 with 16-byte "
                                     "numbers, 192 with every member inline";
    EXPECT_EQ(sizeof(Num), 8u);
}

// A frame's rare members live in a box made on first write; reading one from a frame without the box
// makes none, and a box whose members are all absent is the same data as no box.
TEST(DragonBonesModel, FrameRareBoxIsMadeOnWriteAndComparesByData) {
    Frame plain;
    plain.duration = Num(2);
    EXPECT_FALSE(plain.rare().tweenRotate);
    EXPECT_TRUE(plain.rare().extra.empty());
    EXPECT_FALSE(plain.has_rare());
    Frame boxed = plain;
    boxed.rare_mut();
    EXPECT_TRUE(boxed.has_rare());
    EXPECT_EQ(plain, boxed);
    boxed.rare_mut().skew = Num(5);
    EXPECT_NE(plain, boxed);
    Frame copy = boxed;  // deep copy
    copy.rare_mut().skew = Num(6);
    EXPECT_EQ(boxed.rare().skew->value(), 5);
    EXPECT_NE(copy, boxed);
    copy.rare_mut().skew = Num(5);
    EXPECT_EQ(copy, boxed);
    boxed.rare_mut().skew.reset();
    EXPECT_EQ(plain, boxed);
    // A read keeps frames without rare keys boxless, and puts rare keys and unknown keys in the box.
    auto d = read_json(R"({"version":"5.5","armature":[{"animation":[{"bone":[{"name":"b","rotateFrame":[)"
                       R"({"duration":1,"rotate":5},{"duration":1,"skew":2,"u":1}]}]}]}]})");
    ASSERT_TRUE(d.ok()) << d.error().what();
    const Frames& rf = *(*(*d->armature[0].animation)[0].bone)[0].rotateFrame;
    EXPECT_FALSE(rf[0].has_rare());
    ASSERT_TRUE(rf[1].has_rare());
    EXPECT_EQ(rf[1].rare().skew->value(), 2);
    ASSERT_EQ(rf[1].rare().extra.size(), 1u);
    EXPECT_EQ(rf[1].rare().extra[0].first, "u");
}

// A frame's rare box made in a pool (as the reader does) is the frame's own: copies are deep, and it
// outlives the pool.
TEST(DragonBonesModel, FrameRareBoxFromAPool) {
    Frame f;
    {
        OptPool<FrameRare> pool;
        f.rare_mut(pool).skew = Num(2);
        EXPECT_EQ(&f.rare_mut(pool), &f.rare());  // made once
    }
    Frame g = f;
    EXPECT_EQ(g, f);
    g.rare_mut().skew = Num(3);
    EXPECT_EQ(f.rare().skew->value(), 2);
    Frame h = std::move(f);
    EXPECT_EQ(h.rare().skew->value(), 2);
}

TEST(DragonBonesModel, DirtyNumbersSurviveTheCompactForm) {
    const char* text = R"({"version":"5.5","frameRate":24,"armature":[{"name":"a","bone":[{"name":"root","length":"12.50"}],)"
                       R"("animation":[{"name":"x","duration":null,"frame":[{"duration":1,"tweenEasing":"NaN"}]}]}]})";
    auto d = read_json(text);
    ASSERT_TRUE(d.ok()) << d.error().what();
    const Armature& a = d->armature.at(0);
    EXPECT_EQ((*a.bone)[0].length->value(), 12.5);
    EXPECT_EQ((*a.bone)[0].length->raw(), "\"12.50\"");
    const Animation& an = (*a.animation)[0];
    ASSERT_TRUE(an.duration);
    EXPECT_TRUE(std::isnan(an.duration->value()));
    EXPECT_EQ(an.duration->raw(), "null");
    EXPECT_NE(write_json(*d, {.compact = true}).find(R"("length":"12.50")"), std::string::npos);
    EXPECT_NE(write_json(*d, {.compact = true}).find(R"("tweenEasing":"NaN")"), std::string::npos);
}

}  // namespace
}  // namespace rigio::dragonbones

namespace rigio::dragonbones {
namespace {

// The reader and the writer walk one key table: a file that holds every key of a structure in the
// table's order is rewritten to the same text, and a key the table refuses for its JSON type (frame
// "value" as an array, "zOrder" as a number) is kept as an unknown key.
TEST(DragonBonesKeyTable, EveryKeyReadIsWrittenBackInTableOrder) {
    const std::string text =
        R"({"frameRate":30,"name":"n","version":"5.5","compatibleVersion":"5.5","isGlobal":0,"userData":{"u":1},"armature":[)"
        R"({"type":"Armature","frameRate":24,"name":"a","aabb":{"x":1,"y":2,"width":3,"height":4},)"
        R"("bone":[{"inheritTranslation":false,"inheritRotation":0,"inheritScale":"true","inheritReflection":true,"length":5,)"
        R"("name":"root","transform":{"x":1,"y":2,"skX":3,"skY":4,"scX":5,"scY":6},"userData":1}],)"
        R"("slot":[{"blendMode":"add","displayIndex":0,"name":"s","parent":"root","z":0,)"
        R"("color":{"aM":1,"rM":2,"gM":3,"bM":4,"aO":5,"rO":6,"gO":7,"bO":8},"actions":[],"userData":2}],)"
        R"("skin":[{"name":"","slot":[{"name":"s","display":[{"type":"image","name":"d","transform":{"x":1},"path":"p",)"
        R"("share":"q","inheritFFD":true,"inheritDeform":false,"pivot":{"x":0.25,"y":0.75},"width":3,"height":4,"userData":3}]}]}],)"
        R"("animation":[{"duration":2,"playTimes":0,"fadeInTime":0.5,"scale":1.5,"name":"go",)"
        R"("frame":[{"duration":1,"event":"e","sound":"s","action":"a","events":[{"name":"e","bone":"root","slot":"s","ints":[1],"floats":[0.5],"strings":["x"]}]},)"
        R"({"duration":1,"actions":[]}],"zOrder":{"frame":[{"duration":2,"zOrder":[0,0]}]},)"
        R"("bone":[{"name":"root","scale":1,"offset":0,"translateFrame":[{"duration":1,"tweenEasing":0,"curve":[0,0,1,1],"x":1,"y":2},)"
        R"({"duration":1,"value":[1],"zOrder":3,"tweenRotate":1}],)"
        R"("rotateFrame":[{"duration":2,"rotate":10,"skew":5,"clockwise":1}],"scaleFrame":[{"duration":2,"x":2,"y":3}]}],)"
        R"("slot":[{"name":"s","displayFrame":[{"duration":1,"value":0,"actions":[]},{"duration":1,"displayIndex":0}],)"
        R"("colorFrame":[{"duration":2,"value":{"aM":50}}]}]}]}]})";
    auto d = read_json(text);
    ASSERT_TRUE(d.ok()) << d.error().what();
    const Frame& odd = (*(*(*d->armature[0].animation)[0].bone)[0].translateFrame)[1];
    EXPECT_FALSE(odd.value);
    EXPECT_FALSE(odd.rare().zOrder);
    ASSERT_TRUE(odd.rare().tweenRotate);
    ASSERT_EQ(odd.rare().extra.size(), 2u);  // "value" (an array) and "zOrder" (a number) kept as written
    EXPECT_EQ(odd.rare().extra[0].first, "value");
    EXPECT_EQ(odd.rare().extra[1].second.text, "3");
    // The writer puts known keys in the table's order, unknown ones after them.
    std::string expected = text;
    const std::string before = R"({"duration":1,"value":[1],"zOrder":3,"tweenRotate":1})";
    const std::string after = R"({"duration":1,"tweenRotate":1,"value":[1],"zOrder":3})";
    expected.replace(expected.find(before), before.size(), after);
    EXPECT_EQ(write_json(*d, {.compact = true}), expected);
}

}  // namespace
}  // namespace rigio::dragonbones
