// The CLI's MRTK pieces: the shared --assume-mrtk-version option, version changes for convert,
// and the `rigio info` summary.
#pragma once

#include <CLI/CLI.hpp>

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "document.hpp"
#include "rigio/io/loss.hpp"
#include "rigio/mrtk/model.hpp"

namespace rigio::cli {

// Adds --assume-mrtk-version 1.0|1.1 (read headerless prototype recordings) to a command.
void add_mrtk_load_options(CLI::App* cmd);

// Rewrites the document's recording as version "1.0" or "1.1" (rigio::set_mrtk_version); returns
// what was lost or changed. Throws rigio::Error when the document is not an MRTK recording.
LossReport set_mrtk_version(Document& doc, const std::string& version);

// The recording in a document, or an Error naming the path when it holds something else.
mrtk::InputAnimation& mrtk_recording(Document& doc, const std::string& path);

std::string mrtk_summary_text(const mrtk::InputAnimation& a, const Document& doc, const std::string& path);
std::string mrtk_summary_json(const mrtk::InputAnimation& a, const Document& doc, const std::string& path);

}  // namespace rigio::cli
