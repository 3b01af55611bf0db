// Spine references ("spine-oracle-pose/1"): rigio's own pose document of each run (rigio/verify/pose_json,
// what `rigio pose` prints) is made with the run's skin and sample count and compared with the reference
// value by value, generically: every key and array element the reference holds must be in rigio's
// document and equal, numbers within the tolerance below. Whatever the schema grows (the 4.1 sequence
// element of a slot, 4.2 per-sample physics arrays) is thereby compared as soon as the reference has it.
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <optional>

#include "pose_check_internal.hpp"
#include "rigio/verify/pose_json.hpp"

namespace rigio::verify::detail {

namespace rt = spine::runtime;

namespace {

// The goldens' tolerance (shared/checks/spine-pose-golden, shared/golden/spine-*/README.md): two values
// printed with 6 significant digits agree within 2e-3 absolute or 1e-4 relative.
double spine_tolerance(double want, double got) { return std::max(2e-3, 1e-4 * std::max(std::fabs(want), std::fabs(got))); }

// Keys of the reference that describe how it was made rather than a pose: not compared.
bool informational(std::string_view key) { return key == "source" || key == "loader" || key == "skinRule" || key == "note"; }

// rigio's pose document of one run, as `rigio pose` prints it.
std::string own_document(const rt::RuntimeData& data, const PoseOptions& options) {
    char* buffer = nullptr;
    std::size_t size = 0;
    std::FILE* f = open_memstream(&buffer, &size);
    if (!f) throw Error("cannot make a pose document in memory");
    std::unique_ptr<char, decltype(&std::free)> owned(nullptr, &std::free);
    try {
        write_pose_json(data, options, f).value();
    } catch (...) {
        std::fclose(f);
        std::free(buffer);
        throw;
    }
    std::fclose(f);
    owned.reset(buffer);
    return std::string(buffer, size);
}

const char* json_type(element e) { return io::json_type_name(e.type()); }

bool is_number(element e) {
    const auto t = e.type();
    return t == simdjson::dom::element_type::INT64 || t == simdjson::dom::element_type::UINT64 || t == simdjson::dom::element_type::DOUBLE;
}

double number_of(element e) {
    double d = 0;
    if (e.type() == simdjson::dom::element_type::DOUBLE) return double(e);
    if (e.type() == simdjson::dom::element_type::INT64) return static_cast<double>(std::int64_t(e));
    if (e.type() == simdjson::dom::element_type::UINT64) return static_cast<double>(std::uint64_t(e));
    return d;
}

// Names a value of a sample for messages from its place in the sample: bones and slots by name, the
// fields of a bone, slot and physics entry by what the schema calls them.
class SampleLabels {
public:
    SampleLabels(element root, std::optional<element> sample) : sample_(sample) {
        for (const char* list : {"bones", "slots"}) {
            auto names = root[list];
            std::vector<std::string>& out = list[0] == 'b' ? bones_ : slots_;
            if (names.error() || !names.is_array()) continue;
            for (element n : names.get_array()) out.emplace_back(n.is_string() ? std::string(std::string_view(n)) : std::string("?"));
        }
    }

    std::string operator()(const std::vector<std::string>& at) const {
        static constexpr const char* kBone[7] = {"a", "b", "c", "d", "worldX", "worldY", "active"};
        static constexpr const char* kSlot[6] = {"slot index", "attachment", "colour", "dark colour", "vertex", "sequence"};
        static constexpr const char* kPhysics[7] = {"inertia", "strength", "damping", "massInverse", "wind", "gravity", "mix"};
        static constexpr const char* kRgba[4] = {"r", "g", "b", "a"};
        auto index = [&](std::size_t i) { return i < at.size() ? std::strtoul(at[i].c_str(), nullptr, 10) : 0ul; };
        std::string out;
        if (at.size() >= 2 && at[0] == "bones") {
            const auto i = index(1);
            out = fmt::format("bone \"{}\"", i < bones_.size() ? bones_[i] : at[1]);
            if (at.size() >= 3) out += " " + std::string(index(2) < 7 ? kBone[index(2)] : at[2].c_str());
            return out;
        }
        if (at.size() >= 2 && at[0] == "slots") {
            out = fmt::format("draw order {} (slot \"{}\")", at[1], slot_at(index(1)));
            if (at.size() >= 3) {
                const auto k = index(2);
                out += " " + std::string(k < 6 ? kSlot[k] : at[2].c_str());
                if (at.size() >= 4 && (k == 2 || k == 3) && index(3) < 4) out += std::string(" ") + kRgba[index(3)];
                else if (at.size() >= 4 && k == 5) out += index(3) == 0 ? " frame" : " region path";
                else if (at.size() >= 4) out += " " + at[3];
            }
            return out;
        }
        if (at.size() >= 2 && at[0] == "physics") {
            out = "physics constraint " + at[1];
            if (at.size() >= 3) out += " " + std::string(index(2) < 7 ? kPhysics[index(2)] : at[2].c_str());
            return out;
        }
        for (const std::string& s : at) out += "/" + s;
        return out;
    }

private:
    // The name of the slot at a draw-order position of the reference sample.
    std::string slot_at(std::size_t position) const {
        if (!sample_) return "?";
        auto entry = (*sample_)["slots"].at(position).at(0);
        if (entry.error() || !is_number(entry.value())) return "?";
        const double i = number_of(entry.value());
        return i >= 0 && i < static_cast<double>(slots_.size()) ? slots_[static_cast<std::size_t>(i)] : "?";
    }

    std::optional<element> sample_;
    std::vector<std::string> bones_, slots_;
};

// Compares `want` (the reference) with `got` (rigio) generically; `at` is the place within the unit
// being compared, `label` turns it into words.
template <class Label>
class TreeCompare {
public:
    TreeCompare(Tally& tally, const Label& label) : tally_(tally), label_(label) {}

    void walk(element want, element got) {
        using T = simdjson::dom::element_type;
        if (is_number(want)) {
            if (!is_number(got)) return differ("a number", got);
            const double w = number_of(want), g = number_of(got);
            tally_.number(w, g, spine_tolerance(w, g), [&] { return label_(at_); });
            return;
        }
        tally_.counted();
        switch (want.type()) {
            case T::NULL_VALUE:
                if (!got.is_null()) differ("null", got);
                return;
            case T::BOOL:
                if (got.type() != T::BOOL || bool(want) != bool(got)) differ(bool(want) ? "true" : "false", got);
                return;
            case T::STRING:
                if (!got.is_string() || std::string_view(want) != std::string_view(got))
                    differ("\"" + std::string(std::string_view(want)) + "\"", got);
                return;
            case T::ARRAY: {
                if (!got.is_array()) return differ("an array", got);
                const simdjson::dom::array w = want.get_array(), g = got.get_array();
                if (w.size() != g.size()) return mismatch(fmt::format("{} elements expected, got {}", w.size(), g.size()));
                std::size_t i = 0;
                auto gi = g.begin();
                for (element e : w) {
                    at_.push_back(std::to_string(i++));
                    walk(e, *gi);
                    ++gi;
                    at_.pop_back();
                }
                return;
            }
            case T::OBJECT: {
                if (!got.is_object()) return differ("an object", got);
                const simdjson::dom::object g = got.get_object();
                for (auto [key, value] : want.get_object()) {
                    at_.emplace_back(key);
                    if (auto mine = io::member(g, key)) walk(value, *mine);
                    else mismatch("present in the reference, missing here");
                    at_.pop_back();
                }
                return;
            }
            default:
                return;
        }
    }

    std::vector<std::string>& at() { return at_; }

private:
    void differ(const std::string& want, element got) {
        std::string shown = json_type(got);
        if (got.is_string()) shown = "\"" + std::string(std::string_view(got)) + "\"";
        else if (got.type() == simdjson::dom::element_type::BOOL) shown = bool(got) ? "true" : "false";
        else if (is_number(got)) shown = fmt::format("{:.6g}", number_of(got));
        mismatch(fmt::format("want {}, got {}", want, shown));
    }
    void mismatch(const std::string& what) {
        const std::string where = label_(at_);
        tally_.mismatch(where.empty() ? what : where + ": " + what);
    }

    Tally& tally_;
    const Label& label_;
    std::vector<std::string> at_;
};

// Compares the members of `want` except those `skip` names (and the informational ones) with `got`.
template <class Label>
void compare_members(Tally& tally, const Label& label, simdjson::dom::object want, simdjson::dom::object got,
                     std::initializer_list<std::string_view> skip) {
    TreeCompare<Label> tree(tally, label);
    for (auto [key, value] : want) {
        if (informational(key) || std::find(skip.begin(), skip.end(), key) != skip.end()) continue;
        tree.at().emplace_back(key);
        if (auto mine = io::member(got, key)) tree.walk(value, *mine);
        else {
            tally.counted();
            tally.mismatch(fmt::format("\"{}\" is in the reference, not in rigio's poses", key));
        }
        tree.at().pop_back();
    }
}

// The reference's sample count for a run: its own "samples", else the document's.
int sample_count(simdjson::dom::object root, simdjson::dom::object run, JsonPath& path) {
    auto from = [&](simdjson::dom::object obj) -> std::optional<int> {
        auto m = io::member(obj, "samples");
        if (!m) return std::nullopt;
        JsonPath::Scope at(path, "samples");
        const std::int64_t n = io::as_integer(*m, path);
        if (n < 0 || n > 10000) path.fail("a sample count from 0 to 10000 expected");
        return static_cast<int>(n);
    };
    if (auto n = from(run)) return *n;
    if (auto n = from(root)) return *n;
    path.fail("the reference has no \"samples\"");
}

}  // namespace

void check_spine_run(const rt::RuntimeData& data, element root, element run, JsonPath& path, PoseCheck& out) {
    const simdjson::dom::object ro = io::as_object(root, path);
    const simdjson::dom::object obj = io::as_object(run, path);
    PoseOptions options;
    std::string skin_name;
    {
        JsonPath::Scope at(path, "skin");
        const element s = required(obj, "skin", path);
        if (!s.is_null()) skin_name = std::string(io::as_string(s, path));
    }
    options.samples = sample_count(ro, obj, path);
    if (!skin_name.empty()) options.skin = skin_name;
    const bool has_skin = skin_name.empty() || data.find_skin(skin_name) >= 0;
    std::string mine_text;
    if (has_skin) mine_text = own_document(data, options);
    const std::unique_ptr<io::JsonDocument> mine = has_skin ? std::make_unique<io::JsonDocument>(mine_text) : nullptr;
    std::map<std::string_view, simdjson::dom::object> mine_animations;
    if (mine)
        for (element a : mine->root()["runs"].at(0)["animations"].get_array()) mine_animations.emplace(std::string_view(a["name"]), a.get_object());

    JsonPath::Scope at_animations(path, "animations");
    std::size_t a = 0;
    for (element anim : io::as_array(required(obj, "animations", path), path)) {
        JsonPath::Scope at(path, a++);
        const simdjson::dom::object ao = io::as_object(anim, path);
        AnimationCheck& check = out.animations.emplace_back();
        check.run = skin_name;
        check.animation = std::string(required_string(ao, "name", path));
        Tally tally(check);
        if (!has_skin) {
            tally.mismatch("the skeleton has no skin \"" + skin_name + "\"");
            continue;
        }
        const auto found = mine_animations.find(check.animation);
        if (found == mine_animations.end()) {
            tally.mismatch("the skeleton has no animation \"" + check.animation + "\"");
            continue;
        }
        // The skeleton as a whole (bone and slot names) and the run (its skin), then the animation.
        const SampleLabels whole(root, std::nullopt);
        compare_members(tally, whole, ro, mine->root().get_object(), {"format", "samples", "runs"});
        compare_members(tally, whole, obj, mine->root()["runs"].at(0).get_object(), {"animations", "samples"});
        compare_members(tally, whole, ao, found->second, {"samples", "name"});
        JsonPath::Scope at_samples(path, "samples");
        const simdjson::dom::array want_samples = io::as_array(required(ao, "samples", path), path);
        const simdjson::dom::array got_samples = found->second["samples"].get_array();
        if (want_samples.size() != got_samples.size()) {
            tally.mismatch(fmt::format("{} samples in the reference, rigio made {}", want_samples.size(), got_samples.size()));
            continue;
        }
        std::size_t k = 0;
        auto gi = got_samples.begin();
        for (element sample : want_samples) {
            JsonPath::Scope at_sample(path, k++);
            const simdjson::dom::object so = io::as_object(sample, path);
            const simdjson::dom::object go = (*gi).get_object();
            ++gi;
            // The reference's time is exact (float32 printed with 9 digits): rigio must sample the same t.
            const float t = static_cast<float>(required_number(so, "t", path));
            const float mine_t = static_cast<float>(double((*io::member(go, "t"))));
            tally.where(fmt::format("t={}", t));
            tally.counted();
            if (t != mine_t) tally.mismatch(fmt::format("sample {}: the reference is at t={}, rigio sampled t={}", k - 1, t, mine_t));
            const SampleLabels labels(root, sample);
            compare_members(tally, labels, so, go, {"t"});
            ++check.samples;
        }
    }
}

}  // namespace rigio::verify::detail
