// Weighted world vertices: the grouped, vectorised path (whole attachments) and the one-by-one path
// (parts, as path constraints ask) against the plain per-vertex formula, bit for bit.
#include <gtest/gtest.h>

#include <cstring>
#include <random>

#include "fixtures.hpp"

using namespace rigio::test;

namespace {

// Bones turned, scaled and sheared so that every matrix entry matters.
SkeletonData weighted_skeleton(int vertex_count, std::mt19937& rng) {
    SkeletonData sd = skeleton();
    std::uniform_real_distribution<float> angle(-180, 180), scale(0.25f, 3), offset(-50, 50);
    for (int i = 0; i < 9; ++i) {
        const int b = add_bone(sd, "b" + std::to_string(i), i % 3 == 0 ? 0 : i, offset(rng), offset(rng), angle(rng));
        Bone& bone = sd.bones[static_cast<std::size_t>(b)];
        bone.scale_x = scale(rng);
        bone.scale_y = i % 2 ? -scale(rng) : scale(rng);
        bone.shear_x = angle(rng) / 8;
        bone.shear_y = angle(rng) / 8;
    }
    add_slot(sd, "s", 0, "m");
    Attachment m;
    m.type = AttachmentType::Mesh;
    m.vertices.count = vertex_count;
    m.vertices.weighted = true;
    std::uniform_int_distribution<int> influences(0, 7), bone(0, 9);
    std::uniform_real_distribution<float> value(-100, 100), weight(0, 1);
    for (int v = 0; v < vertex_count; ++v) {
        // Mostly 1 to 4 influences (the grouped counts), some none or more; some zero positions and
        // weights, whose products are signed zeros.
        const int n = v % 5 == 4 ? influences(rng) : 1 + v % 4;
        m.vertices.bones.push_back(n);
        for (int k = 0; k < n; ++k) {
            m.vertices.bones.push_back(bone(rng));
            const bool zero = (v + k) % 11 == 0;
            m.vertices.values.push_back(zero ? -0.0f : value(rng));
            m.vertices.values.push_back(zero ? 0.0f : value(rng));
            m.vertices.values.push_back(zero ? -0.0f : weight(rng));
        }
    }
    m.uvs.assign(static_cast<std::size_t>(vertex_count) * 2, 0.0f);
    add_attachment(skin(sd), 0, "m", m);
    return sd;
}

// The formula, vertex by vertex: the sum from 0 of (bind + offset placed by the bone) * weight.
void reference(const Rig& r, int start, int count, std::vector<float>& out, int offset, int stride) {
    const Vertices& v = r.sd.skins[0].slots[0].attachments[0].attachment.vertices;
    const std::vector<float>& deform = r.sk.slots[0].deform;
    std::size_t b = 0, k = 0;
    for (int i = 0, w = offset; i < start + count; i += 2) {
        const int n = v.bones[b++];
        float wx = 0, wy = 0;
        for (int j = 0; j < n; ++j, ++k) {
            const BoneState& bone = r.bone(v.bones[b++]);
            float x = v.values[k * 3], y = v.values[k * 3 + 1];
            if (!deform.empty()) x += deform[k * 2], y += deform[k * 2 + 1];
            wx += (x * bone.a + y * bone.b + bone.world_x) * v.values[k * 3 + 2];
            wy += (x * bone.c + y * bone.d + bone.world_y) * v.values[k * 3 + 2];
        }
        if (i < start) continue;
        out[static_cast<std::size_t>(w)] = wx;
        out[static_cast<std::size_t>(w + 1)] = wy;
        w += stride;
    }
}

void expect_same_bits(const std::vector<float>& got, const std::vector<float>& want, const std::string& what) {
    ASSERT_EQ(got.size(), want.size());
    for (std::size_t i = 0; i < got.size(); ++i) {
        std::uint32_t g, w;
        std::memcpy(&g, &got[i], 4);
        std::memcpy(&w, &want[i], 4);
        EXPECT_EQ(g, w) << what << ", value " << i << ": " << got[i] << " vs " << want[i];
    }
}

void check_all_ways(Rig& r, const std::string& what) {
    const int length = r.rd.attachments[0].world_vertices_length;
    for (int stride : {2, 5}) {
        for (int offset : {0, 3}) {
            std::vector<float> got(static_cast<std::size_t>(offset + length / 2 * stride + 2), 7.0f), want = got;
            vertex_world_positions(r.sk, 0, 0, 0, length, got.data(), offset, stride);  // whole: grouped
            reference(r, 0, length, want, offset, stride);
            expect_same_bits(got, want, what + " whole, stride " + std::to_string(stride));
        }
    }
    for (int start : {0, 2, 8, length - 6}) {  // parts: one by one
        for (int count : {2, 6, length - start - 2}) {
            if (start < 0 || count <= 0 || start + count > length) continue;
            std::vector<float> got(static_cast<std::size_t>(count + 4), 7.0f), want = got;
            vertex_world_positions(r.sk, 0, 0, start, count, got.data(), 1, 2);
            reference(r, start, count, want, 1, 2);
            expect_same_bits(got, want, what + " part " + std::to_string(start) + "+" + std::to_string(count));
        }
    }
    std::vector<float> slot(static_cast<std::size_t>(r.rd.max_world_vertices)), want(static_cast<std::size_t>(length));
    ASSERT_EQ(slot_world_vertices(r.sk, 0, slot.data()), length);
    slot.resize(static_cast<std::size_t>(length));
    reference(r, 0, length, want, 0, 2);
    expect_same_bits(slot, want, what + " slot");
}

}  // namespace

TEST(SpineWeightedVertices, EveryPathMatchesTheFormulaBitForBit) {
    std::mt19937 rng(20);
    for (int vertex_count : {1, 2, 3, 7, 40, 301}) {
        Rig r(weighted_skeleton(vertex_count, rng));
        r.pose(0);
        check_all_ways(r, std::to_string(vertex_count) + " vertices");
        // Deformed: an offset per influence (set directly, as a deform timeline would).
        std::vector<float>& deform = r.sk.slots[0].deform;
        std::uniform_real_distribution<float> offset(-5, 5);
        for (int i = 0; i < r.rd.attachments[0].deform_length; ++i) deform.push_back(i % 7 == 0 ? -0.0f : offset(rng));
        check_all_ways(r, std::to_string(vertex_count) + " vertices, deformed");
    }
}

TEST(SpineWeightedVertices, GroupsHoldEveryVertexOnceByInfluenceCount) {
    std::mt19937 rng(7);
    Rig r(weighted_skeleton(57, rng));
    const AttachmentInfo& a = r.rd.attachments[0];
    std::vector<int> seen(57, 0);
    for (int group = 1; group <= 5; ++group) {
        for (int i = a.weighted_groups[group - 1]; i < a.weighted_groups[group]; ++i) {
            const WeightedVertex& v = r.rd.weighted_vertices[static_cast<std::size_t>(i)];
            const int n = a.bones[static_cast<std::size_t>(v.vertex + v.first_influence)];
            EXPECT_TRUE(group == 5 ? n < 1 || n > 4 : n == group) << "vertex " << v.vertex << " in group " << group;
            ++seen[static_cast<std::size_t>(v.vertex)];
        }
    }
    for (int count : seen) EXPECT_EQ(count, 1);
}

TEST(SpineWeightedVertices, PairRecordsHoldEveryInfluenceOfGroupsOneToFour) {
    std::mt19937 rng(11);
    for (int vertex_count : {1, 2, 3, 57}) {
        Rig r(weighted_skeleton(vertex_count, rng));
        const AttachmentInfo& a = r.rd.attachments[0];
        // Per influence (by index), how many record lanes hold it, and that they hold it faithfully.
        std::vector<int> seen(a.vertices.size() / 3, 0);
        std::vector<int> first(static_cast<std::size_t>(vertex_count), -1), count(static_cast<std::size_t>(vertex_count), 0);
        for (std::size_t i = 0, k = 0, v = 0; i < a.bones.size(); ++v) {
            first[v] = static_cast<int>(k);
            count[v] = a.bones[i];
            k += static_cast<std::size_t>(a.bones[i]);
            i += static_cast<std::size_t>(a.bones[i]) + 1;
        }
        for (int group = 1; group <= 4; ++group) {
            for (int i = a.weighted_pairs[group - 1]; i < a.weighted_pairs[group]; ++i) {
                const WeightedPair& p = r.rd.weighted_pairs[static_cast<std::size_t>(i)];
                for (int lane = 0; lane < 2; ++lane) {
                    const int v = p.vertex[lane], k = p.influence[lane];
                    ASSERT_EQ(count[static_cast<std::size_t>(v)], group) << "vertex " << v;
                    ASSERT_TRUE(k >= first[static_cast<std::size_t>(v)] && k < first[static_cast<std::size_t>(v)] + group);
                    const std::size_t at = static_cast<std::size_t>(v + k + 1);  // the bone index after the vertex's count
                    EXPECT_EQ(p.bone_offset[lane], std::int64_t{kBoneStateBytes} * a.bones[at]);
                    EXPECT_EQ(p.position[2 * lane], a.vertices[3 * static_cast<std::size_t>(k)]);
                    EXPECT_EQ(p.position[2 * lane + 1], a.vertices[3 * static_cast<std::size_t>(k) + 1]);
                    EXPECT_EQ(p.weight[2 * lane], a.vertices[3 * static_cast<std::size_t>(k) + 2]);
                    EXPECT_EQ(p.weight[2 * lane + 1], p.weight[2 * lane]);
                    ++seen[static_cast<std::size_t>(k)];
                }
            }
        }
        // Each influence once, except where a group's odd last vertex fills both lanes (1 and 3).
        for (std::size_t v = 0; v < count.size(); ++v) {
            if (count[v] < 1 || count[v] > 4) continue;
            for (int j = 0; j < count[v]; ++j) {
                const int n = seen[static_cast<std::size_t>(first[v] + j)];
                EXPECT_TRUE(n == 1 || (n == 2 && (count[v] == 1 || count[v] == 3))) << "vertex " << v << " influence " << j;
            }
        }
    }
}

TEST(SpineWeightedVertices, NegativeInfluenceCountIsRefused) {
    SkeletonData sd = skeleton();
    add_slot(sd, "s", 0, "m");
    Attachment m;
    m.type = AttachmentType::Mesh;
    m.vertices.count = 2;
    m.vertices.weighted = true;
    m.vertices.bones = {-1, 1, 0};
    m.vertices.values = {1, 2, 1};
    add_attachment(skin(sd), 0, "m", m);
    auto rd = prepare(sd);
    ASSERT_FALSE(rd);
    EXPECT_NE(rd.error().message().find("negative vertex bone count"), std::string::npos) << rd.error().message();
}

// prepare checks the vertex arrays in one pass over the values when they are all below the bone
// count, else vertex by vertex: either way a bad array gives the same error, and a good one whose
// counts exceed the bone count (a vertex may name a bone twice) is taken.
TEST(SpineWeightedVertices, BadBoneIndicesAreRefusedOnEitherPath) {
    auto prepared = [](std::vector<int> bones, std::vector<float> values, int vertex_count) {
        SkeletonData sd = skeleton();
        add_bone(sd, "child", 0, 0, 0);  // (two bones)
        add_slot(sd, "s", 0, "m");
        Attachment m;
        m.type = AttachmentType::Mesh;
        m.vertices.count = vertex_count;
        m.vertices.weighted = true;
        m.vertices.bones.assign(bones.begin(), bones.end());
        m.vertices.values.assign(values.begin(), values.end());
        add_attachment(skin(sd), 0, "m", m);
        return prepare(sd);
    };
    const int bone_count = 2;
    // Every value below the bone count, the last vertex's indices running past the array.
    auto past = prepared({1, 0, 1}, {0, 0, 1, 0, 0, 1}, 2);
    ASSERT_FALSE(past);
    EXPECT_NE(past.error().message().find("bad vertex bone index"), std::string::npos) << past.error().message();
    // An index out of range (so the exact walk), and a negative one.
    for (const int bad : {bone_count, -2}) {
        auto out = prepared({1, 0, 1, bad}, {0, 0, 1, 0, 0, 1}, 2);
        ASSERT_FALSE(out);
        EXPECT_NE(out.error().message().find("bad vertex bone index"), std::string::npos) << out.error().message();
    }
    // The bound check reads four values at a time, then the rest one by one: an index out of range (or
    // negative) at any place of arrays of 1 to 9 vertices is refused; in range, they are accepted.
    for (int vertices = 1; vertices <= 9; ++vertices)
        for (int at = -1; at < vertices; ++at)
            for (const int bad : {bone_count, -1}) {
                std::vector<int> list;
                std::vector<float> xyw;
                for (int v = 0; v < vertices; ++v) {
                    list.insert(list.end(), {1, v == at ? bad : v % bone_count});
                    xyw.insert(xyw.end(), {0, 0, 1});
                }
                auto r = prepared(list, xyw, vertices);
                EXPECT_EQ(static_cast<bool>(r), at < 0) << vertices << " vertices, bad at " << at;
            }
    // A count above the bone count (5: past the groups of 1 to 4 too) with indices in range: valid.
    std::vector<int> bones{5};
    std::vector<float> values;
    for (int i = 0; i < 5; ++i) {
        bones.push_back(i % bone_count);
        values.insert(values.end(), {1, 2, 0.2f});
    }
    auto many = prepared(bones, values, 1);
    ASSERT_TRUE(many) << many.error().message();
    const int* groups = many->attachments[0].weighted_groups;
    EXPECT_EQ(groups[5] - groups[4], 1);  // in the group of other counts
    EXPECT_EQ(groups[4] - groups[0], 0);
}

TEST(SpineWeightedVertices, LinkedMeshUsesItsSourcesGroups) {
    std::mt19937 rng(3);
    SkeletonData sd = weighted_skeleton(23, rng);
    Attachment linked;
    linked.type = AttachmentType::LinkedMesh;
    linked.parent = "m";
    add_attachment(skin(sd, "other"), 0, "m", linked);
    Rig r(std::move(sd));
    r.pose(0);
    const std::vector<float> own = r.vertices(0);
    r.use_skin("other");
    r.pose(0);
    ASSERT_EQ(r.rd.attachments[static_cast<std::size_t>(r.sk.slots[0].attachment)].name, "m");
    ASSERT_NE(r.sk.slots[0].attachment, 0);
    expect_same_bits(r.vertices(0), own, "linked mesh");
}
