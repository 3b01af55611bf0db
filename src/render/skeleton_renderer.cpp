// Drawing a posed skeleton (see rigio/render/skeleton_renderer.hpp).
#include "rigio/render/skeleton_renderer.hpp"

#include <cmath>
#include <numbers>

#include "rigio/spine/runtime/sequence.hpp"
#include "rigio/spine/runtime/vertices.hpp"

namespace rigio::render {

namespace rt = spine::runtime;
using spine::AttachmentType;

namespace {

constexpr std::uint16_t kQuad[6] = {0, 1, 2, 2, 3, 0};  // corners BL, UL, UR, BR

// Page coordinates of point (s, t) of a region's packed image (s right, t down, 0..1). A region with
// `rotate: 90` is stored turned a quarter counter-clockwise (its image's top edge runs up the left
// side), 180 upside down, 270 a quarter clockwise (the top edge runs down the right side).
void page_uv(const atlas::Region& r, float page_w, float page_h, float s, float t, float* out) {
    const float x0 = static_cast<float>(r.x), y0 = static_cast<float>(r.y);
    const float w = static_cast<float>(r.width), h = static_cast<float>(r.height);
    float x, y;
    switch (r.degrees) {
        case 90: x = x0 + t * h, y = y0 + (1 - s) * w; break;
        case 180: x = x0 + (1 - s) * w, y = y0 + (1 - t) * h; break;
        case 270: x = x0 + (1 - t) * h, y = y0 + s * w; break;
        default: x = x0 + s * w, y = y0 + t * h; break;
    }
    out[0] = x / page_w;
    out[1] = y / page_h;
}

float channel8(float v) {  // as the official renderers pass vertex colours: truncated to 8 bits
    v = v < 0 ? 0 : (v > 1 ? 1 : v);
    return std::floor(v * 255.0f) / 255.0f;
}

// A name from a file, safe to print: quoted, control characters escaped, at most 80 bytes.
std::string quoted(std::string_view name) {
    std::string out = "\"";
    for (std::size_t i = 0; i < name.size() && i < 80; ++i) {
        const unsigned char c = static_cast<unsigned char>(name[i]);
        if (c < 0x20 || c == 0x7f) {
            static const char* hex = "0123456789abcdef";
            out += "\\x";
            out += hex[c >> 4];
            out += hex[c & 15];
        } else {
            if (c == '"' || c == '\\') out += '\\';
            out += static_cast<char>(c);
        }
    }
    if (name.size() > 80) out += "...";
    return out + "\"";
}

float rgba_channel(spine::Rgba c, int shift) { return static_cast<float>((c >> shift) & 0xFF) / 255.0f; }

Blend blend_of(spine::BlendMode m) {
    switch (m) {
        case spine::BlendMode::Additive: return Blend::Additive;
        case spine::BlendMode::Multiply: return Blend::Multiply;
        case spine::BlendMode::Screen: return Blend::Screen;
        default: return Blend::Normal;
    }
}

}  // namespace

void Bounds::add(float x, float y) {
    if (!std::isfinite(x) || !std::isfinite(y)) return;
    if (empty) {
        min_x = max_x = x;
        min_y = max_y = y;
        empty = false;
        return;
    }
    min_x = std::min(min_x, x);
    max_x = std::max(max_x, x);
    min_y = std::min(min_y, y);
    max_y = std::max(max_y, y);
}

SkeletonRenderer::SkeletonRenderer(const rt::RuntimeData& data, const TextureAtlas& textures)
    : data_(&data), textures_(&textures), mapped_(data.attachments.size()) {
    // The runtime numbers attachments skin by skin, slot by slot, in file order.
    std::vector<const spine::Attachment*>& models = models_;
    for (const spine::Skin& skin : data.data->skins)
        for (const spine::SkinSlot& ss : skin.slots)
            for (const spine::SkinAttachment& e : ss.attachments) models.push_back(&e.attachment);
    if (models.size() != data.attachments.size()) throw Error("render: attachment table does not match the skeleton");
    auto parent_of = [&](std::size_t id) -> int {
        const spine::Attachment& m = *models[id];
        int skin = m.parent_skin ? data.find_skin(m.parent_skin->view()) : data.default_skin;
        if (skin < 0 && m.parent_skin && *m.parent_skin == "default") skin = data.default_skin;
        return m.parent ? data.skin_attachment(skin, data.attachments[id].slot, data.name_id(*m.parent)) : -1;
    };
    for (std::size_t id = 0; id < models.size(); ++id) {
        const spine::Attachment& m = *models[id];
        const rt::AttachmentInfo& info = data.attachments[id];
        if (m.type != AttachmentType::Region && m.type != AttachmentType::Mesh && m.type != AttachmentType::LinkedMesh) continue;
        // A sequence attachment (4.1+) shows one region per frame: map each.
        auto map_region = [&](std::string_view path, Mapped& out) {
            out.model = &m;
            out.region = textures.atlas.find(path, &out.page);
            if (!out.region) throw Error("attachment " + quoted(info.name) + ": region " + quoted(path) + " is not in the atlas");
            const atlas::Page& page = textures.atlas.pages[static_cast<std::size_t>(out.page)];
            const atlas::Image& img = textures.pages[static_cast<std::size_t>(out.page)];
            const float pw = static_cast<float>(page.width > 0 ? page.width : img.width);
            const float ph = static_cast<float>(page.height > 0 ? page.height : img.height);
            const atlas::Region& r = *out.region;
            if (r.degrees != 0 && r.degrees != 90 && r.degrees != 180 && r.degrees != 270)
                throw Error("region " + quoted(r.name) + ": rotation by " + std::to_string(r.degrees) +
                            " degrees is not supported by the renderer (quarter turns are)");
            std::size_t source = id;
            for (std::size_t guard = 0; models[source]->type == AttachmentType::LinkedMesh; ++guard) {
                const int p = parent_of(source);
                if (p < 0 || guard > models.size()) throw Error("linked mesh " + quoted(info.name) + ": parent mesh not found");
                source = static_cast<std::size_t>(p);
            }
            const spine::Attachment* shape = models[source];
            out.shape = shape;
            if (m.type == AttachmentType::Region) {
                static constexpr float kCorners[4][2] = {{0, 1}, {0, 0}, {1, 0}, {1, 1}};  // BL, UL, UR, BR as (s, t)
                out.page_uvs.resize(8);
                for (int k = 0; k < 4; ++k) page_uv(r, pw, ph, kCorners[k][0], kCorners[k][1], &out.page_uvs[static_cast<std::size_t>(k) * 2]);
                return;
            }
            const std::size_t n = shape->uvs.size() / 2;
            if (static_cast<int>(n) * 2 != info.world_vertices_length)
                throw Error("mesh " + quoted(info.name) + ": " + std::to_string(n) + " uvs for " + std::to_string(info.world_vertices_length / 2) + " vertices");
            for (std::uint16_t t : shape->triangles)
                if (t >= n) throw Error("mesh " + quoted(info.name) + ": triangle index " + std::to_string(t) + " out of range");
            out.page_uvs.resize(n * 2);
            // Mesh uvs are over the original image; whitespace stripping moves the packed part.
            const float ow = static_cast<float>(r.original_width > 0 ? r.original_width : r.width);
            const float oh = static_cast<float>(r.original_height > 0 ? r.original_height : r.height);
            const float w = static_cast<float>(r.width > 0 ? r.width : 1), h = static_cast<float>(r.height > 0 ? r.height : 1);
            const bool stripped = ow != w || oh != h || r.offset_x != 0 || r.offset_y != 0;
            for (std::size_t k = 0; k < n; ++k) {
                float s = shape->uvs[k * 2], t = shape->uvs[k * 2 + 1];
                if (stripped) {
                    s = (s * ow - static_cast<float>(r.offset_x)) / w;
                    t = (t * oh - (oh - h - static_cast<float>(r.offset_y))) / h;
                }
                page_uv(r, pw, ph, s, t, &out.page_uvs[k * 2]);
            }
        };
        Mapped& out = mapped_[id];
        if (info.sequence_count > 0) {
            out.model = &m;
            out.frames.resize(static_cast<std::size_t>(info.sequence_count));
            for (int f = 0; f < info.sequence_count; ++f) map_region(rt::sequence_region(info, f), out.frames[static_cast<std::size_t>(f)]);
        } else {
            map_region(m.path ? std::string_view(*m.path) : info.name, out);
        }
    }
}

Result<SkeletonRenderer> SkeletonRenderer::make(const rt::RuntimeData& data, const TextureAtlas& textures) {
    return capture([&] { return SkeletonRenderer(data, textures); });
}

const SkeletonRenderer::Mapped& SkeletonRenderer::mapped(const rt::Skeleton& sk, int slot) const {
    const Mapped& m = mapped_[static_cast<std::size_t>(sk.slots[static_cast<std::size_t>(slot)].attachment)];
    if (m.frames.empty()) return m;
    const int frame = rt::sequence_frame(sk, slot);
    return m.frames[static_cast<std::size_t>(frame < 0 ? 0 : frame)];
}

int SkeletonRenderer::world_vertices(const rt::Skeleton& sk, int slot, int attachment, const Mapped& m,
                                     std::vector<float>& out) const {
    const rt::AttachmentInfo& info = data_->attachments[static_cast<std::size_t>(attachment)];
    if (m.model->type == AttachmentType::Region) {
        // The quad of the packed image, placed by the atlas's whitespace offsets.
        const spine::Attachment& a = *m.model;
        const atlas::Region& r = *m.region;
        const float ow = static_cast<float>(r.original_width > 0 ? r.original_width : r.width);
        const float oh = static_cast<float>(r.original_height > 0 ? r.original_height : r.height);
        const float rsx = a.width / ow * a.scale_x, rsy = a.height / oh * a.scale_y;
        const float x1 = -a.width / 2 * a.scale_x + static_cast<float>(r.offset_x) * rsx;
        const float y1 = -a.height / 2 * a.scale_y + static_cast<float>(r.offset_y) * rsy;
        const float x2 = x1 + static_cast<float>(r.width) * rsx, y2 = y1 + static_cast<float>(r.height) * rsy;
        const float rad = a.rotation * std::numbers::pi_v<float> / 180.0f, cos = std::cos(rad), sin = std::sin(rad);
        const rt::BoneState& bone = sk.bones[static_cast<std::size_t>(sk.model().slots[static_cast<std::size_t>(slot)].bone)];
        const float local[8] = {x1, y1, x1, y2, x2, y2, x2, y1};
        out.resize(8);
        for (int k = 0; k < 4; ++k) {
            const float lx = local[k * 2] * cos - local[k * 2 + 1] * sin + a.x;
            const float ly = local[k * 2] * sin + local[k * 2 + 1] * cos + a.y;
            out[static_cast<std::size_t>(k) * 2] = lx * bone.a + ly * bone.b + bone.world_x;
            out[static_cast<std::size_t>(k) * 2 + 1] = lx * bone.c + ly * bone.d + bone.world_y;
        }
        return 8;
    }
    out.resize(static_cast<std::size_t>(info.world_vertices_length));
    rt::vertex_world_positions(sk, slot, attachment, 0, info.world_vertices_length, out.data(), 0, 2);
    return info.world_vertices_length;
}

void SkeletonRenderer::add_bounds(const rt::Skeleton& sk, Bounds& bounds) const {
    std::vector<float> world;
    for (int slot : sk.draw_order) {
        const rt::SlotState& st = sk.slots[static_cast<std::size_t>(slot)];
        const int bone = sk.model().slots[static_cast<std::size_t>(slot)].bone;
        if (st.attachment < 0 || !sk.bones[static_cast<std::size_t>(bone)].active || st.color.a == 0) continue;
        const Mapped& m = mapped(sk, slot);
        if (!m.model || (m.model->color & 0xFF) == 0) continue;
        const int n = world_vertices(sk, slot, st.attachment, m, world);
        for (int k = 0; k + 1 < n; k += 2) bounds.add(world[static_cast<std::size_t>(k)], world[static_cast<std::size_t>(k) + 1]);
    }
}

void SkeletonRenderer::draw(const rt::Skeleton& sk, const Camera& cam, Canvas& canvas) const {
    std::vector<float> world;
    std::vector<Vertex> vertices;
    ClipMask mask;
    int clip_end = -1;  // the end slot of the active clipping attachment, or -1
    auto end_clip = [&](int slot) {
        if (clip_end >= 0 && clip_end == slot) clip_end = -1;
    };
    for (int slot : sk.draw_order) {
        const rt::SlotState& st = sk.slots[static_cast<std::size_t>(slot)];
        const spine::Slot& slot_data = sk.model().slots[static_cast<std::size_t>(slot)];
        if (st.attachment < 0) continue;
        if (st.color.a == 0 || !sk.bones[static_cast<std::size_t>(slot_data.bone)].active) {
            end_clip(slot);
            continue;
        }
        const rt::AttachmentInfo& info = data_->attachments[static_cast<std::size_t>(st.attachment)];
        if (info.type == AttachmentType::Clipping) {
            if (clip_end >= 0) continue;  // one clipping attachment at a time
            world.resize(static_cast<std::size_t>(info.world_vertices_length));
            rt::vertex_world_positions(sk, slot, st.attachment, 0, info.world_vertices_length, world.data(), 0, 2);
            for (std::size_t k = 0; k + 1 < world.size(); k += 2) {
                world[k] = cam.x + cam.scale * world[k];
                world[k + 1] = cam.y - cam.scale * world[k + 1];
            }
            fill_polygon(mask, canvas.width, canvas.height, world.data(), static_cast<int>(world.size() / 2));
            const int end = models_[static_cast<std::size_t>(st.attachment)]->end_slot;
            clip_end = end >= 0 ? end : static_cast<int>(sk.model().slots.size());
            continue;
        }
        const Mapped& m = mapped(sk, slot);
        if (!m.model) continue;  // bounding box, path, point: not drawn
        const spine::Rgba ac = m.model->color;
        if ((ac & 0xFF) == 0) {
            end_clip(slot);
            continue;
        }
        Paint paint;
        paint.blend = blend_of(slot_data.blend);
        const float colour[4] = {st.color.r * rgba_channel(ac, 24), st.color.g * rgba_channel(ac, 16), st.color.b * rgba_channel(ac, 8),
                                 st.color.a * rgba_channel(ac, 0)};
        for (int k = 0; k < 4; ++k) paint.light[k] = channel8(colour[k]);
        if (tint_black && st.has_dark) {
            paint.tint_black = true;
            paint.dark[0] = channel8(st.dark.r);
            paint.dark[1] = channel8(st.dark.g);
            paint.dark[2] = channel8(st.dark.b);
        }
        paint.clip = clip_end >= 0 ? &mask : nullptr;
        const int n = world_vertices(sk, slot, st.attachment, m, world) / 2;
        vertices.resize(static_cast<std::size_t>(n));
        for (int k = 0; k < n; ++k) {
            Vertex& v = vertices[static_cast<std::size_t>(k)];
            v.x = cam.x + cam.scale * world[static_cast<std::size_t>(k) * 2];
            v.y = cam.y - cam.scale * world[static_cast<std::size_t>(k) * 2 + 1];
            v.u = m.page_uvs[static_cast<std::size_t>(k) * 2];
            v.v = m.page_uvs[static_cast<std::size_t>(k) * 2 + 1];
        }
        const atlas::Page& page = textures_->atlas.pages[static_cast<std::size_t>(m.page)];
        Texture tex;
        tex.image = &textures_->pages[static_cast<std::size_t>(m.page)];
        tex.premultiplied = textures_->premultiplied;
        tex.linear = page.filter_min != "Nearest" || page.filter_mag != "Nearest";
        if (m.model->type == AttachmentType::Region)
            draw_triangles(canvas, tex, vertices.data(), kQuad, 6, paint);
        else
            draw_triangles(canvas, tex, vertices.data(), m.shape->triangles.data(), static_cast<int>(m.shape->triangles.size()), paint);
        end_clip(slot);
    }
}

}  // namespace rigio::render
