// Before writing DragonBones JSON: the version step (--db-version) and its loss report on stderr.
#include <fmt/core.h>

#include "document.hpp"
#include "rigio/dragonbones/version.hpp"

namespace rigio::cli {

void prepare_dragonbones(Document& doc, const std::string& db_version, const std::string& source) {
    auto* db = std::get_if<dragonbones::DragonBonesData>(&doc.model);
    if (!db || db_version.empty()) return;
    LossReport report;
    *db = dragonbones::convert_version(*db, db_version, report);
    if (report.empty()) return;
    fmt::print(stderr, "{}: {} thing(s) DragonBones {} cannot hold:\n", source, report.losses.size(), db_version);
    for (const auto& l : report.losses) fmt::print(stderr, "  loss at {}: {}: {}\n", l.where, l.feature, l.action);
}

}  // namespace rigio::cli
