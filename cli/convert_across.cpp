#include "convert_across.hpp"

#include <filesystem>

namespace rigio::cli {

convert::LossReport convert_for(Document& doc, Format target, const std::string& in, const AcrossOptions& options,
                                std::optional<std::size_t> armature_index) {
    rigio::AcrossOptions o;
    o.armature = options.armature;
    o.curves_as_is = options.curves_as_is;
    o.name = in == "-" ? std::string("skeleton") : std::filesystem::path(in).stem().string();
    return take(rigio::convert_across(doc, target, o, armature_index));
}

}  // namespace rigio::cli
