// DragonBones JSON reader: simdjson's tape -> model. Every structure is read by one generic walk over its
// key table (json_keys.hpp, shared with the writer); unknown keys go to `extra` as raw JSON; names are
// resolved to indices per armature. No JSON path is kept while reading: for an error or a warning the
// path of the value at fault is found from its place in the tape, and spelled out with line and column.
// Duplicate keys are looked for while reading (see read_json), instead of in a pass of their own.
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <type_traits>
#include <string>
#include <utility>
#include <vector>

#include "json_checks.hpp"
#include "json_keys.hpp"
#include "json_tape.hpp"
#include "json_text.hpp"
#include "rigio/dragonbones/json.hpp"
#include "rigio/io/arena.hpp"
#include "rigio/io/json_input.hpp"

namespace rigio::dragonbones {

namespace {

using keys_table::As;
using keys_table::Key;

template <class T>
struct is_vector : std::false_type {};
template <class T>
struct is_vector<Vector<T>> : std::true_type {};

class Reader {
public:
    Reader(std::string_view text, JsonValue root, std::span<const std::uint32_t> tokens, const JsonReadOptions& options)
        : text_(text), root_(root), text_of_(text, tokens), warnings_(options.warnings), binary_header_(options.binary_header) {}

    DragonBonesData read_root() {
        DragonBonesData d;
        JsonValue obj = object_of(root_);
        bool has_armature = false;
        std::uint64_t seen = 0;
        for (JsonMembers m(obj); !m.done(); m.next()) {
            if (m.key() == "version") d.version_is_number = m.value().is_number();
            if (m.key() == "armature") has_armature = true;
            member(d, m.key(), m.value(), seen);
        }
        if (!d.version) fail(root_, "not DragonBones data: no \"version\"");
        if (!has_armature) fail(root_, "not DragonBones skeleton data: no \"armature\" array");
        const int v = version_code(d);
        if (v >= 40 && v < 50 && !d.isGlobal)
            warn(root_, "4.x data without \"isGlobal\": 4.x runtimes read it as armature-space (global), 5.x runtimes as parent-relative");
        return d;
    }

    // Whether an object of the text may name a key twice: one did, or one had too many unknown keys
    // to compare them here (then read_json lets io::JsonDocument look).
    bool may_hold_duplicate_keys() const { return duplicate_key_ || text_of_.saw_duplicate_key(); }

private:
    // ---- where we are: found from the tape, for errors and warnings only ---------------------
    // The JSON pointer of `v`: from the root, the member or element whose tape range holds v's index
    // (containers are stepped over whole, so this costs the siblings before each step, not the text).
    std::string pointer(JsonValue v) const {
        std::string p;
        const std::size_t target = v.index();
        JsonValue at = root_;
        while (at.index() != target) {
            bool found = false;
            if (at.is_object()) {
                for (JsonMembers m(at); !m.done() && !found; m.next()) {
                    const JsonValue value = m.value();
                    if (target >= value.index() && target < value.after()) {
                        io::append_pointer_token(p, m.key());
                        at = value;
                        found = true;
                    }
                }
            } else if (at.is_array()) {
                std::size_t i = 0;
                for (JsonElements e(at); !e.done() && !found; e.next(), ++i) {
                    const JsonValue value = e.value();
                    if (target >= value.index() && target < value.after()) {
                        p += '/' + std::to_string(i);
                        at = value;
                        found = true;
                    }
                }
            }
            if (!found) break;  // (never: every value read is inside the root)
        }
        return p;
    }
    [[noreturn]] void fail(JsonValue at, const std::string& message) const {
        const std::string p = pointer(at);
        Location where = Location::at_path(p.empty() ? "/" : p);
        if (auto offset = io::locate_json_pointer(text_, p)) io::line_column(text_, *offset, where.line, where.column);
        throw Error(message, where);
    }
    [[noreturn]] void wrong_type(JsonValue v, const char* want) const {
        fail(v, std::string("expected ") + want + ", found " + io::json_type_name(v.type()));
    }
    void warn(JsonValue at, const std::string& what) {
        if (!warnings_) return;
        const std::string p = pointer(at);
        warnings_->push_back((p.empty() ? std::string("/") : p) + ": " + what);
    }

    // ---- JSON values ---------------------------------------------------------------------------
    JsonValue object_of(JsonValue v) const {
        if (!v.is_object()) wrong_type(v, "an object");
        return v;
    }
    JsonValue array_of(JsonValue v) const {
        if (!v.is_array()) wrong_type(v, "an array");
        return v;
    }
    std::string str(JsonValue v) const {
        if (!v.is_string()) wrong_type(v, "a string");
        return std::string(v.string());
    }
    double number(JsonValue v) const {
        double d;
        if (!v.number(d)) wrong_type(v, "a number");
        return d;
    }
    // A scalar as simdjson::to_string prints it.
    std::string printed(JsonValue v) { return std::string(text_of_.of(v)); }

    // A name or a reference to one. 2.x files write some names as numbers; those are read as their
    // text (and written back as strings).
    std::string name(JsonValue v) {
        if (v.is_number()) {
            warn(v, "name written as a number");
            return printed(v);
        }
        return str(v);
    }

    std::string version_string(JsonValue v) {
        if (v.is_string()) return std::string(v.string());
        if (v.is_number()) {  // some tools write 4.5 as a number
            warn(v, "version written as a number");
            return printed(v);
        }
        fail(v, std::string("expected the version as a string, found ") + io::json_type_name(v.type()));
    }

    Num num(JsonValue v) {
        double d;
        if (v.number(d)) return Num(d);  // a JSON number: the common case
        switch (v.kind()) {
            case '"': {
                std::string_view s = v.string();
                if (s == "NaN") return Num(std::nan(""), printed(v));
                const std::string copy(s);  // strtod needs a terminated string
                char* end = nullptr;
                const double value = std::strtod(copy.c_str(), &end);
                if (copy.empty() || end != copy.c_str() + copy.size() || !std::isfinite(value))
                    fail(v, "expected a number, found the string \"" + copy + "\"");
                return Num(value, printed(v));
            }
            case 'n': return Num(std::nan(""), "null");
            case 't': return Num(1, "true");
            case 'f': return Num(0, "false");
            default: wrong_type(v, "a number");
        }
    }

    // A count, index or duration: a finite number >= 0.
    Num non_negative(JsonValue v) {
        Num n = num(v);
        if (!(n.value() >= 0) || !std::isfinite(n.value())) {
            if (std::isnan(n.value()) && !n.raw().empty()) return n;  // null / "NaN": treated as the default
            fail(v, "expected a number >= 0, found " + (n.raw().empty() ? printed(v) : std::string(n.raw())));
        }
        return n;
    }

    Flag flag(JsonValue v) {
        Flag f;
        switch (v.kind()) {
            case 't':
            case 'f': f.value = v.boolean(); return f;
            case 'l':
            case 'u':
            case 'd': f.value = number(v) != 0; break;
            case '"': {
                std::string_view s = v.string();
                if (s == "true" || s == "1") f.value = true;
                else if (s == "false" || s == "0" || s.empty()) f.value = false;
                else fail(v, "expected true or false, found \"" + std::string(s) + "\"");
                break;
            }
            case 'n': f.value = false; break;
            default: wrong_type(v, "true or false");
        }
        f.raw = text_of_.of(v);
        return f;
    }

    RawJson raw(JsonValue v) { return RawJson{std::string(text_of_.of(v))}; }  // copied at its size

    void keep(Extras& extra, std::string_view key, JsonValue v) { extra.emplace_back(std::string(key), raw(v)); }

    Vector<Num> nums(JsonValue v) {
        JsonValue a = array_of(v);
        Vector<Num> out;
        out.reserve(a.size());
        // Numbers, the common case, are two tape words each: read in a loop of their own while they last,
        // then element by element.
        std::size_t at = a.first();
        const std::size_t end = a.end();
        for (double d; at < end && a.at(at).number(d); at += 2) out.emplace_back(d);
        for (; at < end; at = a.at(at).after()) out.push_back(num(a.at(at)));
        return out;
    }

    Vector<std::string> strs(JsonValue v) {
        JsonValue a = array_of(v);
        Vector<std::string> out;
        out.reserve(a.size());
        for (JsonElements e(a); !e.done(); e.next()) out.push_back(str(e.value()));
        return out;
    }

    template <class T>
    Vector<T> list(JsonValue v) {
        JsonValue a = array_of(v);
        Vector<T> out;
        out.reserve(a.size());
        for (JsonElements e(a); !e.done(); e.next()) {
            if constexpr (std::is_same_v<T, Armature>) armature_index_ = out.size();
            read_into(out.emplace_back(), e.value());  // built in place: keyframes are many
        }
        return out;
    }

    // ---- structures: one walk over the key table ---------------------------------------------
    template <class T>
    T read(JsonValue v) {
        T t;
        read_into(t, v);
        return t;
    }
    template <class T>
    void read_into(T& t, JsonValue v) {
        std::uint64_t seen = 0;  // the table's names met in this object (bit: KeyIndex::Entry::name_bit)
        for (JsonMembers m(object_of(v)); !m.done(); m.next()) member(t, m.key(), m.value(), seen);
        checked(t, v);
    }

    // The key table of T as an index by name, built once per structure from a default T: each entry
    // holds the field's place in a T and a function reading into that field's type. A keyframe's
    // member is found with one hash and one comparison instead of a walk over the ~23 keys.
    template <class T>
    struct KeyIndex {
        struct Entry {
            Key key;
            std::ptrdiff_t offset;  // of the field in a T (in_rare: in the T's FrameRare box)
            bool (*read)(Reader&, const Key&, void* field, JsonValue);
            std::uint8_t next;      // 1 + the next entry with the same hash, in table order; 0: none
            std::uint8_t name_bit;  // the first entry of the same name (frame "value" is there twice)
            bool in_rare;
            bool number;  // an Opt<Num> field: a JSON number is stored without the call (read_number)
        };
        static constexpr std::size_t kSlots = 128;
        static std::size_t slot(std::string_view k) {
            return (k.size() * 61 + static_cast<unsigned char>(k.front()) * 7 + static_cast<unsigned char>(k.back())) % kSlots;
        }
        std::vector<Entry> entries;
        std::uint8_t first[kSlots] = {};  // 1 + the first entry with that hash; 0: none

        KeyIndex() {
            T t{};
            keys_table::keys(t, [&](const Key& key, auto& field) {
                using F = std::remove_reference_t<decltype(field)>;
                // A field outside the T is one of a Frame's rare members, in its FrameRare box.
                const auto at = reinterpret_cast<std::uintptr_t>(&field);
                auto base = reinterpret_cast<std::uintptr_t>(&t);
                const bool in_rare = at < base || at >= base + sizeof(T);
                if constexpr (std::is_same_v<T, Frame>)
                    if (in_rare) base = reinterpret_cast<std::uintptr_t>(&t.rare_mut());
                std::uint8_t bit = static_cast<std::uint8_t>(entries.size());
                for (const Entry& e : entries)
                    if (e.key.name == key.name) bit = e.name_bit;
                entries.push_back({key, static_cast<std::ptrdiff_t>(at - base), &read_field<F>, 0, bit, in_rare,
                                   std::is_same_v<F, Opt<Num>>});
            });
            if (entries.size() > 64) std::abort();  // names are one bit each of a 64-bit set
            // Chains in table order: a name the table holds twice (frame "value") is tried in order.
            for (std::size_t i = entries.size(); i-- > 0;) {
                std::uint8_t& head = first[slot(entries[i].key.name)];
                entries[i].next = head;
                head = static_cast<std::uint8_t>(i + 1);
            }
        }
    };
    template <class F>
    static bool read_field(Reader& r, const Key& key, void* field, JsonValue e) {
        if constexpr (std::is_same_v<F, keys_table::NoField>) return false;  // not a field of the T
        else return r.field_value(key, *static_cast<F*>(field), e);
    }

    // An object with more unknown keys than this has them compared by io::JsonDocument (read_json).
    static constexpr std::size_t kComparedUnknownKeys = 16;

    // Reads member `k` into the field the key table names for it, or keeps it in `extra`. `seen`: the
    // table's names met before in the object, so that a name written twice is noticed.
    template <class T>
    void member(T& t, std::string_view k, JsonValue e, std::uint64_t& seen) {
        static const KeyIndex<T> index;
        if (!k.empty()) {
            bool named = false;
            for (std::uint8_t i = index.first[index.slot(k)]; i != 0;) {
                const auto& entry = index.entries[i - 1];
                if (io::tape::same(entry.key.name, k)) {  // inline: keys are a few bytes
                    if (!named) {
                        named = true;
                        const std::uint64_t bit = std::uint64_t{1} << entry.name_bit;
                        if (seen & bit) duplicate_key_ = true;
                        seen |= bit;
                    }
                    char* field = field_base(t, entry.in_rare) + entry.offset;
                    if (entry.number && read_number(entry.key, *reinterpret_cast<Opt<Num>*>(field), e)) return;
                    if (entry.read(*this, entry.key, field, e)) return;
                }
                i = entry.next;
            }
            if (named) {  // a name of the table whose value the table refuses: kept as unknown
                keep(extras_of(t), k, e);
                return;
            }
        }
        // A name the table does not know: compared with the unknown keys kept before it.
        const Extras& kept = keys_table::extras_of(std::as_const(t));
        if (kept.size() > kComparedUnknownKeys) duplicate_key_ = true;
        else
            for (const Extra& x : kept)
                if (x.first == k) duplicate_key_ = true;
        keep(extras_of(t), k, e);
    }
    // A T's unknown keys (a Frame's: in its rare box, made here).
    template <class T>
    Extras& extras_of(T& t) {
        if constexpr (std::is_same_v<T, Frame>) return t.rare_mut(rare_frames_).extra;
        else return keys_table::extras_of(t);
    }
    // Where the fields of a T lie: in the T, or (a Frame's rare members) in its rare box, made here.
    template <class T>
    char* field_base(T& t, bool in_rare) {
        if constexpr (std::is_same_v<T, Frame>)
            if (in_rare) return reinterpret_cast<char*>(&t.rare_mut(rare_frames_));
        return reinterpret_cast<char*>(&t);
    }

    // Fast path of field_value(Opt<Num>) for most keyframe members: a JSON number that the key takes
    // as it is (any number, or one >= 0 where the key wants that). false: left to field_value.
    [[gnu::always_inline]] static bool read_number(const Key& key, Opt<Num>& f, JsonValue e) {
        double d;
        if (!e.number(d) || (key.as == As::NonNegative && !(d >= 0 && std::isfinite(d)))) return false;
        f = d;
        return true;
    }

    // false: the key table's reading refuses this JSON type (the member is then an unknown key).
    bool field_value(const Key& key, Opt<Num>& f, JsonValue e) {
        if (key.as == As::OnlyScalar && !(e.is_number() || e.is_string() || e.is_null())) return false;
        f = key.as == As::NonNegative ? non_negative(e) : num(e);
        return true;
    }
    bool field_value(const Key&, Opt<Flag>& f, JsonValue e) {
        f = flag(e);
        return true;
    }
    bool field_value(const Key& key, Opt<std::string>& f, JsonValue e) {
        switch (key.as) {
            case As::Name: f = name(e); break;
            case As::Version: f = version_string(e); break;
            case As::OnlyString:
                if (!e.is_string()) return false;
                f = str(e);
                break;
            default: f = str(e);
        }
        return true;
    }
    bool field_value(const Key& key, Opt<RawJson>& f, JsonValue e) {
        if (key.as == As::DisplayType && !e.is_string() && !e.is_number())
            fail(e, std::string("expected a display type, found ") + io::json_type_name(e.type()));
        f = raw(e);
        return true;
    }
    bool field_value(const Key& key, Opt<Vector<Num>>& f, JsonValue e) {
        if (key.as == As::OnlyArray && !e.is_array()) return false;
        Vector<Num> list = nums(e);
        number_lists_.emplace(f) = std::move(list);  // its box in a slab (curves, meshes' arrays: ~2.5k over the corpus)
        return true;
    }
    bool field_value(const Key&, Opt<Vector<std::string>>& f, JsonValue e) {
        f = strs(e);
        return true;
    }
    template <class T>
    bool field_value(const Key& key, Opt<T>& f, JsonValue e) {
        if constexpr (is_vector<T>::value) {
            // DBDT header JSON: {timeline name: [type, index, ...]} objects, kept as written.
            if (key.as == As::Timelines && binary_header_ && e.is_object()) return false;
            f = list<typename T::value_type>(e);
        } else {
            if (key.as == As::OnlyObject && !e.is_object()) return false;
            // Built in its box (a later same key replaces it whole). Transforms and colours, one in most
            // keyframes (19k over the corpus, 43% of a read's allocations before), are boxed in slabs.
            if constexpr (std::is_same_v<T, Transform>) read_into(transforms_.emplace(f), e);
            else if constexpr (std::is_same_v<T, ColorTransform>) read_into(colors_.emplace(f), e);
            else read_into(f.emplace(), e);
        }
        return true;
    }
    bool field_value(const Key&, Vector<Armature>& f, JsonValue e) {
        f = list<Armature>(e);
        return true;
    }
    bool field_value(const Key&, keys_table::NoField&, JsonValue) { return false; }

    // ---- checks once a structure is read -----------------------------------------------------
    template <class T>
    void checked(T&, JsonValue) {}
    void checked(Armature& a, JsonValue) {
        // Armatures are the root's: the path is /armature/N.
        io::JsonPath at(text_);
        io::JsonPath::Scope s1(at, "armature");
        io::JsonPath::Scope s2(at, armature_index_);
        resolve_armature(a, at, warnings_);
    }
    void checked(Display& d, JsonValue v) {
        if (display_type(d) == DisplayType::Other) {
            std::string t = d.type ? d.type->text : "";
            warn(v, "unknown display type " + t + " (kept as written)");
        }
    }

    std::string_view text_;
    JsonValue root_;
    JsonText text_of_;
    OptPool<Transform> transforms_;
    OptPool<ColorTransform> colors_;
    OptPool<Vector<Num>> number_lists_;
    OptPool<FrameRare> rare_frames_;
    std::vector<std::string>* warnings_;
    bool binary_header_ = false;
    std::size_t armature_index_ = 0;
    bool duplicate_key_ = false;
};

// A located error for a text that the reader could not read or in which it met a duplicate key, as the
// shared JSON layer gives it: io::JsonDocument parses the text again and throws for malformed JSON or
// a key named twice; false when it finds neither.
bool json_layer_refuses(std::string_view text, std::vector<std::string>* warnings, std::size_t warnings_before) {
    try {
        io::JsonDocument doc(text);
    } catch (const Error&) {
        if (warnings) warnings->resize(warnings_before);  // it would have failed before reading anything
        throw;
    }
    return false;
}

}  // namespace

// The text is parsed once, without the shared layer's duplicate-key pass (a walk of the whole tape, 13%
// of a read): the reader compares the keys of every object it reads and JsonText those of the objects it
// keeps as text. Only when a key may be duplicated, or the reading fails (a duplicate key anywhere in
// the text is the error to report then), is the text given to io::JsonDocument, whose errors are kept.
Result<DragonBonesData> read_json(std::string_view text, const JsonReadOptions& options) {
    // The model's lists (Vector) come from one arena for the read: a few blocks instead of a heap block
    // per list (keyframes' lists, ~40% of a read's allocations), taken and given back at a pointer's cost.
    const io::ArenaScope arena(text.size());
    return capture([&] {
        const std::size_t warnings_before = options.warnings ? options.warnings->size() : 0;
        ParsedJson parsed;
        if (!parsed.parse(text, io::kMaxJsonDepth, options.padded)) {
            json_layer_refuses(text, options.warnings, warnings_before);
            throw Error("malformed JSON");  // (never: the shared layer refuses what simdjson refuses)
        }
        Reader r(text, parsed.root(), parsed.tokens(), options);
        DragonBonesData d;
        try {
            d = r.read_root();
        } catch (const Error&) {
            json_layer_refuses(text, options.warnings, warnings_before);
            throw;
        }
        if (r.may_hold_duplicate_keys()) json_layer_refuses(text, options.warnings, warnings_before);
        std::string_view body = text;
        while (!body.empty() && (body.back() == '\n' || body.back() == '\r')) body.remove_suffix(1);
        d.minified = body.find('\n') == std::string_view::npos;
        d.final_newline = body.size() != text.size();
        return d;
    });
}

bool looks_like_dragonbones_json(std::string_view text) {
    std::string_view head = text.substr(0, 4096);
    std::size_t i = 0;
    if (head.substr(0, 3) == "\xEF\xBB\xBF") i = 3;
    auto space = [&](std::size_t& at) {
        while (at < head.size() && (head[at] == ' ' || head[at] == '\t' || head[at] == '\r' || head[at] == '\n')) ++at;
    };
    space(i);
    if (i >= head.size() || head[i] != '{') return false;
    if (head.find("\"skeleton\"") != std::string_view::npos && head.find("\"spine\"") != std::string_view::npos) return false;
    // "armature" holding an array is the mark of DragonBones skeleton data (Spine has no such key at
    // the top level; texture atlases have none).
    for (std::size_t at = head.find("\"armature\""); at != std::string_view::npos; at = head.find("\"armature\"", at + 1)) {
        std::size_t j = at + 10;
        space(j);
        if (j < head.size() && head[j] == ':') {
            ++j;
            space(j);
            if (j < head.size() && head[j] == '[') return true;
        }
    }
    return false;
}

}  // namespace rigio::dragonbones
