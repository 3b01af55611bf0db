// rigio/io/loss.hpp: the one loss report of rigio: what a conversion, a version change or a repair could
// not carry over. Each entry says where the feature was in the source, what it was, and what was done
// instead. A change whose report is empty is lossless. Used by every module that changes data (convert, the DragonBones and
// MRTK version changes and repair), so reports read the same everywhere.
#pragma once

#include <string>
#include <vector>

namespace rigio {

struct Loss {
    std::string where;    // location in the source: a JSON pointer such as /armature/0/animation/2/slot/4
    std::string feature;  // what could not be carried, in the source format's words: "colour offset"
    std::string action;   // what was done instead: "dropped", "approximated by a Bezier curve", ...
    int count = 1;        // how many occurrences this entry stands for (e.g. keyframes)
};

struct LossReport {
    std::vector<Loss> losses;

    void add(std::string where, std::string feature, std::string action, int count = 1) {
        losses.push_back({std::move(where), std::move(feature), std::move(action), count});
    }
    bool empty() const { return losses.empty(); }
};

// One loss as a line without its newline: "loss at WHERE: FEATURE (N times): ACTION".
std::string loss_text(const Loss& loss);
// One line per loss, each as loss_text gives it.
std::string loss_report_text(const LossReport& report);
// {"source": ..., "target": ..., "lossless": bool, "losses": [{"where", "feature", "action", "count"}]}
std::string loss_report_json(const LossReport& report, const std::string& source_format, const std::string& target_format);

}  // namespace rigio
