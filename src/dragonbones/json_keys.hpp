// Private to the DragonBones JSON reader and writer: the one table of the keys of each structure.
// `keys(s, visit)` calls visit(key, field) for every key the model knows, in the order the writer
// writes them (DragonBones Pro's order); the reader looks a file's key up in the same walk, so reader
// and writer mirror each other field for field by construction. Keys the table does not name go to
// the structure's `extra` and are written after the known ones.
// Each key carries how its value is read (As), its default when absent (documentation for users of
// the model; the model keeps "absent" apart from "default", so neither side fills it in) and the
// format versions that define it (docs/formats/dragonbones.md, 2. Structure and keys).
#pragma once

#include <cstdint>
#include <limits>
#include <type_traits>
#include <string_view>

#include "rigio/dragonbones/model.hpp"

namespace rigio::dragonbones::keys_table {

enum class As : std::uint8_t {
    Value,        // the field's own type (number, flag, raw JSON, nested object or list)
    Name,         // a name: a string, or a number read as its text (2.x files)
    String,       // a string, strictly
    NonNegative,  // a number >= 0 (count, index, duration); null / "NaN" kept
    Version,      // "version" / "compatibleVersion": a string, or a number read as its text
    DisplayType,  // a string or a number, kept as written
    OnlyString,   // the field when the value is a string; otherwise an unknown key
    OnlyArray,    // ... when it is an array
    OnlyObject,   // ... when it is an object
    OnlyScalar,   // ... when it is a number, a string or null
    Timelines,    // a list of timelines; in DBDT headers an object, then kept as an unknown key
    KeptHere,     // no field: the unknown key of this name is written at this place (DBDT headers)
};

inline constexpr double kNone = std::numeric_limits<double>::quiet_NaN();

struct Key {
    std::string_view name;
    As as = As::Value;
    double fallback = kNone;  // meaning when absent (numbers); kNone: none or not a number
    std::uint8_t since = 40, until = 56;  // versions defining the key, as version_code() (45 = 4.5)
};

// Key{} with the name and reading; the rest defaults (any 4.0-5.6 file, no numeric default).
constexpr Key k(std::string_view name, As as = As::Value, double fallback = kNone, std::uint8_t since = 40,
                std::uint8_t until = 56) {
    return Key{name, as, fallback, since, until};
}

// A placeholder field for KeptHere entries.
struct NoField {};
inline NoField no_field;

template <class S, class V> void keys(S& t, V&& v) requires std::same_as<std::remove_const_t<S>, Transform> {
    v(k("x", As::Value, 0), t.x);
    v(k("y", As::Value, 0), t.y);
    v(k("skX", As::Value, 0), t.skX);
    v(k("skY", As::Value, 0), t.skY);
    v(k("scX", As::Value, 1), t.scX);
    v(k("scY", As::Value, 1), t.scY);
}

template <class S, class V> void keys(S& c, V&& v) requires std::same_as<std::remove_const_t<S>, ColorTransform> {
    v(k("aM", As::Value, 100), c.aM);
    v(k("rM", As::Value, 100), c.rM);
    v(k("gM", As::Value, 100), c.gM);
    v(k("bM", As::Value, 100), c.bM);
    v(k("aO", As::Value, 0), c.aO);
    v(k("rO", As::Value, 0), c.rO);
    v(k("gO", As::Value, 0), c.gO);
    v(k("bO", As::Value, 0), c.bO);
}

template <class S, class V> void keys(S& r, V&& v) requires std::same_as<std::remove_const_t<S>, Rectangle> {
    v(k("x", As::Value, 0), r.x);
    v(k("y", As::Value, 0), r.y);
    v(k("width", As::Value, 0), r.width);
    v(k("height", As::Value, 0), r.height);
}

template <class S, class V> void keys(S& p, V&& v) requires std::same_as<std::remove_const_t<S>, Point> {
    v(k("x", As::Value, 0.5), p.x);
    v(k("y", As::Value, 0.5), p.y);
}

template <class S, class V> void keys(S& d, V&& v) requires std::same_as<std::remove_const_t<S>, DragonBonesData> {
    v(k("frameRate", As::Value, 24), d.frameRate);
    v(k("name", As::Name), d.name);
    v(k("version", As::Version), d.version);
    v(k("compatibleVersion", As::Version, kNone, 50), d.compatibleVersion);
    v(k("isGlobal", As::Value, 1, 40, 50), d.isGlobal);
    v(k("userData", As::Value, kNone, 50), d.userData);
    v(k("armature"), d.armature);
}

template <class S, class V> void keys(S& a, V&& v) requires std::same_as<std::remove_const_t<S>, Armature> {
    v(k("type"), a.type);
    v(k("frameRate", As::NonNegative), a.frameRate);
    v(k("name", As::Name), a.name);
    v(k("aabb", As::Value, kNone, 45), a.aabb);
    v(k("bone"), a.bone);
    v(k("slot"), a.slot);
    v(k("ik", As::Value, kNone, 45), a.ik);
    v(k("skin"), a.skin);
    v(k("animation"), a.animation);
    v(k("defaultActions", As::Value, kNone, 45), a.defaultActions);
    v(k("userData", As::Value, kNone, 50), a.userData);
}

template <class S, class V> void keys(S& b, V&& v) requires std::same_as<std::remove_const_t<S>, Bone> {
    v(k("inheritTranslation", As::Value, 1), b.inheritTranslation);
    v(k("inheritRotation", As::Value, 1), b.inheritRotation);
    v(k("inheritScale", As::Value, 1), b.inheritScale);
    v(k("inheritReflection", As::Value, 1, 50), b.inheritReflection);
    v(k("length", As::Value, 0), b.length);
    v(k("name", As::Name), b.name);
    v(k("parent", As::Name), b.parent);
    v(k("transform"), b.transform);
    v(k("userData", As::Value, kNone, 50), b.userData);
}

template <class S, class V> void keys(S& s, V&& v) requires std::same_as<std::remove_const_t<S>, Slot> {
    v(k("blendMode"), s.blendMode);
    v(k("displayIndex", As::Value, 0), s.displayIndex);
    v(k("name", As::Name), s.name);
    v(k("parent", As::Name), s.parent);
    v(k("z", As::Value, 0, 40, 45), s.z);
    v(k("color"), s.color);
    v(k("actions", As::Value, kNone, 50), s.actions);
    v(k("userData", As::Value, kNone, 50), s.userData);
}

template <class S, class V> void keys(S& c, V&& v) requires std::same_as<std::remove_const_t<S>, IkConstraint> {
    v(k("bendPositive", As::Value, 1), c.bendPositive);
    v(k("chain", As::NonNegative, 0), c.chain);
    v(k("weight", As::Value, 1), c.weight);
    v(k("name", As::Name), c.name);
    v(k("bone", As::String), c.bone);
    v(k("target", As::String), c.target);
}

template <class S, class V> void keys(S& s, V&& v) requires std::same_as<std::remove_const_t<S>, Skin> {
    v(k("name", As::Name), s.name);
    v(k("slot"), s.slot);
}

template <class S, class V> void keys(S& s, V&& v) requires std::same_as<std::remove_const_t<S>, SkinSlot> {
    v(k("name", As::Name), s.name);
    v(k("display"), s.display);
}

template <class S, class V> void keys(S& d, V&& v) requires std::same_as<std::remove_const_t<S>, Display> {
    v(k("type", As::DisplayType), d.type);
    v(k("name", As::Name), d.name);
    v(k("transform"), d.transform);
    v(k("path", As::String), d.path);
    v(k("subType", As::OnlyString, kNone, 45), d.subType);
    v(k("share", As::String, kNone, 50), d.share);
    v(k("inheritFFD", As::Value, 1, 50, 50), d.inheritFFD);
    v(k("inheritDeform", As::Value, 1, 55), d.inheritDeform);
    v(k("pivot", As::Value, kNone, 45), d.pivot);
    v(k("width", As::Value, 0, 45), d.width);
    v(k("height", As::Value, 0, 45), d.height);
    v(k("offset", As::KeptHere), no_field);  // DBDT headers: the mesh's index into intArray comes first
    v(k("vertices", As::Value, kNone, 45), d.vertices);
    v(k("uvs", As::Value, kNone, 45), d.uvs);
    v(k("triangles", As::Value, kNone, 45), d.triangles);
    v(k("weights", As::Value, kNone, 45), d.weights);
    v(k("slotPose", As::Value, kNone, 45), d.slotPose);
    v(k("bonePose", As::Value, kNone, 45), d.bonePose);
    v(k("edges", As::Value, kNone, 45), d.edges);
    v(k("userEdges", As::Value, kNone, 45), d.userEdges);
    v(k("userData", As::Value, kNone, 50), d.userData);
}

template <class S, class V> void keys(S& a, V&& v) requires std::same_as<std::remove_const_t<S>, Animation> {
    v(k("duration", As::NonNegative, 1), a.duration);
    v(k("playTimes", As::Value, 1), a.playTimes);
    v(k("fadeInTime", As::Value, 0), a.fadeInTime);
    v(k("scale", As::Value, 1), a.scale);
    v(k("name", As::Name), a.name);
    v(k("frame"), a.frame);
    v(k("zOrder", As::Value, kNone, 50), a.zOrder);
    v(k("bone", As::Timelines), a.bone);
    v(k("slot", As::Timelines), a.slot);
    v(k("ffd", As::Timelines, kNone, 45), a.ffd);
}

template <class S, class V> void keys(S& z, V&& v) requires std::same_as<std::remove_const_t<S>, ZOrderTimeline> {
    v(k("frame", As::Value, kNone, 50), z.frame);
}

template <class S, class V> void keys(S& t, V&& v) requires std::same_as<std::remove_const_t<S>, BoneTimeline> {
    v(k("name", As::Name), t.name);
    v(k("scale", As::Value, 1), t.scale);
    v(k("offset", As::Value, 0), t.offset);
    v(k("frame", As::Value, kNone, 40, 50), t.frame);
    v(k("translateFrame", As::Value, kNone, 55), t.translateFrame);
    v(k("rotateFrame", As::Value, kNone, 55), t.rotateFrame);
    v(k("scaleFrame", As::Value, kNone, 55), t.scaleFrame);
}

template <class S, class V> void keys(S& t, V&& v) requires std::same_as<std::remove_const_t<S>, SlotTimeline> {
    v(k("name", As::Name), t.name);
    v(k("scale", As::Value, 1), t.scale);
    v(k("offset", As::Value, 0), t.offset);
    v(k("frame", As::Value, kNone, 40, 50), t.frame);
    v(k("displayFrame", As::Value, kNone, 55), t.displayFrame);
    v(k("colorFrame", As::Value, kNone, 55), t.colorFrame);
}

template <class S, class V> void keys(S& t, V&& v) requires std::same_as<std::remove_const_t<S>, FfdTimeline> {
    v(k("name", As::Name), t.name);
    v(k("skin", As::String), t.skin);
    v(k("slot", As::String), t.slot);
    v(k("scale", As::Value, 1), t.scale);
    v(k("offset", As::Value, 0), t.offset);
    v(k("frame"), t.frame);
}

// A frame's rare members: read from the shared empty box when the frame has none; the reader's
// (non-const) walk is only over a scratch frame (json_reader.cpp, KeyIndex), where the box is made.
inline const FrameRare& rare_of(const Frame& f) { return f.rare(); }
inline FrameRare& rare_of(Frame& f) { return f.rare_mut(); }

template <class S, class V> void keys(S& f, V&& v) requires std::same_as<std::remove_const_t<S>, Frame> {
    auto& r = rare_of(f);
    v(k("duration", As::NonNegative, 1), f.duration);
    v(k("tweenEasing"), f.tweenEasing);  // absent, null or "NaN": no tween; 0: linear
    v(k("curve"), f.curve);
    v(k("transform", As::Value, kNone, 40, 50), f.transform);
    v(k("tweenRotate", As::Value, 0, 45, 50), r.tweenRotate);
    v(k("x", As::Value, kNone, 55), f.x);  // 0 on translateFrame, 1 on scaleFrame
    v(k("y", As::Value, kNone, 55), f.y);
    v(k("rotate", As::Value, 0, 55), f.rotate);
    v(k("skew", As::Value, 0, 55), r.skew);
    v(k("clockwise", As::Value, 0, 55), r.clockwise);
    v(k("displayIndex", As::Value, 0), f.displayIndex);
    v(k("value", As::OnlyScalar, 0, 55), f.value);
    v(k("color"), f.color);
    v(k("value", As::OnlyObject, kNone, 55), r.value_color);
    v(k("z", As::Value, 0, 40, 45), f.z);
    v(k("offset", As::NonNegative, 0), r.offset);
    v(k("vertices"), r.vertices);
    v(k("zOrder", As::OnlyArray, kNone, 50), r.zOrder);  // 4.5 spec: a number on slot frames (kept raw)
    v(k("event", As::OnlyString), r.event);
    v(k("sound", As::OnlyString), r.sound);
    v(k("action"), r.action);
    v(k("events", As::Value, kNone, 50), r.events);
    v(k("actions", As::Value, kNone, 50), r.actions);
}

// The unknown keys of a structure (a frame keeps them in its rare box).
template <class T>
const Extras& extras_of(const T& t) {
    if constexpr (std::is_same_v<T, Frame>) return t.rare().extra;
    else return t.extra;
}
template <class T>
Extras& extras_of(T& t) {
    if constexpr (std::is_same_v<T, Frame>) return t.rare_mut().extra;
    else return t.extra;
}

template <class S, class V> void keys(S& e, V&& v) requires std::same_as<std::remove_const_t<S>, Event> {
    v(k("name", As::Name), e.name);
    v(k("bone", As::String), e.bone);
    v(k("slot", As::String), e.slot);
    v(k("ints"), e.ints);
    v(k("floats"), e.floats);
    v(k("strings"), e.strings);
}

}  // namespace rigio::dragonbones::keys_table
