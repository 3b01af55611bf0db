// Reads rigio's JSON form of an MRTK recording (see rigio/mrtk/json.hpp) with simdjson On-Demand.
// Every error names its JSON path and, where simdjson knows the place, the line and column.
#include <simdjson.h>

#include <bit>
#include <charconv>
#include <cmath>
#include <cstring>
#include <limits>

#include "rigio/io/json_input.hpp"
#include "rigio/io/text.hpp"
#include "rigio/mrtk/binary.hpp"
#include "rigio/mrtk/json.hpp"

namespace rigio::mrtk {

namespace {

namespace od = simdjson::ondemand;

// The form nests 7 levels deep (root, hands, left, joints, Wrist, curve, keys, key); allow a margin.
constexpr std::size_t kMaxDepth = 16;

class Reader {
public:
    explicit Reader(std::string_view text) : text_(text), padded_(text), path_(text) {}

    InputAnimation run() {
        if (parser_.allocate(padded_.size() + 1, kMaxDepth) != simdjson::SUCCESS) fail("cannot allocate the JSON parser");
        if (auto e = parser_.iterate(padded_).get(doc_)) fail_scan(e);
        have_doc_ = true;
        od::object root;
        if (auto e = doc_.get_object().get(root)) fail_code(e, "the document is not a JSON object");
        InputAnimation a;
        bool seen_format = false, seen_version = false;
        bool flag_seen[3] = {false, false, false};
        bool camera = false, hands = false, gaze = false;
        static constexpr const char* kKeys[] = {"format", "version", "hasCameraPose", "hasHandData", "hasEyeGaze",
                                                "camera", "hands",   "eyeGaze",       "markers",     "trailingBytes"};
        known_members(root, kKeys, [&](int which, std::string_view key, od::value& v) {
            switch (which) {
                case 0:
                    if (string(v) != kJsonFormatName) fail("format must be \"mrtk-input-animation\"");
                    seen_format = true;
                    break;
                case 1: version(v, a); seen_version = true; break;
                case 2: a.has_camera_pose = boolean(v); flag_seen[0] = true; break;
                case 3: a.has_hand_data = boolean(v); flag_seen[1] = true; break;
                case 4: a.has_eye_gaze = boolean(v); flag_seen[2] = true; break;
                case 5: pose(v, a.camera); camera = true; break;
                case 6: hands_object(v, a); hands = true; break;
                case 7: ray(v, a.eye_gaze); gaze = true; break;
                case 8: markers(v, a); break;
                case 9: {
                    const std::string bytes = hex_bytes(v, "trailingBytes");
                    a.trailing.assign(bytes.begin(), bytes.end());
                    break;
                }
                default: fail("unknown key \"" + std::string(key) + "\"");
            }
        });
        at_end();
        if (!seen_format) fail("missing \"format\": \"mrtk-input-animation\"");
        if (!seen_version) fail("missing \"version\" (\"1.0\" or \"1.1\")");
        const bool v11 = uses_new_format(a);
        static constexpr const char* kFlags[] = {"hasCameraPose", "hasHandData", "hasEyeGaze"};
        for (int i = 0; i < 3; ++i) {
            if (v11 && !flag_seen[i]) fail(std::string("version 1.1 needs \"") + kFlags[i] + "\"");
            if (!v11 && flag_seen[i]) fail(std::string("\"") + kFlags[i] + "\" is stored in version 1.1 only");
        }
        if (!v11) {
            a.has_camera_pose = true;
            a.has_hand_data = true;
            a.has_eye_gaze = false;
            if (gaze) fail("/eyeGaze", "eye gaze is stored in version 1.1 only");
        } else {
            if (camera && !a.has_camera_pose) fail("/camera", "camera curves given but hasCameraPose is false");
            if (hands && !a.has_hand_data) fail("/hands", "hand curves given but hasHandData is false");
            if (gaze && !a.has_eye_gaze) fail("/eyeGaze", "eye gaze curves given but hasEyeGaze is false");
        }
        return a;
    }

private:
    template <std::size_t N>
    static int index_of(std::string_view key, const char* const (&keys)[N]) {
        for (std::size_t i = 0; i < N; ++i)
            if (key == keys[i]) return static_cast<int>(i);
        return -1;
    }

    // Marks member `which` (of at most 32) as seen; a second one is an error.
    void once(std::uint32_t& seen, int which, std::string_view key) {
        if (which < 0) return;
        if (seen & (1u << which)) fail("duplicate key \"" + std::string(key) + "\"");
        seen |= 1u << which;
    }

    // Calls each(key, value) for every member of an object, with the path scoped to the member.
    template <class F>
    void members(od::object o, F&& each) {
        for (auto fr : o) {
            od::field f;
            if (auto e = std::move(fr).get(f)) fail_code(e);
            std::string_view key = unescaped_key(f);
            od::value value = f.value();
            io::JsonPath::Scope scope(path_, key);
            each(key, value);
        }
    }

    // Members of an object among `keys`, each at most once: each(index in keys or -1, key, value).
    // Returns the set of keys seen, bit i for keys[i].
    template <std::size_t N, class F>
    std::uint32_t known_members(od::object o, const char* const (&keys)[N], F&& each) {
        static_assert(N <= 32);
        std::uint32_t seen = 0;
        members(o, [&](std::string_view key, od::value& value) {
            const int which = index_of(key, keys);
            once(seen, which, key);
            each(which, key, value);
        });
        return seen;
    }

    // Members whose names stand for indices (joints, pose and ray curves), each at most once:
    // each(index, value). index_of_name gives -1 for an unknown name, which is an error naming
    // `what` and giving `expected`.
    template <class Index, class F>
    void indexed_members(od::value& v, Index&& index_of_name, const char* what, const char* expected, F&& each) {
        std::uint32_t seen = 0;
        members(object(v), [&](std::string_view key, od::value& value) {
            const int which = index_of_name(key);
            if (which < 0) fail("unknown " + std::string(what) + " \"" + std::string(key) + "\" (" + expected + ")");
            if (seen & (1u << which)) fail("duplicate " + std::string(what) + " \"" + std::string(key) + "\"");
            seen |= 1u << which;
            each(static_cast<std::size_t>(which), value);
        });
    }

    // The index of `name` among count names given by name_of, or -1.
    template <class Name>
    static int named_index(std::string_view name, int count, Name&& name_of) {
        for (int i = 0; i < count; ++i)
            if (name_of(i) == name) return i;
        return -1;
    }

    // Calls each(value) for every element of an array, with the path scoped to its index.
    template <class F>
    void elements(od::value& v, F&& each) {
        std::size_t i = 0;
        for (auto er : array(v)) {
            od::value value;
            io::JsonPath::Scope scope(path_, i++);
            if (auto e = std::move(er).get(value)) fail_code(e);
            each(value);
        }
    }

    std::string hex_bytes(od::value& v, const char* key) {
        auto bytes = io::unhex(string(v));
        if (!bytes) fail(std::string(key) + " must be an even number of hex digits");
        return std::move(*bytes);
    }

    Location here(const std::string& path) {
        Location loc = Location::at_path(path.empty() ? "/" : path);
        if (!have_doc_) return loc;
        const char* p = nullptr;
        if (doc_.current_location().get(p) != simdjson::SUCCESS || !p) return loc;
        const char* base = padded_.data();
        if (p < base || p > base + text_.size()) return loc;
        set_line_column(loc, static_cast<std::size_t>(p - base));
        return loc;
    }

    void set_line_column(Location& loc, std::size_t offset) const { io::line_column(text_, offset, loc.line, loc.column); }

    // Errors of simdjson's first pass come without a place; find it for the common ones
    // (a string left open, a raw control character in a string, bad UTF-8).
    [[noreturn]] void fail_scan(simdjson::error_code e) {
        Location loc = Location::at_path("/");
        std::size_t at = std::string_view::npos;
        if (e == simdjson::UTF8_ERROR) {
            if (const std::size_t bad = io::first_invalid_utf8(text_); bad < text_.size()) at = bad;
        } else if (e == simdjson::UNCLOSED_STRING || e == simdjson::UNESCAPED_CHARS) {
            std::size_t open = std::string_view::npos;
            for (std::size_t i = 0; i < text_.size(); ++i) {
                const char c = text_[i];
                if (open == std::string_view::npos) {
                    if (c == '"') open = i;
                } else if (c == '\\') {
                    ++i;
                } else if (c == '"') {
                    open = std::string_view::npos;
                } else if (static_cast<unsigned char>(c) < 0x20 && e == simdjson::UNESCAPED_CHARS) {
                    at = i;
                    break;
                }
            }
            if (e == simdjson::UNCLOSED_STRING) at = open;
        }
        if (at != std::string_view::npos) set_line_column(loc, at);
        throw Error(std::string("invalid JSON: ") + simdjson::error_message(e), loc);
    }

    [[noreturn]] void fail(const std::string& message) { throw Error(message, here(path_.pointer())); }
    [[noreturn]] void fail(const std::string& path, const std::string& message) { throw Error(message, Location::at_path(path)); }
    [[noreturn]] void fail_code(simdjson::error_code e, const std::string& what = {}) {
        std::string m = !what.empty() && e == simdjson::INCORRECT_TYPE ? what
                                                                        : std::string("invalid JSON: ") + simdjson::error_message(e);
        if (e == simdjson::DEPTH_ERROR) m = "JSON nested deeper than " + std::to_string(kMaxDepth) + " levels";
        throw Error(m, here(path_.pointer()));
    }

    void at_end() {
        const char* p = nullptr;
        if (doc_.current_location().get(p) == simdjson::SUCCESS && p) {
            for (const char* c = p; c < padded_.data() + text_.size(); ++c)
                if (*c != ' ' && *c != '\n' && *c != '\r' && *c != '\t') fail("content after the top-level object");
        }
    }

    std::string_view unescaped_key(od::field& f) {
        std::string_view k;
        if (auto e = f.unescaped_key().get(k)) fail_code(e);
        return k;
    }

    std::string_view string(od::value& v) {
        std::string_view s;
        if (auto e = v.get_string().get(s)) fail_code(e, "expected a string");
        return s;
    }

    bool boolean(od::value& v) {
        bool b = false;
        if (auto e = v.get_bool().get(b)) fail_code(e, "expected true or false");
        return b;
    }

    std::int32_t int32(od::value& v) {
        std::int64_t i = 0;
        if (auto e = v.get_int64().get(i)) fail_code(e, "expected an integer");
        if (i < std::numeric_limits<std::int32_t>::min() || i > std::numeric_limits<std::int32_t>::max())
            fail("integer " + std::to_string(i) + " does not fit in 32 bits");
        return static_cast<std::int32_t>(i);
    }

    float number(od::value& v) {
        od::json_type t;
        if (auto e = v.type().get(t)) fail_code(e);
        if (t == od::json_type::string) {
            std::string_view s = string(v);
            if (s == "Infinity") return std::numeric_limits<float>::infinity();
            if (s == "-Infinity") return -std::numeric_limits<float>::infinity();
            if (s == "NaN") return std::bit_cast<float>(0x7fc00000u);
            if (s.size() == 10 && s[0] == '0' && s[1] == 'x') {
                std::uint32_t bits = 0;
                auto r = std::from_chars(s.data() + 2, s.data() + s.size(), bits, 16);
                if (r.ec == std::errc() && r.ptr == s.data() + s.size()) return std::bit_cast<float>(bits);
            }
            fail("expected a number, \"Infinity\", \"-Infinity\", \"NaN\" or raw bits \"0x7fc00001\"");
        }
        if (t != od::json_type::number) fail("expected a number");
        std::string_view tok = v.raw_json_token();
        double check = 0;
        if (auto e = v.get_double().get(check)) fail_code(e, "not a valid JSON number");
        float out = 0;
        auto r = std::from_chars(tok.data(), tok.data() + tok.size(), out);
        if (r.ec == std::errc::result_out_of_range) fail("number " + std::string(tok) + " is out of the float range");
        if (r.ec != std::errc()) fail("not a valid JSON number");
        return out;
    }

    od::object object(od::value& v) {
        od::object o;
        if (auto e = v.get_object().get(o)) fail_code(e, "expected an object");
        return o;
    }

    od::array array(od::value& v) {
        od::array a;
        if (auto e = v.get_array().get(a)) fail_code(e, "expected an array");
        return a;
    }

    void version(od::value& v, InputAnimation& a) {
        std::string_view s = string(v);
        if (s == "1.0") a.minor = 0;
        else if (s == "1.1") a.minor = 1;
        else fail("unsupported version \"" + std::string(s) + "\" (rigio reads \"1.0\" and \"1.1\")");
        a.major = 1;
    }

    void hands_object(od::value& v, InputAnimation& a) {
        static constexpr const char* kKeys[] = {"left", "right"};
        known_members(object(v), kKeys, [&](int which, std::string_view key, od::value& hv) {
            if (which < 0) fail("unknown hand \"" + std::string(key) + "\" (expected left or right)");
            hand(hv, which == 0 ? a.left : a.right);
        });
    }

    void hand(od::value& v, Hand& h) {
        static constexpr const char* kKeys[] = {"tracked", "pinch", "joints"};
        known_members(object(v), kKeys, [&](int which, std::string_view key, od::value& cv) {
            if (which == 0) curve(cv, h.tracked, true);
            else if (which == 1) curve(cv, h.pinch, true);
            else if (which == 2) joints(cv, h);
            else fail("unknown key \"" + std::string(key) + "\" (expected tracked, pinch, joints)");
        });
    }

    void joints(od::value& v, Hand& h) {
        indexed_members(v, joint_from_name, "joint", "MRTK TrackedHandJoint names: None, Wrist, Palm, ...",
                        [&](std::size_t j, od::value& jv) { pose(jv, h.joints[j]); });
    }

    void pose(od::value& v, PoseCurves& p) {
        indexed_members(
            v, [](std::string_view k) { return named_index(k, kPoseComponents, pose_component_name); }, "pose curve",
            "expected positionX ... rotationW", [&](std::size_t c, od::value& cv) { curve(cv, p.curves[c], false); });
    }

    void ray(od::value& v, RayCurves& r) {
        indexed_members(
            v, [](std::string_view k) { return named_index(k, kRayComponents, ray_component_name); }, "ray curve",
            "expected originX ... directionZ", [&](std::size_t c, od::value& cv) { curve(cv, r.curves[c], false); });
    }

    void curve(od::value& v, Curve& c, bool is_bool) {
        static constexpr const char* kKeys[] = {"preWrapMode", "postWrapMode", "keys"};
        known_members(object(v), kKeys, [&](int which, std::string_view key, od::value& fv) {
            if (which == 0) c.pre_wrap_mode = int32(fv);
            else if (which == 1) c.post_wrap_mode = int32(fv);
            else if (which == 2) elements(fv, [&](od::value& kv) { c.keys.push_back(key_frame(kv, is_bool)); });
            else fail("unknown key \"" + std::string(key) + "\" (expected preWrapMode, postWrapMode, keys)");
        });
    }

    Keyframe key_frame(od::value& v, bool is_bool) {
        Keyframe k = is_bool ? bool_key(0, 0) : simple_key(0, 0);
        static constexpr const char* kKeys[] = {"time", "value", "inTangent", "outTangent", "inWeight", "outWeight", "weightedMode"};
        const std::uint32_t seen = known_members(object(v), kKeys, [&](int which, std::string_view key, od::value& fv) {
            switch (which) {
                case 0: k.time = number(fv); break;
                case 1: k.value = number(fv); break;
                case 2: k.in_tangent = number(fv); break;
                case 3: k.out_tangent = number(fv); break;
                case 4: k.in_weight = number(fv); break;
                case 5: k.out_weight = number(fv); break;
                case 6: k.weighted_mode = int32(fv); break;
                default: fail("unknown key field \"" + std::string(key) + "\"");
            }
        });
        if (!(seen & 1u)) fail("key needs \"time\"");
        if (!(seen & 2u)) fail("key needs \"value\"");
        return k;
    }

    void markers(od::value& v, InputAnimation& a) {
        elements(v, [&](od::value& mv) {
            Marker m;
            static constexpr const char* kKeys[] = {"time", "name", "nameBytes"};
            const std::uint32_t seen = known_members(object(mv), kKeys, [&](int which, std::string_view key, od::value& fv) {
                if (which == 0) m.time = number(fv);
                else if (which == 1) m.name = std::string(string(fv));
                else if (which == 2) m.name = hex_bytes(fv, "nameBytes");
                else fail("unknown key \"" + std::string(key) + "\" (expected time, name)");
            });
            if (!(seen & 1u)) fail("marker needs \"time\"");
            if ((seen & 6u) == 0) fail("marker needs \"name\"");
            if ((seen & 6u) == 6u) fail("marker has both \"name\" and \"nameBytes\"");
            a.markers.push_back(std::move(m));
        });
    }

    std::string_view text_;
    simdjson::padded_string padded_;
    od::parser parser_;
    od::document doc_;
    bool have_doc_ = false;
    io::JsonPath path_;
};

}  // namespace

Result<InputAnimation> read_json(std::string_view text) {
    return capture([&] { return Reader(text).run(); });
}

}  // namespace rigio::mrtk
