#include "rigio/io/loss.hpp"

#include <fmt/core.h>

#include "rigio/io/json_writer.hpp"

namespace rigio {

std::string loss_text(const Loss& l) {
    std::string out = fmt::format("loss at {}: {}", l.where.empty() ? "/" : l.where, l.feature);
    if (l.count > 1) out += fmt::format(" ({} times)", l.count);
    return out + fmt::format(": {}", l.action);
}

std::string loss_report_text(const LossReport& report) {
    std::string out;
    for (const Loss& l : report.losses) out += loss_text(l) + '\n';
    return out;
}

std::string loss_report_json(const LossReport& report, const std::string& source_format, const std::string& target_format) {
    std::string out;
    io::JsonWriter w(out, io::JsonWriter::Style::Tabs);
    w.begin_object();
    w.member("source", source_format);
    w.member("target", target_format);
    w.member("lossless", report.empty());
    w.key("losses");
    w.begin_array();
    for (const Loss& l : report.losses) {
        w.begin_object();
        w.member("where", l.where);
        w.member("feature", l.feature);
        w.member("action", l.action);
        w.member("count", l.count);
        w.end_object();
    }
    w.end_array();
    w.end_object();
    out += '\n';
    return out;
}

}  // namespace rigio
