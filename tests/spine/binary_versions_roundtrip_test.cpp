// Spine .skel of every version rigio reads: every corpus file reads through the public read_skel and
// writes back byte for byte (the writer mirrors each version's branches of the reader).
#include <gtest/gtest.h>

#include "rigio/io/file.hpp"
#include "rigio/spine/binary.hpp"
#include "rigio/spine/json.hpp"
#include "../../src/spine/json_names.hpp"
#include "rigio/spine/version.hpp"
#include "support/shared.hpp"

using namespace rigio;

namespace {
void expect_every_file_round_trips(const char* version) {
    std::string sub = std::string("corpus/spine-") + version;
    auto files = test::corpus_files(sub, ".skel");
    RIGIO_REQUIRE_CORPUS(files, sub);
    std::size_t identical = 0;
    for (const auto& f : files) {
        SCOPED_TRACE(f.string());
        auto bytes = io::read_file(f.string()).value();
        auto sd = spine::read_skel(bytes);
        ASSERT_TRUE(sd.ok()) << sd.error().what();
        auto out = spine::write_skel(*sd).value();
        if (out == bytes) {
            ++identical;
            continue;
        }
        std::size_t at = 0;
        while (at < out.size() && at < bytes.size() && out[at] == bytes[at]) ++at;
        ADD_FAILURE() << "first difference at byte " << at << " (" << bytes.size() << " bytes in, " << out.size() << " out)";
    }
    EXPECT_EQ(identical, files.size()) << sub;
}
}  // namespace

TEST(SpineBinaryVersionsRoundTrip, Spine37EveryCorpusFileIsByteIdentical) { expect_every_file_round_trips("3.7"); }
TEST(SpineBinaryVersionsRoundTrip, Spine40EveryCorpusFileIsByteIdentical) { expect_every_file_round_trips("4.0"); }
TEST(SpineBinaryVersionsRoundTrip, Spine41EveryCorpusFileIsByteIdentical) { expect_every_file_round_trips("4.1"); }
TEST(SpineBinaryVersionsRoundTrip, Spine42EveryCorpusFileIsByteIdentical) { expect_every_file_round_trips("4.2"); }
