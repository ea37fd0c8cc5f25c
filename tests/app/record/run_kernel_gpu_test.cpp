// `warpscope-record run-kernel` on the GPU: an example's trace written and
// read back, a launch that never ends reported after its time limit (the
// process leaving, not hanging), an illegal address reported as the run's
// error.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <map>

#include "core/kernelfile/kernel_file_spec.h"
#include "core/trace/trace_io.h"
#include "tests/app/record/run_kernel_tool.h"
#include "tests/kernels/support/require_gpu.h"

namespace ws::test {
namespace {

TEST(RunKernelOnGpu, WritesATraceEveryViewCanRead) {
    WS_REQUIRE_GPU();
    const std::string out = ::testing::TempDir() + "tiled.wstrace";
    auto o = runRecorder("run-kernel " + sourcePath("examples/kernels/matmul_tiled.cu") +
                         " n=256 -r 3 --no-why -o " + out);
    ASSERT_EQ(o.status, 0) << o.output;
    EXPECT_NE(o.output.find("probes cost"), std::string::npos) << o.output;
    auto run = loadTrace(out);
    ASSERT_TRUE(run.ok()) << run.error();
    EXPECT_EQ(run->experiment, kernelfile::kKernelFileExperiment);
    EXPECT_EQ(run->params.at("n"), "256");
    EXPECT_TRUE(run->verification.passed);
    ASSERT_EQ(run->launches.size(), 1u);
    EXPECT_EQ(run->launches[0].blocks.size(), 256u);  // (256 / 16)^2
    EXPECT_EQ(run->texts.at(kernelfile::kFileNameText), "matmul_tiled.cu");
    auto info = runRecorder("info " + out);
    EXPECT_EQ(info.status, 0) << info.output;
}

TEST(RunKernelOnGpu, NpyInputsAndExpectedOutputsCheckTheRun) {
    WS_REQUIRE_GPU();
    const std::string file = sourcePath("tests/data/kernelfiles/saxpy_npy/saxpy.cu");
    const std::string out = ::testing::TempDir() + "saxpy.wstrace";
    auto o = runRecorder("run-kernel " + file + " -r 2 --no-why -o " + out);
    ASSERT_EQ(o.status, 0) << o.output;
    auto run = loadTrace(out);
    ASSERT_TRUE(run.ok()) << run.error();
    EXPECT_TRUE(run->verification.checked);
    EXPECT_TRUE(run->verification.passed) << run->verification.actual;
    EXPECT_EQ(run->verification.expected, "expected.npy");
    EXPECT_EQ(run->launches.at(0).blocks.size(), 8u);
    // Another a: the same files, a different result, said as a failed check.
    auto other = runRecorder("run-kernel " + file + " a=3 -r 2 --no-why -o " + out);
    EXPECT_EQ(other.status, 1) << other.output;
    EXPECT_NE(other.output.find("y: "), std::string::npos) << other.output;
}

TEST(RunKernelOnGpu, MarksAreRecordedForEveryWarpThatPassesThem) {
    WS_REQUIRE_GPU();
    const std::string out = ::testing::TempDir() + "marks.wstrace";
    auto o = runRecorder("run-kernel " + sourcePath("tests/data/kernelfiles/marks.cu") +
                         " n=65536 -r 2 --no-why -o " + out);
    ASSERT_EQ(o.status, 0) << o.output;
    auto run = loadTrace(out);
    ASSERT_TRUE(run.ok()) << run.error();
    EXPECT_TRUE(run->verification.passed);
    const Launch& launch = run->launches.at(0);
    const RecordTable* marks = findTable(launch.tables, "marks");
    ASSERT_NE(marks, nullptr);
    // 256 blocks of 8 warps, each past marks 1 and 2.
    ASSERT_EQ(marks->rows(), 256u * 8 * 2);
    const auto& block = *marks->get<std::uint32_t>("block");
    const auto& warp = *marks->get<std::uint32_t>("warp");
    const auto& mark = *marks->get<std::uint32_t>("mark");
    const auto& time = *marks->get<std::uint64_t>("timeNs");
    std::map<std::pair<std::uint32_t, std::uint32_t>, std::uint64_t> first;
    for (std::size_t i = 0; i < marks->rows(); ++i) {
        ASSERT_LT(block[i], 256u);
        ASSERT_LT(warp[i], 8u);
        // Within its block's span, and mark 2 after the same warp's mark 1.
        EXPECT_GE(time[i], launch.blocks.startNs[block[i]]);
        EXPECT_LE(time[i], launch.blocks.endNs[block[i]] + 1000);
        if (mark[i] == 1) first[{block[i], warp[i]}] = time[i];
    }
    for (std::size_t i = 0; i < marks->rows(); ++i)
        if (mark[i] == 2) EXPECT_GE(time[i], first.at({block[i], warp[i]}));
    EXPECT_EQ(run->figures.at("marksLost"), 0);
}

TEST(RunKernelOnGpu, ALaunchThatNeverEndsIsReportedAndTheProcessLeaves) {
    WS_REQUIRE_GPU();
    const auto started = std::chrono::steady_clock::now();
    auto o = runRecorder("run-kernel " + sourcePath("tests/data/kernelfiles/never_ends.cu") +
                         " --time-limit 2 --no-why -o " + ::testing::TempDir() + "never.wstrace");
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    EXPECT_EQ(o.status, 3) << o.output;
    EXPECT_NE(o.output.find("did not finish within 2 s"), std::string::npos) << o.output;
    EXPECT_LT(seconds, 30) << "the process waited for the kernel instead of leaving";
    // The GPU is usable again by the next process.
    auto next = runRecorder("run-kernel " + sourcePath("examples/kernels/vector_add.cu") +
                            " n=1000 -r 2 --no-why -o " + ::testing::TempDir() + "after.wstrace");
    EXPECT_EQ(next.status, 0) << next.output;
}

TEST(RunKernelOnGpu, ComputeSanitizerNamesTheBadWriteAndPassesAGoodFile) {
    WS_REQUIRE_GPU();
    if (std::system("command -v compute-sanitizer > /dev/null || test -x "
                    "/usr/local/cuda/bin/compute-sanitizer") != 0)
        GTEST_SKIP() << "compute-sanitizer is not installed here";
    auto wild = runRecorder(
        "run-kernel " + sourcePath("tests/data/kernelfiles/illegal_address.cu") + " --sanitize");
    EXPECT_EQ(wild.status, 1) << wild.output;
    EXPECT_NE(wild.output.find("Invalid __global__ write"), std::string::npos) << wild.output;
    EXPECT_NE(wild.output.find("compute-sanitizer memcheck found"), std::string::npos)
        << wild.output;
    auto good = runRecorder("run-kernel " + sourcePath("examples/kernels/vector_add.cu") +
                            " n=100000 --sanitize");
    EXPECT_EQ(good.status, 0) << good.output;
    EXPECT_NE(good.output.find("compute-sanitizer memcheck: no errors"), std::string::npos)
        << good.output;
}

TEST(RunKernelOnGpu, AnIllegalAddressIsTheRunsError) {
    WS_REQUIRE_GPU();
    auto o = runRecorder("run-kernel " + sourcePath("tests/data/kernelfiles/illegal_address.cu") +
                         " --no-why -o " + ::testing::TempDir() + "wild.wstrace");
    EXPECT_EQ(o.status, 1) << o.output;
    EXPECT_NE(o.output.find("illegal"), std::string::npos) << o.output;
}

}  // namespace
}  // namespace ws::test
