// MRTK recordings in the CLI: --assume-mrtk-version, --mrtk-version.
#include "mrtk_document.hpp"


namespace rigio::cli {

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
    return take(rigio::to_mrtk_version(doc, version));
}

}  // namespace rigio::cli
