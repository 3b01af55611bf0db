// Test helpers: where ../shared (corpus, goldens) is, and skipping cleanly when it is absent.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

namespace rigio::test {

// The shared folder: $RIGIO_SHARED if set, else ../shared beside the source tree.
inline std::filesystem::path shared_dir() {
    if (const char* env = std::getenv("RIGIO_SHARED")) return env;
    return RIGIO_SHARED_DIR;
}

// Files in shared/<sub> whose names end with `ext`, sorted. Empty when the folder is absent.
inline std::vector<std::filesystem::path> corpus_files(const std::string& sub, const std::string& ext) {
    std::vector<std::filesystem::path> out;
    std::error_code ec;
    auto dir = shared_dir() / sub;
    if (!std::filesystem::is_directory(dir, ec)) return out;
    for (const auto& e : std::filesystem::directory_iterator(dir, ec)) {
        const std::string name = e.path().filename().string();
        if (e.is_regular_file() && name.size() >= ext.size() && name.compare(name.size() - ext.size(), ext.size(), ext) == 0)
            out.push_back(e.path());
    }
    std::sort(out.begin(), out.end());
    return out;
}

}  // namespace rigio::test

// Skips the current test with a clear message when the shared corpus folder is missing.
#define RIGIO_REQUIRE_CORPUS(files, sub)                                                              \
    do {                                                                                              \
        if ((files).empty())                                                                          \
            GTEST_SKIP() << "../shared/" << (sub) << " not found (set RIGIO_SHARED or place shared/ " \
                         << "beside the repository): corpus test skipped";                            \
    } while (0)
