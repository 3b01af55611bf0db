// DragonBones JSON reader: simdjson DOM -> model, key by key, with the JSON path of every value kept
// for errors. Unknown keys go to `extra` as raw JSON; names are resolved to indices per armature.
#include <cmath>
#include <cstdlib>
#include <string>
#include <unordered_map>

#include "rigio/dragonbones/json.hpp"
#include "rigio/io/json_input.hpp"

namespace rigio::dragonbones {

namespace {

using simdjson::dom::element;
using simdjson::dom::element_type;
using simdjson::dom::object;
using io::JsonPath;
using Scope = io::JsonPath::Scope;

class Reader {
public:
    Reader(std::string_view text, const JsonReadOptions& options)
        : path_(text), warnings_(options.warnings), binary_header_(options.binary_header) {}

    DragonBonesData read_root(element root) {
        DragonBonesData d;
        object obj = io::as_object(root, path_);
        for (auto kv : obj) {
            Scope s(path_, kv.key);
            std::string_view k = kv.key;
            element v = kv.value;
            if (k == "name") d.name = name(v);
            else if (k == "version") {
                d.version = version_string(v);
                d.version_is_number = v.is_number();
            }
            else if (k == "compatibleVersion") d.compatibleVersion = version_string(v);
            else if (k == "frameRate") d.frameRate = num(v);
            else if (k == "isGlobal") d.isGlobal = num(v);
            else if (k == "userData") d.userData = raw(v);
            else if (k == "armature") d.armature = list<Armature>(v, [this](element e) { return armature(e); });
            else keep(d.extra, k, v);
        }
        if (!d.version) path_.fail("not DragonBones data: no \"version\"");
        if (!member_present(obj, "armature")) path_.fail("not DragonBones skeleton data: no \"armature\" array");
        const int v = version_code(d);
        if (v >= 40 && v < 50 && !d.isGlobal)
            warn("4.x data without \"isGlobal\": 4.x runtimes read it as armature-space (global), 5.x runtimes as parent-relative");
        return d;
    }

private:
    // ---- scalars -------------------------------------------------------------------------------
    std::string str(element v) { return std::string(io::as_string(v, path_)); }

    // A name or a reference to one. 2.x files write some names as numbers; those are read as their
    // text (and written back as strings).
    std::string name(element v) {
        if (v.is_number()) {
            warn("name written as a number");
            return simdjson::to_string(v);
        }
        return str(v);
    }

    std::string version_string(element v) {
        if (v.is_string()) return std::string(v.get_string().value_unsafe());
        if (v.is_number()) {  // some tools write 4.5 as a number
            warn("version written as a number");
            return simdjson::to_string(v);
        }
        path_.fail(std::string("expected the version as a string, found ") + io::json_type_name(v.type()));
    }

    Num num(element v) {
        switch (v.type()) {
            case element_type::INT64:
            case element_type::UINT64:
            case element_type::DOUBLE: return Num(io::as_number(v, path_));
            case element_type::STRING: {
                std::string s(v.get_string().value_unsafe());
                Num n;
                n.raw = simdjson::to_string(v);
                if (s == "NaN") {
                    n.value = std::nan("");
                    return n;
                }
                char* end = nullptr;
                n.value = std::strtod(s.c_str(), &end);
                if (s.empty() || end != s.c_str() + s.size() || !std::isfinite(n.value))
                    path_.fail("expected a number, found the string \"" + s + "\"");
                return n;
            }
            case element_type::NULL_VALUE: {
                Num n;
                n.value = std::nan("");
                n.raw = "null";
                return n;
            }
            case element_type::BOOL: {
                Num n;
                n.value = v.get_bool().value_unsafe() ? 1 : 0;
                n.raw = simdjson::to_string(v);
                return n;
            }
            default: path_.fail(std::string("expected a number, found ") + io::json_type_name(v.type()));
        }
    }

    // A count, index or duration: a finite number >= 0.
    Num non_negative(element v) {
        Num n = num(v);
        if (!(n.value >= 0) || !std::isfinite(n.value)) {
            if (std::isnan(n.value) && !n.raw.empty()) return n;  // null / "NaN": treated as the default
            path_.fail("expected a number >= 0, found " + (n.raw.empty() ? simdjson::to_string(v) : n.raw));
        }
        return n;
    }

    Flag flag(element v) {
        Flag f;
        switch (v.type()) {
            case element_type::BOOL: f.value = v.get_bool().value_unsafe(); return f;
            case element_type::INT64:
            case element_type::UINT64:
            case element_type::DOUBLE: f.value = io::as_number(v, path_) != 0; break;
            case element_type::STRING: {
                std::string_view s = v.get_string().value_unsafe();
                if (s == "true" || s == "1") f.value = true;
                else if (s == "false" || s == "0" || s.empty()) f.value = false;
                else path_.fail("expected true or false, found \"" + std::string(s) + "\"");
                break;
            }
            case element_type::NULL_VALUE: f.value = false; break;
            default: path_.fail(std::string("expected true or false, found ") + io::json_type_name(v.type()));
        }
        f.raw = simdjson::to_string(v);
        return f;
    }

    RawJson raw(element v) { return RawJson{simdjson::to_string(v)}; }

    void keep(Extras& extra, std::string_view key, element v) { extra.emplace_back(std::string(key), raw(v)); }

    std::vector<Num> nums(element v) {
        simdjson::dom::array a = io::as_array(v, path_);
        std::vector<Num> out;
        out.reserve(a.size());
        std::size_t i = 0;
        for (element e : a) {
            Scope s(path_, i++);
            out.push_back(num(e));
        }
        return out;
    }

    std::vector<std::string> strs(element v) {
        simdjson::dom::array a = io::as_array(v, path_);
        std::vector<std::string> out;
        std::size_t i = 0;
        for (element e : a) {
            Scope s(path_, i++);
            out.push_back(str(e));
        }
        return out;
    }

    template <class T, class F>
    std::vector<T> list(element v, F&& each) {
        simdjson::dom::array a = io::as_array(v, path_);
        std::vector<T> out;
        out.reserve(a.size());
        std::size_t i = 0;
        for (element e : a) {
            Scope s(path_, i++);
            out.push_back(each(e));
        }
        return out;
    }

    static bool member_present(object obj, std::string_view key) { return io::member(obj, key).has_value(); }

    void warn(const std::string& what) {
        if (warnings_) warnings_->push_back((path_.pointer().empty() ? std::string("/") : path_.pointer()) + ": " + what);
    }

    // ---- shared objects ------------------------------------------------------------------------
    Transform transform(element v) {
        Transform t;
        for (auto kv : io::as_object(v, path_)) {
            Scope s(path_, kv.key);
            std::string_view k = kv.key;
            if (k == "x") t.x = num(kv.value);
            else if (k == "y") t.y = num(kv.value);
            else if (k == "skX") t.skX = num(kv.value);
            else if (k == "skY") t.skY = num(kv.value);
            else if (k == "scX") t.scX = num(kv.value);
            else if (k == "scY") t.scY = num(kv.value);
            else keep(t.extra, k, kv.value);
        }
        return t;
    }

    ColorTransform color(element v) {
        ColorTransform c;
        for (auto kv : io::as_object(v, path_)) {
            Scope s(path_, kv.key);
            std::string_view k = kv.key;
            if (k == "aM") c.aM = num(kv.value);
            else if (k == "rM") c.rM = num(kv.value);
            else if (k == "gM") c.gM = num(kv.value);
            else if (k == "bM") c.bM = num(kv.value);
            else if (k == "aO") c.aO = num(kv.value);
            else if (k == "rO") c.rO = num(kv.value);
            else if (k == "gO") c.gO = num(kv.value);
            else if (k == "bO") c.bO = num(kv.value);
            else keep(c.extra, k, kv.value);
        }
        return c;
    }

    Rectangle rectangle(element v) {
        Rectangle r;
        for (auto kv : io::as_object(v, path_)) {
            Scope s(path_, kv.key);
            std::string_view k = kv.key;
            if (k == "x") r.x = num(kv.value);
            else if (k == "y") r.y = num(kv.value);
            else if (k == "width") r.width = num(kv.value);
            else if (k == "height") r.height = num(kv.value);
            else keep(r.extra, k, kv.value);
        }
        return r;
    }

    Point point(element v) {
        Point p;
        for (auto kv : io::as_object(v, path_)) {
            Scope s(path_, kv.key);
            std::string_view k = kv.key;
            if (k == "x") p.x = num(kv.value);
            else if (k == "y") p.y = num(kv.value);
            else keep(p.extra, k, kv.value);
        }
        return p;
    }

    // ---- armature ------------------------------------------------------------------------------
    Armature armature(element v) {
        Armature a;
        for (auto kv : io::as_object(v, path_)) {
            Scope s(path_, kv.key);
            std::string_view k = kv.key;
            element e = kv.value;
            if (k == "name") a.name = name(e);
            else if (k == "type") a.type = str(e);
            else if (k == "frameRate") a.frameRate = non_negative(e);
            else if (k == "defaultActions") a.defaultActions = raw(e);
            else if (k == "userData") a.userData = raw(e);
            else if (k == "aabb") a.aabb = rectangle(e);
            else if (k == "bone") a.bone = list<Bone>(e, [this](element x) { return bone(x); });
            else if (k == "slot") a.slot = list<Slot>(e, [this](element x) { return slot(x); });
            else if (k == "skin") a.skin = list<Skin>(e, [this](element x) { return skin(x); });
            else if (k == "ik") a.ik = list<IkConstraint>(e, [this](element x) { return ik(x); });
            else if (k == "animation") a.animation = list<Animation>(e, [this](element x) { return animation(x); });
            else keep(a.extra, k, e);
        }
        resolve(a);
        return a;
    }

    Bone bone(element v) {
        Bone b;
        for (auto kv : io::as_object(v, path_)) {
            Scope s(path_, kv.key);
            std::string_view k = kv.key;
            element e = kv.value;
            if (k == "name") b.name = name(e);
            else if (k == "parent") b.parent = name(e);
            else if (k == "transform") b.transform = transform(e);
            else if (k == "length") b.length = num(e);
            else if (k == "inheritTranslation") b.inheritTranslation = flag(e);
            else if (k == "inheritRotation") b.inheritRotation = flag(e);
            else if (k == "inheritScale") b.inheritScale = flag(e);
            else if (k == "inheritReflection") b.inheritReflection = flag(e);
            else if (k == "userData") b.userData = raw(e);
            else keep(b.extra, k, e);
        }
        return b;
    }

    Slot slot(element v) {
        Slot sl;
        for (auto kv : io::as_object(v, path_)) {
            Scope s(path_, kv.key);
            std::string_view k = kv.key;
            element e = kv.value;
            if (k == "name") sl.name = name(e);
            else if (k == "parent") sl.parent = name(e);
            else if (k == "displayIndex") sl.displayIndex = num(e);
            else if (k == "z") sl.z = num(e);
            else if (k == "blendMode") sl.blendMode = raw(e);
            else if (k == "color") sl.color = color(e);
            else if (k == "actions") sl.actions = raw(e);
            else if (k == "userData") sl.userData = raw(e);
            else keep(sl.extra, k, e);
        }
        return sl;
    }

    Skin skin(element v) {
        Skin sk;
        for (auto kv : io::as_object(v, path_)) {
            Scope s(path_, kv.key);
            std::string_view k = kv.key;
            if (k == "name") sk.name = name(kv.value);
            else if (k == "slot") sk.slot = list<SkinSlot>(kv.value, [this](element x) { return skin_slot(x); });
            else keep(sk.extra, k, kv.value);
        }
        return sk;
    }

    SkinSlot skin_slot(element v) {
        SkinSlot ss;
        for (auto kv : io::as_object(v, path_)) {
            Scope s(path_, kv.key);
            std::string_view k = kv.key;
            if (k == "name") ss.name = name(kv.value);
            else if (k == "display") ss.display = list<Display>(kv.value, [this](element x) { return display(x); });
            else keep(ss.extra, k, kv.value);
        }
        return ss;
    }

    Display display(element v) {
        Display d;
        for (auto kv : io::as_object(v, path_)) {
            Scope s(path_, kv.key);
            std::string_view k = kv.key;
            element e = kv.value;
            if (k == "name") d.name = name(e);
            else if (k == "type") {
                if (!e.is_string() && !e.is_number()) path_.fail(std::string("expected a display type, found ") + io::json_type_name(e.type()));
                d.type = raw(e);
            } else if (k == "path") d.path = str(e);
            else if (k == "transform") d.transform = transform(e);
            else if (k == "pivot") d.pivot = point(e);
            else if (k == "subType") {
                if (!e.is_string()) { keep(d.extra, k, e); continue; }
                d.subType = str(e);
            }
            else if (k == "width") d.width = num(e);
            else if (k == "height") d.height = num(e);
            else if (k == "vertices") d.vertices = nums(e);
            else if (k == "uvs") d.uvs = nums(e);
            else if (k == "triangles") d.triangles = nums(e);
            else if (k == "weights") d.weights = nums(e);
            else if (k == "slotPose") d.slotPose = nums(e);
            else if (k == "bonePose") d.bonePose = nums(e);
            else if (k == "edges") d.edges = nums(e);
            else if (k == "userEdges") d.userEdges = nums(e);
            else if (k == "share") d.share = str(e);
            else if (k == "inheritFFD") d.inheritFFD = flag(e);
            else if (k == "inheritDeform") d.inheritDeform = flag(e);
            else if (k == "userData") d.userData = raw(e);
            else keep(d.extra, k, e);
        }
        if (display_type(d) == DisplayType::Other) {
            std::string t = d.type ? d.type->text : "";
            warn("unknown display type " + t + " (kept as written)");
        }
        return d;
    }

    IkConstraint ik(element v) {
        IkConstraint c;
        for (auto kv : io::as_object(v, path_)) {
            Scope s(path_, kv.key);
            std::string_view k = kv.key;
            element e = kv.value;
            if (k == "name") c.name = name(e);
            else if (k == "bone") c.bone = str(e);
            else if (k == "target") c.target = str(e);
            else if (k == "bendPositive") c.bendPositive = flag(e);
            else if (k == "chain") c.chain = non_negative(e);
            else if (k == "weight") c.weight = num(e);
            else keep(c.extra, k, e);
        }
        return c;
    }

    // ---- animation -----------------------------------------------------------------------------
    Animation animation(element v) {
        Animation a;
        for (auto kv : io::as_object(v, path_)) {
            Scope s(path_, kv.key);
            std::string_view k = kv.key;
            element e = kv.value;
            if (k == "name") a.name = name(e);
            else if (k == "duration") a.duration = non_negative(e);
            else if (k == "playTimes") a.playTimes = num(e);
            else if (k == "fadeInTime") a.fadeInTime = num(e);
            else if (k == "scale") a.scale = num(e);
            else if (k == "frame") a.frame = frames(e);
            else if (k == "zOrder") a.zOrder = zorder(e);
            else if (binary_header_ && (k == "bone" || k == "slot" || k == "ffd") && e.is_object()) keep(a.extra, k, e);
            else if (k == "bone") a.bone = list<BoneTimeline>(e, [this](element x) { return bone_timeline(x); });
            else if (k == "slot") a.slot = list<SlotTimeline>(e, [this](element x) { return slot_timeline(x); });
            else if (k == "ffd") a.ffd = list<FfdTimeline>(e, [this](element x) { return ffd_timeline(x); });
            else keep(a.extra, k, e);
        }
        return a;
    }

    ZOrderTimeline zorder(element v) {
        ZOrderTimeline z;
        for (auto kv : io::as_object(v, path_)) {
            Scope s(path_, kv.key);
            if (kv.key == "frame") z.frame = frames(kv.value);
            else keep(z.extra, kv.key, kv.value);
        }
        return z;
    }

    BoneTimeline bone_timeline(element v) {
        BoneTimeline t;
        for (auto kv : io::as_object(v, path_)) {
            Scope s(path_, kv.key);
            std::string_view k = kv.key;
            element e = kv.value;
            if (k == "name") t.name = name(e);
            else if (k == "scale") t.scale = num(e);
            else if (k == "offset") t.offset = num(e);
            else if (k == "frame") t.frame = frames(e);
            else if (k == "translateFrame") t.translateFrame = frames(e);
            else if (k == "rotateFrame") t.rotateFrame = frames(e);
            else if (k == "scaleFrame") t.scaleFrame = frames(e);
            else keep(t.extra, k, e);
        }
        return t;
    }

    SlotTimeline slot_timeline(element v) {
        SlotTimeline t;
        for (auto kv : io::as_object(v, path_)) {
            Scope s(path_, kv.key);
            std::string_view k = kv.key;
            element e = kv.value;
            if (k == "name") t.name = name(e);
            else if (k == "scale") t.scale = num(e);
            else if (k == "offset") t.offset = num(e);
            else if (k == "frame") t.frame = frames(e);
            else if (k == "displayFrame") t.displayFrame = frames(e);
            else if (k == "colorFrame") t.colorFrame = frames(e);
            else keep(t.extra, k, e);
        }
        return t;
    }

    FfdTimeline ffd_timeline(element v) {
        FfdTimeline t;
        for (auto kv : io::as_object(v, path_)) {
            Scope s(path_, kv.key);
            std::string_view k = kv.key;
            element e = kv.value;
            if (k == "name") t.name = name(e);
            else if (k == "skin") t.skin = str(e);
            else if (k == "slot") t.slot = str(e);
            else if (k == "scale") t.scale = num(e);
            else if (k == "offset") t.offset = num(e);
            else if (k == "frame") t.frame = frames(e);
            else keep(t.extra, k, e);
        }
        return t;
    }

    Frames frames(element v) { return list<Frame>(v, [this](element x) { return frame(x); }); }

    Frame frame(element v) {
        Frame f;
        for (auto kv : io::as_object(v, path_)) {
            Scope s(path_, kv.key);
            std::string_view k = kv.key;
            element e = kv.value;
            if (k == "duration") f.duration = non_negative(e);
            else if (k == "tweenEasing") f.tweenEasing = num(e);
            else if (k == "curve") f.curve = nums(e);
            else if (k == "transform") f.transform = transform(e);
            else if (k == "tweenRotate") f.tweenRotate = num(e);
            else if (k == "x") f.x = num(e);
            else if (k == "y") f.y = num(e);
            else if (k == "rotate") f.rotate = num(e);
            else if (k == "skew") f.skew = num(e);
            else if (k == "clockwise") f.clockwise = num(e);
            else if (k == "displayIndex") f.displayIndex = num(e);
            else if (k == "value" && e.is_object()) f.value_color = color(e);
            else if (k == "value" && (e.is_number() || e.is_string() || e.is_null())) f.value = num(e);
            else if (k == "color") f.color = color(e);
            else if (k == "z") f.z = num(e);
            else if (k == "offset") f.offset = non_negative(e);
            else if (k == "vertices") f.vertices = nums(e);
            else if (k == "zOrder" && e.is_array()) f.zOrder = nums(e);  // 4.5 spec: a number on slot frames (kept raw)
            else if (k == "event" && e.is_string()) f.event = str(e);
            else if (k == "sound" && e.is_string()) f.sound = str(e);
            else if (k == "action") f.action = raw(e);
            else if (k == "events") f.events = list<Event>(e, [this](element x) { return event(x); });
            else if (k == "actions") f.actions = raw(e);
            else keep(f.extra, k, e);
        }
        return f;
    }

    Event event(element v) {
        Event ev;
        for (auto kv : io::as_object(v, path_)) {
            Scope s(path_, kv.key);
            std::string_view k = kv.key;
            element e = kv.value;
            if (k == "name") ev.name = name(e);
            else if (k == "bone") ev.bone = str(e);
            else if (k == "slot") ev.slot = str(e);
            else if (k == "ints") ev.ints = nums(e);
            else if (k == "floats") ev.floats = nums(e);
            else if (k == "strings") ev.strings = strs(e);
            else keep(ev.extra, k, e);
        }
        return ev;
    }

    // ---- names to indices ----------------------------------------------------------------------
    void resolve(Armature& a);
    void check_mesh(const Display& d, std::size_t bone_count);

    JsonPath path_;
    std::vector<std::string>* warnings_;
    bool binary_header_ = false;
};

// Mesh arrays must agree with each other: runtimes index one with the other.
void Reader::check_mesh(const Display& d, std::size_t bone_count) {
    if (!d.vertices) return;
    auto integer_in = [](const Num& n, double limit) { return n.value >= 0 && n.value < limit && std::floor(n.value) == n.value; };
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
            const double n = w[at].value;
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

void Reader::resolve(Armature& a) {
    std::unordered_map<std::string, int> bones, slots;
    if (a.bone) {
        Scope s(path_, "bone");
        for (std::size_t i = 0; i < a.bone->size(); ++i) {
            Bone& b = (*a.bone)[i];
            Scope si(path_, i);
            if (!b.name) path_.fail("bone without a name");
            if (!bones.emplace(*b.name, static_cast<int>(i)).second) warn("duplicate bone name \"" + *b.name + "\"");
        }
        for (std::size_t i = 0; i < a.bone->size(); ++i) {
            Bone& b = (*a.bone)[i];
            if (!b.parent) continue;
            Scope si(path_, i);
            auto it = bones.find(*b.parent);
            if (it == bones.end()) path_.fail_at("parent", "no bone named \"" + *b.parent + "\"");
            b.parent_index = it->second;
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
            slots.emplace(*sl.name, static_cast<int>(i));
            if (!sl.parent) continue;
            auto it = bones.find(*sl.parent);
            if (it == bones.end()) path_.fail_at("parent", "no bone named \"" + *sl.parent + "\"");
            sl.parent_index = it->second;
        }
    }
    if (a.ik) {
        Scope s(path_, "ik");
        for (std::size_t i = 0; i < a.ik->size(); ++i) {
            IkConstraint& c = (*a.ik)[i];
            Scope si(path_, i);
            if (!c.bone) path_.fail("IK constraint without a bone");
            if (!c.target) path_.fail("IK constraint without a target");
            auto b = bones.find(*c.bone);
            if (b == bones.end()) path_.fail_at("bone", "no bone named \"" + *c.bone + "\"");
            auto t = bones.find(*c.target);
            if (t == bones.end()) path_.fail_at("target", "no bone named \"" + *c.target + "\"");
            c.bone_index = b->second;
            c.target_index = t->second;
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
                auto it = bones.find(*t.name);
                if (it == bones.end()) warn("timeline for unknown bone \"" + *t.name + "\" (ignored by runtimes)");
                else t.bone = it->second;
            }
        }
        if (an.slot) {
            Scope sb(path_, "slot");
            for (std::size_t j = 0; j < an.slot->size(); ++j) {
                SlotTimeline& t = (*an.slot)[j];
                Scope sj(path_, j);
                if (!t.name) path_.fail("slot timeline without a name");
                auto it = slots.find(*t.name);
                if (it == slots.end()) warn("timeline for unknown slot \"" + *t.name + "\" (ignored by runtimes)");
                else t.slot = it->second;
            }
        }
        if (an.ffd) {
            Scope sb(path_, "ffd");
            for (std::size_t j = 0; j < an.ffd->size(); ++j) {
                FfdTimeline& t = (*an.ffd)[j];
                if (!t.slot) continue;
                Scope sj(path_, j);
                auto it = slots.find(*t.slot);
                if (it == slots.end()) warn("ffd timeline for unknown slot \"" + *t.slot + "\" (ignored by runtimes)");
                else t.slot_index = it->second;
            }
        }
        if (an.zOrder && an.zOrder->frame) {
            Scope sz(path_, "zOrder");
            Scope sf(path_, "frame");
            for (std::size_t j = 0; j < an.zOrder->frame->size(); ++j) {
                const Frame& f = (*an.zOrder->frame)[j];
                if (!f.zOrder) continue;
                Scope sj(path_, j);
                Scope sk(path_, "zOrder");
                const auto& z = *f.zOrder;
                if (z.size() % 2 != 0) warn("odd number of values in a zOrder list (last one ignored)");
                for (std::size_t p = 0; p + 1 < z.size(); p += 2) {
                    double slot_index = z[p].value, target = z[p].value + z[p + 1].value;
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

Result<DragonBonesData> read_json(std::string_view text, const JsonReadOptions& options) {
    return capture([&] {
        io::JsonDocument doc(text);
        Reader r(text, options);
        return r.read_root(doc.root());
    });
}

bool looks_like_dragonbones_json(std::string_view text) {
    std::string_view head = text.substr(0, 4096);
    std::size_t i = 0;
    if (head.substr(0, 3) == "\xEF\xBB\xBF") i = 3;
    auto space = [&](std::size_t& at) {
        while (at < head.size() && (head[at] == ' ' || head[at] == '\t' || head[at] == '\r' || head[at] == '\n')) ++at;
    };
    space(i);
    if (i >= head.size() || head[i] != '{') return false;
    if (head.find("\"skeleton\"") != std::string_view::npos && head.find("\"spine\"") != std::string_view::npos) return false;
    // "armature" holding an array is the mark of DragonBones skeleton data (Spine has no such key at
    // the top level; texture atlases have none).
    for (std::size_t at = head.find("\"armature\""); at != std::string_view::npos; at = head.find("\"armature\"", at + 1)) {
        std::size_t j = at + 10;
        space(j);
        if (j < head.size() && head[j] == ':') {
            ++j;
            space(j);
            if (j < head.size() && head[j] == '[') return true;
        }
    }
    return false;
}

}  // namespace rigio::dragonbones
