// rigio/render/encode.hpp: animated image files from rendered frames (straight RGBA, all the same size).
// GIF: one palette of up to 256 colours for the whole animation chosen by libimagequant (with
// dithering), written by giflib, looping; pixels with alpha below 50% become transparent, the others
// opaque. WebP: libwebp's animation encoder, looping, with alpha.
#pragma once

#include <cstdint>
#include <vector>

#include "rigio/atlas/image.hpp"
#include "rigio/io/error.hpp"

namespace rigio::render {

// `delay`: seconds per frame. An Error when the frames are empty, differ in size, or are larger than
// the format allows.
Result<std::vector<std::uint8_t>> encode_gif(const std::vector<atlas::Image>& frames, float delay);
Result<std::vector<std::uint8_t>> encode_webp(const std::vector<atlas::Image>& frames, float delay, float quality = 90);

}  // namespace rigio::render
