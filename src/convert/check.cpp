// Spine conversion results read back by rigio's own reader (see rigio/convert/check.hpp).
#include "rigio/convert/check.hpp"

#include "rigio/spine/json.hpp"

namespace rigio::convert {

Result<void> check_spine_result(const spine::SkeletonData& skeleton) {
    const Result<std::string> text = spine::write_json(skeleton);
    if (!text) return text.error();  // a model no writer handles: the writer's own error
    const Result<spine::SkeletonData> back = spine::read_json(text.value());
    if (back) return {};
    return rejected_conversion(back.error(), "Spine skeleton");
}

}  // namespace rigio::convert
