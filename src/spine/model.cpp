#include "rigio/spine/model.hpp"

#include <algorithm>

namespace rigio::spine {

namespace {
template <class Keys>
void extend(float& d, const Keys& keys) {
    if (!keys.empty()) d = std::max(d, keys.back().time);
}
}  // namespace

float duration(const Animation& a) {
    float d = 0;
    for (const auto& s : a.slots)
        for (const auto& t : s.timelines) {
            extend(d, t.attachment_keys);
            extend(d, t.color_keys);
        }
    for (const auto& b : a.bones)
        for (const auto& t : b.timelines) extend(d, t.keys);
    for (const auto& t : a.ik) extend(d, t.keys);
    for (const auto& t : a.transform) extend(d, t.keys);
    for (const auto& p : a.path)
        for (const auto& t : p.timelines) extend(d, t.keys);
    for (const auto& p : a.physics)
        for (const auto& t : p.timelines) extend(d, t.keys);
    for (const auto& s : a.deform)
        for (const auto& sl : s.slots)
            for (const auto& t : sl.timelines) {
                extend(d, t.keys);
                extend(d, t.sequence_keys);
            }
    extend(d, a.draw_order);
    extend(d, a.events);
    return d;
}

}  // namespace rigio::spine
