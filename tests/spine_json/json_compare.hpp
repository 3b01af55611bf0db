// Test helper: compares two JSON texts by value, as ../shared/checks/lib/jsoncmp.py does: the same
// keys (minus ignored ones) and array lengths, equal strings and booleans, numbers equal within an
// absolute or relative tolerance. Returns the first differences (empty when equal).
#pragma once

#include <simdjson.h>

#include <cmath>
#include <set>
#include <string>
#include <vector>

namespace rigio::test {

struct JsonTolerance {
    double abs = 0, rel = 0;
    std::set<std::string> ignore;
};

inline void json_diff(simdjson::dom::element a, simdjson::dom::element b, const std::string& path, const JsonTolerance& t,
                      std::vector<std::string>& out) {
    using T = simdjson::dom::element_type;
    if (out.size() > 10) return;
    auto is_num = [](simdjson::dom::element e) { return e.is_number(); };
    if (is_num(a) && is_num(b)) {
        double x = a.get_double().value(), y = b.get_double().value();
        double d = std::fabs(x - y);
        if (d > t.abs && d > t.rel * std::max(std::fabs(x), std::fabs(y)))
            out.push_back(path + ": " + std::to_string(x) + " != " + std::to_string(y));
        return;
    }
    if (a.type() != b.type()) {
        out.push_back(path + ": different types");
        return;
    }
    switch (a.type()) {
        case T::OBJECT: {
            auto oa = a.get_object().value(), ob = b.get_object().value();
            std::set<std::string> keys;
            for (auto f : oa) keys.insert(std::string(f.key));
            for (auto f : ob) keys.insert(std::string(f.key));
            for (const auto& k : keys) {
                if (t.ignore.count(k)) continue;
                auto x = oa[k], y = ob[k];
                if (x.error()) out.push_back(path + "/" + k + ": missing on the left");
                else if (y.error()) out.push_back(path + "/" + k + ": missing on the right");
                else json_diff(x.value(), y.value(), path + "/" + k, t, out);
            }
            return;
        }
        case T::ARRAY: {
            auto xa = a.get_array().value(), ya = b.get_array().value();
            if (xa.size() != ya.size()) {
                out.push_back(path + ": length " + std::to_string(xa.size()) + " != " + std::to_string(ya.size()));
                return;
            }
            std::size_t i = 0;
            auto it = ya.begin();
            for (auto x : xa) {
                json_diff(x, *it, path + "/" + std::to_string(i++), t, out);
                ++it;
            }
            return;
        }
        case T::STRING:
            if (a.get_string().value() != b.get_string().value()) out.push_back(path + ": strings differ");
            return;
        case T::BOOL:
            if (a.get_bool().value() != b.get_bool().value()) out.push_back(path + ": booleans differ");
            return;
        default: return;
    }
}

inline std::vector<std::string> json_differences(const std::string& a, const std::string& b, const JsonTolerance& t) {
    simdjson::dom::parser pa, pb;
    simdjson::padded_string sa(a), sb(b);
    auto ea = pa.parse(sa), eb = pb.parse(sb);
    if (ea.error() || eb.error()) return {"unparsable JSON"};
    std::vector<std::string> out;
    json_diff(ea.value(), eb.value(), "", t, out);
    return out;
}

}  // namespace rigio::test
