// rigio: read, write, validate, convert and play skeletal-animation data.
#include <fmt/core.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>

#include "commands.hpp"
#include "output.hpp"
#include "rigio/io/file.hpp"
#include "text.hpp"

namespace {

std::size_t edit_distance(const std::string& a, const std::string& b) {
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diag = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t up = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] == b[j - 1] ? 0 : 1)});
            diag = up;
        }
    }
    return row[b.size()];
}

// `rigio infos`: names the unknown command and the closest one, instead of CLI11's generic message.
bool unknown_command(const CLI::App& app, int argc, char** argv) {
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a.empty() || a[0] == '-') continue;
        std::string best;
        std::size_t best_d = 99;
        for (const CLI::App* sub : app.get_subcommands({})) {
            if (sub->get_name() == a) return false;
            const std::size_t d = edit_distance(a, sub->get_name());
            if (d < best_d) best_d = d, best = sub->get_name();
        }
        fmt::print(stderr, "rigio: unknown command \"{}\"", rigio::cli::esc(a));
        if (best_d <= 2) fmt::print(stderr, "; did you mean \"{}\"?", best);
        fmt::print(stderr, " (rigio --help lists the commands)\n");
        return true;
    }
    return false;
}

}  // namespace

int main(int argc, char** argv) {
    rigio::io::remove_temporaries_on_signals();
    CLI::App app{
        "rigio: read, write, validate, convert and play skeletal-animation data\n"
        "(Spine 3.7 to 4.2 .skel and JSON, DragonBones JSON and .dbbin, MRTK input-animation recordings).\n"
        "The format of every input is detected from its content. '-' is standard input or output."};
    app.name("rigio");
    app.set_version_flag("--version", "rigio 0.1.0");
    app.require_subcommand(1);
    app.fallthrough();  // the options below work after the command too: rigio validate -q *.skel
    auto& s = rigio::cli::settings();
    app.add_flag("-q,--quiet", s.quiet, "Print only errors and the summary line");
    app.add_flag("-v,--verbose", s.verbose, "Print more detail (every loss of a conversion)");
    app.add_flag("-n,--no-clobber", s.no_clobber, "Never replace an existing output: skip it and say so");
    app.add_flag("-f,--force", s.force, "Replace read-only outputs (an input is never replaced)");
    int exit_code = 0;
    // Commands: one registration per line (each lives in its own file).
    rigio::cli::add_info(app, exit_code);
    rigio::cli::add_validate(app, exit_code);
    rigio::cli::add_convert(app, exit_code);
    rigio::cli::add_pose(app, exit_code);
    rigio::cli::add_sample(app, exit_code);
    rigio::cli::add_repair(app, exit_code);
    rigio::cli::add_render(app, exit_code);
    if (unknown_command(app, argc, argv)) return 2;
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        int code = app.exit(e);
        return code == 0 ? 0 : 2;  // --help and --version exit 0; usage errors exit 2
    }
    if (std::fflush(stdout) != 0 || std::ferror(stdout)) {
        fmt::print(stderr, "rigio: could not write to standard output: {}\n", std::strerror(errno ? errno : EIO));
        return 1;
    }
    return exit_code;
}
