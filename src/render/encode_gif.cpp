// Animated GIF: libimagequant picks one palette for all frames, giflib writes the file.
#include <gif_lib.h>
#include <libimagequant.h>

#include <cmath>
#include <cstring>
#include <memory>

#include "rigio/render/encode.hpp"

namespace rigio::render {

namespace {

void check_frames(const std::vector<atlas::Image>& frames, const char* what) {
    if (frames.empty()) throw Error(std::string(what) + ": no frames to write");
    for (const atlas::Image& f : frames)
        if (f.width != frames[0].width || f.height != frames[0].height ||
            f.rgba.size() != static_cast<std::size_t>(f.width) * static_cast<std::size_t>(f.height) * 4)
            throw Error(std::string(what) + ": frames differ in size");
}

int write_bytes(GifFileType* gif, const GifByteType* data, int length) {
    auto* out = static_cast<std::vector<std::uint8_t>*>(gif->UserData);
    out->insert(out->end(), data, data + length);
    return length;
}

struct LiqDeleter {
    void operator()(liq_attr* p) const { liq_attr_destroy(p); }
    void operator()(liq_histogram* p) const { liq_histogram_destroy(p); }
    void operator()(liq_result* p) const { liq_result_destroy(p); }
    void operator()(liq_image* p) const { liq_image_destroy(p); }
};
template <class T>
using Liq = std::unique_ptr<T, LiqDeleter>;

std::vector<std::uint8_t> gif(const std::vector<atlas::Image>& input, float delay) {
    check_frames(input, "GIF output");
    const int w = input[0].width, h = input[0].height;
    if (w > 65535 || h > 65535) throw Error("GIF output: image larger than 65535 pixels");
    // GIF transparency is one bit: threshold alpha.
    std::vector<atlas::Image> frames = input;
    for (atlas::Image& f : frames)
        for (std::size_t i = 0; i < f.rgba.size(); i += 4) {
            if (f.rgba[i + 3] < 128) std::memset(&f.rgba[i], 0, 4);
            else f.rgba[i + 3] = 255;
        }
    Liq<liq_attr> attr(liq_attr_create());
    if (!attr) throw Error("GIF output: libimagequant unavailable");
    liq_set_max_colors(attr.get(), 256);
    liq_set_speed(attr.get(), 4);
    Liq<liq_histogram> hist(liq_histogram_create(attr.get()));
    const std::size_t step = std::max<std::size_t>(1, frames.size() / 32);  // palette from up to ~32 frames
    for (std::size_t k = 0; k < frames.size(); k += step) {
        Liq<liq_image> img(liq_image_create_rgba(attr.get(), frames[k].rgba.data(), w, h, 0));
        if (!img || liq_histogram_add_image(hist.get(), attr.get(), img.get()) != LIQ_OK) throw Error("GIF output: cannot build the palette");
    }
    liq_result* raw = nullptr;
    if (liq_histogram_quantize(hist.get(), attr.get(), &raw) != LIQ_OK) throw Error("GIF output: cannot build the palette");
    Liq<liq_result> result(raw);
    liq_set_dithering_level(result.get(), 1.0f);
    std::vector<std::vector<GifByteType>> indexed(frames.size(), std::vector<GifByteType>(static_cast<std::size_t>(w) * static_cast<std::size_t>(h)));
    for (std::size_t k = 0; k < frames.size(); ++k) {
        Liq<liq_image> img(liq_image_create_rgba(attr.get(), frames[k].rgba.data(), w, h, 0));
        if (!img || liq_write_remapped_image(result.get(), img.get(), indexed[k].data(), indexed[k].size()) != LIQ_OK)
            throw Error("GIF output: cannot map a frame to the palette");
    }
    const liq_palette* pal = liq_get_palette(result.get());
    GifColorType colours[256] = {};
    int transparent = NO_TRANSPARENT_COLOR;
    for (unsigned i = 0; i < pal->count && i < 256; ++i) {
        colours[i].Red = pal->entries[i].r;
        colours[i].Green = pal->entries[i].g;
        colours[i].Blue = pal->entries[i].b;
        if (pal->entries[i].a == 0 && transparent == NO_TRANSPARENT_COLOR) transparent = static_cast<int>(i);
    }
    std::vector<std::uint8_t> out;
    int err = 0;
    GifFileType* gif = EGifOpen(&out, write_bytes, &err);
    if (!gif) throw Error(std::string("GIF output: ") + GifErrorString(err));
    auto fail = [&](const char* what) {
        int e = 0;
        EGifCloseFile(gif, &e);
        throw Error(std::string("GIF output: cannot write the ") + what);
    };
    EGifSetGifVersion(gif, true);
    ColorMapObject* map = GifMakeMapObject(256, colours);
    if (!map) fail("palette");
    const int put = EGifPutScreenDesc(gif, w, h, 8, 0, map);
    GifFreeMapObject(map);
    if (put == GIF_ERROR) fail("header");
    // Loop forever (NETSCAPE2.0 application extension).
    static const GifByteType kApp[] = {'N', 'E', 'T', 'S', 'C', 'A', 'P', 'E', '2', '.', '0'};
    static const GifByteType kLoop[] = {1, 0, 0};
    if (EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE) == GIF_ERROR || EGifPutExtensionBlock(gif, 11, kApp) == GIF_ERROR ||
        EGifPutExtensionBlock(gif, 3, kLoop) == GIF_ERROR || EGifPutExtensionTrailer(gif) == GIF_ERROR)
        fail("loop extension");
    for (std::size_t k = 0; k < frames.size(); ++k) {
        GraphicsControlBlock gcb{};
        gcb.DisposalMode = DISPOSE_BACKGROUND;
        gcb.UserInputFlag = false;
        // Centiseconds, rounded on the running total so the animation keeps its length.
        gcb.DelayTime = static_cast<int>(std::lround((k + 1) * delay * 100.0) - std::lround(k * delay * 100.0));
        gcb.TransparentColor = transparent;
        GifByteType ext[4];
        const std::size_t len = EGifGCBToExtension(&gcb, ext);
        if (EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, static_cast<int>(len), ext) == GIF_ERROR) fail("frame timing");
        if (EGifPutImageDesc(gif, 0, 0, w, h, false, nullptr) == GIF_ERROR) fail("frame header");
        for (int y = 0; y < h; ++y)
            if (EGifPutLine(gif, indexed[k].data() + static_cast<std::size_t>(y) * static_cast<std::size_t>(w), w) == GIF_ERROR) fail("frame");
    }
    if (EGifCloseFile(gif, &err) == GIF_ERROR) throw Error(std::string("GIF output: ") + GifErrorString(err));
    return out;
}

}  // namespace

Result<std::vector<std::uint8_t>> encode_gif(const std::vector<atlas::Image>& frames, float delay) {
    return capture([&] { return gif(frames, delay); });
}

}  // namespace rigio::render
