// DragonBones JSON writer: the model back to JSON, member for member in the reader's order, then the
// unknown keys as they were read. A value read from a dirty form ("NaN", "1.5", null, 0/1 flags) is
// written back in that form. Layout: tabs, flat objects and number arrays on one line.
#include <charconv>
#include <cmath>
#include <string>

#include "rigio/dragonbones/json.hpp"
#include "rigio/io/json_writer.hpp"

namespace rigio::dragonbones {

namespace {

// Shortest round-trip text of a double, laid out as JavaScript (and so DragonBones Pro) writes numbers:
// plain decimals for 1e-7 <= |v| < 1e18 ("-0.0003", not "-3e-04"), exponents outside that range.
std::string js_number(double v) {
    char buf[64];
    auto res = std::to_chars(buf, buf + sizeof buf, v);
    std::string s(buf, res.ptr);
    const std::size_t e = s.find('e');
    const double a = std::fabs(v);
    // Integers past 64 bits keep the exponent: JSON parsers (simdjson) refuse them written out in full.
    if (e == std::string::npos || a < 1e-7 || a >= 1e18) return s;
    const bool negative = s[0] == '-';
    std::string mantissa = s.substr(negative ? 1 : 0, e - (negative ? 1 : 0));
    int exponent = std::stoi(s.substr(e + 1));
    std::string digits;
    int point = 1;  // digits before the decimal point in the mantissa
    for (std::size_t i = 0; i < mantissa.size(); ++i) {
        if (mantissa[i] == '.') point = static_cast<int>(i);
        else digits += mantissa[i];
    }
    if (mantissa.find('.') == std::string::npos) point = static_cast<int>(mantissa.size());
    point += exponent;
    std::string out = negative ? "-" : "";
    if (point <= 0) {
        out += "0." + std::string(static_cast<std::size_t>(-point), '0') + digits;
    } else if (point >= static_cast<int>(digits.size())) {
        out += digits + std::string(static_cast<std::size_t>(point) - digits.size(), '0');
    } else {
        out += digits.substr(0, static_cast<std::size_t>(point)) + "." + digits.substr(static_cast<std::size_t>(point));
    }
    return out;
}

class Writer {
public:
    explicit Writer(std::string& out) : w_(out) {}

    void root(const DragonBonesData& d) {
        w_.begin_object();
        num("frameRate", d.frameRate);
        str("name", d.name);
        if (d.version && d.version_is_number) {
            w_.key("version");
            w_.raw(*d.version);
        } else {
            str("version", d.version);
        }
        str("compatibleVersion", d.compatibleVersion);
        num("isGlobal", d.isGlobal);
        raw("userData", d.userData);
        w_.key("armature");
        w_.begin_array();
        for (const Armature& a : d.armature) armature(a);
        w_.end_array();
        extras(d.extra);
        w_.end_object();
    }

private:
    // ---- scalars -------------------------------------------------------------------------------
    void value(const Num& n) {
        if (!n.raw.empty()) w_.raw(n.raw);
        else if (std::isfinite(n.value)) {
            double r = std::nearbyint(n.value);
            if (r == n.value && std::fabs(r) < 9007199254740992.0) w_.integer(static_cast<std::int64_t>(r));
            else w_.raw(js_number(n.value));
        } else if (std::isnan(n.value)) w_.string("NaN");
        else w_.null();
    }
    void num(std::string_view key, const Opt<Num>& n) {
        if (!n) return;
        w_.key(key);
        value(*n);
    }
    void flag(std::string_view key, const Opt<Flag>& f) {
        if (!f) return;
        w_.key(key);
        if (!f->raw.empty()) w_.raw(f->raw);
        else w_.boolean(f->value);
    }
    void str(std::string_view key, const Opt<std::string>& s) {
        if (s) w_.member(key, *s);
    }
    void raw(std::string_view key, const Opt<RawJson>& r) {
        if (!r) return;
        w_.key(key);
        w_.raw(r->text);
    }
    void nums(std::string_view key, const Opt<std::vector<Num>>& v) {
        if (!v) return;
        w_.key(key);
        w_.begin_array();
        for (const Num& n : *v) value(n);
        w_.end_array();
    }
    // Unknown members, in file order; `skip` leaves one key out, `only` writes just that one.
    void extras(const Extras& e, std::string_view skip = {}, std::string_view only = {}) {
        for (const auto& [k, v] : e) {
            if ((!skip.empty() && k == skip) || (!only.empty() && k != only)) continue;
            w_.key(k);
            w_.raw(v.text);
        }
    }
    template <class T, class F>
    void list(std::string_view key, const Opt<std::vector<T>>& v, F&& each) {
        if (!v) return;
        w_.key(key);
        w_.begin_array();
        for (const T& x : *v) each(x);
        w_.end_array();
    }

    // ---- shared objects ------------------------------------------------------------------------
    void transform(std::string_view key, const Opt<Transform>& t) {
        if (!t) return;
        w_.key(key);
        w_.begin_object();
        num("x", t->x);
        num("y", t->y);
        num("skX", t->skX);
        num("skY", t->skY);
        num("scX", t->scX);
        num("scY", t->scY);
        extras(t->extra);
        w_.end_object();
    }
    void color(std::string_view key, const Opt<ColorTransform>& c) {
        if (!c) return;
        w_.key(key);
        w_.begin_object();
        num("aM", c->aM);
        num("rM", c->rM);
        num("gM", c->gM);
        num("bM", c->bM);
        num("aO", c->aO);
        num("rO", c->rO);
        num("gO", c->gO);
        num("bO", c->bO);
        extras(c->extra);
        w_.end_object();
    }

    // ---- armature ------------------------------------------------------------------------------
    void armature(const Armature& a) {
        w_.begin_object();
        str("type", a.type);
        num("frameRate", a.frameRate);
        str("name", a.name);
        if (a.aabb) {
            w_.key("aabb");
            w_.begin_object();
            num("x", a.aabb->x);
            num("y", a.aabb->y);
            num("width", a.aabb->width);
            num("height", a.aabb->height);
            extras(a.aabb->extra);
            w_.end_object();
        }
        list("bone", a.bone, [this](const Bone& b) { bone(b); });
        list("slot", a.slot, [this](const Slot& s) { slot(s); });
        list("ik", a.ik, [this](const IkConstraint& c) { ik(c); });
        list("skin", a.skin, [this](const Skin& s) { skin(s); });
        list("animation", a.animation, [this](const Animation& an) { animation(an); });
        raw("defaultActions", a.defaultActions);
        raw("userData", a.userData);
        extras(a.extra);
        w_.end_object();
    }

    void bone(const Bone& b) {
        w_.begin_object();
        flag("inheritTranslation", b.inheritTranslation);
        flag("inheritRotation", b.inheritRotation);
        flag("inheritScale", b.inheritScale);
        flag("inheritReflection", b.inheritReflection);
        num("length", b.length);
        str("name", b.name);
        str("parent", b.parent);
        transform("transform", b.transform);
        raw("userData", b.userData);
        extras(b.extra);
        w_.end_object();
    }

    void slot(const Slot& s) {
        w_.begin_object();
        raw("blendMode", s.blendMode);
        num("displayIndex", s.displayIndex);
        str("name", s.name);
        str("parent", s.parent);
        num("z", s.z);
        color("color", s.color);
        raw("actions", s.actions);
        raw("userData", s.userData);
        extras(s.extra);
        w_.end_object();
    }

    void ik(const IkConstraint& c) {
        w_.begin_object();
        flag("bendPositive", c.bendPositive);
        num("chain", c.chain);
        num("weight", c.weight);
        str("name", c.name);
        str("bone", c.bone);
        str("target", c.target);
        extras(c.extra);
        w_.end_object();
    }

    void skin(const Skin& s) {
        w_.begin_object();
        str("name", s.name);
        list("slot", s.slot, [this](const SkinSlot& ss) {
            w_.begin_object();
            str("name", ss.name);
            list("display", ss.display, [this](const Display& d) { display(d); });
            extras(ss.extra);
            w_.end_object();
        });
        extras(s.extra);
        w_.end_object();
    }

    void display(const Display& d) {
        w_.begin_object();
        raw("type", d.type);
        str("name", d.name);
        transform("transform", d.transform);
        str("path", d.path);
        str("subType", d.subType);
        str("share", d.share);
        flag("inheritFFD", d.inheritFFD);
        flag("inheritDeform", d.inheritDeform);
        if (d.pivot) {
            w_.key("pivot");
            w_.begin_object();
            num("x", d.pivot->x);
            num("y", d.pivot->y);
            extras(d.pivot->extra);
            w_.end_object();
        }
        num("width", d.width);
        num("height", d.height);
        extras(d.extra, "", "offset");  // DBDT headers: the mesh's index into intArray comes first
        nums("vertices", d.vertices);
        nums("uvs", d.uvs);
        nums("triangles", d.triangles);
        nums("weights", d.weights);
        nums("slotPose", d.slotPose);
        nums("bonePose", d.bonePose);
        nums("edges", d.edges);
        nums("userEdges", d.userEdges);
        raw("userData", d.userData);
        extras(d.extra, "offset");
        w_.end_object();
    }

    // ---- animation -----------------------------------------------------------------------------
    void animation(const Animation& a) {
        w_.begin_object();
        num("duration", a.duration);
        num("playTimes", a.playTimes);
        num("fadeInTime", a.fadeInTime);
        num("scale", a.scale);
        str("name", a.name);
        frames("frame", a.frame);
        if (a.zOrder) {
            w_.key("zOrder");
            w_.begin_object();
            frames("frame", a.zOrder->frame);
            extras(a.zOrder->extra);
            w_.end_object();
        }
        list("bone", a.bone, [this](const BoneTimeline& t) {
            w_.begin_object();
            str("name", t.name);
            num("scale", t.scale);
            num("offset", t.offset);
            frames("frame", t.frame);
            frames("translateFrame", t.translateFrame);
            frames("rotateFrame", t.rotateFrame);
            frames("scaleFrame", t.scaleFrame);
            extras(t.extra);
            w_.end_object();
        });
        list("slot", a.slot, [this](const SlotTimeline& t) {
            w_.begin_object();
            str("name", t.name);
            num("scale", t.scale);
            num("offset", t.offset);
            frames("frame", t.frame);
            frames("displayFrame", t.displayFrame);
            frames("colorFrame", t.colorFrame);
            extras(t.extra);
            w_.end_object();
        });
        list("ffd", a.ffd, [this](const FfdTimeline& t) {
            w_.begin_object();
            str("name", t.name);
            str("skin", t.skin);
            str("slot", t.slot);
            num("scale", t.scale);
            num("offset", t.offset);
            frames("frame", t.frame);
            extras(t.extra);
            w_.end_object();
        });
        extras(a.extra);
        w_.end_object();
    }

    void frames(std::string_view key, const Opt<Frames>& fs) {
        list(key, fs, [this](const Frame& f) { frame(f); });
    }

    void frame(const Frame& f) {
        w_.begin_object();
        num("duration", f.duration);
        num("tweenEasing", f.tweenEasing);
        nums("curve", f.curve);
        transform("transform", f.transform);
        num("tweenRotate", f.tweenRotate);
        num("x", f.x);
        num("y", f.y);
        num("rotate", f.rotate);
        num("skew", f.skew);
        num("clockwise", f.clockwise);
        num("displayIndex", f.displayIndex);
        num("value", f.value);
        color("color", f.color);
        color("value", f.value_color);
        num("z", f.z);
        num("offset", f.offset);
        nums("vertices", f.vertices);
        nums("zOrder", f.zOrder);
        str("event", f.event);
        str("sound", f.sound);
        raw("action", f.action);
        list("events", f.events, [this](const Event& e) {
            w_.begin_object();
            str("name", e.name);
            str("bone", e.bone);
            str("slot", e.slot);
            nums("ints", e.ints);
            nums("floats", e.floats);
            if (e.strings) {
                w_.key("strings");
                w_.begin_array();
                for (const std::string& s : *e.strings) w_.string(s);
                w_.end_array();
            }
            extras(e.extra);
            w_.end_object();
        });
        raw("actions", f.actions);
        extras(f.extra);
        w_.end_object();
    }

    io::JsonWriter w_;
};

}  // namespace

std::string write_json(const DragonBonesData& data, const JsonWriteOptions& options) {
    std::string compact;
    compact.reserve(1 << 16);
    Writer(compact).root(data);
    if (options.compact) return compact;
    if (data.minified) {
        if (data.final_newline) compact += '\n';
        return compact;
    }
    io::ReflowOptions opt;
    opt.one_line_object_members = 8;
    opt.one_line_scalar_arrays = true;
    std::string out = io::reflow_json(compact, opt);
    if (out.empty() || out.back() != '\n') out += '\n';
    return out;
}

}  // namespace rigio::dragonbones
