// rigio convert --spine-version X.Y: moves Spine data to another Spine version (rigio/convert/spine_version.hpp).
#pragma once

#include <string>

#include "document.hpp"

namespace rigio::cli {

// The versions --spine-version accepts: 3.7, 3.8, 4.0, 4.1, 4.2.
const std::vector<std::string>& spine_version_names();

// Converts the Spine skeleton in `doc` to `version` in place and returns what that version cannot hold.
// Throws rigio::Error when `doc` holds no Spine skeleton.
convert::LossReport set_spine_version(Document& doc, const std::string& version);

}  // namespace rigio::cli
