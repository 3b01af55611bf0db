#include "document.hpp"

#include <string_view>

#include "mrtk_document.hpp"
#include "output.hpp"
#include "rigio/dragonbones/json.hpp"
#include "rigio/io/json_input.hpp"
#include "rigio/spine/binary.hpp"
#include "rigio/spine/json.hpp"
#include "rigio/spine/version.hpp"

namespace rigio::cli {

namespace {

bool has_extension(const std::string& path, std::string_view ext) {
    if (path.size() < ext.size()) return false;
    for (std::size_t i = 0; i < ext.size(); ++i) {
        char c = path[path.size() - ext.size() + i];
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
        if (c != ext[i]) return false;
    }
    return true;
}

template <class T>
T take(Result<T>&& r) {
    if (!r) throw r.error();
    return std::move(r).value();
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
    const std::vector<std::string> keys =
        json_top_level_keys(std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()), 32);
    for (const std::string& k : keys)
        if (k == "skeleton" || k == "bones") return true;
    return false;
}

// Why content no reader claims cannot be read: what it is, or which JSON keys it has.
[[noreturn]] void refuse_unknown(std::span<const std::uint8_t> bytes) {
    std::string_view text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
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

}  // namespace

LoadOptions& default_load_options() {
    static LoadOptions options;
    return options;
}

Document load(const std::string& path, const LoadOptions& options) {
    std::vector<std::uint8_t> bytes = read_input(path);
    Document doc;
    if (bytes.empty()) throw Error("empty file", Location::at_byte(0));
    if (options.assume) {
        doc.format = *options.assume;
    } else {
        doc.format = detect_format_by_content(bytes);
        if (doc.format == Format::Unknown) {
            const std::string what = describe_foreign_content(bytes);
            if (!what.empty()) throw Error(what);
            if (options.assume_mrtk_minor) doc.format = Format::MrtkBinary;
            else doc.format = detect_format(bytes, path);  // the extension picks the reader that explains
            if (doc.format == Format::Unknown && looks_like_broken_spine_json(bytes)) doc.format = Format::SpineJson;
            if (doc.format == Format::Unknown) refuse_unknown(bytes);
        }
    }
    switch (doc.format) {
        case Format::SpineBinary:
            check_spine_version(spine_binary_version(bytes), "binary");
            doc.model = take(spine::read_skel(bytes));
            break;
        case Format::SpineJson: {
            spine::JsonReadOptions opts;
            opts.warnings = &doc.warnings;
            std::string_view text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
            doc.model = take(spine::read_json(text, opts));
            break;
        }
        case Format::MrtkBinary:
        case Format::MrtkJson:
            load_mrtk(doc, bytes, options);
            break;
        case Format::DragonBonesJson: {
            dragonbones::JsonReadOptions opts;
            opts.warnings = &doc.warnings;
            std::string_view text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
            doc.model = take(dragonbones::read_json(text, opts));
            break;
        }
        case Format::DragonBonesBinary:
            doc.model = take(dragonbones::read_dbdt(bytes));
            break;
        case Format::Unknown:
            refuse_unknown(bytes);
        default:
            throw Error(std::string("reading ") + format_name(doc.format) + " is not supported yet");
    }
    return doc;
}

bool can_write(const Document& doc, Format target) {
    if (std::holds_alternative<mrtk::InputAnimation>(doc.model)) return target == Format::MrtkBinary || target == Format::MrtkJson;
    if (std::holds_alternative<spine::SkeletonData>(doc.model)) {
        if (target == Format::SpineBinary || target == Format::SpineJson) return true;
    }
    if (std::holds_alternative<dragonbones::DragonBonesData>(doc.model)) return target == Format::DragonBonesJson;
    if (std::holds_alternative<dragonbones::BinaryData>(doc.model)) return target == Format::DragonBonesBinary;
    return false;
}

void save(const Document& doc, Format target, const std::string& path, const SaveOptions& options) {
    if (!can_write(doc, target))
        throw Error(std::string("cannot write ") + format_name(doc.format) + " data as " + format_name(target));
    if (const auto* rec = std::get_if<mrtk::InputAnimation>(&doc.model)) {
        save_mrtk(*rec, target, path);
        return;
    }
    if (const auto* bin = std::get_if<dragonbones::BinaryData>(&doc.model)) {
        write_output(path, dragonbones::write_dbdt(*bin));
        return;
    }
    if (const auto* db = std::get_if<dragonbones::DragonBonesData>(&doc.model)) {
        write_output(path, dragonbones::write_json(*db));
        return;
    }
    if (const auto* sd = std::get_if<spine::SkeletonData>(&doc.model)) {
        if (target == Format::SpineBinary) {
            write_output(path, spine::write_skel(*sd));
            return;
        }
        spine::JsonWriteOptions opts;
        opts.editor_rounding = options.editor_rounding;  // default: exact (every float32 kept, nothing dropped)
        write_output(path, spine::write_json(*sd, opts));
    }
}

Format format_for_output(const Document& doc, const std::string& path) {
    const bool spine = std::holds_alternative<spine::SkeletonData>(doc.model);
    if (std::holds_alternative<mrtk::InputAnimation>(doc.model)) {
        if (has_extension(path, ".bin")) return Format::MrtkBinary;
        if (has_extension(path, ".json")) return Format::MrtkJson;
    }
    if (has_extension(path, ".skel")) return Format::SpineBinary;
    if (has_extension(path, ".json") && spine) return Format::SpineJson;
    if (has_extension(path, ".json") && std::holds_alternative<dragonbones::DragonBonesData>(doc.model)) return Format::DragonBonesJson;
    if (has_extension(path, ".dbbin")) return Format::DragonBonesBinary;
    return Format::Unknown;
}

}  // namespace rigio::cli
