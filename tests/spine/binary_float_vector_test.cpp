// ByteReader::f32_be_vector (the .skel reader's float arrays: vertices, UVs, deform values, path
// lengths) reads the same values and fails with the same message at the same offset as f32_be_run
// into a zero-filled array, the form it replaced; f32_be_into (a keyframe's fields) as the same number
// of f32_be() calls: runs that are too short, NaN and infinity (refused or allowed) anywhere in the run.
#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "rigio/io/byte_reader.hpp"

using rigio::io::ByteReader;

namespace {

struct Outcome {
    std::vector<std::uint32_t> bits;  // the floats read
    std::size_t offset = 0;           // the reader's offset afterwards
    std::optional<std::string> error;
    bool operator==(const Outcome&) const = default;
};

template <class Read>
Outcome outcome(const std::vector<std::uint8_t>& bytes, std::size_t skip, bool finite_only, Read read) {
    ByteReader r(bytes);
    r.require_finite_floats(finite_only);
    Outcome o;
    try {
        r.bytes(skip);
        ByteReader::Scope s(r, "deform key", 3);
        std::vector<float> v = read(r);
        for (float f : v) o.bits.push_back(std::bit_cast<std::uint32_t>(f));
    } catch (const rigio::Error& e) {
        o.error = e.what();
    }
    o.offset = r.offset();
    return o;
}

void put(std::vector<std::uint8_t>& out, float f) {
    const auto u = std::bit_cast<std::uint32_t>(f);
    for (int shift = 24; shift >= 0; shift -= 8) out.push_back(static_cast<std::uint8_t>(u >> shift));
}

}  // namespace

TEST(SkelFloatVector, SameValuesAndErrorsAsARunIntoAZeroFilledArray) {
    const float specials[] = {std::numeric_limits<float>::quiet_NaN(), std::numeric_limits<float>::infinity(),
                              -std::numeric_limits<float>::infinity(), -0.0f, 1e-45f};
    int compared = 0, failures = 0;
    for (std::size_t floats = 0; floats <= 9; ++floats) {
        for (int special = -1; special < static_cast<int>(std::size(specials)); ++special) {
            for (std::size_t at = 0; at < std::max<std::size_t>(floats, 1); ++at) {
                std::vector<std::uint8_t> bytes = {7};  // one byte before the run
                for (std::size_t i = 0; i < floats; ++i) put(bytes, special >= 0 && i == at ? specials[special] : 0.25f * static_cast<float>(i) - 1);
                for (std::size_t cut = 0; cut <= 5; ++cut) {  // whole, and short by 1 to 5 bytes
                    std::vector<std::uint8_t> b(bytes.begin(), bytes.end() - static_cast<long>(std::min(cut, bytes.size() - 1)));
                    for (bool finite_only : {false, true}) {
                        const Outcome run = outcome(b, 1, finite_only, [&](ByteReader& r) {
                            std::vector<float> v(floats);
                            r.f32_be_run(v.data(), v.size());
                            return v;
                        });
                        const Outcome vec = outcome(b, 1, finite_only, [&](ByteReader& r) {
                            std::vector<float> v;
                            r.f32_be_vector(v, floats);
                            return v;
                        });
                        EXPECT_EQ(run, vec) << floats << " floats, special " << special << " at " << at << ", cut " << cut
                                            << (finite_only ? ", finite only" : "") << ": " << run.error.value_or("ok") << " / "
                                            << vec.error.value_or("ok");
                        ++compared;
                        failures += run.error ? 1 : 0;
                    }
                }
            }
        }
    }
    EXPECT_GT(failures, 100);  // the failing paths were exercised
    EXPECT_GT(compared, 1000);
}

TEST(SkelFloatVector, ReplacesWhatTheVectorHeld) {
    std::vector<std::uint8_t> bytes;
    put(bytes, 1.5f);
    put(bytes, -2.0f);
    ByteReader r(bytes);
    std::vector<float> v = {9, 9, 9, 9, 9};
    r.f32_be_vector(v, 2);
    EXPECT_EQ(v, (std::vector<float>{1.5f, -2.0f}));
    EXPECT_TRUE(r.at_end());
}

TEST(SkelFloatFields, SameValuesAndErrorsAsOneReadPerField) {
    const float specials[] = {std::numeric_limits<float>::quiet_NaN(), std::numeric_limits<float>::infinity(), -0.0f};
    int failures = 0;
    for (int special = -1; special < 3; ++special) {
        for (std::size_t at = 0; at < 3; ++at) {
            std::vector<std::uint8_t> bytes = {7};
            for (std::size_t i = 0; i < 3; ++i) put(bytes, special >= 0 && i == at ? specials[special] : 1.5f * static_cast<float>(i) + 2);
            for (std::size_t cut = 0; cut <= 9; ++cut) {
                std::vector<std::uint8_t> b(bytes.begin(), bytes.end() - static_cast<long>(cut));
                for (bool finite_only : {false, true}) {
                    const Outcome one_by_one = outcome(b, 1, finite_only, [](ByteReader& r) {
                        std::vector<float> v(3);
                        v[0] = r.f32_be();
                        v[1] = r.f32_be();
                        v[2] = r.f32_be();
                        return v;
                    });
                    const Outcome fields = outcome(b, 1, finite_only, [](ByteReader& r) {
                        std::vector<float> v(3);
                        r.f32_be_into(v[0], v[1], v[2]);
                        return v;
                    });
                    EXPECT_EQ(one_by_one, fields) << "special " << special << " at " << at << ", cut " << cut << ": "
                                                  << one_by_one.error.value_or("ok") << " / " << fields.error.value_or("ok");
                    failures += one_by_one.error ? 1 : 0;
                }
            }
        }
    }
    EXPECT_GT(failures, 50);
}
