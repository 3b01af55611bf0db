// rigio/convert/spine_version.hpp: Spine skeleton data moved between the versions rigio reads (3.7, 3.8,
// 4.0, 4.1, 4.2), up and down, so that the target version's runtime poses it as the source's did.
// Exact where the target can hold the data (3.x curves become per-channel 4.x Béziers, 3.x rotations are
// unwrapped, mixes and colour timelines change form); what it cannot hold is approximated or dropped and
// named in the loss report (JSON pointers into the source as Spine JSON, with names). The README's
// "Spine version conversion" table lists every pair.
#pragma once

#include "rigio/io/loss.hpp"
#include "rigio/spine/model.hpp"
#include "rigio/spine/version.hpp"

namespace rigio::convert {

struct SpineVersionResult {
    spine::SkeletonData data;  // in the target layout (Header::data_version, the target editor's version string)
    LossReport losses;         // empty: lossless (converting back gives the source's values)
};

// Converts `source` (its Header::data_version says its layout) to `target`. The same version returns the
// data unchanged with an empty report.
SpineVersionResult convert_spine_version(const spine::SkeletonData& source, spine::Version target);

// The editor version string written for a target layout ("3.8.99", "4.2.22", ...).
const char* spine_editor_version(spine::Version v);

}  // namespace rigio::convert
