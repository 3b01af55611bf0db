// rigio repair IN OUT: fixes known producer defects of MRTK recordings and says what changed.
#include <fmt/core.h>

#include <string>

#include "commands.hpp"
#include "document.hpp"
#include "mrtk_document.hpp"
#include "output.hpp"
#include "rigio/mrtk/edit.hpp"

namespace rigio::cli {

void add_repair(CLI::App& app, int& exit_code) {
    auto* cmd = app.add_subcommand("repair", "Fix known producer defects in an MRTK recording");
    cmd->footer(
        "Recomputes rotation W curves lost by the MRTK 2.6/2.7 recording optimizer:\n"
        "w = +-sqrt(1 - x^2 - y^2 - z^2) at every X key, the sign taken from the stored first W key and\n"
        "kept continuous. Prints one line per change; the output keeps the input's version. The output\n"
        "format follows its extension (.bin or .json).");
    static std::string in, out;
    cmd->add_option("input", in, "The recording to repair")->required();
    cmd->add_option("output", out, "Where to write the repaired recording")->required();
    add_mrtk_load_options(cmd);
    cmd->callback([&exit_code] {
        try {
            Document doc = load(in);
            for (const std::string& w : doc.warnings) print_warning(in, w);
            mrtk::InputAnimation& rec = mrtk_recording(doc, in);
            const auto changes = mrtk::repair(rec);
            Format target = format_for_output(doc, out);
            if (target == Format::Unknown) target = doc.format;
            save(doc, target, out);
            for (const Loss& c : changes.losses) fmt::print("{}: repaired {} {}\n", in, c.feature, c.action);
            fmt::print("{}: {} -> {}\n", in, changes.empty() ? "nothing to repair" : std::to_string(changes.losses.size()) + " change(s)",
                       out);
            exit_code = 0;
        } catch (const Error& e) {
            print_error(in, e.what());
            exit_code = 1;
        }
    });
}

}  // namespace rigio::cli
