// Spine conversion results read back by rigio's own reader (see rigio/convert/check.hpp).
#include "rigio/convert/check.hpp"

#include "rigio/spine/json.hpp"

namespace rigio::convert {

void check_spine_result(const spine::SkeletonData& skeleton) {
    const Result<spine::SkeletonData> back = spine::read_json(spine::write_json(skeleton));
    if (back) return;
    // The reader's error, placed in the converted skeleton: its JSON path stays, the line and column (of
    // text nobody sees) go.
    const Error& e = back.error();
    std::string context = "in the converted Spine skeleton";
    if (!e.context().empty()) context += " " + e.context();
    throw Error(e.message() + " (rigio's own reader rejects the conversion result; nothing was written)",
                Location::at_path(e.where().json_path.empty() ? "/" : e.where().json_path), context);
}

}  // namespace rigio::convert
