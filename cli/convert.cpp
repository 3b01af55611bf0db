// rigio convert IN OUT | rigio convert --out-dir DIR --to FORMAT IN...
#include <fmt/core.h>

#include <filesystem>
#include <string>
#include <vector>

#include "batch.hpp"
#include "commands.hpp"
#include "convert_across.hpp"
#include "document.hpp"
#include "mrtk_document.hpp"

namespace rigio::cli {

namespace {

struct ConvertArgs {
    std::vector<std::string> paths;
    std::string to;
    std::string out_dir;
    std::string db_version;
    AcrossOptions across;
};

std::string mrtk_version;  // --mrtk-version

// Converts one file; returns an empty string on success, else the reason.
std::string convert_one(const std::string& in, const std::string& out, const std::string& to, const std::string& db_version,
                        const AcrossOptions& across, const std::string& armature = {}) {
    try {
        Document doc = load(in);
        for (const std::string& w : doc.warnings) fmt::print(stderr, "{}: warning: {}\n", in, w);
        if (!mrtk_version.empty())
            for (const Loss& n : set_mrtk_version(doc, mrtk_version).losses) fmt::print(stderr, "{}: note: {}\n", in, loss_text(n));
        Format target = Format::Unknown;
        if (!to.empty()) {
            target = *format_from_name(to);
        } else {
            target = format_for_output(doc, out);
            if (target == Format::Unknown)
                return "cannot tell the output format from \"" + out + "\": use --to FORMAT";
        }
        if (needs_conversion(doc, target)) convert_for(doc, target, in, across, armature);
        if (target == Format::DragonBonesJson) prepare_dragonbones(doc, db_version, in);
        save(doc, target, out);
        return {};
    } catch (const Error& e) {
        return e.what();
    }
}

}  // namespace

void add_convert(CLI::App& app, int& exit_code) {
    static ConvertArgs args;
    auto* cmd = app.add_subcommand("convert", "Read a file and write it in the same or another format");
    cmd->footer(
        "Examples:\n"
        "  rigio convert hero.skel hero-copy.skel   rewrite (byte-identical for editor exports)\n"
        "  rigio convert hero.skel hero.json        Spine binary to Spine JSON\n"
        "  rigio convert --out-dir out --to spine-json a.skel b.skel   batch; goes on past bad files\n"
        "  rigio convert rec.bin rec.json           MRTK recording to its lossless JSON form (and back)\n"
        "  rigio convert rec.bin old.bin --mrtk-version 1.0   rewrite an MRTK recording as version 1.0\n"
        "The output format follows the output extension (.skel, .json, .bin) unless --to is given.\n"
        "Outputs are written atomically: a failed conversion leaves an existing file untouched.\n"
        "Formats: spine-binary, spine-json, dragonbones-json, dragonbones-binary, mrtk-binary, mrtk-json.\n"
        "DragonBones: --db-version 4.5|5.5 upgrades or downgrades; what the target version cannot hold\n"
        "is listed on stderr with its JSON path.");
    cmd->add_option("paths", args.paths, "IN OUT, or with --out-dir: IN...")->required();
    cmd->add_option("--to", args.to, "Output format: spine-binary, spine-json, dragonbones-json, dragonbones-binary, mrtk-binary or mrtk-json")
        ->check(CLI::IsMember({"spine-binary", "spine-json", "dragonbones-json", "dragonbones-binary", "mrtk-binary", "mrtk-json"}));
    cmd->add_option("--db-version", args.db_version, "DragonBones JSON version to write (default: the input's)")
        ->check(CLI::IsMember({"4.5", "5.5"}));
    cmd->add_option("--mrtk-version", mrtk_version, "Write MRTK recordings as version 1.0 or 1.1")
        ->check(CLI::IsMember({"1.0", "1.1"}));
    add_mrtk_load_options(cmd);
    cmd->add_option("--armature", args.across.armature, "DragonBones -> Spine: the armature to convert (default: the first)");
    cmd->add_flag("--all-armatures", args.across.all_armatures,
                  "DragonBones -> Spine: write one skeleton per armature into --out-dir (named after the armature)");
    cmd->add_option("--loss-report", args.across.loss_report,
                    "Also write what the target format cannot hold as JSON to this file (with --all-armatures: FILE-ARMATURE.json)");
    cmd->add_flag("--curves-as-is", args.across.curves_as_is,
                  "DragonBones -> Spine: keep each one-segment Bezier curve as one Spine curve (default: pieces that "
                  "follow the exact curve, as DragonBones plays it)");
    cmd->add_option("--out-dir", args.out_dir, "Convert every input into this folder (needs --to)");
    cmd->callback([&exit_code] {
        if (args.out_dir.empty()) {
            if (args.paths.size() != 2) throw CLI::ValidationError("convert", "expected IN OUT (or --out-dir DIR with inputs)");
            if (args.across.all_armatures) throw CLI::ValidationError("--all-armatures", "needs --out-dir DIR and --to FORMAT");
            std::string why = convert_one(args.paths[0], args.paths[1], args.to, args.db_version, args.across);
            if (!why.empty()) {
                fmt::print(stderr, "{}: {}\n", args.paths[0], why);
                exit_code = 1;
            }
            return;
        }
        if (args.to.empty()) throw CLI::ValidationError("--out-dir", "batch conversion needs --to FORMAT");
        std::error_code ec;
        std::filesystem::create_directories(args.out_dir, ec);
        const char* ext = format_extension(*format_from_name(args.to));
        Batch batch(args.paths.size());
        for (const std::string& in : args.paths) {
            batch.start(in);
            std::vector<std::pair<std::string, std::string>> jobs;  // output, armature
            const std::string stem = (std::filesystem::path(args.out_dir) / std::filesystem::path(in).stem()).string();
            if (args.across.all_armatures) {
                try {
                    for (const std::string& a : armature_names(load(in)))
                        jobs.emplace_back((std::filesystem::path(args.out_dir) / a).string() + ext, a);
                } catch (const Error& e) {
                    batch.failed(in, e.what());
                    fmt::print(stderr, "{}: {}\n", in, e.what());
                    continue;
                }
                if (jobs.empty()) jobs.emplace_back(stem + ext, "");
            } else {
                jobs.emplace_back(stem + ext, "");
            }
            std::string why;
            for (const auto& [out, armature] : jobs) {
                AcrossOptions across = args.across;
                if (!armature.empty() && !across.loss_report.empty()) {
                    const std::filesystem::path r(across.loss_report);
                    across.loss_report = (r.parent_path() / (r.stem().string() + "-" + armature + r.extension().string())).string();
                }
                why = convert_one(in, out, args.to, args.db_version, across, armature);
                if (!why.empty()) break;
                fmt::print("{} -> {}\n", in, out);
            }
            if (why.empty()) {
                batch.ok();
            } else {
                batch.failed(in, why);
                fmt::print(stderr, "{}: {}\n", in, why);
            }
        }
        exit_code = batch.finish();
    });
}

}  // namespace rigio::cli
