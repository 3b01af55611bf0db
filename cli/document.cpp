#include "document.hpp"

#include <string_view>

#include "rigio/dragonbones/json.hpp"
#include "rigio/io/file.hpp"
#include "mrtk_document.hpp"
#include "rigio/spine/binary.hpp"
#include "rigio/spine/json.hpp"

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

}  // namespace

LoadOptions& default_load_options() {
    static LoadOptions options;
    return options;
}

Document load(const std::string& path, const LoadOptions& options) {
    std::vector<std::uint8_t> bytes = io::read_file(path);
    Document doc;
    doc.format = options.assume ? *options.assume : detect_format(bytes, path);
    if (doc.format == Format::Unknown && options.assume_mrtk_minor) doc.format = Format::MrtkBinary;
    if (doc.format == Format::Unknown && has_extension(path, ".json")) doc.format = Format::SpineJson;
    switch (doc.format) {
        case Format::SpineBinary:
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
            throw Error("not a format rigio recognises (expected a Spine .skel or JSON, DragonBones JSON or .dbbin, or an MRTK recording)", Location::at_byte(0));
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
        io::write_file_atomic(path, dragonbones::write_dbdt(*bin));
        return;
    }
    if (const auto* db = std::get_if<dragonbones::DragonBonesData>(&doc.model)) {
        io::write_file_atomic(path, dragonbones::write_json(*db));
        return;
    }
    if (const auto* sd = std::get_if<spine::SkeletonData>(&doc.model)) {
        if (target == Format::SpineBinary) {
            io::write_file_atomic(path, spine::write_skel(*sd));
            return;
        }
        spine::JsonWriteOptions opts;
        opts.editor_rounding = options.editor_rounding;  // default: exact (every float32 kept, nothing dropped)
        io::write_file_atomic(path, spine::write_json(*sd, opts));
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
