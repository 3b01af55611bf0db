// What the verify tests share: the sample skeleton, rigio's own pose document of it (as `rigio pose`
// prints it), and editing one value of such a document.
#pragma once

#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "rigio/io/file.hpp"
#include "rigio/spine/binary.hpp"
#include "rigio/verify/pose_json.hpp"

namespace rigio::test {

inline spine::SkeletonData stickman_skeleton() {
    auto sd = spine::read_skel(io::read_file(std::string(RIGIO_SOURCE_DIR) + "/samples/stickman.skel").value());
    EXPECT_TRUE(sd.ok()) << sd.error().what();
    return sd.ok() ? std::move(*sd) : spine::SkeletonData{};
}

inline std::string pose_dump(const spine::runtime::RuntimeData& data, int samples) {
    std::FILE* f = std::tmpfile();
    verify::PoseOptions options;
    options.samples = samples;
    EXPECT_TRUE(verify::write_pose_json(data, options, f).ok());
    std::string text(static_cast<std::size_t>(std::ftell(f)), '\0');
    std::rewind(f);
    EXPECT_EQ(std::fread(text.data(), 1, text.size(), f), text.size());
    std::fclose(f);
    return text;
}

// `text` with the first `from` (searched from the first `after`) replaced by `to`.
inline std::string replace_after(std::string text, const std::string& after, const std::string& from, const std::string& to) {
    const std::size_t start = text.find(after);
    EXPECT_NE(start, std::string::npos) << after;
    const std::size_t at = text.find(from, start == std::string::npos ? 0 : start);
    EXPECT_NE(at, std::string::npos) << from;
    if (at == std::string::npos) return text;
    return text.replace(at, from.size(), to);
}

}  // namespace rigio::test
