#include "rigio/dragonbones/model.hpp"

#include <cstdlib>
#include <string_view>

namespace rigio::dragonbones {

DisplayType display_type(const Display& d) {
    if (!d.type) return DisplayType::Image;
    std::string_view t = d.type->text;
    if (t == "\"image\"" || t == "0") return DisplayType::Image;
    if (t == "\"armature\"" || t == "1") return DisplayType::Armature;
    if (t == "\"mesh\"" || t == "2") return DisplayType::Mesh;
    if (t == "\"boundingBox\"" || t == "3") return DisplayType::BoundingBox;
    if (t == "\"path\"" || t == "4") return DisplayType::Path;
    return DisplayType::Other;
}

const char* display_type_name(DisplayType t) {
    switch (t) {
        case DisplayType::Image: return "image";
        case DisplayType::Armature: return "armature";
        case DisplayType::Mesh: return "mesh";
        case DisplayType::BoundingBox: return "boundingBox";
        case DisplayType::Path: return "path";
        default: return "other";
    }
}

int version_code(const DragonBonesData& data) {
    if (!data.version) return 0;
    std::string v = *data.version;
    if (!v.empty() && v.front() == '"') v = v.substr(1, v.size() - 2);
    char* end = nullptr;
    double d = std::strtod(v.c_str(), &end);
    if (end == v.c_str() || !(d > 0 && d < 100)) return 0;
    return static_cast<int>(d * 10 + 0.5);
}

double frame_rate(const DragonBonesData& data, const Armature& armature) {
    if (armature.frameRate && armature.frameRate->value() > 0) return armature.frameRate->value();
    if (data.frameRate && data.frameRate->value() > 0) return data.frameRate->value();
    return 24;
}

double frames_duration(const Frames& frames) {
    double sum = 0;
    for (const Frame& f : frames) sum += f.duration && f.duration->value() >= 0 ? f.duration->value() : (f.duration ? 0 : 1);
    return sum;
}

}  // namespace rigio::dragonbones
