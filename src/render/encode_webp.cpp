// Animated WebP through libwebp's WebPAnimEncoder.
#include <webp/encode.h>
#include <webp/mux.h>

#include <cmath>

#include "rigio/render/encode.hpp"

namespace rigio::render {

namespace {

std::vector<std::uint8_t> webp(const std::vector<atlas::Image>& frames, float delay, float quality) {
    if (frames.empty()) throw Error("WebP output: no frames to write");
    const int w = frames[0].width, h = frames[0].height;
    if (w > WEBP_MAX_DIMENSION || h > WEBP_MAX_DIMENSION) throw Error("WebP output: image larger than 16383 pixels");
    WebPAnimEncoderOptions options;
    if (!WebPAnimEncoderOptionsInit(&options)) throw Error("WebP output: libwebp version mismatch");
    options.anim_params.loop_count = 0;
    WebPAnimEncoder* enc = WebPAnimEncoderNew(w, h, &options);
    if (!enc) throw Error("WebP output: cannot create the encoder");
    WebPConfig config;
    WebPConfigInit(&config);
    config.quality = quality;
    auto fail = [&](const std::string& why) {
        WebPAnimEncoderDelete(enc);
        throw Error("WebP output: " + why);
    };
    for (std::size_t k = 0; k < frames.size(); ++k) {
        const atlas::Image& f = frames[k];
        if (f.width != w || f.height != h || f.rgba.size() != static_cast<std::size_t>(w) * static_cast<std::size_t>(h) * 4)
            fail("frames differ in size");
        WebPPicture pic;
        if (!WebPPictureInit(&pic)) fail("libwebp version mismatch");
        pic.width = w;
        pic.height = h;
        pic.use_argb = 1;
        if (!WebPPictureImportRGBA(&pic, f.rgba.data(), w * 4)) {
            WebPPictureFree(&pic);
            fail("out of memory");
        }
        const int ts = static_cast<int>(std::lround(k * delay * 1000.0));
        const bool ok = WebPAnimEncoderAdd(enc, &pic, ts, &config) != 0;
        WebPPictureFree(&pic);
        if (!ok) fail(WebPAnimEncoderGetError(enc));
    }
    if (!WebPAnimEncoderAdd(enc, nullptr, static_cast<int>(std::lround(frames.size() * delay * 1000.0)), nullptr))
        fail(WebPAnimEncoderGetError(enc));
    WebPData data;
    WebPDataInit(&data);
    if (!WebPAnimEncoderAssemble(enc, &data)) fail(WebPAnimEncoderGetError(enc));
    std::vector<std::uint8_t> out(data.bytes, data.bytes + data.size);
    WebPDataClear(&data);
    WebPAnimEncoderDelete(enc);
    return out;
}

}  // namespace

Result<std::vector<std::uint8_t>> encode_webp(const std::vector<atlas::Image>& frames, float delay, float quality) {
    return capture([&] { return webp(frames, delay, quality); });
}

}  // namespace rigio::render
