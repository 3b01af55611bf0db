// Spine version conversion: an animation's duration kept when dropped keys ended it (see keep_duration).
#include "spine_version_animation.hpp"

namespace rigio::convert::spine_version {

using namespace rigio::spine;

namespace {

// Appends to `keys` (when its last key ends the animation at `end`) a copy of its last key at `to`,
// the previous one made stepped: after its last key a timeline holds that key's value, so the pose is
// the same at every time and the animation lasts until `to` again.
template <class Key>
bool hold_until(Vector<Key>& keys, float end, float to) {
    if (keys.empty() || keys.back().time != end) return false;
    Key k = keys.back();
    k.time = to;
    if constexpr (requires { k.curve; }) keys.back().curve = {CurveType::Stepped};
    keys.push_back(std::move(k));
    return true;
}

}  // namespace

// A source animation lasts until its last key; when only dropped keys (physics, sequence steps) ended it,
// the timeline that now ends it holds its last value until the source's end, so sample times and
// looping stay the source's. (Sequence and event keys are not repeated: they would act again.)
void AnimationConverter::keep_duration(Animation& a, float to) {
    const float end = duration(a);
    for (SlotTimelines& g : a.slots)
        for (SlotTimeline& t : g.timelines)
            if (hold_until(t.attachment_keys, end, to) || hold_until(t.color_keys, end, to)) return;
    for (BoneTimelines& g : a.bones)
        for (BoneTimeline& t : g.timelines)
            if (hold_until(t.keys, end, to)) return;
    for (IkTimeline& t : a.ik)
        if (hold_until(t.keys, end, to)) return;
    for (TransformTimeline& t : a.transform)
        if (hold_until(t.keys, end, to)) return;
    for (PathTimelines& g : a.path)
        for (PathTimeline& t : g.timelines)
            if (hold_until(t.keys, end, to)) return;
    for (DeformSkin& s : a.deform)
        for (DeformSlot& sl : s.slots)
            for (DeformTimeline& t : sl.timelines)
                if (t.type == AttachmentTimelineType::Deform && hold_until(t.keys, end, to)) return;
    hold_until(a.draw_order, end, to);
}

}  // namespace rigio::convert::spine_version
