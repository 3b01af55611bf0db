// What the Spine and DragonBones halves of the pose check share (see rigio/verify/pose_check.hpp): the
// tally of one animation and the located getters of the reference.
#pragma once

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <string_view>
#include <vector>

#include "rigio/io/json_input.hpp"
#include "rigio/verify/pose_check.hpp"

namespace rigio::verify::detail {

using io::JsonPath;
using simdjson::dom::element;

inline constexpr std::string_view kSpineFormat = "spine-oracle-pose/1";
inline constexpr std::string_view kDragonBonesFormat = "dragonbones-oracle-pose/1";

// Counts values and remembers the first mismatch of an animation.
class Tally {
public:
    explicit Tally(AnimationCheck& check) : check_(check) {}

    void where(std::string prefix) { prefix_ = std::move(prefix); }

    // Counts one number compared; true when within `tolerance`. `label()` names the value; it is called
    // only when the value is out of tolerance.
    template <class Label>
    bool number(double want, double got, double tolerance, Label&& label) {
        ++check_.values;
        const double diff = std::isfinite(got) && std::isfinite(want) ? std::fabs(want - got) : (want == got ? 0 : INFINITY);
        check_.largest = std::max(check_.largest, diff);
        if (diff <= tolerance) return true;
        mismatch(fmt::format("{}: want {:.6g}, got {:.6g}", label(), want, got));
        return false;
    }

    // Counts one value that is not a number (a name, a presence, an order).
    void counted() { ++check_.values; }

    void mismatch(const std::string& what) {
        if (check_.mismatches++ == 0) check_.first_mismatch = prefix_.empty() ? what : prefix_ + " " + what;
    }

    AnimationCheck& check() { return check_; }

private:
    AnimationCheck& check_;
    std::string prefix_;
};

// Reads an array of numbers; returns how many there were.
inline std::size_t numbers(element e, JsonPath& path, std::vector<double>& out) {
    out.clear();
    std::size_t i = 0;
    for (element v : io::as_array(e, path)) {
        JsonPath::Scope at(path, i++);
        out.push_back(io::as_number(v, path));
    }
    return out.size();
}

inline element required(simdjson::dom::object obj, std::string_view key, const JsonPath& path) {
    auto m = io::member(obj, key);
    if (!m) path.fail("the reference has no \"" + std::string(key) + "\"");
    return *m;
}

// The string member `key` of `obj`; an error at its path when it is missing or not a string.
inline std::string_view required_string(simdjson::dom::object obj, std::string_view key, JsonPath& path) {
    JsonPath::Scope at(path, key);
    return io::as_string(required(obj, key, path), path);
}

// The number member `key` of `obj` (located error when missing or not a number).
inline double required_number(simdjson::dom::object obj, std::string_view key, JsonPath& path) {
    JsonPath::Scope at(path, key);
    return io::as_number(required(obj, key, path), path);
}

void check_spine_run(const spine::runtime::RuntimeData& data, element root, element run, JsonPath& path, PoseCheck& out);
void check_dragonbones_armature(element arm, JsonPath& path, const ArmatureRuntime& runtime_for, PoseCheck& out);

}  // namespace rigio::verify::detail
