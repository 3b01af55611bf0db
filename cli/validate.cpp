// rigio validate FILE...: reads every file with its format's validating reader.
#include <fmt/core.h>

#include <string>
#include <vector>

#include "batch.hpp"
#include "commands.hpp"
#include "document.hpp"
#include "mrtk_document.hpp"

namespace rigio::cli {

void add_validate(CLI::App& app, int& exit_code) {
    auto* cmd = app.add_subcommand("validate", "Check that files are well-formed; report each problem with its location");
    cmd->footer(
        "Exit status: 0 when every file is valid, 1 when any is not (each bad file is reported as\n"
        "'FILE: error at byte OFFSET: what is wrong' or with a JSON path), 2 on usage errors.\n"
        "Every file is checked even after a bad one; a summary line ends the run when there are several.");
    static std::vector<std::string> files;
    static bool quiet = false;
    cmd->add_option("files", files, "Files to check")->required();
    cmd->add_flag("-q,--quiet", quiet, "Print only the bad files");
    add_mrtk_load_options(cmd);
    cmd->callback([&exit_code] {
        Batch batch(files.size());
        for (const std::string& f : files) {
            batch.start(f);
            try {
                Document doc = load(f);
                batch.ok();
                if (!quiet) fmt::print("{}: ok ({})\n", f, format_name(doc.format));
                for (const std::string& w : doc.warnings) fmt::print(stderr, "{}: warning: {}\n", f, w);
            } catch (const Error& e) {
                batch.failed(f, e.what());
                fmt::print("{}: {}\n", f, e.what());
            }
        }
        exit_code = batch.finish();
    });
}

}  // namespace rigio::cli
