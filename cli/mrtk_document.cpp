// MRTK recordings in the CLI: load/save cases of Document, --assume-mrtk-version, --mrtk-version.
#include "mrtk_document.hpp"

#include <string_view>

#include "output.hpp"
#include "rigio/mrtk/binary.hpp"
#include "rigio/mrtk/edit.hpp"
#include "rigio/mrtk/json.hpp"

namespace rigio::cli {

void load_mrtk(Document& doc, std::span<const std::uint8_t> bytes, const LoadOptions& options) {
    Result<mrtk::InputAnimation> r = [&]() -> Result<mrtk::InputAnimation> {
        if (doc.format == Format::MrtkJson)
            return mrtk::read_json(std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()));
        mrtk::BinaryReadOptions o;
        if (options.assume_mrtk_minor) o.assume_minor = *options.assume_mrtk_minor;
        o.warnings = &doc.warnings;
        return mrtk::read_bin(bytes, o);
    }();
    if (!r) throw r.error();
    doc.model = std::move(r).value();
}

void save_mrtk(const mrtk::InputAnimation& a, Format target, const std::string& path) {
    if (target == Format::MrtkBinary) write_output(path, mrtk::write_bin(a));
    else if (target == Format::MrtkJson) write_output(path, mrtk::write_json(a));
    else throw Error(std::string("cannot write an MRTK recording as ") + format_name(target));
}

void add_mrtk_load_options(CLI::App* cmd) {
    cmd->add_option_function<std::string>(
           "--assume-mrtk-version",
           [](const std::string& v) { default_load_options().assume_mrtk_minor = v == "1.1" ? 1 : 0; },
           "Read MRTK files without a header (2019 prototypes) as this version (1.0 or 1.1)")
        ->check(CLI::IsMember({"1.0", "1.1"}));
}

mrtk::InputAnimation& mrtk_recording(Document& doc, const std::string& path) {
    auto* rec = std::get_if<mrtk::InputAnimation>(&doc.model);
    if (!rec) throw Error(path + " is " + format_name(doc.format) + ", not an MRTK input animation");
    return *rec;
}

LossReport set_mrtk_version(Document& doc, const std::string& version) {
    auto* rec = std::get_if<mrtk::InputAnimation>(&doc.model);
    if (!rec) throw Error("--mrtk-version applies to MRTK recordings only");
    return mrtk::convert_version(*rec, version == "1.0" ? 0 : 1);
}

}  // namespace rigio::cli
