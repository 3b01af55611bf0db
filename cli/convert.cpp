// rigio convert IN OUT | rigio convert --out-dir DIR --to FORMAT IN...
#include <fmt/core.h>

#include <filesystem>
#include <string>
#include <vector>

#include "commands.hpp"
#include "document.hpp"

namespace rigio::cli {

namespace {

struct ConvertArgs {
    std::vector<std::string> paths;
    std::string to;
    std::string out_dir;
    std::string db_version;
};

// Converts one file; returns an empty string on success, else the reason.
std::string convert_one(const std::string& in, const std::string& out, const std::string& to, const std::string& db_version) {
    try {
        Document doc = load(in);
        for (const std::string& w : doc.warnings) fmt::print(stderr, "{}: warning: {}\n", in, w);
        Format target = Format::Unknown;
        if (!to.empty()) {
            target = *format_from_name(to);
        } else {
            target = format_for_output(doc, out);
            if (target == Format::Unknown)
                return "cannot tell the output format from \"" + out + "\": use --to FORMAT";
        }
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
        "The output format follows the output extension (.skel, .json) unless --to is given.\n"
        "Outputs are written atomically: a failed conversion leaves an existing file untouched.\n"
        "Formats: spine-binary, spine-json, dragonbones-json (--db-version 4.5|5.5 upgrades or downgrades;\n"
        "what the target version cannot hold is listed on stderr with its JSON path).");
    cmd->add_option("paths", args.paths, "IN OUT, or with --out-dir: IN...")->required();
    cmd->add_option("--to", args.to, "Output format: spine-binary, spine-json, dragonbones-json or dragonbones-binary")
        ->check(CLI::IsMember({"spine-binary", "spine-json", "dragonbones-json", "dragonbones-binary"}));
    cmd->add_option("--db-version", args.db_version, "DragonBones JSON version to write (default: the input's)")
        ->check(CLI::IsMember({"4.5", "5.5"}));
    cmd->add_option("--out-dir", args.out_dir, "Convert every input into this folder (needs --to)");
    cmd->callback([&exit_code] {
        if (args.out_dir.empty()) {
            if (args.paths.size() != 2) throw CLI::ValidationError("convert", "expected IN OUT (or --out-dir DIR with inputs)");
            std::string why = convert_one(args.paths[0], args.paths[1], args.to, args.db_version);
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
        int bad = 0;
        for (const std::string& in : args.paths) {
            auto out = std::filesystem::path(args.out_dir) / std::filesystem::path(in).stem();
            std::string why = convert_one(in, out.string() + ext, args.to, args.db_version);
            if (why.empty()) {
                fmt::print("{} -> {}{}\n", in, out.string(), ext);
            } else {
                ++bad;
                fmt::print(stderr, "{}: {}\n", in, why);
            }
        }
        fmt::print("{} ok, {} failed\n", args.paths.size() - bad, bad);
        exit_code = bad ? 1 : 0;
    });
}

}  // namespace rigio::cli
