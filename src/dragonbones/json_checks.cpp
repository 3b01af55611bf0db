// Checks of a DragonBones armature once it is read: names resolved to indices (bones, slots, IK,
// timelines), parent cycles, mesh arrays against each other and the bone table, zOrder pairs.
#include <cmath>
#include <string>
#include <string_view>
#include <functional>
#include <vector>

#include "json_checks.hpp"

namespace rigio::dragonbones {

namespace {

using Scope = io::JsonPath::Scope;

// Bone or slot names to their indices: an open-addressing table in one allocation (a node-based map
// made an allocation per bone and per slot, ~1.5k of a corpus read's ~80k). The first of equal names wins.
class NameIndex {
public:
    explicit NameIndex(std::size_t count) {
        std::size_t slots = 8;
        while (slots < 2 * count) slots *= 2;
        entries_.resize(slots);
    }
    // false when the name is there already (its index is kept).
    bool add(std::string_view name, int index) {
        for (std::size_t i = home(name);; i = (i + 1) & (entries_.size() - 1)) {
            Entry& e = entries_[i];
            if (e.index < 0) {
                e = {name, index};
                return true;
            }
            if (e.name == name) return false;
        }
    }
    // The index of `name`, or -1.
    int find(std::string_view name) const {
        for (std::size_t i = home(name);; i = (i + 1) & (entries_.size() - 1)) {
            const Entry& e = entries_[i];
            if (e.index < 0 || e.name == name) return e.index;
        }
    }

private:
    struct Entry {
        std::string_view name;
        int index = -1;
    };
    std::size_t home(std::string_view name) const { return std::hash<std::string_view>{}(name) & (entries_.size() - 1); }
    std::vector<Entry> entries_;  // at most half full, so a probe always ends at an empty entry
};

struct Checker {
    io::JsonPath& path_;
    std::vector<std::string>* warnings_;

    void warn(const std::string& what) {
        if (warnings_) warnings_->push_back((path_.pointer().empty() ? std::string("/") : path_.pointer()) + ": " + what);
    }
    void resolve(Armature& a);
    void check_mesh(const Display& d, std::size_t bone_count);
};

// Mesh arrays must agree with each other: runtimes index one with the other.
void Checker::check_mesh(const Display& d, std::size_t bone_count) {
    if (!d.vertices) return;
    auto integer_in = [](const Num& n, double limit) { return n.value() >= 0 && n.value() < limit && std::floor(n.value()) == n.value(); };
    const std::size_t floats = d.vertices->size();
    if (floats % 2 != 0) path_.fail_at("vertices", "odd number of vertex coordinates (" + std::to_string(floats) + ")");
    const double vertex_count = static_cast<double>(floats / 2);
    if (d.uvs && d.uvs->size() != floats)
        path_.fail_at("uvs", std::to_string(d.uvs->size()) + " uv values for " + std::to_string(floats) + " vertex coordinates");
    if (d.triangles) {
        if (d.triangles->size() % 3 != 0) path_.fail_at("triangles", "triangle index count is not a multiple of 3");
        for (std::size_t i = 0; i < d.triangles->size(); ++i)
            if (!integer_in((*d.triangles)[i], vertex_count)) {
                Scope s(path_, "triangles");
                Scope si(path_, i);
                path_.fail("triangle vertex index out of range (" + std::to_string(floats / 2) + " vertices)");
            }
    }
    if (d.weights) {
        Scope s(path_, "weights");
        const auto& w = *d.weights;
        std::size_t at = 0;
        for (std::size_t v = 0; v < floats / 2; ++v) {
            if (at >= w.size()) path_.fail("weights end before vertex " + std::to_string(v));
            const double n = w[at].value();
            if (!(n >= 0 && std::floor(n) == n && n <= static_cast<double>((w.size() - at - 1) / 2))) {
                Scope si(path_, at);
                path_.fail("bad bone count for vertex " + std::to_string(v));
            }
            ++at;
            for (std::size_t b = 0; b < static_cast<std::size_t>(n); ++b, at += 2)
                if (!integer_in(w[at], static_cast<double>(bone_count))) {
                    Scope si(path_, at);
                    path_.fail("bone index out of range (" + std::to_string(bone_count) + " bones)");
                }
        }
        if (at != w.size()) path_.fail(std::to_string(w.size() - at) + " values left over after the last vertex");
    }
    if (d.bonePose) {
        if (d.bonePose->size() % 7 != 0) path_.fail_at("bonePose", "bonePose length is not a multiple of 7");
        for (std::size_t i = 0; i < d.bonePose->size(); i += 7)
            if (!integer_in((*d.bonePose)[i], static_cast<double>(bone_count))) {
                Scope s(path_, "bonePose");
                Scope si(path_, i);
                path_.fail("bone index out of range (" + std::to_string(bone_count) + " bones)");
            }
    }
    if (d.slotPose && d.slotPose->size() != 6) path_.fail_at("slotPose", "slotPose must hold 6 numbers (a, b, c, d, tx, ty)");
}

void Checker::resolve(Armature& a) {
    // Names by string_view into the armature's own strings, which stay in place while it is checked.
    NameIndex bones(a.bone ? a.bone->size() : 0), slots(a.slot ? a.slot->size() : 0);
    if (a.bone) {
        Scope s(path_, "bone");
        for (std::size_t i = 0; i < a.bone->size(); ++i) {
            Bone& b = (*a.bone)[i];
            Scope si(path_, i);
            if (!b.name) path_.fail("bone without a name");
            if (!bones.add(*b.name, static_cast<int>(i))) warn("duplicate bone name \"" + *b.name + "\"");
        }
        for (std::size_t i = 0; i < a.bone->size(); ++i) {
            Bone& b = (*a.bone)[i];
            if (!b.parent) continue;
            Scope si(path_, i);
            const int parent = bones.find(*b.parent);
            if (parent < 0) path_.fail_at("parent", "no bone named \"" + *b.parent + "\"");
            b.parent_index = parent;
        }
        // Real files list some children before their parents (runtimes sort them); a cycle is an error.
        // Each bone is walked once: 0 unseen, 1 on the current walk, 2 known to reach a root.
        std::vector<unsigned char> state(a.bone->size(), 0);
        for (std::size_t i = 0; i < a.bone->size(); ++i) {
            int at = static_cast<int>(i);
            while (at >= 0 && state[static_cast<std::size_t>(at)] == 0) {
                state[static_cast<std::size_t>(at)] = 1;
                at = (*a.bone)[static_cast<std::size_t>(at)].parent_index;
            }
            if (at >= 0 && state[static_cast<std::size_t>(at)] == 1) {
                Scope si(path_, static_cast<std::size_t>(at));
                path_.fail_at("parent", "the bone's parent chain forms a cycle");
            }
            for (at = static_cast<int>(i); at >= 0 && state[static_cast<std::size_t>(at)] == 1;
                 at = (*a.bone)[static_cast<std::size_t>(at)].parent_index)
                state[static_cast<std::size_t>(at)] = 2;
        }
    }
    if (a.slot) {
        Scope s(path_, "slot");
        for (std::size_t i = 0; i < a.slot->size(); ++i) {
            Slot& sl = (*a.slot)[i];
            Scope si(path_, i);
            if (!sl.name) path_.fail("slot without a name");
            slots.add(*sl.name, static_cast<int>(i));
            if (!sl.parent) continue;
            const int parent = bones.find(*sl.parent);
            if (parent < 0) path_.fail_at("parent", "no bone named \"" + *sl.parent + "\"");
            sl.parent_index = parent;
        }
    }
    if (a.ik) {
        Scope s(path_, "ik");
        for (std::size_t i = 0; i < a.ik->size(); ++i) {
            IkConstraint& c = (*a.ik)[i];
            Scope si(path_, i);
            if (!c.bone) path_.fail("IK constraint without a bone");
            if (!c.target) path_.fail("IK constraint without a target");
            const int b = bones.find(*c.bone);
            if (b < 0) path_.fail_at("bone", "no bone named \"" + *c.bone + "\"");
            const int t = bones.find(*c.target);
            if (t < 0) path_.fail_at("target", "no bone named \"" + *c.target + "\"");
            c.bone_index = b;
            c.target_index = t;
        }
    }
    if (a.skin) {
        Scope s(path_, "skin");
        for (std::size_t i = 0; i < a.skin->size(); ++i) {
            Skin& sk = (*a.skin)[i];
            if (!sk.slot) continue;
            Scope si(path_, i);
            Scope ss(path_, "slot");
            for (std::size_t j = 0; j < sk.slot->size(); ++j) {
                SkinSlot& slot = (*sk.slot)[j];
                if (!slot.display) continue;
                Scope sj(path_, j);
                Scope sd(path_, "display");
                for (std::size_t k = 0; k < slot.display->size(); ++k) {
                    Scope sk2(path_, k);
                    check_mesh((*slot.display)[k], a.bone ? a.bone->size() : 0);
                }
            }
        }
    }
    if (!a.animation) return;
    Scope s(path_, "animation");
    const double slot_count = a.slot ? static_cast<double>(a.slot->size()) : 0;
    for (std::size_t i = 0; i < a.animation->size(); ++i) {
        Animation& an = (*a.animation)[i];
        Scope si(path_, i);
        if (an.bone) {
            Scope sb(path_, "bone");
            for (std::size_t j = 0; j < an.bone->size(); ++j) {
                BoneTimeline& t = (*an.bone)[j];
                Scope sj(path_, j);
                if (!t.name) path_.fail("bone timeline without a name");
                const int bone = bones.find(*t.name);
                if (bone < 0) warn("timeline for unknown bone \"" + *t.name + "\" (ignored by runtimes)");
                else t.bone = bone;
            }
        }
        if (an.slot) {
            Scope sb(path_, "slot");
            for (std::size_t j = 0; j < an.slot->size(); ++j) {
                SlotTimeline& t = (*an.slot)[j];
                Scope sj(path_, j);
                if (!t.name) path_.fail("slot timeline without a name");
                const int slot = slots.find(*t.name);
                if (slot < 0) warn("timeline for unknown slot \"" + *t.name + "\" (ignored by runtimes)");
                else t.slot = slot;
            }
        }
        if (an.ffd) {
            Scope sb(path_, "ffd");
            for (std::size_t j = 0; j < an.ffd->size(); ++j) {
                FfdTimeline& t = (*an.ffd)[j];
                if (!t.slot) continue;
                Scope sj(path_, j);
                const int slot = slots.find(*t.slot);
                if (slot < 0) warn("ffd timeline for unknown slot \"" + *t.slot + "\" (ignored by runtimes)");
                else t.slot_index = slot;
            }
        }
        if (an.zOrder && an.zOrder->frame) {
            Scope sz(path_, "zOrder");
            Scope sf(path_, "frame");
            for (std::size_t j = 0; j < an.zOrder->frame->size(); ++j) {
                const Frame& f = (*an.zOrder->frame)[j];
                if (!f.rare().zOrder) continue;
                Scope sj(path_, j);
                Scope sk(path_, "zOrder");
                const auto& z = *f.rare().zOrder;
                if (z.size() % 2 != 0) warn("odd number of values in a zOrder list (last one ignored)");
                for (std::size_t p = 0; p + 1 < z.size(); p += 2) {
                    double slot_index = z[p].value(), target = z[p].value() + z[p + 1].value();
                    if (!(slot_index >= 0 && slot_index < slot_count) || !(target >= 0 && target < slot_count)) {
                        warn("invalid zOrder pair " + std::to_string(p / 2) + " (slot or target out of range; runtimes must skip it)");
                        break;
                    }
                }
            }
        }
    }
}

}  // namespace

void resolve_armature(Armature& armature, io::JsonPath& path, std::vector<std::string>* warnings) {
    Checker{path, warnings}.resolve(armature);
}

}  // namespace rigio::dragonbones
