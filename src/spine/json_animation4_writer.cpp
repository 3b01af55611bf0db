// Spine 4.x JSON writer: the timelines whose keys changed in 4.0 (mirrors json_animation4_reader.cpp).
#include <cmath>
#include <cstdio>
#include <string>

#include "rigio/io/json_input.hpp"

#include "json_names.hpp"
#include "json_skeleton_writer.hpp"

namespace rigio::spine::detail {

namespace {

// An alpha byte as the editor writes it: n / 255 to 4 decimals (which reads back as the same byte).
std::string alpha_text(std::uint32_t byte) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "%.4f", static_cast<double>(byte) / 255.0);
    std::string s(buf);
    while (s.back() == '0') s.pop_back();
    if (s.back() == '.') s.pop_back();
    return s;
}
}  // namespace

void JsonSkeletonWriter::write_slot_timelines4(const Animation& a) {
    w_.key("slots");
    w_.begin_object();
    for (const SlotTimelines& g : a.slots) {
        const std::string_view slot = text(sd_.slots[static_cast<std::size_t>(g.slot)].name);
        w_.key(slot);
        w_.begin_object();
        for (const SlotTimeline& t : g.timelines) {
            const std::string_view name = kSlotTimelineNames4[static_cast<std::size_t>(t.type)];
            w_.key(name);
            w_.begin_array();
            if (t.type == SlotTimelineType::Attachment) {
                for (std::size_t i = 0; i < t.attachment_keys.size(); ++i) {
                    const AttachmentKeyframe& k = t.attachment_keys[i];
                    w_.begin_object();
                    time(k.time);
                    if (version_ == Version::V40) str_or_null("name", k.name);  // 4.1 on leave out a clearing key's name
                    else str("name", k.name);
                    if (has_key_extras()) key_extras({"slots", slot, name, std::to_string(i)});
                    w_.end_object();
                }
            } else {
                for (std::size_t i = 0; i < t.color_keys.size(); ++i) {
                    const ColorKeyframe& k = t.color_keys[i];
                    w_.begin_object();
                    time(k.time);
                    switch (t.type) {
                        case SlotTimelineType::Color: w_.member("color", rgba_text(k.color)); break;
                        case SlotTimelineType::Rgb: w_.member("color", rgb_text(k.color >> 8)); break;
                        case SlotTimelineType::Alpha:
                            if ((k.color & 0xFFu) != 0) {
                                w_.key("value");
                                w_.raw(alpha_text(k.color & 0xFFu));
                            }
                            break;
                        case SlotTimelineType::TwoColor:
                            w_.member("light", rgba_text(k.color));
                            w_.member("dark", rgb_text(k.dark));
                            break;
                        case SlotTimelineType::Rgb2:
                            w_.member("light", rgb_text(k.color >> 8));
                            w_.member("dark", rgb_text(k.dark));
                            break;
                        case SlotTimelineType::Attachment: break;
                    }
                    write_curve_of(t.color_keys, i);
                    if (has_key_extras()) key_extras({"slots", slot, name, std::to_string(i)});
                    w_.end_object();
                }
            }
            w_.end_array();
        }
        w_.end_object();
    }
    w_.end_object();
}

void JsonSkeletonWriter::write_bone_timelines4(const Animation& a) {
    w_.key("bones");
    w_.begin_object();
    for (const BoneTimelines& g : a.bones) {
        const std::string_view bone = text(sd_.bones[static_cast<std::size_t>(g.bone)].name);
        w_.key(bone);
        w_.begin_object();
        for (const BoneTimeline& t : g.timelines) {
            const std::string_view name = kBoneTimelineNames[static_cast<std::size_t>(t.type)];
            w_.key(name);
            w_.begin_array();
            const bool two = t.type == BoneTimelineType::Translate || t.type == BoneTimelineType::Scale || t.type == BoneTimelineType::Shear;
            const bool scale = t.type == BoneTimelineType::Scale || t.type == BoneTimelineType::ScaleX || t.type == BoneTimelineType::ScaleY;
            const float fallback = scale ? 1.0f : 0.0f;
            const int decimals = scale ? 3 : 2;  // the editor's rounding of scales and of angles/translations/shears
            for (std::size_t i = 0; i < t.keys.size(); ++i) {
                const BoneKeyframe& k = t.keys[i];
                w_.begin_object();
                time(k.time);
                if (t.type == BoneTimelineType::Inherit) {
                    if (k.inherit != TransformMode::Normal) w_.member("inherit", kTransformModeNames[static_cast<std::size_t>(k.inherit)]);
                } else if (two) {
                    num_unless("x", k.x, fallback, decimals);
                    num_unless("y", k.y, fallback, decimals);
                    write_curve_of(t.keys, i);
                } else {
                    num_unless("value", k.x, fallback, decimals);
                    write_curve_of(t.keys, i);
                }
                if (has_key_extras()) key_extras({"bones", bone, name, std::to_string(i)});
                w_.end_object();
            }
            w_.end_array();
        }
        w_.end_object();
    }
    w_.end_object();
}

// {skin: {slot: {attachment: {deform: [...], sequence: [...]}}}}: the timelines of one attachment (held one
// after the other in the model) share its object.
void JsonSkeletonWriter::write_attachment_timelines(const Animation& a) {
    w_.key("attachments");
    w_.begin_object();
    for (const DeformSkin& ds : a.deform) {
        const std::string_view skin = text(sd_.skins[static_cast<std::size_t>(ds.skin)].name);
        w_.key(skin);
        w_.begin_object();
        for (const DeformSlot& dsl : ds.slots) {
            const std::string_view slot = text(sd_.slots[static_cast<std::size_t>(dsl.slot)].name);
            w_.key(slot);
            w_.begin_object();
            for (std::size_t j = 0; j < dsl.timelines.size(); ++j) {
                const DeformTimeline& t = dsl.timelines[j];
                if (j == 0 || dsl.timelines[j - 1].attachment != t.attachment) {
                    w_.key(text(t.attachment));
                    w_.begin_object();
                }
                std::string pointer;
                const std::string_view kind = t.type == AttachmentTimelineType::Deform ? "deform" : "sequence";
                for (std::string_view token : {std::string_view("attachments"), skin, slot, text(t.attachment), kind})
                    io::append_pointer_token(pointer, token);
                w_.key(kind);
                if (t.type == AttachmentTimelineType::Deform) {
                    write_deform_keys(t, pointer);
                } else {
                    w_.begin_array();
                    float previous_delay = 0;  // the editor's JSON writes a delay only where it changes
                    for (std::size_t i = 0; i < t.sequence_keys.size(); ++i) {
                        const SequenceKeyframe& k = t.sequence_keys[i];
                        w_.begin_object();
                        time(k.time);
                        if (k.mode != SequenceMode::Hold) w_.member("mode", kSequenceModeNames[static_cast<std::size_t>(k.mode)]);
                        if (k.index != 0) w_.member("index", k.index);
                        num_unless("delay", k.delay, rounding_ ? previous_delay : 0.0f, 4);
                        previous_delay = k.delay;
                        if (has_key_extras()) key_extras_at(pointer + "/" + std::to_string(i));
                        w_.end_object();
                    }
                    w_.end_array();
                }
                if (j + 1 == dsl.timelines.size() || dsl.timelines[j + 1].attachment != t.attachment) w_.end_object();
            }
            w_.end_object();
        }
        w_.end_object();
    }
    w_.end_object();
}

}  // namespace rigio::spine::detail
