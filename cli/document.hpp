// The CLI's view of the library's Document (rigio/document.hpp): "-" for standard input and output,
// the command-line's default load options, and failures thrown as rigio::Error for the commands.
#pragma once

#include <string>

#include "rigio/convert/loss.hpp"
#include "rigio/document.hpp"
#include "rigio/format.hpp"
#include "rigio/io/error.hpp"

namespace rigio::cli {

using rigio::can_write;
using rigio::Document;
using rigio::format_for_output;
using rigio::LoadOptions;
using rigio::SaveOptions;

// The options load() uses when none are given (commands' --assume-mrtk-version sets them).
LoadOptions& default_load_options();

// Reads and validates a file ("-": standard input). Throws rigio::Error (with a location when the
// content is at fault).
Document load(const std::string& path, const LoadOptions& options = default_load_options());

// Serialises `doc` as `target` (throws rigio::Error when that is not possible) and writes it
// atomically, or to standard output for "-".
void save(const Document& doc, Format target, const std::string& path, const SaveOptions& options = {});

// Before writing DragonBones JSON: moves the model to `db_version` ("4.5", "5.5"; empty: keep the
// input's version) and returns what that version cannot hold. Throws rigio::Error.
convert::LossReport prepare_dragonbones(Document& doc, const std::string& db_version);

// The value of a library Result, or its Error thrown.
template <class T>
T take(Result<T>&& r) {
    if (!r) throw r.error();
    return std::move(r).value();
}

}  // namespace rigio::cli
