// DBDT container: header JSON through the JSON reader, array ranges and header indices checked.
#include "rigio/dragonbones/binary.hpp"

#include <simdjson.h>

#include <array>
#include <string>
#include <string_view>

#include "rigio/dragonbones/json.hpp"
#include "rigio/io/byte_reader.hpp"
#include "rigio/io/byte_writer.hpp"

namespace rigio::dragonbones {

namespace {

constexpr std::size_t kHeaderStart = 12;  // tag, format word, header length
constexpr std::array<const char*, 7> kArrayNames{"intArray", "floatArray", "frameIntArray", "frameFloatArray",
                                                 "frameArray", "timelineArray", "colorArray"};
constexpr std::array<std::size_t, 7> kElementSizes{2, 4, 2, 4, 2, 2, 2};

const RawJson* extra_of(const Extras& e, std::string_view key) {
    for (const auto& [k, v] : e)
        if (k == key) return &v;
    return nullptr;
}

// Numbers of a raw JSON array ("[1,2,3]"); nullopt when it is not an array of numbers.
std::optional<std::vector<double>> numbers(const RawJson& raw) {
    simdjson::dom::parser parser;
    simdjson::dom::array a;
    if (parser.parse(raw.text).get_array().get(a)) return std::nullopt;
    std::vector<double> out;
    for (auto e : a) {
        double d;
        if (e.get_double().get(d)) {
            std::int64_t i;
            if (e.get_int64().get(i)) return std::nullopt;
            d = static_cast<double>(i);
        }
        out.push_back(d);
    }
    return out;
}

[[noreturn]] void fail_at(const std::string& path, const std::string& what) {
    throw Error("DBDT header: " + what, Location::at_path(path));
}

bool index_ok(double v, std::size_t count) { return v >= 0 && v < static_cast<double>(count) && static_cast<double>(static_cast<std::size_t>(v)) == v; }

// Every index the header holds into the arrays must fall inside them.
void check_indices(const BinaryData& d, const std::vector<BinaryArray>& arrays) {
    auto count = [&](std::size_t i) { return i < arrays.size() ? arrays[i].count() : 0; };
    const std::size_t timelines = count(5);
    for (std::size_t ai = 0; ai < d.header.armature.size(); ++ai) {
        const Armature& a = d.header.armature[ai];
        const std::string at = "/armature/" + std::to_string(ai);
        if (a.skin)
            for (std::size_t si = 0; si < a.skin->size(); ++si) {
                const Skin& s = (*a.skin)[si];
                if (!s.slot) continue;
                for (std::size_t sl = 0; sl < s.slot->size(); ++sl) {
                    const SkinSlot& ss = (*s.slot)[sl];
                    if (!ss.display) continue;
                    for (std::size_t di = 0; di < ss.display->size(); ++di)
                        if (const RawJson* off = extra_of((*ss.display)[di].extra, "offset")) {
                            const std::string p = at + "/skin/" + std::to_string(si) + "/slot/" + std::to_string(sl) + "/display/" +
                                                  std::to_string(di) + "/offset";
                            char* end = nullptr;
                            double v = std::strtod(off->text.c_str(), &end);
                            if (end == off->text.c_str() || !index_ok(v, count(0))) fail_at(p, "mesh offset outside intArray");
                        }
                }
            }
        if (!a.animation) continue;
        for (std::size_t k = 0; k < a.animation->size(); ++k) {
            const Animation& an = (*a.animation)[k];
            const std::string p = at + "/animation/" + std::to_string(k);
            if (const RawJson* off = extra_of(an.extra, "offset")) {
                auto v = numbers(*off);
                if (!v || v->size() < 3) fail_at(p + "/offset", "expected [frameIntOffset, frameFloatOffset, frameOffset]");
                for (std::size_t i = 0; i < 3; ++i)
                    if (!((*v)[i] >= 0 && (*v)[i] <= static_cast<double>(count(2 + i))))
                        fail_at(p + "/offset/" + std::to_string(i), std::string("offset outside ") + kArrayNames[2 + i]);
            }
            if (const RawJson* act = extra_of(an.extra, "action")) {
                char* end = nullptr;
                double v = std::strtod(act->text.c_str(), &end);
                if (end == act->text.c_str() || !index_ok(v, timelines)) fail_at(p + "/action", "action timeline outside timelineArray");
            }
            for (const char* key : {"bone", "slot", "ffd"}) {
                const RawJson* raw = extra_of(an.extra, key);
                if (!raw) continue;
                simdjson::dom::parser parser;
                simdjson::dom::object obj;
                if (parser.parse(raw->text).get_object().get(obj)) fail_at(p + "/" + key, "expected an object of timelines");
                for (auto kv : obj) {
                    std::string tp = p + "/" + key + "/" + std::string(kv.key);
                    auto v = numbers(RawJson{simdjson::to_string(kv.value)});
                    if (!v || v->size() % 2 != 0) fail_at(tp, "expected [type, timeline index, ...] pairs");
                    for (std::size_t i = 1; i < v->size(); i += 2)
                        if (!index_ok((*v)[i], timelines)) fail_at(tp + "/" + std::to_string(i), "timeline index outside timelineArray");
                }
            }
        }
    }
}

}  // namespace

bool looks_like_dbdt(std::span<const std::uint8_t> bytes) {
    return bytes.size() >= 4 && bytes[0] == 'D' && bytes[1] == 'B' && bytes[2] == 'D' && bytes[3] == 'T';
}

std::vector<BinaryArray> binary_arrays(const BinaryData& d) {
    std::vector<BinaryArray> out;
    const RawJson* raw = extra_of(d.header.extra, "offset");
    if (!raw) return out;
    auto v = numbers(*raw);
    if (!v) return out;
    for (std::size_t i = 0; i + 1 < v->size() && i / 2 < kArrayNames.size(); i += 2) {
        BinaryArray a{kArrayNames[i / 2], 0, 0, kElementSizes[i / 2]};
        a.offset = (*v)[i] >= 0 ? static_cast<std::size_t>((*v)[i]) : 0;
        a.length = (*v)[i + 1] >= 0 ? static_cast<std::size_t>((*v)[i + 1]) : 0;
        out.push_back(a);
    }
    return out;
}

Result<BinaryData> read_dbdt(std::span<const std::uint8_t> bytes) {
    return capture([&] {
        io::ByteReader r(bytes);
        if (!looks_like_dbdt(bytes)) throw Error("not a DragonBones binary: expected the tag \"DBDT\"", Location::at_byte(0));
        r.bytes(4);
        BinaryData d;
        d.format_version = r.u32_be();
        const std::uint32_t length = r.u32_le();
        if (length > r.remaining())
            throw Error("header length " + std::to_string(length) + " runs past the end (" + std::to_string(r.remaining()) + " bytes left)",
                        Location::at_byte(8));
        std::string_view header = r.bytes(length);
        JsonReadOptions opts;
        opts.binary_header = true;
        auto h = read_json(header, opts);
        if (!h) {
            Error e = h.error();
            throw Error("DBDT header (JSON from byte " + std::to_string(kHeaderStart) + "): " + e.message(), e.where());
        }
        d.header = std::move(h).value();
        std::string_view rest = r.bytes(r.remaining());
        d.arrays.assign(rest.begin(), rest.end());
        const RawJson* off = extra_of(d.header.extra, "offset");
        if (!off) fail_at("/offset", "no \"offset\" table for the arrays");
        auto v = numbers(*off);
        if (!v || (v->size() != 12 && v->size() != 14)) fail_at("/offset", "expected 6 or 7 (offset, length) pairs");
        for (std::size_t i = 0; i < v->size(); ++i)
            if (!((*v)[i] >= 0 && static_cast<double>(static_cast<std::size_t>((*v)[i])) == (*v)[i]))
                fail_at("/offset/" + std::to_string(i), "expected a byte count");
        const auto arrays = binary_arrays(d);
        for (std::size_t i = 0; i < arrays.size(); ++i) {
            const BinaryArray& a = arrays[i];
            if (a.offset > d.arrays.size() || a.length > d.arrays.size() - a.offset)
                throw Error(std::string(a.name) + " (" + std::to_string(a.offset) + "+" + std::to_string(a.length) + ") runs past the end",
                            Location::at_byte(kHeaderStart + length + std::min(a.offset, d.arrays.size())));
            if (a.offset % a.element_size || a.length % a.element_size)
                fail_at("/offset/" + std::to_string(2 * i), std::string(a.name) + " is not aligned to its element size");
        }
        check_indices(d, arrays);
        return d;
    });
}

std::vector<std::uint8_t> write_dbdt(const BinaryData& data) {
    io::ByteWriter w;
    w.bytes("DBDT");
    w.u32_be(data.format_version);
    JsonWriteOptions opts;
    opts.compact = true;
    std::string header = write_json(data.header, opts);
    // Pad with spaces so that the arrays stay 4-byte aligned in the file, as the runtimes read them.
    while ((kHeaderStart + header.size()) % 4 != 0) header += ' ';
    w.u32_le(static_cast<std::uint32_t>(header.size()));
    w.bytes(header);
    w.bytes(std::string_view(reinterpret_cast<const char*>(data.arrays.data()), data.arrays.size()));
    return w.bytes();
}

}  // namespace rigio::dragonbones
