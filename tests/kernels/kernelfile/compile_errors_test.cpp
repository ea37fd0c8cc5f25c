// What a student sees when the file does not compile: one line per
// diagnostic with its file, line and column, and the compile cache.
#include <gtest/gtest.h>

#include "kernels/kernelfile/kernel_file_runner.h"
#include "kernels/kernelfile/nvrtc_compiler.h"

namespace ws::kernelfile {
namespace {

TEST(KernelFileCompile, AnErrorIsOneLineWithFileLineAndColumn) {
    const std::string source =
        "// line 1\n"
        "__global__ void k(float* out) {\n"
        "    out[0] = undefined_name;\n"
        "}\n";
    auto compiled = compileKernelFile({"mine.cu", source, {"k"}, 9, 0});
    ASSERT_FALSE(compiled.ok());
    EXPECT_EQ(compiled.error(), "mine.cu:3:14: error: identifier \"undefined_name\" is undefined");
    EXPECT_TRUE(isCompileError(compiled.error()));
}

TEST(KernelFileCompile, EveryDiagnosticHasItsLine) {
    const std::string source =
        "__global__ void k(float* out) {\n"
        "    out[0] = a;\n"
        "    out[1] = b;\n"
        "}\n";
    auto compiled = compileKernelFile({"two.cu", source, {"k"}, 9, 0});
    ASSERT_FALSE(compiled.ok());
    EXPECT_NE(compiled.error().find("two.cu:2:"), std::string::npos) << compiled.error();
    EXPECT_NE(compiled.error().find("\ntwo.cu:3:"), std::string::npos) << compiled.error();
}

TEST(KernelFileCompile, AKernelTheFileDoesNotHaveIsNamed) {
    auto compiled = compileKernelFile({"none.cu", "__global__ void k() {}\n", {"missing"}, 9, 0});
    ASSERT_FALSE(compiled.ok());
    EXPECT_NE(compiled.error().find("missing"), std::string::npos) << compiled.error();
}

TEST(KernelFileCompile, TheSameFileAgainComesFromTheCache) {
    const std::string source = "__global__ void cached(int* p) { p[threadIdx.x] = 1; }\n";
    auto first = compileKernelFile({"cache.cu", source, {"cached"}, 9, 0});
    ASSERT_TRUE(first.ok()) << first.error();
    EXPECT_FALSE(first->fromCache);
    const int hits = compileCacheHits();
    auto second = compileKernelFile({"cache.cu", source, {"cached"}, 9, 0});
    ASSERT_TRUE(second.ok());
    EXPECT_TRUE(second->fromCache);
    EXPECT_EQ(second->ptx, first->ptx);
    EXPECT_EQ(compileCacheHits(), hits + 1);
    // An edit compiles again.
    auto edited = compileKernelFile({"cache.cu", source + "// edited\n", {"cached"}, 9, 0});
    ASSERT_TRUE(edited.ok());
    EXPECT_FALSE(edited->fromCache);
}

// A worker that runs a whole class's files keeps only the latest ones.
TEST(KernelFileCompile, TheCacheKeepsTheLatestFilesOnly) {
    auto source = [](int i) {
        return "__global__ void k(int* p) { p[threadIdx.x] = " + std::to_string(i) + "; }\n";
    };
    ASSERT_TRUE(compileKernelFile({"first.cu", source(0), {"k"}, 9, 0}).ok());
    for (int i = 1; i <= 64; ++i)
        ASSERT_TRUE(compileKernelFile({"later.cu", source(i), {"k"}, 9, 0}).ok());
    auto again = compileKernelFile({"later.cu", source(64), {"k"}, 9, 0});
    ASSERT_TRUE(again.ok());
    EXPECT_TRUE(again->fromCache);  // the latest is kept
    auto first = compileKernelFile({"first.cu", source(0), {"k"}, 9, 0});
    ASSERT_TRUE(first.ok());
    EXPECT_FALSE(first->fromCache);  // 64 files later, the first was let go
}

TEST(KernelFileCompile, HungLaunchesAreToldApart) {
    EXPECT_FALSE(isCompileError("grid.x = 'n / 3' is 341.3"));
    EXPECT_FALSE(isHungLaunch("mine.cu:3:14: error: x"));
}

}  // namespace
}  // namespace ws::kernelfile
