// Running the rigio CLI in tests: exit code, stdout and stderr apart, optional stdin and folder.
#pragma once

#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace rigio::test {

struct CliRun {
    int code = -1;
    std::string out, err;
};

inline std::string slurp(const std::filesystem::path& p) {
    std::ifstream f(p, std::ios::binary);
    std::ostringstream s;
    s << f.rdbuf();
    return s.str();
}

inline void spit(const std::filesystem::path& p, const std::string& text) { std::ofstream(p, std::ios::binary) << text; }

// A fresh folder for the current test.
inline std::filesystem::path test_dir(const std::string& prefix) {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    std::filesystem::path d = std::filesystem::temp_directory_path() / (prefix + "-" + info->test_suite_name() + "-" + info->name());
    std::filesystem::remove_all(d);
    std::filesystem::create_directories(d);
    return d;
}

// The CLI under test: $RIGIO_CLI_UNDER_TEST when set (to show that a test fails on an older build),
// else the one built with the tests.
inline std::string cli_path() {
    if (const char* env = std::getenv("RIGIO_CLI_UNDER_TEST")) return env;
    return RIGIO_CLI;
}

// Runs `rigio ARGS` in `dir` with a shell (arguments are shell words), stdin from `in` (/dev/null
// when empty) and stdout to `out_to` when given (else captured).
inline CliRun rigio_in(const std::filesystem::path& dir, const std::string& args, const std::string& in = {},
                    const std::string& out_to = {}) {
    const std::filesystem::path o = dir.string() + ".run-out", e = dir.string() + ".run-err";
    const std::string cmd = "cd '" + dir.string() + "' && '" + cli_path() + "' " + args + " <" +
                            (in.empty() ? std::string("/dev/null") : "'" + in + "'") + " >" +
                            (out_to.empty() ? "'" + o.string() + "'" : out_to) + " 2>'" + e.string() + "'";
    CliRun r;
    const int status = std::system(cmd.c_str());
    r.code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    r.out = slurp(o);
    r.err = slurp(e);
    std::filesystem::remove(o);
    std::filesystem::remove(e);
    return r;
}

// Runs `rigio ARGS` with a shell in the current folder; stdout and stderr together in `out`.
inline CliRun rigio_cmd(const std::string& args) {
    const std::string cmd = "'" + cli_path() + "' " + args + " 2>&1";
    CliRun r;
    FILE* p = popen(cmd.c_str(), "r");
    if (!p) return r;
    char buf[4096];
    std::size_t n;
    while ((n = fread(buf, 1, sizeof buf, p)) > 0) r.out.append(buf, n);
    const int status = pclose(p);
    r.code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    return r;
}

inline std::string stickman() { return std::string(RIGIO_SOURCE_DIR) + "/samples/stickman.skel"; }

// True when every byte is printable UTF-8 text or \n / \t (no raw control characters).
inline bool clean_text(const std::string& s) {
    for (unsigned char c : s)
        if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7f) return false;
    return true;
}

}  // namespace rigio::test
