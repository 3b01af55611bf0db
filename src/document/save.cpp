// Document writing: which formats a model can be written as, the format's writer, and the steps
// made before writing (DragonBones version, MRTK version).
#include <string_view>

#include "rigio/document.hpp"
#include "rigio/dragonbones/json.hpp"
#include "rigio/dragonbones/version.hpp"
#include "rigio/mrtk/binary.hpp"
#include "rigio/mrtk/edit.hpp"
#include "rigio/mrtk/json.hpp"
#include "rigio/spine/binary.hpp"
#include "rigio/spine/json.hpp"

namespace rigio {

namespace {

bool has_extension(std::string_view path, std::string_view ext) {
    if (path.size() < ext.size()) return false;
    for (std::size_t i = 0; i < ext.size(); ++i) {
        char c = path[path.size() - ext.size() + i];
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
        if (c != ext[i]) return false;
    }
    return true;
}

// From a range of the same element type, so the copy is one memmove (from char iterators it was a
// loop converting byte by byte: 6% of a .skel -> JSON conversion).
std::vector<std::uint8_t> bytes_of(const std::string& text) {
    const auto* p = reinterpret_cast<const std::uint8_t*>(text.data());
    return std::vector<std::uint8_t>(p, p + text.size());
}

std::vector<std::uint8_t> encode_or_throw(const Document& doc, Format target, const SaveOptions& options) {
    if (!can_write(doc, target))
        throw Error(std::string("cannot write ") + format_name(doc.format) + " data as " + format_name(target));
    if (const auto* rec = std::get_if<mrtk::InputAnimation>(&doc.model)) {
        if (target == Format::MrtkBinary) return mrtk::write_bin(*rec);
        return bytes_of(mrtk::write_json(*rec));
    }
    if (const auto* bin = std::get_if<dragonbones::BinaryData>(&doc.model)) return dragonbones::write_dbdt(*bin);
    if (const auto* db = std::get_if<dragonbones::DragonBonesData>(&doc.model)) return bytes_of(dragonbones::write_json(*db));
    const auto& sd = std::get<spine::SkeletonData>(doc.model);
    if (target == Format::SpineBinary) return spine::write_skel(sd).value();  // an Error leaves through encode's Result
    spine::JsonWriteOptions opts;
    opts.editor_rounding = options.editor_rounding;  // default: exact (every float32 kept, nothing dropped)
    return bytes_of(spine::write_json(sd, opts).value());
}

}  // namespace

bool can_write(const Document& doc, Format target) {
    if (std::holds_alternative<mrtk::InputAnimation>(doc.model)) return target == Format::MrtkBinary || target == Format::MrtkJson;
    if (std::holds_alternative<spine::SkeletonData>(doc.model)) return target == Format::SpineBinary || target == Format::SpineJson;
    if (std::holds_alternative<dragonbones::DragonBonesData>(doc.model)) return target == Format::DragonBonesJson;
    if (std::holds_alternative<dragonbones::BinaryData>(doc.model)) return target == Format::DragonBonesBinary;
    return false;
}

Result<std::vector<std::uint8_t>> encode(const Document& doc, Format target, const SaveOptions& options) {
    return capture([&] { return encode_or_throw(doc, target, options); });
}

Result<void> save_file(const Document& doc, Format target, const std::string& path, const SaveOptions& options,
                       const io::WriteOptions& write) {
    Result<std::vector<std::uint8_t>> bytes = encode(doc, target, options);
    if (!bytes) return bytes.error();
    return io::write_file_atomic(path, bytes.value(), write);
}

Format format_for_output(const Document& doc, std::string_view path) {
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

Result<LossReport> to_dragonbones_version(Document& doc, const std::string& db_version) {
    return capture([&] {
        LossReport report;
        auto* db = std::get_if<dragonbones::DragonBonesData>(&doc.model);
        if (!db || db_version.empty()) return report;
        *db = dragonbones::convert_version(*db, db_version, report).value();
        return report;
    });
}

Result<LossReport> to_mrtk_version(Document& doc, const std::string& version) {
    auto* rec = std::get_if<mrtk::InputAnimation>(&doc.model);
    if (!rec) return Error(std::string("an MRTK version change applies to MRTK recordings only, not ") + format_name(doc.format));
    return capture([&] { return mrtk::convert_version(*rec, version == "1.0" ? 0 : 1); });
}

}  // namespace rigio
