#include "json_text.hpp"

#include <charconv>
#include <cstring>

#include "rigio/io/json_writer.hpp"

namespace rigio::dragonbones {

using simdjson::dom::element_type;

void JsonText::value(simdjson::dom::element v) {
    switch (v.type()) {
        case element_type::ARRAY: {
            out_ += '[';
            bool first = true;
            const simdjson::dom::array items = v.get_array().value_unsafe();  // a copy: the result is a temporary
            for (simdjson::dom::element e : items) {
                if (!first) out_ += ',';
                first = false;
                value(e);  // depth is bounded by the parser's limit
            }
            out_ += ']';
            break;
        }
        case element_type::OBJECT: {
            out_ += '{';
            bool first = true;
            const simdjson::dom::object members = v.get_object().value_unsafe();
            for (auto kv : members) {
                if (!first) out_ += ',';
                first = false;
                string(kv.key);
                out_ += ':';
                value(kv.value);
            }
            out_ += '}';
            break;
        }
        case element_type::STRING: string(v.get_string().value_unsafe()); break;
        case element_type::INT64: {
            char digits[24];
            out_.append(digits, std::to_chars(digits, digits + sizeof digits, v.get_int64().value_unsafe()).ptr);
            break;
        }
        case element_type::UINT64: {
            char digits[24];
            out_.append(digits, std::to_chars(digits, digits + sizeof digits, v.get_uint64().value_unsafe()).ptr);
            break;
        }
        case element_type::DOUBLE: number(v.get_double().value_unsafe()); break;
        case element_type::BOOL: out_ += v.get_bool().value_unsafe() ? "true" : "false"; break;
        case element_type::NULL_VALUE: out_ += "null"; break;
    }
}

// rigio's JSON string escaping is simdjson's: '"', '\\' and control characters; everything else as it is.
void JsonText::string(std::string_view s) { io::append_json_string(out_, s); }

void JsonText::number(double d) {
    if (!printed_) {
        const std::size_t slots = std::size_t{1} << printed_bits_;
        printed_ = std::make_unique<Printed[]>(slots);
        for (std::size_t i = 0; i < slots; ++i) printed_[i].size = 0;  // empty: no printed number is empty
    }
    std::uint64_t bits;
    std::memcpy(&bits, &d, sizeof bits);
    Printed& p = printed_[(bits * 0x9E3779B97F4A7C15ull) >> (64 - printed_bits_)];
    if (p.size == 0 || p.bits != bits) {
        char text[32];
        const char* end = simdjson::internal::to_chars(text, nullptr, d);  // simdjson's own printing
        const auto size = static_cast<std::size_t>(end - text);
        if (size > sizeof p.text) {  // (never: shortest digits of a double fit 23 characters)
            out_.append(text, size);
            return;
        }
        p.bits = bits;
        p.size = static_cast<std::uint8_t>(size);
        std::memcpy(p.text, text, size);
    }
    out_.append(p.text, p.size);
}

}  // namespace rigio::dragonbones
