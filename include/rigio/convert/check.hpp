// rigio/convert/check.hpp: a Spine conversion result checked the way rigio reads files, before anyone
// writes it. The skeleton is written as JSON in memory and read back with rigio's validating Spine JSON
// reader (the one `rigio validate` uses); whatever it rejects is a converter defect, reported as a
// rigio::Error at the JSON path of the offending value in the converted skeleton, so that a conversion
// never produces a file rigio itself would refuse. dragonbones_to_spine runs it before returning; the
// DragonBones side is dragonbones::check_readable (rigio/dragonbones/version.hpp), which
// spine_to_dragonbones and dragonbones::convert_version run.
#pragma once

#include "rigio/io/error.hpp"
#include "rigio/spine/model.hpp"

namespace rigio::convert {

// An Error ("error at /animations/walk/drawOrder/0/offsets/1/offset in the converted Spine skeleton:
// ...") when rigio's Spine JSON reader rejects `skeleton` as rigio would write it.
Result<void> check_spine_result(const spine::SkeletonData& skeleton);

}  // namespace rigio::convert
