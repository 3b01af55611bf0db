// rigio/io/byte_reader.hpp: a bounds-checked cursor over untrusted bytes.
// Every read checks the bytes left and throws rigio::Error with the byte offset and the current
// reading context ("in animation \"run\", bone timeline 3") instead of reading out of bounds.
// Both byte orders are supported (Spine is big-endian, MRTK little-endian).
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "rigio/io/arena_string.hpp"
#include "rigio/io/error.hpp"

namespace rigio::io {

class ByteReader {
public:
    explicit ByteReader(std::span<const std::uint8_t> bytes) : data_(bytes) {}

    // When set, f32_be/f32_le/f64_le reject NaN and infinity (for formats whose writers never
    // produce them, so such a value can only be damage).
    void require_finite_floats(bool on) { finite_only_ = on; }

    std::size_t offset() const { return pos_; }
    std::size_t size() const { return data_.size(); }
    std::size_t remaining() const { return data_.size() - pos_; }
    bool at_end() const { return pos_ == data_.size(); }

    std::uint8_t u8() {
        need(1, "a byte");
        return data_[pos_++];
    }
    std::uint8_t peek_u8() const {  // the next byte, not consumed (fails as u8() would)
        need(1, "a byte");
        return data_[pos_];
    }
    std::int8_t i8() { return static_cast<std::int8_t>(u8()); }
    bool boolean() {  // one byte, 0 or 1 (any other value is an error). Inline: only the failure is a call.
        const std::size_t at = pos_;
        const std::uint8_t b = u8();
        if (b > 1) fail_boolean(at, b);
        return b != 0;
    }

    // The big-endian reads and varints are the binary readers' hot path: they are inline here, each
    // with its bounds check (and the finiteness check of floats when asked); only failures are calls.
    std::uint16_t u16_be() {
        need(2, "a 16-bit integer");
        const std::uint8_t* p = data_.data() + pos_;
        pos_ += 2;
        return static_cast<std::uint16_t>((p[0] << 8) | p[1]);
    }
    std::uint32_t u32_be() {
        need(4, "a 32-bit value");
        const std::uint8_t* p = data_.data() + pos_;
        pos_ += 4;
        return (std::uint32_t{p[0]} << 24) | (std::uint32_t{p[1]} << 16) | (std::uint32_t{p[2]} << 8) | p[3];
    }
    std::int32_t i32_be() { return static_cast<std::int32_t>(u32_be()); }
    float f32_be() {
        const float v = std::bit_cast<float>(u32_be());
        // A float is not finite when its exponent bits are all ones: one integer test, no libm call.
        if (finite_only_ && (std::bit_cast<std::uint32_t>(v) & 0x7F800000u) == 0x7F800000u) fail_not_finite(v, 4);
        return v;
    }

    // Reads `n` big-endian floats into `out`: one bounds check for the whole run, then a plain loop.
    // When fewer than n * 4 bytes are left the floats are read one by one, so that a short run fails
    // exactly where and how n f32_be() calls would; a non-finite float (when refused) fails at its own
    // offset, as f32_be() would.
    void f32_be_run(float* out, std::size_t n) {
        if (n > (data_.size() - pos_) / 4) {
            for (std::size_t i = 0; i < n; ++i) out[i] = f32_be();
            return;
        }
        // (a float whose exponent bits are all ones, NaN or infinity, sets the result)
        if (big_endian_floats(data_.data() + pos_, out, n) && finite_only_) fail_first_not_finite(out, n);
        pos_ += n * 4;
    }

    // Reads big-endian floats into the given variables (a keyframe's fields), left to right, with one
    // bounds check: fails exactly as that many f32_be() calls would. Into the variables themselves
    // rather than through a local array, whose element stores a wider copy would reload (stalling).
    template <class... Floats>
    void f32_be_into(Floats&... out) {
        constexpr std::size_t n = sizeof...(Floats);
        if (n > (data_.size() - pos_) / 4) {
            ((out = f32_be()), ...);  // fails where the run gets short (or at a refused float before it)
            return;
        }
        const std::uint8_t* p = data_.data() + pos_;
        // Per float its exponent bits plus one, ORed: the carry reaches bit 31 only from all ones (NaN
        // or infinity). An add and an OR a float rather than a compare and a flag.
        std::uint32_t carries = 0;
        ((out = big_endian_float_carry(p, carries), p += 4), ...);
        if ((carries & 0x80000000u) && finite_only_) {
            ((out = f32_be()), ...);  // again one by one: fails at the first refused float
            return;
        }
        pos_ += n * 4;
    }

    // The same into `out` (replacing its contents). Fails as f32_be_run does. (Sized by resize, whose
    // zero fill is one memset: cheaper than filling through an iterator, which decodes a float at a time.)
    template <class Floats>  // std::vector<float> with any allocator
    void f32_be_vector(Floats& out, std::size_t n) {
        out.clear();
        out.resize(n);
        f32_be_run(out.data(), n);
    }

    // For bulk decoders that check the bounds themselves: the unread bytes (remaining() of them from
    // cursor()), whether non-finite floats are refused, and a step over `n` bytes already checked to be
    // there (n <= remaining()).
    const std::uint8_t* cursor() const { return data_.data() + pos_; }
    bool refuses_non_finite() const { return finite_only_; }
    void skip_checked(std::size_t n) { pos_ += n; }
    // The big-endian float at `q`, setting `special` when it is NaN or infinite (for such decoders).
    static float big_endian_float(const std::uint8_t* q, bool& special) {
        const std::uint32_t u = (std::uint32_t{q[0]} << 24) | (std::uint32_t{q[1]} << 16) | (std::uint32_t{q[2]} << 8) | q[3];
        special |= (u & 0x7F800000u) == 0x7F800000u;
        return std::bit_cast<float>(u);
    }

    // The same, ORing the float's exponent bits plus one into `carries` (bit 31: NaN or infinite).
    static float big_endian_float_carry(const std::uint8_t* q, std::uint32_t& carries) {
        const std::uint32_t u = (std::uint32_t{q[0]} << 24) | (std::uint32_t{q[1]} << 16) | (std::uint32_t{q[2]} << 8) | q[3];
        carries |= (u & 0x7F800000u) + 0x00800000u;
        return std::bit_cast<float>(u);
    }

    // The `n` big-endian floats at `q` (checked to be there) into `out`; true when one is NaN or infinite.
    // On a little-endian machine two at a time: one 8-byte load, a byte swap and a rotation put both in
    // place, and adding 0x00800000 to each one's exponent bits carries into its top bit only when they are
    // all ones (no carry crosses into the other float). Same bits as big_endian_float, float by float.
    static bool big_endian_floats(const std::uint8_t* q, float* out, std::size_t n) {
        std::size_t i = 0;
        bool special = false;
        if constexpr (std::endian::native == std::endian::little) {
            std::uint64_t exponents = 0;  // each pair's exponent bits plus one, per 32-bit half
            for (; i + 2 <= n; i += 2) {
                std::uint64_t v;
                std::memcpy(&v, q + 4 * i, 8);
                v = std::rotl(__builtin_bswap64(v), 32);
                exponents |= (v & 0x7F8000007F800000ull) + 0x0080000000800000ull;
                std::memcpy(out + i, &v, 8);
            }
            special = (exponents & 0x8000000080000000ull) != 0;
        }
        for (; i < n; ++i) out[i] = big_endian_float(q + 4 * i, special);
        return special;
    }

    std::uint16_t u16_le();
    std::uint32_t u32_le();
    std::uint64_t u64_le();
    std::int32_t i32_le() { return static_cast<std::int32_t>(u32_le()); }
    float f32_le();
    double f64_le();

    // Spine-style varint: 1 to 5 bytes, 7 bits each, low group first. `zigzag` undoes the
    // sign folding of varint- values.
    std::int32_t varint(bool zigzag = false) {
        // One byte (values below 128) is the common case, then two (below 16384: shared string indices,
        // large meshes' vertex indices); longer encodings and the end of the data take the general loop.
        if (pos_ < data_.size() && !(data_[pos_] & 0x80)) {
            const std::uint32_t value = data_[pos_++];
            return static_cast<std::int32_t>(zigzag ? (value >> 1) ^ (0u - (value & 1u)) : value);
        }
        if (data_.size() - pos_ >= 2 && !(data_[pos_ + 1] & 0x80)) {  // (pos_ <= size always)
            const std::uint32_t value = (data_[pos_] & 0x7Fu) | (std::uint32_t{data_[pos_ + 1]} << 7);
            pos_ += 2;
            return static_cast<std::int32_t>(zigzag ? (value >> 1) ^ (0u - (value & 1u)) : value);
        }
        return varint_long(zigzag);
    }
    // A varint+ used as a count or index: negative values (5-byte encodings) are an error.
    std::uint32_t count(const char* what) {
        const std::size_t at = pos_;
        const std::int32_t v = varint();
        if (v < 0) fail_negative(at, v, what);
        return static_cast<std::uint32_t>(v);
    }

    // Checks that `n` elements of at least `min_bytes_each` bytes could still follow, so that no
    // allocation is ever larger than the input could describe. Throws otherwise.
    void check_count(std::size_t n, std::size_t min_bytes_each, const char* what) const {
        if (n > remaining() / (min_bytes_each == 0 ? 1 : min_bytes_each)) fail_count(n, what);
    }

    // Spine string: varint length, 0 = null, 1 = "", else n-1 UTF-8 bytes.
    std::optional<std::string> spine_string();
    // The same as a view of the data (for the caller to copy where it keeps it: once). Inline for the
    // common case, a one-byte length (below 128) whose bytes are all there; the call reads the others
    // (and fails as it always has) from the same offset.
    std::optional<std::string_view> spine_string_view() {
        if (pos_ < data_.size()) {
            const std::size_t n = data_[pos_];
            if (n == 0) {
                ++pos_;
                return std::nullopt;
            }
            if (n < 0x80 && n - 1 < data_.size() - pos_) {  // (n - 1 bytes after the length byte)
                const char* s = reinterpret_cast<const char*>(data_.data() + pos_ + 1);
                pos_ += n;
                return std::string_view(s, n - 1);
            }
        }
        return spine_string_view_long();
    }
    std::string_view bytes(std::size_t n);  // raw view of the next n bytes

    // Throws an Error at `at` (default: the current offset) with the reading context attached.
    [[noreturn]] void fail(const std::string& message) const { fail_at(pos_, message); }
    [[noreturn]] void fail_at(std::size_t at, const std::string& message) const;

    // One level of the reading context: a label, then the name (either kind) or index that it has, if any.
    struct Frame {
        const char* label;
        long index;
        const std::string* name;
        const std::optional<ArenaString>* arena_name;  // (looked at only when an error is reported)
    };
    // The reading context: a stack of labels that error messages name, most general first.
    // Frames hold pointers, so the labels and names must outlive the frame (they always do:
    // they are literals or strings in the model being built).
    class Scope {
    public:
        Scope(ByteReader& r, const char* label, long index = -1, const std::string* name = nullptr)
            : r_(r) {
            push({label, index, name, nullptr});
        }
        // The same, named by a model's string (rigio/io/arena_string.hpp), if it holds one when an error
        // is reported: taking the field's address, rather than testing it here, costs no load of the
        // element that holds it (a bone's or slot's name, cold by the time its timelines are read).
        Scope(ByteReader& r, const char* label, long index, const std::optional<ArenaString>* name) : r_(r) {
            push({label, index, nullptr, name});
        }
        ~Scope() { --r_.depth_; }
        Scope(const Scope&) = delete;
        Scope& operator=(const Scope&) = delete;

        // Gives this scope's frame another index, while it is the innermost scope: one scope entered
        // before a loop whose body it would open, renumbered for each element, names the same context
        // as a scope per element (innermost for every read in that body) for one store, not a frame.
        void renumber(long index) {
            if (r_.depth_ - 1 < r_.frames_.size()) r_.frames_[r_.depth_ - 1].index = index;
        }

    private:
        // A fixed stack, so that entering a scope costs a store and no allocation check; frames
        // deeper than it are counted and not named (no reader nests that deep).
        void push(const Frame& frame) {
            if (r_.depth_ < r_.frames_.size()) r_.frames_[r_.depth_] = frame;
            ++r_.depth_;
        }
        ByteReader& r_;
    };
    std::string context() const;

private:
    void need(std::size_t n, const char* what) const {
        if (n > data_.size() - pos_) fail_short(n, what);
    }
    [[noreturn]] void fail_short(std::size_t n, const char* what) const;
    [[noreturn]] void fail_boolean(std::size_t at, std::uint8_t b) const;
    std::optional<std::string_view> spine_string_view_long();
    [[noreturn]] void fail_negative(std::size_t at, std::int32_t v, const char* what) const;
    [[noreturn]] void fail_count(std::size_t n, const char* what) const;
    [[noreturn]] void fail_not_finite(double v, std::size_t size) const;
    [[noreturn]] void fail_first_not_finite(const float* run, std::size_t n);  // f32_be_run's failure
    std::int32_t varint_long(bool zigzag);
    template <class F>
    F checked(F v, std::size_t size) const;


    std::span<const std::uint8_t> data_;
    std::size_t pos_ = 0;
    bool finite_only_ = false;
    std::array<Frame, 16> frames_{};
    std::size_t depth_ = 0;
};

}  // namespace rigio::io
