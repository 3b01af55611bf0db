// Spine JSON reader: top level, skeleton header, bones, slots, constraints and events (the validating
// helpers every part uses are in json_reader_helpers.cpp). Mirrored by json_writer.cpp, field for field
// in the same order.
#include <algorithm>
#include <cmath>
#include <limits>

#include "json_names.hpp"
#include "json_reader.hpp"

namespace rigio::spine {

namespace detail {

namespace {
// The keys of bones and slots (see Keys): 4.2 replaced a bone's "transform" with "inherit" and added
// "icon" and "visible" (to slots too).
constexpr auto kBoneKeys = keys("name", "parent", "length", "rotation", "x", "y", "scaleX", "scaleY", "shearX", "shearY", "transform",
                                "inherit", "skin", "color", "icon", "visible");
constexpr auto kSlotKeys = keys("name", "bone", "color", "dark", "attachment", "blend", "visible");
}  // namespace

// ---- the document, in the editor's order ----

namespace {
// The timeline maps of an animation may name a slot, bone, constraint, attachment or timeline type more
// than once: a .skel can hold two timelines of one kind for one slot (real editor exports do), and the
// official runtimes read these maps member by member, in order, making one timeline of each member.
// Every other object must name its keys once.
bool timeline_map(std::span<const std::string_view> path) {
    // Asked for every object of the document: keyframes (deeper than 5) are answered by the size alone.
    if (path.size() < 3 || path.size() > 5 || path[0] != "animations") return false;
    const std::string_view group = path[2];
    if (group == "slots" || group == "bones" || group == "path") return path.size() <= 4;
    if (group == "ik" || group == "transform") return path.size() == 3;
    if (group == "deform") return path.size() <= 5;
    return false;
}
}  // namespace

// The duplicate-key check runs after the read, and steps over the objects the reader has found free of
// them (see verified, map_member): keyframes, most of a skeleton's objects, and the maps of names the
// reader walks (skins' slots and attachments, timeline maps) are then walked once, not twice. A
// document with a duplicate key fails with that error whatever else is wrong with it, as when the check
// ran first: the check also runs when the read fails, and the warnings of a read it refuses are dropped.
SkeletonData JsonSkeletonReader::read() {
    io::JsonDocument doc(text_, io::kMaxJsonDepth, timeline_map, io::DuplicateCheck::Deferred,
                         options_.padded ? io::TextPadding::Readable : io::TextPadding::None);
    verified_.assign((doc.tape_size() + 63) / 64, 0);
    const std::size_t warnings = options_.warnings ? options_.warnings->size() : 0;
    auto check_duplicates = [&] {
        try {
            doc.check_duplicates(verified_.data());
        } catch (...) {
            if (options_.warnings) options_.warnings->resize(warnings);
            throw;
        }
    };
    try {
        read_document(doc);
    } catch (...) {
        check_duplicates();
        throw;
    }
    check_duplicates();
    return std::move(sd_);
}

void JsonSkeletonReader::read_document(const io::JsonDocument& doc) {
    JObj root = object(doc.root());
    detect_version(root);
    if (version_ == Version::V42)
        known_keys(root, {"skeleton", "bones", "slots", "ik", "transform", "path", "physics", "skins", "events", "animations"}, &sd_.json_extra);
    else
        known_keys(root, {"skeleton", "bones", "slots", "ik", "transform", "path", "skins", "events", "animations"}, &sd_.json_extra);
    sd_.header.data_version = version_;
    sd_.header.nonessential = true;  // JSON always carries the editor data (colours, paths, mesh edges)
    if (auto e = get(root, "skeleton")) read_header(*e);
    if (auto e = get(root, "bones")) read_bones(*e);
    if (auto e = get(root, "slots")) read_slots(*e);
    if (auto e = get(root, "ik")) read_ik(*e);
    if (auto e = get(root, "transform")) read_transform(*e);
    if (auto e = get(root, "path")) read_path(*e);
    if (version_ == Version::V42)
        if (auto e = get(root, "physics")) read_physics(*e);
    if (auto e = get(root, "skins")) read_skins(*e);
    resolve_linked_meshes();
    if (auto e = get(root, "events")) read_events(*e);
    if (auto e = get(root, "animations")) {
        Scope s(path_, "animations");
        JObj anims = object(*e);
        sd_.animations.reserve(anims.size());
        MapCheck check;  // (see map_member)
        for (auto field : anims) {
            sd_.animations.push_back(read_animation(field.key, field.value));
            map_member(check, true, field.key, field.value);
        }
        map_done(check, anims);
    }
}

// The layout is decided before anything else is read: from "skeleton"/"spine" when it is there, else
// from the shape of "skins" (3.7 writes an object of skins, 3.8 on an array); a version rigio does not
// read is refused with the version found.
void JsonSkeletonReader::detect_version(JObj root) {
    if (auto sk = get(root, "skeleton"); sk && sk->is_object()) {
        if (auto v = get(sk->get_object().value_unsafe(), "spine"); v && v->is_string()) {
            std::string_view text = v->get_string().value_unsafe();
            auto parsed = parse_version(text);
            if (!parsed || !json_reads(*parsed)) {
                Scope s(path_, "skeleton");
                Scope sv(path_, "spine");
                std::string shown;
                for (char c : text.substr(0, 40)) shown += (c >= 0x20 && c < 0x7F) ? c : '?';
                fail("Spine " + shown + " JSON: rigio reads Spine " + json_readable_versions());
            }
            version_ = *parsed;
            return;
        }
    }
    auto skins = get(root, "skins");
    version_ = skins && skins->is_object() ? Version::V37 : Version::V38;
}

void JsonSkeletonReader::read_header(JEl e) {
    Scope s(path_, "skeleton");
    JObj o = object(e);
    Header& h = sd_.header;
    if (version_ == Version::V37)  // no setup-pose origin before 3.8
        known_keys(o, {"hash", "spine", "width", "height", "fps", "images", "audio", "strings"}, &h.json_extra);
    else if (version_ == Version::V42)
        known_keys(o, {"hash", "spine", "x", "y", "width", "height", "referenceScale", "fps", "images", "audio", "strings"}, &h.json_extra);
    else
        known_keys(o, {"hash", "spine", "x", "y", "width", "height", "fps", "images", "audio", "strings"}, &h.json_extra);
    h.hash = string(o, "hash");
    h.version = string(o, "spine");
    if (version_ != Version::V37) {
        h.x = number(o, "x", 0);
        h.y = number(o, "y", 0);
    }
    h.width = number(o, "width", 0);
    h.height = number(o, "height", 0);
    h.json_absent = absent_fields(o, version_ != Version::V37);
    if (version_ == Version::V42) h.reference_scale = number(o, "referenceScale", 100);
    h.fps = number(o, "fps", 30);
    h.images = string(o, "images");
    h.audio = string(o, "audio");
    // rigio's exact .skel -> JSON keeps the binary's shared-string table, whose order the model cannot
    // tell, so that JSON -> .skel gives the same bytes.
    if (auto v = get(o, "strings")) {
        Scope ss(path_, "strings");
        JArr a = array(*v);
        sd_.strings.reserve(a.size());
        std::size_t i = 0;
        for (JEl x : a) {
            Scope si(path_, i++);
            sd_.strings.emplace_back(io::as_string(x, path_));
        }
    }
}

JsonAbsent JsonSkeletonReader::absent_fields(JObj o, bool position) {
    JsonAbsent absent = 0;
    if (position && !get(o, "x")) absent |= kAbsentX;
    if (position && !get(o, "y")) absent |= kAbsentY;
    if (!get(o, "width")) absent |= kAbsentWidth;
    if (!get(o, "height")) absent |= kAbsentHeight;
    return absent;
}

void JsonSkeletonReader::read_bones(JEl e) {
    Scope s(path_, "bones");
    JArr a = array(e);
    sd_.bones.reserve(a.size());
    bones_.reserve(a.size());
    std::size_t i = 0;
    for (JEl be : a) {
        Scope si(path_, i);
        JObj o = object(be);
        Bone& b = sd_.bones.emplace_back();  // (in the room reserved above: no move)
        constexpr auto& K = kBoneKeys;
        const bool v42 = version_ == Version::V42;  // "transform" became "inherit"; editor icon and visibility
        const Fields f = fields(o, K, v42 ? K.except("transform") : K.except("inherit", "icon", "visible"));
        unknown_keys(f, &b.json_extra);
        b.name = required_string(f, K["name"]);
        if (get(f, K["parent"])) {
            b.parent = lookup(bones_, f, K["parent"], "parent bone (parents must come before their children)");
        } else if (i > 0) {
            fail("bone \"" + b.name->substr(0, 80) + "\" has no parent (only the first bone may be the root)");
        }
        b.length = number(f, K["length"], 0);
        b.rotation = number(f, K["rotation"], 0);
        b.x = number(f, K["x"], 0);
        b.y = number(f, K["y"], 0);
        b.scale_x = number(f, K["scaleX"], 1);
        b.scale_y = number(f, K["scaleY"], 1);
        b.shear_x = number(f, K["shearX"], 0);
        b.shear_y = number(f, K["shearY"], 0);
        b.transform = name_enum(f, v42 ? K["inherit"] : K["transform"], TransformMode::Normal, kTransformModeNames, "transform mode");
        b.skin_required = flag(f, K["skin"], false);
        b.color = color(f, K["color"], kDefaultBoneColor);
        if (v42) {
            b.icon = string(f, K["icon"]);
            b.visible = flag(f, K["visible"], true);
        }
        add_name(bones_, b.name, static_cast<int>(i), "bone");
        ++i;
    }
}

void JsonSkeletonReader::read_slots(JEl e) {
    Scope s(path_, "slots");
    JArr a = array(e);
    sd_.slots.reserve(a.size());
    slots_.reserve(a.size());
    std::size_t i = 0;
    for (JEl se : a) {
        Scope si(path_, i);
        JObj o = object(se);
        Slot& sl = sd_.slots.emplace_back();  // (in the room reserved above: no move)
        constexpr auto& K = kSlotKeys;
        const Fields f = fields(o, K, version_ == Version::V42 ? K.all() : K.except("visible"));
        unknown_keys(f, &sl.json_extra);
        sl.name = required_string(f, K["name"]);
        sl.bone = lookup(bones_, f, K["bone"], "bone");
        sl.color = color(f, K["color"], 0xFFFFFFFFu);
        if (get(f, K["dark"])) sl.dark = rgb(f, K["dark"], 0);
        sl.attachment = string(f, K["attachment"]);
        sl.blend = name_enum(f, K["blend"], BlendMode::Normal, kBlendModeNames, "blend mode");
        if (version_ == Version::V42) sl.visible = flag(f, K["visible"], true);
        add_name(slots_, sl.name, static_cast<int>(i), "slot");
        ++i;
    }
}

void JsonSkeletonReader::read_constraint_common(JObj o, OptString& name, int& order, bool& skin_required,
                                                Vector<int>& bones, NameIndex& index, int number) {
    name = required_string(o, "name");
    order = integer(o, "order", 0, 0, std::numeric_limits<int>::max());
    skin_required = flag(o, "skin", false);
    bones = lookup_list(bones_, o, "bones", "bone");
    add_name(index, name, number, "constraint");
}

void JsonSkeletonReader::read_ik(JEl e) {
    Scope s(path_, "ik");
    JArr a = array(e);
    sd_.ik.reserve(a.size());
    std::size_t i = 0;
    for (JEl ce : a) {
        Scope si(path_, i);
        JObj o = object(ce);
        IkConstraint c;
        known_keys(o, {"name", "order", "skin", "bones", "target", "mix", "softness", "bendPositive", "compress",
                       "stretch", "uniform"}, &c.json_extra);
        read_constraint_common(o, c.name, c.order, c.skin_required, c.bones, ik_, static_cast<int>(i));
        if (c.bones.empty() || c.bones.size() > 2) {
            Scope sb(path_, "bones");
            fail("an IK constraint needs 1 or 2 bones, found " + std::to_string(c.bones.size()));
        }
        c.target = lookup(bones_, o, "target", "target bone");
        c.mix = number(o, "mix", 1);
        c.softness = number(o, "softness", 0);
        c.bend_direction = flag(o, "bendPositive", true) ? 1 : -1;
        c.compress = flag(o, "compress", false);
        c.stretch = flag(o, "stretch", false);
        c.uniform = flag(o, "uniform", false);
        sd_.ik.push_back(std::move(c));
        ++i;
    }
}

void JsonSkeletonReader::read_transform(JEl e) {
    Scope s(path_, "transform");
    JArr a = array(e);
    sd_.transform.reserve(a.size());
    std::size_t i = 0;
    for (JEl ce : a) {
        Scope si(path_, i);
        JObj o = object(ce);
        TransformConstraint c;
        if (is_4x(version_))  // one mix per channel
            known_keys(o, {"name", "order", "skin", "bones", "target", "rotation", "x", "y", "scaleX", "scaleY", "shearY", "mixRotate",
                           "mixX", "mixY", "mixScaleX", "mixScaleY", "mixShearY", "local", "relative"}, &c.json_extra);
        else
            known_keys(o, {"name", "order", "skin", "bones", "target", "rotation", "x", "y", "scaleX", "scaleY", "shearY",
                           "rotateMix", "translateMix", "scaleMix", "shearMix", "local", "relative"}, &c.json_extra);
        read_constraint_common(o, c.name, c.order, c.skin_required, c.bones, transform_, static_cast<int>(i));
        c.target = lookup(bones_, o, "target", "target bone");
        c.offset_rotation = number(o, "rotation", 0);
        c.offset_x = number(o, "x", 0);
        c.offset_y = number(o, "y", 0);
        c.offset_scale_x = number(o, "scaleX", 0);
        c.offset_scale_y = number(o, "scaleY", 0);
        c.offset_shear_y = number(o, "shearY", 0);
        if (is_4x(version_)) {
            c.rotate_mix = number(o, "mixRotate", 1);
            c.translate_mix = number(o, "mixX", 1);
            c.mix_y = number(o, "mixY", c.translate_mix);
            c.scale_mix = number(o, "mixScaleX", 1);
            c.mix_scale_y = number(o, "mixScaleY", c.scale_mix);
            c.shear_mix = number(o, "mixShearY", 1);
        } else {
            c.rotate_mix = number(o, "rotateMix", 1);
            c.translate_mix = number(o, "translateMix", 1);
            c.scale_mix = number(o, "scaleMix", 1);
            c.shear_mix = number(o, "shearMix", 1);
        }
        c.local = flag(o, "local", false);
        c.relative = flag(o, "relative", false);
        sd_.transform.push_back(std::move(c));
        ++i;
    }
}

void JsonSkeletonReader::read_path(JEl e) {
    Scope s(path_, "path");
    JArr a = array(e);
    sd_.path.reserve(a.size());
    std::size_t i = 0;
    for (JEl ce : a) {
        Scope si(path_, i);
        JObj o = object(ce);
        PathConstraint c;
        if (is_4x(version_))
            known_keys(o, {"name", "order", "skin", "bones", "target", "positionMode", "spacingMode", "rotateMode",
                           "rotation", "position", "spacing", "mixRotate", "mixX", "mixY"}, &c.json_extra);
        else
            known_keys(o, {"name", "order", "skin", "bones", "target", "positionMode", "spacingMode", "rotateMode",
                           "rotation", "position", "spacing", "rotateMix", "translateMix"}, &c.json_extra);
        read_constraint_common(o, c.name, c.order, c.skin_required, c.bones, paths_, static_cast<int>(i));
        c.target = lookup(slots_, o, "target", "target slot");
        c.position_mode = name_enum(o, "positionMode", PositionMode::Percent, kPositionModeNames, "position mode");
        c.spacing_mode = name_enum(o, "spacingMode", SpacingMode::Length, kSpacingModeNames, "spacing mode");
        if (c.spacing_mode == SpacingMode::Proportional && !is_4x(version_)) {
            Scope sm(path_, "spacingMode");
            fail(std::string("spacing mode \"proportional\" needs Spine 4.0 or later (this is ") + version_name(version_) + " data)");
        }
        c.rotate_mode = name_enum(o, "rotateMode", RotateMode::Tangent, kRotateModeNames, "rotate mode");
        c.offset_rotation = number(o, "rotation", 0);
        c.position = number(o, "position", 0);
        c.spacing = number(o, "spacing", 0);
        if (is_4x(version_)) {
            c.rotate_mix = number(o, "mixRotate", 1);
            c.translate_mix = number(o, "mixX", 1);
            c.mix_y = number(o, "mixY", c.translate_mix);
        } else {
            c.rotate_mix = number(o, "rotateMix", 1);
            c.translate_mix = number(o, "translateMix", 1);
        }
        sd_.path.push_back(std::move(c));
        ++i;
    }
}

void JsonSkeletonReader::read_events(JEl e) {
    Scope s(path_, "events");
    JObj events = object(e);
    sd_.events.reserve(events.size());
    for (auto field : events) {
        Scope se(path_, field.key);
        JObj o = object(field.value);
        EventData ev;
        known_keys(o, {"int", "float", "string", "audio", "volume", "balance"}, &ev.json_extra);
        ev.name = String(field.key);
        ev.int_value = integer(o, "int", 0, std::numeric_limits<int>::min(), std::numeric_limits<int>::max());
        ev.float_value = number(o, "float", 0);
        ev.string_value = string(o, "string");
        ev.audio = string(o, "audio");
        if (ev.audio) {
            ev.volume = number(o, "volume", 1);
            ev.balance = number(o, "balance", 0);
        }
        add_name(events_, ev.name, static_cast<int>(sd_.events.size()), "event");
        sd_.events.push_back(std::move(ev));
    }
}

}  // namespace detail

Result<SkeletonData> read_json(std::string_view text, const JsonReadOptions& options) {
    if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);  // a UTF-8 byte order mark, as some editors save
    // The model's arrays take about the text's size.
    const io::ArenaScope arena(text.size());
    return capture([&] { return detail::JsonSkeletonReader(text, options).read(); });
}

}  // namespace rigio::spine
