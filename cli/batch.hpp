// Batch runs over many files (validate, convert --out-dir): progress on a terminal, and a closing
// summary "N ok, M failed" that lists each failure with its reason. A bad file never stops the run.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace rigio::cli {

class Batch {
public:
    explicit Batch(std::size_t total);

    // Shows "[i/n] FILE" on stderr when stderr is a terminal and there are several files.
    void start(const std::string& file);
    void ok() { ++ok_; }
    void failed(const std::string& file, const std::string& reason);
    // Prints the summary (only for several files); returns the exit code: 0, or 1 when any failed.
    int finish();

private:
    void clear_progress();
    std::size_t total_, index_ = 0, ok_ = 0;
    bool progress_ = false, shown_ = false;
    std::vector<std::pair<std::string, std::string>> failures_;
};

}  // namespace rigio::cli
