#include "spine_version_option.hpp"

#include "rigio/convert/spine_version.hpp"

namespace rigio::cli {

const std::vector<std::string>& spine_version_names() {
    static const std::vector<std::string> names{"3.7", "3.8", "4.0", "4.1", "4.2"};
    return names;
}

convert::LossReport set_spine_version(Document& doc, const std::string& version) {
    auto* sd = std::get_if<spine::SkeletonData>(&doc.model);
    if (!sd) throw Error("--spine-version applies to Spine skeletons only");
    const auto target = spine::parse_version(version);
    if (!target) throw Error("--spine-version " + version + ": rigio writes Spine 3.7, 3.8, 4.0, 4.1 and 4.2");
    convert::SpineVersionResult r = convert::convert_spine_version(*sd, *target);
    *sd = std::move(r.data);
    return std::move(r.losses);
}

}  // namespace rigio::cli
