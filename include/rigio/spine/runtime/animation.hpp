// rigio/spine/runtime/animation.hpp: applying a Spine 3.8 animation to a skeleton instance.
// Blending is "setup" (the value is mixed from the setup pose by `alpha`), direction "in": the way
// a single animation is posed over the setup pose. Allocates nothing.
#pragma once

#include <vector>

#include "rigio/spine/runtime/skeleton.hpp"

namespace rigio::spine::runtime {

// Applies `animation` at `time`. With `loop`, times wrap at the duration. Events keyed in
// (last_time, time] (and from the start after a wrap) are appended to `events` when it is not null.
void apply(const AnimationInfo& animation, Skeleton& skeleton, float last_time, float time, bool loop,
           std::vector<FiredEvent>* events, float alpha = 1);

// Applies a single timeline (used by apply; exposed for tests).
void apply_timeline(const Timeline& timeline, const AnimationInfo& animation, Skeleton& skeleton, float last_time,
                    float time, std::vector<FiredEvent>* events, float alpha);

}  // namespace rigio::spine::runtime
