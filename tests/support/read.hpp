// Test helpers that read: a file as text, and Spine JSON that must read without an error.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "rigio/io/file.hpp"
#include "rigio/spine/json.hpp"

namespace rigio::test {

inline std::string text_of(const std::filesystem::path& p) {
    const std::vector<std::uint8_t> bytes = io::read_file(p.string()).value();
    return std::string(bytes.begin(), bytes.end());
}

// The skeleton `text` holds; a read error fails the test (and gives an empty skeleton).
inline spine::SkeletonData spine_json_ok(const std::string& text) {
    Result<spine::SkeletonData> r = spine::read_json(text);
    if (!r.ok()) ADD_FAILURE() << r.error().what();
    return r.ok() ? std::move(r.value()) : spine::SkeletonData{};
}

}  // namespace rigio::test
