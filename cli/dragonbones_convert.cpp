// Before writing DragonBones JSON: the version step (--db-version) and what that version cannot hold.
#include "document.hpp"
#include "rigio/dragonbones/version.hpp"

namespace rigio::cli {

convert::LossReport prepare_dragonbones(Document& doc, const std::string& db_version) {
    convert::LossReport report;
    auto* db = std::get_if<dragonbones::DragonBonesData>(&doc.model);
    if (!db || db_version.empty()) return report;
    std::vector<dragonbones::Loss> losses;
    *db = dragonbones::convert_version(*db, db_version, losses);
    for (auto& l : losses) report.add(std::move(l.path), std::move(l.what), "DragonBones " + db_version + " cannot hold it");
    return report;
}

}  // namespace rigio::cli
