// rigio/atlas/atlas.hpp: Spine texture atlases (the libgdx-based `.atlas` text format), 3.x and 4.x forms.
// A file is a list of pages (an image name, then `key: value` fields), each followed by its regions (a
// name, then fields). 3.x writes `xy`/`size`/`orig`/`offset` and a blank line before every page; 4.x
// writes `bounds`/`offsets`, tab-indented fields, `pma`, and leaves out default values. Both forms are
// read into one model; each page and region remembers the keys it was written with, in order, and the
// atlas its layout, so a rewrite of an editor export is byte-identical. Keys the format does not define
// are kept as written (e.g. 4.x `scale`).
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rigio/io/error.hpp"

namespace rigio::atlas {

// A field this model does not type: its key and its value text as written (trimmed).
struct Field {
    std::string key;
    std::string value;
    bool operator==(const Field&) const = default;
};

struct Region {
    std::string name;
    int index = -1;                        // frame number of a sequence; -1: none
    int x = 0, y = 0, width = 0, height = 0;  // in the page; width/height are the unrotated image size
    int offset_x = 0, offset_y = 0;        // stripped whitespace: left and bottom edges
    int original_width = 0, original_height = 0;  // the image before whitespace stripping
    int degrees = 0;                       // rotation of the image in the page (90 for `rotate: true`)
    bool rotate_as_bool = false;           // written as `rotate: true|false` (3.x) rather than degrees
    std::optional<std::array<int, 4>> split, pad;  // nine-patch splits and paddings
    std::vector<Field> extra;              // keys the format does not define
    std::optional<std::vector<std::string>> keys;  // keys in the order written (none: the writer's choice)
    bool operator==(const Region&) const = default;
};

struct Page {
    std::string name;  // the image file, relative to the atlas (never trusted as a path)
    int width = 0, height = 0;
    std::string format = "RGBA8888";
    std::string filter_min = "Nearest", filter_mag = "Nearest";
    std::string repeat = "none";  // none, x, y, xy
    bool pma = false;             // 4.x `pma: true`: premultiplied alpha
    std::vector<Field> extra;
    std::optional<std::vector<std::string>> keys;  // as for regions
    std::vector<Region> regions;
    bool operator==(const Page&) const = default;
};

// How the file was laid out (3.x and 4.x exports differ); the writer follows it.
struct Layout {
    bool blank_before_first_page = false;  // 3.x starts with an empty line
    std::string page_indent = "\t";        // 3.x "", 4.x "\t"
    std::string region_indent = "\t";      // 3.x "  ", 4.x "\t"
    bool space_after_comma = true;         // "1, 2" (4.x, 3.x regions) or "1,2"
    bool page_space_after_comma = true;    // 3.x pages: "size: 1024,256"
    bool crlf = false;
    bool final_newline = true;
    int trailing_blank_lines = 0;
    bool operator==(const Layout&) const = default;
};

struct Atlas {
    std::vector<Page> pages;
    Layout layout;
    bool operator==(const Atlas&) const = default;

    // The first region named `name` (with the lowest index when several), or nullptr; *page_index is set.
    const Region* find(std::string_view name, int* page_index = nullptr) const;
};

// Parses atlas text; an Error is located by line and column.
Result<Atlas> read_atlas(std::string_view text);

// Serialises an atlas in its layout; keys follow each page's and region's `keys`, or the 4.x choice
// (values that differ from the defaults) when it has none.
std::string write_atlas(const Atlas& atlas);

}  // namespace rigio::atlas
