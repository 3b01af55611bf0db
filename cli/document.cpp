#include "document.hpp"

#include "output.hpp"

namespace rigio::cli {

LoadOptions& default_load_options() {
    static LoadOptions options;
    return options;
}

Document load(const std::string& path, const LoadOptions& options) {
    const std::vector<std::uint8_t> bytes = read_input(path);
    LoadOptions padded = options;
    padded.padded = true;  // (read_input's buffer: io::read_file or io::read_stdin)
    return take(rigio::load(bytes, path, padded));
}

void save(const Document& doc, Format target, const std::string& path, const SaveOptions& options) {
    write_output(path, take(rigio::encode(doc, target, options)));
}

convert::LossReport prepare_dragonbones(Document& doc, const std::string& db_version) {
    return take(rigio::to_dragonbones_version(doc, db_version));
}

}  // namespace rigio::cli
