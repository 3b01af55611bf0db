// Chooses the version step: relabel, upgrade to 5.5 or downgrade to 4.5.
#include "rigio/dragonbones/version.hpp"
#include "rigio/io/error.hpp"
#include "version_common.hpp"

namespace rigio::dragonbones {

namespace {

using detail::Loss;

DragonBonesData change_version(const DragonBonesData& data, std::string_view target, std::vector<Loss>& losses) {
    const int from = version_code(data);
    if (target != "4.5" && target != "5.5")
        throw Error("DragonBones JSON can be written as version 4.5 or 5.5, not " + std::string(target));
    if (from < 40)
        throw Error("converting DragonBones " + data.version.value_or("(no version)") + " data is not supported (4.0 to 5.6 are)",
                    Location::at_path("/version"));
    DragonBonesData out = data;
    out.version_is_number = false;
    if (target == "5.5") {
        if (from == 55) return out;
        if (from >= 56) {
            out.version = "5.5";
            out.compatibleVersion = "5.5";
            losses.push_back({"/version", "5.6 data labelled 5.5: typed \"timeline\" arrays, surface bones and other 5.6 keys are kept "
                                          "as written but 5.5 runtimes ignore them"});
            return out;
        }
        detail::upgrade_to_55(out, losses);
        return out;
    }
    if (from == 45) return out;
    if (from < 45) {  // 4.0 keys are a subset of 4.5's
        out.version = "4.5";
        return out;
    }
    if (from >= 56)
        losses.push_back({"/version", "5.6 typed \"timeline\" arrays, surface bones and other 5.6 keys: kept as written; "
                                      "4.5 runtimes ignore them"});
    detail::downgrade_to_45(out, losses);
    return out;
}

}  // namespace

// The version steps word each loss as one text, "feature: action"; the report keeps the two apart.
Result<DragonBonesData> convert_version(const DragonBonesData& data, std::string_view target, LossReport& report) {
    std::vector<Loss> losses;
    Result<DragonBonesData> changed = capture([&] { return change_version(data, target, losses); });
    if (!changed) return changed;
    DragonBonesData& out = changed.value();
    if (Result<void> readable = check_readable(out, "DragonBones " + std::string(target) + " data"); !readable)
        return readable.error();
    for (Loss& l : losses) {
        const std::size_t colon = l.what.find(": ");
        if (colon == std::string::npos)
            report.add(std::move(l.path), std::move(l.what), "dropped");
        else
            report.add(std::move(l.path), l.what.substr(0, colon), l.what.substr(colon + 2));
    }
    return changed;
}

}  // namespace rigio::dragonbones
