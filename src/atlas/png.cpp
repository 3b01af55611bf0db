// PNG decoding and encoding through libpng's simplified API (png_image).
#include <png.h>

#include <cstring>

#include "rigio/atlas/image.hpp"

namespace rigio::atlas {

Result<void> check_image_size(long long width, long long height, const std::string& what, const ImageLimits& limits) {
    if (width <= 0 || height <= 0)
        return Error(what + ": image size " + std::to_string(width) + " x " + std::to_string(height) + " is empty");
    if (width > limits.max_side || height > limits.max_side ||
        static_cast<std::uint64_t>(width) * static_cast<std::uint64_t>(height) > limits.max_pixels)
        return Error(what + ": image size " + std::to_string(width) + " x " + std::to_string(height) +
                     " exceeds the limit (" + std::to_string(limits.max_side) + " per side, " +
                     std::to_string(limits.max_pixels) + " pixels)");
    return {};
}

Result<Image> decode_png(std::span<const std::uint8_t> bytes, const std::string& what, const ImageLimits& limits) {
    png_image img;
    std::memset(&img, 0, sizeof img);
    img.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&img, bytes.data(), bytes.size())) {
        std::string why = img.message;
        png_image_free(&img);
        return Error(what + ": not a readable PNG (" + why + ")");
    }
    if (Result<void> size = check_image_size(img.width, img.height, what, limits); !size) {
        png_image_free(&img);
        return size.error();
    }
    img.format = PNG_FORMAT_RGBA;
    Image out;
    out.width = static_cast<int>(img.width);
    out.height = static_cast<int>(img.height);
    out.rgba.resize(PNG_IMAGE_SIZE(img));
    if (!png_image_finish_read(&img, nullptr, out.rgba.data(), 0, nullptr)) {
        std::string why = img.message;
        png_image_free(&img);
        return Error(what + ": damaged PNG (" + why + ")");
    }
    return out;
}

Result<std::vector<std::uint8_t>> encode_png(const Image& image) {
    if (Result<void> size = check_image_size(image.width, image.height, "PNG output"); !size) return size.error();
    if (image.rgba.size() != static_cast<std::size_t>(image.width) * static_cast<std::size_t>(image.height) * 4)
        return Error("PNG output: pixel buffer does not match the image size");
    png_image img;
    std::memset(&img, 0, sizeof img);
    img.version = PNG_IMAGE_VERSION;
    img.width = static_cast<png_uint_32>(image.width);
    img.height = static_cast<png_uint_32>(image.height);
    img.format = PNG_FORMAT_RGBA;
    png_alloc_size_t size = 0;
    if (!png_image_write_get_memory_size(img, size, 0, image.rgba.data(), 0, nullptr))
        return Error(std::string("PNG output: cannot encode (") + img.message + ")");
    std::vector<std::uint8_t> out(size);
    if (!png_image_write_to_memory(&img, out.data(), &size, 0, image.rgba.data(), 0, nullptr))
        return Error(std::string("PNG output: cannot encode (") + img.message + ")");
    out.resize(size);
    return out;
}

}  // namespace rigio::atlas
