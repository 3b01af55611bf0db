// rigio: read, write, validate, convert and play skeletal-animation data.
#include <cstdio>

#include "commands.hpp"

int main(int argc, char** argv) {
    CLI::App app{
        "rigio: read, write, validate, convert and play skeletal-animation data\n"
        "(Spine 3.8 .skel and JSON, DragonBones JSON and .dbbin, MRTK input-animation recordings).\n"
        "The format of every input is detected from its content."};
    app.name("rigio");
    app.set_version_flag("--version", "rigio 0.1.0");
    app.require_subcommand(1);
    int exit_code = 0;
    rigio::cli::add_info(app, exit_code);
    rigio::cli::add_validate(app, exit_code);
    rigio::cli::add_convert(app, exit_code);
    rigio::cli::add_pose(app, exit_code);
    rigio::cli::add_sample(app, exit_code);
    rigio::cli::add_repair(app, exit_code);
    rigio::cli::add_render(app, exit_code);
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        int code = app.exit(e);
        return code == 0 ? 0 : 2;  // --help and --version exit 0; usage errors exit 2
    }
    return exit_code;
}
