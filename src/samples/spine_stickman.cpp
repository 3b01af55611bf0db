#include "rigio/samples.hpp"

namespace rigio::samples {

using namespace rigio::spine;

namespace {

Bone bone(const char* name, int parent, float x, float y, float rotation, float length) {
    Bone b;
    b.name = name;
    b.parent = parent;
    b.x = x;
    b.y = y;
    b.rotation = rotation;
    b.length = length;
    return b;
}

Slot slot(const char* name, int bone, const char* attachment) {
    Slot s;
    s.name = name;
    s.bone = bone;
    if (attachment) s.attachment = attachment;
    return s;
}

// Bone keys' curves (Curve2: at most two channels).
Curve2 bezier(float cx1, float cy1, float cx2, float cy2) { return Curve2{CurveType::Bezier, cx1, cy1, cx2, cy2}; }
Curve2 stepped() { return Curve2{CurveType::Stepped}; }

Vertices plain(std::vector<float> xy) {
    Vertices v;
    v.count = static_cast<int>(xy.size() / 2);
    v.values.assign(xy.begin(), xy.end());
    return v;
}

}  // namespace

SkeletonData spine_stickman() {
    SkeletonData sd;
    Header& h = sd.header;
    h.hash = "rigio-sample-stickman";
    h.version = "3.8.99";
    h.x = -60;
    h.y = -5;
    h.width = 120;
    h.height = 210;
    h.nonessential = true;
    h.fps = 30;
    h.images = "./images/";
    h.audio = "./audio/";

    enum { Root, Hip, Torso, Head, Arm, Hand, Target };
    sd.bones = {bone("root", -1, 0, 0, 0, 0),     bone("hip", Root, 0, 80, 90, 20),   bone("torso", Hip, 20, 0, 0, 60),
                bone("head", Torso, 60, 0, 0, 30), bone("arm", Torso, 50, 0, -120, 35), bone("hand", Arm, 35, 0, 10, 12),
                bone("ik-target", Root, 40, 60, 0, 0)};
    sd.bones[Head].transform = TransformMode::NoScale;
    sd.bones[Hand].scale_x = 1.25f;
    sd.bones[Hand].shear_y = 4;
    sd.bones[Target].color = 0xFF3F00FF;

    enum { Body, HeadSlot, Cape, Hitbox, Muzzle, Clip, Trail };
    sd.slots = {slot("body", Torso, "body"),   slot("head", Head, "head"),    slot("cape", Torso, "cape"),
                slot("hitbox", Hip, "hitbox"), slot("muzzle", Hand, "muzzle"), slot("clip", Root, "clip"),
                slot("trail", Root, "trail")};
    sd.slots[Body].dark = 0x202040u;
    sd.slots[Body].color = 0xFFEEDDFF;
    sd.slots[Cape].blend = BlendMode::Multiply;

    IkConstraint ik;
    ik.name = "arm-ik";
    ik.order = 0;
    ik.bones = {Arm, Hand};
    ik.target = Target;
    ik.bend_direction = -1;
    ik.softness = 2.5f;
    sd.ik.push_back(ik);

    TransformConstraint tc;
    tc.name = "head-follow";
    tc.order = 1;
    tc.bones = {Head};
    tc.target = Hip;
    tc.offset_rotation = 5;
    tc.rotate_mix = 0.5f;
    tc.translate_mix = 0;
    tc.scale_mix = 0;
    tc.shear_mix = 0;
    sd.transform.push_back(tc);

    PathConstraint pc;
    pc.name = "trail-path";
    pc.order = 2;
    pc.bones = {Hand};
    pc.target = Trail;
    pc.position_mode = PositionMode::Percent;
    pc.spacing_mode = SpacingMode::Percent;
    pc.rotate_mode = RotateMode::ChainScale;
    pc.position = 0.25f;
    pc.rotate_mix = 0;
    pc.translate_mix = 0.5f;
    pc.skin_required = true;
    sd.path.push_back(pc);

    // ---- default skin: one attachment of each kind ----
    Skin def;
    def.name = "default";
    Attachment body;  // region
    body.type = AttachmentType::Region;
    body.path = "stickman/body";
    body.x = 30;
    body.rotation = -90;
    body.width = 40;
    body.height = 70;
    def.slots.push_back({Body, {{"body", body}}});

    Attachment head;  // unweighted mesh: a quad
    head.type = AttachmentType::Mesh;
    head.vertices = plain({0, -15, 30, -15, 30, 15, 0, 15});
    head.uvs = {0, 1, 1, 1, 1, 0, 0, 0};
    head.triangles = {0, 1, 2, 2, 3, 0};
    head.hull = 4;
    head.edges = {0, 2, 2, 4, 4, 6, 6, 0};
    head.width = 30;
    head.height = 30;
    def.slots.push_back({HeadSlot, {{"head", head}}});

    Attachment cape;  // weighted mesh: a triangle on torso and arm
    cape.type = AttachmentType::Mesh;
    cape.name = "cape-cloth";
    cape.color = 0xC0E0FFFF;
    cape.vertices.count = 3;
    cape.vertices.weighted = true;
    cape.vertices.bones = {1, Torso, 2, Torso, Arm, 1, Arm};
    cape.vertices.values = {0, -10, 1, 50, -10, 0.5f, 0, -10, 0.5f, 30, 5, 1};
    cape.uvs = {0, 1, 1, 1, 0.5f, 0};
    cape.triangles = {0, 1, 2};
    cape.hull = 3;
    cape.width = 50;
    cape.height = 20;
    def.slots.push_back({Cape, {{"cape", cape}}});

    Attachment hitbox;
    hitbox.type = AttachmentType::BoundingBox;
    hitbox.vertices = plain({-20, -20, 20, -20, 20, 100, -20, 100});
    hitbox.color = 0x60F000FF;
    def.slots.push_back({Hitbox, {{"hitbox", hitbox}}});

    Attachment muzzle;
    muzzle.type = AttachmentType::Point;
    muzzle.x = 12;
    muzzle.rotation = 15;
    muzzle.color = 0xF1F100FF;
    def.slots.push_back({Muzzle, {{"muzzle", muzzle}}});

    Attachment clip;
    clip.type = AttachmentType::Clipping;
    clip.end_slot = Cape;
    clip.vertices = plain({-50, 0, 50, 0, 0, 200});
    clip.color = 0xCE3A3AFF;
    def.slots.push_back({Clip, {{"clip", clip}}});

    Attachment trail;
    trail.type = AttachmentType::Path;
    trail.closed = false;
    trail.constant_speed = true;
    trail.vertices = plain({-40, 40, -20, 60, 0, 70, 20, 70, 40, 60, 60, 40});
    trail.lengths = {52.5f, 110.25f};
    trail.color = 0xFF7F00FF;
    def.slots.push_back({Trail, {{"trail", trail}}});
    sd.skins.push_back(std::move(def));
    sd.has_default_skin = true;

    // ---- a named skin with a linked mesh and skin-required constraint ----
    Skin armored;
    armored.name = "armored";
    armored.path = {0};
    Attachment helmet;
    helmet.type = AttachmentType::LinkedMesh;
    helmet.name = "helmet";
    helmet.path = "stickman/helmet";
    helmet.parent = "head";
    helmet.deform = true;
    helmet.width = 30;
    helmet.height = 30;
    armored.slots.push_back({HeadSlot, {{"head", helmet}}});
    sd.skins.push_back(std::move(armored));

    EventData step;
    step.name = "footstep";
    step.int_value = 1;
    step.float_value = 0.5f;
    step.string_value = "left";
    step.audio = "step.ogg";
    step.volume = 0.8f;
    step.balance = -0.25f;
    EventData shout;
    shout.name = "shout";
    shout.int_value = -7;
    sd.events = {step, shout};

    // ---- animations ----
    Animation walk;
    walk.name = "walk";
    walk.bones.push_back({Hip,
                          {{BoneTimelineType::Rotate, {{0, 0, 0, bezier(0.25f, 0, 0.75f, 1)}, {0.5f, 15, 0, {}}, {1, 0, 0, {}}}},
                           {BoneTimelineType::Translate, {{0, 0, 0, {}}, {0.5f, 0, 6, stepped()}, {1, 0, 0, {}}}}}});
    walk.bones.push_back({Torso,
                          {{BoneTimelineType::Scale, {{0, 1, 1, {}}, {0.5f, 1.05f, 0.95f, {}}, {1, 1, 1, {}}}},
                           {BoneTimelineType::Shear, {{0, 0, 0, {}}, {1, 3, -2, {}}}}}});
    walk.slots.push_back({Body,
                          {{SlotTimelineType::Color, {}, {{0, 0xFFFFFFFF, 0, {}}, {1, 0xFF8080FF, 0, {}}}},
                           {SlotTimelineType::TwoColor, {}, {{0, 0xFFFFFFFF, 0x000000, Curve{CurveType::Bezier, 0.1f, 0.2f, 0.3f, 0.4f}}, {1, 0xFFFFFFFF, 0x402020, {}}}}}});
    walk.slots.push_back({Muzzle, {{SlotTimelineType::Attachment, {{0, std::nullopt}, {0.75f, std::string("muzzle")}}, {}}}});
    walk.ik.push_back({0, {{0, 1, 0, 1, false, false, {}}, {1, 0.5f, 4, -1, true, true, {}}}});
    walk.transform.push_back({0, {{0, 0.5f, 0, 0, 0, {}}, {1, 1, 0.25f, 0, 0, {}}}});
    walk.path.push_back({0,
                         {{PathTimelineType::Position, {{0, 0.25f, 0, {}}, {1, 0.75f, 0, {}}}},
                          {PathTimelineType::Spacing, {{0, 0, 0, {}}}},
                          {PathTimelineType::Mix, {{0, 0, 0.5f, {}}, {1, 1, 1, {}}}}}});
    walk.deform.push_back({0, {{HeadSlot, {{"head", {{0, 0, {}, {}}, {0.5f, 2, {3, -1.5f, 3, 1.5f}, {}}, {1, 0, {}, {}}}}}}}});
    walk.draw_order.push_back({0.5f, {{Muzzle, -4}, {Trail, -1}}});
    walk.draw_order.push_back({1, {}});
    walk.events.push_back({0.25f, 0, 1, 0.5f, std::nullopt, 0.8f, -0.25f});
    walk.events.push_back({0.75f, 0, 2, 0.5f, std::string("right"), 1, 0.25f});
    walk.events.push_back({0.9f, 1, -7, 0, std::nullopt, 1, 0});
    sd.animations.push_back(std::move(walk));

    Animation idle;
    idle.name = "idle";
    idle.bones.push_back({Head, {{BoneTimelineType::Rotate, {{0, 0, 0, {}}, {1.5f, -8, 0, {}}, {3, 0, 0, {}}}}}});
    sd.animations.push_back(std::move(idle));
    return sd;
}

}  // namespace rigio::samples
