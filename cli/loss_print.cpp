#include "loss_print.hpp"

#include <fmt/core.h>

#include <cstdlib>
#include <map>
#include <vector>

#include "output.hpp"
#include "text.hpp"

namespace rigio::cli {

namespace {

std::vector<std::string> split_pointer(const std::string& p) {
    std::vector<std::string> parts;
    std::size_t i = 0;
    while (i < p.size()) {
        if (p[i] == '/') ++i;
        std::size_t j = p.find('/', i);
        if (j == std::string::npos) j = p.size();
        parts.push_back(p.substr(i, j - i));
        i = j;
    }
    return parts;
}

std::optional<std::size_t> index_of(const std::string& s) {
    if (s.empty() || s.size() > 9 || s.find_first_not_of("0123456789") != std::string::npos) return std::nullopt;
    return static_cast<std::size_t>(std::strtoul(s.c_str(), nullptr, 10));
}

template <class T>
const T* at(const dragonbones::Opt<dragonbones::Vector<T>>& v, const std::string& s) {
    const auto i = index_of(s);
    return v && i && *i < v->size() ? &(*v)[*i] : nullptr;
}

std::string named(const char* what, const std::optional<std::string>& name) {
    return fmt::format("{} \"{}\"", what, esc(name.value_or("")));
}

}  // namespace

std::string name_dragonbones_path(const std::string& where, const dragonbones::DragonBonesData& data) {
    const std::vector<std::string> p = split_pointer(where);
    if (p.size() < 2 || p[0] != "armature") return {};
    const auto ai = index_of(p[1]);
    if (!ai || *ai >= data.armature.size()) return {};
    const dragonbones::Armature& a = data.armature[*ai];
    std::vector<std::string> names{named("armature", a.name)};
    if (p.size() >= 4) {
        const std::string& kind = p[2];
        if (kind == "bone") { if (const auto* b = at(a.bone, p[3])) names.push_back(named("bone", b->name)); }
        else if (kind == "slot") { if (const auto* s = at(a.slot, p[3])) names.push_back(named("slot", s->name)); }
        else if (kind == "skin") { if (const auto* s = at(a.skin, p[3])) names.push_back(named("skin", s->name)); }
        else if (kind == "ik") { if (const auto* s = at(a.ik, p[3])) names.push_back(named("IK", s->name)); }
        else if (kind == "animation") {
            if (const auto* an = at(a.animation, p[3])) {
                names.push_back(named("animation", an->name));
                if (p.size() >= 6) {
                    if (p[4] == "bone") { if (const auto* t = at(an->bone, p[5])) names.push_back(named("bone", t->name)); }
                    else if (p[4] == "slot") { if (const auto* t = at(an->slot, p[5])) names.push_back(named("slot", t->name)); }
                    else if (p[4] == "ffd") { if (const auto* t = at(an->ffd, p[5])) names.push_back(named("mesh", t->name)); }
                }
            }
        }
    }
    std::string out;
    for (const auto& n : names) out += (out.empty() ? "" : ", ") + n;
    return out;
}

void print_losses(const std::string& input, const convert::LossReport& report, const std::string& target,
                  const dragonbones::DragonBonesData* source) {
    auto place = [&](const convert::Loss& l) {
        std::string p = esc(l.where.empty() ? "/" : l.where);
        const std::string names = source ? name_dragonbones_path(l.where, *source) : std::string();
        return names.empty() ? p : p + " (" + names + ")";
    };
    if (report.losses.empty() || settings().quiet) return;
    const std::string in = esc(input);
    if (settings().verbose) {
        for (const auto& l : report.losses)
            emit(stderr, fmt::format("{}: loss at {}: {}{}: {}{}\n", in, esc(l.where.empty() ? "/" : l.where), esc(l.feature),
                       l.count > 1 ? fmt::format(" ({} times)", l.count) : "", esc(l.action),
                       source && !name_dragonbones_path(l.where, *source).empty() ? " [" + name_dragonbones_path(l.where, *source) + "]" : ""));
        return;
    }
    struct Kind {
        int count = 0;
        std::vector<std::string> places;
    };
    std::vector<std::pair<std::string, Kind>> kinds;  // in order of first appearance
    std::map<std::string, std::size_t> index;
    int total = 0;
    for (const auto& l : report.losses) {
        const std::string key = esc(l.feature) + ": " + esc(l.action);
        auto [it, fresh] = index.emplace(key, kinds.size());
        if (fresh) kinds.emplace_back(key, Kind{});
        Kind& k = kinds[it->second].second;
        k.count += l.count;
        total += l.count;
        k.places.push_back(place(l));
    }
    for (const auto& [key, k] : kinds) {
        std::string where;
        for (std::size_t i = 0; i < k.places.size() && i < 2; ++i) where += (i ? "; " : "") + k.places[i];
        if (k.places.size() > 2) where += fmt::format("; +{} more", k.places.size() - 2);
        emit(stderr, fmt::format("{}: loss: {} ({}x, at {})\n", in, key, k.count, where));
    }
    emit(stderr, fmt::format("{}: {} loss{} of {} kind{} converting to {} (every one: -v or --loss-report FILE)\n", in, total,
                             total == 1 ? "" : "es", kinds.size(), kinds.size() == 1 ? "" : "s", target));
}

}  // namespace rigio::cli
