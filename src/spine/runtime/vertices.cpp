// World vertices for region and vertex attachments (see vertices.hpp).
#include <type_traits>

#include "rigio/spine/runtime/vertices.hpp"

namespace rigio::spine::runtime {

void vertex_world_positions(const Skeleton& sk, int slot_index, int attachment, int start, int count, float* out,
                            int offset, int stride) {
    const AttachmentInfo& a = sk.data().attachments[static_cast<std::size_t>(attachment)];
    const SlotState& slot = sk.slots[static_cast<std::size_t>(slot_index)];
    const std::vector<float>& deform = slot.deform;
    const int end = offset + (count >> 1) * stride;
    if (a.bones.empty()) {
        const float* v = deform.empty() ? a.vertices.data() : deform.data();
        const BoneState& bone = sk.bones[static_cast<std::size_t>(sk.model().slots[static_cast<std::size_t>(slot_index)].bone)];
        // The transform in locals: `out` could alias the bone for all the compiler knows.
        const float ba = bone.a, bb = bone.b, bc = bone.c, bd = bone.d, bx = bone.world_x, by = bone.world_y;
        for (int i = start, w = offset; w < end; i += 2, w += stride) {
            const float vx = v[i], vy = v[i + 1];
            out[w] = vx * ba + vy * bb + bx;
            out[w + 1] = vx * bc + vy * bd + by;
        }
        return;
    }
    // Skip the influences of the vertices before `start`.
    std::size_t v = 0, skip = 0;
    for (int i = 0; i < start; i += 2) {
        const int n = a.bones[v];
        v += static_cast<std::size_t>(n) + 1;
        skip += static_cast<std::size_t>(n);
    }
    const int* bones = a.bones.data();
    const float* values = a.vertices.data();
    const BoneState* skeleton_bones = sk.bones.data();
    values += skip * 3;
    // One loop for bind positions as they are and one for deformed ones (offsets added), so that the
    // inner loop has no test per influence.
    auto weigh = [&](auto deformed, const float* offsets) {
        for (int w = offset; w < end; w += stride) {
            float wx = 0, wy = 0;
            const std::size_t n = v + 1 + static_cast<std::size_t>(bones[v]);
            for (++v; v < n; ++v, values += 3) {
                const BoneState& bone = skeleton_bones[bones[v]];
                float vx = values[0], vy = values[1];
                if constexpr (decltype(deformed)::value) {
                    vx += offsets[0];
                    vy += offsets[1];
                    offsets += 2;
                }
                wx += (vx * bone.a + vy * bone.b + bone.world_x) * values[2];
                wy += (vx * bone.c + vy * bone.d + bone.world_y) * values[2];
            }
            out[w] = wx;
            out[w + 1] = wy;
        }
    };
    if (deform.empty())
        weigh(std::false_type{}, nullptr);
    else
        weigh(std::true_type{}, deform.data() + skip * 2);
}

void region_world_positions(const Skeleton& sk, int bone_index, int attachment, float* out) {
    const float* o = sk.data().attachments[static_cast<std::size_t>(attachment)].offset;
    const BoneState& bone = sk.bones[static_cast<std::size_t>(bone_index)];
    const float ba = bone.a, bb = bone.b, bc = bone.c, bd = bone.d, bx = bone.world_x, by = bone.world_y;
    static constexpr int kOrder[4] = {3, 0, 1, 2};  // BR, BL, UL, UR from BL, UL, UR, BR
    for (int i = 0; i < 4; ++i) {
        const float x = o[kOrder[i] * 2], y = o[kOrder[i] * 2 + 1];
        out[i * 2] = x * ba + y * bb + bx;
        out[i * 2 + 1] = x * bc + y * bd + by;
    }
}

int slot_world_vertices(const Skeleton& sk, int slot, float* out) {
    const int attachment = sk.slots[static_cast<std::size_t>(slot)].attachment;
    if (attachment < 0) return 0;
    const int bone = sk.model().slots[static_cast<std::size_t>(slot)].bone;
    if (!sk.bones[static_cast<std::size_t>(bone)].active) return 0;
    const AttachmentInfo& a = sk.data().attachments[static_cast<std::size_t>(attachment)];
    if (a.type == AttachmentType::Region) {
        region_world_positions(sk, bone, attachment, out);
        return 8;
    }
    if (!a.is_mesh) return 0;
    vertex_world_positions(sk, slot, attachment, 0, a.world_vertices_length, out, 0, 2);
    return a.world_vertices_length;
}

}  // namespace rigio::spine::runtime
