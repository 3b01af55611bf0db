// rigio validate FILE...: reads every file with its format's validating reader.
#include <fmt/core.h>

#include <string>
#include <vector>

#include "batch.hpp"
#include "commands.hpp"
#include "document.hpp"
#include "file_report.hpp"
#include "mrtk_document.hpp"
#include "output.hpp"
#include "text.hpp"

namespace rigio::cli {

void add_validate(CLI::App& app, int& exit_code) {
    auto* cmd = app.add_subcommand("validate", "Check that files are well-formed; report each problem with its location");
    cmd->footer(
        "Exit status: 0 when every file is valid, 1 when any is not (each bad file is reported once on\n"
        "stderr as 'FILE: error at byte OFFSET: what is wrong' or with a JSON path), 2 on usage errors.\n"
        "Every file is checked even after a bad one; a summary line ends the run when there are several.\n"
        "--json prints one JSON object per file on stdout: path, format, version, status (ok|failed),\n"
        "error {message, byte, path, line, column}, warnings. '-' reads standard input.");
    static std::vector<std::string> files;
    static bool json = false;
    cmd->add_option("files", files, "Files to check ('-' is standard input)")->required();
    cmd->add_flag("--json", json, "One JSON object per file on stdout");
    add_mrtk_load_options(cmd);
    cmd->callback([&exit_code] {
        Batch batch(files.size());
        for (const std::string& f : files) {
            batch.start(f);
            FileReport r;
            r.path = f;
            try {
                Document doc = load(f);
                batch.ok();
                r.status = "ok";
                r.format = format_name(doc.format);
                r.version = document_version(doc);
                r.warnings = doc.warnings;
                if (!json) {
                    if (!settings().quiet) fmt::print("{}: ok ({})\n", esc(f), format_name(doc.format));
                    for (const std::string& w : doc.warnings) print_warning(f, w);
                }
            } catch (const Error& e) {
                batch.failed(f, e.what(), !json);
                r.status = "failed";
                r.error = e;
            }
            if (json) fmt::print("{}", file_report_json(r));
        }
        exit_code = batch.finish();
    });
}

}  // namespace rigio::cli
