#include "rigio/io/file.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace rigio::io {

namespace {
std::string errno_text() { return std::strerror(errno); }
}  // namespace

std::vector<std::uint8_t> read_file(const std::string& path) {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) throw Error("cannot read " + path + ": it is a directory");
    std::FILE* f = std::fopen(path.c_str(), "rb");
    if (!f) throw Error("cannot open " + path + ": " + errno_text());
    std::vector<std::uint8_t> data;
    std::uint8_t buf[1 << 16];
    for (;;) {
        std::size_t n = std::fread(buf, 1, sizeof buf, f);
        data.insert(data.end(), buf, buf + n);
        if (n < sizeof buf) break;
    }
    bool failed = std::ferror(f) != 0;
    std::fclose(f);
    if (failed) throw Error("cannot read " + path + ": " + errno_text());
    return data;
}

void write_file_atomic(const std::string& path, std::span<const std::uint8_t> bytes) {
    namespace fs = std::filesystem;
    fs::path target(path);
    fs::path dir = target.parent_path();
    if (dir.empty()) dir = ".";
    std::string tmpl = (dir / ("." + target.filename().string() + ".rigio-XXXXXX")).string();
    std::vector<char> name(tmpl.begin(), tmpl.end());
    name.push_back('\0');
    int fd = ::mkstemp(name.data());
    if (fd < 0) throw Error("cannot write " + path + ": cannot create a temporary file in " + dir.string() + ": " + errno_text());
    std::size_t done = 0;
    while (done < bytes.size()) {
        ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
        if (n < 0) {
            if (errno == EINTR) continue;
            std::string why = errno_text();
            ::close(fd);
            ::unlink(name.data());
            throw Error("cannot write " + path + ": " + why);
        }
        done += static_cast<std::size_t>(n);
    }
    // Keep the permissions a newly created file would get (mkstemp uses 0600).
    mode_t mask = ::umask(0);
    ::umask(mask);
    ::fchmod(fd, 0666 & ~mask);
    if (::fsync(fd) != 0 || ::close(fd) != 0) {
        std::string why = errno_text();
        ::unlink(name.data());
        throw Error("cannot write " + path + ": " + why);
    }
    if (std::rename(name.data(), path.c_str()) != 0) {
        std::string why = errno_text();
        ::unlink(name.data());
        throw Error("cannot write " + path + ": " + why);
    }
}

void write_file_atomic(const std::string& path, const std::string& text) {
    write_file_atomic(path, std::span<const std::uint8_t>(reinterpret_cast<const std::uint8_t*>(text.data()), text.size()));
}

}  // namespace rigio::io
