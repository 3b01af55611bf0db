// rigio render FILE: draws a skeleton's animation with its texture atlas into PNG, PNG sequences,
// animated GIF or animated WebP (library: rigio/render).
#include <fmt/core.h>

#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <sstream>
#include <string>

#include "commands.hpp"
#include "convert_across.hpp"
#include "document.hpp"
#include "output.hpp"
#include "text.hpp"
#include "rigio/atlas/image.hpp"
#include "rigio/io/file.hpp"
#include "rigio/render/encode.hpp"
#include "rigio/render/skeleton_renderer.hpp"
#include "rigio/spine/runtime/animation.hpp"

namespace rigio::cli {

namespace {

namespace fs = std::filesystem;
namespace rt = spine::runtime;

struct RenderArgs {
    std::string file, atlas, skin, animation, output, out_dir, camera, bounds, armature, background = "transparent";
    float time = 0, fps = 30, scale = 1;
    int width = 0, height = 0;
    bool pma = false, all_animations = false;
};

std::vector<float> numbers(const std::string& text, std::size_t count, const char* option) {
    std::vector<float> out;
    std::stringstream in(text);
    std::string part;
    while (std::getline(in, part, ',')) {
        std::size_t used = 0;
        float v = 0;
        try {
            v = std::stof(part, &used);
        } catch (...) {
            used = 0;
        }
        if (used == 0 || used != part.size() || !std::isfinite(v))
            throw Error(std::string(option) + " wants " + std::to_string(count) + " comma-separated numbers, got \"" + text + "\"");
        out.push_back(v);
    }
    if (out.size() != count)
        throw Error(std::string(option) + " wants " + std::to_string(count) + " comma-separated numbers, got \"" + text + "\"");
    return out;
}

// "transparent", "#RRGGBB", "#RRGGBBAA", or a few names.
std::array<std::uint8_t, 4> parse_background(const std::string& s) {
    if (s == "transparent") return {0, 0, 0, 0};
    if (s == "white") return {255, 255, 255, 255};
    if (s == "black") return {0, 0, 0, 255};
    if (s.size() == 7 || s.size() == 9) {
        if (s[0] == '#' && s.find_first_not_of("0123456789abcdefABCDEF", 1) == std::string::npos) {
            std::array<std::uint8_t, 4> c{0, 0, 0, 255};
            for (std::size_t i = 0; i + 1 < s.size(); i += 2)
                c[i / 2] = static_cast<std::uint8_t>(std::stoi(s.substr(i + 1, 2), nullptr, 16));
            return c;
        }
    }
    throw Error("--background wants transparent, white, black, #RRGGBB or #RRGGBBAA, got \"" + s + "\"");
}

// hero.skel -> hero.atlas; spineboy-pro.skel -> spineboy.atlas (the editor's -pro/-ess export names).
std::string find_atlas(const std::string& skeleton) {
    const fs::path p(skeleton);
    std::string stem = p.stem().string();
    if (stem.size() > 4 && stem.ends_with("_ske")) stem.resize(stem.size() - 4);
    std::vector<std::string> names = {stem};
    for (const char* suffix : {"-pro", "-ess"})
        if (stem.size() > 4 && stem.ends_with(suffix)) names.push_back(stem.substr(0, stem.size() - 4));
    for (const std::string& n : names)
        for (const fs::path& dir : {p.parent_path(), p.parent_path() / "atlas"})
            for (const char* ext : {".atlas", "_tex.json"}) {
                const fs::path candidate = dir / (n + ext);
                std::error_code ec;
                if (fs::is_regular_file(candidate, ec)) return candidate.string();
            }
    throw Error("no atlas found next to " + skeleton + " (looked for " + stem + ".atlas and " + stem +
                "_tex.json); give one with --atlas");
}

bool same_file(const std::string& a, const std::string& b) {
    std::error_code ec;
    if (fs::equivalent(a, b, ec)) return true;
    return fs::weakly_canonical(a, ec) == fs::weakly_canonical(b, ec);
}

enum class Kind { Png, PngSequence, Gif, WebP };

Kind output_kind(const std::string& path) {
    std::string ext = fs::path(path).extension().string();
    for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (ext == ".gif") return Kind::Gif;
    if (ext == ".webp") return Kind::WebP;
    if (ext == ".png") return path.find('%') != std::string::npos ? Kind::PngSequence : Kind::Png;
    throw Error("cannot tell the output format of " + path + " (use .png, frame_%04d.png, .gif or .webp)");
}

// frame_%04d.png with frame number k (only %d, %Nd and %0Nd are accepted).
std::string sequence_name(const std::string& pattern, int k) {
    const std::size_t pct = pattern.find('%');
    std::size_t i = pct + 1;
    bool zero = i < pattern.size() && pattern[i] == '0';
    if (zero) ++i;
    int width = 0;
    while (i < pattern.size() && std::isdigit(static_cast<unsigned char>(pattern[i])) && width < 10) width = width * 10 + (pattern[i++] - '0');
    if (i >= pattern.size() || pattern[i] != 'd' || pattern.find('%', i) != std::string::npos)
        throw Error("a frame sequence name takes one %d (e.g. frame_%04d.png), got " + pattern);
    std::string num = std::to_string(k);
    if (static_cast<int>(num.size()) < width) num.insert(0, static_cast<std::size_t>(width) - num.size(), zero ? '0' : ' ');
    return pattern.substr(0, pct) + num + pattern.substr(i + 1);
}

struct Scene {
    const rt::RuntimeData* data;
    const rt::AnimationInfo* animation;
    int skin;
};

void pose(rt::Skeleton& sk, const Scene& scene, float t) {
    sk.set_to_setup_pose();
    if (scene.animation) rt::apply(*scene.animation, sk, t, t, false, nullptr, 1);
    sk.update_world_transform();
}

class Renderer {
public:
    Renderer(const RenderArgs& args, const std::vector<std::string>& inputs) : args_(args), inputs_(inputs) {}

    int run() {
        Document doc = load(args_.file);
        for (const std::string& w : doc.warnings) print_warning(args_.file, w);
        const bool from_dragonbones = std::holds_alternative<dragonbones::DragonBonesData>(doc.model);
        if (from_dragonbones) {
            AcrossOptions across;
            across.armature = args_.armature;
            const auto losses = convert_for(doc, Format::SpineJson, args_.file, across);
            if (!losses.empty() && !settings().quiet)
                fmt::print(stderr, "{}: converted to Spine with {} loss{} (rigio convert lists them)\n", esc(args_.file),
                           losses.losses.size(), losses.losses.size() == 1 ? "" : "es");
        }
        auto* sd = std::get_if<spine::SkeletonData>(&doc.model);
        if (!sd) throw Error(std::string("rendering ") + format_name(doc.format) + " data is not supported");
        const std::string atlas_path = args_.atlas.empty() ? find_atlas(args_.file) : args_.atlas;
        render::TextureAtlas textures = render::load_texture_atlas(atlas_path).value();
        if (from_dragonbones) render::size_regions_from_atlas(*sd, textures.atlas);
        if (args_.pma) textures.premultiplied = true;
        inputs_.push_back(atlas_path);
        for (const atlas::Page& page : textures.atlas.pages) inputs_.push_back((fs::path(atlas_path).parent_path() / page.name).string());
        rt::RuntimeData data = rt::prepare(*sd).value();
        const render::SkeletonRenderer renderer = render::SkeletonRenderer::make(data, textures).value();
        Scene scene{&data, nullptr, -1};
        if (!args_.skin.empty()) {
            scene.skin = data.find_skin(args_.skin);
            if (scene.skin < 0) throw Error("no skin named \"" + args_.skin + "\"");
        } else {
            scene.skin = rt::skin_rule(data);
        }
        if (args_.all_animations) {
            if (data.animations.empty()) throw Error("the skeleton has no animations");
            const std::string ext = args_.output.empty() ? ".gif" : fs::path(args_.output).extension().string();
            for (const rt::AnimationInfo& a : data.animations) {
                scene.animation = &a;
                std::string safe;
                for (char c : a.name) safe += (std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.') ? c : '_';
                if (safe.empty() || safe[0] == '.') safe.insert(0, "animation");
                render_one(renderer, scene, (fs::path(args_.out_dir) / (safe + ext)).string());
            }
            return 0;
        }
        if (!args_.animation.empty()) {
            const int a = data.find_animation(args_.animation);
            if (a < 0) throw Error("no animation named \"" + args_.animation + "\"");
            scene.animation = &data.animations[static_cast<std::size_t>(a)];
        } else if (!data.animations.empty() && output_kind(args_.output) != Kind::Png) {
            scene.animation = &data.animations.front();
        }
        render_one(renderer, scene, args_.output);
        return 0;
    }

private:
    void render_one(const render::SkeletonRenderer& renderer, const Scene& scene, const std::string& output) {
        for (const std::string& in : inputs_)
            if (same_file(in, output)) throw Error("the output " + output + " is an input; choose another name");
        const Kind kind = output_kind(output);
        std::vector<float> times;
        float delay = 1.0f / args_.fps;
        if (kind == Kind::Png) {
            times.push_back(args_.time);
        } else {
            const float d = scene.animation ? scene.animation->duration : 0;
            const int n = std::max(1, static_cast<int>(std::lround(static_cast<double>(d) * args_.fps)));
            if (n > 100000) throw Error("too many frames (" + std::to_string(n) + "); lower --fps");
            for (int k = 0; k < n; ++k) times.push_back(static_cast<float>(static_cast<double>(k) / args_.fps));
        }
        rt::Skeleton sk(*scene.data);
        if (scene.skin >= 0) {
            sk.set_skin(scene.skin);
            sk.set_slots_to_setup_pose();
        }
        const render::Camera cam = camera(renderer, sk, scene, times);
        const bool tty = isatty(2) && times.size() > 1;
        std::array<std::uint8_t, 4> bg = parse_background(args_.background);
        if (kind == Kind::Gif && bg[3] != 0 && bg[3] != 255) bg[3] = 255;
        std::vector<atlas::Image> frames;
        for (std::size_t k = 0; k < times.size(); ++k) {
            pose(sk, scene, times[k]);
            render::Canvas canvas = render::Canvas::make(cam.width, cam.height).value();
            canvas.clear(bg.data());
            renderer.draw(sk, cam, canvas);
            if (tty) fmt::print(stderr, "\rrendering {}: frame {}/{}", output, k + 1, times.size());
            if (kind == Kind::PngSequence) {
                const std::string name = sequence_name(output, static_cast<int>(k));
                for (const std::string& in : inputs_)
                    if (same_file(in, name)) throw Error("the output " + name + " is an input; choose another name");
                write_output(name, atlas::encode_png(canvas.to_image()).value());
            } else {
                frames.push_back(canvas.to_image());
            }
        }
        if (tty) fmt::print(stderr, "\n");
        switch (kind) {
            case Kind::Png: write_output(output, atlas::encode_png(frames.front()).value()); break;
            case Kind::Gif: write_output(output, render::encode_gif(frames, delay).value()); break;
            case Kind::WebP: write_output(output, render::encode_webp(frames, delay).value()); break;
            case Kind::PngSequence: break;
        }
        if (!args_.all_animations && kind != Kind::Png) fmt::print("{}: {} frames, {}x{}\n", output, times.size(), cam.width, cam.height);
        else if (args_.all_animations) fmt::print("{}\n", output);
    }

    render::Camera camera(const render::SkeletonRenderer& renderer, rt::Skeleton& sk, const Scene& scene, const std::vector<float>& times) const {
        render::Camera cam;
        if (!args_.camera.empty()) {
            const std::vector<float> c = numbers(args_.camera, 3, "--camera");
            if (args_.width <= 0 || args_.height <= 0) throw Error("--camera needs --width and --height");
            cam.scale = c[0];
            cam.x = c[1];
            cam.y = c[2];
            cam.width = args_.width;
            cam.height = args_.height;
            return cam;
        }
        render::Bounds b;
        if (!args_.bounds.empty()) {
            const std::vector<float> v = numbers(args_.bounds, 4, "--bounds");
            if (!(v[2] > 0) || !(v[3] > 0)) throw Error("--bounds X,Y,WIDTH,HEIGHT wants a positive width and height");
            b.add(v[0], v[1]);
            b.add(v[0] + v[2], v[1] + v[3]);
        } else {
            // Every drawn vertex over the frames (up to 120 samples of the animation).
            const std::size_t step = std::max<std::size_t>(1, times.size() / 120);
            for (std::size_t k = 0; k < times.size(); k += step) {
                pose(sk, scene, times[k]);
                renderer.add_bounds(sk, b);
            }
            if (b.empty) throw Error("nothing is drawn (no visible region or mesh attachment)");
        }
        const float bw = std::max(b.max_x - b.min_x, 1.0f), bh = std::max(b.max_y - b.min_y, 1.0f);
        const float margin = 8;
        float scale = args_.scale;
        if ((args_.width > 0 || args_.height > 0) && scale == 1) {
            float s = 1e30f;
            if (args_.width > 0) s = std::min(s, (static_cast<float>(args_.width) - 2 * margin) / bw);
            if (args_.height > 0) s = std::min(s, (static_cast<float>(args_.height) - 2 * margin) / bh);
            if (s > 0) scale = s;
        }
        cam.scale = scale;
        cam.width = args_.width > 0 ? args_.width : static_cast<int>(std::ceil(bw * scale + 2 * margin));
        cam.height = args_.height > 0 ? args_.height : static_cast<int>(std::ceil(bh * scale + 2 * margin));
        atlas::check_image_size(cam.width, cam.height, "the output image (lower --scale or give --width/--height)").value();
        cam.x = std::round((static_cast<float>(cam.width) - bw * scale) / 2 - b.min_x * scale);
        cam.y = std::round((static_cast<float>(cam.height) - bh * scale) / 2 + b.max_y * scale);
        return cam;
    }

    const RenderArgs& args_;
    std::vector<std::string> inputs_;
};

}  // namespace

void add_render(CLI::App& app, int& exit_code) {
    auto* cmd = app.add_subcommand("render", "Draw an animation with its texture atlas: PNG, PNG sequence, animated GIF or WebP");
    cmd->footer(
        "Examples:\n"
        "  rigio render hero.skel --atlas hero.atlas --animation run --fps 30 -o run.gif\n"
        "  rigio render hero.skel --animation run --time 0.5 -o frame.png     (atlas found next to it)\n"
        "  rigio render hero.skel --animation run -o frames/frame_%04d.png\n"
        "  rigio render hero.skel --all-animations --out-dir previews -o x.webp\n"
        "The pose: setup pose, the skin (if any) set, the animation applied at the time with full weight, no\n"
        "looping. The camera: --camera SCALE,X,Y draws world point (x, y) (y up) at pixel (X + SCALE*x,\n"
        "Y - SCALE*y) in a --width x --height image; otherwise the bounds of every drawn vertex over the\n"
        "animation (or --bounds X,Y,W,H in world units) are fitted with an 8 px margin at --scale, or scaled\n"
        "to fit --width/--height. Drawing follows the official runtimes (rigio/render/raster.hpp): bilinear\n"
        "sampling, Spine's blend modes, tint black, clipping, no edge antialiasing.");
    static RenderArgs args;
    cmd->add_option("file", args.file, "The skeleton: Spine .skel or JSON, or DragonBones JSON")->required();
    cmd->add_option("--atlas", args.atlas, "The texture atlas: Spine .atlas or DragonBones *_tex.json (default: found next to the skeleton by name)");
    cmd->add_option("--skin", args.skin, "Skin to show (default: the skin rule of rigio pose)");
    cmd->add_option("--armature", args.armature, "DragonBones input: the armature to draw (default: the first)");
    cmd->add_option("--animation", args.animation, "Animation to draw (default: the first; none for a .png)");
    cmd->add_option("--time", args.time, "Time in seconds of a single .png frame (default 0)");
    cmd->add_option("--fps", args.fps, "Frames per second of animated output (default 30)")->check(CLI::Range(0.1f, 1000.0f));
    cmd->add_option("-o,--output", args.output, "Output: x.png, frame_%04d.png, x.gif or x.webp");
    cmd->add_option("--width", args.width, "Image width in pixels")->check(CLI::Range(1, 16384));
    cmd->add_option("--height", args.height, "Image height in pixels")->check(CLI::Range(1, 16384));
    cmd->add_option("--camera", args.camera, "SCALE,X,Y: world (x, y) drawn at pixel (X + SCALE*x, Y - SCALE*y)");
    cmd->add_option("--scale", args.scale, "Pixels per world unit with automatic bounds (default 1)")->check(CLI::Range(1e-4f, 1e4f));
    cmd->add_option("--bounds", args.bounds, "X,Y,WIDTH,HEIGHT: world area to show instead of the automatic bounds");
    cmd->add_option("--background", args.background, "transparent (default), white, black, #RRGGBB or #RRGGBBAA");
    cmd->add_flag("--pma", args.pma, "The atlas pages hold premultiplied alpha (3.x atlases do not say so)");
    cmd->add_flag("--all-animations", args.all_animations, "Render every animation into --out-dir, named after it");
    cmd->add_option("--out-dir", args.out_dir, "Folder for --all-animations (the extension of -o picks the format; default .gif)");
    cmd->callback([cmd, &exit_code] {
        try {
            if (args.all_animations ? args.out_dir.empty() : args.output.empty())
                throw Error(args.all_animations ? "--all-animations needs --out-dir" : "give the output with -o");
            if (args.all_animations) {
                std::error_code ec;
                if (!fs::is_directory(args.out_dir, ec)) throw Error("--out-dir " + args.out_dir + " is not a folder");
            }
            (void)cmd;
            Renderer r(args, {args.file});
            exit_code = r.run();
        } catch (const Error& e) {
            print_error(args.file, e.what());
            exit_code = 1;
        }
    });
}

}  // namespace rigio::cli
