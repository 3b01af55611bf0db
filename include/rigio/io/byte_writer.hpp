// rigio/io/byte_writer.hpp: appends primitive values to a growing byte buffer, the mirror of
// ByteReader (same names, same encodings, both byte orders).
#pragma once

#include <bit>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rigio::io {

class ByteWriter {
public:
    const std::vector<std::uint8_t>& bytes() const { return out_; }
    std::vector<std::uint8_t> take() { return std::move(out_); }
    std::size_t size() const { return out_.size(); }
    void reserve(std::size_t n) { out_.reserve(n); }

    void u8(std::uint8_t v) { out_.push_back(v); }
    void i8(std::int8_t v) { u8(static_cast<std::uint8_t>(v)); }
    void boolean(bool v) { u8(v ? 1 : 0); }

    void u16_be(std::uint16_t v) {
        u8(static_cast<std::uint8_t>(v >> 8));
        u8(static_cast<std::uint8_t>(v));
    }
    void u32_be(std::uint32_t v) {
        u8(static_cast<std::uint8_t>(v >> 24));
        u8(static_cast<std::uint8_t>(v >> 16));
        u8(static_cast<std::uint8_t>(v >> 8));
        u8(static_cast<std::uint8_t>(v));
    }
    void i32_be(std::int32_t v) { u32_be(static_cast<std::uint32_t>(v)); }
    void f32_be(float v) { u32_be(std::bit_cast<std::uint32_t>(v)); }

    void u16_le(std::uint16_t v) {
        u8(static_cast<std::uint8_t>(v));
        u8(static_cast<std::uint8_t>(v >> 8));
    }
    void u32_le(std::uint32_t v) {
        u16_le(static_cast<std::uint16_t>(v));
        u16_le(static_cast<std::uint16_t>(v >> 16));
    }
    void u64_le(std::uint64_t v) {
        u32_le(static_cast<std::uint32_t>(v));
        u32_le(static_cast<std::uint32_t>(v >> 32));
    }
    void i32_le(std::int32_t v) { u32_le(static_cast<std::uint32_t>(v)); }
    void f32_le(float v) { u32_le(std::bit_cast<std::uint32_t>(v)); }
    void f64_le(double v) { u64_le(std::bit_cast<std::uint64_t>(v)); }

    // Shortest Spine varint; negative values of a varint+ take 5 bytes, as the editor writes them.
    void varint(std::int32_t value, bool zigzag = false) {
        std::uint32_t v = static_cast<std::uint32_t>(value);
        if (zigzag) v = (v << 1) ^ static_cast<std::uint32_t>(value >> 31);
        while (v >= 0x80) {
            u8(static_cast<std::uint8_t>((v & 0x7F) | 0x80));
            v >>= 7;
        }
        u8(static_cast<std::uint8_t>(v));
    }
    void count(std::size_t n) { varint(static_cast<std::int32_t>(n)); }

    void spine_string(std::optional<std::string_view> s) {  // (a std::optional of any string converts)
        if (!s) {
            varint(0);
            return;
        }
        count(s->size() + 1);
        bytes(*s);
    }
    void bytes(std::string_view s) { out_.insert(out_.end(), s.begin(), s.end()); }

private:
    std::vector<std::uint8_t> out_;
};

}  // namespace rigio::io
