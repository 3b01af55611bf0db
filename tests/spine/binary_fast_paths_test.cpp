// The .skel reader's fast paths (runs of curve keys, weighted vertices and 4.2 triangle indices decoded
// straight from the bytes, rigio::spine::detail::read_keys_3x/_4x and friends) against the checked
// loops alone (skel_fast_paths off): on every corpus file of every version and on damaged copies of
// them (truncations, flipped bytes, NaN and infinity written over floats, curve type bytes changed),
// the same model or the same error (message, byte offset and context).
#include <gtest/gtest.h>

#include <cstdint>
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
