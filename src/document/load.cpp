// Document loading: detection by content, then the format's reader. Readers return Result; the
// checks made before reading throw rigio::Error internally and leave through load()'s Result.
#include <string_view>

#include "rigio/document.hpp"
#include "rigio/dragonbones/json.hpp"
#include "rigio/io/json_input.hpp"
#include "rigio/mrtk/binary.hpp"
#include "rigio/mrtk/json.hpp"
#include "rigio/spine/binary.hpp"
#include "rigio/spine/json.hpp"
#include "rigio/spine/version.hpp"

namespace rigio {

namespace {

template <class T>
T take(Result<T>&& r) {
    if (!r) throw r.error();
    return std::move(r).value();
}

std::string_view as_text(std::span<const std::uint8_t> bytes) {
    return std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size());
}

// Refuses, before parsing, Spine data of a version rigio does not read, naming the version.
void check_spine_version(const std::optional<std::string>& version, const char* kind) {
    if (!version) return;
    const auto v = spine::parse_version(*version);
    if (v && spine::reads(*v)) return;
    throw Error("Spine " + *version + " " + kind + ": rigio reads Spine " + spine::readable_versions(), Location::at_byte(0));
}

// A JSON object with Spine's top-level keys that detection could not confirm (cut short, say): the
// Spine JSON reader says what is wrong and where.
bool looks_like_broken_spine_json(std::span<const std::uint8_t> bytes) {
    const std::vector<std::string> keys = json_top_level_keys(as_text(bytes), 32);
    for (const std::string& k : keys)
        if (k == "skeleton" || k == "bones") return true;
    return false;
}

// Why content no reader claims cannot be read: what it is, or which JSON keys it has.
[[noreturn]] void refuse_unknown(std::span<const std::uint8_t> bytes) {
    std::string_view text = as_text(bytes);
    const std::vector<std::string> keys = json_top_level_keys(text);
    const std::size_t first = text.find_first_not_of(" \t\r\n");
    // JSON that is not ours is refused at its top-level value, so the message says where it looked.
    Location root = Location::at_path("/");
    if (first != std::string_view::npos) io::line_column(text, first, root.line, root.column);
    std::string what;
    if (!keys.empty()) {
        for (std::size_t i = 0; i < keys.size(); ++i) what += (i ? ", \"" : "\"") + keys[i] + "\"";
        throw Error("not Spine or DragonBones data (a JSON object with keys " + what + (keys.size() >= 8 ? ", ..." : "") + ")", root);
    }
    if (first != std::string_view::npos && text.substr(first, 2) == "{}")
        throw Error("not Spine or DragonBones data (an empty JSON object)", root);
    if (first != std::string_view::npos && text[first] == '[')
        throw Error("not Spine or DragonBones data (a JSON array)", root);
    throw Error("not a format rigio recognises (expected a Spine .skel or JSON, DragonBones JSON or .dbbin, or an MRTK recording)",
                Location::at_byte(0));
}

Format choose_format(std::span<const std::uint8_t> bytes, std::string_view path, const LoadOptions& options) {
    if (options.assume) return *options.assume;
    Format f = detect_format_by_content(bytes);
    if (f != Format::Unknown) return f;
    const std::string what = describe_foreign_content(bytes);
    if (!what.empty()) throw Error(what);
    if (options.assume_mrtk_minor) return Format::MrtkBinary;
    f = detect_format(bytes, path);  // the extension picks the reader that explains
    if (f == Format::Unknown && looks_like_broken_spine_json(bytes)) f = Format::SpineJson;
    if (f == Format::Unknown) refuse_unknown(bytes);
    return f;
}

Document load_or_throw(std::span<const std::uint8_t> bytes, std::string_view path, const LoadOptions& options) {
    Document doc;
    if (bytes.empty()) throw Error("empty file", Location::at_byte(0));
    doc.format = choose_format(bytes, path, options);
    switch (doc.format) {
        case Format::SpineBinary:
            check_spine_version(spine_binary_version(bytes), "binary");
            doc.model = take(spine::read_skel(bytes));
            break;
        case Format::SpineJson: {
            spine::JsonReadOptions opts;
            opts.warnings = &doc.warnings;
            opts.padded = options.padded;
            doc.model = take(spine::read_json(as_text(bytes), opts));
            break;
        }
        case Format::MrtkJson:
            doc.model = take(mrtk::read_json(as_text(bytes)));
            break;
        case Format::MrtkBinary: {
            mrtk::BinaryReadOptions opts;
            if (options.assume_mrtk_minor) opts.assume_minor = *options.assume_mrtk_minor;
            opts.warnings = &doc.warnings;
            doc.model = take(mrtk::read_bin(bytes, opts));
            break;
        }
        case Format::DragonBonesJson: {
            dragonbones::JsonReadOptions opts;
            opts.warnings = &doc.warnings;
            opts.padded = options.padded;
            doc.model = take(dragonbones::read_json(as_text(bytes), opts));
            break;
        }
        case Format::DragonBonesBinary:
            doc.model = take(dragonbones::read_dbdt(bytes));
            break;
        case Format::Unknown:
            refuse_unknown(bytes);
    }
    return doc;
}

}  // namespace

Result<Document> load(std::span<const std::uint8_t> bytes, std::string_view path, const LoadOptions& options) {
    return capture([&] { return load_or_throw(bytes, path, options); });
}

Result<Document> load_file(const std::string& path, const LoadOptions& options) {
    return capture([&] {
        const std::vector<std::uint8_t> bytes = io::read_file(path).value();
        LoadOptions padded = options;
        padded.padded = true;  // (read_file's buffer)
        return load_or_throw(bytes, path, padded);
    });
}

}  // namespace rigio
