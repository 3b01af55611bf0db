// What a skeleton instance keeps from one pose to the next (the bones' axis cosines and sines, the
// angle of a two-bone IK chain's child position) must never change a pose: a long-lived instance
// posed through a sequence of states matches, bit for bit, a fresh instance posed once in each.
// Also the two-at-a-time (SSE2) forms of region corners and unweighted mesh vertices against the
// plain formula.
#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <random>

#include "fixtures.hpp"

using namespace rigio::test;

namespace {

std::uint32_t bits(float v) { return std::bit_cast<std::uint32_t>(v); }

void expect_same_world(const Skeleton& got, const Skeleton& want, const std::string& what) {
    ASSERT_EQ(got.bones.size(), want.bones.size());
    for (std::size_t i = 0; i < got.bones.size(); ++i) {
        const BoneState &g = got.bones[i], &w = want.bones[i];
        const float gv[6] = {g.a, g.b, g.c, g.d, g.world_x, g.world_y}, wv[6] = {w.a, w.b, w.c, w.d, w.world_x, w.world_y};
        for (int k = 0; k < 6; ++k) EXPECT_EQ(bits(gv[k]), bits(wv[k])) << what << ", bone " << i << ", value " << k;
    }
}

// Root, upper arm, lower arm (its position varied by the tests), a target; a two-bone IK constraint.
SkeletonData ik_chain() {
    SkeletonData sd = skeleton();
    const int upper = add_bone(sd, "upper", 0, 3, 4, 20, 10);
    const int lower = add_bone(sd, "lower", upper, 10, 0, -15, 8);
    const int target = add_bone(sd, "target", 0, 9, 11);
    add_ik(sd, "ik", {upper, lower}, target);
    return sd;
}

struct BoneEdit {
    int bone;
    float x, y, rotation, shear_x, shear_y;
};

// Sets the setup pose, applies the edits to the local poses and updates the world transforms.
void pose(Skeleton& sk, const std::vector<BoneEdit>& edits) {
    sk.set_to_setup_pose();
    for (const BoneEdit& e : edits) {
        BoneTransform& l = sk.bones[static_cast<std::size_t>(e.bone)].local;
        l.x = e.x;
        l.y = e.y;
        l.rotation = e.rotation;
        l.shear_x = e.shear_x;
        l.shear_y = e.shear_y;
    }
    sk.update_world_transform();
}

}  // namespace

TEST(SpinePoseCaches, ALongLivedInstanceMatchesFreshOnes) {
    const SkeletonData sd = ik_chain();
    const RuntimeData rd = prepare(sd).value();
    Skeleton lived(rd);
    std::mt19937 rng(4);
    std::uniform_real_distribution<float> value(-30, 30);
    // Positions and angles that repeat, that differ only in the sign of zero, and random ones.
    std::vector<std::vector<BoneEdit>> states = {
        {{2, 10, 0, -15, 0, 0}},   {{2, 10, 0, -15, 0, 0}},   {{2, 0, 0, 0, 0, 0}},      {{2, -0.0f, 0, 0, 0, 0}},
        {{2, 0, -0.0f, 0, 0, 0}},  {{2, -0.0f, -0.0f, -0.0f, 0, 0}}, {{2, 10, 0, -15, 0, 0}, {1, 3, 4, 20, 5, -5}},
        {{2, 10, 0, -15, 0, 0}, {1, 3, 4, 20, 5, -5}}, {{1, 3, 4, 380, 0, 0}}, {{1, 3, 4, 20, 0, 0}},
    };
    for (int i = 0; i < 40; ++i)
        states.push_back({{2, value(rng), i % 3 ? value(rng) : 0, value(rng), i % 2 ? value(rng) : 0, 0},
                          {1, 3, 4, value(rng), 0, i % 4 ? 0 : value(rng)}});
    for (float mix : {1.0f, 0.5f}) {
        for (std::size_t i = 0; i < states.size(); ++i) {
            lived.ik[0].mix = mix;
            pose(lived, states[i]);
            Skeleton fresh(rd);
            fresh.ik[0].mix = mix;
            pose(fresh, states[i]);
            expect_same_world(lived, fresh, "state " + std::to_string(i) + ", mix " + std::to_string(mix));
        }
    }
}

TEST(SpinePoseCaches, RegionCornersAndUnweightedVerticesMatchTheFormula) {
    SkeletonData sd = skeleton();
    const int bone = add_bone(sd, "b", 0, 12.5f, -7, 33);
    sd.bones[static_cast<std::size_t>(bone)].scale_x = 1.7f;
    sd.bones[static_cast<std::size_t>(bone)].scale_y = -0.6f;
    sd.bones[static_cast<std::size_t>(bone)].shear_y = 11;
    std::mt19937 rng(9);
    std::uniform_real_distribution<float> value(-100, 100);
    add_slot(sd, "r", bone, "r");
    add_attachment(skin(sd), 0, "r", region(31, 17, 4, -2, 27));
    const int counts[] = {1, 2, 3, 4, 5, 9};
    for (int count : counts) {
        std::vector<float> xy;
        for (int i = 0; i < count * 2; ++i) xy.push_back(i % 5 == 0 ? -0.0f : value(rng));
        const int slot = add_slot(sd, "m" + std::to_string(count), bone, "m");
        add_attachment(skin(sd), slot, "m", mesh(xy));
    }
    Rig r(std::move(sd));
    r.pose(0);
    const BoneState& b = r.bone(bone);
    auto place = [&](float x, float y, float* out) {
        out[0] = x * b.a + y * b.b + b.world_x;
        out[1] = x * b.c + y * b.d + b.world_y;
    };
    // The region: BR, BL, UL, UR from the stored BL, UL, UR, BR.
    {
        const float* o = r.rd.attachments[static_cast<std::size_t>(r.sk.slots[0].attachment)].offset;
        float want[8], got[8];
        const int order[4] = {3, 0, 1, 2};
        for (int i = 0; i < 4; ++i) place(o[order[i] * 2], o[order[i] * 2 + 1], want + i * 2);
        ASSERT_EQ(slot_world_vertices(r.sk, 0, got), 8);
        for (int i = 0; i < 8; ++i) EXPECT_EQ(bits(got[i]), bits(want[i])) << "region value " << i;
    }
    for (int s = 1; s < static_cast<int>(r.sk.slots.size()); ++s) {
        const int attachment = r.sk.slots[static_cast<std::size_t>(s)].attachment;
        const AttachmentInfo& a = r.rd.attachments[static_cast<std::size_t>(attachment)];
        const int length = a.world_vertices_length;
        for (bool deformed : {false, true}) {
            std::vector<float>& deform = r.sk.slots[static_cast<std::size_t>(s)].deform;
            deform.clear();
            if (deformed)
                for (int i = 0; i < length; ++i) deform.push_back(value(rng));
            const float* v = deformed ? deform.data() : a.vertices.data();
            for (int stride : {2, 3}) {
                for (int start = 0; start < length; start += 2) {
                    const int count = length - start;
                    std::vector<float> got(static_cast<std::size_t>(1 + count / 2 * stride + 2), 5.0f), want = got;
                    vertex_world_positions(r.sk, s, attachment, start, count, got.data(), 1, stride);
                    for (int i = start, w = 1; i < length; i += 2, w += stride) place(v[i], v[i + 1], want.data() + w);
                    for (std::size_t i = 0; i < got.size(); ++i)
                        EXPECT_EQ(bits(got[i]), bits(want[i])) << length / 2 << " vertices, deformed " << deformed << ", stride "
                                                               << stride << ", start " << start << ", value " << i;
                }
            }
        }
    }
}
