// Batch conversion (convert --out-dir, issue 20): the outputs of a batch are committed together, a
// bad input in the middle is reported while the others land, an existing output survives a failed
// conversion, no temporary file is left behind, and -j N writes and prints exactly what -j 1 does.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "cli/cli_run.hpp"

namespace fs = std::filesystem;
using rigio::test::rigio_in;
using rigio::test::slurp;
using rigio::test::spit;

namespace {

// In `d`: a.skel, b.skel (not a skeleton), c.skel, d.skel; and out/b.json, out/c.json already there.
fs::path batch_folder() {
    fs::path d = rigio::test::test_dir("rigio-batch");
    for (const char* name : {"a.skel", "c.skel", "d.skel"}) fs::copy_file(rigio::test::stickman(), d / name);
    spit(d / "b.skel", "not a skeleton");
    fs::create_directories(d / "out");
    spit(d / "out" / "b.json", "precious b");
    spit(d / "out" / "c.json", "old c");
    return d;
}

std::size_t temporaries(const fs::path& dir) {
    std::size_t n = 0;
    for (const auto& e : fs::directory_iterator(dir))
        if (e.path().filename().string().rfind(".rigio-", 0) == 0) ++n;
    return n;
}

}  // namespace

TEST(BatchConvert, BadFileInTheMiddleIsReportedAndTheOthersLand) {
    const fs::path d = batch_folder();
    const auto r = rigio_in(d, "convert --out-dir out --to spine-json a.skel b.skel c.skel d.skel");
    EXPECT_EQ(r.code, 1) << r.err;
    EXPECT_NE(r.err.find("b.skel: "), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("3 ok, 1 failed"), std::string::npos) << r.err;
    EXPECT_EQ(r.out, "a.skel -> out/a.json\nc.skel -> out/c.json\nd.skel -> out/d.json\n");
    const std::string a = slurp(d / "out" / "a.json");
    EXPECT_NE(a.find("\"skeleton\""), std::string::npos);
    EXPECT_EQ(slurp(d / "out" / "c.json"), a);  // replaced
    EXPECT_EQ(slurp(d / "out" / "d.json"), a);
    EXPECT_EQ(slurp(d / "out" / "b.json"), "precious b");  // the bad input's output is untouched
    EXPECT_EQ(temporaries(d / "out"), 0u);
}

TEST(BatchConvert, ParallelJobsGiveIdenticalOutputsAndMessages) {
    const fs::path d = batch_folder();
    const std::string inputs = " a.skel b.skel c.skel d.skel a.skel";  // a.skel twice: the second is refused
    const auto one = rigio_in(d, "convert -v --json --out-dir out1 --to spine-binary" + inputs);
    const auto two = rigio_in(d, "convert -v --json -j 3 --out-dir out2 --to spine-binary" + inputs);
    EXPECT_EQ(one.code, 1);
    EXPECT_EQ(two.code, one.code);
    EXPECT_EQ(two.err, one.err);
    std::string out1 = one.out, out2 = two.out;
    for (std::string* s : {&out1, &out2})  // the folders' names differ
        for (std::size_t at; (at = s->find("out2/")) != std::string::npos;) s->replace(at, 5, "out1/");
    EXPECT_EQ(out2, out1);
    EXPECT_NE(one.out.find("an earlier input of this run was written there"), std::string::npos) << one.out;
    std::size_t files = 0;
    for (const auto& e : fs::directory_iterator(d / "out1")) {
        ++files;
        EXPECT_EQ(slurp(d / "out2" / e.path().filename()), slurp(e.path())) << e.path();
    }
    EXPECT_EQ(files, 3u);  // a, c, d
    EXPECT_EQ(temporaries(d / "out2"), 0u);
}

TEST(BatchConvert, UnwritableOutputFailsAloneAndLeavesNoTemporary) {
    const fs::path d = batch_folder();
    fs::create_directories(d / "out" / "a.json");  // a directory where a.json should go
    const auto r = rigio_in(d, "convert -j 2 --out-dir out --to spine-json a.skel c.skel");
    EXPECT_EQ(r.code, 1) << r.err;
    EXPECT_NE(r.err.find("a.skel: "), std::string::npos) << r.err;
    EXPECT_TRUE(fs::is_directory(d / "out" / "a.json"));
    EXPECT_NE(slurp(d / "out" / "c.json").find("\"skeleton\""), std::string::npos);
    EXPECT_EQ(temporaries(d / "out"), 0u);
}
