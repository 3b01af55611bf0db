// Spine JSON writer: top level, skeleton header, bones, slots, constraints and events, in the
// editor's key order, omitting the editor's defaults. Mirrors json_reader.cpp field for field.
// The model is streamed into compact JSON, then laid out as the editor does (tabs, top level at column 0,
// objects of at most 6 scalar members and arrays of scalars on one line).
#include <algorithm>
#include <charconv>
#include <cmath>

#include "json_names.hpp"
#include "rigio/spine/binary.hpp"
#include "json_skeleton_writer.hpp"

namespace rigio::spine {

namespace detail {

namespace {
// The editor writes a flat object (scalar members only) on one line when it has at most this many members.
constexpr std::size_t kEditorOneLineMembers = 6;

bool same_strings(const Vector<String>& a, const std::vector<std::string>& b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end());
}
}  // namespace

bool JsonSkeletonWriter::is_rounded_default(float v, float fallback, int decimals) {
    static constexpr double kHalfUnit[] = {0.5, 0.05, 0.005, 0.0005, 0.00005, 0.000005};
    if (decimals < 0 || decimals > 5) return false;
    return std::fabs(static_cast<double>(v) - static_cast<double>(fallback)) < kHalfUnit[decimals];
}

void JsonSkeletonWriter::value(float v) {
    const float a = std::fabs(v);
    if (v == 0 || !(a < 1e-3f || a >= 1e7f) || !std::isfinite(v)) {
        w_.number(v);
        return;
    }
    char buf[48];
    auto res = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::scientific);  // "-3.5e-05"
    std::string_view text(buf, static_cast<std::size_t>(res.ptr - buf));
    const std::size_t e = text.find('e');
    std::string_view mantissa = text.substr(0, e);
    std::string_view exponent = text.substr(e + 1);
    char out[48];
    std::size_t n = 0;
    for (char c : mantissa) out[n++] = c;
    if (mantissa.find('.') == std::string_view::npos) {
        out[n++] = '.';
        out[n++] = '0';
    }
    out[n++] = 'E';
    std::size_t i = 0;
    if (exponent[i] == '-') out[n++] = exponent[i++];
    else if (exponent[i] == '+') ++i;
    while (i + 1 < exponent.size() && exponent[i] == '0') ++i;
    for (; i < exponent.size(); ++i) out[n++] = exponent[i];
    w_.raw(std::string_view(out, n));
}

void JsonSkeletonWriter::color_unless(std::string_view key, Rgba c, Rgba fallback) {
    if (c == fallback) return;
    w_.key(key);
    w_.string(rgba_text(c));
}

void JsonSkeletonWriter::write() {
    w_.begin_object();
    write_header();
    write_bones();
    write_slots();
    if (!sd_.ik.empty()) write_ik();
    if (!sd_.transform.empty()) write_transform();
    if (!sd_.path.empty()) write_path();
    if (version_ == Version::V42 && !sd_.physics.empty()) write_physics();
    if (!sd_.skins.empty()) write_skins();
    if (!sd_.events.empty()) write_events();
    if (!sd_.animations.empty()) {
        w_.key("animations");
        w_.begin_object();
        for (const Animation& a : sd_.animations) write_animation(a);
        w_.end_object();
    }
    extras(sd_.json_extra);
    w_.end_object();
}

void JsonSkeletonWriter::write_header() {
    const Header& h = sd_.header;
    w_.key("skeleton");
    w_.begin_object();
    str("hash", h.hash);
    str("spine", h.version);
    if (version_ != Version::V37) {  // no setup-pose origin before 3.8
        num_present("x", h.x, h.json_absent, kAbsentX);
        num_present("y", h.y, h.json_absent, kAbsentY);
    }
    num_present("width", h.width, h.json_absent, kAbsentWidth);
    num_present("height", h.height, h.json_absent, kAbsentHeight);
    if (version_ == Version::V42) num_unless("referenceScale", h.reference_scale, 100, 2);
    num_unless("fps", h.fps, 30, -1);
    str("images", h.images);
    str("audio", h.audio);
    // The .skel's string table, when its order is not the one write_skel would give anyway (editor
    // exports; see SkeletonData::strings): so that .skel -> JSON -> .skel gives the same bytes.
    if (!rounding_ && !sd_.strings.empty() && !same_strings(sd_.strings, skel_first_use_strings(sd_))) {
        w_.key("strings");
        w_.begin_array();
        for (const String& s : sd_.strings) w_.string(s);
        w_.end_array();
    }
    extras(h.json_extra);
    w_.end_object();
}

void JsonSkeletonWriter::write_bones() {
    w_.key("bones");
    w_.begin_array();
    for (const Bone& b : sd_.bones) {
        w_.begin_object();
        name_of("name", b.name);
        if (b.parent >= 0) bone_name("parent", b.parent);
        num_unless("length", b.length, 0, 2);
        num_unless("rotation", b.rotation, 0, 2);
        num_unless("x", b.x, 0, 2);
        num_unless("y", b.y, 0, 2);
        num_unless("scaleX", b.scale_x, 1, scale_places());
        num_unless("scaleY", b.scale_y, 1, scale_places());
        num_unless("shearX", b.shear_x, 0, 2);
        num_unless("shearY", b.shear_y, 0, 2);
        if (b.transform != TransformMode::Normal)
            w_.member(version_ == Version::V42 ? "inherit" : "transform", kTransformModeNames[static_cast<std::size_t>(b.transform)]);
        flag_unless("skin", b.skin_required, false);
        color_unless("color", b.color, kDefaultBoneColor);
        if (version_ == Version::V42) {
            str("icon", b.icon);
            // The 4.2 editor's JSON export leaves bone visibility out (the .skel keeps it).
            if (!rounding_) flag_unless("visible", b.visible, true);
        }
        extras(b.json_extra);
        w_.end_object();
    }
    w_.end_array();
}

void JsonSkeletonWriter::write_slots() {
    w_.key("slots");
    w_.begin_array();
    for (const Slot& s : sd_.slots) {
        w_.begin_object();
        name_of("name", s.name);
        bone_name("bone", s.bone);
        color_unless("color", s.color, 0xFFFFFFFFu);
        if (s.dark) w_.member("dark", rgb_text(*s.dark));
        str("attachment", s.attachment);
        if (s.blend != BlendMode::Normal) w_.member("blend", kBlendModeNames[static_cast<std::size_t>(s.blend)]);
        if (version_ == Version::V42) flag_unless("visible", s.visible, true);
        extras(s.json_extra);
        w_.end_object();
    }
    w_.end_array();
}

void JsonSkeletonWriter::write_constraint_common(const OptString& name, int order, bool skin_required, const Vector<int>& bones) {
    name_of("name", name);
    if (order != 0 || version_ == Version::V37) w_.member("order", order);  // 3.7 writes it always
    flag_unless("skin", skin_required, false);
    w_.key("bones");
    w_.begin_array();
    for (int b : bones) w_.string(text(sd_.bones[static_cast<std::size_t>(b)].name));
    w_.end_array();
}

void JsonSkeletonWriter::write_ik() {
    w_.key("ik");
    w_.begin_array();
    for (const IkConstraint& c : sd_.ik) {
        w_.begin_object();
        write_constraint_common(c.name, c.order, c.skin_required, c.bones);
        bone_name("target", c.target);
        num_unless("mix", c.mix, 1, 4);
        num_unless("softness", c.softness, 0, 2);
        // The 4.x editor leaves bendPositive out of one-bone constraints (it bends nothing there), whatever
        // the .skel stores; its JSON is what editor rounding reproduces.
        if (!(rounding_ && version_ >= Version::V40 && c.bones.size() == 1)) flag_unless("bendPositive", c.bend_direction >= 0, true);
        flag_unless("compress", c.compress, false);
        flag_unless("stretch", c.stretch, false);
        flag_unless("uniform", c.uniform, false);
        extras(c.json_extra);
        w_.end_object();
    }
    w_.end_array();
}

void JsonSkeletonWriter::write_transform() {
    w_.key("transform");
    w_.begin_array();
    for (const TransformConstraint& c : sd_.transform) {
        w_.begin_object();
        write_constraint_common(c.name, c.order, c.skin_required, c.bones);
        bone_name("target", c.target);
        num_unless("rotation", c.offset_rotation, 0, 2);
        num_unless("x", c.offset_x, 0, 2);
        num_unless("y", c.offset_y, 0, 2);
        num_unless("scaleX", c.offset_scale_x, 0, 4);
        num_unless("scaleY", c.offset_scale_y, 0, 4);
        num_unless("shearY", c.offset_shear_y, 0, 2);
        if (is_4x(version_)) {  // one mix per channel; Y defaults to X
            num_unless("mixRotate", c.rotate_mix, 1, 4);
            num_unless("mixX", c.translate_mix, 1, 4);
            num_unless("mixY", c.mix_y, c.translate_mix, 4);
            num_unless("mixScaleX", c.scale_mix, 1, 4);
            num_unless("mixScaleY", c.mix_scale_y, c.scale_mix, 4);
            num_unless("mixShearY", c.shear_mix, 1, 4);
        } else {
            num_unless("rotateMix", c.rotate_mix, 1, 4);
            num_unless("translateMix", c.translate_mix, 1, 4);
            num_unless("scaleMix", c.scale_mix, 1, 4);
            num_unless("shearMix", c.shear_mix, 1, 4);
        }
        flag_unless("local", c.local, false);
        flag_unless("relative", c.relative, false);
        extras(c.json_extra);
        w_.end_object();
    }
    w_.end_array();
}

void JsonSkeletonWriter::write_path() {
    w_.key("path");
    w_.begin_array();
    for (const PathConstraint& c : sd_.path) {
        w_.begin_object();
        write_constraint_common(c.name, c.order, c.skin_required, c.bones);
        slot_name("target", c.target);
        if (c.position_mode != PositionMode::Percent)
            w_.member("positionMode", kPositionModeNames[static_cast<std::size_t>(c.position_mode)]);
        if (c.spacing_mode != SpacingMode::Length) w_.member("spacingMode", kSpacingModeNames[static_cast<std::size_t>(c.spacing_mode)]);
        if (c.rotate_mode != RotateMode::Tangent) w_.member("rotateMode", kRotateModeNames[static_cast<std::size_t>(c.rotate_mode)]);
        num_unless("rotation", c.offset_rotation, 0, 2);
        num_unless("position", c.position, 0, 4);
        num_unless("spacing", c.spacing, 0, scale_places());
        if (is_4x(version_)) {
            num_unless("mixRotate", c.rotate_mix, 1, 4);
            num_unless("mixX", c.translate_mix, 1, 4);
            num_unless("mixY", c.mix_y, c.translate_mix, 4);
        } else {
            num_unless("rotateMix", c.rotate_mix, 1, 4);
            num_unless("translateMix", c.translate_mix, 1, 4);
        }
        extras(c.json_extra);
        w_.end_object();
    }
    w_.end_array();
}

void JsonSkeletonWriter::write_events() {
    w_.key("events");
    w_.begin_object();
    for (const EventData& e : sd_.events) {
        w_.key(text(e.name));
        w_.begin_object();
        if (e.int_value != 0) w_.member("int", e.int_value);
        num_unless("float", e.float_value, 0, 4);
        if (!(rounding_ && e.string_value && e.string_value->empty())) str("string", e.string_value);  // .skel: "" for none
        str("audio", e.audio);
        if (e.audio) {
            num_unless("volume", e.volume, 1, 4);
            num_unless("balance", e.balance, 0, 4);
        }
        extras(e.json_extra);
        w_.end_object();
    }
    w_.end_object();
}

}  // namespace detail

namespace {

std::string write_json_or_throw(const SkeletonData& skeleton, const JsonWriteOptions& options) {
    // Never write a file in another version's layout: data of a version the JSON writer has no branches
    // for (e.g. read from a 4.x .skel) is refused by name.
    if (!detail::json_reads(skeleton.header.data_version))
        throw Error(std::string("cannot write Spine ") + version_name(skeleton.header.data_version) +
                    " JSON: rigio writes Spine JSON " + detail::json_readable_versions());
    std::string compact;
    compact.reserve(1 << 16);
    detail::JsonSkeletonWriter(skeleton, compact, options).write();
    io::ReflowOptions layout;
    layout.one_line_object_members = detail::kEditorOneLineMembers;
    layout.one_line_scalar_arrays = true;
    layout.flush_top_level = true;
    std::string out = io::reflow_json(compact, layout);
    if (!out.empty() && out.back() == '\n') out.pop_back();  // the editor ends the file after the last brace
    return out;
}

}  // namespace

Result<std::string> write_json(const SkeletonData& skeleton, const JsonWriteOptions& options) {
    return capture([&] { return write_json_or_throw(skeleton, options); });
}

}  // namespace rigio::spine
