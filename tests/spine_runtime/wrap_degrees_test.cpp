// wrap_degrees' shortcut within half a turn gives what its general expression gives, bit for bit.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <random>

#include "../../src/spine/runtime/runtime_internal.hpp"

namespace {

// The general expression (as before the shortcut).
float wrap_general(float r) {
    if (!(std::fabs(r) < 4e6f)) return static_cast<float>(std::remainder(static_cast<double>(r), 360.0));
    return r - static_cast<float>((16384 - static_cast<int>(16384.499999999996 - static_cast<double>(r / 360))) * 360);
}

void expect_same(float r) {
    EXPECT_EQ(std::bit_cast<std::uint32_t>(rigio::spine::runtime::detail::wrap_degrees(r)), std::bit_cast<std::uint32_t>(wrap_general(r)))
        << "r = " << r;
}

}  // namespace

TEST(SpineWrapDegrees, ShortcutMatchesTheGeneralExpression) {
    for (float r : {0.0f, -0.0f, 1e-45f, -1e-45f, 179.99998f, -179.99998f, 180.0f, -180.0f, 540.0f, -900.5f}) expect_same(r);
    // Every float within 4096 steps of +-180 and +-0.
    for (float edge : {180.0f, -180.0f, 0.0f, -0.0f}) {
        float up = edge, down = edge;
        for (int i = 0; i < 4096; ++i) {
            up = std::nextafter(up, 1e9f);
            down = std::nextafter(down, -1e9f);
            expect_same(up);
            expect_same(down);
        }
    }
    std::mt19937 rng(360);
    std::uniform_real_distribution<float> any(-1000, 1000);
    for (int i = 0; i < 1000000; ++i) expect_same(any(rng));
}
