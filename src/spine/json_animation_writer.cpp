// Spine JSON writer: animations and their timelines (mirrors json_animation_reader.cpp).
#include <cmath>
#include <string>

#include "rigio/io/json_input.hpp"

#include "json_names.hpp"
#include "json_skeleton_writer.hpp"

namespace rigio::spine::detail {

namespace {
// Deform values smaller than this at either end of a key are dropped by the editor's JSON export
// (observed: values up to 0.0003 dropped, values from 0.007 kept).
constexpr float kDeformTrim = 0.001f;
}  // namespace

void JsonSkeletonWriter::write_curve(CurveView c, bool still) {
    switch (c.type) {
        case CurveType::Linear:
            if (still) w_.member("curve", "stepped");
            return;
        case CurveType::Stepped: w_.member("curve", "stepped"); return;
        case CurveType::Bezier:
            if (is_4x(version_)) {  // 4.x: cx1, cy1, cx2, cy2 per channel, in the key's units
                w_.key("curve");
                w_.begin_array();
                for (float f : c.bezier) value(f);
                w_.end_array();
                return;
            }
            if (version_ == Version::V37) {  // 3.7: the four numbers as one array
                w_.key("curve");
                w_.begin_array();
                value(c.cx1);
                value(c.cy1);
                value(c.cx2);
                value(c.cy2);
                w_.end_array();
                return;
            }
            num("curve", c.cx1);
            num_unless("c2", c.cy1, 0, 2);
            num_unless("c3", c.cx2, 1, 3);
            num_unless("c4", c.cy2, 1, 2);
            return;
    }
}

void JsonSkeletonWriter::key_extras(std::initializer_list<std::string_view> tokens) {
    std::string pointer;
    for (std::string_view t : tokens) io::append_pointer_token(pointer, t);
    key_extras_at(pointer);
}

void JsonSkeletonWriter::key_extras_at(const std::string& pointer) {
    // Written once: a timeline named twice in its map has the same key paths as the first one.
    for (std::size_t i = 0; i < key_extra_->size(); ++i) {
        const KeyJsonExtra& k = (*key_extra_)[i];
        if (k.pointer != pointer || key_extra_written_[i]) continue;
        extras(k.extra);
        key_extra_written_[i] = true;
    }
}

void JsonSkeletonWriter::write_animation(const Animation& a) {
    key_extra_ = &a.json_key_extra;
    key_extra_written_.assign(a.json_key_extra.size(), false);
    w_.key(text(a.name));
    w_.begin_object();
    if (!a.slots.empty()) {
        if (is_4x(version_)) write_slot_timelines4(a);
        else write_slot_timelines(a);
    }
    if (!a.bones.empty()) {
        if (is_4x(version_)) write_bone_timelines4(a);
        else write_bone_timelines(a);
    }
    if (!a.ik.empty()) write_ik_timelines(a);
    if (!a.transform.empty()) write_transform_timelines(a);
    if (!a.path.empty()) write_path_timelines(a);
    if (version_ == Version::V42 && !a.physics.empty()) write_physics_timelines(a);
    if (!a.deform.empty()) {
        if (version_ >= Version::V41) write_attachment_timelines(a);
        else write_deform_timelines(a);
    }
    if (!a.draw_order.empty()) write_draw_order(a);
    if (!a.events.empty()) write_event_keys(a);
    extras(a.json_extra);
    w_.end_object();
}

void JsonSkeletonWriter::write_slot_timelines(const Animation& a) {
    w_.key("slots");
    w_.begin_object();
    for (const SlotTimelines& g : a.slots) {
        w_.key(text(sd_.slots[static_cast<std::size_t>(g.slot)].name));
        w_.begin_object();
        for (const SlotTimeline& t : g.timelines) {
            w_.key(kSlotTimelineNames3[static_cast<std::size_t>(t.type)]);
            w_.begin_array();
            if (t.type == SlotTimelineType::Attachment) {
                for (std::size_t i = 0; i < t.attachment_keys.size(); ++i) {
                    const AttachmentKeyframe& k = t.attachment_keys[i];
                    w_.begin_object();
                    time(k.time);
                    str_or_null("name", k.name);
                    if (has_key_extras()) key_extras({"slots", text(sd_.slots[static_cast<std::size_t>(g.slot)].name), "attachment", std::to_string(i)});
                    w_.end_object();
                }
            } else {
                const bool two = t.type == SlotTimelineType::TwoColor;
                for (std::size_t i = 0; i < t.color_keys.size(); ++i) {
                    const ColorKeyframe& k = t.color_keys[i];
                    w_.begin_object();
                    time(k.time);
                    w_.member(two ? "light" : "color", rgba_text(k.color));
                    if (two) w_.member("dark", rgb_text(k.dark));
                    write_curve_of(t.color_keys, i);
                    if (has_key_extras()) key_extras({"slots", text(sd_.slots[static_cast<std::size_t>(g.slot)].name), two ? "twoColor" : "color", std::to_string(i)});
                    w_.end_object();
                }
            }
            w_.end_array();
        }
        w_.end_object();
    }
    w_.end_object();
}

void JsonSkeletonWriter::write_bone_timelines(const Animation& a) {
    w_.key("bones");
    w_.begin_object();
    for (const BoneTimelines& g : a.bones) {
        w_.key(text(sd_.bones[static_cast<std::size_t>(g.bone)].name));
        w_.begin_object();
        for (const BoneTimeline& t : g.timelines) {
            w_.key(kBoneTimelineNames[static_cast<std::size_t>(t.type)]);
            w_.begin_array();
            const bool scale = t.type == BoneTimelineType::Scale;
            const float fallback = scale ? 1.0f : 0.0f;
            const int decimals = scale ? 3 : 2;  // the editor's rounding of scales and of translations/shears
            for (std::size_t i = 0; i < t.keys.size(); ++i) {
                const BoneKeyframe& k = t.keys[i];
                w_.begin_object();
                time(k.time);
                if (version_ == Version::V37) {  // 3.7 writes every value of a bone key
                    if (t.type == BoneTimelineType::Rotate) {
                        num("angle", k.x);
                    } else {
                        num("x", k.x);
                        num("y", k.y);
                    }
                } else if (t.type == BoneTimelineType::Rotate) {
                    num_unless("angle", k.x, 0, 2);
                } else {
                    num_unless("x", k.x, fallback, decimals);
                    num_unless("y", k.y, fallback, decimals);
                }
                write_curve_of(t.keys, i);
                if (has_key_extras()) key_extras({"bones", text(sd_.bones[static_cast<std::size_t>(g.bone)].name), kBoneTimelineNames[static_cast<std::size_t>(t.type)], std::to_string(i)});
                w_.end_object();
            }
            w_.end_array();
        }
        w_.end_object();
    }
    w_.end_object();
}

void JsonSkeletonWriter::write_ik_timelines(const Animation& a) {
    w_.key("ik");
    w_.begin_object();
    for (const IkTimeline& t : a.ik) {
        w_.key(text(sd_.ik[static_cast<std::size_t>(t.constraint)].name));
        w_.begin_array();
        for (std::size_t i = 0; i < t.keys.size(); ++i) {
            const IkKeyframe& k = t.keys[i];
            w_.begin_object();
            time(k.time);
            num_unless("mix", k.mix, 1, 4);
            num_unless("softness", k.softness, 0, 2);
            flag_unless("bendPositive", k.bend_direction >= 0, true);
            flag_unless("compress", k.compress, false);
            flag_unless("stretch", k.stretch, false);
            write_curve_of(t.keys, i);
            if (has_key_extras()) key_extras({"ik", text(sd_.ik[static_cast<std::size_t>(t.constraint)].name), std::to_string(i)});
            w_.end_object();
        }
        w_.end_array();
    }
    w_.end_object();
}

void JsonSkeletonWriter::write_transform_timelines(const Animation& a) {
    w_.key("transform");
    w_.begin_object();
    for (const TransformTimeline& t : a.transform) {
        w_.key(text(sd_.transform[static_cast<std::size_t>(t.constraint)].name));
        w_.begin_array();
        for (std::size_t i = 0; i < t.keys.size(); ++i) {
            const TransformKeyframe& k = t.keys[i];
            w_.begin_object();
            time(k.time);
            if (is_4x(version_)) {  // one mix per channel; Y defaults to X
                num_unless("mixRotate", k.rotate_mix, 1, 4);
                num_unless("mixX", k.translate_mix, 1, 4);
                num_unless("mixY", k.mix_y, k.translate_mix, 4);
                num_unless("mixScaleX", k.scale_mix, 1, 4);
                num_unless("mixScaleY", k.mix_scale_y, k.scale_mix, 4);
                num_unless("mixShearY", k.shear_mix, 1, 4);
            } else {
                num_unless("rotateMix", k.rotate_mix, 1, scale_places());
                num_unless("translateMix", k.translate_mix, 1, scale_places());
                num_unless("scaleMix", k.scale_mix, 1, scale_places());
                num_unless("shearMix", k.shear_mix, 1, scale_places());
            }
            write_curve_of(t.keys, i);
            if (has_key_extras()) key_extras({"transform", text(sd_.transform[static_cast<std::size_t>(t.constraint)].name), std::to_string(i)});
            w_.end_object();
        }
        w_.end_array();
    }
    w_.end_object();
}

void JsonSkeletonWriter::write_path_timelines(const Animation& a) {
    const char* path_key = version_ == Version::V37 ? "paths" : "path";  // 3.7 files them under "paths"
    w_.key(path_key);
    w_.begin_object();
    for (const PathTimelines& g : a.path) {
        w_.key(text(sd_.path[static_cast<std::size_t>(g.constraint)].name));
        w_.begin_object();
        for (const PathTimeline& t : g.timelines) {
            w_.key(kPathTimelineNames[static_cast<std::size_t>(t.type)]);
            w_.begin_array();
            for (std::size_t i = 0; i < t.keys.size(); ++i) {
                const PathKeyframe& k = t.keys[i];
                w_.begin_object();
                time(k.time);
                if (is_4x(version_)) {  // "value"; mixes per channel
                    if (t.type == PathTimelineType::Mix) {
                        num_unless("mixRotate", k.a, 1, 4);
                        num_unless("mixX", k.b, 1, 4);
                        num_unless("mixY", k.c, k.b, 4);
                    } else {
                        num_unless("value", k.a, 0, 4);
                    }
                } else if (t.type == PathTimelineType::Mix) {
                    num_unless("rotateMix", k.a, 1, 4);
                    num_unless("translateMix", k.b, 1, 4);
                } else {
                    num_unless(t.type == PathTimelineType::Position ? "position" : "spacing", k.a, 0, 4);
                }
                write_curve_of(t.keys, i);
                if (has_key_extras()) key_extras({path_key, text(sd_.path[static_cast<std::size_t>(g.constraint)].name), kPathTimelineNames[static_cast<std::size_t>(t.type)], std::to_string(i)});
                w_.end_object();
            }
            w_.end_array();
        }
        w_.end_object();
    }
    w_.end_object();
}

void JsonSkeletonWriter::write_deform_timelines(const Animation& a) {
    w_.key("deform");
    w_.begin_object();
    for (const DeformSkin& ds : a.deform) {
        w_.key(text(sd_.skins[static_cast<std::size_t>(ds.skin)].name));
        w_.begin_object();
        for (const DeformSlot& dsl : ds.slots) {
            w_.key(text(sd_.slots[static_cast<std::size_t>(dsl.slot)].name));
            w_.begin_object();
            for (const DeformTimeline& t : dsl.timelines) {
                w_.key(text(t.attachment));
                std::string pointer;
                for (std::string_view token : {std::string_view("deform"), text(sd_.skins[static_cast<std::size_t>(ds.skin)].name),
                                               text(sd_.slots[static_cast<std::size_t>(dsl.slot)].name), text(t.attachment)})
                    io::append_pointer_token(pointer, token);
                write_deform_keys(t, pointer);
            }
            w_.end_object();
        }
        w_.end_object();
    }
    w_.end_object();
}

// The keys of one deform timeline; `pointer` is the timeline's JSON path in the animation, for kept keys.
void JsonSkeletonWriter::write_deform_keys(const DeformTimeline& t, const std::string& pointer) {
    w_.begin_array();
    for (std::size_t i = 0; i < t.keys.size(); ++i) {
        const DeformKeyframe& k = t.keys[i];
        w_.begin_object();
        time(k.time);
        // The editor's JSON leaves out near-zero values at both ends (its .skel keeps them).
        std::size_t first = 0, end = k.values.size();
        if (rounding_) {
            while (first < end && std::fabs(k.values[first]) < kDeformTrim) ++first;
            while (end > first && std::fabs(k.values[end - 1]) < kDeformTrim) --end;
        }
        if (first < end) {
            const long offset = static_cast<long>(k.offset) + static_cast<long>(first);
            if (offset != 0) w_.member("offset", offset);
            w_.key("vertices");
            w_.begin_array();
            for (std::size_t i = first; i < end; ++i) value(k.values[i]);
            w_.end_array();
        }
        write_curve_of(t.keys, i);
        if (has_key_extras()) key_extras_at(pointer + "/" + std::to_string(i));
        w_.end_object();
    }
    w_.end_array();
}

void JsonSkeletonWriter::write_draw_order(const Animation& a) {
    w_.key("drawOrder");
    w_.begin_array();
    for (std::size_t i = 0; i < a.draw_order.size(); ++i) {
        const DrawOrderKeyframe& k = a.draw_order[i];
        w_.begin_object();
        time(k.time);
        if (!k.offsets.empty()) {
            w_.key("offsets");
            w_.begin_array();
            for (std::size_t j = 0; j < k.offsets.size(); ++j) {
                const DrawOrderOffset& o = k.offsets[j];
                w_.begin_object();
                slot_name("slot", o.slot);
                w_.member("offset", o.offset);
                if (has_key_extras()) key_extras({"drawOrder", std::to_string(i), "offsets", std::to_string(j)});
                w_.end_object();
            }
            w_.end_array();
        }
        if (has_key_extras()) key_extras({"drawOrder", std::to_string(i)});
        w_.end_object();
    }
    w_.end_array();
}

void JsonSkeletonWriter::write_event_keys(const Animation& a) {
    w_.key("events");
    w_.begin_array();
    for (std::size_t i = 0; i < a.events.size(); ++i) {
        const EventKeyframe& k = a.events[i];
        const EventData& def = sd_.events[static_cast<std::size_t>(k.event)];
        w_.begin_object();
        time(k.time);
        name_of("name", def.name);
        if (k.int_value != def.int_value) w_.member("int", k.int_value);
        num_unless("float", k.float_value, def.float_value, 4);
        str("string", k.string_value);
        if (def.audio) {
            // Always written: runtimes disagree on what a key without them means (spine-libgdx and C#
            // take the event's values, spine-cpp, spine-c and spine-ts 3.8 take 1 and 0).
            num("volume", k.volume);
            num("balance", k.balance);
        }
        if (has_key_extras()) key_extras({"events", std::to_string(i)});
        w_.end_object();
    }
    w_.end_array();
}

}  // namespace rigio::spine::detail
