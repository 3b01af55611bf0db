// BezierHandles (Curve::bezier): the std::vector<float> operations the codecs use behave like the
// vector's, whether the values sit inside the object (up to 8) or on the heap. FixedBezierHandles
// (Curve2::bezier): the same up to 8 values, and more refused.
#include <gtest/gtest.h>

#include <stdexcept>
#include <type_traits>
#include <vector>

#include "rigio/spine/model.hpp"

using rigio::spine::BezierHandles;
using rigio::spine::Curve;
using rigio::spine::Curve2;
using rigio::spine::CurveType;
using rigio::spine::CurveView;
using rigio::spine::FixedBezierHandles;

namespace {

template <bool Spills>
std::vector<float> as_vector(const rigio::spine::BasicBezierHandles<Spills>& h) {
    return {h.begin(), h.end()};
}

}  // namespace

TEST(BezierHandles, GrowsFromInlineToHeapKeepingValues) {
    BezierHandles h;
    EXPECT_TRUE(h.empty());
    std::vector<float> want;
    for (int i = 0; i < 30; ++i) {
        h.push_back(static_cast<float>(i));
        want.push_back(static_cast<float>(i));
        ASSERT_EQ(as_vector(h), want) << i;
    }
    EXPECT_GE(h.capacity(), 30u);
}

TEST(BezierHandles, ResizeFillsZerosLikeVector) {
    BezierHandles h{1, 2, 3};
    h.resize(12);  // past the inline capacity
    EXPECT_EQ(as_vector(h), (std::vector<float>{1, 2, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0}));
    h.resize(2);
    h.resize(4);
    EXPECT_EQ(as_vector(h), (std::vector<float>{1, 2, 0, 0}));
}

// resize_for_overwrite sizes like resize, keeps the values below the old size and leaves the new ones
// for the caller to write (the .skel reader's handles), inline or on the heap.
TEST(BezierHandles, ResizeForOverwriteKeepsOldValues) {
    for (std::size_t n : {4u, 8u, 12u, 28u}) {
        BezierHandles h{1, 2};
        h.resize_for_overwrite(n);
        ASSERT_EQ(h.size(), n);
        EXPECT_GE(h.capacity(), n);
        EXPECT_EQ(h[0], 1);
        EXPECT_EQ(h[1], 2);
        for (std::size_t i = 2; i < n; ++i) h[i] = static_cast<float>(i);
        std::vector<float> want{1, 2};
        for (std::size_t i = 2; i < n; ++i) want.push_back(static_cast<float>(i));
        EXPECT_EQ(as_vector(h), want) << n;
    }
}

TEST(BezierHandles, CopyMoveAssignAndCompare) {
    for (std::size_t n : {0u, 4u, 8u, 9u, 28u}) {
        BezierHandles a;
        for (std::size_t i = 0; i < n; ++i) a.push_back(static_cast<float>(i) + 0.5f);
        BezierHandles b = a;
        EXPECT_EQ(b, a);
        BezierHandles c = std::move(b);
        EXPECT_EQ(c, a);
        EXPECT_TRUE(b.empty());  // NOLINT(bugprone-use-after-move): moved-from is empty, as a vector's
        BezierHandles d{9, 9};
        d = c;
        EXPECT_EQ(d, a);
        d = std::move(c);
        EXPECT_EQ(d, a);
        d = d;  // self-assignment keeps the values
        EXPECT_EQ(d, a);
        if (n > 0) {
            BezierHandles e = a;
            e[n - 1] = -1;
            EXPECT_FALSE(e == a);
        }
    }
}

TEST(BezierHandles, InsertAndAssignRanges) {
    BezierHandles h{1, 2};
    h.insert(h.end(), {3, 4, 5, 6, 7, 8, 9});
    EXPECT_EQ(as_vector(h), (std::vector<float>{1, 2, 3, 4, 5, 6, 7, 8, 9}));
    h.insert(h.begin() + 1, h.begin(), h.begin() + 2);  // a range of itself
    EXPECT_EQ(as_vector(h), (std::vector<float>{1, 1, 2, 2, 3, 4, 5, 6, 7, 8, 9}));
    const std::vector<float> v{5, 6, 7, 8};
    h.assign(v.begin() + 1, v.end());
    EXPECT_EQ(as_vector(h), (std::vector<float>{6, 7, 8}));
    h.assign(h.begin() + 1, h.end());  // a range of itself
    EXPECT_EQ(as_vector(h), (std::vector<float>{7, 8}));
    h = {0.25f, 10, 0.75f, 20};
    EXPECT_EQ(as_vector(h), (std::vector<float>{0.25f, 10, 0.75f, 20}));
}

TEST(BezierHandles, StaysSmallAndRefusesMoreThanItsLimit) {
    // No larger than the std::vector it replaced, and 4-byte aligned: keyframes keep their size.
    static_assert(sizeof(BezierHandles) <= 36 && alignof(BezierHandles) == 4);
    BezierHandles h;
    h.resize(65535);
    EXPECT_EQ(h.size(), 65535u);
    EXPECT_THROW(h.push_back(1), std::length_error);
    EXPECT_THROW(h.resize(65536), std::length_error);
    EXPECT_EQ(h.size(), 65535u);
}

TEST(FixedBezierHandles, BehavesLikeBezierHandlesUpToEightValues) {
    static_assert(std::is_trivially_copyable_v<FixedBezierHandles> && std::is_trivially_destructible_v<FixedBezierHandles>);
    static_assert(sizeof(FixedBezierHandles) == sizeof(BezierHandles) && alignof(FixedBezierHandles) == 4);
    FixedBezierHandles h{1, 2};
    h.insert(h.end(), {3, 4, 5});
    h.insert(h.begin() + 1, h.begin(), h.begin() + 2);  // a range of itself
    EXPECT_EQ(as_vector(h), (std::vector<float>{1, 1, 2, 2, 3, 4, 5}));
    h.resize(8);
    EXPECT_EQ(as_vector(h), (std::vector<float>{1, 1, 2, 2, 3, 4, 5, 0}));
    h.resize(3);
    h.resize_for_overwrite(5);
    h[3] = 7;
    h[4] = 8;
    EXPECT_EQ(as_vector(h), (std::vector<float>{1, 1, 2, 7, 8}));
    FixedBezierHandles c = h;
    EXPECT_EQ(c, h);
    c[4] = -1;
    EXPECT_FALSE(c == h);
    c = h;
    EXPECT_EQ(c, h);
    c.push_back(9);
    EXPECT_EQ(as_vector(c), (std::vector<float>{1, 1, 2, 7, 8, 9}));
    h.assign(h.begin() + 1, h.end());  // a range of itself
    EXPECT_EQ(as_vector(h), (std::vector<float>{1, 2, 7, 8}));
    h = {0.25f, 10, 0.75f, 20, 0.5f, 1, 0.5f, 2};
    EXPECT_EQ(as_vector(h), (std::vector<float>{0.25f, 10, 0.75f, 20, 0.5f, 1, 0.5f, 2}));
    EXPECT_EQ(h.capacity(), 8u);
    h.clear();
    EXPECT_TRUE(h.empty());
}

TEST(FixedBezierHandles, RefusesMoreThanEightValuesAndKeepsItsOwn) {
    FixedBezierHandles h{1, 2, 3, 4, 5, 6, 7, 8};
    const std::vector<float> eight{1, 2, 3, 4, 5, 6, 7, 8};
    EXPECT_THROW(h.push_back(9), std::length_error);
    EXPECT_THROW(h.resize(9), std::length_error);
    EXPECT_THROW(h.resize_for_overwrite(12), std::length_error);
    EXPECT_THROW(h.insert(h.begin(), {0}), std::length_error);
    const std::vector<float> nine(9, 1.0f);
    EXPECT_THROW(h.assign(nine.begin(), nine.end()), std::length_error);
    EXPECT_EQ(as_vector(h), eight);
    EXPECT_THROW(FixedBezierHandles(nine.begin(), nine.end()), std::length_error);
}

// The keys a model's teardown skips, and a Curve2 made from a Curve and back (no more than two channels).
TEST(Curve2, KeysAreTriviallyDestructibleAndConvertFromCurve) {
    static_assert(std::is_trivially_destructible_v<rigio::spine::BoneKeyframe> &&
                  std::is_trivially_destructible_v<rigio::spine::IkKeyframe> &&
                  std::is_trivially_destructible_v<rigio::spine::PhysicsKeyframe>);
    static_assert(std::is_trivially_copyable_v<Curve2> && sizeof(rigio::spine::BoneKeyframe) == 72);
    Curve c(CurveType::Bezier, 0.1f, 0.2f, 0.3f, 0.4f);
    c.bezier = {1, 2, 3, 4, 5, 6, 7, 8};
    const Curve2 two(c);
    EXPECT_EQ(two.type, CurveType::Bezier);
    EXPECT_EQ(two.cx1, 0.1f);
    EXPECT_EQ(two.cy2, 0.4f);
    EXPECT_EQ(as_vector(two.bezier), as_vector(c.bezier));
    EXPECT_EQ(Curve(two), c);
    const CurveView view = two;  // (views of both kinds: the same members)
    EXPECT_EQ(view.bezier.data(), two.bezier.data());
    EXPECT_EQ(view.bezier.size(), 8u);
    EXPECT_EQ(view.cx2, 0.3f);
    c.bezier.push_back(9);
    EXPECT_THROW(Curve2{c}, std::length_error);
}
