// Loading an atlas and its page images (see rigio/render/skeleton_renderer.hpp).
#include <filesystem>

#include "rigio/atlas/dragonbones_tex.hpp"
#include "rigio/io/file.hpp"
#include "rigio/render/skeleton_renderer.hpp"

namespace rigio::render {

namespace {

// Page names come from the file: only plain relative paths below the atlas's folder, without control
// characters, are followed (and so printed in messages).
void check_page_name(const std::string& name, const std::string& atlas_path) {
    const std::filesystem::path p(name);
    bool ok = !name.empty() && !p.is_absolute() && name.find('\\') == std::string::npos;
    for (const auto& part : p) ok = ok && part != ".." && part != ".";
    for (char c : name) ok = ok && static_cast<unsigned char>(c) >= 0x20 && c != 0x7f;
    if (!ok) throw Error("page image name is not a plain relative path", {}, "in " + atlas_path);
}

TextureAtlas load(const std::string& path, const atlas::ImageLimits& limits) {
    const std::vector<std::uint8_t> bytes = io::read_file(path).value();
    TextureAtlas out;
    const std::string_view text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
    const bool dragonbones = path.size() > 5 && path.compare(path.size() - 5, 5, ".json") == 0;
    Result<atlas::Atlas> read = dragonbones ? atlas::read_dragonbones_tex(text) : atlas::read_atlas(text);
    if (!read) throw Error(read.error().message(), read.error().where(), "in " + path);
    out.atlas = std::move(read.value());
    const std::filesystem::path dir = std::filesystem::path(path).parent_path();
    bool all_pma = !out.atlas.pages.empty();
    for (std::size_t p = 0; p < out.atlas.pages.size(); ++p) {
        const atlas::Page& page = out.atlas.pages[p];
        check_page_name(page.name, path);
        const std::string file = (dir / page.name).string();
        if (page.width > 0 && page.height > 0) atlas::check_image_size(page.width, page.height, file, limits).value();
        out.pages.push_back(atlas::decode_png(io::read_file(file).value(), file, limits).value());
        all_pma = all_pma && page.pma;
    }
    out.premultiplied = all_pma;
    return out;
}

}  // namespace

Result<TextureAtlas> load_texture_atlas(const std::string& path, const atlas::ImageLimits& limits) {
    return capture([&] { return load(path, limits); });
}

int size_regions_from_atlas(spine::SkeletonData& data, const atlas::Atlas& atlas) {
    int sized = 0;
    for (spine::Skin& skin : data.skins)
        for (spine::SkinSlot& ss : skin.slots)
            for (spine::SkinAttachment& e : ss.attachments) {
                spine::Attachment& a = e.attachment;
                if (a.type != spine::AttachmentType::Region || a.width != 0 || a.height != 0) continue;
                const std::string name(a.path ? a.path->view() : a.name ? a.name->view() : spine::view_of(e.key));
                if (const atlas::Region* r = atlas.find(name)) {
                    a.width = static_cast<float>(r->original_width);
                    a.height = static_cast<float>(r->original_height);
                    ++sized;
                }
            }
    return sized;
}

}  // namespace rigio::render
