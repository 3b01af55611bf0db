#include "rigio/io/byte_reader.hpp"

#include <bit>
#include <cmath>

namespace rigio::io {

void ByteReader::fail_boolean(std::size_t at, std::uint8_t b) const {
    fail_at(at, "boolean byte is " + std::to_string(b) + ", expected 0 or 1");
}

template <class F>
F ByteReader::checked(F v, std::size_t size) const {
    if (finite_only_ && !std::isfinite(v)) fail_not_finite(v, size);
    return v;
}

void ByteReader::fail_not_finite(double v, std::size_t size) const {
    fail_at(pos_ - size, std::isnan(v) ? "number is NaN, which this format never holds" : "number is infinite, which this format never holds");
}

void ByteReader::fail_first_not_finite(const float* run, std::size_t n) {
    // The run starts at pos_ (not yet advanced): fail as f32_be() would, just after the first bad float.
    for (std::size_t i = 0; i < n; ++i) {
        if (!std::isfinite(run[i])) {
            pos_ += 4 * (i + 1);
            fail_not_finite(run[i], 4);
        }
    }
    fail("internal: no non-finite float in the run");
}

std::uint16_t ByteReader::u16_le() {
    need(2, "a 16-bit integer");
    std::uint16_t v = static_cast<std::uint16_t>(data_[pos_] | (data_[pos_ + 1] << 8));
    pos_ += 2;
    return v;
}

std::uint32_t ByteReader::u32_le() {
    need(4, "a 32-bit value");
    const std::uint8_t* p = data_.data() + pos_;
    pos_ += 4;
    return (std::uint32_t{p[3]} << 24) | (std::uint32_t{p[2]} << 16) | (std::uint32_t{p[1]} << 8) | p[0];
}

std::uint64_t ByteReader::u64_le() {
    std::uint64_t lo = u32_le();
    std::uint64_t hi = u32_le();
    return lo | (hi << 32);
}

float ByteReader::f32_le() { return checked(std::bit_cast<float>(u32_le()), 4); }
double ByteReader::f64_le() { return checked(std::bit_cast<double>(u64_le()), 8); }

std::int32_t ByteReader::varint_long(bool zigzag) {
    std::uint32_t value = 0;
    for (int shift = 0; shift < 35; shift += 7) {
        if (pos_ >= data_.size()) fail_short(1, "a varint byte");
        std::uint8_t b = data_[pos_++];
        value |= static_cast<std::uint32_t>(b & 0x7F) << shift;
        if (!(b & 0x80) || shift == 28) break;
    }
    if (zigzag) value = (value >> 1) ^ (0u - (value & 1u));
    return static_cast<std::int32_t>(value);
}

void ByteReader::fail_negative(std::size_t at, std::int32_t v, const char* what) const {
    fail_at(at, std::string(what) + " is negative (" + std::to_string(v) + ")");
}

void ByteReader::fail_count(std::size_t n, const char* what) const {
    fail(std::string(what) + " count " + std::to_string(n) + " is more than the " + std::to_string(remaining()) +
         " bytes left could hold");
}

std::optional<std::string> ByteReader::spine_string() {
    const std::optional<std::string_view> v = spine_string_view();
    if (!v) return std::nullopt;
    return std::string(*v);
}

std::optional<std::string_view> ByteReader::spine_string_view_long() {
    std::size_t at = pos_;
    std::uint32_t n = count("string length");
    if (n == 0) return std::nullopt;
    if (n - 1 > remaining()) {
        fail_at(at, "string of " + std::to_string(n - 1) + " bytes runs past the end of the data (" +
                        std::to_string(remaining()) + " bytes left)");
    }
    return bytes(n - 1);
}

std::string_view ByteReader::bytes(std::size_t n) {
    need(n, "bytes");
    std::string_view v(reinterpret_cast<const char*>(data_.data() + pos_), n);
    pos_ += n;
    return v;
}

std::string ByteReader::context() const {
    std::string out;
    for (std::size_t i = 0; i < depth_ && i < frames_.size(); ++i) {
        const Frame& f = frames_[i];
        out += out.empty() ? "in " : ", ";
        out += f.label;
        if (f.name || (f.arena_name && *f.arena_name)) {
            out += " \"";
            if (f.name) out += *f.name;
            else out.append((*f.arena_name)->data(), (*f.arena_name)->size());
            out += '"';
        } else if (f.index >= 0) {
            out += ' ';
            out += std::to_string(f.index);
        }
    }
    return out;
}

void ByteReader::fail_at(std::size_t at, const std::string& message) const {
    throw Error(message, Location::at_byte(at), context());
}

void ByteReader::fail_short(std::size_t n, const char* what) const {
    fail_at(pos_, std::string("unexpected end of data: needed ") + std::to_string(n) + " byte" +
                      (n == 1 ? "" : "s") + " for " + what + ", " + std::to_string(remaining()) + " left");
}

}  // namespace rigio::io
