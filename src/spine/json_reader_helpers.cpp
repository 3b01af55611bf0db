// Spine JSON reader: the validating helpers every part of the reader uses (json_reader.hpp): typed
// reads of members that fail with the path of the value at fault, name lookups, unknown keys, and the
// matching of an object's members to its kind's keys (Fields).
#include <algorithm>
#include <cmath>
#include <limits>

#include "json_names.hpp"
#include "json_reader.hpp"

namespace rigio::spine::detail {

namespace {
constexpr std::size_t kMaxWarnings = 50;

}  // namespace

// ---- helpers ----

void JsonSkeletonReader::gather_members(JObj o) {
    const io::tape::Ref r = io::tape::ref(o);
    members_.object = r.json_index;
    members_.count = 0;
    members_.present = 0;
    const std::uint64_t* t = r.doc->tape.get();
    const std::uint8_t* strings = r.doc->string_buf.get();
    const std::size_t close = io::tape::close_of(t[r.json_index]);  // the '}'
    for (std::size_t i = r.json_index + 1; i < close; i = io::tape::after(t, i + 1)) {
        if (members_.count == Members::kMax) {
            members_.count = Members::kMax + 1;
            return;
        }
        const std::string_view k = io::tape::string_at(strings, t[i]);
        const std::uint32_t tag = Members::tag(k.data(), k.size());
        members_.present |= Members::bit(tag);
        members_.entries[members_.count++] = {tag, static_cast<std::uint32_t>(i + 1), k.data()};
    }
}

std::optional<JEl> JsonSkeletonReader::member_on_tape(JObj o, std::string_view key) { return io::member(o, key); }

void JsonSkeletonReader::missing(std::string_view key) const { fail("missing required key \"" + std::string(key) + "\""); }

JObj JsonSkeletonReader::object_at(JObj o, std::string_view key) {
    JEl e = required(o, key);
    Scope s(path_, key);
    return object(e);
}

JArr JsonSkeletonReader::array_at(Field m) {
    JEl e = required(m);
    Scope s(path_, m.key);
    return array(e);
}

float JsonSkeletonReader::number(JEl e) {
    using T = simdjson::dom::element_type;
    double d;
    switch (e.type()) {
        case T::DOUBLE: d = e.get_double().value_unsafe(); break;
        case T::INT64: d = static_cast<double>(e.get_int64().value_unsafe()); break;
        case T::UINT64: d = static_cast<double>(e.get_uint64().value_unsafe()); break;
        default: return io::as_float(e, path_);  // fails with the type found
    }
    if (!fits_float(d)) fail("number " + std::to_string(d) + " does not fit a 32-bit float");
    return static_cast<float>(d);
}

float JsonSkeletonReader::number(JObj o, std::string_view key, float fallback) { return number(at(o, key), fallback); }

float JsonSkeletonReader::number_slow(JEl e, std::string_view key) {
    Scope s(path_, key);
    return number(e);
}

int JsonSkeletonReader::integer(JEl e, long min, long max) {
    std::int64_t v = io::as_integer(e, path_);
    if (v < min || v > max) fail("integer " + std::to_string(v) + " out of range (" + std::to_string(min) + " to " + std::to_string(max) + ")");
    return static_cast<int>(v);
}

float JsonSkeletonReader::number_at_slow(JEl e, std::size_t i) {
    Scope s(path_, i);
    return number(e);
}

int JsonSkeletonReader::integer_at_slow(JEl e, std::size_t i, long min, long max) {
    Scope s(path_, i);
    return integer(e, min, max);
}

int JsonSkeletonReader::integer(Field m, int fallback, long min, long max) {
    auto e = get(m);
    if (!e) return fallback;
    std::int64_t v;
    if (io::tape::int64(*e, v) && v >= min && v <= max) return static_cast<int>(v);  // fast path
    Scope s(path_, m.key);
    return integer(*e, min, max);
}

bool JsonSkeletonReader::flag(Field m, bool fallback) {
    auto e = get(m);
    if (!e) return fallback;
    Scope s(path_, m.key);
    return io::as_bool(*e, path_);
}

OptString JsonSkeletonReader::string(Field m) {
    auto e = get(m);
    if (!e) return std::nullopt;
    // (built in the returned optional: a String made first would be copied again into it)
    if (std::string_view v; io::tape::string(*e, v)) return OptString(std::in_place, v);
    Scope s(path_, m.key);
    return OptString(std::in_place, io::as_string(*e, path_));
}

String JsonSkeletonReader::required_string(Field m) {
    JEl e = required(m);
    if (std::string_view v; io::tape::string(e, v)) return String(v);  // fast path: no scope
    Scope s(path_, m.key);
    return String(io::as_string(e, path_));
}

// A colour of `digits` hex digits ("RRGGBBAA" or "RRGGBB"), or `fallback` when absent.
std::uint32_t JsonSkeletonReader::hex_color(Field m, int digits, std::uint32_t fallback) {
    if (!m.value) return fallback;
    // Fast path: a string of the digits (anything else, null included, below).
    if (std::string_view v; io::tape::string(*m.value, v))
        if (auto c = parse_hex(v, static_cast<std::size_t>(digits))) return *c;
    auto e = get(m);
    if (!e) return fallback;
    Scope s(path_, m.key);
    std::string_view v = io::as_string(*e, path_);
    auto c = parse_hex(v, digits);
    if (!c)
        fail(std::string("expected a colour \"") + (digits == 8 ? "RRGGBBAA" : "RRGGBB") + "\" (" + std::to_string(digits) +
             " hex digits), found \"" + std::string(v.substr(0, 40)) + "\"");
    return *c;
}

int JsonSkeletonReader::lookup_name(const NameIndex& index, std::string_view name, const char* what) {
    const int* found = index.find(name);
    if (!found) fail(std::string("unknown ") + what + " \"" + std::string(name.substr(0, 80)) + "\"");
    return *found;
}

int JsonSkeletonReader::lookup(const NameIndex& index, Field m, const char* what) {
    JEl e = required(m);
    if (std::string_view v; io::tape::string(e, v))  // fast path: a known name, found with no scope (else it fails below)
        if (const int* found = index.find(v)) return *found;
    Scope s(path_, m.key);
    return lookup_name(index, io::as_string(e, path_), what);
}

Vector<int> JsonSkeletonReader::lookup_list(const NameIndex& index, Field m, const char* what) {
    Vector<int> out;
    auto e = get(m);
    if (!e) return out;
    Scope s(path_, m.key);
    JArr a = array(*e);
    out.reserve(a.size());
    std::size_t i = 0;
    io::tape::each(a, [&](JEl n) {
        if (std::string_view v; io::tape::string(n, v))  // fast path: a known name, found with no scope
            if (const int* found = index.find(v)) {
                out.push_back(*found);
                ++i;
                return;
            }
        Scope si(path_, i++);
        out.push_back(lookup_name(index, io::as_string(n, path_), what));
    });
    return out;
}

void JsonSkeletonReader::add_name(NameIndex& index, const OptString& name, int i, const char* what) {
    if (!index.emplace(view_of(name), i))
        fail(std::string("duplicate ") + what + " name \"" + name.value_or("").substr(0, 80) + "\"");
}

void JsonSkeletonReader::known_keys(JObj o, std::initializer_list<std::string_view> known, JsonExtras* keep) {
    if (!options_.warnings && !keep) return;
    // Objects list their keys in about the order of `known` (the writer's): the search for each key
    // starts after the previous key's place in `known` and wraps around (its names are distinct).
    const std::string_view* names = known.begin();
    const std::size_t count = known.size();
    std::size_t next = 0;
    auto is_known = [&](std::string_view k) {
        for (std::size_t m = 0, j = next; m < count; ++m, j = j + 1 == count ? 0 : j + 1)
            if (io::tape::same(names[j], k)) {
                next = j + 1 == count ? 0 : j + 1;
                const std::string_view n = names[j];
                return !(is_4x(version_) && (n == "c2" || n == "c3" || n == "c4"));  // 4.x curves are arrays
            }
        return false;
    };
    // The members are gathered into the table the field lookups that follow will use.
    const io::tape::Ref r = io::tape::ref(o);
    if (r.json_index != members_.object) gather_members(o);
    if (members_.count > Members::kMax) {
        io::tape::each_member(o, [&](std::string_view k, JEl value) {
            if (!is_known(k)) unknown_key(k, value, keep);
        });
        return;
    }
    for (std::uint32_t m = 0; m < members_.count; ++m) {
        const Members::Entry& e = members_.entries[m];
        const std::string_view k(e.key, e.tag >> 8);
        if (!is_known(k)) unknown_key(k, io::tape::element(r.doc, e.value), keep);
    }
}

void JsonSkeletonReader::match_fields(JObj o, const std::string_view* names, const KeyHash& hash, std::uint32_t count,
                                      std::uint32_t known, Fields& f) {
    const io::tape::Ref r = io::tape::ref(o);
    f.doc = r.doc;
    f.object = r.json_index;
    f.names = names;
    f.count = count;
    f.known = known;
    // (present, containers and unknown are kept in locals, written to `f` once at the end: through `f`,
    // each member cost a load and a store of them, a chain of store-to-load forwarding)
    std::uint32_t present = 0, containers = 0;
    bool unknown = false;
    bool twice = false, unknown_containers = false;
    std::uint64_t seen = 0, repeats = 0;  // fingerprint bits of the keys not in the list, as the duplicate check's
    const std::uint64_t* t = r.doc->tape.get();
    const std::uint8_t* strings = r.doc->string_buf.get();
    const std::size_t close = io::tape::close_of(t[r.json_index]);  // the '}'
    for (std::size_t i = r.json_index + 1; i < close; i = io::tape::after(t, i + 1)) {
        const io::tape::KeyWords w = io::tape::key_words(strings, t[i]);
        const int found = hash.find(w, names);
        const bool container = io::tape::is_container(t[i + 1]);
        if (found < 0) {  // not in the list
            unknown = true;
            unknown_containers |= container;
            const std::uint64_t last = w.size ? static_cast<unsigned char>(w.data[w.size - 1]) : 0u;
            const std::uint64_t bit = std::uint64_t{1} << ((w.size | last << 8) * 0x9E3779B97F4A7C15ull >> 58);
            repeats |= seen & bit;
            seen |= bit;
            continue;
        }
        const auto j = static_cast<std::uint32_t>(found);
        if (!(known >> j & 1)) unknown = true;
        if (!(present >> j & 1)) {  // the first member of a name, as member()
            present |= 1u << j;
            f.value[j] = static_cast<std::uint32_t>(i + 1);
            if (container) containers |= 1u << j;
        } else {
            twice = true;
        }
    }
    f.present = present;
    f.containers = containers;
    f.unknown = unknown;
    // Known names are distinct and differ from every key not in the list, so a key named twice is one
    // found twice in the list, or one of the others whose fingerprint bit repeats (then the document's
    // check looks at the object).
    f.clean = !twice && !repeats && !unknown_containers;
    if (f.clean && !f.containers) mark_verified(f.object);
}

void JsonSkeletonReader::report_unknown_keys(const Fields& f, JsonExtras* keep) {
    if (!options_.warnings && !keep) return;
    io::tape::each_member(io::tape::element(f.doc, f.object).get_object().value_unsafe(), [&](std::string_view k, JEl value) {
        for (std::uint32_t j = 0; j < f.count; ++j)
            if (f.names[j] == k) {
                if (f.known >> j & 1) return;
                break;
            }
        unknown_key(k, value, keep);
    });
}

void JsonSkeletonReader::file_key_extra(Animation& a, JsonExtras&& extra, io::tape::Ref key) {
    // Kept keys are filed under their keyframe's path, which the writer puts them back at. A timeline
    // (or a skin, slot or attachment of deform timelines) named twice in its map gives the keyframes
    // of its second entry the paths of the first one's: kept there, they would come back on the first
    // entry's keyframe, so they are refused rather than moved. (The path names this keyframe when it
    // leads to it from the document's root, each name to its first member.)
    const std::string& path = path_.pointer();
    const auto first = key.doc->root().at_pointer(path);
    if (first.error() || io::tape::ref(first.value_unsafe()).json_index != key.json_index)
        fail("unknown keys in a timeline named twice in its object cannot be kept: remove one of them");
    a.json_key_extra.push_back({String(std::string_view(path).substr(animation_path_size_)), std::move(extra)});
}

void JsonSkeletonReader::unknown_key(std::string_view k, JEl value, JsonExtras* keep) {
    if (keep) keep->push_back({String(k), String(simdjson::to_string(value))});
    if (!options_.warnings) return;
    if (++warned_ > kMaxWarnings) {
        if (warned_ == kMaxWarnings + 1) options_.warnings->push_back("more unknown keys (not listed)");
        return;
    }
    options_.warnings->push_back(std::string(keep ? "unknown key kept: " : "unknown key skipped: ") + path_.location_of(k).to_string());
}

}  // namespace rigio::spine::detail
