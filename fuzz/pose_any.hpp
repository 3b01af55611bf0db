// Shared by the Spine fuzz targets: a model that read must either be refused by the runtime with an
// error or pose without crashing: every animation at a few times, physics stepped, world vertices of
// every slot and sequence frames.
#pragma once

#include <vector>

#include "rigio/io/error.hpp"
#include "rigio/spine/runtime/animation.hpp"
#include "rigio/spine/runtime/sequence.hpp"
#include "rigio/spine/runtime/vertices.hpp"

inline void fuzz_pose(const rigio::spine::SkeletonData& sd) {
    namespace rt = rigio::spine::runtime;
    rigio::Result<rt::RuntimeData> prepared = rt::prepare(sd);
    if (!prepared) return;
    const rt::RuntimeData& rd = prepared.value();
    std::vector<float> verts(static_cast<std::size_t>(rd.max_world_vertices) + 8);
    for (int skin = -1; skin < static_cast<int>(rd.skins.size()) && skin < 2; ++skin) {
        rt::Skeleton sk(rd);
        sk.set_skin(skin);
        sk.set_slots_to_setup_pose();
        for (const rt::AnimationInfo& anim : rd.animations) {
            for (float f : {0.0f, 0.37f, 1.0f}) {
                const float t = anim.duration * f;
                sk.set_to_setup_pose();
                rt::apply(anim, sk, t, t, false, nullptr, 1);
                sk.time += 0.02f;
                sk.update_world_transform(rt::Physics::Update);
                for (int slot : sk.draw_order) {
                    rt::slot_world_vertices(sk, slot, verts.data());
                    rt::sequence_frame(sk, slot);
                }
            }
        }
    }
}
