// JsonReadOptions::padded: a text followed by io::kReadPadding readable bytes (io::read_file's buffer) is
// parsed in place, and reads exactly as the same text without the promise (copied first): the same model
// and warnings for every corpus file, the same error at the same place for truncated texts, whatever the
// padding bytes hold.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "rigio/io/file.hpp"
#include "rigio/spine/json.hpp"
#include "support/shared.hpp"

using namespace rigio;

namespace {
// `text` in a buffer followed by io::kReadPadding copies of `fill`.
std::vector<char> padded(std::string_view text, char fill) {
    std::vector<char> out(text.begin(), text.end());
    out.resize(text.size() + io::kReadPadding, fill);
    return out;
}

struct Read {
    Result<spine::SkeletonData> model;
    std::vector<std::string> warnings;
};
Read read(std::string_view text, bool in_place) {
    Read r{Error("unread"), {}};
    spine::JsonReadOptions options;
    options.warnings = &r.warnings;
    options.padded = in_place;
    r.model = spine::read_json(text, options);
    return r;
}
}  // namespace

TEST(SpineJsonPadded, ReadFileKeepsThePaddingAndTheModelIsTheSame) {
    int files = 0;
    for (const char* version : {"3.7", "3.8", "4.0", "4.1", "4.2"}) {
        for (const auto& f : test::corpus_files(std::string("corpus/spine-") + version, ".json")) {
            SCOPED_TRACE(f.string());
            const std::vector<std::uint8_t> bytes = io::read_file(f.string()).value();
            ASSERT_GE(bytes.capacity() - bytes.size(), io::kReadPadding);
            const std::string_view text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
            const Read copied = read(text, false), in_place = read(text, true);
            ASSERT_TRUE(copied.model.ok()) << copied.model.error().what();
            ASSERT_TRUE(in_place.model.ok()) << in_place.model.error().what();
            EXPECT_TRUE(copied.model.value() == in_place.model.value());
            EXPECT_EQ(copied.warnings, in_place.warnings);
            ++files;
        }
    }
    if (files == 0) GTEST_SKIP() << "../shared/corpus not found";
}

TEST(SpineJsonPadded, TruncatedTextsFailTheSameWhateverThePaddingHolds) {
    const auto files = test::corpus_files("corpus/spine-3.8", ".json");
    if (files.empty()) GTEST_SKIP() << "../shared/corpus/spine-3.8 not found";
    const std::vector<std::uint8_t> bytes = io::read_file(files.front().string()).value();
    const std::string_view whole(reinterpret_cast<const char*>(bytes.data()), bytes.size());
    int cuts = 0;
    for (std::size_t cut = 0; cut < whole.size(); cut += 1 + whole.size() / 97) {
        const std::string_view text = whole.substr(0, cut);
        const Read copied = read(text, false);
        ASSERT_FALSE(copied.model.ok()) << cut;
        for (char fill : {'\0', '1', '"', '}', ' '}) {
            const std::vector<char> buffer = padded(text, fill);
            const Read in_place = read(std::string_view(buffer.data(), text.size()), true);
            ASSERT_FALSE(in_place.model.ok()) << cut;
            EXPECT_EQ(std::string(in_place.model.error().what()), std::string(copied.model.error().what())) << cut << " " << fill;
            EXPECT_EQ(in_place.model.error().where().byte, copied.model.error().where().byte) << cut;
            EXPECT_EQ(in_place.model.error().where().json_path, copied.model.error().where().json_path) << cut;
        }
        ++cuts;
    }
    EXPECT_GT(cuts, 90);
}
