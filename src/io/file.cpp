#include "rigio/io/file.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>
#include <system_error>
#include <thread>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace rigio::io {

namespace {

std::string errno_text() { return std::strerror(errno); }

// Temporary files in progress, for the signal handler (async-signal-safe: fixed buffers and flags).
// A batch holds up to kMaxTogether files before putting them in place, plus the ones being written.
// A slot is claimed (kClaimed) before its name is copied and only then marked kReady, so the handler,
// which removes kReady names only, never sees a half-written name, even with several writer threads.
constexpr int kSlots = 2 * static_cast<int>(kMaxTogether);
constexpr std::size_t kNameMax = 4096;
constexpr int kFree = 0, kClaimed = 1, kReady = 2;
std::array<std::array<char, kNameMax>, kSlots> g_temp_names{};
std::array<std::atomic<int>, kSlots> g_temp_state{};

int register_temp(const std::string& name) {
    if (name.size() >= kNameMax) return -1;
    for (int i = 0; i < kSlots; ++i) {
        int expected = kFree;
        if (!g_temp_state[i].compare_exchange_strong(expected, kClaimed)) continue;
        std::memcpy(g_temp_names[i].data(), name.c_str(), name.size() + 1);
        g_temp_state[i].store(kReady);
        return i;
    }
    return -1;
}

void unregister_temp(int slot) {
    if (slot >= 0) g_temp_state[slot].store(kFree);
}

extern "C" void remove_temporaries_and_die(int sig) {
    for (int i = 0; i < kSlots; ++i)
        if (g_temp_state[i].load() == kReady) ::unlink(g_temp_names[i].data());
    std::signal(sig, SIG_DFL);
    std::raise(sig);
}

bool under_special_tree(const std::string& p) { return p.rfind("/dev/", 0) == 0 || p.rfind("/proc/", 0) == 0; }

// Follows symbolic links to the file a write must replace (as `cp` does). Sets `special` when
// a hop goes through /dev or /proc, where the kernel's own links (/dev/stdout) must be opened.
Result<std::string> follow_links(const std::string& path, bool& special) {
    namespace fs = std::filesystem;
    std::string p = path;
    special = under_special_tree(p);
    for (int hop = 0; hop < 40; ++hop) {
        struct stat st {};
        if (::lstat(p.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) return p;
        std::array<char, kNameMax> buf{};
        ssize_t n = ::readlink(p.c_str(), buf.data(), buf.size() - 1);
        if (n < 0) return p;
        fs::path next(std::string(buf.data(), static_cast<std::size_t>(n)));
        if (next.is_relative()) next = fs::path(p).parent_path() / next;
        p = next.string();
        if (under_special_tree(p)) special = true;
    }
    return Error("cannot write " + path + ": too many levels of symbolic links");
}

}  // namespace

// Reads straight into the result: a regular file's size (fstat) sizes the buffer once, so the bytes are
// copied once; pipes, /proc files and files that grow while read fall back to doubling the buffer.
Result<std::vector<std::uint8_t>> read_file(const std::string& path) {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) return Error("cannot read " + path + ": it is a directory");
    int fd;
    do fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    while (fd < 0 && errno == EINTR);
    if (fd < 0) return Error("cannot open " + path + ": " + errno_text());
    struct stat st {};
    std::size_t expected = 0;
    if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0) expected = static_cast<std::size_t>(st.st_size);
    // One byte more than the expected size, so that reaching the end needs no second buffer, and
    // kReadPadding bytes that are never read into: zeros (as every byte past `used`) kept past the data.
    std::vector<std::uint8_t> data((expected > 0 ? expected + 1 : std::size_t{1} << 16) + kReadPadding);
    std::size_t used = 0;
    for (;;) {
        if (used + kReadPadding == data.size()) data.resize(data.size() * 2);
        ssize_t n = ::read(fd, data.data() + used, data.size() - kReadPadding - used);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) {
            std::string why = errno_text();
            ::close(fd);
            return Error("cannot read " + path + ": " + why);
        }
        if (n == 0) break;
        used += static_cast<std::size_t>(n);
    }
    ::close(fd);
    data.resize(used);
    return data;
}

Result<std::vector<std::uint8_t>> read_stdin() {
    std::vector<std::uint8_t> data;
    std::uint8_t buf[1 << 16];
    for (;;) {
        ssize_t n = ::read(STDIN_FILENO, buf, sizeof buf);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return Error("cannot read standard input: " + errno_text());
        if (n == 0) break;
        data.insert(data.end(), buf, buf + n);
    }
    const std::size_t size = data.size();
    data.resize(size + kReadPadding);  // (zeros, kept in the capacity)
    data.resize(size);
    return data;
}

AtomicFile::AtomicFile(const std::string& path) : path_(path) {}

Result<std::unique_ptr<AtomicFile>> AtomicFile::open(const std::string& path, const WriteOptions& options) {
    std::unique_ptr<AtomicFile> f(new AtomicFile(path));
    Result<void> opened = f->open_target(options);
    if (!opened) return opened.error();
    return {std::move(f)};
}

Result<void> AtomicFile::open_target(const WriteOptions& options) {
    const std::string& path = path_;
    namespace fs = std::filesystem;
    bool special = false;
    Result<std::string> target = follow_links(path, special);
    if (!target) return target.error();
    target_ = std::move(target.value());
    struct stat st {};
    const bool exists = ::stat(target_.c_str(), &st) == 0;
    if (exists && S_ISDIR(st.st_mode)) return Error("cannot write " + path + ": it is a directory");
    if ((exists && !S_ISREG(st.st_mode)) || (special && exists)) {
        // A FIFO, a device or a kernel link such as /dev/stdout: write into it, never replace it.
        fd_ = ::open(special ? path.c_str() : target_.c_str(), O_WRONLY | O_CLOEXEC);
        if (fd_ < 0) return Error("cannot write " + path + ": " + errno_text());
        return {};
    }
    if (exists) {
        if (!options.force && ::access(target_.c_str(), W_OK) != 0 && errno == EACCES)
            return Error("not replacing " + path + ": it is read-only (use --force to replace it)");
        has_mode_ = true;
        mode_ = st.st_mode & 07777;
    }
    fs::path dir = fs::path(target_).parent_path();
    if (dir.empty()) dir = ".";
    std::string tmpl = (dir / ".rigio-XXXXXX").string();
    std::vector<char> name(tmpl.begin(), tmpl.end());
    name.push_back('\0');
    // Block the cleanup signals between creating the file and recording its name.
    sigset_t block, old;
    sigemptyset(&block);
    sigaddset(&block, SIGINT);
    sigaddset(&block, SIGTERM);
    ::sigprocmask(SIG_BLOCK, &block, &old);
    fd_ = ::mkostemp(name.data(), O_CLOEXEC);
    const int saved = errno;
    if (fd_ >= 0) {
        temp_ = name.data();
        slot_ = register_temp(temp_);
    }
    ::sigprocmask(SIG_SETMASK, &old, nullptr);
    if (fd_ < 0) {
        errno = saved;
        return Error("cannot write " + path + ": cannot create a temporary file in " + dir.string() + ": " + errno_text());
    }
    return {};
}

AtomicFile::~AtomicFile() { discard(); }

void AtomicFile::discard() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
    if (!temp_.empty()) ::unlink(temp_.c_str());
    temp_.clear();
    unregister_temp(slot_);
    slot_ = -1;
}

Result<void> AtomicFile::write(std::span<const std::uint8_t> bytes) {
    std::size_t done = 0;
    while (done < bytes.size()) {
        ssize_t n = ::write(fd_, bytes.data() + done, bytes.size() - done);
        if (n < 0) {
            if (errno == EINTR) continue;
            std::string why = errno_text();
            discard();
            return Error("cannot write " + path_ + ": " + why);
        }
        done += static_cast<std::size_t>(n);
    }
    return {};
}

Result<void> AtomicFile::commit() {
    if (Result<void> synced = sync(); !synced) return synced;
    return publish();
}

Result<void> AtomicFile::sync() {
    if (temp_.empty() || synced_) return {};  // a non-regular target is written straight into
    if (has_mode_) {
        ::fchmod(fd_, static_cast<mode_t>(mode_));
    } else {  // the permissions a newly created file would get (mkstemp uses 0600)
        mode_t mask = ::umask(0);
        ::umask(mask);
        ::fchmod(fd_, 0666 & ~mask);
    }
    if (::fsync(fd_) != 0) {
        std::string why = errno_text();
        discard();
        return Error("cannot write " + path_ + ": " + why);
    }
    synced_ = true;
    return {};
}

Result<void> AtomicFile::publish() {
    if (temp_.empty()) {  // written straight into a non-regular file
        const int rc = fd_ >= 0 ? ::close(fd_) : 0;
        fd_ = -1;
        if (rc != 0) return Error("cannot write " + path_ + ": " + errno_text());
        return {};
    }
    if (!synced_) return Error("cannot write " + path_ + ": not synced before it was put in place");
    if (::close(fd_) != 0) {
        std::string why = errno_text();
        fd_ = -1;
        discard();
        return Error("cannot write " + path_ + ": " + why);
    }
    fd_ = -1;
    if (std::rename(temp_.c_str(), target_.c_str()) != 0) {
        std::string why = errno_text();
        discard();
        return Error("cannot write " + path_ + ": " + why);
    }
    temp_.clear();
    unregister_temp(slot_);
    slot_ = -1;
    return {};
}

std::vector<std::optional<Error>> commit_together(std::span<AtomicFile* const> files) {
    std::vector<std::optional<Error>> errors(files.size());
    // fsync waits for the device; the waits overlap when several threads sync at once (the
    // filesystem's journal commits them together), which is where a batch saves its time.
    const std::size_t threads = std::min<std::size_t>(files.size(), 16);
    std::atomic<std::size_t> next{0};
    auto worker = [&] {
        for (std::size_t i; (i = next.fetch_add(1)) < files.size();) {
            if (Result<void> r = files[i]->sync(); !r) errors[i] = r.error();
        }
    };
    if (threads <= 1) {
        worker();
    } else {
        std::vector<std::thread> pool;
        try {
            for (std::size_t t = 0; t < threads; ++t) pool.emplace_back(worker);
        } catch (const std::system_error&) {  // no more threads: the ones started and this one finish the work
        }
        worker();
        for (std::thread& t : pool) t.join();
    }
    // Only after every file is durable is any of them put in place.
    for (std::size_t i = 0; i < files.size(); ++i) {
        if (errors[i]) continue;
        if (Result<void> r = files[i]->publish(); !r) errors[i] = r.error();
    }
    return errors;
}

Result<void> write_file_atomic(const std::string& path, std::span<const std::uint8_t> bytes, const WriteOptions& options) {
    Result<std::unique_ptr<AtomicFile>> f = AtomicFile::open(path, options);
    if (!f) return f.error();
    if (Result<void> written = (*f)->write(bytes); !written) return written;
    return (*f)->commit();
}

Result<void> write_file_atomic(const std::string& path, const std::string& text, const WriteOptions& options) {
    return write_file_atomic(path, std::span<const std::uint8_t>(reinterpret_cast<const std::uint8_t*>(text.data()), text.size()), options);
}

bool same_file(const std::string& a, const std::string& b) {
    struct stat sa {}, sb {};
    if (::stat(a.c_str(), &sa) != 0 || ::stat(b.c_str(), &sb) != 0) return false;
    return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

void remove_temporaries_on_signals() {
    struct sigaction sa {};
    sa.sa_handler = remove_temporaries_and_die;
    sigemptyset(&sa.sa_mask);
    ::sigaction(SIGINT, &sa, nullptr);
    ::sigaction(SIGTERM, &sa, nullptr);
}

}  // namespace rigio::io
