// The per-file result of validate and convert, printed as one JSON object per line with --json:
// {"path", "format", "version", "status", "outputs", "error": {"message", "byte", "path", "line",
// "column"}, "warnings", "losses": [{"where", "feature", "action", "count"}]}.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "document.hpp"
#include "rigio/convert/loss.hpp"

namespace rigio::cli {

struct FileReport {
    std::string path;
    std::string format;   // empty when unknown
    std::string version;  // the data's version, when known
    std::string status;   // "ok", "failed", "skipped", "refused"
    std::vector<std::string> outputs;
    std::optional<Error> error;
    std::vector<std::string> warnings;
    convert::LossReport losses;
};

// The version a document's data declares ("3.8.99", "5.5", "1.1"), or empty.
std::string document_version(const Document& doc);

// One line of JSON (ends with '\n').
std::string file_report_json(const FileReport& r);

}  // namespace rigio::cli
