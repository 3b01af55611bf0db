// DragonBones JSON writer: the model back to JSON by the reader's key table (json_keys.hpp), in the
// table's order, then the unknown keys as they were read. A value read from a dirty form ("NaN", "1.5", null, 0/1 flags) is
// written back in that form. Layout: tabs, flat objects and number arrays on one line.
#include <cmath>
#include <string>

#include "json_keys.hpp"
#include "rigio/dragonbones/json.hpp"
#include "rigio/io/json_writer.hpp"

namespace rigio::dragonbones {

namespace {

using keys_table::As;
using keys_table::Key;

// Shortest round-trip text of a double, laid out as JavaScript (and so DragonBones Pro) writes numbers:
// plain decimals for 1e-7 <= |v| < 1e18 ("-0.0003", not "-3e-04"), exponents outside that range.
// `v` is finite. (From io's shortest form, which keeps an exponent on integers past 64 bits: JSON parsers
// refuse them written out in full.)
std::string js_number(double v) {
    std::string s;
    io::append_json_number(s, v);
    const double a = std::fabs(v);
    const std::size_t e = s.find('e');
    if (e == std::string::npos || a < 1e-7 || a >= 1e18) return s;
    const bool negative = s[0] == '-';
    std::string mantissa = s.substr(negative ? 1 : 0, e - (negative ? 1 : 0));
    int exponent = std::stoi(s.substr(e + 1));
    std::string digits;
    int point = 1;  // digits before the decimal point in the mantissa
    for (std::size_t i = 0; i < mantissa.size(); ++i) {
        if (mantissa[i] == '.') point = static_cast<int>(i);
        else digits += mantissa[i];
    }
    if (mantissa.find('.') == std::string::npos) point = static_cast<int>(mantissa.size());
    point += exponent;
    std::string out = negative ? "-" : "";
    if (point <= 0) {
        out += "0." + std::string(static_cast<std::size_t>(-point), '0') + digits;
    } else if (point >= static_cast<int>(digits.size())) {
        out += digits + std::string(static_cast<std::size_t>(point) - digits.size(), '0');
    } else {
        out += digits.substr(0, static_cast<std::size_t>(point)) + "." + digits.substr(static_cast<std::size_t>(point));
    }
    return out;
}

class Writer {
public:
    explicit Writer(std::string& out) : w_(out) {}

    void root(const DragonBonesData& d) {
        root_ = &d;
        object(d);
    }

private:
    // ---- scalars -------------------------------------------------------------------------------
    void value(const Num& n) {
        if (!n.raw().empty()) w_.raw(n.raw());
        else if (std::isfinite(n.value())) {
            double r = std::nearbyint(n.value());
            if (r == n.value() && std::fabs(r) < 9007199254740992.0) w_.integer(static_cast<std::int64_t>(r));
            else w_.raw(js_number(n.value()));
        } else if (std::isnan(n.value())) w_.string("NaN");
        else w_.null();
    }

    // Unknown members, in file order; `skip` leaves one key out, `only` writes just that one.
    void extras(const Extras& e, std::string_view skip = {}, std::string_view only = {}) {
        for (const auto& [k, v] : e) {
            if ((!skip.empty() && k == skip) || (!only.empty() && k != only)) continue;
            w_.key(k);
            w_.raw(v.text);
        }
    }

    // ---- structures: one walk over the key table -----------------------------------------------
    template <class T>
    void object(const T& t) {
        w_.begin_object();
        std::string_view kept_here;  // an unknown key already written in the table's order
        const Extras& extra = keys_table::extras_of(t);
        keys_table::keys(t, [&](const Key& key, const auto& field) {
            if (key.as == As::KeptHere) {
                // Written at its place in the table only when it is the first unknown key: then the
                // unknown keys still come out in file order (the rest follow the table).
                if (extra.empty() || extra.front().first != key.name) return;
                kept_here = key.name;
            }
            field_value(key, field, extra);
        });
        extras(extra, kept_here);
        w_.end_object();
    }

    void field_value(const Key& key, const Opt<Num>& n, const Extras&) {
        if (!n) return;
        w_.key(key.name);
        value(*n);
    }
    void field_value(const Key& key, const Opt<Flag>& f, const Extras&) {
        if (!f) return;
        w_.key(key.name);
        if (!f->raw.empty()) w_.raw(f->raw);
        else w_.boolean(f->value);
    }
    void field_value(const Key& key, const Opt<std::string>& s, const Extras&) {
        if (!s) return;
        if (key.name == "version" && key.as == As::Version && root_->version_is_number) {
            w_.key(key.name);  // 2.x files write e.g. 2.3 as a JSON number
            w_.raw(*s);
        } else {
            w_.member(key.name, *s);
        }
    }
    void field_value(const Key& key, const Opt<RawJson>& r, const Extras&) {
        if (!r) return;
        w_.key(key.name);
        w_.raw(r->text);
    }
    void field_value(const Key& key, const Opt<Vector<Num>>& v, const Extras&) {
        if (!v) return;
        w_.key(key.name);
        w_.begin_array();
        for (const Num& n : *v) value(n);
        w_.end_array();
    }
    void field_value(const Key& key, const Opt<Vector<std::string>>& v, const Extras&) {
        if (!v) return;
        w_.key(key.name);
        w_.begin_array();
        for (const std::string& s : *v) w_.string(s);
        w_.end_array();
    }
    template <class T>
    void field_value(const Key& key, const Opt<T>& t, const Extras& extra) {
        if (t) field_value(key, *t, extra);
    }
    template <class T>
    void field_value(const Key& key, const Vector<T>& v, const Extras&) {
        w_.key(key.name);
        w_.begin_array();
        for (const T& x : v) object(x);
        w_.end_array();
    }
    template <class T>
    void field_value(const Key& key, const T& t, const Extras&) {
        w_.key(key.name);
        object(t);
    }
    void field_value(const Key& key, const keys_table::NoField&, const Extras& extra) { extras(extra, {}, key.name); }

    io::JsonWriter w_;
    const DragonBonesData* root_ = nullptr;
};

}  // namespace

std::string write_json(const DragonBonesData& data, const JsonWriteOptions& options) {
    std::string compact;
    compact.reserve(1 << 16);
    Writer(compact).root(data);
    if (options.compact) return compact;
    if (data.minified) {
        if (data.final_newline) compact += '\n';
        return compact;
    }
    io::ReflowOptions opt;
    opt.one_line_object_members = 8;
    opt.one_line_scalar_arrays = true;
    std::string out = io::reflow_json(compact, opt);
    if (out.empty() || out.back() != '\n') out += '\n';
    return out;
}

}  // namespace rigio::dragonbones
