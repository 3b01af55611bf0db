// Reads the .atlas text format (see rigio/atlas/atlas.hpp). Line by line: a blank line ends a page;
// the first line of a page is its image name; `key: value` lines are fields of the page or, once a
// region name has been seen, of that region. Errors name the line and column.
#include <charconv>

#include "rigio/atlas/atlas.hpp"

namespace rigio::atlas {

namespace {

constexpr std::size_t kMaxValues = 4;

struct Line {
    std::string_view text;  // without the line ending
    int number = 0;         // 1-based
};

bool is_space(char c) { return c == ' ' || c == '\t'; }

std::string_view trim(std::string_view s) {
    while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
    while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
    return s;
}

class Reader {
public:
    explicit Reader(std::string_view text) : text_(text) {}

    Atlas read() {
        split_lines();
        Atlas atlas;
        Layout& layout = atlas.layout;
        std::size_t i = 0;
        bool seen_page_field = false, seen_region_field = false, seen_page_tuple = false, seen_region_tuple = false;
        while (i < lines_.size() && trim(lines_[i].text).empty()) ++i;
        layout.blank_before_first_page = i > 0;
        while (i < lines_.size()) {
            // A page: its name, then fields, then regions, up to a blank line.
            Page page;
            page.keys.emplace();
            page.name = std::string(name_of(lines_[i]));
            ++i;
            Region* region = nullptr;
            for (; i < lines_.size() && !trim(lines_[i].text).empty(); ++i) {
                const Line& line = lines_[i];
                const std::size_t colon = line.text.find(':');
                if (colon == std::string_view::npos) {
                    page.regions.emplace_back();
                    region = &page.regions.back();
                    region->keys.emplace();
                    region->name = std::string(name_of(line));
                    continue;
                }
                const std::string_view indent = line.text.substr(0, line.text.size() - trim_left(line.text).size());
                std::string key(trim(line.text.substr(0, colon)));
                if (key.empty()) fail(line, column_of(line, line.text.find_first_not_of(" \t")), "a field without a key");
                const std::size_t value_at = colon + 1;
                if (region) {
                    if (!seen_region_field) layout.region_indent = std::string(indent), seen_region_field = true;
                    if (contains(*region->keys, key)) fail(line, column_of(line, indent.size()), "region \"" + region->name + "\" has two \"" + key + "\" fields");
                    region->keys->push_back(key);
                    bool tuple = region_field(*region, key, line, value_at);
                    if (tuple && !seen_region_tuple) layout.space_after_comma = comma_spaced(line, value_at), seen_region_tuple = true;
                } else {
                    if (!seen_page_field) layout.page_indent = std::string(indent), seen_page_field = true;
                    if (contains(*page.keys, key)) fail(line, column_of(line, indent.size()), "page \"" + page.name + "\" has two \"" + key + "\" fields");
                    page.keys->push_back(key);
                    bool tuple = page_field(page, key, line, value_at);
                    if (tuple && !seen_page_tuple) layout.page_space_after_comma = comma_spaced(line, value_at), seen_page_tuple = true;
                }
            }
            atlas.pages.push_back(std::move(page));
            std::size_t blanks = 0;
            while (i < lines_.size() && trim(lines_[i].text).empty()) ++i, ++blanks;
            if (i == lines_.size()) layout.trailing_blank_lines = static_cast<int>(blanks);
        }
        if (!seen_page_tuple) layout.page_space_after_comma = layout.space_after_comma;
        layout.crlf = crlf_;
        layout.final_newline = final_newline_;
        if (atlas.pages.empty()) layout = Layout{};  // nothing to lay out: blank text reads as empty
        return atlas;
    }

private:
    void split_lines() {
        std::size_t start = 0;
        int number = 1;
        bool first = true;
        while (start < text_.size()) {
            std::size_t end = text_.find('\n', start);
            const bool has_newline = end != std::string_view::npos;
            if (!has_newline) end = text_.size();
            std::string_view line = text_.substr(start, end - start);
            if (has_newline && !line.empty() && line.back() == '\r') {
                line.remove_suffix(1);
                if (first) crlf_ = true;
            }
            if (has_newline) first = false;
            for (std::size_t k = 0; k < line.size(); ++k) {
                const unsigned char c = static_cast<unsigned char>(line[k]);
                if ((c < 0x20 && c != '\t') || c == 0x7f)
                    fail(Line{line, number}, static_cast<int>(k) + 1, "control character " + std::to_string(c) + " in the text");
            }
            lines_.push_back(Line{line, number++});
            final_newline_ = has_newline;
            start = has_newline ? end + 1 : end;
        }
        // Spaces after the last line ending are not a line of their own.
        if (!final_newline_ && !lines_.empty() && trim(lines_.back().text).empty()) {
            lines_.pop_back();
            final_newline_ = true;
        }
    }

    static std::string_view trim_left(std::string_view s) {
        while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
        return s;
    }
    static bool contains(const std::vector<std::string>& keys, const std::string& key) {
        for (const std::string& k : keys)
            if (k == key) return true;
        return false;
    }
    static int column_of(const Line&, std::size_t offset) { return static_cast<int>(offset) + 1; }

    [[noreturn]] static void fail(const Line& line, int column, const std::string& message) {
        Location where;
        where.line = line.number;
        where.column = column;
        throw Error(message, where);
    }

    std::string_view name_of(const Line& line) { return trim(line.text); }

    // The comma-separated values after the colon, trimmed, with the column where each starts.
    struct Values {
        std::vector<std::string_view> items;
        std::vector<int> columns;
    };
    static Values values_of(const Line& line, std::size_t at) {
        Values v;
        std::size_t start = at;
        for (;;) {
            std::size_t comma = line.text.find(',', start);
            std::size_t end = comma == std::string_view::npos ? line.text.size() : comma;
            std::string_view raw = line.text.substr(start, end - start);
            std::size_t lead = raw.size() - trim_left(raw).size();
            v.items.push_back(trim(raw));
            v.columns.push_back(static_cast<int>(start + lead) + 1);
            if (comma == std::string_view::npos || v.items.size() > kMaxValues) break;
            start = comma + 1;
        }
        return v;
    }
    static bool comma_spaced(const Line& line, std::size_t at) {
        std::size_t comma = line.text.find(',', at);
        return comma != std::string_view::npos && comma + 1 < line.text.size() && line.text[comma + 1] == ' ';
    }

    static Values expect(const Line& line, std::size_t at, const std::string& key, std::size_t count) {
        Values v = values_of(line, at);
        if (v.items.size() != count)
            fail(line, v.columns.front(), "\"" + key + "\" takes " + std::to_string(count) + (count == 1 ? " value" : " values") +
                                              ", found " + (v.items.size() > kMaxValues ? "more than 4" : std::to_string(v.items.size())));
        for (std::size_t k = 0; k < v.items.size(); ++k)
            if (v.items[k].empty()) fail(line, v.columns[k], "\"" + key + "\" has an empty value");
        return v;
    }
    static int integer(const Line& line, const Values& v, std::size_t k, const std::string& key) {
        std::string_view s = v.items[k];
        int out = 0;
        auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
        if (ec != std::errc() || end != s.data() + s.size() || (s.size() > 1 && (s[0] == '0' || (s[0] == '-' && s[1] == '0'))))
            fail(line, v.columns[k], "\"" + key + "\" wants an integer, found \"" + std::string(s.substr(0, 40)) + "\"");
        return out;
    }
    static void integers(const Line& line, std::size_t at, const std::string& key, std::initializer_list<int*> out) {
        Values v = expect(line, at, key, out.size());
        std::size_t k = 0;
        for (int* p : out) *p = integer(line, v, k++, key);
    }
    static std::array<int, 4> four(const Line& line, std::size_t at, const std::string& key) {
        std::array<int, 4> a{};
        integers(line, at, key, {&a[0], &a[1], &a[2], &a[3]});
        return a;
    }
    static std::string word(const Line&, const Values& v, std::size_t k) { return std::string(v.items[k]); }

    // Returns whether the field is a tuple (its comma style is the layout's).
    static bool page_field(Page& page, const std::string& key, const Line& line, std::size_t at) {
        if (key == "size") {
            integers(line, at, key, {&page.width, &page.height});
            if (page.width < 0 || page.height < 0) fail(line, static_cast<int>(at) + 1, "negative page size");
            return true;
        }
        if (key == "format") {
            page.format = word(line, expect(line, at, key, 1), 0);
            return false;
        }
        if (key == "filter") {
            Values v = expect(line, at, key, 2);
            page.filter_min = word(line, v, 0);
            page.filter_mag = word(line, v, 1);
            return true;
        }
        if (key == "repeat") {
            Values v = expect(line, at, key, 1);
            const std::string r = word(line, v, 0);
            if (r != "none" && r != "x" && r != "y" && r != "xy") fail(line, v.columns[0], "\"repeat\" is none, x, y or xy, found \"" + r.substr(0, 40) + "\"");
            page.repeat = r;
            return false;
        }
        if (key == "pma") {
            Values v = expect(line, at, key, 1);
            const std::string b = word(line, v, 0);
            if (b != "true" && b != "false") fail(line, v.columns[0], "\"pma\" is true or false, found \"" + b.substr(0, 40) + "\"");
            page.pma = b == "true";
            return false;
        }
        page.extra.push_back(Field{key, std::string(trim(line.text.substr(at)))});
        return false;
    }

    static bool region_field(Region& r, const std::string& key, const Line& line, std::size_t at) {
        if (key == "xy") return integers(line, at, key, {&r.x, &r.y}), true;
        if (key == "size") return integers(line, at, key, {&r.width, &r.height}), true;
        if (key == "bounds") return integers(line, at, key, {&r.x, &r.y, &r.width, &r.height}), true;
        if (key == "offset") return integers(line, at, key, {&r.offset_x, &r.offset_y}), true;
        if (key == "orig") return integers(line, at, key, {&r.original_width, &r.original_height}), true;
        if (key == "offsets") return integers(line, at, key, {&r.offset_x, &r.offset_y, &r.original_width, &r.original_height}), true;
        if (key == "index") return integers(line, at, key, {&r.index}), false;
        if (key == "split") return r.split = four(line, at, key), true;
        if (key == "pad") return r.pad = four(line, at, key), true;
        if (key == "rotate") {
            Values v = expect(line, at, key, 1);
            if (v.items[0] == "true" || v.items[0] == "false") {
                r.rotate_as_bool = true;
                r.degrees = v.items[0] == "true" ? 90 : 0;
            } else {
                r.rotate_as_bool = false;
                r.degrees = integer(line, v, 0, key);
            }
            return false;
        }
        r.extra.push_back(Field{key, std::string(trim(line.text.substr(at)))});
        return false;
    }

    std::string_view text_;
    std::vector<Line> lines_;
    bool crlf_ = false;
    bool final_newline_ = true;
};

Atlas parse(std::string_view text) {
    Atlas atlas = Reader(text).read();
    // Sizes default as the runtimes do: the packed size is the original size unless given.
    for (Page& page : atlas.pages)
        for (Region& r : page.regions) {
            bool has_orig = false;
            for (const std::string& k : *r.keys) has_orig |= k == "orig" || k == "offsets";
            if (!has_orig) r.original_width = r.width, r.original_height = r.height;
        }
    return atlas;
}

}  // namespace

Result<Atlas> read_atlas(std::string_view text) {
    return capture([&] { return parse(text); });
}

const Region* Atlas::find(std::string_view name, int* page_index) const {
    const Region* best = nullptr;
    for (std::size_t p = 0; p < pages.size(); ++p)
        for (const Region& r : pages[p].regions)
            if (r.name == name && (!best || r.index < best->index)) {
                best = &r;
                if (page_index) *page_index = static_cast<int>(p);
            }
    return best;
}

}  // namespace rigio::atlas
