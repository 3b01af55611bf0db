// The JSON form of an MRTK recording (see rigio/mrtk/json.hpp), written as a stream of text.
#include <bit>
#include <charconv>
#include <cmath>
#include <cstdio>

#include "rigio/io/json_writer.hpp"
#include "rigio/io/text.hpp"
#include "rigio/mrtk/binary.hpp"
#include "rigio/mrtk/json.hpp"

namespace rigio::mrtk {

std::string json_float(float v) {
    if (std::isfinite(v)) {
        char buf[32];
        auto r = std::to_chars(buf, buf + sizeof buf, v);
        return std::string(buf, r.ptr);
    }
    const std::uint32_t bits = std::bit_cast<std::uint32_t>(v);
    if (bits == 0x7f800000u) return "\"Infinity\"";
    if (bits == 0xff800000u) return "\"-Infinity\"";
    if (bits == 0x7fc00000u) return "\"NaN\"";
    char buf[16];
    std::snprintf(buf, sizeof buf, "\"0x%08x\"", bits);
    return buf;
}

namespace {

bool same_bits(float a, float b) { return std::bit_cast<std::uint32_t>(a) == std::bit_cast<std::uint32_t>(b); }

class Writer {
public:
    std::string run(const InputAnimation& a) {
        out_.reserve(1 << 16);
        const bool v11 = uses_new_format(a);
        out_ += "{\n  \"format\": \"";
        out_ += kJsonFormatName;
        out_ += "\",\n  \"version\": \"" + std::to_string(a.major) + "." + std::to_string(a.minor) + "\"";
        if (v11) {
            out_ += ",\n  \"hasCameraPose\": ";
            out_ += a.has_camera_pose ? "true" : "false";
            out_ += ",\n  \"hasHandData\": ";
            out_ += a.has_hand_data ? "true" : "false";
            out_ += ",\n  \"hasEyeGaze\": ";
            out_ += a.has_eye_gaze ? "true" : "false";
        }
        if (!v11 || a.has_camera_pose) {
            out_ += ",\n  \"camera\": ";
            pose(a.camera, "  ");
        }
        if (!v11 || a.has_hand_data) {
            out_ += ",\n  \"hands\": {\n    \"left\": ";
            hand(a.left);
            out_ += ",\n    \"right\": ";
            hand(a.right);
            out_ += "\n  }";
        }
        if (v11 && a.has_eye_gaze) {
            out_ += ",\n  \"eyeGaze\": {";
            for (int c = 0; c < kRayComponents; ++c) {
                out_ += c ? ",\n    \"" : "\n    \"";
                out_ += ray_component_name(c);
                out_ += "\": ";
                curve(a.eye_gaze.curves[static_cast<std::size_t>(c)], false, "    ");
            }
            out_ += "\n  }";
        }
        out_ += ",\n  \"markers\": [";
        for (std::size_t i = 0; i < a.markers.size(); ++i) {
            out_ += i ? ",\n    {\"time\": " : "\n    {\"time\": ";
            out_ += json_float(a.markers[i].time);
            if (io::valid_utf8(a.markers[i].name)) {
                out_ += ", \"name\": ";
                io::append_json_string(out_, a.markers[i].name);
            } else {
                out_ += ", \"nameBytes\": \"" + io::hex(a.markers[i].name) + "\"";
            }
            out_ += "}";
        }
        out_ += a.markers.empty() ? "]" : "\n  ]";
        if (!a.trailing.empty()) {
            out_ += ",\n  \"trailingBytes\": \"";
            out_ += io::hex(std::string_view(reinterpret_cast<const char*>(a.trailing.data()), a.trailing.size()));
            out_ += "\"";
        }
        out_ += "\n}\n";
        return std::move(out_);
    }

private:
    void hand(const Hand& h) {
        out_ += "{\n      \"tracked\": ";
        curve(h.tracked, true, "      ");
        out_ += ",\n      \"pinch\": ";
        curve(h.pinch, true, "      ");
        out_ += ",\n      \"joints\": {";
        for (int j = 0; j < kJointCount; ++j) {
            out_ += j ? ",\n        \"" : "\n        \"";
            out_ += joint_name(j);
            out_ += "\": ";
            pose(h.joints[static_cast<std::size_t>(j)], "        ");
        }
        out_ += "\n      }\n    }";
    }

    void pose(const PoseCurves& p, const std::string& indent) {
        out_ += "{";
        for (int c = 0; c < kPoseComponents; ++c) {
            out_ += c ? ",\n" : "\n";
            out_ += indent;
            out_ += "  \"";
            out_ += pose_component_name(c);
            out_ += "\": ";
            curve(p.curves[static_cast<std::size_t>(c)], false, indent + "  ");
        }
        out_ += "\n" + indent + "}";
    }

    void field(const char* name, float v, float dflt) {
        if (same_bits(v, dflt)) return;
        out_ += ", \"";
        out_ += name;
        out_ += "\": ";
        out_ += json_float(v);
    }

    void curve(const Curve& c, bool is_bool, const std::string& indent) {
        const Keyframe d = is_bool ? bool_key(0, 0) : simple_key(0, 0);
        out_ += "{\"preWrapMode\": " + std::to_string(c.pre_wrap_mode) + ", \"postWrapMode\": " + std::to_string(c.post_wrap_mode) +
                ", \"keys\": [";
        for (std::size_t i = 0; i < c.keys.size(); ++i) {
            const Keyframe& k = c.keys[i];
            out_ += i ? ",\n" : "\n";
            out_ += indent;
            out_ += "  {\"time\": ";
            out_ += json_float(k.time);
            out_ += ", \"value\": ";
            out_ += json_float(k.value);
            field("inTangent", k.in_tangent, d.in_tangent);
            field("outTangent", k.out_tangent, d.out_tangent);
            field("inWeight", k.in_weight, d.in_weight);
            field("outWeight", k.out_weight, d.out_weight);
            if (k.weighted_mode != d.weighted_mode) out_ += ", \"weightedMode\": " + std::to_string(k.weighted_mode);
            out_ += "}";
        }
        if (!c.keys.empty()) out_ += "\n" + indent;
        out_ += "]}";
    }

    std::string out_;
};

}  // namespace

std::string write_json(const InputAnimation& a) { return Writer().run(a); }

}  // namespace rigio::mrtk
