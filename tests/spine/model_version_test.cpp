// The model records the version its data is in; the 3.8 runtime refuses data of other versions by name.
#include <gtest/gtest.h>

#include "rigio/io/error.hpp"
#include "rigio/spine/model.hpp"
#include "rigio/spine/runtime/data.hpp"

using namespace rigio;
using namespace rigio::spine;
using rigio::spine::runtime::prepare;

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

TEST(SpineModelVersion, RuntimePreparesOnly38) {
    EXPECT_NO_THROW(prepare(one_bone(Version::V38)));
    for (Version v : {Version::V37, Version::V40, Version::V41, Version::V42}) {
        SCOPED_TRACE(version_name(v));
        try {
            prepare(one_bone(v));
            FAIL() << "prepared data of another version";
        } catch (const Error& e) {
            EXPECT_NE(std::string(e.what()).find(std::string("this is ") + version_name(v)), std::string::npos) << e.what();
        }
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
