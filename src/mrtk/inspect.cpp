#include "rigio/mrtk/inspect.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

namespace rigio::mrtk {

namespace {

bool same_times(const Curve& a, const Curve& b) {
    if (a.keys.size() != b.keys.size()) return false;
    for (std::size_t i = 0; i < a.keys.size(); ++i)
        if (!(a.keys[i].time == b.keys[i].time)) return false;
    return true;
}

std::string section_of(const CurveRef& c) {
    switch (c.role) {
        case CurveRole::Camera: return "camera";
        case CurveRole::HandTracked:
        case CurveRole::HandPinch: return "hand state";
        case CurveRole::Joint: return c.hand == 0 ? "left hand joints" : "right hand joints";
        case CurveRole::EyeGaze: return "eye gaze";
    }
    return "?";
}

}  // namespace

bool rotation_w_lost(const PoseCurves& p) {
    const Curve& x = p.curves[kRotX];
    const Curve& w = p.curves[kRotW];
    const std::size_t n = x.keys.size();
    if (n < 2 || w.keys.size() >= n || w.keys.size() > 2) return false;
    if (!same_times(x, p.curves[kRotY]) || !same_times(x, p.curves[kRotZ])) return false;
    return w.keys.empty() || w.keys[0].time == x.keys[0].time;
}

float duration(const InputAnimation& a) {
    float d = 0;
    for (const CurveRef& c : stored_curves(a))
        if (!c.curve->keys.empty() && c.curve->keys.back().time > d) d = c.curve->keys.back().time;
    return d;
}

RecordingStats statistics(const InputAnimation& a) {
    RecordingStats s;
    float first = std::numeric_limits<float>::infinity();
    for (const CurveRef& c : stored_curves(a)) {
        std::string name = section_of(c);
        if (s.sections.empty() || s.sections.back().name != name) s.sections.push_back({name, 0, 0, 0});
        SectionStats& sec = s.sections.back();
        ++sec.curves;
        ++s.curves;
        const auto& keys = c.curve->keys;
        if (!keys.empty()) {
            ++sec.curves_with_keys;
            if (keys.front().time < first) first = keys.front().time;
        }
        sec.keys += keys.size();
        s.keys += keys.size();
    }
    s.duration = duration(a);
    s.first_key_time = std::isinf(first) ? 0.0f : first;
    if (!uses_new_format(a) || a.has_hand_data) {
        for (const Hand* h : {&a.left, &a.right})
            for (const PoseCurves& p : h->joints) {
                const Curve& x = p.curves[kRotX];
                if (x.keys.size() < 2 || !same_times(x, p.curves[kRotY]) || !same_times(x, p.curves[kRotZ]) ||
                    !same_times(x, p.curves[kRotW]))
                    continue;
                for (std::size_t i = 0; i + 1 < x.keys.size(); ++i) {
                    float dot = 0;
                    for (int c = kRotX; c <= kRotW; ++c)
                        dot += p.curves[static_cast<std::size_t>(c)].keys[i].value * p.curves[static_cast<std::size_t>(c)].keys[i + 1].value;
                    ++s.rotation_segments;
                    if (dot < 0) ++s.sign_flips;
                }
            }
    }
    return s;
}

std::vector<std::string> find_defects(const InputAnimation& a) {
    std::vector<std::string> out;
    // Rotation W lost (docs/formats/mrtk-input-animation.md, 6.1).
    std::vector<std::string> lost;
    auto check_pose = [&](const PoseCurves& p, std::string name) {
        if (rotation_w_lost(p))
            lost.push_back(name + " (W " + std::to_string(p.curves[kRotW].keys.size()) + " vs X " +
                           std::to_string(p.curves[kRotX].keys.size()) + " keys)");
    };
    const bool v11 = uses_new_format(a);
    if (!v11 || a.has_camera_pose) check_pose(a.camera, "camera");
    if (!v11 || a.has_hand_data)
        for (int h = 0; h < 2; ++h)
            for (int j = 0; j < kJointCount; ++j)
                check_pose((h ? a.right : a.left).joints[static_cast<std::size_t>(j)],
                           std::string(h ? "right " : "left ") + std::string(joint_name(j)));
    if (!lost.empty()) {
        std::string list;
        for (std::size_t i = 0; i < lost.size() && i < 4; ++i) list += (i ? ", " : "") + lost[i];
        if (lost.size() > 4) list += ", ...";
        out.push_back(std::to_string(lost.size()) +
                      " rotation W curve(s) lost by the MRTK 2.6/2.7 optimizer (rotations evaluate wrongly; "
                      "`rigio repair` recomputes W): " + list);
    }
    // Key order, non-finite numbers, bool values, wrap modes.
    std::size_t unsorted = 0, nonfinite = 0, odd_bool = 0, odd_wrap = 0;
    std::string first_unsorted;
    for (const CurveRef& c : stored_curves(a)) {
        const auto& keys = c.curve->keys;
        if (c.curve->pre_wrap_mode != curves::kWrapClampForever || c.curve->post_wrap_mode != curves::kWrapClampForever) ++odd_wrap;
        for (std::size_t i = 0; i < keys.size(); ++i) {
            const Keyframe& k = keys[i];
            if (!std::isfinite(k.time) || !std::isfinite(k.value)) ++nonfinite;
            if (c.is_bool() && k.value != 0.0f && k.value != 1.0f) ++odd_bool;
            if (i > 0 && !(keys[i - 1].time < k.time)) {
                if (unsorted++ == 0) first_unsorted = c.label() + " key " + std::to_string(i);
            }
        }
    }
    if (unsorted)
        out.push_back(std::to_string(unsorted) + " key(s) not strictly after the previous key (Unity would sort or drop them), first at " +
                      first_unsorted);
    if (nonfinite) out.push_back(std::to_string(nonfinite) + " key(s) with a non-finite time or value");
    if (odd_bool) out.push_back(std::to_string(odd_bool) + " hand-state key(s) with a value other than 0 or 1");
    if (odd_wrap) out.push_back(std::to_string(odd_wrap) + " curve(s) with wrap modes other than 8 (ClampForever), which MRTK never writes");
    // Trailing frames dropped (docs/formats/mrtk-input-animation.md, 6.2): 1.1 float curves ending before the bool keys.
    if (v11 && a.has_hand_data) {
        float last_bool = 0, last_float = 0;
        for (const CurveRef& c : stored_curves(a)) {
            if (c.curve->keys.empty()) continue;
            float t = c.curve->keys.back().time;
            if (c.is_bool()) last_bool = std::max(last_bool, t);
            else last_float = std::max(last_float, t);
        }
        if (last_bool > last_float)
            out.push_back("float curves end at " + std::to_string(last_float) + " s, before the last hand-state key at " +
                          std::to_string(last_bool) + " s (MRTK 2.6+ optimizer drops up to 31 trailing frames)");
    }
    if (!a.trailing.empty()) out.push_back(std::to_string(a.trailing.size()) + " byte(s) after the marker list");
    return out;
}

}  // namespace rigio::mrtk
