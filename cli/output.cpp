#include "output.hpp"

#include <fmt/core.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <utility>

#include "text.hpp"

namespace rigio::cli {

Settings& settings() {
    static Settings s;
    return s;
}

namespace {
thread_local Capture* t_capture = nullptr;
thread_local Stage* t_stage = nullptr;
}  // namespace

void emit(std::FILE* stream, const std::string& text) {
    if (t_capture) t_capture->add(stream, text);
    else std::fwrite(text.data(), 1, text.size(), stream);
}

Capture::Capture() : outer_(t_capture) { t_capture = this; }
Capture::~Capture() { t_capture = outer_; }

void Capture::add(std::FILE* stream, const std::string& text) {
    if (!pieces_.empty() && pieces_.back().first == stream) pieces_.back().second += text;
    else pieces_.emplace_back(stream, text);
}

std::vector<std::pair<std::FILE*, std::string>> Capture::take() { return std::exchange(pieces_, {}); }

void Capture::replay(const std::vector<std::pair<std::FILE*, std::string>>& pieces) {
    for (const auto& [stream, text] : pieces) {
        if (stream == stderr) std::fflush(stdout);  // keep the order a terminal would have shown
        std::fwrite(text.data(), 1, text.size(), stream);
    }
}

Stage::Stage() : outer_(t_stage) { t_stage = this; }
Stage::~Stage() { t_stage = outer_; }

std::vector<std::uint8_t> read_input(const std::string& path) {
    return (is_std_stream(path) ? io::read_stdin() : io::read_file(path)).value();
}

void write_output(const std::string& path, std::span<const std::uint8_t> bytes) {
    if (is_std_stream(path)) {
        if (std::fwrite(bytes.data(), 1, bytes.size(), stdout) != bytes.size() || std::fflush(stdout) != 0)
            throw Error(std::string("could not write to standard output: ") + std::strerror(errno));
        return;
    }
    io::WriteOptions o;
    o.force = settings().force;
    if (t_stage) {
        std::unique_ptr<io::AtomicFile> f = io::AtomicFile::open(path, o).value();
        f->write(bytes).value();
        t_stage->add(std::move(f));
        return;
    }
    io::write_file_atomic(path, bytes, o).value();
}

void write_output(const std::string& path, const std::string& text) {
    write_output(path, std::span<const std::uint8_t>(reinterpret_cast<const std::uint8_t*>(text.data()), text.size()));
}

OutputStream::OutputStream(const std::string& path) : path_(path) {
    if (path.empty() || is_std_stream(path)) {
        file_ = stdout;
        return;
    }
    io::WriteOptions o;
    o.force = settings().force;
    atomic_ = io::AtomicFile::open(path, o).value();
    const int fd = ::dup(atomic_->fd());
    if (fd < 0 || !(file_ = ::fdopen(fd, "wb"))) {
        if (fd >= 0) ::close(fd);
        throw Error("cannot write " + path + ": " + std::strerror(errno));
    }
}

OutputStream::~OutputStream() {
    if (file_ && file_ != stdout) std::fclose(file_);
}

void OutputStream::commit() {
    if (file_ == stdout) {
        if (std::fflush(stdout) != 0 || std::ferror(stdout))
            throw Error(std::string("could not write to standard output: ") + std::strerror(errno));
        return;
    }
    const bool failed = std::fflush(file_) != 0 || std::ferror(file_);
    const int saved = errno;
    std::fclose(file_);
    file_ = nullptr;
    if (failed) throw Error("cannot write " + path_ + ": " + std::strerror(saved));
    atomic_->commit().value();
}

void print_error(const std::string& file, const std::string& message) {
    emit(stderr, fmt::format("{}: {}\n", esc(file), esc(message)));
}

void print_warning(const std::string& file, const std::string& message) {
    if (settings().quiet) return;
    emit(stderr, fmt::format("{}: warning: {}\n", esc(file), esc(message)));
}

}  // namespace rigio::cli
