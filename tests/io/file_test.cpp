// Whole-file reads and atomic writes.
#include <gtest/gtest.h>

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
