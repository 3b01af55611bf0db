// rigio pose FILE: samples a Spine (3.7 to 4.2) skeleton's animations into world-space poses (JSON).
#include <fmt/core.h>

#include <cstdio>
#include <optional>
#include <string>

#include "commands.hpp"
#include "convert_across.hpp"
#include "document.hpp"
#include "output.hpp"
#include "pose_check.hpp"
#include "text.hpp"
#include "rigio/spine/runtime/data.hpp"
#include "rigio/verify/pose_json.hpp"

namespace rigio::cli {

namespace {

std::string base_name(const std::string& path) {
    const auto slash = path.find_last_of("/\\");
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

}  // namespace

void add_pose(CLI::App& app, int& exit_code) {
    auto* cmd = app.add_subcommand("pose", "Play a skeleton's animations and print the sampled poses as JSON, or check them against a reference");
    cmd->footer(
        "Procedure, per animation in data order: a fresh skeleton instance; with a skin, set it and\n"
        "reset the slots to the setup pose. With duration d and N = --samples (N = 0 when d = 0), for\n"
        "k = 0..N at t = d*k/N (computed in double, rounded to float; k = N gives exactly d): reset\n"
        "to the setup pose, apply the animation at t (last time = t, no loop, alpha 1, setup blend,\n"
        "mixing in), update world transforms, record the sample. Skeleton at (0,0), scale 1.\n"
        "Without --skin the skin rule applies: the first named skin when the default skin is missing\n"
        "or has no attachments, otherwise no skin (attachments from the default skin; skin-required\n"
        "bones and constraints stay inactive).\n"
        "Output (schema spine-oracle-pose/1): bones and slots names, then runs[0].animations[] with\n"
        "name, duration and samples[]: {t, bones: [[a,b,c,d,worldX,worldY,active]] in bone order,\n"
        "slots: [[slotIndex, attachment name|null, [r,g,b,a], dark|null, world vertices|null]] in draw\n"
        "order}. Vertices are given for region (BR, BL, UL, UR) and mesh attachments on active bones.\n"
        "4.1+: a slot showing a sequence attachment has a 6th element [frame, region path]. 4.2: each\n"
        "sample has \"physics\": per physics constraint [inertia, strength, damping, massInverse, wind,\n"
        "gravity, mix]. Physics constraints do not move bones unless --physics update: then each\n"
        "animation is simulated from its start in frames of 1/--fps seconds (default 60) plus one at each\n"
        "sample time (rigio's physics model: see the README).\n"
        "Numbers have 6 significant digits; t and duration are exact floats.\n"
        "DragonBones input is converted to Spine 3.8 first (--armature, default the first) and played\n"
        "by the Spine runtime, in Spine's y-up coordinates.\n"
        "--check REFERENCE compares instead of printing, with the tests' tolerances, and exits 1 on a\n"
        "difference. A Spine reference (spine-oracle-pose/1) is replayed run by run (skin, sample times):\n"
        "bones, active flags, draw order, attachments, colours and world vertices within 1e-3 absolute or\n"
        "1e-4 relative. A DragonBones reference (dragonbones-oracle-pose/1) is checked against the\n"
        "DragonBones file it was made from: each armature is converted to Spine and every bone's world\n"
        "matrix compared after the y flip, by bone name, within the reference's tolerances.");
    static std::string file;
    static int samples = 10;
    static std::string skin, animation, reference, armature, output, physics = "none";
    static int fps = 60;
    cmd->add_option("file", file, "The skeleton: Spine .skel or JSON, or DragonBones JSON")->required();
    cmd->add_option("--samples", samples, "Sample intervals per animation: N + 1 samples (default 10)")
        ->check(CLI::Validator(
            [](std::string& v) -> std::string {
                if (v.empty() || v.find_first_not_of("0123456789") != std::string::npos)
                    return "--samples takes a whole number of intervals (0 to 1000000), not \"" + v + "\"";
                if (v.size() > 7 || std::stol(v) > 1000000) return "--samples " + v + " is more than 1000000";
                return {};
            },
            "N"));
    cmd->add_option("-o,--output", output, "Write the poses to this file ('-': standard output, the default)");
    cmd->add_option("--skin", skin, "Pose with this skin instead of the skin rule");
    cmd->add_option("--animation", animation, "Only this animation");
    cmd->add_option("--armature", armature, "DragonBones input: the armature to convert and play (default: the first)");
    cmd->add_option("--physics", physics, "4.2 physics constraints: none (pose without physics, the default) or update")
        ->check(CLI::IsMember({"none", "update"}));
    cmd->add_option("--fps", fps, "Physics frames per second with --physics update (default 60)")->check(CLI::Range(1, 100000));
    cmd->add_option("--check", reference, "Compare with this reference pose dump of an official runtime instead of printing poses")
        ->excludes("--samples")
        ->excludes("--skin")
        ->excludes("--animation");
    cmd->callback([cmd, &exit_code] {
        try {
            Document doc = load(file);
            for (const std::string& w : doc.warnings) print_warning(file, w);
            const bool from_dragonbones = std::holds_alternative<dragonbones::DragonBonesData>(doc.model);
            if (cmd->count("--armature") && !from_dragonbones) throw CLI::ValidationError("--armature applies to DragonBones input only");
            if (cmd->count("--check")) {
                exit_code = check_poses(doc, file, reference, armature);
                std::fflush(stdout);
                return;
            }
            if (from_dragonbones) {
                AcrossOptions across;
                across.armature = armature;
                const auto losses = convert_for(doc, Format::SpineJson, file, across);
                if (!losses.empty() && !settings().quiet)
                    fmt::print(stderr, "{}: converted to Spine with {} loss{} (rigio convert lists them)\n", esc(file), losses.losses.size(),
                               losses.losses.size() == 1 ? "" : "es");
            }
            const auto* sd = std::get_if<spine::SkeletonData>(&doc.model);
            if (!sd) throw Error(std::string("posing ") + format_name(doc.format) + " data is not supported");
            spine::runtime::RuntimeData data = spine::runtime::prepare(*sd).value();
            verify::PoseOptions options;
            options.samples = samples;
            options.physics = physics == "update";
            options.fps = fps;
            if (cmd->count("--fps") && !options.physics) throw CLI::ValidationError("--fps applies with --physics update only");
            if (cmd->count("--skin")) {
                bool found = false;
                std::string names;
                for (const auto& s : sd->skins) {
                    found = found || s.name == skin;
                    names += (names.empty() ? "\"" : ", \"") + esc(s.name.value_or("")) + "\"";
                }
                if (!found) throw Error("no skin named \"" + skin + "\" (the skeleton has " + (names.empty() ? "no skins" : names) + ")");
                options.skin = skin;
            }
            if (cmd->count("--animation")) options.animation = animation;
            options.source = base_name(file);
            options.loader = from_dragonbones                      ? "rigio dragonbones -> spine"
                             : doc.format == Format::SpineBinary ? "rigio spine binary"
                                                                 : "rigio spine json";
            OutputStream out(output);
            verify::write_pose_json(data, options, out.file()).value();
            out.commit();
            exit_code = 0;
        } catch (const Error& e) {
            print_error(file, e.what());
            exit_code = 1;
        }
    });
}

}  // namespace rigio::cli
