// Whole-file reads and atomic writes.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>

#include <filesystem>
#include <fstream>
#include <memory>
#include <span>
#include <vector>

#include "rigio/io/file.hpp"

namespace fs = std::filesystem;

namespace {
fs::path temp_dir() {
    fs::path d = fs::temp_directory_path() / ("rigio-file-test-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
                                              "-" + ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(d);
    fs::create_directories(d);
    return d;
}
std::string read_text(const std::string& path) {
    const std::vector<std::uint8_t> bytes = rigio::io::read_file(path).value();
    return std::string(bytes.begin(), bytes.end());
}
}  // namespace

TEST(File, WriteThenReadBack) {
    fs::path d = temp_dir();
    std::string p = (d / "out.bin").string();
    ASSERT_TRUE(rigio::io::write_file_atomic(p, std::string("hello")).ok());
    EXPECT_EQ(read_text(p), "hello");
    // Replacing leaves no temporary files behind.
    ASSERT_TRUE(rigio::io::write_file_atomic(p, std::string("world!")).ok());
    EXPECT_EQ(read_text(p), "world!");
    EXPECT_EQ(std::distance(fs::directory_iterator(d), fs::directory_iterator()), 1);
    fs::remove_all(d);
}

TEST(File, FailedWriteLeavesTheExistingFileUntouched) {
    fs::path d = temp_dir();
    std::string p = (d / "keep.txt").string();
    ASSERT_TRUE(rigio::io::write_file_atomic(p, std::string("original")).ok());
    // Writing into a directory that does not exist fails before anything is replaced...
    const std::string missing = (d / "missing" / "keep.txt").string();
    rigio::Result<void> r = rigio::io::write_file_atomic(missing, std::string("x"));
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().message().find(missing), std::string::npos) << r.error().what();
    // ...and so does writing over a directory; no temporary file is left.
    fs::create_directories(d / "adir" / "inner");
    EXPECT_FALSE(rigio::io::write_file_atomic((d / "adir").string(), std::string("x")).ok());
    EXPECT_EQ(read_text(p), "original");
    EXPECT_EQ(std::distance(fs::directory_iterator(d), fs::directory_iterator()), 2);  // keep.txt and adir
    fs::remove_all(d);
}

// Sizes around the reader's 64 KiB first buffer for files of unknown size, and an empty file: every byte
// comes back, in order. A FIFO (no size known in advance) goes through the growing path.
TEST(File, ReadReturnsEveryByteOfFilesAndPipes) {
    fs::path d = temp_dir();
    for (std::size_t size : {std::size_t{0}, std::size_t{1}, std::size_t{65535}, std::size_t{65536}, std::size_t{65537},
                             std::size_t{300001}}) {
        std::vector<std::uint8_t> bytes(size);
        for (std::size_t i = 0; i < size; ++i) bytes[i] = static_cast<std::uint8_t>(i * 131 + i / 251);
        const std::string p = (d / ("f" + std::to_string(size))).string();
        ASSERT_TRUE(rigio::io::write_file_atomic(p, std::span<const std::uint8_t>(bytes)).ok());
        EXPECT_EQ(rigio::io::read_file(p).value(), bytes) << size;
    }
    const std::string fifo = (d / "fifo").string();
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    std::vector<std::uint8_t> piped(200000);
    for (std::size_t i = 0; i < piped.size(); ++i) piped[i] = static_cast<std::uint8_t>(i % 253);
    pid_t child = ::fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
        std::ofstream out(fifo, std::ios::binary);
        out.write(reinterpret_cast<const char*>(piped.data()), static_cast<std::streamsize>(piped.size()));
        out.close();
        std::_Exit(0);
    }
    rigio::Result<std::vector<std::uint8_t>> r = rigio::io::read_file(fifo);
    int status = 0;
    ::waitpid(child, &status, 0);
    ASSERT_TRUE(r.ok()) << r.error().message();
    EXPECT_EQ(r.value(), piped);
    fs::remove_all(d);
}

// io::kReadPadding zero bytes stay allocated after the data (JSON readers parse such buffers in place).
TEST(File, ReadKeepsZeroPaddingAfterTheData) {
    fs::path d = temp_dir();
    for (std::size_t size : {std::size_t{0}, std::size_t{1}, std::size_t{65536}, std::size_t{300001}}) {
        const std::vector<std::uint8_t> bytes(size, 0xA5);
        const std::string p = (d / ("p" + std::to_string(size))).string();
        ASSERT_TRUE(rigio::io::write_file_atomic(p, std::span<const std::uint8_t>(bytes)).ok());
        const std::vector<std::uint8_t> read = rigio::io::read_file(p).value();
        ASSERT_EQ(read.size(), size);
        ASSERT_GE(read.capacity() - read.size(), rigio::io::kReadPadding) << size;
        for (std::size_t i = 0; i < rigio::io::kReadPadding; ++i) EXPECT_EQ(read.data()[size + i], 0) << size << " +" << i;
    }
    fs::remove_all(d);
}

TEST(File, ReadErrorsNameThePathAndAreReturned) {
    rigio::Result<std::vector<std::uint8_t>> r = rigio::io::read_file("/nonexistent/rigio/file.skel");
    ASSERT_FALSE(r.ok());
    EXPECT_NE(std::string(r.error().what()).find("/nonexistent/rigio/file.skel"), std::string::npos);
    const std::string dir = temp_dir().string();
    r = rigio::io::read_file(dir);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().message(), "cannot read " + dir + ": it is a directory");
    fs::remove_all(dir);
}

TEST(File, AtomicFileErrorsAreReturned) {
    fs::path d = temp_dir();
    const std::string dir = (d / "adir").string();
    fs::create_directories(dir);
    rigio::Result<std::unique_ptr<rigio::io::AtomicFile>> f = rigio::io::AtomicFile::open(dir);
    ASSERT_FALSE(f.ok());
    EXPECT_EQ(f.error().message(), "cannot write " + dir + ": it is a directory");
    // A file written and committed is in place.
    f = rigio::io::AtomicFile::open((d / "ok.txt").string());
    ASSERT_TRUE(f.ok()) << f.error().what();
    ASSERT_TRUE((*f)->write(std::span<const std::uint8_t>(reinterpret_cast<const std::uint8_t*>("ok"), 2)).ok());
    ASSERT_TRUE((*f)->commit().ok());
    EXPECT_EQ(read_text((d / "ok.txt").string()), "ok");
    fs::remove_all(d);
}

// Issue 14: writes keep the target's nature and clean up after themselves.
TEST(File, TemporaryNamesAreShortSoLongTargetNamesWork) {
    fs::path d = temp_dir();
    const std::string name(250, 'x');
    ASSERT_TRUE(rigio::io::write_file_atomic((d / (name + ".json")).string(), std::string("long")).ok());
    EXPECT_EQ(std::distance(fs::directory_iterator(d), fs::directory_iterator()), 1);
    fs::remove_all(d);
}

TEST(File, SameFileSeesLinks) {
    fs::path d = temp_dir();
    ASSERT_TRUE(rigio::io::write_file_atomic((d / "a").string(), std::string("a")).ok());
    fs::create_hard_link(d / "a", d / "h");
    fs::create_symlink("a", d / "s");
    EXPECT_TRUE(rigio::io::same_file((d / "a").string(), (d / "h").string()));
    EXPECT_TRUE(rigio::io::same_file((d / "a").string(), (d / "s").string()));
    EXPECT_FALSE(rigio::io::same_file((d / "a").string(), (d / "missing").string()));
    fs::remove_all(d);
}

TEST(File, SignalRemovesTheTemporaryFile) {
    fs::path d = temp_dir();
    const pid_t child = ::fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
        rigio::io::remove_temporaries_on_signals();
        std::unique_ptr<rigio::io::AtomicFile> f = rigio::io::AtomicFile::open((d / "out.txt").string()).value();
        (void)f->write(std::span<const std::uint8_t>(reinterpret_cast<const std::uint8_t*>("partial"), 7));
        ::raise(SIGTERM);  // interrupted mid-write
        ::_exit(0);
    }
    int status = 0;
    ::waitpid(child, &status, 0);
    EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM);
    EXPECT_EQ(std::distance(fs::directory_iterator(d), fs::directory_iterator()), 0);  // no temporary left
    fs::remove_all(d);
}
