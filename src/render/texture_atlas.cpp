// Loading an atlas and its page images (see rigio/render/skeleton_renderer.hpp).
#include <filesystem>

#include "rigio/io/file.hpp"
#include "rigio/render/skeleton_renderer.hpp"

namespace rigio::render {

namespace {

// Page names come from the file: only plain relative paths below the atlas's folder are followed.
void check_page_name(const std::string& name, const std::string& atlas_path) {
    const std::filesystem::path p(name);
    bool ok = !name.empty() && !p.is_absolute() && name.find('\\') == std::string::npos;
    for (const auto& part : p) ok = ok && part != ".." && part != ".";
    if (!ok) throw Error("page image name is not a plain relative path", {}, "in " + atlas_path);
}

}  // namespace

TextureAtlas load_texture_atlas(const std::string& path, const atlas::ImageLimits& limits) {
    const std::vector<std::uint8_t> bytes = io::read_file(path);
    TextureAtlas out;
    try {
        out.atlas = atlas::read_atlas(std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()));
    } catch (const Error& e) {
        throw Error(e.message(), e.where(), "in " + path);
    }
    const std::filesystem::path dir = std::filesystem::path(path).parent_path();
    bool all_pma = !out.atlas.pages.empty();
    for (std::size_t p = 0; p < out.atlas.pages.size(); ++p) {
        const atlas::Page& page = out.atlas.pages[p];
        check_page_name(page.name, path);
        const std::string file = (dir / page.name).string();
        if (page.width > 0 && page.height > 0) atlas::check_image_size(page.width, page.height, file, limits);
        out.pages.push_back(atlas::decode_png(io::read_file(file), file, limits));
        all_pma = all_pma && page.pma;
    }
    out.premultiplied = all_pma;
    return out;
}

}  // namespace rigio::render
