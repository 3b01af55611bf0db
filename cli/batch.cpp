#include "batch.hpp"

#include <fmt/core.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <system_error>
#include <thread>
#include <vector>

#include "output.hpp"
#include "text.hpp"

namespace rigio::cli {

void for_each_parallel(std::size_t n, unsigned threads, const std::function<void(std::size_t)>& work) {
    std::atomic<std::size_t> next{0};
    auto run = [&] {
        for (std::size_t i; (i = next.fetch_add(1)) < n;) work(i);
    };
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < threads && t < n; ++t) {
        try {
            pool.emplace_back(run);
        } catch (const std::system_error&) {  // no more threads: the ones running do the rest
            break;
        }
    }
    run();
    for (std::thread& t : pool) t.join();
}

Batch::Batch(std::size_t total) : total_(total), progress_(total > 1 && isatty(fileno(stderr)) != 0) {}

void Batch::clear_progress() {
    if (!shown_) return;
    fmt::print(stderr, "\r\033[K");
    shown_ = false;
}

void Batch::start(const std::string& file) {
    ++index_;
    if (!progress_ || settings().quiet) return;
    std::string name = esc(file);
    if (name.size() > 60) name = "..." + name.substr(name.size() - 57);
    fmt::print(stderr, "\r\033[K[{}/{}] {}", index_, total_, name);
    std::fflush(stderr);
    shown_ = true;
}

void Batch::failed(const std::string& file, const std::string& reason, bool print) {
    clear_progress();
    ++failed_;
    if (print) print_error(file, reason);
}

void Batch::refused(const std::string& file, const std::string& reason) {
    clear_progress();
    ++failed_;
    refused_ = true;
    fmt::print(stderr, "rigio: {} ({})\n", esc(reason), esc(file));
}

int Batch::finish() {
    clear_progress();
    if (total_ > 1)
        fmt::print(stderr, "{} ok, {} failed{}\n", ok_, failed_, skipped_ ? fmt::format(", {} skipped", skipped_) : std::string());
    if (refused_) return 2;
    return failed_ ? 1 : 0;
}

}  // namespace rigio::cli
