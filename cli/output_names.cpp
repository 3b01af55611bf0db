#include "output_names.hpp"

#include <fmt/core.h>

#include <set>

#include "text.hpp"

namespace rigio::cli {

namespace {

std::string lower(std::string s) {
    for (char& c : s)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return s;
}

std::string extension(const std::string& path) {
    const std::size_t slash = path.find_last_of('/');
    const std::size_t dot = path.find_last_of('.');
    if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) return {};
    return lower(path.substr(dot));
}

std::string safe_name(const std::string& name) {
    std::string out;
    for (std::size_t i = 0; i < name.size() && out.size() < 200;) {
        const std::size_t n = utf8_sequence(name, i);
        const unsigned char c = static_cast<unsigned char>(name[i]);
        if (n == 0 || (n == 1 && (c < 0x20 || c == 0x7f || c == '/' || c == '\\' || c == ':'))) {
            out += '_';
            ++i;
            continue;
        }
        out.append(name, i, n);
        i += n;
    }
    if (out.empty()) return "unnamed";
    if (out[0] == '.' || out[0] == '-') out[0] = '_';
    return out;
}

}  // namespace

std::vector<std::string> safe_file_names(const std::vector<std::string>& names) {
    std::vector<std::string> out;
    std::set<std::string> taken;
    for (const std::string& n : names) {
        const std::string base = safe_name(n);
        std::string name = base;
        for (int k = 2; taken.count(lower(name)); ++k) name = base + "-" + std::to_string(k);
        taken.insert(lower(name));
        out.push_back(name);
    }
    return out;
}

bool extension_fits(const std::string& path, Format target) {
    const std::string ext = extension(path);
    const bool json_target = target == Format::SpineJson || target == Format::DragonBonesJson || target == Format::MrtkJson;
    if (ext == ".skel") return target == Format::SpineBinary;  // Spine's binary name
    if (ext == ".json") return json_target;                    // text formats only
    if (ext == ".dbbin") return target == Format::DragonBonesBinary;
    return true;  // .bin and others: any binary or text (the tools that read them decide)
}

std::string cannot_tell_output_message(const Document& doc, const std::string& out) {
    std::vector<Format> can;
    for (Format f : {Format::SpineBinary, Format::SpineJson, Format::DragonBonesJson, Format::DragonBonesBinary, Format::MrtkBinary,
                     Format::MrtkJson}) {
        const bool across = (f == Format::SpineBinary || f == Format::SpineJson) ? std::holds_alternative<dragonbones::DragonBonesData>(doc.model)
                            : f == Format::DragonBonesJson ? std::holds_alternative<spine::SkeletonData>(doc.model)
                                                           : false;
        if (can_write(doc, f) || across) can.push_back(f);
    }
    std::string list;
    for (Format f : can) list += fmt::format("{}{} ({})", list.empty() ? "" : ", ", format_name(f), format_extension(f));
    const std::string ext = extension(out);
    if (ext == ".skel" || ext == ".json" || ext == ".bin" || ext == ".dbbin")
        return fmt::format("cannot write {} data as a {} file; rigio can write it as {}", format_name(doc.format), ext, list);
    return fmt::format("cannot tell the output format from \"{}\": name it with an extension or give --to ({})", esc(out), list);
}

}  // namespace rigio::cli
