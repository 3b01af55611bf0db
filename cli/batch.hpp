// Batch runs over many files (validate, convert --out-dir): progress on a terminal, and a closing
// summary "N ok, M failed" on stderr. Each failure is reported once, when it happens, on stderr.
// A bad file never stops the run.
#pragma once

#include <cstddef>
#include <functional>
#include <string>

namespace rigio::cli {

// Runs work(0) ... work(n - 1) on up to `threads` threads (this one included); returns when all are
// done. `work` must not throw.
void for_each_parallel(std::size_t n, unsigned threads, const std::function<void(std::size_t)>& work);

class Batch {
public:
    explicit Batch(std::size_t total);

    // Shows "[i/n] FILE" on stderr when stderr is a terminal and there are several files.
    void start(const std::string& file);
    void ok() { ++ok_; }
    void skipped() { ++skipped_; }
    // Prints "FILE: reason" on stderr (unless `print` is false) and counts the failure.
    void failed(const std::string& file, const std::string& reason, bool print = true);
    void refused(const std::string& file, const std::string& reason);  // an unsafe request (exit 2)
    // Prints the summary (only for several files); returns the exit code: 0, 1 when any failed,
    // 2 when any output was refused as unsafe.
    int finish();

private:
    void clear_progress();
    std::size_t total_, index_ = 0, ok_ = 0, failed_ = 0, skipped_ = 0;
    bool progress_ = false, shown_ = false, refused_ = false;
};

}  // namespace rigio::cli
