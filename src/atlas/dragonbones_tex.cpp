// DragonBones *_tex.json -> Spine atlas model (see rigio/atlas/dragonbones_tex.hpp).
#include "rigio/atlas/dragonbones_tex.hpp"

#include <cmath>
#include <limits>

#include "rigio/io/json_input.hpp"

namespace rigio::atlas {

namespace {

int whole(simdjson::dom::object obj, std::string_view key, io::JsonPath& path, int fallback) {
    const auto e = io::member(obj, key);
    if (!e) return fallback;
    io::JsonPath::Scope s(path, key);
    const double v = io::as_number(*e, path);
    if (!(std::fabs(v) < 1e9)) path.fail("number out of range");
    return static_cast<int>(std::lround(v));
}

Atlas parse(std::string_view json) {
    io::JsonDocument doc(json);
    io::JsonPath path(json);
    const simdjson::dom::object root = io::as_object(doc.root(), path);
    Atlas atlas;
    Page page;
    page.keys = std::vector<std::string>{"size", "filter"};
    if (const auto image = io::member(root, "imagePath")) {
        io::JsonPath::Scope s(path, "imagePath");
        page.name = std::string(io::as_string(*image, path));
    } else if (const auto name = io::member(root, "name")) {
        io::JsonPath::Scope s(path, "name");
        page.name = std::string(io::as_string(*name, path)) + "_tex.png";
    } else {
        path.fail("neither \"imagePath\" nor \"name\" says which image holds the textures");
    }
    page.width = whole(root, "width", path, 0);
    page.height = whole(root, "height", path, 0);
    if (page.width < 0 || page.height < 0) path.fail("negative page size");
    page.filter_min = page.filter_mag = "Linear";
    const auto subs = io::member(root, "SubTexture");
    if (!subs) path.fail_at("SubTexture", "no \"SubTexture\" list");
    io::JsonPath::Scope list(path, "SubTexture");
    std::size_t index = 0;
    for (simdjson::dom::element e : io::as_array(*subs, path)) {
        io::JsonPath::Scope item(path, index++);
        const simdjson::dom::object sub = io::as_object(e, path);
        Region r;
        const auto name = io::member(sub, "name");
        if (!name) path.fail("a SubTexture without a \"name\"");
        {
            io::JsonPath::Scope s(path, "name");
            r.name = std::string(io::as_string(*name, path));
        }
        r.x = whole(sub, "x", path, 0);
        r.y = whole(sub, "y", path, 0);
        int w = whole(sub, "width", path, 0), h = whole(sub, "height", path, 0);
        bool rotated = false;
        if (const auto rot = io::member(sub, "rotated")) {
            io::JsonPath::Scope s(path, "rotated");
            rotated = io::as_bool(*rot, path);
        }
        if (rotated) std::swap(w, h);  // the atlas gives the rotated rectangle
        if (w < 0 || h < 0) path.fail("negative SubTexture size");
        r.width = w;
        r.height = h;
        r.degrees = rotated ? 90 : 0;
        const int frame_x = whole(sub, "frameX", path, 0), frame_y = whole(sub, "frameY", path, 0);
        r.original_width = whole(sub, "frameWidth", path, w);
        r.original_height = whole(sub, "frameHeight", path, h);
        r.offset_x = -frame_x;
        r.offset_y = r.original_height - h + frame_y;  // Spine counts from the bottom edge
        page.regions.push_back(std::move(r));
    }
    atlas.pages.push_back(std::move(page));
    return atlas;
}

}  // namespace

Result<Atlas> read_dragonbones_tex(std::string_view json) {
    return capture([&] { return parse(json); });
}

}  // namespace rigio::atlas
