// rigio convert IN OUT | rigio convert --out-dir DIR --to FORMAT IN...
#include <fmt/core.h>
#include <sys/stat.h>

#include <algorithm>
#include <filesystem>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "batch.hpp"
#include "commands.hpp"
#include "convert_across.hpp"
#include "document.hpp"
#include "file_report.hpp"
#include "loss_print.hpp"
#include "mrtk_document.hpp"
#include "output.hpp"
#include "output_names.hpp"
#include "rigio/io/file.hpp"
#include "spine_version_option.hpp"
#include "text.hpp"

namespace rigio::cli {

namespace {

namespace fs = std::filesystem;

struct ConvertArgs {
    std::vector<std::string> paths;
    std::string to, from, out_dir, db_version, mrtk_version, spine_version;
    AcrossOptions across;
    bool json = false;
    bool editor_rounding = false;  // --editor-rounding
    unsigned parallel = 1;         // -j N: inputs converted at once
};

ConvertArgs args;

// Per entry of the batch loss report: the armature it is about (empty: the whole input).
std::vector<std::string>& loss_armatures() {
    static std::vector<std::string> names;
    return names;
}

// Raised for requests that are unsafe or cannot apply (exit 2 in single mode).
struct Refusal {
    std::string message;
};

// One output to write from a loaded input.
struct Job {
    std::string out;
    std::optional<std::size_t> armature;  // --all-armatures: the armature's index
    std::string armature_name;
};


Format output_format(const Document& doc, const std::string& out) {
    if (!args.to.empty()) return *format_from_name(args.to);
    if (is_std_stream(out)) return doc.format;
    const Format f = format_for_output(doc, out);
    if (f != Format::Unknown) return f;
    throw Refusal{cannot_tell_output_message(doc, out)};
}

// Converts the loaded `source` into `job.out`. Fills the report's losses; throws rigio::Error.
void convert_into(const Document& source, const std::string& in, const Job& job, FileReport& report,
                  std::vector<std::pair<std::string, std::string>>& loss_reports) {
    Document doc = source;
    if (!args.mrtk_version.empty())
        for (const Loss& n : set_mrtk_version(doc, args.mrtk_version).losses)
            if (!settings().quiet) emit(stderr, fmt::format("{}: note: {}\n", esc(in), esc(loss_text(n))));
    const Format target = output_format(doc, job.out);
    const Format source_format = doc.format;
    convert::LossReport losses;
    if (needs_conversion(doc, target)) losses = convert_for(doc, target, in, args.across, job.armature);
    std::string source_name = format_name(source_format);
    if (!args.spine_version.empty()) {  // Spine version change: the report names both versions
        source_name += std::string(" ") + document_version(doc);
        convert::LossReport more = set_spine_version(doc, args.spine_version);
        losses.losses.insert(losses.losses.end(), more.losses.begin(), more.losses.end());
    }
    if (target == Format::DragonBonesJson) {
        convert::LossReport more = prepare_dragonbones(doc, args.db_version);
        losses.losses.insert(losses.losses.end(), more.losses.begin(), more.losses.end());
    }
    save(doc, target, job.out, SaveOptions{args.editor_rounding});
    if (!args.json) print_losses(in, losses, format_name(target), std::get_if<dragonbones::DragonBonesData>(&source.model));
    if (!args.across.loss_report.empty())
        loss_reports.emplace_back(job.out, convert::loss_report_json(losses, source_name,
                                                                    std::string(format_name(target)) + (args.spine_version.empty() ? "" : " " + args.spine_version)));
    report.losses.losses.insert(report.losses.losses.end(), losses.losses.begin(), losses.losses.end());
    report.outputs.push_back(job.out);
}

// The inputs an output must not replace, identified once per run (a batch checks every output
// against every input): canonical path, and device and inode when the input exists.
struct InputIdentity {
    std::string path, canonical;
    bool canonical_ok = false, exists = false;
    dev_t dev{};
    ino_t ino{};
};
std::vector<InputIdentity> inputs;

void identify_inputs(std::size_t count) {
    inputs.clear();
    for (std::size_t i = 0; i < count; ++i) {
        const std::string& in = args.paths[i];
        if (is_std_stream(in)) continue;
        InputIdentity& id = inputs.emplace_back();
        id.path = in;
        std::error_code ec;
        id.canonical = fs::weakly_canonical(in, ec).string();
        id.canonical_ok = !ec;
        struct stat st {};
        id.exists = ::stat(in.c_str(), &st) == 0;
        id.dev = st.st_dev;
        id.ino = st.st_ino;
    }
}

// "IN: refusing ..." when `out` is one of the inputs (same path, or the same file through links).
std::optional<std::string> overwrites_input(const std::string& out) {
    if (is_std_stream(out)) return std::nullopt;
    std::error_code ec;
    const std::string canonical = fs::weakly_canonical(out, ec).string();
    const bool canonical_ok = !ec;
    struct stat st {};
    const bool exists = ::stat(out.c_str(), &st) == 0;
    for (const InputIdentity& in : inputs) {
        const bool same_path = canonical_ok && in.canonical_ok && in.canonical == canonical;
        const bool same_file = exists && in.exists && in.dev == st.st_dev && in.ino == st.st_ino;
        if (same_path || same_file) return "refusing to overwrite the input " + in.path + " (use a different output)";
    }
    return std::nullopt;
}

void check_output_name(const std::string& out) {
    if (args.to.empty() || is_std_stream(out)) return;
    const Format target = *format_from_name(args.to);
    if (!extension_fits(out, target))
        throw Refusal{fmt::format("--to {} does not write what the name \"{}\" says; use a name ending in {}", args.to, esc(out),
                                  format_extension(target))};
}

void check_options_apply(const Document& doc) {
    const bool db = std::holds_alternative<dragonbones::DragonBonesData>(doc.model);
    if (!db && !args.across.armature.empty()) throw Refusal{"--armature applies to DragonBones input only"};
    if (!db && args.across.all_armatures) throw Refusal{"--all-armatures applies to DragonBones input only"};
    if (!args.mrtk_version.empty() && !std::holds_alternative<mrtk::InputAnimation>(doc.model))
        throw Refusal{"--mrtk-version applies to MRTK recordings only"};
    if (!args.spine_version.empty() && std::holds_alternative<mrtk::InputAnimation>(doc.model))
        throw Refusal{"--spine-version applies to Spine skeletons (or DragonBones converted to Spine) only"};
}

Document load_input(const std::string& in) {
    LoadOptions o = default_load_options();
    if (!args.from.empty()) o.assume = *format_from_name(args.from);
    return load(in, o);
}

void print_json(const FileReport& r) {
    fmt::print("{}", file_report_json(r));
    std::fflush(stdout);
}

void write_loss_reports(const std::vector<std::pair<std::string, std::string>>& reports, bool batch,
                        const std::vector<std::string>& inputs) {
    if (args.across.loss_report.empty()) return;
    std::string text;
    if (!batch && reports.size() == 1) {
        text = reports.front().second;
    } else {
        text = "{\n\t\"inputs\": [";
        for (std::size_t i = 0; i < reports.size(); ++i)
            text += fmt::format("{}\n\t\t{{\"input\": {}, \"output\": {}, {}\"report\": {}}}", i ? "," : "", json_quote(inputs[i]),
                                json_quote(reports[i].first),
                                loss_armatures()[i].empty() ? std::string() : "\"armature\": " + json_quote(loss_armatures()[i]) + ", ",
                                reports[i].second.substr(0, reports[i].second.find_last_not_of("\n") + 1));
        text += "\n\t]\n}\n";
    }
    write_output(args.across.loss_report, text);
}

int run_single() {
    const std::string& in = args.paths[0];
    const std::string& out = args.paths[1];
    identify_inputs(1);
    if (auto why = overwrites_input(out)) throw Refusal{*why};
    check_output_name(out);
    FileReport report;
    report.path = in;
    std::error_code ec;
    if (settings().no_clobber && !is_std_stream(out) && fs::symlink_status(out, ec).type() != fs::file_type::not_found) {
        report.status = "skipped";
        if (args.json) print_json(report);
        else if (!settings().quiet) fmt::print(stderr, "rigio: skipping {}: it already exists (-n/--no-clobber)\n", esc(out));
        return 0;
    }
    std::vector<std::pair<std::string, std::string>> loss_reports;
    try {
        Document doc = load_input(in);
        report.format = format_name(doc.format);
        report.version = document_version(doc);
        report.warnings = doc.warnings;
        if (!args.json)
            for (const std::string& w : doc.warnings) print_warning(in, w);
        check_options_apply(doc);
        convert_into(doc, in, Job{out, std::nullopt, {}}, report, loss_reports);
        loss_armatures().resize(loss_reports.size());
        write_loss_reports(loss_reports, false, {in});
        report.status = "ok";
    } catch (const Error& e) {
        report.status = "failed";
        report.error = e;
        if (args.json) print_json(report);
        else print_error(in, e.what());
        return 1;
    }
    if (args.json) print_json(report);
    return 0;
}

// One output of a batch input, as a worker left it: its messages and its written but uncommitted
// file, put in place (or dropped) by the ordered pass.
struct Step {
    enum Kind { Converted, Skipped, Failed, Refused } kind = Converted;
    Job job;
    std::string key;  // the output's canonical path
    std::optional<Error> error;
    std::vector<std::pair<std::FILE*, std::string>> messages;
    std::vector<std::pair<std::string, std::string>> loss_reports;
    std::vector<std::unique_ptr<io::AtomicFile>> files;
    std::size_t first_file = 0;  // where `files` start in the window's commit
};

// What a worker made of one input: the load's outcome and its steps, in job order.
struct Outcome {
    FileReport report;
    std::optional<Error> load_error;
    std::vector<std::pair<std::FILE*, std::string>> load_messages;
    std::vector<Step> steps;
};

// Loads one input and converts it into every output it makes; prints nothing (its messages are
// captured) and commits nothing (its files are staged). Runs on a worker thread.
Outcome convert_input(const std::string& in, Format target) {
    Outcome o;
    o.report.path = in;
    Capture capture;
    Document doc;
    try {
        doc = load_input(in);
        o.report.format = format_name(doc.format);
        o.report.version = document_version(doc);
        o.report.warnings = doc.warnings;
        if (!args.json)
            for (const std::string& w : doc.warnings) print_warning(in, w);
        check_options_apply(doc);
    } catch (const Error& e) {
        o.load_error = e;
    } catch (const Refusal& r) {
        o.load_error = Error(r.message);
    }
    o.load_messages = capture.take();
    if (o.load_error) return o;
    const char* ext = format_extension(target);
    std::vector<Job> jobs;
    const std::string stem = is_std_stream(in) ? std::string("stdin") : fs::path(in).stem().string();
    if (args.across.all_armatures) {
        const std::vector<std::string> names = safe_file_names(armature_names(doc));
        for (std::size_t i = 0; i < names.size(); ++i)
            jobs.push_back(Job{(fs::path(args.out_dir) / names[i]).string() + ext, i, armature_names(doc)[i]});
    }
    if (jobs.empty()) jobs.push_back(Job{(fs::path(args.out_dir) / stem).string() + ext, std::nullopt, {}});
    for (const Job& job : jobs) {
        Step& step = o.steps.emplace_back();
        step.job = job;
        std::error_code ec;
        step.key = fs::weakly_canonical(job.out, ec).string();
        if (auto why = overwrites_input(job.out)) {
            step.kind = Step::Refused;
            step.error = Error(*why);
            break;
        }
        if (settings().no_clobber && fs::symlink_status(job.out, ec).type() != fs::file_type::not_found) {
            if (!settings().quiet && !args.json) emit(stderr, fmt::format("rigio: skipping {}: it already exists (-n/--no-clobber)\n", esc(job.out)));
            step.kind = Step::Skipped;
            step.messages = capture.take();
            continue;
        }
        Stage stage;
        try {
            convert_into(doc, in, job, o.report, step.loss_reports);
        } catch (const Error& e) {
            step.kind = Step::Failed;
            step.error = e;
        }
        step.files = stage.take();
        step.messages = capture.take();
        if (step.kind == Step::Failed) break;
    }
    return o;
}

int run_batch() {
    if (args.to.empty()) throw Refusal{"batch conversion (--out-dir) needs --to FORMAT"};
    std::error_code ec;
    fs::create_directories(args.out_dir, ec);
    if (ec) throw Refusal{"cannot create --out-dir " + args.out_dir + ": " + ec.message()};
    const Format target = *format_from_name(args.to);
    identify_inputs(args.paths.size());
    Batch batch(args.paths.size());
    std::set<std::string> written;  // outputs of this run, to refuse a second input replacing one
    std::vector<std::pair<std::string, std::string>> loss_reports;
    std::vector<std::string> loss_inputs;
    // Inputs go in windows: workers convert a window (each output written to its temporary file),
    // then, in input order, the outputs are checked against each other and printed, and all the
    // window's files are made durable together and put in place.
    const std::size_t window = std::max<std::size_t>(io::kMaxTogether / 2, args.parallel);
    for (std::size_t first = 0; first < args.paths.size(); first += window) {
        const std::size_t count = std::min(window, args.paths.size() - first);
        std::vector<Outcome> outcomes(count);
        for_each_parallel(count, args.parallel, [&](std::size_t i) { outcomes[i] = convert_input(args.paths[first + i], target); });

        // The ordered pass: what a one-by-one run would decide, and which files to commit.
        struct Pending {
            bool failed = false, refused = false, skipped = false;
        };
        std::vector<Pending> pending(count);
        std::vector<io::AtomicFile*> files;
        for (std::size_t i = 0; i < count; ++i) {
            Outcome& o = outcomes[i];
            if (o.load_error) continue;
            for (std::size_t k = 0; k < o.steps.size(); ++k) {
                Step& step = o.steps[k];
                if (step.kind == Step::Refused) break;
                if (written.count(step.key)) {  // this step and the ones after it are dropped
                    step.kind = Step::Failed;
                    step.error = Error("not writing " + step.job.out + ": an earlier input of this run was written there (rename one of them)");
                    step.messages.clear();
                    step.files.clear();
                    o.steps.resize(k + 1);
                    break;
                }
                if (step.kind != Step::Converted) continue;
                written.insert(step.key);
                step.first_file = files.size();
                for (auto& f : step.files) files.push_back(f.get());
            }
        }
        std::vector<std::optional<Error>> commit_errors = io::commit_together(files);

        // Prints each input's messages and outcome in order.
        for (std::size_t i = 0; i < count; ++i) {
            const std::string& in = args.paths[first + i];
            Outcome& o = outcomes[i];
            Pending& p = pending[i];
            batch.start(in);
            Capture::replay(o.load_messages);
            auto fail = [&](const Error& e) {
                o.report.status = "failed";
                o.report.error = e;
                batch.failed(in, e.what(), !args.json);
            };
            if (o.load_error) {
                fail(*o.load_error);
                if (args.json) print_json(o.report);
                continue;
            }
            for (Step& step : o.steps) {
                Capture::replay(step.messages);
                if (step.kind == Step::Refused) {
                    o.report.status = "refused";
                    o.report.error = step.error;
                    batch.refused(in, step.error->what());
                    p.refused = true;
                    break;
                }
                if (step.kind == Step::Skipped) {
                    p.skipped = true;
                    continue;
                }
                if (step.kind == Step::Failed) {
                    fail(*step.error);
                    p.failed = true;
                    break;
                }
                std::optional<Error> error;
                for (std::size_t f = 0; f < step.files.size() && !error; ++f) error = commit_errors[step.first_file + f];
                if (error) {
                    // Reported as a one-by-one run would: the input failed at this output.
                    std::erase(o.report.outputs, step.job.out);
                    fail(*error);
                    p.failed = true;
                    break;
                }
                for (auto& [out, json] : step.loss_reports) {
                    loss_reports.emplace_back(out, json);
                    loss_inputs.push_back(in);
                    loss_armatures().push_back(step.job.armature ? step.job.armature_name : std::string());
                }
                if (!args.json && !settings().quiet) emit(stdout, fmt::format("{} -> {}\n", esc(in), esc(step.job.out)));
            }
            if (!p.failed && !p.refused) {
                if (o.report.outputs.empty() && p.skipped) {
                    o.report.status = "skipped";
                    batch.skipped();
                } else {
                    o.report.status = "ok";
                    batch.ok();
                }
            }
            if (args.json) print_json(o.report);
        }
    }
    try {
        write_loss_reports(loss_reports, true, loss_inputs);
    } catch (const Error& e) {
        batch.failed(args.across.loss_report, e.what());
    }
    return batch.finish();
}

}  // namespace

void add_convert(CLI::App& app, int& exit_code) {
    auto* cmd = app.add_subcommand("convert", "Read a file and write it in the same or another format");
    cmd->footer(
        "Examples:\n"
        "  rigio convert hero.skel hero-copy.skel   rewrite (byte-identical for editor exports)\n"
        "  rigio convert hero.skel hero.json        Spine binary to Spine JSON\n"
        "  rigio convert --out-dir out --to spine-json a.skel b.skel   batch; goes on past bad files\n"
        "  rigio convert rec.bin rec.json           MRTK recording to its lossless JSON form (and back)\n"
        "  rigio convert rec.bin old.bin --mrtk-version 1.0   rewrite an MRTK recording as version 1.0\n"
        "  rigio convert hero.skel - --to spine-json | jq .    '-' is standard output (or input)\n"
        "The output format follows the output extension (.skel, .json, .bin) unless --to is given.\n"
        "Outputs are written atomically: a failed conversion leaves an existing file untouched. An input\n"
        "is never overwritten; an existing output is replaced (keeping its permissions) unless -n is given;\n"
        "a read-only output is refused unless -f is given.\n"
        "Formats: spine-binary, spine-json, dragonbones-json, dragonbones-binary, mrtk-binary, mrtk-json.\n"
        "DragonBones: --db-version 4.5|5.5 upgrades or downgrades; what the target version cannot hold\n"
        "is summarised on stderr (every loss with -v or --loss-report FILE).\n"
        "Spine: --spine-version 3.7|3.8|4.0|4.1|4.2 converts between versions (rigio convert a.skel b.json --spine-version 3.8).");
    const std::vector<std::string> formats{"spine-binary", "spine-json", "dragonbones-json", "dragonbones-binary", "mrtk-binary", "mrtk-json"};
    cmd->add_option("paths", args.paths, "IN OUT, or with --out-dir: IN... ('-' is standard input or output)")->required();
    cmd->add_option("--to", args.to, "Output format: spine-binary, spine-json, dragonbones-json, dragonbones-binary, mrtk-binary or mrtk-json")
        ->check(CLI::IsMember(formats));
    cmd->add_option("--from", args.from, "Input format, instead of detecting it from the content")->check(CLI::IsMember(formats));
    cmd->add_option("--db-version", args.db_version, "DragonBones JSON version to write (default: the input's)")
        ->check(CLI::IsMember({"4.5", "5.5"}));
    cmd->add_option("--mrtk-version", args.mrtk_version, "Write MRTK recordings as version 1.0 or 1.1")
        ->check(CLI::IsMember({"1.0", "1.1"}));
    cmd->add_option("--spine-version", args.spine_version,
                    "Spine: write this Spine version (3.7, 3.8, 4.0, 4.1, 4.2), up or down; what it cannot hold is reported")
        ->check(CLI::IsMember(spine_version_names()));
    add_mrtk_load_options(cmd);
    cmd->add_option("--armature", args.across.armature, "DragonBones -> Spine: the armature to convert (default: the first)");
    cmd->add_flag("--all-armatures", args.across.all_armatures,
                  "DragonBones -> Spine: write one skeleton per armature into --out-dir (named after the armature, made safe)");
    cmd->add_option("--loss-report", args.across.loss_report,
                    "Also write what the target format cannot hold as JSON to this file (a batch: every input's losses under its name)");
    cmd->add_flag("--curves-as-is", args.across.curves_as_is,
                  "DragonBones -> Spine: keep each one-segment Bezier curve as one Spine curve (default: pieces that "
                  "follow the exact curve, as DragonBones plays it)");
    cmd->add_flag("--editor-rounding", args.editor_rounding,
                  "Spine JSON: round numbers as the Spine editor exports them and omit values that round to their "
                  "default (default: exact, every float32 kept)");
    cmd->add_option("--out-dir", args.out_dir, "Convert every input into this folder (needs --to)");
    cmd->add_option("-j,--jobs", args.parallel, "With --out-dir: convert N inputs at once (the output is the same for any N)")
        ->check(CLI::Range(1u, 64u));
    cmd->add_flag("--json", args.json, "Print one JSON object per input on stdout (path, format, version, status, error, warnings, losses)");
    cmd->callback([&exit_code] {
        try {
            if (args.out_dir.empty()) {
                if (args.paths.size() != 2) throw Refusal{"convert needs IN OUT (or --out-dir DIR with inputs)"};
                if (args.across.all_armatures) throw Refusal{"--all-armatures needs --out-dir DIR and --to FORMAT"};
                exit_code = run_single();
            } else {
                if (!args.across.armature.empty() && args.across.all_armatures)
                    throw Refusal{"--armature and --all-armatures exclude each other"};
                exit_code = run_batch();
            }
        } catch (const Refusal& r) {
            fmt::print(stderr, "rigio: {}\n", esc(r.message));
            exit_code = 2;
        }
    });
}

}  // namespace rigio::cli
