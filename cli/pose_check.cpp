#include "pose_check.hpp"

#include <fmt/core.h>

#include <map>
#include <memory>

#include "rigio/convert/dragonbones_to_spine.hpp"
#include "rigio/io/file.hpp"
#include "rigio/spine/runtime/data.hpp"
#include "rigio/verify/pose_check.hpp"

namespace rigio::cli {

namespace {

// Spine skeletons converted from a DragonBones file, one per armature, made when first asked for.
class ConvertedArmatures {
public:
    explicit ConvertedArmatures(const dragonbones::DragonBonesData& data) : data_(data) {}

    verify::ConvertedArmature get(const std::string& name) {
        auto it = made_.find(name);
        if (it != made_.end()) return {it->second.runtime.get(), it->second.source};
        Converted& c = made_[name];
        const auto index = convert::find_armature(data_, name);
        if (!index) return {};
        c.source = &data_.armature[*index];
        convert::LossReport report;  // the losses are convert's business; the poses tell what they cost
        auto sd = convert::dragonbones_to_spine(data_, *index, report);
        if (!sd) throw Error("armature \"" + name + "\" cannot be converted to Spine: " + sd.error().what());
        c.skeleton = std::make_unique<spine::SkeletonData>(std::move(*sd));
        c.runtime = std::make_unique<spine::runtime::RuntimeData>(spine::runtime::prepare(*c.skeleton).value());
        return {c.runtime.get(), c.source};
    }

    std::string first() const { return data_.armature.empty() ? std::string() : data_.armature.front().name.value_or(""); }

private:
    struct Converted {
        std::unique_ptr<spine::SkeletonData> skeleton;  // the runtime data refers to it
        std::unique_ptr<spine::runtime::RuntimeData> runtime;
        const dragonbones::Armature* source = nullptr;
    };
    const dragonbones::DragonBonesData& data_;
    std::map<std::string, Converted> made_;
};

void print(const verify::PoseCheck& check, const std::string& file, const std::string& reference) {
    fmt::print("{} against {} ({})\n", file, reference, check.format);
    std::size_t width = 0;
    for (const auto& a : check.animations) width = std::max(width, a.run.size() + a.animation.size() + 3);
    for (const auto& a : check.animations) {
        const std::string name = a.run.empty() ? a.animation : a.run + " / " + a.animation;
        fmt::print("  {:<{}}  {:>4} samples  largest difference {:<10.3g} {}\n", name, width, a.samples, a.largest,
                   a.ok() ? "ok" : fmt::format("FAIL: {} ({} mismatch{})", a.first_mismatch, a.mismatches, a.mismatches == 1 ? "" : "es"));
    }
    const std::size_t good = check.animations.size() - check.failed();
    fmt::print("{} of {} animations match the reference (largest difference {:.3g})\n", good, check.animations.size(),
               check.largest());
}

}  // namespace

int check_poses(const Document& doc, const std::string& file, const std::string& reference, const std::string& armature) {
    const std::vector<std::uint8_t> bytes = io::read_file(reference).value();
    const std::string_view text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
    // Errors in the reference name the reference file; errors in the input are the caller's.
    auto from_reference = [&](auto result) {
        if (result) return std::move(result.value());
        const Error& e = result.error();
        throw Error(e.message(), e.where(), "in the reference " + reference + (e.context().empty() ? "" : " " + e.context()));
    };
    const auto* sd = std::get_if<spine::SkeletonData>(&doc.model);
    const auto* db = std::get_if<dragonbones::DragonBonesData>(&doc.model);
    if (!sd && !db) throw Error(std::string("posing ") + format_name(doc.format) + " data is not supported");
    const verify::ReferenceKind kind = from_reference(verify::reference_kind(text));
    verify::PoseCheck check;
    if (kind == verify::ReferenceKind::DragonBones) {
        if (!db) throw Error(reference + " holds DragonBones poses: check it against the DragonBones file it was made from");
        ConvertedArmatures converted(*db);
        check = from_reference(verify::check_dragonbones_poses(text, [&](const std::string& name) { return converted.get(name); }));
    } else if (sd) {
        const spine::runtime::RuntimeData data = spine::runtime::prepare(*sd).value();
        check = from_reference(verify::check_spine_poses(data, text));
    } else {
        ConvertedArmatures converted(*db);
        const std::string name = armature.empty() ? converted.first() : armature;
        const spine::runtime::RuntimeData* data = converted.get(name).runtime;
        if (!data) throw Error("no armature \"" + name + "\"");
        check = from_reference(verify::check_spine_poses(*data, text));
    }
    print(check, file, reference);
    return check.failed() == 0 ? 0 : 1;
}

}  // namespace rigio::cli
