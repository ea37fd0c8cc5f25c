#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <csignal>
#include <filesystem>
#include <fstream>

#include "core/run/synthetic_run.h"
#include "core/trace/trace_io.h"

namespace ws {
namespace {

namespace fs = std::filesystem;

class TraceFile : public ::testing::Test {
protected:
    void SetUp() override {
        m_dir = fs::temp_directory_path() /
                ("ws_trace_file_test_" + std::to_string(::getpid()) + "_" +
                 ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(m_dir);
        fs::create_directories(m_dir);
    }
    void TearDown() override {
        std::error_code ec;
        fs::permissions(m_dir, fs::perms::owner_all, ec);
        fs::remove_all(m_dir, ec);
    }
    std::size_t entries() const {
        return std::size_t(std::distance(fs::directory_iterator(m_dir), fs::directory_iterator()));
    }
    fs::path m_dir;
};

TEST_F(TraceFile, SavesAndLoads) {
    const ws::Run run = makeSyntheticRun(500, 8, 4);
    const auto path = m_dir / "run.wstrace";
    ASSERT_TRUE(saveTrace(run, path));
    auto loaded = loadTrace(path);
    ASSERT_TRUE(loaded) << loaded.error();
    EXPECT_EQ(loaded->launches[0].blocks.endNs, run.launches[0].blocks.endNs);
    EXPECT_EQ(entries(), 1u);  // no temporary left behind
}

TEST_F(TraceFile, SavingThroughALinkRewritesItsTargetAndKeepsTheLink) {
    fs::create_directories(m_dir / "store");
    const auto target = m_dir / "store" / "kept.wstrace";
    std::ofstream(target) << "old";
    fs::create_symlink("store/kept.wstrace", m_dir / "link.wstrace");
    ASSERT_TRUE(saveTrace(makeSyntheticRun(20, 2, 1), m_dir / "link.wstrace"));
    EXPECT_TRUE(fs::is_symlink(m_dir / "link.wstrace"));
    EXPECT_TRUE(loadTrace(target).ok());
    EXPECT_EQ(entries(), 2u);  // the folder and the link; the temporary went beside the target
    EXPECT_EQ(std::distance(fs::directory_iterator(m_dir / "store"), fs::directory_iterator()), 1);
}

TEST_F(TraceFile, APipeOrAFolderIsNotReadAsATrace) {
    const auto pipe = m_dir / "pipe";
    ASSERT_EQ(::mkfifo(pipe.c_str(), 0600), 0);
    auto fromPipe = loadTrace(pipe);  // must not block waiting for a writer
    ASSERT_FALSE(fromPipe);
    EXPECT_NE(fromPipe.error().find("not a regular file"), std::string::npos) << fromPipe.error();
    auto fromNull = loadTrace("/dev/null");
    ASSERT_FALSE(fromNull);
    EXPECT_NE(fromNull.error().find("not a regular file"), std::string::npos) << fromNull.error();
    auto fromFolder = loadTrace(m_dir);
    ASSERT_FALSE(fromFolder);
    EXPECT_NE(fromFolder.error().find("it is a folder"), std::string::npos) << fromFolder.error();
}

TEST_F(TraceFile, APipeIsNotReplacedByAFile) {
    const auto pipe = m_dir / "pipe";
    ASSERT_EQ(::mkfifo(pipe.c_str(), 0600), 0);
    const Status s = saveTrace(makeSyntheticRun(20, 2, 1), pipe);
    ASSERT_FALSE(s.ok());
    EXPECT_NE(s.error().find("not a regular file"), std::string::npos) << s.error();
    EXPECT_TRUE(fs::is_fifo(pipe));
    EXPECT_EQ(entries(), 1u);
}

TEST_F(TraceFile, LoadErrorsNameThePath) {
    auto missing = loadTrace(m_dir / "missing.wstrace");
    ASSERT_FALSE(missing);
    EXPECT_NE(missing.error().find("missing.wstrace"), std::string::npos) << missing.error();
    const auto garbage = m_dir / "garbage.wstrace";
    std::ofstream(garbage) << "not a trace";
    auto bad = loadTrace(garbage);
    ASSERT_FALSE(bad);
    EXPECT_NE(bad.error().find("garbage.wstrace"), std::string::npos) << bad.error();
    auto dir = loadTrace(m_dir);
    EXPECT_FALSE(dir);
}

TEST_F(TraceFile, FailedSaveKeepsTheOldFile) {
    if (::geteuid() == 0) GTEST_SKIP() << "root ignores directory permissions";
    const auto path = m_dir / "run.wstrace";
    ASSERT_TRUE(saveTrace(makeSyntheticRun(10, 2, 1), path));
    const auto oldSize = fs::file_size(path);
    fs::permissions(m_dir, fs::perms::owner_read | fs::perms::owner_exec);
    Status s = saveTrace(makeSyntheticRun(1000, 2, 1), path);
    fs::permissions(m_dir, fs::perms::owner_all);
    ASSERT_FALSE(s);
    EXPECT_NE(s.error().find("run.wstrace"), std::string::npos) << s.error();
    EXPECT_EQ(fs::file_size(path), oldSize);
    EXPECT_TRUE(loadTrace(path));
    EXPECT_EQ(entries(), 1u);
}

// A full disk, simulated with a file size limit (which binds root too).
TEST_F(TraceFile, FullDiskKeepsTheOldFile) {
    const auto path = m_dir / "run.wstrace";
    ASSERT_TRUE(saveTrace(makeSyntheticRun(10, 2, 1), path));
    const auto oldSize = fs::file_size(path);
    rlimit old{};
    ASSERT_EQ(::getrlimit(RLIMIT_FSIZE, &old), 0);
    const auto oldHandler = std::signal(SIGXFSZ, SIG_IGN);
    rlimit small = old;
    small.rlim_cur = 4096;
    ASSERT_EQ(::setrlimit(RLIMIT_FSIZE, &small), 0);
    Status s = saveTrace(makeSyntheticRun(5000, 2, 1), path);
    ::setrlimit(RLIMIT_FSIZE, &old);
    std::signal(SIGXFSZ, oldHandler);
    ASSERT_FALSE(s);
    EXPECT_NE(s.error().find("writing failed"), std::string::npos) << s.error();
    EXPECT_EQ(fs::file_size(path), oldSize);
    EXPECT_TRUE(loadTrace(path));
    EXPECT_EQ(entries(), 1u);
}

TEST_F(TraceFile, InvalidRunIsNotSaved) {
    const auto path = m_dir / "run.wstrace";
    ASSERT_TRUE(saveTrace(makeSyntheticRun(10, 2, 1), path));
    ws::Run bad = makeSyntheticRun(10, 2, 1);
    bad.launches[0].blocks.sm.pop_back();
    Status s = saveTrace(bad, path);
    ASSERT_FALSE(s);
    EXPECT_NE(s.error().find("blocks.sm has 9 values"), std::string::npos) << s.error();
    EXPECT_TRUE(loadTrace(path));
    EXPECT_FALSE(saveTrace(makeSyntheticRun(1, 1, 1), m_dir / "no-such-dir" / "x.wstrace"));
}

}  // namespace
}  // namespace ws
