// DragonBones JSON reader: simdjson DOM -> model, key by key, with the JSON path of every value kept
// for errors. Unknown keys go to `extra` as raw JSON; names are resolved to indices per armature.
#include <cmath>
#include <cstdlib>
#include <string>
#include <unordered_map>

#include "rigio/dragonbones/json.hpp"
#include "json_checks.hpp"
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
            path_.fail("expected a number >= 0, found " + (n.raw.empty() ? simdjson::to_string(v) : n.raw.str()));
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
        resolve_armature(a, path_, warnings_);
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

    JsonPath path_;
    std::vector<std::string>* warnings_;
    bool binary_header_ = false;
};

}  // namespace

Result<DragonBonesData> read_json(std::string_view text, const JsonReadOptions& options) {
    return capture([&] {
        io::JsonDocument doc(text);
        Reader r(text, options);
        DragonBonesData d = r.read_root(doc.root());
        std::string_view body = text;
        while (!body.empty() && (body.back() == '\n' || body.back() == '\r')) body.remove_suffix(1);
        d.minified = body.find('\n') == std::string_view::npos;
        d.final_newline = body.size() != text.size();
        return d;
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
