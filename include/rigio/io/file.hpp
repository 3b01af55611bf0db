// rigio/io/file.hpp: whole-file reads and atomic writes.
// A write goes to a temporary file in the target's directory, is flushed, then renamed over the
// target, so a failed or interrupted write never destroys an existing file.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "rigio/io/error.hpp"

namespace rigio::io {

// Reads a whole file. Throws rigio::Error naming the path when it cannot be read.
std::vector<std::uint8_t> read_file(const std::string& path);

// Writes `bytes` to `path` atomically (temporary file + rename). Throws rigio::Error on failure,
// leaving any existing file at `path` untouched.
void write_file_atomic(const std::string& path, std::span<const std::uint8_t> bytes);
void write_file_atomic(const std::string& path, const std::string& text);

}  // namespace rigio::io
