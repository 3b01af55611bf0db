// Before writing DragonBones JSON: the version step (--db-version) and what that version cannot hold.
#include "document.hpp"
#include "rigio/dragonbones/version.hpp"

namespace rigio::cli {

convert::LossReport prepare_dragonbones(Document& doc, const std::string& db_version) {
    convert::LossReport report;
    auto* db = std::get_if<dragonbones::DragonBonesData>(&doc.model);
    if (!db || db_version.empty()) return report;
    *db = dragonbones::convert_version(*db, db_version, report);
    return report;
}

}  // namespace rigio::cli
