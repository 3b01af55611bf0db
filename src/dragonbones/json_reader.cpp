// DragonBones JSON reader: simdjson DOM -> model. Every structure is read by one generic walk over its
// key table (json_keys.hpp, shared with the writer); unknown keys go to `extra` as raw JSON; names are
// resolved to indices per armature. The JSON path of the value being read is kept as a stack of keys
// and indices (no text) and spelled out, with line and column, only for an error or a warning.
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <type_traits>
#include <string>
#include <vector>

#include "json_checks.hpp"
#include "json_keys.hpp"
#include "json_text.hpp"
#include "rigio/dragonbones/json.hpp"
#include "rigio/io/json_input.hpp"

namespace rigio::dragonbones {

namespace {

using simdjson::dom::element;
using simdjson::dom::element_type;
using simdjson::dom::object;
using keys_table::As;
using keys_table::Key;

template <class T>
struct is_vector : std::false_type {};
template <class T>
struct is_vector<std::vector<T>> : std::true_type {};

class Reader {
public:
    Reader(std::string_view text, const JsonReadOptions& options)
        : text_(text), text_of_(text.size()), warnings_(options.warnings), binary_header_(options.binary_header) {
        path_.reserve(16);
    }

    DragonBonesData read_root(element root) {
        DragonBonesData d;
        object obj = object_of(root);
        bool has_armature = false;
        for (auto kv : obj) {
            Scope s(*this, kv.key);
            if (kv.key == "version") d.version_is_number = kv.value.is_number();
            if (kv.key == "armature") has_armature = true;
            member(d, kv.key, kv.value);
        }
        if (!d.version) fail("not DragonBones data: no \"version\"");
        if (!has_armature) fail("not DragonBones skeleton data: no \"armature\" array");
        const int v = version_code(d);
        if (v >= 40 && v < 50 && !d.isGlobal)
            warn("4.x data without \"isGlobal\": 4.x runtimes read it as armature-space (global), 5.x runtimes as parent-relative");
        return d;
    }

private:
    // ---- where we are ------------------------------------------------------------------------
    struct Step {
        std::string_view key;  // empty with is_index
        std::size_t index = 0;
        bool is_index = false;
    };
    class Scope {
    public:
        Scope(Reader& r, std::string_view key) : r_(r) { r.path_.push_back({key, 0, false}); }
        Scope(Reader& r, std::size_t index) : r_(r) { r.path_.push_back({{}, index, true}); }
        ~Scope() { r_.path_.pop_back(); }
        Scope(const Scope&) = delete;
        Scope& operator=(const Scope&) = delete;

    private:
        Reader& r_;
    };

    std::string pointer() const {
        std::string p;
        for (const Step& s : path_) {
            if (s.is_index) p += '/' + std::to_string(s.index);
            else io::append_pointer_token(p, s.key);
        }
        return p;
    }
    [[noreturn]] void fail(const std::string& message) const {
        const std::string p = pointer();
        Location where = Location::at_path(p.empty() ? "/" : p);
        if (auto at = io::locate_json_pointer(text_, p)) io::line_column(text_, *at, where.line, where.column);
        throw Error(message, where);
    }
    [[noreturn]] void wrong_type(element v, const char* want) const {
        fail(std::string("expected ") + want + ", found " + io::json_type_name(v.type()));
    }
    void warn(const std::string& what) {
        if (!warnings_) return;
        const std::string p = pointer();
        warnings_->push_back((p.empty() ? std::string("/") : p) + ": " + what);
    }

    // ---- JSON values ---------------------------------------------------------------------------
    object object_of(element v) const {
        if (!v.is_object()) wrong_type(v, "an object");
        return v.get_object().value_unsafe();
    }
    simdjson::dom::array array_of(element v) const {
        if (!v.is_array()) wrong_type(v, "an array");
        return v.get_array().value_unsafe();
    }
    std::string str(element v) const {
        if (!v.is_string()) wrong_type(v, "a string");
        return std::string(v.get_string().value_unsafe());
    }
    double number(element v) const {
        double d;  // get_double reads any JSON number (integers converted) in one call
        if (v.get_double().get(d) != simdjson::SUCCESS) wrong_type(v, "a number");
        return d;
    }

    // A name or a reference to one. 2.x files write some names as numbers; those are read as their
    // text (and written back as strings).
    std::string name(element v) {
        if (v.is_number()) {
            warn("name written as a number");
            return simdjson::to_string(v);
        }
        return str(v);
    }

    std::string version_string(element v) {
        if (v.is_string()) return std::string(v.get_string().value_unsafe());
        if (v.is_number()) {  // some tools write 4.5 as a number
            warn("version written as a number");
            return simdjson::to_string(v);
        }
        fail(std::string("expected the version as a string, found ") + io::json_type_name(v.type()));
    }

    Num num(element v) {
        double d;
        if (v.get_double().get(d) == simdjson::SUCCESS) return Num(d);  // a JSON number: the common case
        switch (v.type()) {
            case element_type::STRING: {
                std::string_view s = v.get_string().value_unsafe();
                if (s == "NaN") return Num(std::nan(""), simdjson::to_string(v));
                const std::string copy(s);  // strtod needs a terminated string
                char* end = nullptr;
                const double value = std::strtod(copy.c_str(), &end);
                if (copy.empty() || end != copy.c_str() + copy.size() || !std::isfinite(value))
                    fail("expected a number, found the string \"" + copy + "\"");
                return Num(value, simdjson::to_string(v));
            }
            case element_type::NULL_VALUE: return Num(std::nan(""), "null");
            case element_type::BOOL: return Num(v.get_bool().value_unsafe() ? 1 : 0, simdjson::to_string(v));
            default: wrong_type(v, "a number");
        }
    }

    // A count, index or duration: a finite number >= 0.
    Num non_negative(element v) {
        Num n = num(v);
        if (!(n.value() >= 0) || !std::isfinite(n.value())) {
            if (std::isnan(n.value()) && !n.raw().empty()) return n;  // null / "NaN": treated as the default
            fail("expected a number >= 0, found " + (n.raw().empty() ? simdjson::to_string(v) : std::string(n.raw())));
        }
        return n;
    }

    Flag flag(element v) {
        Flag f;
        switch (v.type()) {
            case element_type::BOOL: f.value = v.get_bool().value_unsafe(); return f;
            case element_type::INT64:
            case element_type::UINT64:
            case element_type::DOUBLE: f.value = number(v) != 0; break;
            case element_type::STRING: {
                std::string_view s = v.get_string().value_unsafe();
                if (s == "true" || s == "1") f.value = true;
                else if (s == "false" || s == "0" || s.empty()) f.value = false;
                else fail("expected true or false, found \"" + std::string(s) + "\"");
                break;
            }
            case element_type::NULL_VALUE: f.value = false; break;
            default: wrong_type(v, "true or false");
        }
        f.raw = simdjson::to_string(v);
        return f;
    }

    RawJson raw(element v) { return RawJson{text_of_.of(v)}; }  // copied at its size

    void keep(Extras& extra, std::string_view key, element v) { extra.emplace_back(std::string(key), raw(v)); }

    std::vector<Num> nums(element v) {
        simdjson::dom::array a = array_of(v);
        std::vector<Num> out;
        out.reserve(a.size());
        std::size_t i = 0;
        for (element e : a) {
            double d;
            if (e.get_double().get(d) == simdjson::SUCCESS) {  // a number: the common case, without a path step
                out.emplace_back(d);
                ++i;
                continue;
            }
            Scope s(*this, i++);
            out.push_back(num(e));
        }
        return out;
    }

    std::vector<std::string> strs(element v) {
        simdjson::dom::array a = array_of(v);
        std::vector<std::string> out;
        out.reserve(a.size());
        std::size_t i = 0;
        for (element e : a) {
            Scope s(*this, i++);
            out.push_back(str(e));
        }
        return out;
    }

    template <class T>
    std::vector<T> list(element v) {
        simdjson::dom::array a = array_of(v);
        std::vector<T> out;
        out.reserve(a.size());
        std::size_t i = 0;
        for (element e : a) {
            Scope s(*this, i++);
            read_into(out.emplace_back(), e);  // built in place: keyframes are many
        }
        return out;
    }

    // ---- structures: one walk over the key table ---------------------------------------------
    template <class T>
    T read(element v) {
        T t;
        read_into(t, v);
        return t;
    }
    template <class T>
    void read_into(T& t, element v) {
        for (auto kv : object_of(v)) {
            Scope s(*this, kv.key);
            member(t, kv.key, kv.value);
        }
        checked(t);
    }

    // Reads member `k` into the field the key table names for it, or keeps it in `extra`.
    // Table names are never empty; the size and first letter settle most comparisons inline.
    // The key table of T as an index by name, built once per structure from a default T: each entry
    // holds the field's place in a T and a function reading into that field's type. A keyframe's
    // member is found with one hash and one comparison instead of a walk over the ~23 keys.
    template <class T>
    struct KeyIndex {
        struct Entry {
            Key key;
            std::ptrdiff_t offset;  // of the field in a T
            bool (*read)(Reader&, const Key&, void* field, element);
            std::uint8_t next;  // 1 + the next entry with the same hash, in table order; 0: none
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
                const auto offset = reinterpret_cast<const char*>(&field) - reinterpret_cast<const char*>(&t);
                entries.push_back({key, offset, &read_field<F>, 0});
            });
            // Chains in table order: a name the table holds twice (frame "value") is tried in order.
            for (std::size_t i = entries.size(); i-- > 0;) {
                std::uint8_t& head = first[slot(entries[i].key.name)];
                entries[i].next = head;
                head = static_cast<std::uint8_t>(i + 1);
            }
        }
    };
    template <class F>
    static bool read_field(Reader& r, const Key& key, void* field, element e) {
        if constexpr (std::is_same_v<F, keys_table::NoField>) return false;  // not a field of the T
        else return r.field_value(key, *static_cast<F*>(field), e);
    }

    template <class T>
    void member(T& t, std::string_view k, element e) {
        static const KeyIndex<T> index;
        if (!k.empty()) {
            for (std::uint8_t i = index.first[index.slot(k)]; i != 0;) {
                const auto& entry = index.entries[i - 1];
                if (entry.key.name == k && entry.read(*this, entry.key, reinterpret_cast<char*>(&t) + entry.offset, e)) return;
                i = entry.next;
            }
        }
        keep(t.extra, k, e);
    }

    // false: the key table's reading refuses this JSON type (the member is then an unknown key).
    bool field_value(const Key& key, Opt<Num>& f, element e) {
        if (key.as == As::OnlyScalar && !(e.is_number() || e.is_string() || e.is_null())) return false;
        f = key.as == As::NonNegative ? non_negative(e) : num(e);
        return true;
    }
    bool field_value(const Key&, Opt<Flag>& f, element e) {
        f = flag(e);
        return true;
    }
    bool field_value(const Key& key, Opt<std::string>& f, element e) {
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
    bool field_value(const Key& key, Opt<RawJson>& f, element e) {
        if (key.as == As::DisplayType && !e.is_string() && !e.is_number())
            fail(std::string("expected a display type, found ") + io::json_type_name(e.type()));
        f = raw(e);
        return true;
    }
    bool field_value(const Key& key, Opt<std::vector<Num>>& f, element e) {
        if (key.as == As::OnlyArray && !e.is_array()) return false;
        f = nums(e);
        return true;
    }
    bool field_value(const Key&, Opt<std::vector<std::string>>& f, element e) {
        f = strs(e);
        return true;
    }
    template <class T>
    bool field_value(const Key& key, Opt<T>& f, element e) {
        if constexpr (is_vector<T>::value) {
            // DBDT header JSON: {timeline name: [type, index, ...]} objects, kept as written.
            if (key.as == As::Timelines && binary_header_ && e.is_object()) return false;
            f = list<typename T::value_type>(e);
        } else {
            if (key.as == As::OnlyObject && !e.is_object()) return false;
            f = read<T>(e);
        }
        return true;
    }
    bool field_value(const Key&, std::vector<Armature>& f, element e) {
        f = list<Armature>(e);
        return true;
    }
    bool field_value(const Key&, keys_table::NoField&, element) { return false; }

    // ---- checks once a structure is read -----------------------------------------------------
    template <class T>
    void checked(T&) {}
    void checked(Armature& a) {
        // Armatures are the root's: the path is /armature/N.
        io::JsonPath at(text_);
        io::JsonPath::Scope s1(at, "armature");
        io::JsonPath::Scope s2(at, path_.back().index);
        resolve_armature(a, at, warnings_);
    }
    void checked(Display& d) {
        if (display_type(d) == DisplayType::Other) {
            std::string t = d.type ? d.type->text : "";
            warn("unknown display type " + t + " (kept as written)");
        }
    }

    std::string_view text_;
    JsonText text_of_;
    std::vector<Step> path_;
    std::vector<std::string>* warnings_;
    bool binary_header_ = false;
};

}  // namespace

Result<DragonBonesData> read_json(std::string_view text, const JsonReadOptions& options) {
    return capture([&] {
        io::JsonDocument doc(text);
        Reader r(text, options);
        DragonBonesData d = r.read_root(doc.root());
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
