#include "batch.hpp"

#include <fmt/core.h>
#include <unistd.h>

#include <cstdio>

namespace rigio::cli {

Batch::Batch(std::size_t total) : total_(total), progress_(total > 1 && isatty(fileno(stderr)) != 0) {}

void Batch::clear_progress() {
    if (!shown_) return;
    fmt::print(stderr, "\r\033[K");
    shown_ = false;
}

void Batch::start(const std::string& file) {
    ++index_;
    if (!progress_) return;
    std::string name = file.size() > 60 ? "..." + file.substr(file.size() - 57) : file;
    fmt::print(stderr, "\r\033[K[{}/{}] {}", index_, total_, name);
    std::fflush(stderr);
    shown_ = true;
}

void Batch::failed(const std::string& file, const std::string& reason) {
    clear_progress();
    failures_.emplace_back(file, reason);
}

int Batch::finish() {
    clear_progress();
    if (total_ > 1) {
        fmt::print("{} ok, {} failed\n", ok_, failures_.size());
        for (const auto& [file, reason] : failures_) {
            std::string first_line = reason.substr(0, reason.find('\n'));
            fmt::print("  failed: {}: {}\n", file, first_line);
        }
    }
    return failures_.empty() ? 0 : 1;
}

}  // namespace rigio::cli
