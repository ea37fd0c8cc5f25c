// `warpscope-record run-kernel` without a GPU: a file is checked, compiled
// and refused as a user would see it, with exit status 2 for what the file
// or the command line got wrong.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "kernels/device/device_query.h"
#include "tests/app/record/run_kernel_tool.h"

namespace ws::test {
namespace {

TEST(RunKernel, EveryExampleChecksAndCompiles) {
    for (const char* name : {"vector_add", "matmul_naive", "matmul_tiled", "transpose_uint8",
                             "reduce_interleaved", "argmin_cas"}) {
        auto o =
            runRecorder("run-kernel " +
                        sourcePath(std::string("examples/kernels/") + name + ".cu") + " --check");
        EXPECT_EQ(o.status, 0) << name << ": " << o.output;
    }
}

TEST(RunKernel, ACompileErrorIsItsLineAndStatusTwo) {
    const std::string path = ::testing::TempDir() + "typo.cu";
    std::ofstream(path) << "/* warpscope\nkernel: k\ngrid: 1\nblock: 32\nargs:\n"
                           "  - p: {buffer: int, length: 32, output: true}\n*/\n"
                           "__global__ void k(int* p) {\n    p[threadIdx.x] = q;\n}\n";
    auto o = runRecorder("run-kernel " + path + " -o " + ::testing::TempDir() + "typo.wstrace");
    EXPECT_EQ(o.status, 2) << o.output;
    EXPECT_EQ(o.output, "typo.cu:9:22: error: identifier \"q\" is undefined\n");
}

TEST(RunKernel, EveryDocumentedFlagIsAccepted) {
    const std::string add = sourcePath("examples/kernels/vector_add.cu");
    auto o = runRecorder("run-kernel " + add +
                         " n=4096 --check --warps --time-limit 5 -r 3 --no-why --without-records");
    EXPECT_EQ(o.status, 0) << o.output;
}

TEST(RunKernel, BadParametersAndUsageAreStatusTwo) {
    const std::string add = sourcePath("examples/kernels/vector_add.cu");
    auto range = runRecorder("run-kernel " + add + " n=0 --check");
    EXPECT_EQ(range.status, 2);
    EXPECT_NE(range.output.find("n=0 is out of range [1, 67108864]"), std::string::npos)
        << range.output;
    auto unknown = runRecorder("run-kernel " + add + " m=3 --check");
    EXPECT_EQ(unknown.status, 2) << unknown.output;
    auto noOutput = runRecorder("run-kernel " + add);
    EXPECT_EQ(noOutput.status, 2);
    EXPECT_NE(noOutput.output.find("-o RUN.wstrace is needed"), std::string::npos)
        << noOutput.output;
    auto missing = runRecorder("run-kernel /no/such/file.cu --check");
    EXPECT_EQ(missing.status, 2);
    EXPECT_NE(missing.output.find("cannot read /no/such/file.cu"), std::string::npos);
}

TEST(RunKernel, WithoutAGpuItSaysWhyAndWritesNothing) {
    const std::string reason = cudaUnavailableReason();
    if (reason.empty()) GTEST_SKIP() << "a CUDA device is usable here";
    const std::string out = ::testing::TempDir() + "nogpu.wstrace";
    auto o =
        runRecorder("run-kernel " + sourcePath("examples/kernels/vector_add.cu") + " -o " + out);
    EXPECT_EQ(o.status, 1) << o.output;
    EXPECT_NE(o.output.find("cannot run"), std::string::npos) << o.output;
    EXPECT_FALSE(std::ifstream(out).good());
}

TEST(RunKernel, NpyFilesBesideTheFileAreReadAndHeldToTheirBuffers) {
    auto good = runRecorder("run-kernel " +
                            sourcePath("tests/data/kernelfiles/saxpy_npy/saxpy.cu") + " --check");
    EXPECT_EQ(good.status, 0) << good.output;
    // The same file in another folder, beside an x.npy of the wrong type.
    const std::string folder = ::testing::TempDir() + "npy-elsewhere/";
    std::filesystem::create_directories(folder);
    std::filesystem::copy_file(sourcePath("tests/data/kernelfiles/saxpy_npy/saxpy.cu"),
                               folder + "saxpy.cu",
                               std::filesystem::copy_options::overwrite_existing);
    std::string header = "{'descr': '<i4', 'fortran_order': False, 'shape': (1000,), }";
    while ((10 + header.size() + 1) % 64) header += ' ';
    header += '\n';
    std::ofstream(folder + "x.npy", std::ios::binary)
        << std::string("\x93NUMPY\x01\x00", 8) << char(header.size()) << char(0) << header
        << std::string(4000, '\0');
    auto wrong = runRecorder("run-kernel " + folder + "saxpy.cu --check");
    EXPECT_EQ(wrong.status, 2) << wrong.output;
    EXPECT_NE(wrong.output.find("x.npy holds int32 elements, and the buffer x is float32"),
              std::string::npos)
        << wrong.output;
    std::filesystem::remove(folder + "x.npy");
    auto missing = runRecorder("run-kernel " + folder + "saxpy.cu --check");
    EXPECT_EQ(missing.status, 2) << missing.output;
    EXPECT_NE(missing.output.find("cannot read"), std::string::npos) << missing.output;
}

// --sanitize runs the file again under compute-sanitizer: which one, and how
// its report is read, without a GPU (a stand-in that prints a summary).
TEST(RunKernel, SanitizeFindsTheSanitizerAndReadsItsSummary) {
    const std::string add = sourcePath("examples/kernels/vector_add.cu");
    auto tool = runRecorder("run-kernel " + add + " --sanitize=leakcheck");
    EXPECT_EQ(tool.status, 2) << tool.output;
    EXPECT_NE(tool.output.find("the tools are memcheck, racecheck, initcheck and synccheck"),
              std::string::npos)
        << tool.output;

    ::setenv("WARPSCOPE_COMPUTE_SANITIZER", "", 1);
    auto none = runRecorder("run-kernel " + add + " --sanitize");
    EXPECT_EQ(none.status, 1) << none.output;
    EXPECT_NE(none.output.find("compute-sanitizer is not installed here"), std::string::npos)
        << none.output;

    const std::string fake = ::testing::TempDir() + "fake-sanitizer.sh";
    std::ofstream(fake) << "#!/bin/sh\necho \"========= args: $*\"\n"
                           "echo \"========= Invalid __global__ write of size 4 bytes\"\n"
                           "echo \"========= ERROR SUMMARY: 3 errors\"\n";
    std::filesystem::permissions(fake, std::filesystem::perms::owner_all);
    ::setenv("WARPSCOPE_COMPUTE_SANITIZER", fake.c_str(), 1);
    auto found = runRecorder("run-kernel " + add + " n=4096 --sanitize=racecheck");
    ::unsetenv("WARPSCOPE_COMPUTE_SANITIZER");
    EXPECT_EQ(found.status, 1) << found.output;
    EXPECT_NE(found.output.find("========= args: --tool racecheck"), std::string::npos)
        << found.output;
    EXPECT_NE(found.output.find("run-kernel " + add), std::string::npos) << found.output;
    EXPECT_NE(found.output.find("compute-sanitizer racecheck found 3 errors in"), std::string::npos)
        << found.output;
}

}  // namespace
}  // namespace ws::test
