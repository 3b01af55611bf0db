// rigio/spine/runtime/sequence.hpp: the frame a slot's sequence attachment shows (Spine 4.1+).
// A region or mesh attachment with a sequence cycles through regions named by its path followed by a
// zero-padded number; sequence timelines set the slot's frame, and a slot without a keyed frame shows
// the sequence's setup frame.
#pragma once

#include <string>

#include "rigio/spine/runtime/skeleton.hpp"

namespace rigio::spine::runtime {

// The frame shown by `slot` (its keyed frame, else the setup frame, at most the last frame), or -1 when
// the slot shows no attachment with a sequence.
int sequence_frame(const Skeleton& skeleton, int slot);

// The region path of frame `frame` of a sequence attachment: "left-wing" + 3 -> "left-wing03" for a
// sequence starting at 1 with 2 digits.
std::string sequence_region(const AttachmentInfo& attachment, int frame);

// The frame a sequence key gives at `time` (at or after the key's time `before`): `index` held (mode
// hold), or advanced by one every `delay` seconds since the key (a bias of 1e-4 frame keeps exact
// multiples of the delay on their frame) and folded into `count` frames as `mode` says.
long sequence_key_frame(SequenceMode mode, long index, float delay, float before, float time, long count);
// The whole frames elapsed at `time` since a key at `before` (what sequence_key_frame folds).
long sequence_steps(float delay, float before, float time);

}  // namespace rigio::spine::runtime
