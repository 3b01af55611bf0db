// The CLI's view of a file: its detected format and the model read from it.
// Loading and saving dispatch on the format; commands work on Documents only.
#pragma once

#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "rigio/convert/loss.hpp"
#include "rigio/format.hpp"
#include "rigio/io/error.hpp"
#include "rigio/mrtk/model.hpp"
#include "rigio/dragonbones/binary.hpp"
#include "rigio/dragonbones/model.hpp"
#include "rigio/spine/model.hpp"

namespace rigio::cli {

struct Document {
    Format format = Format::Unknown;
    std::variant<std::monostate, spine::SkeletonData, mrtk::InputAnimation, dragonbones::DragonBonesData,
                 dragonbones::BinaryData>
        model;
    std::vector<std::string> warnings;  // things the reader noticed but could handle
};

struct LoadOptions {
    std::optional<Format> assume;  // read as this format instead of detecting
    std::optional<int> assume_mrtk_minor;  // read headerless MRTK files as version 1.<minor>
};

// The options load() uses when none are given (commands' --assume-mrtk-version sets them).
LoadOptions& default_load_options();

// Reads and validates a file. Throws rigio::Error (with a location when the content is at fault).
Document load(const std::string& path, const LoadOptions& options = default_load_options());

// The formats a document can be written as, given the format it was read from.
bool can_write(const Document& doc, Format target);

// Serialises `doc` as `target` (throws rigio::Error when that is not possible) and writes it atomically.
void save(const Document& doc, Format target, const std::string& path);

// Before writing DragonBones JSON: moves the model to `db_version` ("4.5", "5.5"; empty: keep the
// input's version) and returns what that version cannot hold.
convert::LossReport prepare_dragonbones(Document& doc, const std::string& db_version);

// The output format implied by a path's extension for a document, or Unknown.
Format format_for_output(const Document& doc, const std::string& path);

}  // namespace rigio::cli
