// Output paths are checked before the work whose result they receive.
#include "core/common/output_path.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fstream>

namespace ws {
namespace {

class OutputPath : public ::testing::Test {
protected:
    OutputPath() {
        std::filesystem::create_directories(m_dir / "sub");
        std::ofstream(m_dir / "trace.wstrace") << "trace";
        std::ofstream(m_dir / "plain") << "a file, not a folder";
    }
    ~OutputPath() override { std::filesystem::remove_all(m_dir); }
    const std::filesystem::path m_dir =
        std::filesystem::temp_directory_path() / ("ws-output-path-" + std::to_string(::getpid()));
};

void expectRefused(const Status& s, const std::string& fragment) {
    ASSERT_FALSE(s.ok()) << "accepted";
    EXPECT_NE(s.error().find(fragment), std::string::npos) << s.error();
}

TEST_F(OutputPath, ANewOrExistingFileInAFolderIsFine) {
    EXPECT_TRUE(checkOutputPath(m_dir / "new.json").ok());
    EXPECT_TRUE(checkOutputPath(m_dir / "trace.wstrace").ok());  // replaced, not read
    EXPECT_TRUE(checkOutputPath(m_dir / "sub" / "x.png", {m_dir / "trace.wstrace"}).ok());
}

TEST_F(OutputPath, AFolderOrAMissingFolderIsRefused) {
    expectRefused(checkOutputPath(m_dir / "sub"), "it is a folder");
    expectRefused(checkOutputPath(m_dir / "missing" / "x.wstrace"), "does not exist");
    expectRefused(checkOutputPath(m_dir / "plain" / "x.wstrace"), "is not a folder");
    expectRefused(checkOutputPath(""), "no output file");
}

TEST_F(OutputPath, TheInputIsRefusedUnderAnyOfItsNames) {
    const auto input = m_dir / "trace.wstrace";
    expectRefused(checkOutputPath(input, {input}), "it is the file being read");
    expectRefused(checkOutputPath(m_dir / "sub" / ".." / "trace.wstrace", {input}),
                  "it is the file being read");
    std::filesystem::create_symlink(input, m_dir / "link.wstrace");
    expectRefused(checkOutputPath(m_dir / "link.wstrace", {input}), "it is the file being read");
    EXPECT_TRUE(sameFile(m_dir / "link.wstrace", input));
    EXPECT_FALSE(sameFile(m_dir / "new.json", input));  // a file that does not exist yet
}

TEST_F(OutputPath, APipeOrDeviceIsRefusedAndALinkNamesItsTarget) {
    ASSERT_EQ(::mkfifo((m_dir / "pipe").c_str(), 0600), 0);
    expectRefused(checkOutputPath(m_dir / "pipe"), "not a regular file");
    expectRefused(checkOutputPath("/dev/null"), "not a regular file");
    std::filesystem::create_symlink(m_dir / "pipe", m_dir / "to-pipe");
    expectRefused(checkOutputPath(m_dir / "to-pipe"), "not a regular file");
    // A link into a missing folder is checked where the file would go.
    std::filesystem::create_symlink(m_dir / "missing" / "x.json", m_dir / "dangling");
    expectRefused(checkOutputPath(m_dir / "dangling"), "does not exist");
    std::filesystem::create_symlink("sub/../trace.wstrace", m_dir / "relative");
    EXPECT_EQ(saveTarget(m_dir / "relative"), m_dir / "sub/../trace.wstrace");
    EXPECT_EQ(saveTarget(m_dir / "plain"), m_dir / "plain");
}

}  // namespace
}  // namespace ws
