// One function per command: each adds its subcommand to the app and runs it when chosen.
// Exit codes: 0 success, 1 a file was bad or could not be processed, 2 usage error.
#pragma once

#include <CLI/CLI.hpp>

namespace rigio::cli {

// Registers a command; the callback sets `exit_code` when the command runs.
void add_info(CLI::App& app, int& exit_code);
void add_validate(CLI::App& app, int& exit_code);
void add_convert(CLI::App& app, int& exit_code);
void add_pose(CLI::App& app, int& exit_code);
void add_sample(CLI::App& app, int& exit_code);
void add_repair(CLI::App& app, int& exit_code);
void add_render(CLI::App& app, int& exit_code);

}  // namespace rigio::cli
