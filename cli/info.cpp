// rigio info FILE: a readable summary of a file (or JSON for scripts with --json).
#include <fmt/core.h>

#include <string>

#include "commands.hpp"
#include "document.hpp"
#include "mrtk_document.hpp"
#include "summary.hpp"

namespace rigio::cli {

void add_info(CLI::App& app, int& exit_code) {
    auto* cmd = app.add_subcommand("info", "Summarise a file: header, counts, skins, attachments, animations");
    cmd->footer(
        "For Spine data: version, hash, bounds, nonessential data, counts of bones, slots, constraints\n"
        "by kind, skins, attachments by type, events, and per animation its duration and timeline counts.\n"
        "For MRTK input animations: version, sections present, duration, curves and keys per section,\n"
        "markers, quaternion sign flips, and warnings for known producer defects.");
    static std::string file;
    static bool json = false;
    cmd->add_option("file", file, "The file to summarise")->required();
    cmd->add_flag("--json", json, "Print the summary as JSON");
    add_mrtk_load_options(cmd);
    cmd->callback([&exit_code] {
        try {
            Document doc = load(file);
            for (const std::string& w : doc.warnings) fmt::print(stderr, "{}: warning: {}\n", file, w);
            fmt::print("{}", json ? summary_json(doc, file) : summary_text(doc, file));
            exit_code = 0;
        } catch (const Error& e) {
            fmt::print(stderr, "{}: {}\n", file, e.what());
            exit_code = 1;
        }
    });
}

}  // namespace rigio::cli
