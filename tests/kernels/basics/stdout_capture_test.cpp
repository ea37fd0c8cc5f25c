// Capturing fd 1 around a piece of work: what stdio and raw writes print is
// returned, fd 1 is restored afterwards, and an error of the work comes back
// beside the text.
#include "kernels/common/stdout_capture.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>

namespace ws {
namespace {

struct stat statOf(int fd) {
    struct stat s {};
    fstat(fd, &s);
    return s;
}

TEST(StdoutCapture, TakesStdioAndRawWritesAndRestoresFdOne) {
    const struct stat before = statOf(STDOUT_FILENO);
    auto out = captureStdout([] {
        std::printf("Hello from block %u\n", 3u);  // buffered stdio, as the CUDA runtime writes
        std::fflush(stdout);                       // (a file is fully buffered: keep the order)
        const char raw[] = "raw line\n";
        if (::write(STDOUT_FILENO, raw, sizeof raw - 1) < 0) return Status(makeError("write"));
        return Status{};
    });
    ASSERT_TRUE(out) << out.error();
    EXPECT_TRUE(out->status.ok());
    EXPECT_EQ(out->text, "Hello from block 3\nraw line\n");
    const struct stat after = statOf(STDOUT_FILENO);
    EXPECT_EQ(before.st_ino, after.st_ino);
    EXPECT_EQ(before.st_dev, after.st_dev);
}

TEST(StdoutCapture, WorkErrorsComeBackWithTheText) {
    auto out = captureStdout([] {
        std::printf("partial\n");
        return Status(makeError("launch failed"));
    });
    ASSERT_TRUE(out);
    EXPECT_FALSE(out->status.ok());
    EXPECT_EQ(out->status.error(), "launch failed");
    EXPECT_EQ(out->text, "partial\n");
    auto big = captureStdout([] {
        for (int i = 0; i < 20000; ++i) std::printf("line %05d of a long output\n", i);
        return Status{};
    });
    ASSERT_TRUE(big);
    EXPECT_EQ(big->text.size(), 20000u * 28);  // more than a pipe holds: a file does not block
}

}  // namespace
}  // namespace ws
