#include "rigio/io/error.hpp"

namespace rigio {

std::string Location::to_string() const {
    std::string out;
    if (byte) out = "byte " + std::to_string(*byte);
    if (!json_path.empty()) {
        if (!out.empty()) out += ", ";
        out += json_path;
    }
    if (line > 0) {
        bool bare = out.empty();
        out += bare ? "line " : " (line ";
        out += std::to_string(line);
        if (column > 0) out += ", column " + std::to_string(column);
        if (!bare) out += ")";
    }
    return out;
}

Error::Error(std::string message, Location where, std::string context)
    : std::runtime_error(compose(message, where, context)),
      message_(std::move(message)),
      where_(std::move(where)),
      context_(std::move(context)) {}

std::string Error::compose(const std::string& message, const Location& where, const std::string& context) {
    std::string out;
    if (where.known()) out = "error at " + where.to_string();
    else out = "error";
    if (!context.empty()) out += " " + context;
    out += ": " + message;
    return out;
}

Error rejected_conversion(const Error& reader, std::string_view what) {
    std::string context = "in the converted " + std::string(what);
    if (!reader.context().empty()) context += " " + reader.context();
    return Error(reader.message() + " (rigio's own reader rejects the conversion result; nothing was written)",
                 Location::at_path(reader.where().json_path.empty() ? "/" : reader.where().json_path), context);
}

}  // namespace rigio
