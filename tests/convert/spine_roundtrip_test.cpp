// Spine -> DragonBones -> Spine, proven by poses: every Spine 3.8 corpus skeleton converted to DragonBones
// 5.5 JSON, read back, converted to Spine again and posed by rigio's Spine runtime (which reproduces the
// official runtime's goldens) poses every bone as the original does, except the bones and animations
// that the loss report names a bone-moving feature for (constraints DragonBones cannot hold, their
// timelines, inexact transform modes, rounded key times), and the bones those move in turn.
#include <gtest/gtest.h>

#include <cmath>
#include <algorithm>
#include <cstdlib>
#include <map>
#include <set>
#include <string>

#include "rigio/convert/dragonbones_to_spine.hpp"
#include "rigio/convert/spine_to_dragonbones.hpp"
#include "rigio/dragonbones/json.hpp"
#include "rigio/io/file.hpp"
#include "rigio/spine/binary.hpp"
#include "rigio/spine/runtime/animation.hpp"
#include "rigio/spine/runtime/data.hpp"
#include "rigio/spine/runtime/skeleton.hpp"
#include "rigio/spine/runtime/vertices.hpp"
#include "support/shared.hpp"

using namespace rigio;
namespace rt = rigio::spine::runtime;

namespace {

// Slot tolerances: DragonBones keeps colours as whole percent (the loss report says so: half a percent
// plus half a byte back in Spine is 0.0069); vertices as the bones (px).
constexpr double kColourTolerance = 0.007, kVertexTolerance = 0.05;

// Losses after which bones may legitimately move differently.
bool moves_bones(const convert::Loss& l) {
    for (const char* f : {"transform constraint", "path constraint", "IK timeline", "IK softness", "transform mode", "shear keyed",
                          "key times between"})
        if (l.feature.find(f) != std::string::npos) return true;
    return false;
}

// The index after `prefix` in `where` ("/transform/3/..." -> 3), or -1.
int index_after(const std::string& where, const std::string& prefix) {
    if (where.rfind(prefix, 0) != 0) return -1;
    return std::atoi(where.c_str() + prefix.size());
}

// What the loss report takes out of the comparison: bones a bone-moving loss names at setup (a dropped
// constraint's bones, a bone whose transform mode maps inexactly), with every bone below them and
// every bone a surviving IK constraint moves towards them; and animations whose own losses move bones.
struct Excluded {
    std::vector<bool> bones;
    std::set<std::string> slots;  // slots whose attachments or colours a loss names
    bool dark = false;            // a two-colour tint was dropped
    bool region_sizes = false;    // region sizes were dropped: region quads differ, vertex attachments are compared
    std::set<std::string> deforms;  // "animation/slot" whose deform keys were approximated
    std::set<std::string> animations;
    std::string why;  // the first bone-moving feature, for the log
};

Excluded excluded_by(const spine::SkeletonData& sd, const convert::LossReport& report) {
    Excluded ex;
    ex.bones.assign(sd.bones.size(), false);
    auto mark = [&](const spine::Vector<int>& bones) {
        for (int b : bones) ex.bones[static_cast<std::size_t>(b)] = true;
    };
    for (const convert::Loss& l : report.losses) {
        if (l.feature.find("two-colour tint") != std::string::npos) ex.dark = true;
        if (l.where.rfind("/slots/", 0) == 0) ex.slots.insert(l.where.substr(7, l.where.find('/', 7) - 7));
        if (l.feature.find("region width and height") != std::string::npos) ex.region_sizes = true;
        if (const std::size_t at = l.where.find("/attachments/"); l.where.rfind("/skins/", 0) == 0 && at != std::string::npos)
            ex.slots.insert(l.where.substr(at + 13, l.where.find('/', at + 13) - at - 13));  // an attachment dropped
        if (const std::size_t at = l.where.find("/deform/"); l.where.rfind("/animations/", 0) == 0 && at != std::string::npos)
            ex.deforms.insert(l.where.substr(12, at - 12) + "/" + l.where.substr(at + 8, l.where.find('/', at + 8) - at - 8));
        if (!moves_bones(l)) continue;
        if (ex.why.empty()) ex.why = l.feature;
        if (l.where.rfind("/animations/", 0) == 0) {
            const std::string rest = l.where.substr(12);
            ex.animations.insert(rest.substr(0, rest.find('/')));
        } else if (int i = index_after(l.where, "/transform/"); i >= 0 && static_cast<std::size_t>(i) < sd.transform.size()) {
            mark(sd.transform[i].bones);
        } else if (int p = index_after(l.where, "/path/"); p >= 0 && static_cast<std::size_t>(p) < sd.path.size()) {
            mark(sd.path[p].bones);
        } else if (int k = index_after(l.where, "/ik/"); k >= 0 && static_cast<std::size_t>(k) < sd.ik.size()) {
            mark(sd.ik[k].bones);
        } else if (int b = index_after(l.where, "/bones/"); b >= 0 && static_cast<std::size_t>(b) < sd.bones.size()) {
            ex.bones[static_cast<std::size_t>(b)] = true;
        } else {
            ADD_FAILURE() << "a bone-moving loss the test cannot place: " << l.where << ": " << l.feature;
        }
    }
    // Children follow their parents (bones are stored parents first); IK chains follow their targets.
    for (bool grew = true; grew;) {
        grew = false;
        for (std::size_t i = 0; i < sd.bones.size(); ++i)
            if (!ex.bones[i] && sd.bones[i].parent >= 0 && ex.bones[static_cast<std::size_t>(sd.bones[i].parent)])
                ex.bones[i] = grew = true;
        for (const auto& ik : sd.ik)
            if (ex.bones[static_cast<std::size_t>(ik.target)])
                for (int b : ik.bones)
                    if (!ex.bones[static_cast<std::size_t>(b)]) ex.bones[static_cast<std::size_t>(b)] = grew = true;
    }
    return ex;
}

struct Comparison {
    int animations = 0, bones = 0;  // compared
    double worst = 0;
    std::string where;  // animation, time and bone of the worst difference
    std::size_t slot_values = 0;     // slot values compared (draw orders, attachments, colours, vertices)
    double worst_colour = 0, worst_vertex = 0;
    std::string slot_mismatch;       // the first slot difference beyond the tolerances
};

// Whether a weighted attachment follows a bone the comparison leaves out.
bool moved_by_excluded(const rt::AttachmentInfo& a, const Excluded& ex) {
    for (std::size_t i = 0; i < a.bones.size();) {
        const int n = a.bones[i++];
        for (int k = 0; k < n && i < a.bones.size(); ++k)
            if (ex.bones[static_cast<std::size_t>(a.bones[i++])]) return true;
    }
    return false;
}

// The slot part of one sample: the draw order, and per slot its attachment name, colour, dark colour
// and world vertices (slots on an excluded bone keep their draw-order place but are not compared).
void compare_slots(const spine::SkeletonData& a, const rt::Skeleton& sa, const rt::Skeleton& sb, const std::map<std::string, int>& slot_in_b,
                   const Excluded& ex, const std::string& animation, const std::string& at, Comparison& out) {
    auto mismatch = [&](const std::string& what) {
        if (out.slot_mismatch.empty()) out.slot_mismatch = at + ": " + what;
    };
    const rt::RuntimeData& da = sa.data();
    const rt::RuntimeData& db = sb.data();
    std::vector<std::string> order_a, order_b;
    for (int s : sa.draw_order) order_a.push_back(*a.slots[static_cast<std::size_t>(s)].name);
    for (int s : sb.draw_order) order_b.push_back(db.data->slots[static_cast<std::size_t>(s)].name.value_or(""));
    ++out.slot_values;
    if (order_a != order_b) mismatch("draw order differs");
    std::vector<float> va(static_cast<std::size_t>(da.max_world_vertices)), vb(static_cast<std::size_t>(db.max_world_vertices));
    for (std::size_t i = 0; i < a.slots.size(); ++i) {
        const std::string& name = *a.slots[i].name;
        if (ex.bones[static_cast<std::size_t>(a.slots[i].bone)] || ex.slots.count(name)) continue;
        const int j = slot_in_b.at(name);
        const rt::SlotState& x = sa.slots[i];
        const rt::SlotState& y = sb.slots[static_cast<std::size_t>(j)];
        const std::string an(x.attachment >= 0 ? da.attachments[static_cast<std::size_t>(x.attachment)].name : "(none)");
        const std::string bn(y.attachment >= 0 ? db.attachments[static_cast<std::size_t>(y.attachment)].name : "(none)");
        out.slot_values += 9;
        if (an != bn) mismatch("slot " + name + " shows " + bn + ", the original " + an);
        double colour = 0;
        for (double d : {x.color.r - y.color.r, x.color.g - y.color.g, x.color.b - y.color.b, x.color.a - y.color.a}) colour = std::max(colour, std::abs(d));
        if (x.has_dark && y.has_dark)
            for (double d : {x.dark.r - y.dark.r, x.dark.g - y.dark.g, x.dark.b - y.dark.b}) colour = std::max(colour, std::abs(d));
        if (x.has_dark != y.has_dark && !ex.dark) mismatch("slot " + name + ": dark colour present on one side only");
        out.worst_colour = std::max(out.worst_colour, colour);
        if (colour > kColourTolerance) mismatch("slot " + name + ": colour off by " + std::to_string(colour));
        if (an != bn || ex.deforms.count(animation + "/" + name)) continue;
        if (ex.region_sizes && x.attachment >= 0 && !da.attachments[static_cast<std::size_t>(x.attachment)].is_vertex) continue;
        if (x.attachment >= 0 && moved_by_excluded(da.attachments[static_cast<std::size_t>(x.attachment)], ex)) continue;
        const int n = rt::slot_world_vertices(sa, static_cast<int>(i), va.data());
        const int m = rt::slot_world_vertices(sb, j, vb.data());
        out.slot_values += static_cast<std::size_t>(n);
        if (n != m) {
            mismatch("slot " + name + ": " + std::to_string(n) + " world vertex values, " + std::to_string(m) + " after the round trip");
            continue;
        }
        for (int k = 0; k < n; ++k) {
            const double d = std::abs(va[static_cast<std::size_t>(k)] - vb[static_cast<std::size_t>(k)]);
            out.worst_vertex = std::max(out.worst_vertex, d);
            if (d > kVertexTolerance) mismatch("slot " + name + " vertex " + std::to_string(k) + " off by " + std::to_string(d) + " px");
        }
    }
}

// Largest difference of any compared bone's world matrix (by name) over 11 samples of every compared
// animation (matrix entries x100, positions in px).
Comparison compare(const spine::SkeletonData& a, const spine::SkeletonData& b, const Excluded& ex) {
    const rt::RuntimeData da = rt::prepare(a).value(), db = rt::prepare(b).value();
    std::map<std::string, int> in_b, slot_in_b;
    for (std::size_t i = 0; i < b.bones.size(); ++i) in_b[*b.bones[i].name] = static_cast<int>(i);
    for (std::size_t i = 0; i < b.slots.size(); ++i) slot_in_b[*b.slots[i].name] = static_cast<int>(i);
    Comparison out;
    out.bones = static_cast<int>(std::count(ex.bones.begin(), ex.bones.end(), false));
    for (std::size_t n = 0; n < da.animations.size() && n < db.animations.size(); ++n) {
        if (ex.animations.count(da.animations[n].name)) continue;
        ++out.animations;
        for (int k = 0; k <= 10; ++k) {
            const float t = da.animations[n].duration * k / 10;
            rt::Skeleton sa(da), sb(db);
            sa.set_to_setup_pose();
            sb.set_to_setup_pose();
            rt::apply(da.animations[n], sa, t, t, false, nullptr, 1);
            rt::apply(db.animations[n], sb, t, t, false, nullptr, 1);
            sa.update_world_transform();
            sb.update_world_transform();
            compare_slots(a, sa, sb, slot_in_b, ex, da.animations[n].name, da.animations[n].name + " at " + std::to_string(t) + " s", out);
            for (std::size_t i = 0; i < a.bones.size(); ++i) {
                const auto& x = sa.bones[i];
                if (ex.bones[i] || !x.active) continue;  // an inactive bone (skin-required, no skin) is not updated
                const auto& y = sb.bones[in_b.at(*a.bones[i].name)];
                double worst = 0;
                for (double d : {x.a - y.a, x.b - y.b, x.c - y.c, x.d - y.d}) worst = std::max(worst, std::abs(d) * 100);
                for (double d : {x.world_x - y.world_x, x.world_y - y.world_y}) worst = std::max(worst, std::abs(d));
                if (worst > out.worst) {
                    out.worst = worst;
                    out.where = da.animations[n].name + " at " + std::to_string(t) + " s, bone " + *a.bones[i].name;
                }
            }
        }
    }
    return out;
}

}  // namespace

TEST(SpineToDragonBones, CorpusRoundTripPosesLikeTheOriginal) {
    const auto files = test::corpus_files("corpus/spine-3.8", ".skel");
    RIGIO_REQUIRE_CORPUS(files, "corpus/spine-3.8");
    int compared = 0, animations = 0, total_animations = 0;
    for (const auto& f : files) {
        SCOPED_TRACE(f.filename().string());
        auto sd = spine::read_skel(io::read_file(f.string()).value());
        ASSERT_TRUE(sd.ok()) << sd.error().what();
        convert::LossReport there;
        const dragonbones::DragonBonesData data = convert::spine_to_dragonbones(*sd, there).value();
        const std::string text = dragonbones::write_json(data);
        auto read = dragonbones::read_json(text);
        ASSERT_TRUE(read.ok()) << read.error().what();
        convert::LossReport back;
        convert::DragonBonesToSpineOptions keep;
        keep.curves_as_is = true;  // Spine's own curves back as they were
        auto again = convert::dragonbones_to_spine(*read, 0, back, keep);
        ASSERT_TRUE(again.ok()) << again.error().what();
        ASSERT_EQ(again->animations.size(), sd->animations.size());
        const Excluded ex = excluded_by(*sd, there);
        const Comparison c = compare(*sd, *again, ex);
        std::printf("  %-26s %3zu losses; compared %2d of %2zu animations, %3d of %3zu bones: largest difference %.3g%s%s\n",
                    f.filename().string().c_str(), there.losses.size(), c.animations, sd->animations.size(), c.bones,
                    sd->bones.size(), c.worst, ex.why.empty() ? "" : "; excluded for ", ex.why.c_str());
        EXPECT_LT(c.worst, 0.05) << "a bone no loss names moves differently: " << c.where;
        EXPECT_EQ(c.slot_mismatch, "") << "a slot no loss names differs";
        std::printf("  %-26s slots: %zu values compared, largest colour difference %.3g, largest vertex difference %.3g px\n", "",
                    c.slot_values, c.worst_colour, c.worst_vertex);
        animations += c.animations;
        total_animations += static_cast<int>(sd->animations.size());
        if (c.animations > 0 && c.bones > 0) ++compared;
    }
    std::printf("%d of %zu skeletons compared; %d of %d animations (the rest excluded by their loss report)\n", compared,
                files.size(), animations, total_animations);
    EXPECT_GT(compared, 0);
}
