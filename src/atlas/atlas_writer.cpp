// Writes the .atlas text format (see rigio/atlas/atlas.hpp), mirroring atlas_reader.cpp field for field.
#include <fmt/format.h>

#include "rigio/atlas/atlas.hpp"

namespace rigio::atlas {

namespace {

class Writer {
public:
    explicit Writer(const Layout& layout) : layout_(layout), eol_(layout.crlf ? "\r\n" : "\n") {}

    std::string write(const Atlas& atlas) {
        for (std::size_t p = 0; p < atlas.pages.size(); ++p) {
            if (p > 0 || layout_.blank_before_first_page) line("");
            page(atlas.pages[p]);
        }
        for (int k = 0; k < layout_.trailing_blank_lines; ++k) line("");
        if (!layout_.final_newline && out_.size() >= eol_.size()) out_.resize(out_.size() - eol_.size());
        return std::move(out_);
    }

private:
    void line(std::string_view text) {
        out_ += text;
        out_ += eol_;
    }
    void field(const std::string& indent, const std::string& key, const std::string& value) {
        line(indent + key + ": " + value);
    }
    std::string tuple(std::initializer_list<int> values, bool spaced) const {
        std::string s;
        for (int v : values) {
            if (!s.empty()) s += spaced ? ", " : ",";
            s += std::to_string(v);
        }
        return s;
    }
    static std::string tuple4(const std::array<int, 4>& a, bool spaced) {
        const char* sep = spaced ? ", " : ",";
        return fmt::format("{}{}{}{}{}{}{}", a[0], sep, a[1], sep, a[2], sep, a[3]);
    }
    static const std::string* extra_value(const std::vector<Field>& extra, const std::string& key) {
        for (const Field& f : extra)
            if (f.key == key) return &f.value;
        return nullptr;
    }

    void page(const Page& p) {
        line(p.name);
        std::vector<std::string> keys = p.keys.value_or(std::vector<std::string>{});
        if (!p.keys) {
            keys.push_back("size");
            if (p.format != "RGBA8888") keys.push_back("format");
            if (p.filter_min != "Nearest" || p.filter_mag != "Nearest") keys.push_back("filter");
            if (p.repeat != "none") keys.push_back("repeat");
            if (p.pma) keys.push_back("pma");
            for (const Field& f : p.extra) keys.push_back(f.key);
        }
        const bool spaced = layout_.page_space_after_comma;
        const std::string& in = layout_.page_indent;
        for (const std::string& key : keys) {
            if (key == "size") field(in, key, tuple({p.width, p.height}, spaced));
            else if (key == "format") field(in, key, p.format);
            else if (key == "filter") field(in, key, p.filter_min + (spaced ? ", " : ",") + p.filter_mag);
            else if (key == "repeat") field(in, key, p.repeat);
            else if (key == "pma") field(in, key, p.pma ? "true" : "false");
            else if (const std::string* v = extra_value(p.extra, key)) field(in, key, *v);
        }
        for (const Region& r : p.regions) region(r);
    }

    void region(const Region& r) {
        line(r.name);
        std::vector<std::string> keys = r.keys.value_or(std::vector<std::string>{});
        if (!r.keys) {
            if (r.index != -1) keys.push_back("index");
            keys.push_back("bounds");
            if (r.offset_x != 0 || r.offset_y != 0 || r.original_width != r.width || r.original_height != r.height)
                keys.push_back("offsets");
            if (r.degrees != 0) keys.push_back("rotate");
            if (r.split) keys.push_back("split");
            if (r.pad) keys.push_back("pad");
            for (const Field& f : r.extra) keys.push_back(f.key);
        }
        const bool spaced = layout_.space_after_comma;
        const std::string& in = layout_.region_indent;
        for (const std::string& key : keys) {
            if (key == "xy") field(in, key, tuple({r.x, r.y}, spaced));
            else if (key == "size") field(in, key, tuple({r.width, r.height}, spaced));
            else if (key == "bounds") field(in, key, tuple({r.x, r.y, r.width, r.height}, spaced));
            else if (key == "offset") field(in, key, tuple({r.offset_x, r.offset_y}, spaced));
            else if (key == "orig") field(in, key, tuple({r.original_width, r.original_height}, spaced));
            else if (key == "offsets") field(in, key, tuple({r.offset_x, r.offset_y, r.original_width, r.original_height}, spaced));
            else if (key == "index") field(in, key, std::to_string(r.index));
            else if (key == "split") field(in, key, tuple4(r.split.value_or(std::array<int, 4>{}), spaced));
            else if (key == "pad") field(in, key, tuple4(r.pad.value_or(std::array<int, 4>{}), spaced));
            else if (key == "rotate") {
                if (r.rotate_as_bool && (r.degrees == 0 || r.degrees == 90)) field(in, key, r.degrees == 90 ? "true" : "false");
                else field(in, key, std::to_string(r.degrees));
            } else if (const std::string* v = extra_value(r.extra, key)) field(in, key, *v);
        }
    }

    const Layout& layout_;
    std::string eol_;
    std::string out_;
};

}  // namespace

std::string write_atlas(const Atlas& atlas) { return Writer(atlas.layout).write(atlas); }

}  // namespace rigio::atlas
