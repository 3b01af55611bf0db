// rigio/io/file.hpp: whole-file reads and atomic writes.
// A write goes to a temporary file (".rigio-XXXXXX") in the target's directory, is made durable
// (fsync), then renamed over the target, so a failed or interrupted write never destroys an existing file.
// The target keeps its nature: a symbolic link is written through (its final target is replaced),
// an existing file keeps its permission bits, a read-only file is refused unless forced, and a
// target that is not a regular file (FIFO, device, /dev/stdout) is written into, never replaced.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "rigio/io/error.hpp"

namespace rigio::io {

// The zero bytes read_file and read_stdin leave allocated after the data (the vector's capacity holds
// them), so that a JSON reader told so (spine::JsonReadOptions::padded, LoadOptions::padded) lets
// simdjson, which reads ahead in 64-byte blocks, parse the text in place instead of a padded copy.
inline constexpr std::size_t kReadPadding = 64;

// Reads a whole file; the Error names the path when it cannot be read. (kReadPadding after the data.)
Result<std::vector<std::uint8_t>> read_file(const std::string& path);
// Reads standard input to its end. (kReadPadding after the data.)
Result<std::vector<std::uint8_t>> read_stdin();

struct WriteOptions {
    bool force = false;  // replace a read-only regular file (as `cp -f` does)
};

// A file being written atomically: bytes go to `fd()` (a temporary file beside the target, or the
// target itself when it is not a regular file); `commit()` puts it in place. Destroying an
// uncommitted AtomicFile removes the temporary file, and so does SIGINT/SIGTERM once
// `remove_temporaries_on_signals()` was called.
class AtomicFile {
public:
    // Opens the temporary file (or the non-regular target); the Error names the path and why not.
    static Result<std::unique_ptr<AtomicFile>> open(const std::string& path, const WriteOptions& options = {});
    ~AtomicFile();
    AtomicFile(const AtomicFile&) = delete;
    AtomicFile& operator=(const AtomicFile&) = delete;

    int fd() const { return fd_; }
    Result<void> write(std::span<const std::uint8_t> bytes);
    Result<void> commit();  // sync(), then publish()
    // The two halves of commit(), for commit_together(): sync() keeps the old mode and makes the
    // bytes durable (fsync); publish() renames the temporary file over the target. A failure in
    // either removes the temporary file and leaves the target untouched.
    Result<void> sync();
    Result<void> publish();

private:
    explicit AtomicFile(const std::string& path);
    Result<void> open_target(const WriteOptions& options);
    void discard();
    std::string path_;    // as given, for messages
    std::string target_;  // the file actually replaced (symbolic links followed)
    std::string temp_;    // empty when writing straight into a non-regular target
    int fd_ = -1;
    int slot_ = -1;       // entry in the signal handler's list of temporary files
    bool has_mode_ = false;
    bool synced_ = false;
    unsigned mode_ = 0;
};

// How many files a batch should hold before committing them together: the signal handler keeps
// room for this many temporary files, and as many again being written.
inline constexpr std::size_t kMaxTogether = 64;

// Commits several AtomicFiles at once: all are synced first (in parallel, so their waits for the
// device overlap), and only then is each renamed into place. Returns each file's error (nullopt when
// it is in place); a file that fails leaves its target untouched and does not stop the others.
std::vector<std::optional<Error>> commit_together(std::span<AtomicFile* const> files);

// Writes `bytes` to `path` atomically. On failure the Error says why, and any existing file at `path`
// is left untouched.
Result<void> write_file_atomic(const std::string& path, std::span<const std::uint8_t> bytes, const WriteOptions& options = {});
Result<void> write_file_atomic(const std::string& path, const std::string& text, const WriteOptions& options = {});

// True when both paths exist and name the same file (same device and inode, links followed).
bool same_file(const std::string& a, const std::string& b);

// Installs SIGINT/SIGTERM handlers that remove the temporary files of unfinished AtomicFiles and
// then end the process by the same signal. For programs (the CLI), not for library users.
void remove_temporaries_on_signals();

}  // namespace rigio::io
