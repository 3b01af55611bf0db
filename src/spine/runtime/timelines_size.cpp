// Sizing of the animations' pools before their timelines are built (see timelines_build.cpp): the
// floats and ints each animation's timelines keep, counted from the model's lists as the builders lay
// them out, so that every pool is allocated once.
#include <algorithm>

#include "rigio/spine/runtime/curves.hpp"
#include "runtime_internal.hpp"

namespace rigio::spine::runtime::detail {

int keyed_attachment(const RuntimeData& rd, const DeformSkin& ds, const DeformSlot& dsl, const DeformTimeline& dt) {
    return ds.skin >= 0 && static_cast<std::size_t>(ds.skin) < rd.skins.size() && dt.attachment
               ? rd.skin_attachment(ds.skin, dsl.slot, rd.name_id(*dt.attachment))
               : -1;
}

PoolSizes pool_sizes(const RuntimeData& rd, const Animation& a, std::size_t& budget) {
    const bool v4 = rd.v4();
    PoolSizes z;
    auto expand = [&](std::size_t per_key, std::size_t keys) {
        const std::size_t n = per_key != 0 && keys > budget / per_key ? budget : per_key * keys;
        budget -= n;
        return n;
    };
    // A timeline of `keys` keys of `entries` floats, with curves over `channels` channels when `curved`.
    auto add = [&](std::size_t keys, int entries, bool curved, bool absolute, int channels) {
        ++z.timelines;
        z.max_keys = std::max(z.max_keys, keys);
        z.floats += keys * static_cast<std::size_t>(entries);
        if (keys >= 2 && keys <= kCountedKeys) z.floats += counted_times(keys);  // (when ordered)
        // Curves: a transition kind each, and samples for as many as are Bézier (at most all of them: the
        // floats are counted as if they were, the pool's unused end is never written).
        if (curved && keys >= 2) {
            z.ints += keys - 1;
            z.floats += (keys - 1) * static_cast<std::size_t>(absolute ? absolute_curve_samples(channels) : kCurveSamples);
        }
    };
    for (const SlotTimelines& g : a.slots)
        for (const SlotTimeline& st : g.timelines) {
            if (st.type == SlotTimelineType::Attachment) {
                add(st.attachment_keys.size(), 1, false, false, 1);
                z.ints += st.attachment_keys.size();
                continue;
            }
            const int channels = st.type == SlotTimelineType::TwoColor ? 7
                                 : st.type == SlotTimelineType::Rgb    ? 3
                                 : st.type == SlotTimelineType::Rgb2   ? 6
                                 : st.type == SlotTimelineType::Alpha  ? 1
                                                                       : 4;
            add(st.color_keys.size(), channels + 1, true, v4, channels);
        }
    for (const BoneTimelines& g : a.bones)
        for (const BoneTimeline& bt : g.timelines) {
            const bool two = bt.type == BoneTimelineType::Translate || bt.type == BoneTimelineType::Scale ||
                             bt.type == BoneTimelineType::Shear;
            if (bt.type == BoneTimelineType::Inherit)
                add(bt.keys.size(), 2, false, false, 1);
            else
                add(bt.keys.size(), two ? 3 : 2, true, v4, two ? 2 : 1);
        }
    for (const IkTimeline& it : a.ik) add(it.keys.size(), 6, true, v4, 2);
    for (const TransformTimeline& tt : a.transform) add(tt.keys.size(), v4 ? 7 : 5, true, v4, 6);
    for (const PathTimelines& g : a.path)
        for (const PathTimeline& pt : g.timelines) {
            const int channels = pt.type == PathTimelineType::Mix ? (v4 ? 3 : 2) : 1;
            add(pt.keys.size(), channels + 1, true, v4, channels);
        }
    for (const PhysicsTimelines& g : a.physics)
        for (const PhysicsTimeline& pt : g.timelines) {
            const bool reset = pt.type == PhysicsTimelineType::Reset;
            add(pt.keys.size(), reset ? 1 : 2, !reset, true, 1);
        }
    for (const DeformSkin& ds : a.deform)
        for (const DeformSlot& dsl : ds.slots)
            for (const DeformTimeline& dt : dsl.timelines) {
                if (dt.type == AttachmentTimelineType::Sequence) {
                    add(dt.sequence_keys.size(), 4, false, false, 1);
                    continue;
                }
                add(dt.keys.size(), 1, true, v4, 1);
                const int id = keyed_attachment(rd, ds, dsl, dt);
                if (id >= 0) z.floats += expand(static_cast<std::size_t>(rd.attachments[static_cast<std::size_t>(id)].deform_length), dt.keys.size());
            }
    if (!a.draw_order.empty()) {
        add(a.draw_order.size(), 1, false, false, 1);
        z.ints += expand(rd.data->slots.size(), a.draw_order.size());
    }
    if (!a.events.empty()) {
        add(a.events.size(), 1, false, false, 1);
        z.ints += a.events.size();
    }
    return z;
}

}  // namespace rigio::spine::runtime::detail
