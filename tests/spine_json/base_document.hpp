// What the Spine JSON reader's tests share: the head of the small 3.8 documents they build (skeleton,
// two bones: root, hip; two slots: body on hip showing "box", arm on root; no closing brace), and the
// check of an error's place and message.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "rigio/spine/json.hpp"

namespace rigio::test {

inline constexpr const char* kSpineJsonHead = R"({
"skeleton": { "spine": "3.8.55" },
"bones": [ { "name": "root" }, { "name": "hip", "parent": "root" } ],
"slots": [ { "name": "body", "bone": "hip", "attachment": "box" }, { "name": "arm", "bone": "root" } ])";


// Reads `text`, expecting an error at `path` (with a line and column) whose message contains `what`.
inline void expect_error(const std::string& text, const std::string& path, const std::string& what) {
    auto r = spine::read_json(text);
    ASSERT_FALSE(r.ok()) << "no error for " << path;
    const Error& e = r.error();
    EXPECT_EQ(e.where().json_path, path) << e.what();
    EXPECT_NE(std::string(e.what()).find(what), std::string::npos) << e.what();
    EXPECT_GT(e.where().line, 0) << e.what();
    EXPECT_GT(e.where().column, 0) << e.what();
}

}  // namespace rigio::test
