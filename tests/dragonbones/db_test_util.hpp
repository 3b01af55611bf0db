// Helpers for the DragonBones tests: the corpus skeleton files and reading them.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "rigio/dragonbones/json.hpp"
#include "rigio/io/file.hpp"
#include "support/shared.hpp"

namespace rigio::dragonbones::test {

// Every DragonBones skeleton JSON of the given versions in the corpus (texture atlases left out).
inline std::vector<std::filesystem::path> skeletons(const std::vector<std::string>& versions) {
    std::vector<std::filesystem::path> out;
    for (const std::string& v : versions)
        for (const auto& p : rigio::test::corpus_files("corpus/dragonbones/" + v, ".json")) {
            const std::string name = p.filename().string();
            if (name.find("_tex") != std::string::npos || name.find("texture") != std::string::npos) continue;
            out.push_back(p);
        }
    return out;
}

inline std::string text_of(const std::filesystem::path& p) {
    auto bytes = io::read_file(p.string()).value();
    return std::string(bytes.begin(), bytes.end());
}

inline DragonBonesData read_ok(std::string_view text, const std::string& what) {
    auto r = read_json(text);
    if (!r) ADD_FAILURE() << what << ": " << r.error().what();
    return r ? std::move(r).value() : DragonBonesData{};
}

}  // namespace rigio::dragonbones::test
