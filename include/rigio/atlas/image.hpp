// rigio/atlas/image.hpp: 8-bit RGBA images and PNG files (decoded and encoded by libpng).
// Dimensions are checked against ImageLimits before any pixel memory is allocated.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "rigio/io/error.hpp"

namespace rigio::atlas {

struct Image {
    int width = 0, height = 0;
    std::vector<std::uint8_t> rgba;  // width * height * 4 bytes, rows top to bottom, straight or premultiplied as stored
};

struct ImageLimits {
    int max_side = 16384;                        // pixels per side
    std::uint64_t max_pixels = 64ull << 20;      // 64 Mpixel (256 MiB of RGBA)
};

// Decodes a PNG (any colour type and bit depth) to 8-bit RGBA. An Error naming `what` (e.g. the file
// name) when the data is not a PNG, is damaged, or exceeds `limits`.
Result<Image> decode_png(std::span<const std::uint8_t> bytes, const std::string& what, const ImageLimits& limits = {});

// Encodes an RGBA image as an 8-bit RGBA PNG; an Error when its size is out of limits or its pixel
// buffer does not match it.
Result<std::vector<std::uint8_t>> encode_png(const Image& image);

// Checks a width x height request against `limits`; an Error naming `what` when it exceeds them.
Result<void> check_image_size(long long width, long long height, const std::string& what, const ImageLimits& limits = {});

}  // namespace rigio::atlas
