// The CLI's inputs and outputs: "-" is standard input or output, files are written atomically
// (rigio/io/file.hpp), and the global settings that decide what is printed and what is replaced.
#pragma once

#include <cstdint>
#include <cstdio>
#include <memory>
#include <span>
#include <string>
#include <utility>
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

// The whole input: a file, or standard input for "-" (io::kReadPadding zero bytes kept after it).
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

// Writes `text` to `stream` (stdout or stderr), or, while a Capture is active on this thread, keeps
// it there: batch workers (convert -j N) capture what each input prints, and the batch replays it
// in input order, so the output does not depend on N.
void emit(std::FILE* stream, const std::string& text);

class Capture {
public:
    Capture();   // starts capturing this thread's emit() calls
    ~Capture();  // stops (what was not taken is dropped)
    Capture(const Capture&) = delete;
    Capture& operator=(const Capture&) = delete;
    // The captured pieces in order, and forgets them.
    std::vector<std::pair<std::FILE*, std::string>> take();
    static void replay(const std::vector<std::pair<std::FILE*, std::string>>& pieces);
    void add(std::FILE* stream, const std::string& text);

private:
    std::vector<std::pair<std::FILE*, std::string>> pieces_;
    Capture* outer_;
};

// While a Stage is active on this thread, write_output() to a file only writes its temporary file
// and keeps it here, uncommitted; the batch then commits many files together (io::commit_together),
// one wait for the device instead of one per file. Files never committed are removed.
class Stage {
public:
    Stage();
    ~Stage();
    Stage(const Stage&) = delete;
    Stage& operator=(const Stage&) = delete;
    std::vector<std::unique_ptr<io::AtomicFile>> take() { return std::move(files_); }
    void add(std::unique_ptr<io::AtomicFile> f) { files_.push_back(std::move(f)); }

private:
    std::vector<std::unique_ptr<io::AtomicFile>> files_;
    Stage* outer_;
};

// "FILE: message" on stderr, both escaped (untrusted text).
void print_error(const std::string& file, const std::string& message);
void print_warning(const std::string& file, const std::string& message);

}  // namespace rigio::cli
