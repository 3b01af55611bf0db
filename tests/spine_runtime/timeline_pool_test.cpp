// prepare() keeps each animation's timeline arrays in two pools (AnimationInfo::float_pool and
// int_pool) and the Timeline members are views into them: the views cover the pools exactly, the pools
// are sized once (their size hint is exact on the corpus), a moved AnimationInfo / RuntimeData keeps
// its views valid and a copy views its own pools. Also the flat name table and the bone children
// array that replaced a hash map and a vector per bone.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <memory>
#include <string>
#include <vector>

#include "fixtures.hpp"
#include "rigio/io/file.hpp"
#include "rigio/spine/binary.hpp"
#include "rigio/spine/runtime/curves.hpp"
#include "support/shared.hpp"

using namespace rigio;
using namespace rigio::test;

namespace {

template <class T>
bool inside(std::span<const T> view, const Pool<T>& pool) {
    if (view.empty()) return true;
    return view.data() >= pool.data() && view.data() + view.size() <= pool.data() + pool.size();
}

// The timelines' views of `a` lie in its own pools and, laid end to end in timeline order, cover each
// pool exactly once.
void expect_views_cover_pools(const AnimationInfo& a) {
    std::size_t floats = 0, ints = 0;
    for (const Timeline& t : a.timelines) {
        EXPECT_TRUE(inside(t.frames, a.float_pool) && inside(t.times, a.float_pool) && inside(t.curves, a.float_pool) &&
                    inside(t.vertices, a.float_pool));
        EXPECT_TRUE(inside(t.names, a.int_pool) && inside(t.draw_orders, a.int_pool) && inside(t.events, a.int_pool) &&
                    inside(t.transitions, a.int_pool));
        floats += t.frames.size() + t.times.size() + t.curves.size() + t.vertices.size();
        ints += t.names.size() + t.draw_orders.size() + t.events.size() + t.transitions.size();
    }
    EXPECT_EQ(floats, a.float_pool.size()) << a.name;
    EXPECT_EQ(ints, a.int_pool.size()) << a.name;
}

// Same timeline values (bit for bit) in two runtime datas of one model.
void expect_same_timelines(const RuntimeData& x, const RuntimeData& y) {
    ASSERT_EQ(x.animations.size(), y.animations.size());
    auto bits = [](std::span<const float> v) {
        std::vector<std::uint32_t> out;
        for (float f : v) out.push_back(std::bit_cast<std::uint32_t>(f));
        return out;
    };
    auto ints = [](std::span<const int> v) { return std::vector<int>(v.begin(), v.end()); };
    for (std::size_t i = 0; i < x.animations.size(); ++i) {
        const AnimationInfo &a = x.animations[i], &b = y.animations[i];
        ASSERT_EQ(a.timelines.size(), b.timelines.size());
        for (std::size_t j = 0; j < a.timelines.size(); ++j) {
            const Timeline &s = a.timelines[j], &t = b.timelines[j];
            EXPECT_EQ(s.kind, t.kind);
            EXPECT_EQ(bits(s.frames), bits(t.frames));
            EXPECT_EQ(bits(s.times), bits(t.times));
            EXPECT_EQ(bits(s.curves), bits(t.curves));
            EXPECT_EQ(bits(s.vertices), bits(t.vertices));
            EXPECT_EQ(ints(s.transitions), ints(t.transitions));
            EXPECT_EQ(ints(s.names), ints(t.names));
            EXPECT_EQ(ints(s.draw_orders), ints(t.draw_orders));
            EXPECT_EQ(ints(s.events), ints(t.events));
        }
    }
}

}  // namespace

TEST(SpineTimelinePool, ViewsCoverExactlySizedPoolsOnTheCorpus) {
    bool any = false;
    for (const char* version : {"3.7", "3.8", "4.0", "4.1", "4.2"}) {
        for (const auto& f : corpus_files(std::string("corpus/spine-") + version, ".skel")) {
            any = true;
            SCOPED_TRACE(f.filename().string() + " (" + version + ")");
            auto sd = spine::read_skel(io::read_file(f.string()).value());
            ASSERT_TRUE(sd.ok()) << sd.error().what();
            auto rd = prepare(*sd);
            ASSERT_TRUE(rd.ok()) << rd.error().what();
            for (const AnimationInfo& a : rd->animations) {
                expect_views_cover_pools(a);
                // The size hint is exact for the ints, and for the floats but for the samples of the
                // transitions without samples of their own (counted as if each had them: the linear and
                // stepped ones, and 3.x Bézier ones sharing the samples of the one before): one
                // allocation per pool.
                EXPECT_EQ(a.int_pool.capacity(), a.int_pool.size()) << a.name;
                std::size_t unsampled = 0;
                for (const Timeline& t : a.timelines)
                    unsampled += t.transitions.size() * static_cast<std::size_t>(t.curve_stride) - t.curves.size();
                EXPECT_EQ(a.float_pool.capacity(), a.float_pool.size() + unsampled) << a.name;
            }
        }
    }
    if (!any) GTEST_SKIP() << "../shared/corpus not found";
}

TEST(SpineTimelinePool, MovesKeepAndCopiesRepointTheViews) {
    const auto files = corpus_files("corpus/spine-3.8", "spineboy-pro.skel");
    if (files.empty()) GTEST_SKIP() << "../shared/corpus not found";
    auto sd = spine::read_skel(io::read_file(files[0].string()).value());
    ASSERT_TRUE(sd.ok());
    RuntimeData original = prepare(*sd).value();
    const RuntimeData fresh = prepare(*sd).value();
    ASSERT_FALSE(original.animations.empty());
    const float* frames = original.animations[0].timelines.at(0).frames.data();

    RuntimeData moved = std::move(original);
    EXPECT_EQ(moved.animations[0].timelines[0].frames.data(), frames);  // the pool's buffer moved along
    expect_same_timelines(moved, fresh);

    auto copy = std::make_unique<RuntimeData>(moved);  // copy construction
    RuntimeData assigned;
    assigned = moved;  // copy assignment
    moved = RuntimeData();  // the source is gone: the copies must not view its pools
    for (const RuntimeData* c : {copy.get(), &assigned}) {
        for (const AnimationInfo& a : c->animations) expect_views_cover_pools(a);
        expect_same_timelines(*c, fresh);
    }
    AnimationInfo self = fresh.animations[0];
    const AnimationInfo& alias = self;
    self = alias;  // self-assignment keeps the views valid
    expect_views_cover_pools(self);
}

TEST(SpineTimelinePool, HandBuiltTimelinesViewTheirOwnArrays) {
    SkeletonData sd = skeleton();
    add_bone(sd, "b", 0, 0, 0);
    Rig r(std::move(sd));
    const std::vector<float> frames = {0, 10, 20, 1, 30, 40};
    const std::vector<int> transitions = {kTransitionLinear};
    Timeline t;
    t.kind = TimelineKind::Translate;
    t.target = 1;
    t.entries = 3;
    t.frames = frames;
    t.transitions = transitions;
    r.sk.set_to_setup_pose();
    apply_timeline(t, AnimationInfo(), r.sk, 0.5f, 0.5f, nullptr, 1);
    EXPECT_FLOAT_EQ(r.local(1).x, 20);
    EXPECT_FLOAT_EQ(r.local(1).y, 30);
}

TEST(SpineNameTable, InternsInFirstSeenOrderAndFinds) {
    NameTable names;
    EXPECT_EQ(names.find("a"), -1);  // empty
    std::vector<std::string> keys;
    for (int i = 0; i < 1000; ++i) keys.push_back(i % 3 == 0 ? std::string(i % 40, 'x') + std::to_string(i) : "k" + std::to_string(i));
    for (std::size_t i = 0; i < keys.size(); ++i) EXPECT_EQ(names.intern(keys[i]), static_cast<int>(i));
    for (std::size_t i = 0; i < keys.size(); ++i) EXPECT_EQ(names.intern(keys[i]), static_cast<int>(i));  // known: same id
    EXPECT_EQ(names.size(), keys.size());
    for (std::size_t i = 0; i < keys.size(); ++i) EXPECT_EQ(names.find(keys[i]), static_cast<int>(i));
    EXPECT_EQ(names.find("k1000"), -1);
    EXPECT_EQ(names.find(""), -1);
    EXPECT_EQ(names.intern(""), 1000);  // the empty name (a null key) is a name like the others
    EXPECT_EQ(names.find(""), 1000);

    NameTable sized;
    sized.reserve(2, 3);  // a hint only: more names still fit
    for (std::size_t i = 0; i < 50; ++i) EXPECT_EQ(sized.intern(keys[i]), static_cast<int>(i));
    for (std::size_t i = 0; i < 50; ++i) EXPECT_EQ(sized.find(keys[i]), static_cast<int>(i));
}

TEST(SpineBoneChildren, ListsEachBonesChildrenInBoneOrder) {
    SkeletonData sd = skeleton();
    const int a = add_bone(sd, "a", 0, 0, 0);
    const int b = add_bone(sd, "b", a, 0, 0);
    const int c = add_bone(sd, "c", 0, 0, 0);
    const int d = add_bone(sd, "d", a, 0, 0);
    const int e = add_bone(sd, "e", d, 0, 0);
    const RuntimeData rd = prepare(sd).value();
    auto list = [&](int bone) {
        const auto v = rd.children[static_cast<std::size_t>(bone)];
        return std::vector<int>(v.begin(), v.end());
    };
    ASSERT_EQ(rd.children.size(), 6u);
    EXPECT_EQ(list(0), (std::vector<int>{a, c}));
    EXPECT_EQ(list(a), (std::vector<int>{b, d}));
    EXPECT_EQ(list(b), std::vector<int>{});
    EXPECT_EQ(list(d), std::vector<int>{e});
    EXPECT_EQ(list(e), std::vector<int>{});

    SkeletonData bad = skeleton();
    add_bone(bad, "a", 0, 0, 0);
    bad.bones[1].parent = 5;
    EXPECT_FALSE(prepare(bad).ok());
    SkeletonData rootless = skeleton();
    rootless.bones[0].parent = 3;  // out of range for the root too
    EXPECT_FALSE(prepare(rootless).ok());
}
