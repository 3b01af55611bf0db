// JsonReadOptions::padded: a DragonBones text followed by io::kReadPadding readable bytes (io::read_file's
// buffer) is parsed in place, and reads exactly as without the promise: the same model and warnings for
// every skeleton of the corpus, the same error for truncated texts whatever the padding bytes hold.
#include "db_test_util.hpp"
#include "rigio/io/file.hpp"

namespace rigio::dragonbones {
namespace {
using test::skeletons;

struct Read {
    Result<DragonBonesData> model;
    std::vector<std::string> warnings;
};
Read read(std::string_view text, bool in_place) {
    Read r{Error("unread"), {}};
    JsonReadOptions options;
    options.warnings = &r.warnings;
    options.padded = in_place;
    r.model = read_json(text, options);
    return r;
}

TEST(DragonBonesPadded, ReadFileKeepsThePaddingAndTheModelIsTheSame) {
    auto files = skeletons({"4.0", "4.5", "5.0", "5.5", "5.6"});
    RIGIO_REQUIRE_CORPUS(files, "corpus/dragonbones");
    for (const auto& f : files) {
        SCOPED_TRACE(f.string());
        const std::vector<std::uint8_t> bytes = io::read_file(f.string()).value();
        ASSERT_GE(bytes.capacity() - bytes.size(), io::kReadPadding);
        const std::string_view text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
        const Read copied = read(text, false), in_place = read(text, true);
        ASSERT_TRUE(copied.model.ok()) << copied.model.error().what();
        ASSERT_TRUE(in_place.model.ok()) << in_place.model.error().what();
        EXPECT_TRUE(copied.model.value() == in_place.model.value());
        EXPECT_EQ(copied.warnings, in_place.warnings);
    }
}

TEST(DragonBonesPadded, TruncatedTextsFailTheSameWhateverThePaddingHolds) {
    auto files = skeletons({"5.5"});
    RIGIO_REQUIRE_CORPUS(files, "corpus/dragonbones");
    const std::vector<std::uint8_t> bytes = io::read_file(files.front().string()).value();
    const std::string_view whole(reinterpret_cast<const char*>(bytes.data()), bytes.size());
    for (std::size_t cut = 0; cut < whole.size(); cut += 1 + whole.size() / 61) {
        const std::string_view text = whole.substr(0, cut);
        const Read copied = read(text, false);
        ASSERT_FALSE(copied.model.ok()) << cut;
        for (char fill : {'\0', '1', '"', ']', ' '}) {
            std::vector<char> buffer(text.begin(), text.end());
            buffer.resize(text.size() + io::kReadPadding, fill);
            const Read in_place = read(std::string_view(buffer.data(), text.size()), true);
            ASSERT_FALSE(in_place.model.ok()) << cut;
            EXPECT_EQ(std::string(in_place.model.error().what()), std::string(copied.model.error().what())) << cut << " " << fill;
            EXPECT_EQ(in_place.model.error().where().json_path, copied.model.error().where().json_path) << cut;
        }
    }
}

}  // namespace
}  // namespace rigio::dragonbones
