// The head of the small Spine 3.8 JSON documents the reader's tests build: skeleton, two bones (root,
// hip) and two slots (body on hip showing "box", arm on root), without the closing brace.
#pragma once

namespace rigio::test {

inline constexpr const char* kSpineJsonHead = R"({
"skeleton": { "spine": "3.8.55" },
"bones": [ { "name": "root" }, { "name": "hip", "parent": "root" } ],
"slots": [ { "name": "body", "bone": "hip", "attachment": "box" }, { "name": "arm", "bone": "root" } ])";

}  // namespace rigio::test
