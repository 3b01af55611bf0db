// The model records the version its data is in; the runtime plays each version with its own rules.
#include <gtest/gtest.h>

#include "rigio/io/error.hpp"
#include "rigio/spine/model.hpp"
#include "rigio/spine/runtime/data.hpp"

using namespace rigio;
using namespace rigio::spine;
using rigio::spine::runtime::prepare;
using rigio::spine::runtime::RuntimeData;

namespace {
SkeletonData one_bone(Version v) {
    SkeletonData sd;
    sd.header.data_version = v;
    Bone root;
    root.name = "root";
    sd.bones.push_back(root);
    return sd;
}
}  // namespace

TEST(SpineModelVersion, DataBuiltInCodeIs38) { EXPECT_EQ(SkeletonData{}.header.data_version, Version::V38); }

TEST(SpineModelVersion, RuntimePlaysEveryVersionWithItsRules) {
    for (Version v : {Version::V37, Version::V38, Version::V40, Version::V41, Version::V42}) {
        SCOPED_TRACE(version_name(v));
        const RuntimeData rd = prepare(one_bone(v)).value();
        EXPECT_EQ(rd.version, v);
        EXPECT_EQ(rd.v4(), v >= Version::V40);
    }
}

TEST(SpineModelVersion, DurationCountsPhysicsAndSequenceKeys) {
    Animation a;
    PhysicsTimelines p;
    p.timelines.push_back({PhysicsTimelineType::Reset, {{2.5f, 0, {}}}});
    a.physics.push_back(p);
    EXPECT_EQ(duration(a), 2.5f);
    DeformTimeline t;
    t.type = AttachmentTimelineType::Sequence;
    t.sequence_keys.push_back({3.0f, SequenceMode::Loop, 0, 0.1f});
    a.deform.push_back({0, {{0, {t}}}});
    EXPECT_EQ(duration(a), 3.0f);
}
