// rigio/document.hpp: a file of any format rigio reads, as one value: its detected format and the
// model read from it. The codec table: load() detects by content and reads with the format's reader;
// encode()/save() write with the format's writer. Every function reports failure through Result.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "rigio/dragonbones/binary.hpp"
#include "rigio/dragonbones/model.hpp"
#include "rigio/format.hpp"
#include "rigio/io/error.hpp"
#include "rigio/io/file.hpp"
#include "rigio/io/loss.hpp"
#include "rigio/mrtk/model.hpp"
#include "rigio/spine/model.hpp"

namespace rigio {

struct Document {
    Format format = Format::Unknown;
    std::variant<std::monostate, spine::SkeletonData, mrtk::InputAnimation, dragonbones::DragonBonesData,
                 dragonbones::BinaryData>
        model;
    std::vector<std::string> warnings;  // things the reader noticed but could handle
};

struct LoadOptions {
    std::optional<Format> assume;          // read as this format instead of detecting
    std::optional<int> assume_mrtk_minor;  // read headerless MRTK files as version 1.<minor>
    // The caller vouches that io::kReadPadding readable bytes follow `bytes` in memory (io::read_file's
    // and io::read_stdin's buffers): JSON is then parsed in place rather than copied first.
    bool padded = false;
};

// Reads and validates `bytes`. `path` (may be empty) is only a hint between formats that look alike.
// The Error says what is wrong and where (byte offset or JSON path), or what the bytes are instead.
Result<Document> load(std::span<const std::uint8_t> bytes, std::string_view path = {}, const LoadOptions& options = {});
// Reads the file at `path`, then as above.
Result<Document> load_file(const std::string& path, const LoadOptions& options = {});

// The formats a document can be written as, given the model it holds.
bool can_write(const Document& doc, Format target);

struct SaveOptions {
    bool editor_rounding = false;  // Spine JSON: round numbers as the editor exports them
};

// Serialises `doc` as `target`; an Error when the model cannot be written as that format.
Result<std::vector<std::uint8_t>> encode(const Document& doc, Format target, const SaveOptions& options = {});
// Serialises `doc` as `target` and writes it to `path` atomically (rigio/io/file.hpp).
Result<void> save_file(const Document& doc, Format target, const std::string& path, const SaveOptions& options = {},
                       const io::WriteOptions& write = {});

// The output format implied by a path's extension for a document, or Unknown.
Format format_for_output(const Document& doc, std::string_view path);

// Before writing DragonBones JSON: moves the model to `db_version` ("4.5", "5.5"; empty: keep the
// input's version) and returns what that version cannot hold. Other models are left as they are.
Result<LossReport> to_dragonbones_version(Document& doc, const std::string& db_version);

// Rewrites the document's MRTK recording as version "1.0" or "1.1"; returns what was lost or changed.
// An Error when the document is not an MRTK recording.
Result<LossReport> to_mrtk_version(Document& doc, const std::string& version);

}  // namespace rigio
