// JsonReadOptions::padded (Spine and DragonBones): a text followed by io::kReadPadding readable bytes
// (io::read_file's buffer) is parsed in place, and reads exactly as the same text without the promise
// (copied first): the same model and warnings for every corpus file, the same error at the same place
// for truncated texts, whatever the padding bytes hold.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "rigio/dragonbones/json.hpp"
#include "rigio/io/file.hpp"
#include "rigio/spine/json.hpp"
#include "support/shared.hpp"

using namespace rigio;

namespace {

template <class Model>
struct Read {
    Result<Model> model{Error("unread")};
    std::vector<std::string> warnings;
};

// `text` read by `read_json` with `Options` (spine:: or dragonbones::JsonReadOptions), in place or not.
template <class Options, class Model>
Read<Model> read(Result<Model> (*read_json)(std::string_view, const Options&), std::string_view text, bool in_place) {
    Read<Model> r;
    Options options;
    options.warnings = &r.warnings;
    options.padded = in_place;
    r.model = read_json(text, options);
    return r;
}

// Every file of `dirs` reads to the same model and warnings in place as copied; returns the file count.
template <class Options, class Model>
int expect_same_reads(Result<Model> (*read_json)(std::string_view, const Options&), const std::vector<std::string>& dirs) {
    int files = 0;
    for (const std::string& dir : dirs)
        for (const auto& f : test::corpus_files(dir, ".json")) {
            SCOPED_TRACE(f.string());
            const std::vector<std::uint8_t> bytes = io::read_file(f.string()).value();
            EXPECT_GE(bytes.capacity() - bytes.size(), io::kReadPadding);
            const std::string_view text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
            const auto copied = read(read_json, text, false), in_place = read(read_json, text, true);
            ++files;
            EXPECT_EQ(copied.model.ok(), in_place.model.ok());
            if (!copied.model.ok() || !in_place.model.ok()) continue;
            EXPECT_TRUE(copied.model.value() == in_place.model.value());
            EXPECT_EQ(copied.warnings, in_place.warnings);
        }
    return files;
}

// About `steps` truncations of `path` fail the same in place, whatever the padding holds.
template <class Options, class Model>
void expect_same_errors(Result<Model> (*read_json)(std::string_view, const Options&), const std::string& path, std::size_t steps) {
    const std::vector<std::uint8_t> bytes = io::read_file(path).value();
    const std::string_view whole(reinterpret_cast<const char*>(bytes.data()), bytes.size());
    for (std::size_t cut = 0; cut < whole.size(); cut += 1 + whole.size() / steps) {
        if (whole.find_first_not_of(" \t\r\n", cut) == std::string_view::npos) break;  // (the rest is blank: whole)
        const std::string_view text = whole.substr(0, cut);
        const auto copied = read(read_json, text, false);
        ASSERT_FALSE(copied.model.ok()) << cut;
        for (char fill : {'\0', '1', '"', '}', ']', ' '}) {
            std::vector<char> buffer(text.begin(), text.end());
            buffer.resize(text.size() + io::kReadPadding, fill);
            const auto in_place = read(read_json, std::string_view(buffer.data(), text.size()), true);
            ASSERT_FALSE(in_place.model.ok()) << cut;
            const Error &a = in_place.model.error(), &b = copied.model.error();
            EXPECT_EQ(std::string(a.what()), std::string(b.what())) << cut << " " << fill;
            EXPECT_EQ(a.where().byte, b.where().byte) << cut;
            EXPECT_EQ(a.where().json_path, b.where().json_path) << cut;
        }
    }
}

}  // namespace

TEST(PaddedText, SpineCorpusReadsTheSameInPlace) {
    const int files = expect_same_reads(&spine::read_json,
                                        {"corpus/spine-3.7", "corpus/spine-3.8", "corpus/spine-4.0", "corpus/spine-4.1", "corpus/spine-4.2"});
    if (files == 0) GTEST_SKIP() << "../shared/corpus not found";
}

TEST(PaddedText, DragonBonesCorpusReadsTheSameInPlace) {
    const int files = expect_same_reads(&dragonbones::read_json, {"corpus/dragonbones/4.0", "corpus/dragonbones/4.5", "corpus/dragonbones/5.0",
                                                                   "corpus/dragonbones/5.5", "corpus/dragonbones/5.6"});
    if (files == 0) GTEST_SKIP() << "../shared/corpus/dragonbones not found";
}

TEST(PaddedText, TruncatedTextsFailTheSameWhateverThePaddingHolds) {
    const auto spine_files = test::corpus_files("corpus/spine-3.8", ".json");
    auto db_files = test::corpus_files("corpus/dragonbones/5.5", ".json");
    std::erase_if(db_files, [](const auto& f) { return f.filename().string().find("_tex") != std::string::npos; });  // (atlases)
    if (spine_files.empty() || db_files.empty()) GTEST_SKIP() << "../shared/corpus not found";
    expect_same_errors(&spine::read_json, spine_files.front().string(), 97);
    expect_same_errors(&dragonbones::read_json, db_files.front().string(), 61);
}
