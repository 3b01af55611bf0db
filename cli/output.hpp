// The CLI's inputs and outputs: "-" is standard input or output, files are written atomically
// (rigio/io/file.hpp), and the global settings that decide what is printed and what is replaced.
#pragma once

#include <cstdint>
#include <cstdio>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "rigio/io/file.hpp"

namespace rigio::cli {

struct Settings {
    bool quiet = false;       // -q: only the summary line and errors
    bool verbose = false;     // -v: every loss and detail
    bool force = false;       // -f: replace read-only outputs
    bool no_clobber = false;  // -n: never replace an existing output
};
Settings& settings();

inline bool is_std_stream(const std::string& path) { return path == "-"; }

// The whole input: a file, or standard input for "-".
std::vector<std::uint8_t> read_input(const std::string& path);

// Writes a whole output: standard output for "-" (flushed and checked), else atomically.
void write_output(const std::string& path, std::span<const std::uint8_t> bytes);
void write_output(const std::string& path, const std::string& text);

// A streamed output for commands that write as they go (pose, sample): standard output for "-"
// or an empty path, else an atomic file. `file()` is a stdio stream; `commit()` checks and puts
// the file in place (nothing is replaced when the object dies without commit).
class OutputStream {
public:
    explicit OutputStream(const std::string& path);
    ~OutputStream();
    std::FILE* file() const { return file_; }
    void commit();

private:
    std::string path_;
    std::unique_ptr<io::AtomicFile> atomic_;
    std::FILE* file_ = nullptr;
};

// "FILE: message" on stderr, both escaped (untrusted text).
void print_error(const std::string& file, const std::string& message);
void print_warning(const std::string& file, const std::string& message);

}  // namespace rigio::cli
