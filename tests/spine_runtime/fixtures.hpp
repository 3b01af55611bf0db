// Small skeletons built in code for the runtime's unit tests, and a posable rig around them.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "rigio/spine/model.hpp"
#include "rigio/spine/runtime/animation.hpp"
#include "rigio/spine/runtime/data.hpp"
#include "rigio/spine/runtime/skeleton.hpp"
#include "rigio/spine/runtime/vertices.hpp"

namespace rigio::test {

using namespace rigio::spine;
using namespace rigio::spine::runtime;

// A skeleton with a root bone at the origin and nothing else.
inline SkeletonData skeleton() {
    SkeletonData sd;
    Bone root;
    root.name = "root";
    sd.bones.push_back(root);
    return sd;
}

inline int add_bone(SkeletonData& sd, const std::string& name, int parent, float x, float y, float rotation = 0,
                    float length = 0, TransformMode mode = TransformMode::Normal) {
    Bone b;
    b.name = name;
    b.parent = parent;
    b.x = x;
    b.y = y;
    b.rotation = rotation;
    b.length = length;
    b.transform = mode;
    sd.bones.push_back(b);
    return static_cast<int>(sd.bones.size()) - 1;
}

inline int add_slot(SkeletonData& sd, const std::string& name, int bone, OptString attachment = std::nullopt) {
    Slot s;
    s.name = name;
    s.bone = bone;
    s.attachment = std::move(attachment);
    sd.slots.push_back(s);
    return static_cast<int>(sd.slots.size()) - 1;
}

// An IK constraint named `name` moving `bones` (one or two) toward `target`, with the default mix.
inline void add_ik(SkeletonData& sd, const std::string& name, std::vector<int> bones, int target) {
    IkConstraint ik;
    ik.name = name;
    ik.bones.assign(bones.begin(), bones.end());
    ik.target = target;
    sd.ik.push_back(ik);
}

// The skin named `name` ("default" is created first and flagged as the default skin).
inline Skin& skin(SkeletonData& sd, const std::string& name = "default") {
    for (Skin& s : sd.skins)
        if (s.name == name) return s;
    Skin s;
    s.name = name;
    if (name == "default") {
        sd.skins.insert(sd.skins.begin(), s);
        sd.has_default_skin = true;
        return sd.skins.front();
    }
    sd.skins.push_back(s);
    return sd.skins.back();
}

inline void add_attachment(Skin& skin, int slot, const std::string& key, Attachment a) {
    for (SkinSlot& ss : skin.slots)
        if (ss.slot == slot) {
            ss.attachments.push_back({key, std::move(a)});
            return;
        }
    skin.slots.push_back({slot, {{key, std::move(a)}}});
}

inline Attachment region(float width, float height, float x = 0, float y = 0, float rotation = 0) {
    Attachment a;
    a.type = AttachmentType::Region;
    a.width = width;
    a.height = height;
    a.x = x;
    a.y = y;
    a.rotation = rotation;
    return a;
}

inline Attachment mesh(std::vector<float> xy) {
    Attachment a;
    a.type = AttachmentType::Mesh;
    a.vertices.count = static_cast<int>(xy.size() / 2);
    a.vertices.values.assign(xy.begin(), xy.end());
    a.uvs.assign(a.vertices.values.size(), 0.0f);
    return a;
}

// A curve's type, which makes the curve of any key (Curve or Curve2) with the default handles.
inline CurveType linear() { return CurveType::Linear; }
inline CurveType stepped() { return CurveType::Stepped; }

// Skeleton data with its runtime tables and one instance; posing applies an animation at t over
// the setup pose (the golden procedure).
struct Rig {
    SkeletonData sd;
    RuntimeData rd;
    Skeleton sk;

    explicit Rig(SkeletonData data) : sd(std::move(data)), rd(prepare(sd).value()), sk(rd) {}
    Rig(const Rig&) = delete;
    Rig& operator=(const Rig&) = delete;

    void pose(float t, int animation = 0, float alpha = 1) {
        sk.set_to_setup_pose();
        if (animation >= 0 && static_cast<std::size_t>(animation) < rd.animations.size())
            apply(rd.animations[static_cast<std::size_t>(animation)], sk, t, t, false, nullptr, alpha);
        sk.update_world_transform();
    }
    void use_skin(const std::string& name) {
        sk.set_skin(rd.find_skin(name));
        sk.set_slots_to_setup_pose();
    }
    const BoneState& bone(int i) const { return sk.bones[static_cast<std::size_t>(i)]; }
    const BoneTransform& local(int i) const { return sk.bones[static_cast<std::size_t>(i)].local; }
    // Angle of the bone's world x axis, in degrees.
    float world_rotation(int i) const { return std::atan2(bone(i).c, bone(i).a) * 180 / 3.14159265f; }
    float world_scale_x(int i) const { return std::hypot(bone(i).a, bone(i).c); }
    float world_scale_y(int i) const { return std::hypot(bone(i).b, bone(i).d); }
    // World position of the tip of a bone of length `length`.
    std::pair<float, float> tip(int i, float length) const {
        return {bone(i).world_x + bone(i).a * length, bone(i).world_y + bone(i).c * length};
    }
    std::string attachment(int slot) const {
        const int a = sk.slots[static_cast<std::size_t>(slot)].attachment;
        return a < 0 ? "<none>" : std::string(rd.attachments[static_cast<std::size_t>(a)].name);
    }
    std::vector<float> vertices(int slot) const {
        std::vector<float> out(static_cast<std::size_t>(rd.max_world_vertices));
        out.resize(static_cast<std::size_t>(slot_world_vertices(sk, slot, out.data())));
        return out;
    }
};

// Element-wise comparison of world vertices.
inline void expect_vertices(const std::vector<float>& got, const std::vector<float>& want, float tolerance = 1e-4f) {
    ASSERT_EQ(got.size(), want.size());
    for (std::size_t i = 0; i < got.size(); ++i) EXPECT_NEAR(got[i], want[i], tolerance) << "value " << i;
}

}  // namespace rigio::test
