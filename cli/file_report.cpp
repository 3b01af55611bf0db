#include "file_report.hpp"

#include <fmt/core.h>

#include "text.hpp"

namespace rigio::cli {

std::string document_version(const Document& doc) {
    if (const auto* sd = std::get_if<spine::SkeletonData>(&doc.model)) return std::string(spine::view_of(sd->header.version));
    if (const auto* db = std::get_if<dragonbones::DragonBonesData>(&doc.model)) return db->version.value_or("");
    if (const auto* rec = std::get_if<mrtk::InputAnimation>(&doc.model)) return fmt::format("{}.{}", rec->major, rec->minor);
    return {};
}

std::string file_report_json(const FileReport& r) {
    auto str_or_null = [](const std::string& s) { return s.empty() ? std::string("null") : json_quote(s); };
    std::string o = fmt::format("{{\"path\": {}, \"format\": {}, \"version\": {}, \"status\": {}", json_quote(r.path),
                                str_or_null(r.format), str_or_null(r.version), json_quote(r.status));
    o += ", \"outputs\": [";
    for (std::size_t i = 0; i < r.outputs.size(); ++i) o += (i ? ", " : "") + json_quote(r.outputs[i]);
    o += "], \"error\": ";
    if (r.error) {
        const Location& w = r.error->where();
        o += fmt::format("{{\"message\": {}, \"byte\": {}, \"path\": {}, \"line\": {}, \"column\": {}}}", json_quote(r.error->what()),
                         w.byte ? std::to_string(*w.byte) : "null", str_or_null(w.json_path), w.line ? std::to_string(w.line) : "null",
                         w.column ? std::to_string(w.column) : "null");
    } else {
        o += "null";
    }
    o += ", \"warnings\": [";
    for (std::size_t i = 0; i < r.warnings.size(); ++i) o += (i ? ", " : "") + json_quote(r.warnings[i]);
    o += "], \"losses\": [";
    for (std::size_t i = 0; i < r.losses.losses.size(); ++i) {
        const auto& l = r.losses.losses[i];
        o += fmt::format("{}{{\"where\": {}, \"feature\": {}, \"action\": {}, \"count\": {}}}", i ? ", " : "", json_quote(l.where),
                         json_quote(l.feature), json_quote(l.action), l.count);
    }
    return o + "]}\n";
}

}  // namespace rigio::cli
