#include "rigio/mrtk/export.hpp"

#include <charconv>
#include <cmath>
#include <sstream>

#include "rigio/mrtk/model.hpp"

namespace rigio::mrtk {

namespace {

struct Sections {
    bool camera, hands, gaze;
};

Sections sections(const InputAnimation& a) {
    const bool v11 = uses_new_format(a);
    return {!v11 || a.has_camera_pose, !v11 || a.has_hand_data, v11 && a.has_eye_gaze};
}

void num(std::string& out, float v) {
    if (std::isnan(v)) {
        out += "NaN";
        return;
    }
    if (std::isinf(v)) {
        out += v < 0 ? "-Infinity" : "Infinity";
        return;
    }
    char buf[32];
    auto r = std::to_chars(buf, buf + sizeof buf, v);
    out.append(buf, r.ptr);
}

// JSON numbers: non-finite values become null.
void jnum(std::string& out, float v) {
    if (!std::isfinite(v)) out += "null";
    else num(out, v);
}

void csv_pose(std::string& out, const Pose& p) {
    for (float v : {p.position.x, p.position.y, p.position.z, p.rotation.x, p.rotation.y, p.rotation.z, p.rotation.w}) {
        out += ',';
        num(out, v);
    }
}

void json_vec(std::string& out, std::initializer_list<float> vs) {
    out += '[';
    bool first = true;
    for (float v : vs) {
        if (!first) out += ", ";
        first = false;
        jnum(out, v);
    }
    out += ']';
}

void json_pose(std::string& out, const Pose& p) {
    out += "{\"position\": ";
    json_vec(out, {p.position.x, p.position.y, p.position.z});
    out += ", \"rotation\": ";
    json_vec(out, {p.rotation.x, p.rotation.y, p.rotation.z, p.rotation.w});
    out += '}';
}

void json_hand(std::string& out, const HandSample& h) {
    out += "{\"tracked\": ";
    out += h.tracked ? "true" : "false";
    out += ", \"pinching\": ";
    out += h.pinching ? "true" : "false";
    out += ", \"joints\": {";
    for (int j = 0; j < kJointCount; ++j) {
        out += j ? ", \"" : "\"";
        out += joint_name(j);
        out += "\": ";
        json_pose(out, h.joints[static_cast<std::size_t>(j)]);
    }
    out += "}}";
}

}  // namespace

void write_samples_csv(std::ostream& os, const InputAnimation& a, std::span<const float> times, const EvaluateOptions& options) {
    const Sections s = sections(a);
    static const char* kPose[] = {"pos_x", "pos_y", "pos_z", "rot_x", "rot_y", "rot_z", "rot_w"};
    std::string out = "time";
    if (s.camera)
        for (const char* c : kPose) {
            out += ",camera_";
            out += c;
        }
    if (s.hands) {
        out += ",left_tracked,left_pinch,right_tracked,right_pinch";
        for (const char* side : {"left", "right"})
            for (int j = 0; j < kJointCount; ++j)
                for (const char* c : kPose) {
                    out += ',';
                    out += side;
                    out += '_';
                    out += joint_name(j);
                    out += '_';
                    out += c;
                }
    }
    if (s.gaze) out += ",gaze_origin_x,gaze_origin_y,gaze_origin_z,gaze_dir_x,gaze_dir_y,gaze_dir_z";
    out += '\n';
    for (float t : times) {
        os.write(out.data(), static_cast<std::streamsize>(out.size()));
        out.clear();
        const Sample smp = evaluate(a, t, options);
        num(out, t);
        if (s.camera) csv_pose(out, smp.camera);
        if (s.hands) {
            out += smp.left.tracked ? ",1" : ",0";
            out += smp.left.pinching ? ",1" : ",0";
            out += smp.right.tracked ? ",1" : ",0";
            out += smp.right.pinching ? ",1" : ",0";
            for (const HandSample* h : {&smp.left, &smp.right})
                for (const Pose& p : h->joints) csv_pose(out, p);
        }
        if (s.gaze) {
            const Ray& r = smp.eye_gaze;
            for (float v : {r.origin.x, r.origin.y, r.origin.z, r.direction.x, r.direction.y, r.direction.z}) {
                out += ',';
                num(out, v);
            }
        }
        out += '\n';
    }
    os.write(out.data(), static_cast<std::streamsize>(out.size()));
}

void write_samples_json(std::ostream& os, const InputAnimation& a, std::span<const float> times, const EvaluateOptions& options) {
    const Sections s = sections(a);
    std::string out = "{\n  \"version\": \"" + std::to_string(a.major) + "." + std::to_string(a.minor) + "\",\n";
    out += std::string("  \"normalized\": ") + (options.normalize_rotations ? "true" : "false") + ",\n  \"samples\": [";
    bool first = true;
    for (float t : times) {
        os.write(out.data(), static_cast<std::streamsize>(out.size()));
        out.clear();
        const Sample smp = evaluate(a, t, options);
        out += first ? "\n    {\"time\": " : ",\n    {\"time\": ";
        first = false;
        jnum(out, t);
        if (s.camera) {
            out += ", \"camera\": ";
            json_pose(out, smp.camera);
        }
        if (s.hands) {
            out += ", \"hands\": {\"left\": ";
            json_hand(out, smp.left);
            out += ", \"right\": ";
            json_hand(out, smp.right);
            out += '}';
        }
        if (s.gaze) {
            out += ", \"eyeGaze\": {\"origin\": ";
            json_vec(out, {smp.eye_gaze.origin.x, smp.eye_gaze.origin.y, smp.eye_gaze.origin.z});
            out += ", \"direction\": ";
            json_vec(out, {smp.eye_gaze.direction.x, smp.eye_gaze.direction.y, smp.eye_gaze.direction.z});
            out += '}';
        }
        out += '}';
    }
    out += first ? "]\n}\n" : "\n  ]\n}\n";
    os.write(out.data(), static_cast<std::streamsize>(out.size()));
}

std::string samples_csv(const InputAnimation& a, std::span<const float> times, const EvaluateOptions& options) {
    std::ostringstream os;
    write_samples_csv(os, a, times, options);
    return std::move(os).str();
}

std::string samples_json(const InputAnimation& a, std::span<const float> times, const EvaluateOptions& options) {
    std::ostringstream os;
    write_samples_json(os, a, times, options);
    return std::move(os).str();
}

}  // namespace rigio::mrtk
