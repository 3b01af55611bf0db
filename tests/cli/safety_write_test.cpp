// The CLI never destroys a file (issue 14): inputs are never overwritten, batch outputs never
// replace each other, -n, atomic writes that keep the target's nature, '-' for standard streams,
// and write errors on standard output.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include "cli/cli_run.hpp"
#include "support/shared.hpp"

namespace fs = std::filesystem;
using CliResult = rigio::test::CliRun;
using rigio::test::rigio_in;
using rigio::test::slurp;
using rigio::test::spit;

namespace {

fs::path dir() { return rigio::test::test_dir("rigio-safety"); }

fs::path copy_stickman(const fs::path& d, const std::string& name) {
    fs::copy_file(rigio::test::stickman(), d / name, fs::copy_options::overwrite_existing);
    return d / name;
}

bool is_spine_json(const std::string& text) { return text.find("\"skeleton\"") != std::string::npos && text.find("\"bones\"") != std::string::npos; }

std::size_t temporaries(const fs::path& d) {
    std::size_t n = 0;
    for (const auto& e : fs::directory_iterator(d)) n += e.path().filename().string().rfind(".rigio-", 0) == 0;
    return n;
}

}  // namespace

TEST(CliSafety, OutputEqualToTheInputIsRefused) {
    const fs::path d = dir();
    const std::string original = slurp(copy_stickman(d, "a.skel"));
    for (const char* out : {"a.skel", "./a.skel", "../" /* replaced below */}) {
        std::string o = out;
        if (o == "../") o = "../" + d.filename().string() + "/a.skel";
        const CliResult r = rigio_in(d, "convert a.skel " + o + " --to spine-json");
        EXPECT_EQ(r.code, 2) << o << ": " << r.err;
        EXPECT_NE(r.err.find("refusing to overwrite the input"), std::string::npos) << r.err;
        EXPECT_EQ(slurp(d / "a.skel"), original);
    }
    // The same file through a hard link or a symbolic link.
    fs::create_hard_link(d / "a.skel", d / "hl.json");
    fs::create_symlink("a.skel", d / "sl.json");
    for (const char* out : {"hl.json", "sl.json"}) {
        const CliResult r = rigio_in(d, std::string("convert a.skel ") + out);
        EXPECT_EQ(r.code, 2) << out << ": " << r.err;
        EXPECT_EQ(slurp(d / "a.skel"), original);
    }
    EXPECT_TRUE(fs::equivalent(d / "a.skel", d / "hl.json"));
    EXPECT_TRUE(fs::is_symlink(d / "sl.json"));
}

TEST(CliSafety, OutDirBatchNeverReplacesAnInput) {
    const fs::path d = dir();
    const std::string original = slurp(copy_stickman(d, "a.skel"));
    const CliResult r = rigio_in(d, "convert --out-dir . --to spine-binary a.skel");
    EXPECT_NE(r.code, 0);
    EXPECT_NE(r.err.find("refusing to overwrite the input"), std::string::npos) << r.err;
    EXPECT_EQ(slurp(d / "a.skel"), original);
}

// Every output of a batch is checked against every input, under any name: a.skel's output a.json is
// a symbolic link to the input b.skel, and c.skel's output is the later input c.json.
TEST(CliSafety, OutDirBatchChecksEachOutputAgainstEveryInput) {
    const fs::path d = dir();
    fs::create_directories(d / "in");
    copy_stickman(d / "in", "a.skel");
    const std::string b = slurp(copy_stickman(d / "in", "b.skel"));
    copy_stickman(d / "in", "c.skel");
    ASSERT_EQ(rigio_in(d, "convert in/c.skel in/c.json").code, 0);
    const std::string c = slurp(d / "in" / "c.json");
    fs::create_symlink("b.skel", d / "in" / "a.json");
    const CliResult r = rigio_in(d, "convert --out-dir in --to spine-json in/a.skel in/b.skel in/c.skel in/c.json");
    EXPECT_EQ(r.code, 2) << r.err;
    EXPECT_NE(r.err.find("refusing to overwrite the input in/b.skel (use a different output) (in/a.skel)"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("refusing to overwrite the input in/c.json (use a different output) (in/c.skel)"), std::string::npos) << r.err;
    EXPECT_EQ(slurp(d / "in" / "b.skel"), b);
    EXPECT_EQ(slurp(d / "in" / "c.json"), c);
    EXPECT_TRUE(fs::is_symlink(d / "in" / "a.json"));
    EXPECT_TRUE(fs::exists(d / "in" / "b.json"));
}

TEST(CliSafety, BatchNameCollisionFailsTheSecondInputAndCountsWhatWasWritten) {
    const fs::path d = dir();
    fs::create_directories(d / "src");
    copy_stickman(d / "src", "a.skel");
    ASSERT_EQ(rigio_in(d, "convert src/a.skel ref.json").code, 0);
    // a.json: the same skeleton with another hash, so the two outputs differ.
    std::string json = slurp(d / "ref.json");
    const std::size_t hash = json.find("\"hash\": \"");
    ASSERT_NE(hash, std::string::npos);
    json.insert(hash + 9, "other-");
    spit(d / "src" / "a.json", json);
    ASSERT_EQ(rigio_in(d, "validate src/a.json").code, 0);
    const CliResult r = rigio_in(d, "convert --out-dir out --to spine-json src/a.skel src/a.json");
    EXPECT_EQ(r.code, 1) << r.err;
    EXPECT_NE(r.err.find("1 ok, 1 failed"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("earlier input"), std::string::npos) << r.err;
    EXPECT_EQ(slurp(d / "out" / "a.json"), slurp(d / "ref.json"));  // the first input's output, not replaced
}

TEST(CliSafety, NoClobberSkipsAnExistingOutputAndSaysSo) {
    const fs::path d = dir();
    copy_stickman(d, "c.skel");
    for (const char* flag : {"-n", "--no-clobber"}) {
        spit(d / "out.json", "keep\n");
        const CliResult r = rigio_in(d, std::string("convert ") + flag + " c.skel out.json");
        EXPECT_EQ(r.code, 0) << r.err;
        EXPECT_EQ(slurp(d / "out.json"), "keep\n");
        EXPECT_NE(r.err.find("already exists"), std::string::npos) << r.err;
    }
    // Without -n an existing output is replaced.
    EXPECT_EQ(rigio_in(d, "convert c.skel out.json").code, 0);
    EXPECT_TRUE(is_spine_json(slurp(d / "out.json")));
}

TEST(CliSafety, SymbolicLinkOutputIsWrittenThrough) {
    const fs::path d = dir();
    copy_stickman(d, "c.skel");
    fs::create_directories(d / "sub");
    spit(d / "sub" / "real.json", "old\n");
    fs::create_symlink("sub/real.json", d / "link.json");
    const CliResult r = rigio_in(d, "convert c.skel link.json");
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_TRUE(fs::is_symlink(d / "link.json"));
    EXPECT_EQ(fs::read_symlink(d / "link.json"), "sub/real.json");
    EXPECT_TRUE(is_spine_json(slurp(d / "sub" / "real.json")));
    EXPECT_EQ(temporaries(d) + temporaries(d / "sub"), 0u);
}

TEST(CliSafety, ExistingOutputKeepsItsPermissionBits) {
    const fs::path d = dir();
    copy_stickman(d, "c.skel");
    spit(d / "out.json", "old\n");
    ::chmod((d / "out.json").c_str(), 0640);
    EXPECT_EQ(rigio_in(d, "convert c.skel out.json").code, 0);
    struct stat st {};
    ASSERT_EQ(::stat((d / "out.json").c_str(), &st), 0);
    EXPECT_EQ(st.st_mode & 07777, 0640u);
    EXPECT_TRUE(is_spine_json(slurp(d / "out.json")));
}

TEST(CliSafety, ReadOnlyOutputIsRefusedUnlessForced) {
    const fs::path d = dir();
    std::string as_user;
    if (::geteuid() == 0) {  // root may write anything: run rigio as an unprivileged user, as cp would be
        if (std::system("command -v setpriv >/dev/null") != 0) GTEST_SKIP() << "root without setpriv";
        as_user = "setpriv --reuid=65534 --regid=65534 --clear-groups -- ";
        ::chown(d.c_str(), 65534, 65534);
        ::chmod(d.c_str(), 0755);
        for (fs::path p = d.parent_path(); p != p.root_path(); p = p.parent_path())
            if (::access(p.c_str(), X_OK) != 0) GTEST_SKIP() << "the unprivileged user cannot reach " << d;
    }
    copy_stickman(d, "c.skel");
    spit(d / "ro.json", "old\n");
    ::chmod((d / "ro.json").c_str(), 0444);
    if (!as_user.empty()) ::chown((d / "ro.json").c_str(), 65534, 65534);
    const std::string cli = rigio::test::cli_path();
    auto run = [&](const std::string& args) {
        return std::system(("cd '" + d.string() + "' && " + as_user + "'" + cli + "' " + args + " >/dev/null 2>'" + d.string() + ".err'").c_str());
    };
    EXPECT_NE(run("convert c.skel ro.json"), 0);
    EXPECT_EQ(slurp(d / "ro.json"), "old\n");
    EXPECT_NE(slurp(d.string() + ".err").find("read-only"), std::string::npos) << slurp(d.string() + ".err");
    EXPECT_EQ(run("convert -f c.skel ro.json"), 0) << slurp(d.string() + ".err");
    EXPECT_TRUE(is_spine_json(slurp(d / "ro.json")));
}

TEST(CliSafety, NonRegularOutputIsWrittenIntoNeverReplaced) {
    const fs::path d = dir();
    copy_stickman(d, "c.skel");
    ASSERT_EQ(::mkfifo((d / "pipe.json").c_str(), 0644), 0);
    const std::string cmd = "cd '" + d.string() + "' && (timeout 20 cat pipe.json > got.txt 2>/dev/null &) && '" + rigio::test::cli_path() +
                            "' convert c.skel pipe.json && sleep 0.2";
    EXPECT_EQ(std::system(cmd.c_str()), 0);
    struct stat st {};
    ASSERT_EQ(::lstat((d / "pipe.json").c_str(), &st), 0);
    EXPECT_TRUE(S_ISFIFO(st.st_mode));
    EXPECT_TRUE(is_spine_json(slurp(d / "got.txt")));
    // /dev/stdout is written into: the shell's redirection receives the JSON.
    const CliResult r = rigio_in(d, "convert c.skel /dev/stdout --to spine-json");
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_TRUE(is_spine_json(r.out));
}

TEST(CliSafety, OutputNamesOf255BytesWork) {
    const fs::path d = dir();
    copy_stickman(d, "c.skel");
    const std::string name(250, 'n');
    const CliResult r = rigio_in(d, "convert c.skel " + name + ".json");
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_TRUE(is_spine_json(slurp(d / (name + ".json"))));
}

TEST(CliSafety, FailedConversionKeepsTheOldOutputAndLeavesNothing) {
    const fs::path d = dir();
    spit(d / "bad.skel", slurp(rigio::test::stickman()).substr(0, 200));
    spit(d / "out.json", "keep me\n");
    EXPECT_EQ(rigio_in(d, "convert bad.skel out.json").code, 1);
    EXPECT_EQ(slurp(d / "out.json"), "keep me\n");
    EXPECT_EQ(std::distance(fs::directory_iterator(d), fs::directory_iterator()), 2);
}

TEST(CliSafety, DashIsStandardOutput) {
    const fs::path d = dir();
    copy_stickman(d, "c.skel");
    CliResult r = rigio_in(d, "convert c.skel - --to spine-json");
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_TRUE(is_spine_json(r.out));
    r = rigio_in(d, "pose c.skel --samples 1 -o -");
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("\"runs\""), std::string::npos);
    r = rigio_in(d, "pose c.skel --samples 1 -o p.json");
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_NE(slurp(d / "p.json").find("\"runs\""), std::string::npos);
    EXPECT_FALSE(fs::exists(d / "-"));
}

TEST(CliSafety, DashIsStandardInput) {
    const fs::path d = dir();
    const std::string in = copy_stickman(d, "c.skel").string();
    CliResult r = rigio_in(d, "convert - out.json --to spine-json", in);  // the format is detected from the content
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_TRUE(is_spine_json(slurp(d / "out.json")));
    r = rigio_in(d, "convert - out.skel --from spine-json", (d / "out.json").string());
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(slurp(d / "out.skel"), slurp(in));
    EXPECT_EQ(rigio_in(d, "info -", in).code, 0);
    EXPECT_EQ(rigio_in(d, "validate -", in).code, 0);
}

TEST(CliSafety, WriteErrorsOnStandardOutputAreErrors) {
    if (!fs::exists("/dev/full")) GTEST_SKIP() << "no /dev/full";
    const fs::path d = dir();
    copy_stickman(d, "c.skel");
    for (const char* args : {"info c.skel", "info --json c.skel", "validate c.skel", "pose c.skel --samples 1",
                             "convert c.skel - --to spine-json"}) {
        const CliResult r = rigio_in(d, args, {}, "/dev/full");
        EXPECT_EQ(r.code, 1) << args;
        EXPECT_NE(r.err.find("could not write to standard output"), std::string::npos) << args << ": " << r.err;
    }
}
