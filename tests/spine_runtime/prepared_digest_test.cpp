// prepare() output pinned bit for bit: a hash of everything it builds (timeline arrays, curves, deform
// and draw-order expansions, attachment and skin tables, bone children, name ids, fired events) for
// skeletons of every version. The values were taken from the code before the timeline pools, flat
// name table and children array (and checked equal on all 111 corpus .skel files then), so a change
// that alters prepared data in any bit fails here.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "rigio/io/file.hpp"
#include "rigio/spine/binary.hpp"
#include "rigio/spine/runtime/data.hpp"
#include "self_contained_curves.hpp"
#include "support/shared.hpp"

using namespace rigio::spine;
using namespace rigio::spine::runtime;

namespace {

// FNV-1a over the bits of everything prepare() builds for one skeleton.
struct PreparedHash {
    std::uint64_t h = 1469598103934665603ull;
    void bytes(const void* p, std::size_t n) {
        const auto* b = static_cast<const unsigned char*>(p);
        for (std::size_t i = 0; i < n; ++i) h = (h ^ b[i]) * 1099511628211ull;
    }
    void i(long v) { bytes(&v, sizeof v); }
    template <class Range>
    void all(const Range& r) {
        i(static_cast<long>(r.size()));
        if (r.size()) bytes(r.data(), r.size() * sizeof(r[0]));
    }
};

std::uint64_t prepared_hash(const RuntimeData& rd) {
    PreparedHash p;
    for (std::size_t b = 0; b < rd.children.size(); ++b) p.all(rd.children[b]);
    for (const AttachmentInfo& a : rd.attachments) {
        p.all(a.name);
        p.all(a.path);
        p.i(static_cast<long>(a.type) << 40 | a.skin << 20 | a.slot);
        p.i(a.deform_source);
        p.i(a.world_vertices_length);
        p.i(a.deform_length);
        p.i(rd.name_id(a.name));
        p.bytes(a.offset, sizeof a.offset);
        p.bytes(a.weighted_groups, sizeof a.weighted_groups);
        p.all(a.bones);
        p.all(a.vertices);
        p.all(a.lengths);
        p.i(a.sequence_count << 24 | a.sequence_digits << 16 | a.sequence_setup);
    }
    for (const SkinInfo& s : rd.skins) {
        p.all(s.name);
        p.i(static_cast<long>(s.lookup.size()));
        for (std::size_t slot = 0; slot < s.by_slot.size(); ++slot) p.all(s.by_slot[slot]);
    }
    p.all(rd.weighted_vertices.empty() ? std::string() : std::string(reinterpret_cast<const char*>(rd.weighted_vertices.data()), rd.weighted_vertices.size() * sizeof(WeightedVertex)));
    p.all(rd.setup_attachment_name);
    p.i(rd.max_deform_length << 20 | rd.max_world_vertices);
    for (const AnimationInfo& a : rd.animations) {
        p.all(a.name);
        p.bytes(&a.duration, sizeof a.duration);
        for (const Timeline& t : a.timelines) {
            p.i(static_cast<long>(t.kind) << 48 | static_cast<long>(t.target + 1) << 24 | t.entries);
            // (The layout the values were pinned with: curve_stride counted the kind too, and `curves`
            // held every transition in the self-contained form.)
            p.i((t.curve_stride + 1) << 8 | t.absolute << 2 | t.ordered << 1);
            p.i(static_cast<long>(t.attachment) << 32 | t.vertex_count << 4 | t.sub);
            p.all(t.frames);
            p.all(rigio::test::self_contained_curves(t));
            p.all(t.names);
            p.all(t.vertices);
            p.all(t.draw_orders);
            p.all(t.events);
        }
        for (const FiredEvent& f : a.fired) {
            p.bytes(&f.time, sizeof f.time);
            p.i(static_cast<long>(f.event) << 32 | static_cast<std::uint32_t>(f.int_value));
            p.all(f.string_value);
        }
    }
    return p.h;
}

struct Pinned {
    const char* version;
    const char* file;
    std::uint64_t hash;
};
const Pinned kPinned[] = {
    {"3.7", "spineboy-pro.skel", 0x293ebb7b6614b496ull},
    {"3.8", "spineboy-pro.skel", 0x148beb9562505d9cull},
    {"3.8", "mix-and-match-pro.skel", 0xebfbd19f842da261ull},
    {"4.0", "raptor-pro.skel", 0x105c73c460b08879ull},
    {"4.1", "chibi-stickers.skel", 0xb5e50c4305d4dbe4ull},
    {"4.2", "sack-pro.skel", 0x05e49c2ea53f4dfeull},
    {"4.2", "spineboy-pro.skel", 0x080224209898b1a6ull},
    {"4.2", "celestial-circus-pro.skel", 0x78d9543f6a60368dull},
};

// Calls f(pinned, model, prepared data) for each pinned file found; false when none is (no ../shared).
template <class F>
bool each_pinned(F&& f) {
    int found = 0;
    for (const Pinned& p : kPinned) {
        const auto path = rigio::test::shared_dir() / "corpus" / (std::string("spine-") + p.version) / p.file;
        auto bytes = rigio::io::read_file(path.string());
        if (!bytes) continue;
        ++found;
        auto sd = read_skel(*bytes);
        EXPECT_TRUE(sd.ok()) << p.file << ": " << (sd.ok() ? "" : sd.error().what());
        if (!sd.ok()) continue;
        auto rd = prepare(*sd);
        EXPECT_TRUE(rd.ok()) << p.file << ": " << (rd.ok() ? "" : rd.error().what());
        if (rd.ok()) f(p, *sd, *rd);
    }
    return found > 0;
}

}  // namespace

TEST(SpinePreparedDigest, PreparedDataIsBitForBitAsPinned) {
    const bool found = each_pinned([](const Pinned& p, const SkeletonData&, const RuntimeData& rd) {
        EXPECT_EQ(prepared_hash(rd), p.hash) << p.version << "/" << p.file;
        // A copy hashes the same (its views point at its own pools).
        const RuntimeData copy = rd;
        EXPECT_EQ(prepared_hash(copy), p.hash) << p.version << "/" << p.file << " (copy)";
    });
    if (!found) GTEST_SKIP() << "../shared/corpus not found";
}

// A skin's required bones and constraints are views of the model's lists (no copies): the same
// elements, at the same addresses.
TEST(SpinePreparedDigest, SkinListsViewTheModel) {
    const bool found = each_pinned([](const Pinned& p, const SkeletonData& sd, const RuntimeData& rd) {
        ASSERT_EQ(rd.skins.size(), sd.skins.size());
        for (std::size_t s = 0; s < sd.skins.size(); ++s) {
            const Skin& m = sd.skins[s];
            const SkinInfo& info = rd.skins[s];
            for (const auto& [view, list] : {std::pair{info.bones, &m.bones}, std::pair{info.ik, &m.ik},
                                             std::pair{info.transform, &m.transform}, std::pair{info.path, &m.path},
                                             std::pair{info.physics, &m.physics}}) {
                EXPECT_EQ(view.data(), list->data()) << p.file << " skin " << s;
                EXPECT_EQ(view.size(), list->size()) << p.file << " skin " << s;
            }
        }
    });
    if (!found) GTEST_SKIP() << "../shared/corpus not found";
}

// An attachment's name and sequence path are views of the model's strings (no copies): its name, else
// its skin key; the path, else the name.
TEST(SpinePreparedDigest, AttachmentNamesViewTheModel) {
    // The file's own name for an entry (null name and key: none, and prepare uses "").
    auto own_name = [](const SkinAttachment& e) -> const String* {
        return e.attachment.name ? &*e.attachment.name : e.key ? &*e.key : nullptr;
    };
    const bool found = each_pinned([&](const Pinned& p, const SkeletonData& sd, const RuntimeData& rd) {
        for (const AttachmentInfo& a : rd.attachments) {
            const Skin& skin = sd.skins[static_cast<std::size_t>(a.skin)];
            const SkinAttachment* entry = nullptr;
            for (const SkinSlot& ss : skin.slots)
                if (ss.slot == a.slot)
                    for (const SkinAttachment& e : ss.attachments)
                        if (own_name(e) && a.name.data() == own_name(e)->data()) entry = &e;
            ASSERT_NE(entry, nullptr) << p.file << ": " << a.name << " is not a view of a skin entry's name";
            EXPECT_EQ(a.name.size(), own_name(*entry)->size());
            if (a.sequence_count > 0) {
                const Attachment& m = entry->attachment;
                EXPECT_EQ(a.path.data(), m.path ? m.path->data() : a.name.data()) << p.file << ": " << a.name;
            }
        }
    });
    if (!found) GTEST_SKIP() << "../shared/corpus not found";
}
