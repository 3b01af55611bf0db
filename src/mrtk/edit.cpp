#include "rigio/mrtk/edit.hpp"

#include <cmath>

#include "rigio/mrtk/binary.hpp"
#include "rigio/mrtk/inspect.hpp"

namespace rigio::mrtk {

namespace {

bool is_linear_default(const Keyframe& k) {
    return k.in_tangent == 0.0f && k.out_tangent == 0.0f && k.in_weight == 0.0f && k.out_weight == 0.0f &&
           !std::signbit(k.in_tangent) && !std::signbit(k.out_tangent) && !std::signbit(k.in_weight) &&
           !std::signbit(k.out_weight) && k.weighted_mode == curves::kWeightedBoth;
}

std::size_t count_keys(const RayCurves& r) {
    std::size_t n = 0;
    for (const Curve& c : r.curves) n += c.keys.size();
    return n;
}

bool repair_pose(PoseCurves& p) {
    if (!rotation_w_lost(p)) return false;
    const auto& x = p.curves[kRotX].keys;
    const auto& y = p.curves[kRotY].keys;
    const auto& z = p.curves[kRotZ].keys;
    Curve& wc = p.curves[kRotW];
    std::vector<Keyframe> w(x.size());
    float prev_w = 0;
    for (std::size_t i = 0; i < x.size(); ++i) {
        const float xx = x[i].value, yy = y[i].value, zz = z[i].value;
        float mag = std::sqrt(std::fmax(0.0f, 1.0f - xx * xx - yy * yy - zz * zz));
        float value;
        if (i == 0) {
            value = wc.keys.empty() ? mag : wc.keys[0].value;
        } else {
            const float dot = xx * x[i - 1].value + yy * y[i - 1].value + zz * z[i - 1].value;
            const bool negative = std::signbit(prev_w) != (dot < 0.0f);
            value = negative ? -mag : mag;
        }
        w[i] = simple_key(x[i].time, value);
        w[i].in_tangent = x[i].in_tangent;
        w[i].out_tangent = x[i].out_tangent;
        w[i].in_weight = x[i].in_weight;
        w[i].out_weight = x[i].out_weight;
        w[i].weighted_mode = x[i].weighted_mode;
        prev_w = value;
    }
    wc.keys = std::move(w);
    return true;
}

}  // namespace

LossReport convert_version(InputAnimation& a, std::int32_t minor) {
    LossReport notes;
    const bool was_new = uses_new_format(a);
    a.major = 1;
    a.minor = minor;
    const bool now_new = uses_new_format(a);
    if (was_new && !now_new) {
        if (a.has_eye_gaze && count_keys(a.eye_gaze) > 0)
            notes.add("/eyeGaze", "eye gaze keys", "dropped: version 1.0 cannot store eye gaze", static_cast<int>(count_keys(a.eye_gaze)));
        if (!a.has_camera_pose) notes.add("/hasCameraPose", "camera pose absent", "written as empty curves: version 1.0 always stores it");
        if (!a.has_hand_data) notes.add("/hasHandData", "hand data absent", "written as empty curves: version 1.0 always stores it");
        a.has_camera_pose = true;
        a.has_hand_data = true;
        a.has_eye_gaze = false;
        a.eye_gaze = RayCurves{};
    } else if (!was_new && now_new) {
        a.has_camera_pose = true;
        a.has_hand_data = true;
        a.has_eye_gaze = false;
        std::size_t changed = 0;
        auto simplify = [&](Curve& c) {
            for (Keyframe& k : c.keys) {
                if (!is_linear_default(k)) ++changed;
                k = simple_key(k.time, k.value);
            }
        };
        for (Curve& c : a.camera.curves) simplify(c);
        for (Hand* h : {&a.left, &a.right}) {
            for (Curve* c : {&h->tracked, &h->pinch})
                for (Keyframe& k : c->keys) k = bool_key(k.time, k.value);  // only time and value are stored
            for (PoseCurves& p : h->joints)
                for (Curve& c : p.curves) simplify(c);
        }
        if (changed)
            notes.add("/", "float keys with tangents or weights other than MRTK's linear defaults",
                      "made linear: version 1.1 stores only time and value", static_cast<int>(changed));
    }
    return notes;
}

LossReport repair(InputAnimation& a) {
    LossReport changes;
    const std::string w = "/" + std::string(pose_component_name(kRotW));
    auto fix = [&](PoseCurves& p, const std::string& path, const std::string& name) {
        const std::size_t before = p.curves[kRotW].keys.size();
        if (repair_pose(p))
            changes.add(path + w, name + " rotation W",
                        "recomputed from X, Y, Z: " + std::to_string(before) + " -> " + std::to_string(p.curves[kRotW].keys.size()) +
                            " keys");
    };
    const bool v11 = uses_new_format(a);
    if (!v11 || a.has_camera_pose) fix(a.camera, "/camera", "camera");
    if (!v11 || a.has_hand_data)
        for (int h = 0; h < 2; ++h)
            for (int j = 0; j < kJointCount; ++j) {
                const std::string joint(joint_name(j));
                fix((h ? a.right : a.left).joints[static_cast<std::size_t>(j)],
                    std::string(h ? "/hands/right/joints/" : "/hands/left/joints/") + joint,
                    std::string(h ? "right hand joint " : "left hand joint ") + joint);
            }
    return changes;
}

}  // namespace rigio::mrtk
