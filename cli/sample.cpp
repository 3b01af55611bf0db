// rigio sample REC [--rate HZ | --times t1,t2,...] [--format csv|json] [--normalize] [-o OUT]
#include <fmt/core.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <string>
#include <vector>

#include "commands.hpp"
#include "document.hpp"
#include "mrtk_document.hpp"
#include "output.hpp"
#include "rigio/mrtk/export.hpp"
#include "rigio/mrtk/inspect.hpp"

namespace rigio::cli {

namespace {

// A std::ostream over a stdio stream (the OutputStream's), so the export is streamed.
class StdioBuf : public std::streambuf {
public:
    explicit StdioBuf(std::FILE* f) : f_(f) {}

protected:
    int_type overflow(int_type c) override {
        if (c == traits_type::eof()) return traits_type::not_eof(c);
        return std::fputc(c, f_) == EOF ? traits_type::eof() : c;
    }
    std::streamsize xsputn(const char* s, std::streamsize n) override {
        return static_cast<std::streamsize>(std::fwrite(s, 1, static_cast<std::size_t>(n), f_));
    }

private:
    std::FILE* f_;
};

// Streams to standard output ("-" or no -o), or to an atomic file: a large export never sits in
// memory and a failed or interrupted one never replaces an existing file.
void write_streamed(const std::string& path, const std::function<void(std::ostream&)>& write) {
    OutputStream out(path);
    StdioBuf buf(out.file());
    std::ostream os(&buf);
    write(os);
    os.flush();
    if (!os) throw Error(is_std_stream(path) || path.empty() ? std::string("could not write to standard output") : "could not write " + path);
    out.commit();
}

}  // namespace

void add_sample(CLI::App& app, int& exit_code) {
    auto* cmd = app.add_subcommand("sample", "Evaluate an MRTK recording at times, as MRTK playback does (CSV or JSON)");
    cmd->footer(
        "Evaluates every stored stream (camera pose, each hand's tracked/pinch state and 27 joint poses,\n"
        "eye-gaze ray) with Unity's curve rules, per curve, exactly as MRTK 2.x playback. Rotations are\n"
        "not normalised (MRTK does not) unless --normalize is given. Times default to 60 Hz from 0 to the\n"
        "duration. Examples:\n"
        "  rigio sample rec.bin --rate 30 > rec.csv\n"
        "  rigio sample rec.bin --times 0,0.5,1.25 --format json");
    static std::string file, out, format = "csv";
    static double rate = 60;
    static std::vector<double> times;
    static bool normalize = false;
    cmd->add_option("file", file, "The recording (.bin, or its JSON form)")->required();
    auto* rate_opt = cmd->add_option("--rate", rate, "Samples per second, from 0 to the duration (default 60)")
                         ->check(CLI::Range(1e-6, 1e6));
    auto* times_opt = cmd->add_option("--times", times, "Comma-separated sample times in seconds")
                          ->delimiter(',')
                          ->check(CLI::Validator(
                              [](std::string& v) -> std::string {
                                  char* end = nullptr;
                                  const double t = std::strtod(v.c_str(), &end);
                                  if (v.empty() || *end != '\0' || !std::isfinite(t))
                                      return "--times takes finite times in seconds, not \"" + v + "\"";
                                  return {};
                              },
                              "T1,T2,..."));
    rate_opt->excludes(times_opt);
    cmd->add_option("--format", format, "csv (one row per time) or json")->check(CLI::IsMember({"csv", "json"}));
    cmd->add_flag("--normalize", normalize, "Normalise rotations (MRTK itself does not)");
    cmd->add_option("-o,--output", out, "Write to this file instead of standard output ('-': standard output)")
        ->check(CLI::Validator(
            [](std::string& v) -> std::string {
                std::error_code ec;
                if (v != "-" && std::filesystem::is_directory(v, ec)) return "-o " + v + " is a folder: give a file name";
                return {};
            },
            "FILE"));
    add_mrtk_load_options(cmd);
    cmd->callback([&exit_code] {
        try {
            Document doc = load(file);
            for (const std::string& w : doc.warnings) print_warning(file, w);
            const mrtk::InputAnimation& rec = mrtk_recording(doc, file);
            std::vector<float> ts;
            if (!times.empty()) {
                for (double t : times) ts.push_back(static_cast<float>(t));
            } else {
                ts = mrtk::sample_times(mrtk::duration(rec), rate).value();
            }
            mrtk::EvaluateOptions opts;
            opts.normalize_rotations = normalize;
            write_streamed(out, [&](std::ostream& os) {
                if (format == "json") mrtk::write_samples_json(os, rec, ts, opts);
                else mrtk::write_samples_csv(os, rec, ts, opts);
            });
            exit_code = 0;
        } catch (const Error& e) {
            print_error(file, e.what());
            exit_code = 1;
        }
    });
}

}  // namespace rigio::cli
