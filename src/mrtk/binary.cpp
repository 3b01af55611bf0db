// MRTK input-animation binary reader and writer, side by side, field for field.
#include "rigio/mrtk/binary.hpp"

#include <algorithm>
#include <iterator>
#include <limits>

#include "rigio/io/byte_reader.hpp"
#include "rigio/io/byte_writer.hpp"

namespace rigio::mrtk {

namespace {

enum class KeyKind { Full, Simple, Bool };

KeyKind float_kind(const InputAnimation& a) { return uses_new_format(a) ? KeyKind::Simple : KeyKind::Full; }

std::size_t key_bytes(KeyKind k) { return k == KeyKind::Full ? kFullKeyBytes : kSimpleKeyBytes; }

// Body layouts a headerless file may have (docs/formats/mrtk-input-animation.md, 7. Headerless prototypes).
enum class Layout {
    Released,         // 1.0 / 1.1 as released (also the headerless 2019-06-06 prototype)
    PrototypeFull,    // May 2019: hand state (Full keys), joints, camera, BinaryFormatter markers
    PrototypeBool,    // May 16 2019: the same with 8-byte hand-state keys
};

// The start of a .NET BinaryFormatter stream (SerializedStreamHeader record, root id 1, header id -1, 1.0).
constexpr std::uint8_t kBinaryFormatterHeader[] = {0x00, 0x01, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff, 0xff,
                                                   0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00};

class Reader {
public:
    Reader(std::span<const std::uint8_t> bytes, const BinaryReadOptions& o, Layout layout = Layout::Released)
        : bytes_(bytes), r_(bytes), options_(o), layout_(layout) {}

    InputAnimation read() {
        InputAnimation a;
        read_header(a);
        if (layout_ != Layout::Released) {
            read_prototype(a);
            return a;
        }
        const bool v11 = uses_new_format(a);
        if (v11) {
            a.has_camera_pose = flag("hasCameraPose");
            a.has_hand_data = flag("hasHandData");
            a.has_eye_gaze = flag("hasEyeGaze");
        } else {
            a.has_camera_pose = true;
            a.has_hand_data = true;
            a.has_eye_gaze = false;
        }
        const KeyKind fk = float_kind(a);
        if (a.has_camera_pose) {
            io::ByteReader::Scope s(r_, "camera");
            pose(a.camera, fk);
        }
        if (a.has_hand_data) {
            hand_state(a, KeyKind::Bool);
            joints(a.left, "left hand joint", fk);
            joints(a.right, "right hand joint", fk);
        }
        if (a.has_eye_gaze) {
            io::ByteReader::Scope s(r_, "eye gaze");
            for (int c = 0; c < kRayComponents; ++c) {
                io::ByteReader::Scope sc(r_, "curve", -1, &ray_names_[static_cast<std::size_t>(c)]);
                curve(a.eye_gaze.curves[static_cast<std::size_t>(c)], fk);
            }
        }
        markers(a);
        if (!r_.at_end()) {
            warn("byte " + std::to_string(r_.offset()) + ": " + std::to_string(r_.remaining()) +
                 " bytes after the marker list (MRTK ignores them; kept as they are)");
            auto rest = r_.bytes(r_.remaining());
            a.trailing.assign(rest.begin(), rest.end());
        }
        return a;
    }

private:
    void hand_state(InputAnimation& a, KeyKind kind) {
        {
            io::ByteReader::Scope s(r_, "left hand tracked curve");
            curve(a.left.tracked, kind);
        }
        {
            io::ByteReader::Scope s(r_, "right hand tracked curve");
            curve(a.right.tracked, kind);
        }
        {
            io::ByteReader::Scope s(r_, "left hand pinch curve");
            curve(a.left.pinch, kind);
        }
        {
            io::ByteReader::Scope s(r_, "right hand pinch curve");
            curve(a.right.pinch, kind);
        }
    }

    // May 2019 prototype: hand state, joints, camera (all 28-byte keys but maybe the hand state),
    // then the marker list as a BinaryFormatter blob, which rigio does not decode (it is dropped).
    void read_prototype(InputAnimation& a) {
        a.has_camera_pose = a.has_hand_data = true;
        a.has_eye_gaze = false;
        hand_state(a, layout_ == Layout::PrototypeFull ? KeyKind::Full : KeyKind::Bool);
        joints(a.left, "left hand joint", KeyKind::Full);
        joints(a.right, "right hand joint", KeyKind::Full);
        {
            io::ByteReader::Scope s(r_, "camera");
            pose(a.camera, KeyKind::Full);
        }
        const std::size_t at = r_.offset();
        if (r_.remaining() < sizeof kBinaryFormatterHeader ||
            !std::equal(std::begin(kBinaryFormatterHeader), std::end(kBinaryFormatterHeader), bytes_.begin() + static_cast<long>(at)))
            r_.fail("expected the prototype's BinaryFormatter marker list (00 01 00 00 00 ff ff ff ff ...)");
        warn("no MRTK header: read as a May 2019 prototype (hand state, joints, camera" +
             std::string(layout_ == Layout::PrototypeFull ? ", hand-state keys of 28 bytes" : "") + "); its " +
             std::to_string(r_.remaining()) + "-byte BinaryFormatter marker list at byte " + std::to_string(at) +
             " is dropped, and a rewrite is a released 1.0 file");
        r_.bytes(r_.remaining());
    }

    void warn(std::string w) {
        if (options_.warnings) options_.warnings->push_back(std::move(w));
    }

    void read_header(InputAnimation& a) {
        if (!looks_like_bin(bytes_)) {
            if (options_.assume_minor) {
                a.major = 1;
                a.minor = *options_.assume_minor;
                if (layout_ == Layout::Released)
                    warn("no MRTK header: read as a headerless version 1." + std::to_string(a.minor) +
                         " body (pre-release prototype); a rewrite adds the header");
                return;
            }
            if (r_.size() < 8)
                r_.fail_at(r_.size(), "unexpected end of data: " + std::to_string(r_.size()) +
                                          " bytes, too short for the 8-byte MRTK magic number");
            r_.fail_at(0, "not an MRTK input animation: the file does not start with the magic number "
                          "c6 42 9e 0f 6e af 8f 6a (headerless 2019 prototypes need --assume-mrtk-version)");
        }
        r_.u64_le();
        const std::size_t at = r_.offset();
        a.major = r_.i32_le();
        a.minor = r_.i32_le();
        if (a.major != 1 || (a.minor != 0 && a.minor != 1))
            r_.fail_at(at, "unsupported MRTK input animation version " + std::to_string(a.major) + "." +
                               std::to_string(a.minor) + " (rigio reads 1.0 and 1.1)");
    }

    bool flag(const char* name) {
        io::ByteReader::Scope s(r_, name);
        const std::size_t at = r_.offset();
        std::uint8_t b = r_.u8();
        if (b > 1)
            warn("byte " + std::to_string(at) + ": flag " + name + " is " + std::to_string(b) +
                 " (read as true, as MRTK does; rewritten as 1)");
        return b != 0;
    }

    void joints(Hand& hand, const char* label, KeyKind fk) {
        for (int j = 0; j < kJointCount; ++j) {
            io::ByteReader::Scope s(r_, label, j, &joint_names_[static_cast<std::size_t>(j)]);
            pose(hand.joints[static_cast<std::size_t>(j)], fk);
        }
    }

    void pose(PoseCurves& p, KeyKind fk) {
        for (int c = 0; c < kPoseComponents; ++c) {
            io::ByteReader::Scope s(r_, "curve", -1, &pose_names_[static_cast<std::size_t>(c)]);
            curve(p.curves[static_cast<std::size_t>(c)], fk);
        }
    }

    void curve(Curve& c, KeyKind kind) {
        c.pre_wrap_mode = r_.i32_le();
        c.post_wrap_mode = r_.i32_le();
        const std::size_t at = r_.offset();
        const std::int32_t n = r_.i32_le();
        if (n < 0) r_.fail_at(at, "key count is negative (" + std::to_string(n) + ")");
        const std::size_t kb = key_bytes(kind);
        if (static_cast<std::size_t>(n) > r_.remaining() / kb)
            r_.fail_at(at, "key count " + std::to_string(n) + " needs " + std::to_string(static_cast<std::size_t>(n) * kb) +
                               " bytes but only " + std::to_string(r_.remaining()) + " are left");
        c.keys.resize(static_cast<std::size_t>(n));
        for (Keyframe& k : c.keys) {
            const float t = r_.f32_le();
            const float v = r_.f32_le();
            if (kind == KeyKind::Full) {
                k.time = t;
                k.value = v;
                k.in_tangent = r_.f32_le();
                k.out_tangent = r_.f32_le();
                k.in_weight = r_.f32_le();
                k.out_weight = r_.f32_le();
                k.weighted_mode = r_.i32_le();
            } else {
                k = kind == KeyKind::Bool ? bool_key(t, v) : simple_key(t, v);
            }
        }
    }

    void markers(InputAnimation& a) {
        io::ByteReader::Scope s(r_, "marker list");
        const std::size_t at = r_.offset();
        const std::int32_t n = r_.i32_le();
        if (n < 0) r_.fail_at(at, "marker count is negative (" + std::to_string(n) + ")");
        // A marker takes at least 5 bytes (f32 time and a 1-byte length).
        if (static_cast<std::size_t>(n) > r_.remaining() / 5)
            r_.fail_at(at, "marker count " + std::to_string(n) + " is more than the " + std::to_string(r_.remaining()) +
                               " bytes left could hold");
        a.markers.resize(static_cast<std::size_t>(n));
        for (std::size_t i = 0; i < a.markers.size(); ++i) {
            io::ByteReader::Scope sm(r_, "marker", static_cast<long>(i));
            a.markers[i].time = r_.f32_le();
            a.markers[i].name = string();
        }
    }

    // .NET BinaryWriter string: 7-bit encoded UTF-8 byte count (1-5 bytes), then the bytes.
    std::string string() {
        const std::size_t at = r_.offset();
        std::uint32_t len = 0;
        int groups = 0;
        for (int shift = 0;; shift += 7) {
            if (shift == 35) r_.fail_at(at, "string length takes more than 5 bytes");
            std::uint8_t b = r_.u8();
            ++groups;
            len |= static_cast<std::uint32_t>(b & 0x7F) << shift;
            if (!(b & 0x80)) {
                if (shift == 28 && b > 0x0F) r_.fail_at(at, "string length does not fit in 32 bits");
                break;
            }
        }
        if (len > static_cast<std::uint32_t>(std::numeric_limits<std::int32_t>::max()))
            r_.fail_at(at, "string length " + std::to_string(len) + " is negative as an Int32");
        if (len > r_.remaining())
            r_.fail_at(at, "string of " + std::to_string(len) + " bytes runs past the end of the data (" +
                               std::to_string(r_.remaining()) + " bytes left)");
        std::size_t minimal = 1;
        for (std::uint32_t v = len; v >= 0x80; v >>= 7) ++minimal;
        if (static_cast<std::size_t>(groups) != minimal)
            warn("byte " + std::to_string(at) + ": string length uses a non-minimal encoding (rewritten minimal)");
        return std::string(r_.bytes(len));
    }

    std::span<const std::uint8_t> bytes_;
    io::ByteReader r_;
    const BinaryReadOptions& options_;
    Layout layout_;
    std::array<std::string, kRayComponents> ray_names_ = [] {
        std::array<std::string, kRayComponents> n;
        for (int i = 0; i < kRayComponents; ++i) n[static_cast<std::size_t>(i)] = std::string(ray_component_name(i));
        return n;
    }();
    std::array<std::string, kPoseComponents> pose_names_ = [] {
        std::array<std::string, kPoseComponents> n;
        for (int i = 0; i < kPoseComponents; ++i) n[static_cast<std::size_t>(i)] = std::string(pose_component_name(i));
        return n;
    }();
    std::array<std::string, kJointCount> joint_names_ = [] {
        std::array<std::string, kJointCount> n;
        for (int i = 0; i < kJointCount; ++i) n[static_cast<std::size_t>(i)] = std::string(joint_name(i));
        return n;
    }();
};

void write_curve(io::ByteWriter& w, const Curve& c, KeyKind kind) {
    w.i32_le(c.pre_wrap_mode);
    w.i32_le(c.post_wrap_mode);
    w.i32_le(static_cast<std::int32_t>(c.keys.size()));
    for (const Keyframe& k : c.keys) {
        w.f32_le(k.time);
        w.f32_le(k.value);
        if (kind == KeyKind::Full) {
            w.f32_le(k.in_tangent);
            w.f32_le(k.out_tangent);
            w.f32_le(k.in_weight);
            w.f32_le(k.out_weight);
            w.i32_le(k.weighted_mode);
        }
    }
}

void write_pose(io::ByteWriter& w, const PoseCurves& p, KeyKind kind) {
    for (const Curve& c : p.curves) write_curve(w, c, kind);
}

void write_string(io::ByteWriter& w, const std::string& s) {
    std::uint32_t v = static_cast<std::uint32_t>(s.size());
    while (v >= 0x80) {
        w.u8(static_cast<std::uint8_t>((v & 0x7F) | 0x80));
        v >>= 7;
    }
    w.u8(static_cast<std::uint8_t>(v));
    w.bytes(s);
}

}  // namespace

Keyframe simple_key(float time, float value) {
    return Keyframe{time, value, 0.0f, 0.0f, 0.0f, 0.0f, curves::kWeightedBoth};
}

Keyframe bool_key(float time, float value) {
    return Keyframe{time, value, 0.0f, 0.0f, 0.0f, 1.0e6f, curves::kWeightedBoth};
}

bool looks_like_bin(std::span<const std::uint8_t> bytes) {
    if (bytes.size() < 8) return false;
    std::uint64_t m = 0;
    for (int i = 7; i >= 0; --i) m = (m << 8) | bytes[static_cast<std::size_t>(i)];
    return m == kMagic;
}

Result<InputAnimation> read_bin(std::span<const std::uint8_t> bytes, const BinaryReadOptions& options) {
    if (looks_like_bin(bytes) || !options.assume_minor || *options.assume_minor != 0)
        return capture([&] { return Reader(bytes, options).read(); });
    std::vector<std::string> warnings;
    BinaryReadOptions released = options;
    released.warnings = &warnings;
    Result<InputAnimation> first = capture([&] { return Reader(bytes, released).read(); });
    if (first.ok()) {
        if (options.warnings) options.warnings->insert(options.warnings->end(), warnings.begin(), warnings.end());
        return first;
    }
    // A headerless file that is not a released 1.0 body: try the May 2019 prototype layouts.
    for (Layout layout : {Layout::PrototypeFull, Layout::PrototypeBool}) {
        std::vector<std::string> warnings;
        BinaryReadOptions o = options;
        o.warnings = &warnings;
        Result<InputAnimation> r = capture([&] { return Reader(bytes, o, layout).read(); });
        if (r.ok()) {
            if (options.warnings) options.warnings->insert(options.warnings->end(), warnings.begin(), warnings.end());
            return r;
        }
    }
    return first;
}

std::size_t bin_size(const InputAnimation& a) {
    const bool v11 = uses_new_format(a);
    std::size_t n = 16 + (v11 ? 3 : 0);
    for (const CurveRef& c : stored_curves(a))
        n += kCurveHeaderBytes + c.curve->keys.size() * (c.is_bool() || v11 ? kSimpleKeyBytes : kFullKeyBytes);
    n += 4;
    for (const Marker& m : a.markers) {
        n += 4 + 1 + m.name.size();
        for (std::size_t v = m.name.size(); v >= 0x80; v >>= 7) ++n;
    }
    return n + a.trailing.size();
}

std::vector<std::uint8_t> write_bin(const InputAnimation& a) {
    io::ByteWriter w;
    w.reserve(bin_size(a));
    w.u64_le(kMagic);
    w.i32_le(a.major);
    w.i32_le(a.minor);
    const bool v11 = uses_new_format(a);
    if (v11) {
        w.boolean(a.has_camera_pose);
        w.boolean(a.has_hand_data);
        w.boolean(a.has_eye_gaze);
    }
    const KeyKind fk = float_kind(a);
    if (!v11 || a.has_camera_pose) write_pose(w, a.camera, fk);
    if (!v11 || a.has_hand_data) {
        write_curve(w, a.left.tracked, KeyKind::Bool);
        write_curve(w, a.right.tracked, KeyKind::Bool);
        write_curve(w, a.left.pinch, KeyKind::Bool);
        write_curve(w, a.right.pinch, KeyKind::Bool);
        for (const PoseCurves& p : a.left.joints) write_pose(w, p, fk);
        for (const PoseCurves& p : a.right.joints) write_pose(w, p, fk);
    }
    if (v11 && a.has_eye_gaze)
        for (const Curve& c : a.eye_gaze.curves) write_curve(w, c, fk);
    w.i32_le(static_cast<std::int32_t>(a.markers.size()));
    for (const Marker& m : a.markers) {
        w.f32_le(m.time);
        write_string(w, m.name);
    }
    w.bytes(std::string_view(reinterpret_cast<const char*>(a.trailing.data()), a.trailing.size()));
    return w.take();
}

}  // namespace rigio::mrtk
