// rigio info FILE...: a readable summary of each file (or JSON for scripts with --json).
#include <fmt/core.h>

#include <string>
#include <vector>

#include "commands.hpp"
#include "document.hpp"
#include "mrtk_document.hpp"
#include "output.hpp"
#include "summary.hpp"
#include "text.hpp"

namespace rigio::cli {

void add_info(CLI::App& app, int& exit_code) {
    auto* cmd = app.add_subcommand("info", "Summarise files: header, counts, skins, attachments, animations");
    cmd->footer(
        "For Spine data: version, hash, bounds, nonessential data, counts of bones, slots, constraints\n"
        "by kind, skins, attachments by type, events, timelines by kind (in the version's JSON words:\n"
        "3.x color, 4.x rgba/alpha/translatex..., 4.2 inherit and physics/...), and per animation its\n"
        "duration and timeline counts; and what the version adds: skin-required bones and constraints\n"
        "(3.8+), sequences (4.1+), reference scale and physics constraints (4.2).\n"
        "For DragonBones data: per armature bones, slots, IK, skins, displays by type, and per animation\n"
        "its duration in frames and seconds, keys and timelines by kind.\n"
        "For MRTK input animations: version, sections present, duration, curves and keys per section,\n"
        "markers, quaternion sign flips, and warnings for known producer defects.\n"
        "With several files, each is summarised in turn (--json: one JSON object per file). Names from\n"
        "files are escaped; in JSON, bytes that are not UTF-8 become U+FFFD (and a warning says so).");
    static std::vector<std::string> files;
    static bool json = false;
    cmd->add_option("files", files, "The files to summarise ('-' is standard input)")->required();
    cmd->add_flag("--json", json, "Print the summary as JSON");
    add_mrtk_load_options(cmd);
    cmd->callback([&exit_code] {
        exit_code = 0;
        for (std::size_t i = 0; i < files.size(); ++i) {
            const std::string& file = files[i];
            try {
                Document doc = load(file);
                for (const std::string& w : doc.warnings) print_warning(file, w);
                take_utf8_replaced();
                const std::string text = json ? summary_json(doc, file) : summary_text(doc, file);
                if (!json && i > 0) fmt::print("\n");
                fmt::print("{}", text);
                if (json && take_utf8_replaced())
                    print_warning(file, "some names are not valid UTF-8: shown with U+FFFD in the JSON");
            } catch (const Error& e) {
                print_error(file, e.what());
                exit_code = 1;
            }
        }
    });
}

}  // namespace rigio::cli
