// Fuzz target: the reader of reference pose dumps (rigio pose --check). Any text must give either a
// comparison or an error with a location; the sample skeleton stands in for the input's skeleton, and
// for every armature a DragonBones reference names.
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "rigio/samples.hpp"
#include "rigio/spine/runtime/data.hpp"
#include "rigio/verify/pose_check.hpp"

namespace {

void expect_located(const rigio::Result<rigio::verify::PoseCheck>& check) {
    if (!check && !check.error().where().known()) {
        std::fprintf(stderr, "reference error without a location: %s\n", check.error().what());
        std::abort();
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const rigio::spine::SkeletonData skeleton = rigio::samples::spine_stickman();
    static const rigio::spine::runtime::RuntimeData runtime = rigio::spine::runtime::prepare(skeleton).value();
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    expect_located(rigio::verify::check_spine_poses(runtime, text));
    expect_located(rigio::verify::check_dragonbones_poses(text, [](const std::string&) { return &runtime; }));
    return 0;
}
