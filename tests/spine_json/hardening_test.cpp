// Hostile input on every Spine JSON version's corpus: truncations, byte flips and lying numbers in one
// small export per version (3.7, 3.8, 4.0, 4.1 with sequences, 4.2 with physics). Each must read, or fail
// with an error that names where (JSON path, line and column); what reads must also write and read back.
// Inputs are sampled (a few hundred per file) so the suite stays fast, also under sanitizers.
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "rigio/io/file.hpp"
#include "rigio/spine/json.hpp"
#include "support/shared.hpp"

using namespace rigio;

namespace {

struct Case {
    const char* version;
    const char* file;
};
// Small files carrying each version's own constructs (3.7 array curves, 4.0 rgba2 and per-channel curves,
// 4.1 sequences, 4.2 physics constraints and reset keys).
constexpr Case kCases[] = {{"3.7", "coin-pro.json"}, {"3.8", "coin-pro.json"}, {"4.0", "coin-pro.json"},
                           {"4.1", "dragon-ess.json"}, {"4.2", "cloud-pot.json"}};
constexpr int kSamples = 250;

// Reads `text`; a failure must be located, a success must write and read back to the same model and text
// (the property the spine_json fuzz target checks).
void check(const std::string& text, const std::string& what) {
    auto sd = spine::read_json(text);
    if (!sd.ok()) {
        EXPECT_TRUE(sd.error().where().known()) << what << ": error without a location: " << sd.error().what();
        return;
    }
    const std::string out = spine::write_json(*sd).value();
    auto again = spine::read_json(out);
    ASSERT_TRUE(again.ok()) << what << ": its own output does not read: " << again.error().what();
    EXPECT_TRUE(*again == *sd) << what << ": its own output reads back different";
    EXPECT_TRUE(spine::write_json(*again).value() == out) << what << ": the rewrite is not a fixed point";
}

template <class F>
void each_case(F&& f) {
    int found = 0;
    for (const Case& c : kCases) {
        const auto path = test::shared_dir() / "corpus" / (std::string("spine-") + c.version) / c.file;
        std::error_code ec;
        if (!std::filesystem::exists(path, ec)) continue;
        ++found;
        auto bytes = io::read_file(path.string()).value();
        SCOPED_TRACE(std::string(c.version) + "/" + c.file);
        f(std::string(bytes.begin(), bytes.end()));
    }
    if (found == 0) GTEST_SKIP() << "../shared/corpus/spine-* not found (set RIGIO_SHARED): hardening corpus test skipped";
}

}  // namespace

TEST(SpineJsonHardening, TruncationsAreRejectedWithALocation) {
    each_case([](const std::string& text) {
        for (int k = 0; k < kSamples; ++k) {
            const std::size_t n = text.size() * static_cast<std::size_t>(k) / kSamples;
            auto sd = spine::read_json(std::string_view(text).substr(0, n));
            ASSERT_FALSE(sd.ok()) << "truncated to " << n << " bytes read without error";
            EXPECT_TRUE(sd.error().where().known()) << "truncated to " << n << ": " << sd.error().what();
        }
    });
}

TEST(SpineJsonHardening, ByteFlipsNeverCrash) {
    each_case([](const std::string& text) {
        std::mt19937 rng(16);
        for (int k = 0; k < kSamples; ++k) {
            std::string b = text;
            for (int i = 1 + static_cast<int>(rng() % 4); i > 0; --i) b[rng() % b.size()] = static_cast<char>(rng() % 256);
            check(b, "flip case " + std::to_string(k));
        }
    });
}

// Numbers replaced by lies: counts, indices, offsets and values that are huge, negative or fractional.
TEST(SpineJsonHardening, LyingNumbersNeverCrash) {
    const char* lies[] = {"4294967295", "-1", "2147483648", "1e39", "-0.5", "65536", "0"};
    each_case([&](const std::string& text) {
        std::vector<std::size_t> numbers;  // where each number token starts
        for (std::size_t i = 1; i < text.size(); ++i)
            if ((std::isdigit(static_cast<unsigned char>(text[i])) || text[i] == '-') && (text[i - 1] == ' ' || text[i - 1] == '['))
                numbers.push_back(i);
        ASSERT_FALSE(numbers.empty());
        const std::size_t step = numbers.size() / 60 + 1;  // about 60 numbers per file, 7 lies each
        for (std::size_t j = 0; j < numbers.size(); j += step) {
            const std::size_t at = numbers[j];
            std::size_t end = at + 1;
            while (end < text.size() && (std::isdigit(static_cast<unsigned char>(text[end])) || text[end] == '.' || text[end] == 'E' || text[end] == '-'))
                ++end;
            for (const char* lie : lies) {
                std::string b = text;
                b.replace(at, end - at, lie);
                check(b, std::string("lie ") + lie + " at byte " + std::to_string(at));
            }
        }
    });
}
