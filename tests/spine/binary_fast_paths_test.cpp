// The .skel reader's fast paths (runs of curve keys, deform and IK keys, weighted vertices and 4.2 mesh
// indices decoded straight from the bytes, rigio::spine::detail::read_keys_3x/_4x and friends) against
// the checked loops alone (skel_fast_paths off): on every corpus file of every version and on damaged
// copies of them (truncations, flipped bytes, NaN and infinity written over floats, curve type bytes
// changed, and densely over the files with deform and IK keys), the same model or the same error
// (message, byte offset and context). The raw varint decoder against ByteReader's.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "../../src/spine/skel_reader.hpp"
#include "rigio/io/file.hpp"
#include "rigio/spine/binary.hpp"
#include "support/shared.hpp"

using namespace rigio;

namespace {

struct Outcome {
    std::optional<spine::SkeletonData> model;
    std::string error;  // what(): message, location and context
};

Outcome read(const std::vector<std::uint8_t>& bytes, bool fast) {
    spine::detail::skel_fast_paths = fast;
    auto sd = spine::read_skel(bytes);
    spine::detail::skel_fast_paths = true;
    Outcome o;
    if (sd.ok())
        o.model = std::move(*sd);
    else
        o.error = sd.error().what();
    return o;
}

// Damaged copies of `bytes`, mostly in the second half (where skins and animations are).
std::vector<std::vector<std::uint8_t>> damaged(const std::vector<std::uint8_t>& bytes, std::mt19937& rng) {
    std::vector<std::vector<std::uint8_t>> out;
    if (bytes.size() < 16) return out;
    auto at = [&](std::size_t from, std::size_t to) { return std::uniform_int_distribution<std::size_t>(from, to - 1)(rng); };
    const std::size_t half = bytes.size() / 2, n = bytes.size();
    for (int k = 0; k < 24; ++k) {
        std::vector<std::uint8_t> d = bytes;
        switch (k % 6) {
            case 0: d.resize(at(half, n)); break;                                    // truncated
            case 1: d[at(half, n)] ^= static_cast<std::uint8_t>(1u << at(0, 8)); break;  // one bit
            case 2: d[at(half, n)] = static_cast<std::uint8_t>(at(0, 256)); break;    // one byte
            case 3: {  // an exponent of all ones: NaN or infinity wherever a float starts there
                const std::size_t i = at(half, n - 1);
                d[i] = static_cast<std::uint8_t>(0x7F | (d[i] & 0x80));
                d[i + 1] |= 0x80;
                break;
            }
            case 4: d[at(half, n)] = static_cast<std::uint8_t>(std::vector<int>{2, 3, 0x80, 0xFF}[at(0, 4)]); break;  // curve types, varints
            default: d.resize(at(half, n)), d[at(half, d.size())] ^= 0xFF; break;
        }
        out.push_back(std::move(d));
    }
    return out;
}

}  // namespace

TEST(SpineBinaryFastPaths, SameModelOrSameErrorAsTheCheckedLoops) {
    std::mt19937 rng(20);
    int files = 0, compared = 0, errors = 0;
    for (const char* version : {"3.7", "3.8", "4.0", "4.1", "4.2"}) {
        for (const auto& path : test::corpus_files(std::string("corpus/spine-") + version, ".skel")) {
            const auto bytes = io::read_file(path.string()).value();
            ++files;
            std::vector<std::vector<std::uint8_t>> inputs = damaged(bytes, rng);
            inputs.insert(inputs.begin(), bytes);
            for (const auto& input : inputs) {
                const Outcome fast = read(input, true), checked = read(input, false);
                ++compared;
                errors += checked.model ? 0 : 1;
                ASSERT_EQ(fast.model.has_value(), checked.model.has_value()) << path << ": " << fast.error << " / " << checked.error;
                if (fast.model)
                    EXPECT_TRUE(*fast.model == *checked.model) << path;
                else
                    EXPECT_EQ(fast.error, checked.error) << path;
            }
        }
    }
    if (files == 0) GTEST_SKIP() << "../shared/corpus not found";
    // The damage must reach the checked loops' failures often, not only the intact files.
    EXPECT_GT(errors, compared / 4) << compared << " inputs";
}

namespace {

// How many deform and IK keys and mesh edges a model holds (what the newer fast paths decode).
std::size_t deform_ik_edges(const spine::SkeletonData& sd) {
    std::size_t n = 0;
    for (const auto& a : sd.animations) {
        for (const auto& t : a.ik) n += t.keys.size();
        for (const auto& s : a.deform)
            for (const auto& sl : s.slots)
                for (const auto& t : sl.timelines) n += t.keys.size();
    }
    for (const auto& skin : sd.skins)
        for (const auto& slot : skin.slots)
            for (const auto& e : slot.attachments) n += e.attachment.edges.size();
    return n;
}

// The two smallest corpus .skel files of `version` that read and satisfy `wanted`.
template <class Wanted>
std::vector<std::vector<std::uint8_t>> smallest_two(const char* version, Wanted wanted) {
    std::vector<std::vector<std::uint8_t>> picked;
    for (const auto& path : test::corpus_files(std::string("corpus/spine-") + version, ".skel")) {
        auto bytes = io::read_file(path.string()).value();
        auto sd = spine::read_skel(bytes);
        if (sd.ok() && wanted(*sd)) picked.push_back(std::move(bytes));
    }
    std::sort(picked.begin(), picked.end(), [](const auto& a, const auto& b) { return a.size() < b.size(); });
    picked.resize(std::min<std::size_t>(picked.size(), 2));
    return picked;
}

// Reads each input through the fast and the checked paths: the same model, or the same error. Counts
// the inputs and the errors.
void expect_same_outcomes(const std::vector<std::vector<std::uint8_t>>& inputs, const char* version, std::size_t at, int& compared,
                          int& errors) {
    for (const auto& input : inputs) {
        const Outcome fast = read(input, true), checked = read(input, false);
        ++compared;
        errors += checked.model ? 0 : 1;
        ASSERT_EQ(fast.model.has_value(), checked.model.has_value()) << version << " @" << at << ": " << fast.error << " / " << checked.error;
        if (fast.model)
            EXPECT_TRUE(*fast.model == *checked.model) << version << " @" << at;
        else
            EXPECT_EQ(fast.error, checked.error) << version << " @" << at;
    }
}

}  // namespace

// Per version, the two smallest corpus files with deform or IK keys: bytes across their last 60% set to
// values that matter to those paths (curve types, varint continuation bits, boolean bytes, float
// exponents), each also cut short there.
TEST(SpineBinaryFastPaths, DeformAndIkKeysUnderDenseDamage) {
    int compared = 0, errors = 0;
    for (const char* version : {"3.7", "3.8", "4.0", "4.1", "4.2"}) {
        for (const auto& bytes : smallest_two(version, [](const spine::SkeletonData& sd) { return deform_ik_edges(sd) > 0; })) {
            const std::size_t from = bytes.size() * 2 / 5, step = std::max<std::size_t>(1, (bytes.size() - from) / 300);
            for (std::size_t at = from; at < bytes.size(); at += step) {
                std::vector<std::vector<std::uint8_t>> inputs;
                for (const std::uint8_t value : {0x00, 0x01, 0x02, 0x03, 0x7F, 0x80, 0xFF}) {
                    inputs.push_back(bytes);
                    inputs.back()[at] = value;
                }
                inputs.emplace_back(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(at));
                expect_same_outcomes(inputs, version, at, compared, errors);
                if (::testing::Test::HasFatalFailure()) return;
            }
        }
    }
    if (compared == 0) GTEST_SKIP() << "../shared/corpus not found";
    EXPECT_GT(errors, compared / 8) << compared << " inputs";  // (a byte inside a float often still reads)
}

namespace {

// Whether a model holds weighted vertices (what read_weighted_fast decodes).
bool has_weighted_vertices(const spine::SkeletonData& sd) {
    for (const auto& skin : sd.skins)
        for (const auto& slot : skin.slots)
            for (const auto& e : slot.attachments)
                if (e.attachment.vertices.weighted && !e.attachment.vertices.bones.empty()) return true;
    return false;
}

}  // namespace

// Per version, the two smallest corpus files with weighted vertices: bytes across their middle (where
// skins are) set to influence counts around 4 (the branch-free vertices' limit), varint continuation
// bits, large bone indices and float exponents of all ones, each also cut short there.
TEST(SpineBinaryFastPaths, WeightedVerticesUnderDenseDamage) {
    int compared = 0, errors = 0;
    for (const char* version : {"3.7", "3.8", "4.0", "4.1", "4.2"}) {
        for (const auto& bytes : smallest_two(version, has_weighted_vertices)) {
            const std::size_t from = bytes.size() / 5, to = bytes.size() * 4 / 5, step = std::max<std::size_t>(1, (to - from) / 300);
            for (std::size_t at = from; at + 1 < to; at += step) {
                std::vector<std::vector<std::uint8_t>> inputs;
                for (const std::uint8_t value : {0x00, 0x01, 0x03, 0x04, 0x05, 0x7F, 0x80, 0xFF}) {
                    inputs.push_back(bytes);
                    inputs.back()[at] = value;
                }
                inputs.push_back(bytes);  // an exponent of all ones wherever a float starts there
                inputs.back()[at] = static_cast<std::uint8_t>(0x7F | (bytes[at] & 0x80));
                inputs.back()[at + 1] |= 0x80;
                inputs.emplace_back(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(at));
                expect_same_outcomes(inputs, version, at, compared, errors);
                if (::testing::Test::HasFatalFailure()) return;
            }
        }
    }
    if (compared == 0) GTEST_SKIP() << "../shared/corpus not found";
    EXPECT_GT(errors, compared / 8) << compared << " inputs";
}

// The NaN and infinity check over a run of floats (4 at a time where the machine allows) against a
// plain loop: every length to 20, a non-finite value at every place, and none.
TEST(SpineBinaryFastPaths, AnyNotFiniteAgreesWithAPlainLoop) {
    const float specials[] = {std::numeric_limits<float>::quiet_NaN(), std::numeric_limits<float>::infinity(),
                              -std::numeric_limits<float>::infinity()};
    for (std::size_t n = 0; n <= 20; ++n) {
        std::vector<float> values(n);
        for (std::size_t i = 0; i < n; ++i) values[i] = static_cast<float>(i) * -1.5e30f;  // large, finite
        EXPECT_FALSE(spine::detail::any_not_finite(values.data(), n)) << n;
        for (std::size_t at = 0; at < n; ++at) {
            for (const float special : specials) {
                std::vector<float> v = values;
                v[at] = special;
                EXPECT_TRUE(spine::detail::any_not_finite(v.data(), n)) << n << " @" << at;
            }
        }
    }
}

// The fast paths' varint decoder (1 to 4 bytes, else false) agrees with ByteReader::varint.
TEST(SpineBinaryFastPaths, VarintAtAgreesWithTheReader) {
    const std::vector<std::vector<std::uint8_t>> cases = {
        {0x00}, {0x7F}, {0x80, 0x01}, {0xFF, 0x7F}, {0x80, 0x80, 0x01}, {0xFF, 0xFF, 0xFF, 0x7F},
        {0x80, 0x00}, {0xFF, 0xFF, 0xFF, 0xFF, 0x0F}, {0x80}, {0xFF, 0xFF}, {},
    };
    for (const auto& bytes : cases) {
        const std::uint8_t* p = bytes.data();
        std::uint32_t value = 0;
        const bool ok = spine::detail::varint_at(p, bytes.data() + bytes.size(), value);
        io::ByteReader r(bytes);
        std::optional<std::int32_t> checked;
        try {
            checked = r.varint();
        } catch (const Error&) {
        }
        if (!ok) {
            EXPECT_EQ(p, bytes.data());
            // Refused: a 5-byte encoding (left to the checked read) or one cut short (which fails there).
            EXPECT_TRUE(!checked || r.offset() == 5) << bytes.size();
            continue;
        }
        ASSERT_TRUE(checked.has_value());
        EXPECT_EQ(static_cast<std::int32_t>(value), *checked);
        EXPECT_EQ(static_cast<std::size_t>(p - bytes.data()), r.offset());
    }
}

// The block decoders of mesh indices (16 or 8 at a time where the machine allows) against plain loops:
// every length to 40, values across the whole range, limits at the edges.
TEST(SpineBinaryFastPaths, IndexBlocksAgreeWithPlainLoops) {
    std::mt19937 rng(16);
    for (std::size_t n = 0; n <= 40; ++n) {
        for (int trial = 0; trial < 50; ++trial) {
            std::vector<std::uint8_t> bytes(2 * n + 1);
            const int high = trial % 3 == 0 ? 256 : trial % 3 == 1 ? 128 : 16;  // how large the bytes run
            for (auto& b : bytes) b = static_cast<std::uint8_t>(std::uniform_int_distribution<int>(0, high - 1)(rng));
            // big-endian 16-bit values and their largest
            std::vector<std::uint16_t> out(n), expected(n);
            unsigned largest = 0;
            for (std::size_t i = 0; i < n; ++i) {
                expected[i] = static_cast<std::uint16_t>((bytes[2 * i] << 8) | bytes[2 * i + 1]);
                largest = std::max<unsigned>(largest, expected[i]);
            }
            EXPECT_EQ(spine::detail::big_endian_u16s(bytes.data(), out.data(), n), largest) << n;
            EXPECT_EQ(out, expected) << n;
            // one-byte varints below a limit: the run up to the first that is not, and the reader after it
            for (const unsigned limit : {0u, 1u, 7u, 15u, 16u, 100u, 127u, 128u}) {
                io::ByteReader r(std::span<const std::uint8_t>(bytes.data(), 2 * n));
                std::vector<std::uint16_t> run(2 * n, 0xFFFF);
                const std::size_t got = spine::detail::read_small_varints(r, run.data(), 2 * n, limit);
                std::size_t want = 0;
                while (want < 2 * n && bytes[want] < limit) ++want;
                ASSERT_EQ(got, want) << n << " " << limit;
                EXPECT_EQ(r.offset(), want);
                for (std::size_t i = 0; i < want; ++i) EXPECT_EQ(run[i], bytes[i]);
                for (std::size_t i = want; i < 2 * n; ++i) EXPECT_EQ(run[i], 0xFFFF);  // nothing past the run
            }
        }
    }
}
