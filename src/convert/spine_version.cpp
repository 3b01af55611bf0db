// Spine version conversion: the driver and the setup pose (header, bones, slots, constraints, skins).
// Animations are in spine_version_animation.cpp, curves in spine_version_curves.cpp.
#include "rigio/convert/spine_version.hpp"

#include <algorithm>
#include <fmt/core.h>
#include <set>

#include "rigio/spine/binary.hpp"
#include "spine_version_animation.hpp"
#include "spine_version_internal.hpp"

namespace rigio::convert {

using namespace rigio::spine;
using spine_version::name;
using spine_version::pointer;

namespace {

bool four(Version v) { return v >= Version::V40; }

constexpr char kBase64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

std::string base64(const std::vector<std::uint8_t>& bytes) {  // without padding, as the editor writes hashes
    std::string out;
    std::uint32_t acc = 0;
    int bits = 0;
    for (std::uint8_t b : bytes) {
        acc = acc << 8 | b;
        bits += 8;
        while (bits >= 6) out += kBase64[(acc >> (bits -= 6)) & 63u];
    }
    if (bits) out += kBase64[(acc << (6 - bits)) & 63u];
    return out;
}

std::vector<std::uint8_t> unbase64(std::string_view s) {
    std::vector<std::uint8_t> out;
    std::uint32_t acc = 0;
    int bits = 0;
    for (char c : s) {
        const char* p = std::find(kBase64, kBase64 + 64, c);
        if (p == kBase64 + 64) break;
        acc = acc << 6 | static_cast<std::uint32_t>(p - kBase64);
        bits += 6;
        if (bits >= 8) out.push_back(static_cast<std::uint8_t>(acc >> (bits -= 8)));
    }
    return out;
}

// n bytes derived from `seed` (FNV-1a, then a 64-bit mix per 8 bytes): a stable hash of a new length.
std::vector<std::uint8_t> derive(std::string_view seed, std::size_t n) {
    std::uint64_t h = 1469598103934665603ull;
    for (char c : seed) h = (h ^ static_cast<std::uint8_t>(c)) * 1099511628211ull;
    std::vector<std::uint8_t> out;
    while (out.size() < n) {
        h += 0x9E3779B97F4A7C15ull;
        std::uint64_t z = h;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        z ^= z >> 31;
        for (int i = 0; i < 8 && out.size() < n; ++i) out.push_back(static_cast<std::uint8_t>(z >> (8 * i)));
    }
    return out;
}

// The hash in the target's form: 3.x 20 bytes (27 base64 characters), 4.x 8 bytes (11). Going up the
// first 8 bytes are kept; going down they lead and 12 derived bytes follow.
OptString convert_hash(const OptString& hash, Version from, Version to) {
    if (four(from) == four(to)) return hash;
    const std::string seed(view_of(hash));
    std::vector<std::uint8_t> bytes = unbase64(seed);
    if (four(to)) {
        if (bytes.size() < 8) bytes = derive(seed, 8);
        bytes.resize(8);
    } else {
        bytes.resize(std::min<std::size_t>(bytes.size(), 8));
        const std::vector<std::uint8_t> more = derive(seed, 20 - bytes.size());
        bytes.insert(bytes.end(), more.begin(), more.end());
    }
    return base64(bytes);
}

class SetupConverter {
public:
    SetupConverter(const SkeletonData& src, SkeletonData& out, Version to, LossReport& report)
        : src_(src), out_(out), from_(src.header.data_version), to_(to), report_(report) {}

    void run() {
        header();
        bones();
        constraints();
        skins();
    }

private:
    void loss(std::string where, std::string feature, std::string action, int count = 1) {
        report_.add(std::move(where), std::move(feature), std::move(action), count);
    }

    void header() {
        Header& h = out_.header;
        h.data_version = to_;
        h.version = spine_editor_version(to_);
        h.hash = convert_hash(src_.header.hash, from_, to_);
        if (to_ < Version::V42 && h.reference_scale != 100) {
            loss("/skeleton/referenceScale", fmt::format("reference scale {} (4.2 only: scales physics)", h.reference_scale), "dropped");
        }
        if (to_ < Version::V42) h.reference_scale = 100;
        if (to_ == Version::V37 && (h.x != 0 || h.y != 0)) {
            loss("/skeleton/x", "setup-pose bounds origin (3.8+; editor data)", "dropped");
            h.x = h.y = 0;
        }
    }

    void bones() {
        int icons = 0, hidden = 0, hidden_slots = 0;
        for (Bone& b : out_.bones) {
            if (to_ == Version::V37 && b.skin_required) {
                loss(pointer({"bones", name(b.name)}), "skin-required bone (3.8+)", "made always active");
                b.skin_required = false;
            }
            if (to_ < Version::V42) {
                icons += b.icon.has_value();
                hidden += !b.visible;
                b.icon.reset();
                b.visible = true;
            }
        }
        if (to_ < Version::V42)
            for (Slot& s : out_.slots) {
                hidden_slots += !s.visible;
                s.visible = true;
            }
        if (icons) loss("/bones", "editor icon of bones (4.2 only, editor data)", "dropped", icons);
        if (hidden) loss("/bones", "bones hidden in the editor (4.2 only, editor data)", "shown", hidden);
        if (hidden_slots) loss("/slots", "slots hidden in the editor (4.2 only, editor data)", "shown", hidden_slots);
    }

    static bool negative(std::initializer_list<float> mixes) {
        return std::any_of(mixes.begin(), mixes.end(), [](float m) { return m < 0; });
    }

    // Where 3.x and 4.x runtimes pose constraints differently (only when the family changes):
    // - a constraint whose bones have an ancestor that a later constraint moves: 3.x updates those bones
    //   again from their local pose (the earlier constraint's effect is lost), 4.x from the pose the
    //   constraint gave them;
    // - negative scale and shear mixes of transform constraints and negative path mixes, which 3.x
    //   runtimes skip.
    void semantics() {
        if (four(from_) == four(to_)) return;
        struct C {
            std::string where;
            int order;
            Vector<int> bones;
        };
        std::vector<C> all;
        for (std::size_t i = 0; i < src_.ik.size(); ++i) {
            const IkConstraint& c = src_.ik[i];
            all.push_back({pointer({"ik", name(c.name)}), c.order, c.bones});
            bool stretch = c.stretch;
            for (const Animation& a : src_.animations)
                for (const IkTimeline& t : a.ik)
                    if (t.constraint == static_cast<int>(i))
                        for (const IkKeyframe& k : t.keys) stretch |= k.stretch;
            // Measured on the corpus: 3.7 stretchyman-stretchy-ik poses 0.07 px apart under the 4.x runtimes
            // near full extension; no 4.x file with stretch differs under the 3.8 runtime.
            if (stretch && !four(from_)) {
                loss(all.back().where, "IK stretch (the 4.x runtimes stretch differently near full extension)", "kept");
                for (const std::string& w : followers(c.bones))
                    loss(w, "constraint following bones that IK stretch " + std::string(name(c.name)) + " moves", "kept");
            }
        }
        for (const TransformConstraint& c : src_.transform) {
            all.push_back({pointer({"transform", name(c.name)}), c.order, c.bones});
            if (negative({c.scale_mix, c.mix_scale_y, c.shear_mix}))
                loss(all.back().where, "negative scale or shear mix (3.x runtimes skip it)", "kept");
        }
        for (const PathConstraint& c : src_.path) {
            all.push_back({pointer({"path", name(c.name)}), c.order, c.bones});
            if (negative({c.rotate_mix, c.translate_mix, c.mix_y})) loss(all.back().where, "negative mix (3.x runtimes skip it)", "kept");
        }
        auto ancestor = [&](int a, int b) {  // a is a strict ancestor of b
            for (int p = src_.bones[b].parent; p >= 0; p = src_.bones[p].parent)
                if (p == a) return true;
            return false;
        };
        for (const C& c : all) {
            bool later = false;
            for (const C& d : all)
                if (d.order > c.order)
                    for (int a : d.bones)
                        for (int b : c.bones) later |= a >= 0 && b >= 0 && ancestor(a, b);
            if (later)
                loss(c.where, "constraint followed by one that moves an ancestor of its bones (3.x then updates them from their local pose, 4.x from the constrained one)",
                     "kept (poses of its bones may differ)");
        }
    }

    // The transform and path constraints whose targets move with `bones` (and their descendants), in
    // turn with theirs: where a pose difference of those bones spreads.
    std::vector<std::string> followers(const Vector<int>& bones) const {
        std::vector<bool> moved(src_.bones.size(), false);
        auto mark = [&](int b) {
            if (b < 0 || static_cast<std::size_t>(b) >= moved.size()) return;
            moved[static_cast<std::size_t>(b)] = true;
        };
        for (int b : bones) mark(b);
        auto spread = [&] {  // to descendants (parents come first in the bone list)
            for (std::size_t i = 1; i < src_.bones.size(); ++i)
                if (src_.bones[i].parent >= 0 && moved[static_cast<std::size_t>(src_.bones[i].parent)]) moved[i] = true;
        };
        auto path_moves = [&](const PathConstraint& c) {
            if (c.target < 0 || static_cast<std::size_t>(c.target) >= src_.slots.size()) return false;
            const int bone = src_.slots[static_cast<std::size_t>(c.target)].bone;
            if (bone >= 0 && static_cast<std::size_t>(bone) < moved.size() && moved[static_cast<std::size_t>(bone)]) return true;
            for (const Skin& skin : src_.skins)
                for (const SkinSlot& sl : skin.slots)
                    if (sl.slot == c.target)
                        for (const SkinAttachment& a : sl.attachments)
                            for (std::size_t i = 0; i < a.attachment.vertices.bones.size();) {
                                const int n = a.attachment.vertices.bones[i++];
                                for (int k = 0; k < n && i < a.attachment.vertices.bones.size(); ++k, ++i) {
                                    const int b = a.attachment.vertices.bones[i];
                                    if (b >= 0 && static_cast<std::size_t>(b) < moved.size() && moved[static_cast<std::size_t>(b)]) return true;
                                }
                            }
            return false;
        };
        std::vector<std::string> out;
        std::set<std::string> seen;
        for (bool changed = true; changed;) {
            changed = false;
            spread();
            auto take = [&](const std::string& where, const Vector<int>& its) {
                if (!seen.insert(where).second) return;
                out.push_back(where);
                for (int b : its) mark(b);
                changed = true;
            };
            for (const TransformConstraint& c : src_.transform)
                if (c.target >= 0 && static_cast<std::size_t>(c.target) < moved.size() && moved[static_cast<std::size_t>(c.target)])
                    take(pointer({"transform", name(c.name)}), c.bones);
            for (const PathConstraint& c : src_.path)
                if (path_moves(c)) take(pointer({"path", name(c.name)}), c.bones);
        }
        return out;
    }

    void constraints() {
        semantics();
        for (IkConstraint& c : out_.ik) {
            if (to_ != Version::V37) continue;
            if (c.softness != 0) loss(pointer({"ik", name(c.name)}), "IK softness (3.8+)", "dropped");
            if (c.skin_required) loss(pointer({"ik", name(c.name)}), "skin-required IK constraint (3.8+)", "made always active");
            c.softness = 0;
            c.skin_required = false;
        }
        for (TransformConstraint& c : out_.transform) {
            if (to_ == Version::V37 && c.skin_required) {
                loss(pointer({"transform", name(c.name)}), "skin-required transform constraint (3.8+)", "made always active");
                c.skin_required = false;
            }
            if (!four(from_) && four(to_)) c.mix_y = c.translate_mix, c.mix_scale_y = c.scale_mix;
            if (four(from_) && !four(to_)) {
                if (c.mix_y != c.translate_mix || c.mix_scale_y != c.scale_mix)
                    loss(pointer({"transform", name(c.name)}), "mixY or mixScaleY different from mixX or mixScaleX", "mixX and mixScaleX kept");
                c.mix_y = c.mix_scale_y = 1;
            }
        }
        for (PathConstraint& c : out_.path) {
            if (to_ == Version::V37 && c.skin_required) {
                loss(pointer({"path", name(c.name)}), "skin-required path constraint (3.8+)", "made always active");
                c.skin_required = false;
            }
            if (!four(from_) && four(to_)) c.mix_y = c.translate_mix;
            if (four(from_) && !four(to_)) {
                if (c.mix_y != c.translate_mix) loss(pointer({"path", name(c.name)}), "mixY different from mixX", "mixX kept");
                if (c.spacing_mode == SpacingMode::Proportional) {
                    loss(pointer({"path", name(c.name)}), "spacing mode proportional (4.x only)", "written as percent");
                    c.spacing_mode = SpacingMode::Percent;
                }
                c.mix_y = 1;
            }
        }
        if (to_ < Version::V42) {
            for (const PhysicsConstraint& c : out_.physics) loss(pointer({"physics", name(c.name)}), "physics constraint (4.2 only)", "dropped");
            if (!out_.physics.empty()) {
                out_.physics.clear();
                renumber_orders();
            }
        }
    }

    // Every runtime visits constraint orders 0 .. count - 1 only (a constraint whose order is not below
    // the number of constraints is never applied), and the editor numbers them so. After constraints are
    // dropped the others keep their relative order, renumbered from 0.
    void renumber_orders() {
        std::vector<int*> orders;
        for (IkConstraint& c : out_.ik) orders.push_back(&c.order);
        for (TransformConstraint& c : out_.transform) orders.push_back(&c.order);
        for (PathConstraint& c : out_.path) orders.push_back(&c.order);
        for (PhysicsConstraint& c : out_.physics) orders.push_back(&c.order);
        std::stable_sort(orders.begin(), orders.end(), [](const int* a, const int* b) { return *a < *b; });
        for (std::size_t i = 0; i < orders.size(); ++i) *orders[i] = static_cast<int>(i);
    }

    void skins() {
        for (std::size_t s = 0; s < out_.skins.size(); ++s) {
            Skin& skin = out_.skins[s];
            if (to_ == Version::V37 && !(skin.bones.empty() && skin.ik.empty() && skin.transform.empty() && skin.path.empty()))
                loss(pointer({"skins", name(skin.name)}), "skin-required bones and constraints of a skin (3.8+)", "dropped",
                     static_cast<int>(skin.bones.size() + skin.ik.size() + skin.transform.size() + skin.path.size()));
            if (to_ == Version::V37) skin.bones.clear(), skin.ik.clear(), skin.transform.clear(), skin.path.clear();
            if (to_ < Version::V42) {
                if (skin.color != Skin{}.color) loss(pointer({"skins", name(skin.name)}), "skin colour (4.2 only, editor data)", "dropped");
                skin.color = Skin{}.color;
                skin.physics.clear();
            }
            for (SkinSlot& sl : skin.slots)
                for (SkinAttachment& a : sl.attachments) {
                    if (to_ == Version::V42 && from_ < Version::V42 && a.attachment.type == AttachmentType::Mesh)
                        triangles_42(a.attachment, pointer({"skins", name(skin.name), name(out_.slots[sl.slot].name), name(a.key)}));
                }
        }
    }

    // 4.2 stores no triangle count: a mesh of V vertices with H on the hull has 2V - H - 2 triangles, as
    // the 4.2 editor triangulates. Fewer: padded with empty triangles (same image). More: the one whose
    // removal leaves the hull's area covered once is dropped (else the last).
    void triangles_42(Attachment& a, const std::string& where) {
        const long v = a.vertices.count, want = (2 * v - a.hull - 2) * 3;
        const long have = static_cast<long>(a.triangles.size());
        if (want < 0 || have == want || a.uvs.size() < 2u * static_cast<std::size_t>(v)) return;
        if (have < want) {
            const std::uint16_t last = a.triangles.empty() ? 0 : a.triangles.back();
            a.triangles.resize(static_cast<std::size_t>(want), last);
            loss(where, fmt::format("mesh of {} triangles where 4.2 stores {}", have / 3, want / 3), "padded with empty triangles (same image)");
            return;
        }
        auto area = [&](std::size_t t) {
            auto p = [&](int k) { return std::pair<double, double>(a.uvs[2u * a.triangles[t + k]], a.uvs[2u * a.triangles[t + k] + 1]); };
            auto [x0, y0] = p(0);
            auto [x1, y1] = p(1);
            auto [x2, y2] = p(2);
            return std::abs((x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0)) / 2;
        };
        double hull = 0, total = 0;
        for (int i = 0; i < a.hull; ++i) {
            const int j = (i + 1) % a.hull;
            hull += static_cast<double>(a.uvs[2u * i]) * a.uvs[2u * j + 1] - static_cast<double>(a.uvs[2u * j]) * a.uvs[2u * i + 1];
        }
        hull = std::abs(hull) / 2;
        for (std::size_t t = 0; t + 2 < a.triangles.size(); t += 3) total += area(t);
        while (static_cast<long>(a.triangles.size()) > want) {
            std::size_t drop = a.triangles.size() - 3;
            for (std::size_t t = 0; t + 2 < a.triangles.size(); t += 3)
                if (std::abs(total - area(t) - hull) < 1e-6 * std::max(1.0, hull)) drop = t;
            total -= area(drop);
            a.triangles.erase(a.triangles.begin() + static_cast<long>(drop), a.triangles.begin() + static_cast<long>(drop) + 3);
        }
        loss(where, fmt::format("mesh of {} triangles where 4.2 stores {}", have / 3, want / 3), "overlapping triangles dropped");
    }

    const SkeletonData& src_;
    SkeletonData& out_;
    Version from_, to_;
    LossReport& report_;
};

// The binary's shared-string table for the target: the source's table in its order (the editor's may
// hold a string twice, or strings nothing uses: kept), less its last strings while only the source's
// layout uses them and they are in its order of first use (as a conversion appends them), then the target's new strings in order of first use.
// So converting to a version and back gives the table back. (3.7 has no table.)
std::vector<std::string> strings_for(const SkeletonData& src, const SkeletonData& out) {
    if (out.header.data_version == Version::V37 || src.strings.empty()) return {};
    auto used_by = [](const SkeletonData& d) {
        SkeletonData probe = d;
        probe.strings.clear();
        return skel_first_use_strings(probe);
    };
    const std::vector<std::string> used = used_by(out), used_before = used_by(src);
    // A table that is just the first-use order carries nothing the writer would not rebuild (a JSON
    // source written as .skel, say): the target gets none, so that a round trip leaves none.
    if (std::equal(src.strings.begin(), src.strings.end(), used_before.begin(), used_before.end())) return {};
    const std::set<std::string, std::less<>> now(used.begin(), used.end()), before(used_before.begin(), used_before.end());
    std::size_t keep = src.strings.size();
    while (keep > 0 && !now.count(src.strings[keep - 1].view()) && before.count(src.strings[keep - 1].view())) --keep;
    // Only a tail in the order of first use goes (as a conversion appends it, and as appending it again
    // on the way back gives it): an editor's own order is kept.
    std::vector<std::string> tail(src.strings.begin() + static_cast<long>(keep), src.strings.end()), first_use;
    const std::set<std::string> in_tail(tail.begin(), tail.end());
    for (const std::string& s : used_before)
        if (in_tail.count(s) && std::find(first_use.begin(), first_use.end(), s) == first_use.end()) first_use.push_back(s);
    if (first_use != tail) keep = src.strings.size();
    std::vector<std::string> table(src.strings.begin(), src.strings.begin() + static_cast<long>(keep));
    std::set<std::string> have(table.begin(), table.end());
    for (const std::string& s : used)
        if (have.insert(s).second) table.push_back(s);
    return table;
}

}  // namespace

const char* spine_editor_version(Version v) {
    switch (v) {
        case Version::V37: return "3.7.94";
        case Version::V38: return "3.8.99";
        case Version::V40: return "4.0.64";
        case Version::V41: return "4.1.20";
        case Version::V42: return "4.2.22";
    }
    return "";
}

SpineVersionResult convert_spine_version(const SkeletonData& source, Version target) {
    SpineVersionResult r;
    r.data = source;
    const Version from = source.header.data_version;
    if (from == target) return r;
    SetupConverter(source, r.data, target, r.losses).run();
    if (from >= Version::V41 && target < Version::V41) spine_version::expand_sequences(source, r.data, r.losses);
    spine_version::AnimationConverter animations(source, from, target);
    for (Animation& a : r.data.animations) animations.convert(a, r.losses);
    const std::vector<std::string> strings = strings_for(source, r.data);
    r.data.strings.assign(strings.begin(), strings.end());
    return r;
}

}  // namespace rigio::convert
