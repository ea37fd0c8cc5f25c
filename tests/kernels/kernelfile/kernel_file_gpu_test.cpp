// The bundled examples on the GPU: each runs probed and plain, both builds'
// outputs match its reference kernel, and the probes' records are the grid's
// blocks, each on one SM of the device, in the time the launch took.
#include <gtest/gtest.h>

#include <set>
#include <tuple>

#include "core/kernelfile/kernel_file_spec.h"
#include "core/run/record_table.h"
#include "kernels/device/device_query.h"
#include "kernels/kernelfile/kernel_file_runner.h"
#include "tests/kernels/support/require_gpu.h"

namespace ws::kernelfile {
namespace {

class ExampleOnGpu : public ::testing::TestWithParam<std::tuple<std::string, ProbeLevel>> {
protected:
    void SetUp() override { WS_REQUIRE_GPU(); }
};

TEST_P(ExampleOnGpu, ProbedAndPlainMatchTheReferenceAndEveryBlockIsRecorded) {
    auto device = cachedDeviceInfo(0);
    ASSERT_TRUE(device.ok()) << device.error();
    const auto& [example, level] = GetParam();
    auto file = bundledExample(example);
    ASSERT_TRUE(file.ok()) << file.error();
    RunOptions options;
    options.repetitions = 5;
    KernelFileOptions fileOptions;
    fileOptions.probeLevel = level;
    auto run = runKernelFile(*file, {}, options, fileOptions, *device);
    ASSERT_TRUE(run.ok()) << run.error();
    EXPECT_TRUE(run->verification.checked);
    EXPECT_TRUE(run->verification.passed)
        << run->verification.actual << " | " << run->verification.note;
    ASSERT_EQ(run->launches.size(), 1u);
    const Launch& launch = run->launches[0];
    ASSERT_EQ(launch.blocks.size(), launch.grid.count());
    std::set<std::uint32_t> sms;
    for (std::size_t b = 0; b < launch.blocks.size(); ++b) {
        EXPECT_EQ(launch.blocks.block[b], b);
        EXPECT_LT(launch.blocks.sm[b], std::uint32_t(device->smCount));
        EXPECT_LE(launch.blocks.startNs[b], launch.blocks.endNs[b]);
        EXPECT_LE(launch.blocks.startClock[b], launch.blocks.endClock[b]);
        sms.insert(launch.blocks.sm[b]);
    }
    // A grid of at least as many blocks as SMs spreads over most of them.
    if (launch.grid.count() >= std::uint64_t(device->smCount) * 2)
        EXPECT_GT(sms.size(), std::size_t(device->smCount) / 2);
    const RecordTable* warps = findTable(launch.tables, "warps");
    if (level == ProbeLevel::Warps) {
        ASSERT_NE(warps, nullptr);
        EXPECT_EQ(warps->rows(), launch.grid.count() * ((launch.block.count() + 31) / 32));
    } else {
        EXPECT_EQ(warps, nullptr);
    }
    EXPECT_GT(run->timing.kernelMs, 0);
    EXPECT_GT(run->timing.recordedKernelMs, 0);
    EXPECT_EQ(run->texts.at(kSourceText), file->source);
    std::printf("%s (%s): %llu blocks on %zu SMs, plain %.4f ms, probed %.4f ms (%+.2f %%)\n",
                example.c_str(), level == ProbeLevel::Warps ? "warps" : "blocks",
                (unsigned long long)launch.grid.count(), sms.size(), run->timing.kernelMs,
                run->timing.recordedKernelMs, run->timing.overheadPercent);
}

INSTANTIATE_TEST_SUITE_P(BundledExamples, ExampleOnGpu,
                         ::testing::Combine(::testing::ValuesIn(bundledExamples()),
                                            ::testing::Values(ProbeLevel::Blocks,
                                                              ProbeLevel::Warps)));

// A kernel whose output is wrong is caught by its reference, in both builds.
TEST(KernelFileOnGpu, AWrongKernelFailsItsCheck) {
    WS_REQUIRE_GPU();
    auto device = cachedDeviceInfo(0);
    ASSERT_TRUE(device.ok()) << device.error();
    const std::string source = R"(/* warpscope
kernel: off_by_one
params:
  n: {default: 1000, min: 1, max: 100000}
grid: ceil(n / 128)
block: 128
args:
  - out: {buffer: int, length: n, output: true}
  - n: {scalar: int, value: n}
check:
  reference: right
*/
__global__ void off_by_one(int* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = i + (i == 7);
}
__global__ void right(int* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = i;
}
)";
    RunOptions options;
    options.repetitions = 2;
    auto run = runKernelFile({"wrong.cu", source}, {"n=300"}, options, {}, *device);
    ASSERT_TRUE(run.ok()) << run.error();
    EXPECT_TRUE(run->verification.checked);
    EXPECT_FALSE(run->verification.passed);
    EXPECT_NE(run->verification.actual.find("1 of 300 elements differ; the first, [7], is 8"),
              std::string::npos)
        << run->verification.actual;
    EXPECT_EQ(run->launches[0].blocks.size(), 3u);
}

// A block too large for the device is refused before launch, with the limit.
TEST(KernelFileOnGpu, ABlockTooLargeIsRefusedWithTheLimit) {
    WS_REQUIRE_GPU();
    auto device = cachedDeviceInfo(0);
    ASSERT_TRUE(device.ok()) << device.error();
    const std::string source =
        "/* warpscope\nkernel: k\ngrid: 1\nblock: 2048\nargs: []\n*/\n__global__ void k() {}\n";
    auto run = runKernelFile({"big.cu", source}, {}, RunOptions{}, {}, *device);
    ASSERT_FALSE(run.ok());
    EXPECT_NE(run.error().find("2048 threads is more than the 1024"), std::string::npos)
        << run.error();
}

}  // namespace
}  // namespace ws::kernelfile
