// rigio/dragonbones/model.hpp: DragonBones skeleton data (JSON 4.0, 4.5, 5.0, 5.5; 5.6 extras kept),
// as plain value types. Every key of the file has a field that records whether it was present, so a
// same-version rewrite keeps "absent" apart from "set to the default" (e.g. tweenEasing absent = step,
// 0 = linear). Keys this model does not know are kept as raw JSON text in `extra`, in file order.
// Names follow the format's own vocabulary (armature, bone, slot, skin, display, frame, ffd, zOrder).
// Bone/slot references are kept by name, as in the file, and resolved to indices at read time.
// Optional members are Opt<T> (sparse.hpp): std::optional's interface; numbers, strings and lists of
// structures inline, the rest boxed on the heap (absent: 8 bytes), which keeps the model ~2x the input.
// Depends on the standard library only; no behaviour beyond small helpers.
#pragma once

#include <bit>
#include <cmath>
#include <limits>
#include <cstdint>
#include <cstdlib>
#include <iterator>
#include <string_view>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "rigio/dragonbones/sparse.hpp"

namespace rigio::dragonbones {

// A number as written. Real files also write numbers as strings ("1.5", "NaN") or null; then raw()
// holds the JSON text that was written and value() what it means (NaN for "NaN" and null).
// 8 bytes (number arrays hold ~180k of them over the corpus): the double itself, or, for the rare
// number that keeps its text, a pointer to a heap box holding both, marked by a NaN pattern that no
// stored double has (every NaN value is stored as the one positive quiet NaN). The texts real files
// write most (null and "NaN" tweenEasing, ~5k over the corpus; true, false) need no box: the same
// pattern holds their small index in kKnownRaw instead of a pointer. Deep copies.
class Num {
public:
    Num() = default;
    Num(double v) : bits_(std::bit_cast<std::uint64_t>(canonical(v))) {}  // NOLINT(google-explicit-constructor)
    Num(double v, std::string_view raw) : Num(v) {
        if (raw.empty()) return;
        for (std::uint64_t i = 1; i < std::size(kKnownRaw); ++i)
            if (raw == kKnownRaw[i].raw && bits_ == std::bit_cast<std::uint64_t>(canonical(kKnownRaw[i].value))) {
                bits_ = kBoxTag | i;
                return;
            }
        bits_ = box_bits(new Box{canonical(v), std::string(raw)});
    }
    Num(const Num& o) : bits_(o.boxed() ? box_bits(new Box(*o.box())) : o.bits_) {}
    Num(Num&& o) noexcept : bits_(std::exchange(o.bits_, 0)) {}
    Num& operator=(const Num& o) {
        if (this != &o) {
            Num copy(o);
            std::swap(bits_, copy.bits_);
        }
        return *this;
    }
    Num& operator=(Num&& o) noexcept {
        std::swap(bits_, o.bits_);
        return *this;
    }
    ~Num() {
        if (boxed()) delete box();
    }

    double value() const {
        if (known_raw()) return kKnownRaw[bits_ & kPayload].value;
        return boxed() ? box()->value : std::bit_cast<double>(bits_);
    }
    std::string_view raw() const {
        if (known_raw()) return kKnownRaw[bits_ & kPayload].raw;
        return boxed() ? std::string_view(box()->raw) : std::string_view();
    }

    bool operator==(const Num& o) const {
        const double a = value(), b = o.value();
        return raw() == o.raw() && (a == b || (std::isnan(a) && std::isnan(b)));
    }

private:
    friend class Opt<Num>;
    struct Box {
        double value;
        std::string raw;
    };
    // Sign, exponent and quiet bit set: a negative quiet NaN, which canonical() never leaves.
    static constexpr std::uint64_t kBoxTag = 0xFFF8'0000'0000'0000ull;
    static constexpr std::uint64_t kPayload = (std::uint64_t{1} << 51) - 1;
    static double canonical(double v) { return std::isnan(v) ? std::numeric_limits<double>::quiet_NaN() : v; }
    struct KnownRaw {
        std::string_view raw;
        double value;
    };
    static constexpr KnownRaw kKnownRaw[] = {{"", 0},  // (0: no text)
                                             {"null", std::numeric_limits<double>::quiet_NaN()},
                                             {"\"NaN\"", std::numeric_limits<double>::quiet_NaN()},
                                             {"true", 1},
                                             {"false", 0}};
    static std::uint64_t box_bits(Box* b) {
        const auto p = reinterpret_cast<std::uintptr_t>(b);
        // User-space pointers fit 47 (at most 51) bits, and none is as small as a kKnownRaw index.
        if (p < std::size(kKnownRaw) || (p & ~kPayload) != 0) std::abort();
        return kBoxTag | p;
    }
    // The tag is the 13 top bits all set, so "tagged" is "at least kBoxTag" and each test one comparison
    // (a keyframe's teardown makes ~16 of them).
    static_assert(kBoxTag == ~kPayload);
    bool known_raw() const { return bits_ - (kBoxTag + 1) < std::size(kKnownRaw) - 1; }
    bool boxed() const { return bits_ >= kBoxTag + std::size(kKnownRaw); }
    Box* box() const { return reinterpret_cast<Box*>(static_cast<std::uintptr_t>(bits_ & kPayload)); }

    std::uint64_t bits_ = 0;  // 0.0
};

// An optional number, inline in 8 bytes: "absent" is a signalling-NaN pattern, which no arithmetic
// produces and which a stored number never has (a NaN stored is made the quiet NaN).
template <>
class Opt<Num> {
public:
    using value_type = Num;

    constexpr Opt() { n_.bits_ = kAbsent; }
    Opt(std::nullopt_t) : Opt() {}  // NOLINT(google-explicit-constructor)
    Opt(const Num& n) : n_(n) {}  // NOLINT(google-explicit-constructor)
    Opt(Num&& n) : n_(std::move(n)) {}  // NOLINT(google-explicit-constructor)
    Opt(double v) : n_(v) {}  // NOLINT(google-explicit-constructor)
    Opt(const std::optional<Num>& o) : Opt() {  // NOLINT(google-explicit-constructor)
        if (o) *this = *o;
    }
    // Copies and moves keep "absent": a moved-from Opt is absent.
    Opt(const Opt& o) : n_(o.n_) {}
    Opt(Opt&& o) noexcept : n_(std::move(o.n_)) { o.n_.bits_ = kAbsent; }
    Opt& operator=(const Opt& o) = default;
    Opt& operator=(Opt&& o) noexcept {
        std::swap(n_.bits_, o.n_.bits_);
        return *this;
    }
    Opt& operator=(std::nullopt_t) {
        reset();
        return *this;
    }
    Opt& operator=(const Num& n) {
        n_ = n;
        return *this;
    }
    Opt& operator=(Num&& n) {
        n_ = std::move(n);
        return *this;
    }
    Opt& operator=(double v) { return *this = Num(v); }

    explicit operator bool() const { return has_value(); }
    bool has_value() const { return n_.bits_ != kAbsent; }
    Num& operator*() { return n_; }
    const Num& operator*() const { return n_; }
    Num* operator->() { return &n_; }
    const Num* operator->() const { return &n_; }
    Num& value() {
        if (!has_value()) throw std::bad_optional_access();
        return n_;
    }
    const Num& value() const { return const_cast<Opt*>(this)->value(); }
    Num value_or(const Num& fallback) const { return has_value() ? n_ : fallback; }
    template <class... A>
    Num& emplace(A&&... args) {
        n_ = Num(std::forward<A>(args)...);
        return n_;
    }
    void reset() {
        n_ = Num();
        n_.bits_ = kAbsent;
    }
    operator std::optional<Num>() const { return has_value() ? std::optional<Num>(n_) : std::nullopt; }  // NOLINT

    friend bool operator==(const Opt& a, const Opt& b) {
        if (!a.has_value() || !b.has_value()) return a.has_value() == b.has_value();
        return a.n_ == b.n_;
    }
    friend bool operator==(const Opt& a, std::nullopt_t) { return !a.has_value(); }
    friend bool operator==(const Opt& a, const Num& b) { return a.has_value() && a.n_ == b; }

private:
    static constexpr std::uint64_t kAbsent = 0x7FF4'0000'DB0F'F5E7ull;  // a signalling NaN
    Num n_;
};

// A flag as written: JSON true/false, or (dirty files) 0/1 or "true"/"false"; `raw` keeps the text then.
struct Flag {
    bool value = false;
    RawText raw;

    Flag() = default;
    Flag(bool v) : value(v) {}  // NOLINT(google-explicit-constructor)
    bool operator==(const Flag&) const = default;
};

// Any JSON value kept verbatim (userData, actions, unknown keys).
struct RawJson {
    std::string text;
    bool operator==(const RawJson&) const = default;
};

// Unknown members of an object: key and raw JSON value, in file order.
using Extra = std::pair<std::string, RawJson>;
using Extras = BoxedList<Extra>;

// x, y in pixels (y down); skX, skY in degrees (rotation = skY, skew = skX - skY); scX, scY factors.
struct Transform {
    Opt<Num> x, y, skX, skY, scX, scY;
    Extras extra;
    bool operator==(const Transform&) const = default;
};

// Flash colour transform: multipliers in percent (default 100), offsets -255..255 (default 0).
struct ColorTransform {
    Opt<Num> aM, rM, gM, bM, aO, rO, gO, bO;
    Extras extra;
    bool operator==(const ColorTransform&) const = default;
};

struct Rectangle {
    Opt<Num> x, y, width, height;
    Extras extra;
    bool operator==(const Rectangle&) const = default;
};

struct Point {
    Opt<Num> x, y;
    Extras extra;
    bool operator==(const Point&) const = default;
};

// A 5.x custom event on an animation frame ("events": [...]).
struct Event {
    Opt<std::string> name, bone, slot;
    Opt<Vector<Num>> ints, floats;
    Opt<Vector<std::string>> strings;
    Extras extra;
    bool operator==(const Event&) const = default;
};

// The members of a keyframe that few frames carry (under 4% of the corpus's ~46k frames each:
// tweenRotate 29, skew 0, clockwise 1, offset 727, vertices 450, events 33, ...), in one heap box that a
// frame allocates only when it has one of them. Member names are the frame's keys.
struct FrameRare {
    Opt<Num> tweenRotate;             // <= 5.0 bone frame
    Opt<Num> skew;                    // rotate frame (degrees)
    Opt<Num> clockwise;               // rotate frame
    Opt<ColorTransform> value_color;  // 5.5 colorFrame written as "value"
    Opt<Num> offset;                  // ffd frame: first float index
    Opt<Vector<Num>> vertices;   // ffd frame: deltas
    Opt<Vector<Num>> zOrder;     // zOrder frame: [slotIndex, offset, ...]
    Opt<std::string> event, sound;    // <= 4.5 (and 5.x sound)
    Opt<RawJson> action;              // string or object
    Opt<Vector<Event>> events;   // 5.x
    Opt<RawJson> actions;             // 5.x slot/animation frame actions
    Extras extra;                     // unknown keys
    bool operator==(const FrameRare&) const = default;
};

// One keyframe. The same structure serves every timeline; which members a frame may carry depends
// on its timeline (the table in docs/formats/dragonbones.md, 6. Timelines and frames, by version):
//   animation frame: event, events, sound, action, actions
//   bone frame (<= 5.0): transform, tweenRotate, event, sound, action
//   translateFrame / scaleFrame: x, y;  rotateFrame: rotate, skew, clockwise
//   slot frame (<= 5.0): displayIndex, color, z, actions;  displayFrame: value | displayIndex, actions
//   colorFrame: color | value_color;  ffd frame: offset, vertices;  zOrder frame: zOrder
// The members most frames carry are inline (96 bytes); the rest are in FrameRare: read them with
// rare() (all absent when the frame has none) and set them with rare_mut(), which allocates the box
// on first use. Equality is of the data: an empty box equals none.
struct Frame {
    Opt<Num> duration;                // frames; default 1
    Opt<Num> tweenEasing;             // absent, null or "NaN": no tween; 0: linear
    Opt<Vector<Num>> curve;      // cubic Bezier control points, overrides tweenEasing
    Opt<Transform> transform;         // <= 5.0 bone frame
    Opt<Num> x, y;                    // translate / scale frame
    Opt<Num> rotate;                  // rotate frame (degrees)
    Opt<Num> displayIndex;            // slot frame, 5.0 display frame
    Opt<Num> value;                   // 5.5 display frame (display index)
    Opt<ColorTransform> color;        // slot frame, colorFrame
    Opt<Num> z;                       // 4.x slot frame draw order

    const FrameRare& rare() const { return rare_ ? *rare_ : kNoRare; }
    FrameRare& rare_mut() { return rare_ ? *rare_ : rare_.emplace(); }
    FrameRare& rare_mut(OptPool<FrameRare>& pool) { return rare_ ? *rare_ : pool.emplace(rare_); }  // box made in `pool`
    bool has_rare() const { return rare_.has_value(); }

    bool operator==(const Frame& o) const {
        return duration == o.duration && tweenEasing == o.tweenEasing && curve == o.curve && transform == o.transform &&
               x == o.x && y == o.y && rotate == o.rotate && displayIndex == o.displayIndex && value == o.value &&
               color == o.color && z == o.z && rare() == o.rare();
    }

private:
    static constinit inline const FrameRare kNoRare{};  // constant-initialized: usable at any time
    Opt<FrameRare> rare_;
};

using Frames = Vector<Frame>;

struct BoneTimeline {
    Opt<std::string> name;
    int bone = -1;  // index into Armature::bones, resolved at read time
    Opt<Num> scale, offset;
    Opt<Frames> frame;                                  // <= 5.0
    Opt<Frames> translateFrame, rotateFrame, scaleFrame;  // 5.5
    Extras extra;
    bool operator==(const BoneTimeline&) const = default;
};

struct SlotTimeline {
    Opt<std::string> name;
    int slot = -1;  // index into Armature::slots
    Opt<Num> scale, offset;
    Opt<Frames> frame;                       // <= 5.0
    Opt<Frames> displayFrame, colorFrame;    // 5.5
    Extras extra;
    bool operator==(const SlotTimeline&) const = default;
};

struct FfdTimeline {
    Opt<std::string> name, skin, slot;  // mesh display name, skin ("" = default), slot
    int slot_index = -1;                // index into Armature::slots, resolved at read time
    Opt<Num> scale, offset;
    Opt<Frames> frame;
    Extras extra;
    bool operator==(const FfdTimeline&) const = default;
};

struct ZOrderTimeline {
    Opt<Frames> frame;
    Extras extra;
    bool operator==(const ZOrderTimeline&) const = default;
};

struct Animation {
    Opt<std::string> name;
    Opt<Num> duration;     // frames
    Opt<Num> playTimes;    // 0 = loop forever
    Opt<Num> fadeInTime;   // seconds
    Opt<Num> scale;        // playback stretch
    Opt<Frames> frame;     // animation (event/sound/action) frames
    Opt<ZOrderTimeline> zOrder;
    Opt<Vector<BoneTimeline>> bone;
    Opt<Vector<SlotTimeline>> slot;
    Opt<Vector<FfdTimeline>> ffd;
    Extras extra;          // also 5.6 typed "timeline" arrays, "type", "blendType"
    bool operator==(const Animation&) const = default;
};

struct Bone {
    Opt<std::string> name, parent;
    int parent_index = -1;  // resolved at read time
    Opt<Transform> transform;
    Opt<Num> length;
    Opt<Flag> inheritTranslation, inheritRotation, inheritScale, inheritReflection;
    Opt<RawJson> userData;
    Extras extra;           // 5.6 surface bones keep type/segmentX/segmentY/vertices here
    bool operator==(const Bone&) const = default;
};

struct Slot {
    Opt<std::string> name, parent;
    int parent_index = -1;
    Opt<Num> displayIndex;
    Opt<Num> z;
    Opt<RawJson> blendMode;  // usually a string ("add"), some files write a number
    Opt<ColorTransform> color;
    Opt<RawJson> actions;
    Opt<RawJson> userData;
    Extras extra;
    bool operator==(const Slot&) const = default;
};

enum class DisplayType { Image, Armature, Mesh, BoundingBox, Path, Other };

struct Display {
    Opt<std::string> name;
    Opt<RawJson> type;  // as written: "image", "mesh", ... or a number
    Opt<std::string> path;
    Opt<Transform> transform;
    Opt<Point> pivot;
    Opt<std::string> subType;  // boundingBox: rectangle / ellipse / polygon
    Opt<Num> width, height;
    Opt<Vector<Num>> vertices, uvs, triangles, weights, slotPose, bonePose, edges, userEdges;
    Opt<std::string> share;
    Opt<Flag> inheritFFD, inheritDeform;
    Opt<RawJson> userData;
    Extras extra;
    bool operator==(const Display&) const = default;
};

struct SkinSlot {
    Opt<std::string> name;
    Opt<Vector<Display>> display;
    Extras extra;
    bool operator==(const SkinSlot&) const = default;
};

struct Skin {
    Opt<std::string> name;
    Opt<Vector<SkinSlot>> slot;
    Extras extra;
    bool operator==(const Skin&) const = default;
};

struct IkConstraint {
    Opt<std::string> name, bone, target;
    int bone_index = -1, target_index = -1;
    Opt<Flag> bendPositive;
    Opt<Num> chain, weight;
    Extras extra;
    bool operator==(const IkConstraint&) const = default;
};

struct Armature {
    Opt<std::string> name;
    Opt<std::string> type;  // "Armature", "MovieClip", "Stage"
    Opt<Num> frameRate;
    Opt<RawJson> defaultActions;
    Opt<RawJson> userData;
    Opt<Rectangle> aabb;
    Opt<Vector<Bone>> bone;
    Opt<Vector<Slot>> slot;
    Opt<Vector<Skin>> skin;
    Opt<Vector<IkConstraint>> ik;
    Opt<Vector<Animation>> animation;
    Extras extra;  // e.g. 5.5 "canvas"
    bool operator==(const Armature&) const = default;
};

struct DragonBonesData {
    Opt<std::string> name;
    Opt<std::string> version;
    bool version_is_number = false;  // 2.x files write e.g. 2.3 as a JSON number
    // Layout of the text this was read from (not data): minified on one line, as DragonBones Pro
    // exports, and whether it ended with a newline. write_json follows it.
    bool minified = false;
    bool final_newline = true;
    Opt<std::string> compatibleVersion;
    Opt<Num> frameRate;
    Opt<Num> isGlobal;  // 0/1 (numbers or booleans in real files; raw kept)
    Opt<RawJson> userData;
    Vector<Armature> armature;
    Extras extra;
    // Data only: the layout hints above are left out.
    bool operator==(const DragonBonesData& o) const {
        return name == o.name && version == o.version && version_is_number == o.version_is_number &&
               compatibleVersion == o.compatibleVersion && frameRate == o.frameRate && isGlobal == o.isGlobal &&
               userData == o.userData && armature == o.armature && extra == o.extra;
    }
};

// Small helpers over the model (no I/O).
DisplayType display_type(const Display& d);
const char* display_type_name(DisplayType t);
// The version as a number ("4.5" -> 45); 0 when missing or not understood.
int version_code(const DragonBonesData& data);
// Frame rate that applies to an armature (its own, else the data's, else 24).
double frame_rate(const DragonBonesData& data, const Armature& armature);
// Sum of the frame durations (each defaulting to 1).
double frames_duration(const Frames& frames);

}  // namespace rigio::dragonbones
