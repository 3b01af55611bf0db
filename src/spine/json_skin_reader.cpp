// Spine JSON reader: skins and their attachments (mirrored by json_skin_writer.cpp).
// Vertex arrays are checked against their vertex counts before anything is stored, linked meshes are
// resolved once every skin is known, and the default skin is moved first as the model expects.
#include <algorithm>
#include <cmath>
#include <limits>

#include "json_names.hpp"
#include "json_reader.hpp"

namespace rigio::spine::detail {

namespace {
constexpr long kMaxIndex = std::numeric_limits<int>::max();

// The keys of every type of attachment in one list (see Keys), so that an attachment's members are
// matched in one walk, its type among them; each type knows the keys of its mask below (the others are
// unknown keys of that type, reported as a key not in the list is). "sequence" is 4.1+, as is
// "timelines", which replaced the linked mesh's "deform".
constexpr auto kAttachmentKeys = keys("name", "type", "path", "color", "x", "y", "scaleX", "scaleY", "rotation", "width", "height",
                                      "sequence", "uvs", "triangles", "vertices", "hull", "edges", "vertexCount", "skin", "parent",
                                      "timelines", "deform", "closed", "constantSpeed", "lengths", "end");
constexpr auto& K = kAttachmentKeys;
constexpr std::uint32_t kRegionKeys = K.mask("name", "type", "path", "color", "x", "y", "scaleX", "scaleY", "rotation", "width", "height", "sequence");
constexpr std::uint32_t kBoundingBoxKeys = K.mask("name", "type", "vertexCount", "vertices", "color");
constexpr std::uint32_t kMeshKeys = K.mask("name", "type", "path", "color", "uvs", "triangles", "vertices", "hull", "edges", "width", "height", "sequence");
constexpr std::uint32_t kLinkedMeshKeys = K.mask("name", "type", "path", "color", "skin", "parent", "timelines", "deform", "width", "height", "sequence");
constexpr std::uint32_t kPathKeys = K.mask("name", "type", "closed", "constantSpeed", "lengths", "vertexCount", "vertices", "color");
constexpr std::uint32_t kPointKeys = K.mask("name", "type", "x", "y", "rotation", "color");
constexpr std::uint32_t kClippingKeys = K.mask("name", "type", "end", "vertexCount", "vertices", "color");
// The keys a version's attachment of type `t` knows.
constexpr std::uint32_t known_attachment_keys(AttachmentType t, bool sequences) {
    switch (t) {
        case AttachmentType::Region: return sequences ? kRegionKeys : kRegionKeys & ~K.mask("sequence");
        case AttachmentType::BoundingBox: return kBoundingBoxKeys;
        case AttachmentType::Mesh: return sequences ? kMeshKeys : kMeshKeys & ~K.mask("sequence");
        case AttachmentType::LinkedMesh:
            return sequences ? kLinkedMeshKeys & ~K.mask("deform") : kLinkedMeshKeys & ~K.mask("timelines", "sequence");
        case AttachmentType::Path: return kPathKeys;
        case AttachmentType::Point: return kPointKeys;
        case AttachmentType::Clipping: return kClippingKeys;
    }
    return 0;
}

// A name equal to the key, or a path equal to the name, is the same as none (as in a .skel).
void drop_same_as_key(Attachment& a, std::string_view key) {
    if (a.name && *a.name == key) a.name.reset();
    if (a.path && *a.path == (a.name ? std::string_view(*a.name) : key)) a.path.reset();
}

// Quick path of the attachment skins hold most of, a plain region: every member a key a region knows
// (but "sequence") met once, "type" (when given) "region", "name" and "path" strings, "color" an
// RRGGBBAA string, the others numbers that fit a float32 (a double or an int64 on the tape). Read in one
// walk of the object whose '{' is at tape index `open`, into `a` as read_attachment's general path reads
// it (fallbacks of absent members included). False at anything else, with `a` untouched (the members are
// gathered first): the general path then reads the object again and reports what it finds as before.
// Such an object holds no container and no key twice.
bool plain_region(const simdjson::dom::document& doc, std::size_t open, Attachment& a) {
    constexpr std::uint32_t kNumbers = K.mask("x", "y", "scaleX", "scaleY", "rotation", "width", "height");
    constexpr std::uint32_t kStrings = K.mask("type", "name", "path", "color");
    const std::uint64_t* t = doc.tape.get();
    const std::uint8_t* strings = doc.string_buf.get();
    const std::size_t close = io::tape::close_of(t[open]);  // the '}'
    float values[K.names.size()];   // (left unset: only the members present are read)
    std::uint64_t text[K.names.size()];  // the string's tape word
    std::uint32_t present = 0;
    for (std::size_t i = open + 1; i < close;) {
        const int found = K.hash.find(io::tape::key_words(strings, t[i]), K.names.data());
        const auto j = static_cast<std::uint32_t>(found);
        if (found < 0 || (present >> j & 1)) return false;
        present |= 1u << j;
        if (kNumbers >> j & 1) {
            double d;
            if (!(io::tape::plain_number(t + i + 1, d) && fits_float(d))) return false;
            values[j] = static_cast<float>(d);
            i += 3;  // the key, the number's two words
        } else if ((kStrings >> j & 1) && io::tape::type_of(t[i + 1]) == '"') {
            text[j] = t[i + 1];
            i += 2;
        } else {
            return false;
        }
    }
    auto has = [present](std::uint32_t j) { return (present >> j & 1) != 0; };
    auto str = [&](std::uint32_t j) { return io::tape::string_at(strings, text[j]); };
    if (has(K["type"]) && str(K["type"]) != kAttachmentTypeNames[static_cast<std::size_t>(AttachmentType::Region)]) return false;
    Rgba color = 0xFFFFFFFFu;
    if (has(K["color"])) {
        const auto c = parse_hex(str(K["color"]), 8);
        if (!c) return false;
        color = *c;
    }
    auto number = [&](std::uint32_t j, float fallback) { return has(j) ? values[j] : fallback; };
    auto string = [&](std::uint32_t j) { return has(j) ? OptString(std::in_place, str(j)) : OptString(); };
    a.type = AttachmentType::Region;
    a.name = string(K["name"]);
    a.path = string(K["path"]);
    a.color = color;
    a.x = number(K["x"], 0);
    a.y = number(K["y"], 0);
    a.scale_x = number(K["scaleX"], 1);
    a.scale_y = number(K["scaleY"], 1);
    a.rotation = number(K["rotation"], 0);
    a.width = number(K["width"], 32);
    a.height = number(K["height"], 32);
    a.json_absent = (has(K["width"]) ? 0 : kAbsentWidth) | (has(K["height"]) ? 0 : kAbsentHeight);
    return true;
}
}

void JsonSkeletonReader::read_skins(JEl e) {
    Scope s(path_, "skins");
    if (version_ == Version::V37) {  // {skin: {slot: {key: attachment}}}: no skin-required bones or constraints
        JObj skins = object(e);
        sd_.skins.reserve(skins.size());
        for (auto field : skins) {
            Scope sk(path_, field.key);
            Skin skin;
            skin.name = String(field.key);
            read_skin_slots(skin, object(field.value), sd_.skins.size());
            sd_.skins.push_back(std::move(skin));
            add_name(skins_, sd_.skins.back().name, static_cast<int>(sd_.skins.size() - 1), "skin");
        }
    } else {
        JArr a = array(e);
        sd_.skins.reserve(a.size());
        std::size_t i = 0;
        for (JEl se : a) {
            Scope si(path_, i++);
            sd_.skins.push_back(read_skin(object(se), sd_.skins.size()));
            add_name(skins_, sd_.skins.back().name, static_cast<int>(sd_.skins.size() - 1), "skin");
        }
    }
    // The model keeps the default skin first.
    if (const int* def = skins_.find("default")) {
        sd_.has_default_skin = true;
        const std::size_t d = static_cast<std::size_t>(*def);
        if (d != 0) {
            Skin moved = std::move(sd_.skins[d]);
            sd_.skins.erase(sd_.skins.begin() + static_cast<long>(d));
            sd_.skins.insert(sd_.skins.begin(), std::move(moved));
            skins_.for_each([&](std::string_view name, int& index) { index = name == "default" ? 0 : index + (index < static_cast<int>(d) ? 1 : 0); });
            for (PendingLink& l : links_) l.skin = l.skin == d ? 0 : l.skin + (l.skin < d ? 1 : 0);
        }
    }
}

Skin JsonSkeletonReader::read_skin(JObj o, std::size_t skin_index) {
    Skin skin;
    if (version_ == Version::V42)
        known_keys(o, {"name", "bones", "ik", "transform", "path", "physics", "attachments", "color"}, &skin.json_extra);
    else
        known_keys(o, {"name", "bones", "ik", "transform", "path", "attachments"}, &skin.json_extra);
    skin.name = required_string(o, "name");
    skin.bones = lookup_list(bones_, o, "bones", "bone");
    skin.ik = lookup_list(ik_, o, "ik", "IK constraint");
    skin.transform = lookup_list(transform_, o, "transform", "transform constraint");
    skin.path = lookup_list(paths_, o, "path", "path constraint");
    if (version_ == Version::V42) {
        skin.physics = lookup_list(physics_, o, "physics", "physics constraint");
        skin.color = color(o, "color", skin.color);
    }
    auto atts = get(o, "attachments");
    if (!atts) return skin;
    Scope sa(path_, "attachments");
    read_skin_slots(skin, object(*atts), skin_index);
    return skin;
}

void JsonSkeletonReader::read_skin_slots(Skin& skin, JObj slots, std::size_t skin_index) {
    skin.slots.reserve(skin.slots.size() + slots.size());
    MapCheck slots_check;  // (maps of names: the duplicate-key check is done here, see map_member)
    skin_slots_seen_.reset(sd_.slots.size());
    io::tape::each_member(slots, [&](std::string_view slot_key, JEl slot_value) {
        Scope ss(path_, slot_key);
        SkinSlot entry;
        entry.slot = lookup_name(slots_, slot_key, "slot");
        JObj keys = object(slot_value);
        entry.attachments.reserve(keys.size());
        MapCheck keys_check;
        io::tape::each_member(keys, [&](std::string_view key, JEl value) {
            Scope sk(path_, key);
            SkinAttachment& sat = entry.attachments.emplace_back();  // (in the room reserved above: no move)
            sat.key.emplace(key);
            read_attachment(sat.attachment, object(value), key);
            if (sat.attachment.type == AttachmentType::LinkedMesh)
                links_.push_back({skin_index, skin.slots.size(), entry.attachments.size() - 1, path_.pointer()});
            map_member(keys_check, true, key, value);
        });
        map_done(keys_check, keys);
        map_member(slots_check, skin_slots_seen_, entry.slot, slot_value);  // (before entry is moved)
        skin.slots.push_back(std::move(entry));
    });
    map_done(slots_check, slots);
}

void JsonSkeletonReader::read_attachment(Attachment& a, JObj o, std::string_view key) {
    if (const io::tape::Ref r = io::tape::ref(o); plain_region(*r.doc, r.json_index, a)) {
        mark_verified(r.json_index);  // (no container, no key twice: as match_fields marks such an object)
        drop_same_as_key(a, key);
        return;
    }
    const bool sequences = version_ >= Version::V41;  // 4.1+: regions and meshes may cycle through a sequence
    // The members are matched to the keys of every type at once; the type then decides which of them
    // this attachment knows (the others are unknown keys, reported in the order of the members).
    Fields f = fields(o, K);
    a.type = name_enum(f, K["type"], AttachmentType::Region, kAttachmentTypeNames, "attachment type");
    a.name = string(f, K["name"]);
    f.known = known_attachment_keys(a.type, sequences);
    f.unknown |= (f.present & ~f.known) != 0;
    unknown_keys(f, &a.json_extra);
    std::optional<JEl> sequence;  // read after the type's own fields
    switch (a.type) {
        case AttachmentType::Region: {
            a.path = string(f, K["path"]);
            a.color = color(f, K["color"], 0xFFFFFFFFu);
            a.x = number(f, K["x"], 0);
            a.y = number(f, K["y"], 0);
            a.scale_x = number(f, K["scaleX"], 1);
            a.scale_y = number(f, K["scaleY"], 1);
            a.rotation = number(f, K["rotation"], 0);
            a.width = number(f, K["width"], 32);
            a.height = number(f, K["height"], 32);
            a.json_absent = absent_size(f, K["width"], K["height"]);
            if (sequences) sequence = get(f, K["sequence"]);
            break;
        }
        case AttachmentType::BoundingBox: {
            a.vertices = read_vertices(at(f, K["vertices"]), integer(f, K["vertexCount"], 0, 0, kMaxIndex));
            a.color = color(f, K["color"], default_attachment_color(a.type));
            verified(f, K.mask("vertices"));
            break;
        }
        case AttachmentType::Mesh: {
            a.path = string(f, K["path"]);
            a.color = color(f, K["color"], 0xFFFFFFFFu);
            {
                JArr uvs = array_at(f, K["uvs"]);
                Scope su(path_, "uvs");
                if (uvs.size() % 2 != 0) fail("uvs needs an even number of values (u, v per vertex), found " + std::to_string(uvs.size()));
                numbers(uvs, a.uvs);
            }
            const int vertex_count = static_cast<int>(a.uvs.size() / 2);
            if (a.uvs.size() / 2 > 65536) fail("a mesh can have at most 65536 vertices, found " + std::to_string(a.uvs.size() / 2));
            {
                JArr tris = array_at(f, K["triangles"]);
                Scope st(path_, "triangles");
                if (tris.size() % 3 != 0) fail("triangles needs 3 vertex indices per triangle, found " + std::to_string(tris.size()) + " values");
                indices(tris, a.triangles, vertex_count - 1);
            }
            a.vertices = read_vertices(at(f, K["vertices"]), vertex_count);
            a.hull = integer(f, K["hull"], 0, 0, vertex_count);
            if (auto edges = get(f, K["edges"])) {
                Scope se(path_, "edges");
                JArr arr = array(*edges);
                indices(arr, a.edges, 65535);
            }
            a.width = number(f, K["width"], 32);
            a.height = number(f, K["height"], 32);
            a.json_absent = absent_size(f, K["width"], K["height"]);
            if (sequences) sequence = get(f, K["sequence"]);
            verified(f, K.mask("uvs", "triangles", "vertices", "edges"));
            break;
        }
        case AttachmentType::LinkedMesh: {
            // 4.1+: "deform" became "timelines" (every timeline of the parent, not only deform)
            a.path = string(f, K["path"]);
            a.color = color(f, K["color"], 0xFFFFFFFFu);
            a.parent_skin = string(f, K["skin"]);
            a.parent = required_string(f, K["parent"]);
            a.deform = flag(f, sequences ? K["timelines"] : K["deform"], true);
            a.width = number(f, K["width"], 32);
            a.height = number(f, K["height"], 32);
            a.json_absent = absent_size(f, K["width"], K["height"]);
            if (sequences) sequence = get(f, K["sequence"]);
            break;
        }
        case AttachmentType::Path: {
            a.closed = flag(f, K["closed"], false);
            a.constant_speed = flag(f, K["constantSpeed"], true);
            const int vertex_count = integer(f, K["vertexCount"], 0, 0, kMaxIndex);
            JArr lengths = array_at(f, K["lengths"]);
            {
                Scope sl(path_, "lengths");
                if (lengths.size() != static_cast<std::size_t>(vertex_count / 3))
                    fail("a path of " + std::to_string(vertex_count) + " vertices needs " + std::to_string(vertex_count / 3) +
                         " lengths, found " + std::to_string(lengths.size()));
                numbers(lengths, a.lengths);
            }
            a.vertices = read_vertices(at(f, K["vertices"]), vertex_count);
            a.color = color(f, K["color"], default_attachment_color(a.type));
            verified(f, K.mask("lengths", "vertices"));
            break;
        }
        case AttachmentType::Point: {
            a.x = number(f, K["x"], 0);
            a.y = number(f, K["y"], 0);
            a.rotation = number(f, K["rotation"], 0);
            a.color = color(f, K["color"], default_attachment_color(a.type));
            break;
        }
        case AttachmentType::Clipping: {
            a.end_slot = lookup(slots_, f, K["end"], "end slot");
            a.vertices = read_vertices(at(f, K["vertices"]), integer(f, K["vertexCount"], 0, 0, kMaxIndex));
            a.color = color(f, K["color"], default_attachment_color(a.type));
            verified(f, K.mask("vertices"));
            break;
        }
    }
    if (sequence) {
        Scope sq(path_, "sequence");
        JObj q = object(*sequence);
        Sequence seq;
        known_keys(q, {"count", "start", "digits", "setup"}, &seq.json_extra);
        seq.count = integer(q, "count", 0, 0, kMaxIndex);
        seq.start = integer(q, "start", 1, 0, kMaxIndex);
        seq.digits = integer(q, "digits", 0, 0, kMaxIndex);
        seq.setup_index = integer(q, "setup", 0, 0, kMaxIndex);
        a.sequence = seq;
    }
    drop_same_as_key(a, key);
}

// A flat array: x, y per vertex when its length is 2 x the vertex count; otherwise weighted, per vertex:
// bone count, then bone index, x, y, weight per bone.
// Fast path for weighted vertices, straight from the tape words [p, end) of the array's elements: true
// when every element is a number of the expected kind (bone counts and bone indices int64 in range,
// x, y, weight numbers that fit a float32) and the `count` vertices use the array exactly, as the
// checked loop of read_vertices would find; false at anything else, leaving that loop to report it (the
// vectors of `v` then hold anything: it clears them). Each influence is four numbers, eight tape words.
// The bones and values are written into room made up front for the most n elements can hold (c <= count
// bone counts, then one bone and three values per four elements left: c + (n - c) / 4 bones, which grows
// with c, and at most 3 * (n / 4) values), then trimmed to what was written.
bool JsonSkeletonReader::weighted_from_tape(const std::uint64_t* p, const std::uint64_t* end, std::size_t count, int bone_count, Vertices& v) {
    const std::size_t n = static_cast<std::size_t>(end - p) / 2;  // elements, when every one is a number (else false below)
    if (count > n) return false;
    v.bones.resize(count + (n - count) / 4);
    v.values.resize(n / 4 * 3);
    int* bones = v.bones.data();
    float* values = v.values.data();
    // Each write below follows a check that the element it reads is a number inside [p, end), and each
    // influence is bounded by the words left: at most the room above is written.
    for (std::size_t vertex = 0; vertex < count; ++vertex) {
        if (p >= end || io::tape::type_of(p[0]) != 'l' || p[1] > static_cast<std::uint64_t>(kMaxIndex)) return false;
        const std::uint64_t influences = p[1];
        p += 2;
        if (influences > static_cast<std::uint64_t>(end - p) / 8) return false;
        *bones++ = static_cast<int>(influences);
        for (std::uint64_t b = 0; b < influences; ++b, p += 8) {
            // The bone, x, y and weight checked together, with one branch: the four type bytes in one word
            // (the bone an int64; x, y, weight each a double or an int64: 'd' | 8 == 'l', as plain_number
            // reads them; a uint64, which no writer gives, is left to the checked loop, which reads it as
            // number_at does), and the largest magnitude of the three against the float range.
            const std::uint32_t types = static_cast<std::uint32_t>(p[0] >> 56 | (p[2] >> 56) << 8 | (p[4] >> 56) << 16 | (p[6] >> 56) << 24);
            double x, y, w;
            io::tape::plain_number(p + 2, x);
            io::tape::plain_number(p + 4, y);
            io::tape::plain_number(p + 6, w);
            const double largest = std::max(std::max(std::fabs(x), std::fabs(y)), std::fabs(w));
            if (!((types | 0x08080800u) == 0x6C6C6C6Cu && p[1] < static_cast<std::uint64_t>(bone_count) && largest < kFloatLimit))
                return false;
            *bones++ = static_cast<int>(p[1]);
            values[0] = static_cast<float>(x);
            values[1] = static_cast<float>(y);
            values[2] = static_cast<float>(w);
            values += 3;
        }
    }
    if (p != end) return false;
    // Trimmed to what was written. (Not on the way out with false: the caller then clears both. Pointers
    // kept in registers: a lambda taking them by reference made the loop keep them in memory.)
    v.bones.resize(static_cast<std::size_t>(bones - v.bones.data()));
    v.values.resize(static_cast<std::size_t>(values - v.values.data()));
    return true;
}

Vertices JsonSkeletonReader::read_vertices(Field vertices, int vertex_count) {
    Vertices v;
    v.count = vertex_count;
    JArr arr = array_at(vertices);
    Scope s(path_, "vertices");
    const std::size_t n = arr.size();
    const std::size_t count = static_cast<std::size_t>(vertex_count);
    if (n == count * 2) {
        numbers(arr, v.values);
        return v;
    }
    // Weighted: at least one value per vertex (its bone count), so the count is bounded by the array.
    if (count > n)
        fail(std::to_string(n) + " values cannot hold " + std::to_string(count) + " vertices (" + std::to_string(count * 2) +
             " unweighted, or weighted: bone count, then bone, x, y, weight per bone)");
    v.weighted = true;
    const io::tape::Ref r = io::tape::ref(arr);
    const std::uint64_t* tape = r.doc->tape.get();
    const int bone_count = static_cast<int>(sd_.bones.size());
    if (weighted_from_tape(tape + r.json_index + 1, tape + io::tape::close_of(tape[r.json_index]), count, bone_count, v)) return v;
    // The checked loop: it reads the array again from the start and fails at the first fault, with its path.
    v.bones.clear();
    v.values.clear();
    v.bones.reserve(n / 2);
    v.values.reserve(n);
    std::size_t i = 0;
    // Element i is read at tape index `at` (counts above bound every read by the array's size).
    std::size_t at = r.json_index + 1;
    auto next = [&] {
        JEl e = io::tape::element(r.doc, at);
        at = io::tape::after(tape, at);
        return e;
    };
    for (std::size_t vertex = 0; vertex < count; ++vertex) {
        if (i >= n) fail("weighted vertices end after " + std::to_string(vertex) + " of " + std::to_string(count) + " vertices");
        const int influences = integer_at(next(), i++, 0, kMaxIndex);
        if (static_cast<std::size_t>(influences) > (n - i) / 4)
            fail("weighted vertex " + std::to_string(vertex) + " lists " + std::to_string(influences) + " bones but only " +
                 std::to_string(n - i) + " values follow");
        v.bones.push_back(influences);
        for (int b = 0; b < influences; ++b) {
            const int bone = integer_at(next(), i, 0, kMaxIndex);
            if (bone >= bone_count) {
                Scope si(path_, i);
                fail("bone index " + std::to_string(bone) + " out of range (" + std::to_string(bone_count) + " bones)");
            }
            v.bones.push_back(bone);
            ++i;
            for (int k = 0; k < 3; ++k, ++i) v.values.push_back(number_at(next(), i));
        }
    }
    if (i != n)
        fail("weighted vertices: " + std::to_string(count) + " vertices use " + std::to_string(i) + " values, but the array has " +
             std::to_string(n) + " (or, unweighted, it needs " + std::to_string(count * 2) + ")");
    return v;
}

void JsonSkeletonReader::resolve_linked_meshes() {
    for (const PendingLink& link : links_) {
        const Skin& skin = sd_.skins[link.skin];
        const SkinSlot& ss = skin.slots[link.slot_entry];
        const Attachment& a = ss.attachments[link.attachment].attachment;
        auto fail_here = [&](const std::string& key, const std::string& message) {
            std::string p = link.pointer;
            io::append_pointer_token(p, key);
            Location where = Location::at_path(p);
            if (auto at = io::locate_json_pointer(text_, p)) io::line_column(text_, *at, where.line, where.column);
            throw Error(message, where);
        };
        const Skin* parent_skin = nullptr;
        if (const int* found = skins_.find(a.parent_skin.value_or("default"))) parent_skin = &sd_.skins[static_cast<std::size_t>(*found)];
        if (!parent_skin) fail_here("skin", "parent skin \"" + a.parent_skin.value_or("default").substr(0, 80) + "\" not found");
        const Attachment* p = nullptr;
        for (const SkinSlot& ps : parent_skin->slots) {
            if (ps.slot != ss.slot) continue;
            for (const SkinAttachment& sa : ps.attachments)
                if (sa.key == a.parent) p = &sa.attachment;
        }
        if (!p)
            fail_here("parent", "parent mesh \"" + a.parent.value_or("").substr(0, 80) + "\" not found in skin \"" +
                                    parent_skin->name.value_or("").substr(0, 80) + "\" for this slot");
        if (p->type != AttachmentType::Mesh && p->type != AttachmentType::LinkedMesh)
            fail_here("parent", "parent \"" + a.parent->substr(0, 80) + "\" is not a mesh");
    }
}

}  // namespace rigio::spine::detail
