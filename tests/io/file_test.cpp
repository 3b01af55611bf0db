// Whole-file reads and atomic writes.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>

#include <filesystem>
#include <fstream>

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
}  // namespace

TEST(File, WriteThenReadBack) {
    fs::path d = temp_dir();
    std::string p = (d / "out.bin").string();
    rigio::io::write_file_atomic(p, std::string("hello"));
    auto bytes = rigio::io::read_file(p);
    EXPECT_EQ(std::string(bytes.begin(), bytes.end()), "hello");
    // Replacing leaves no temporary files behind.
    rigio::io::write_file_atomic(p, std::string("world!"));
    bytes = rigio::io::read_file(p);
    EXPECT_EQ(std::string(bytes.begin(), bytes.end()), "world!");
    EXPECT_EQ(std::distance(fs::directory_iterator(d), fs::directory_iterator()), 1);
    fs::remove_all(d);
}

TEST(File, FailedWriteLeavesTheExistingFileUntouched) {
    fs::path d = temp_dir();
    std::string p = (d / "keep.txt").string();
    rigio::io::write_file_atomic(p, std::string("original"));
    // Writing into a directory that does not exist fails before anything is replaced...
    EXPECT_THROW(rigio::io::write_file_atomic((d / "missing" / "keep.txt").string(), std::string("x")), rigio::Error);
    // ...and renaming over a directory fails after the temporary file was written: it is removed.
    fs::create_directories(d / "adir" / "inner");
    EXPECT_THROW(rigio::io::write_file_atomic((d / "adir").string(), std::string("x")), rigio::Error);
    auto bytes = rigio::io::read_file(p);
    EXPECT_EQ(std::string(bytes.begin(), bytes.end()), "original");
    EXPECT_EQ(std::distance(fs::directory_iterator(d), fs::directory_iterator()), 2);  // keep.txt and adir
    fs::remove_all(d);
}

TEST(File, ReadErrorsNameThePath) {
    try {
        rigio::io::read_file("/nonexistent/rigio/file.skel");
        FAIL();
    } catch (const rigio::Error& e) {
        EXPECT_NE(std::string(e.what()).find("/nonexistent/rigio/file.skel"), std::string::npos);
    }
}

// Issue 14: writes keep the target's nature and clean up after themselves.
TEST(File, TemporaryNamesAreShortSoLongTargetNamesWork) {
    fs::path d = temp_dir();
    const std::string name(250, 'x');
    rigio::io::write_file_atomic((d / (name + ".json")).string(), std::string("long"));
    EXPECT_EQ(std::distance(fs::directory_iterator(d), fs::directory_iterator()), 1);
    fs::remove_all(d);
}

TEST(File, SameFileSeesLinks) {
    fs::path d = temp_dir();
    rigio::io::write_file_atomic((d / "a").string(), std::string("a"));
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
        rigio::io::AtomicFile f((d / "out.txt").string());
        f.write(std::span<const std::uint8_t>(reinterpret_cast<const std::uint8_t*>("partial"), 7));
        ::raise(SIGTERM);  // interrupted mid-write
        ::_exit(0);
    }
    int status = 0;
    ::waitpid(child, &status, 0);
    EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM);
    EXPECT_EQ(std::distance(fs::directory_iterator(d), fs::directory_iterator()), 0);  // no temporary left
    fs::remove_all(d);
}
