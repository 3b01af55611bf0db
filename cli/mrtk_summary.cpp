// `rigio info` for MRTK input animations: version, sections, duration, curves and keys per
// section, markers, producer-defect warnings.
#include <fmt/core.h>

#include "mrtk_document.hpp"
#include "rigio/mrtk/inspect.hpp"
#include "rigio/mrtk/json.hpp"
#include "text.hpp"

namespace rigio::cli {

namespace {

std::string producer(const mrtk::InputAnimation& a) {
    if (a.major == 1 && a.minor == 0) return "MRTK 2.0-2.5";
    if (a.major == 1 && a.minor == 1) return "MRTK 2.6+";
    return "unknown producer";
}

std::string quoted(const std::string& s) { return json_quote(s); }

std::string num(float v) {
    std::string s = mrtk::json_float(v);
    return s;
}

}  // namespace

std::string mrtk_summary_text(const mrtk::InputAnimation& a, const Document& doc, const std::string& path) {
    const mrtk::RecordingStats st = mrtk::statistics(a);
    const bool v11 = mrtk::uses_new_format(a);
    std::string o = fmt::format("{} ({})\n", esc(path), format_name(doc.format));
    o += fmt::format("  version        {}.{} ({})\n", a.major, a.minor, producer(a));
    std::string present;
    if (!v11 || a.has_camera_pose) present += "camera";
    if (!v11 || a.has_hand_data) present += present.empty() ? "hands" : ", hands";
    if (v11 && a.has_eye_gaze) present += present.empty() ? "eye gaze" : ", eye gaze";
    o += fmt::format("  sections       {}{}\n", present.empty() ? "none" : present,
                     v11 ? "" : " (version 1.0 always stores camera and hands, never eye gaze)");
    o += fmt::format("  duration       {:.6g} s", st.duration);
    if (st.first_key_time < 0) o += fmt::format(" (first key at {:.6g} s, before the recording start)", st.first_key_time);
    o += "\n";
    o += fmt::format("  curves         {} stored, {} with keys, {} keys\n", st.curves,
                     [&] {
                         std::size_t n = 0;
                         for (const auto& s : st.sections) n += s.curves_with_keys;
                         return n;
                     }(),
                     st.keys);
    if (!st.sections.empty()) {
        o += fmt::format("    {:<20} {:>6} {:>10} {:>9}\n", "section", "curves", "with keys", "keys");
        for (const auto& s : st.sections) o += fmt::format("    {:<20} {:>6} {:>10} {:>9}\n", s.name, s.curves, s.curves_with_keys, s.keys);
    }
    o += fmt::format("  markers        {}\n", a.markers.size());
    for (const auto& m : a.markers) o += fmt::format("    {:>10.6g} s  {}\n", m.time, quoted(m.name));
    if (st.rotation_segments)
        o += fmt::format("  sign flips     {} of {} joint rotation segments (q to about -q; MRTK interpolates through them)\n",
                         st.sign_flips, st.rotation_segments);
    const auto defects = mrtk::find_defects(a);
    for (const auto& d : defects) o += "  warning: " + d + "\n";
    return o;
}

std::string mrtk_summary_json(const mrtk::InputAnimation& a, const Document& doc, const std::string& path) {
    const mrtk::RecordingStats st = mrtk::statistics(a);
    const bool v11 = mrtk::uses_new_format(a);
    std::string o = "{\n";
    o += fmt::format("  \"file\": {},\n  \"format\": \"{}\",\n", quoted(path), format_name(doc.format));
    o += fmt::format("  \"version\": \"{}.{}\",\n", a.major, a.minor);
    o += fmt::format("  \"hasCameraPose\": {},\n  \"hasHandData\": {},\n  \"hasEyeGaze\": {},\n",
                     (!v11 || a.has_camera_pose) ? "true" : "false", (!v11 || a.has_hand_data) ? "true" : "false",
                     (v11 && a.has_eye_gaze) ? "true" : "false");
    o += fmt::format("  \"duration\": {},\n  \"firstKeyTime\": {},\n", num(st.duration), num(st.first_key_time));
    o += fmt::format("  \"curves\": {},\n  \"keys\": {},\n  \"sections\": [", st.curves, st.keys);
    for (std::size_t i = 0; i < st.sections.size(); ++i) {
        const auto& s = st.sections[i];
        o += fmt::format("{}\n    {{\"name\": {}, \"curves\": {}, \"curvesWithKeys\": {}, \"keys\": {}}}", i ? "," : "", quoted(s.name),
                         s.curves, s.curves_with_keys, s.keys);
    }
    o += st.sections.empty() ? "],\n" : "\n  ],\n";
    o += "  \"markers\": [";
    for (std::size_t i = 0; i < a.markers.size(); ++i)
        o += fmt::format("{}{{\"time\": {}, \"name\": {}}}", i ? ", " : "", num(a.markers[i].time), quoted(a.markers[i].name));
    o += "],\n";
    o += fmt::format("  \"rotationSegments\": {},\n  \"signFlips\": {},\n  \"warnings\": [", st.rotation_segments, st.sign_flips);
    const auto defects = mrtk::find_defects(a);
    for (std::size_t i = 0; i < defects.size(); ++i) o += (i ? ", " : "") + quoted(defects[i]);
    o += "]\n}\n";
    return o;
}

}  // namespace rigio::cli
