// The tensor-core product on the GPU: every variant and output against the
// CPU reference at 512, at 1000 (no multiple of the 128 x 128 tile nor of
// the 32- or 64-deep phase: every entry checked, the edges among them) and at 4096
// (sampled, every edge row and column among the sample); the recording
// build's blocks and phases; the command line's path through the runner.
// Without a GPU these skip with the reason, and the refusals that need none
// are checked everywhere.
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <set>
#include <string>

#include "core/catalog/catalog.h"
#include "core/matmul/matmul_records.h"
#include "core/run/record_table.h"
#include "core/tensorcore/tensorcore_pipeline.h"
#include "core/tensorcore/tensorcore_variants.h"
#include "core/trace/trace_io.h"
#include "kernels/runner/experiment_runner.h"
#include "kernels/tensorcore/tensorcore_experiments.h"
#include "kernels/tensorcore/tensorcore_pipeline_trace.h"
#include "tests/kernels/support/require_gpu.h"

namespace ws {
namespace {

using tensorcore::TensorCoreInputs;

TensorCoreInputs& inputs(std::uint32_t n) {
    static std::map<std::uint32_t, std::unique_ptr<TensorCoreInputs>> cache;
    auto& slot = cache[n];
    if (!slot) slot = TensorCoreInputs::make(n, 1);
    return *slot;
}

RunOptions options() {
    RunOptions o;
    o.repetitions = 1;
    o.measureOverhead = false;
    return o;
}

DeviceInfo device() {
    auto d = cachedDeviceInfo(0);
    EXPECT_TRUE(d.ok()) << d.error();
    return d.ok() ? *d : DeviceInfo{};
}

Result<matmul::MatmulRun> run(const std::string& variant, std::uint32_t n,
                              const std::string& output, const std::string& traced = "1") {
    return tensorcore::runTensorCore({{"variant", variant},
                                      {"n", std::to_string(n)},
                                      {"output", output},
                                      {"traced_blocks", traced}},
                                     options(), device(), &inputs(n));
}

class TensorCoreKernels : public ::testing::TestWithParam<std::uint32_t> {};

TEST_P(TensorCoreKernels, EveryVariantAndOutputMatchesTheReference) {
    WS_REQUIRE_GPU();
    const std::uint32_t n = GetParam();
    for (const auto& info : tensorCoreVariants())
        for (const char* output : {"f32", "bf16"}) {
            SCOPED_TRACE(std::string(info.id) + " output=" + output + " n=" + std::to_string(n));
            auto r = run(info.id, n, output);
            ASSERT_TRUE(r.ok()) << r.error();
            const ws::Run& got = r->run;
            EXPECT_TRUE(got.verification.checked);
            EXPECT_TRUE(got.verification.passed)
                << got.verification.note << "; expected " << got.verification.expected << ", got "
                << got.verification.actual;
            EXPECT_EQ(got.figures.at("wrongEntries"), 0);
            // 1000 and 512: every entry; 4096: the sample, with rows and
            // columns 0 and n - 1 whole.
            if (n <= kMatmulCompleteCheckMax)
                EXPECT_EQ(got.figures.at("checkedEntries"), double(n) * n);
            else
                EXPECT_GT(got.figures.at("checkedEntries"), 4.0 * n - 4);
            // FP32 output is the exact sum; BF16 output is within 2^-8 of it.
            if (std::string(output) == "f32") EXPECT_EQ(got.verification.absError, 0);
            EXPECT_GT(got.timing.kernelMs, 0);
            EXPECT_GT(got.figures.at("tflops"), 0);
            EXPECT_EQ(got.timing.flops, 2.0 * n * n * n);
            EXPECT_EQ(got.launches.size(), info.ownKernel ? 1u : 0u);
            EXPECT_EQ(got.experiment, "matmul-tc");
        }
}

INSTANTIATE_TEST_SUITE_P(Sizes, TensorCoreKernels, ::testing::Values(512u, 1000u, 4096u));

TEST(TensorCoreKernels, EdgesOfAPartialTileAtASampledSize) {
    WS_REQUIRE_GPU();
    // 2056 = 16 x 128 + 8: the last row and column of tiles hold 8 entries
    // and the last phase is 8 deep; the sample holds rows and columns 2048
    // and 2055 whole among the edges of every tile size.
    for (const char* variant : {"wmma", "mma-sync"}) {
        auto r = run(variant, 2056, "f32", "0");
        ASSERT_TRUE(r.ok()) << variant << ": " << r.error();
        EXPECT_TRUE(r->run.verification.passed) << variant << ": " << r->run.verification.note;
    }
    // wgmma's phases are 64 deep (the last of 2056 is 8) and its B tile is
    // two 64-column halves; the TMA rungs' tiles are 128 x 256 (the last
    // column tile 8 wide), their boxes past the edge zeros: both outputs,
    // the FP32 one exact.
    for (const char* variant : {"wgmma", "wgmma-tma", "warp-specialized", "persistent", "clusters"})
        for (const char* output : {"f32", "bf16"}) {
            SCOPED_TRACE(std::string(variant) + " " + output);
            auto r = run(variant, 2056, output, "0");
            ASSERT_TRUE(r.ok()) << r.error();
            EXPECT_TRUE(r->run.verification.passed) << r->run.verification.note;
            if (std::string(output) == "f32") EXPECT_EQ(r->run.verification.absError, 0);
        }
}

TEST(TensorCoreKernels, ClustersWithAnOddRowTileCountCheckedWhole) {
    WS_REQUIRE_GPU();
    // 640 = 5 x 128: the last cluster's second block takes row tile 5,
    // wholly outside A and C (its boxes all zeros, every store skipped);
    // every entry is checked, the FP32 C exactly.
    for (const char* variant : {"persistent", "clusters"}) {
        auto r = run(variant, 640, "f32", "2");
        ASSERT_TRUE(r.ok()) << variant << ": " << r.error();
        EXPECT_TRUE(r->run.verification.passed) << variant << ": " << r->run.verification.note;
        EXPECT_EQ(r->run.figures.at("checkedEntries"), 640.0 * 640);
        EXPECT_EQ(r->run.verification.absError, 0) << variant;
    }
}

TEST(TensorCoreKernels, RecordsEveryBlockAndThePhasesOfTracedBlocks) {
    WS_REQUIRE_GPU();
    const std::uint32_t n = 1000;
    for (const char* variant : {"wmma", "mma-sync", "wgmma", "wgmma-tma", "warp-specialized"}) {
        SCOPED_TRACE(variant);
        auto r = run(variant, n, "f32", "2");
        ASSERT_TRUE(r.ok()) << r.error();
        const ws::Run& got = r->run;
        ASSERT_TRUE(validateRun(got).ok()) << validateRun(got).error();
        ASSERT_EQ(got.launches.size(), 1u);
        const Launch& l = got.launches[0];
        const MatmulTiling tiling = *tensorCoreTiling(*parseTensorCoreVariant(variant));
        EXPECT_EQ(l.grid.x, (n + tiling.tileN - 1) / tiling.tileN);
        EXPECT_EQ(l.grid.y, 8u);
        EXPECT_EQ(l.block.x, tiling.block.x);
        ASSERT_EQ(l.blocks.size(), l.grid.count());
        for (std::size_t i = 0; i < l.blocks.size(); ++i) {
            ASSERT_EQ(l.blocks.block[i], i) << "block " << i << " never finished";
            ASSERT_NE(l.blocks.startNs[i], 0u) << "block " << i;
            ASSERT_LE(l.blocks.startNs[i], l.blocks.endNs[i]) << "block " << i;
        }
        const RecordTable* phases = findTable(l.tables, "phases");
        ASSERT_NE(phases, nullptr);
        const auto* block = phases->get<std::uint32_t>("block");
        const auto* phase = phases->get<std::uint32_t>("phase");
        const auto* aRow = phases->get<std::uint32_t>("aRow");
        const auto* aCol = phases->get<std::uint32_t>("aCol");
        const auto* bRow = phases->get<std::uint32_t>("bRow");
        const auto* bCol = phases->get<std::uint32_t>("bCol");
        ASSERT_TRUE(block && phase && aRow && aCol && bRow && bCol);
        const std::uint32_t last = std::uint32_t(l.grid.count() - 1);
        std::map<std::uint32_t, std::uint32_t> seen;
        for (std::size_t i = 0; i < phases->rows(); ++i) {
            const std::uint32_t b = (*block)[i];
            ASSERT_TRUE(b == 0 || b == last) << "traced block " << b;
            ++seen[b];
            const PhaseTiles want = phaseTiles(tiling, n, b, (*phase)[i]);
            EXPECT_EQ((*aRow)[i], want.a.row);
            EXPECT_EQ((*aCol)[i], want.a.col) << "phase " << (*phase)[i];
            EXPECT_EQ((*bRow)[i], want.b.row);
            EXPECT_EQ((*bCol)[i], want.b.col);
        }
        EXPECT_EQ(seen[0], phaseCount(tiling, n));
        EXPECT_EQ(seen[last], phaseCount(tiling, n));
    }
}

// The TMA rungs' pipeline records: for each traced block every k-step it
// ran, in its ring slot, each step's producer and consumer times in order;
// the persistent rungs' blocks walking several tiles in grouped order, the
// clusters' pairs on two rows of one column.
TEST(TensorCoreKernels, TmaRungsRecordTheirPipelineStepByStep) {
    WS_REQUIRE_GPU();
    const std::uint32_t n = 2048;  // 16 x 8 tiles of 128 x 256, 32 phases each
    const std::uint32_t phases = 32;
    for (const char* variant : {"wgmma-tma", "warp-specialized", "persistent", "clusters"}) {
        SCOPED_TRACE(variant);
        auto r = run(variant, n, "f32", "4");
        ASSERT_TRUE(r.ok()) << r.error();
        const ws::Run& got = r->run;
        ASSERT_TRUE(got.verification.passed) << got.verification.note;
        ASSERT_TRUE(validateRun(got).ok()) << validateRun(got).error();
        ASSERT_EQ(got.launches.size(), 1u);
        const Launch& l = got.launches[0];
        const bool persistent =
            std::string(variant) == "persistent" || std::string(variant) == "clusters";
        const std::uint32_t cluster = std::string(variant) == "clusters" ? 2 : 1;
        EXPECT_EQ(got.figures.at("clusterBlocks"), cluster);
        if (persistent) {
            EXPECT_EQ(l.grid.y, 1u);
            EXPECT_EQ(l.grid.x % cluster, 0u);
            EXPECT_LE(l.grid.x, 128u);  // no more blocks than tiles
            EXPECT_GE(got.figures.at("tilesPerBlock"), 1);
        }
        auto steps = readPipeline(l, 4);
        ASSERT_TRUE(steps.ok()) << steps.error();
        std::set<std::uint32_t> blocks;
        for (const auto& s : *steps) blocks.insert(s.block);
        EXPECT_EQ(blocks.size(), 4u);
        for (std::uint32_t b : blocks) {
            const auto mine = pipelineOfBlock(*steps, b);
            ASSERT_FALSE(mine.empty());
            EXPECT_EQ(mine.size() % phases, 0u) << "block " << b;
            for (std::size_t i = 0; i < mine.size(); ++i) {
                const PipelineStep& s = mine[i];
                ASSERT_EQ(s.step, i) << "block " << b << ": a step missing";
                EXPECT_EQ(s.phase, i % phases);
                EXPECT_EQ(s.stage, i % 4);
                if (!persistent) {
                    EXPECT_EQ(s.tileRow, b / l.grid.x);
                    EXPECT_EQ(s.tileCol, b % l.grid.x);
                }
                if (i > 0 && s.phase > 0) {
                    EXPECT_EQ(s.tileRow, mine[i - 1].tileRow);
                    EXPECT_EQ(s.tileCol, mine[i - 1].tileCol);
                }
                // A stage refilled only after both consumers released its
                // last use; a consumer releases a step before it waits for
                // the step after next (the one after it may still be
                // running on the tensor cores).
                for (int c = 0; c < 2; ++c) {
                    if (i >= 4) EXPECT_GE(s.issued, mine[i - 4].released[c]) << "step " << i;
                    if (i >= 2) EXPECT_LE(mine[i - 2].released[c], s.wait[c]) << "step " << i;
                }
            }
            const PipelineWaits w = pipelineWaits(mine);
            EXPECT_GT(w.consumerBusy, 0);
            EXPECT_GT(w.span, 0);
        }
    }
}

// A traced block keeps its steps in shared memory while it runs: at most
// kSharedPipelineSteps of them, here a first tile of 72 phases and the
// start of the second, in order, with C still right.
TEST(TensorCoreKernels, APersistentBlockRecordsTheStepsItsSharedMemoryHolds) {
    WS_REQUIRE_GPU();
    const std::uint32_t n = 4608, phases = 72;  // 36 x 18 tiles: several a block
    auto r = run("persistent", n, "f32", "1");
    ASSERT_TRUE(r.ok()) << r.error();
    ASSERT_TRUE(r->run.verification.passed) << r->run.verification.note;
    ASSERT_EQ(r->run.launches.size(), 1u);
    auto steps = readPipeline(r->run.launches[0], 4);
    ASSERT_TRUE(steps.ok()) << steps.error();
    ASSERT_EQ(steps->size(), std::size_t(tensorcore::kSharedPipelineSteps));
    for (std::size_t i = 0; i < steps->size(); ++i) {
        EXPECT_EQ((*steps)[i].step, i);
        EXPECT_EQ((*steps)[i].phase, i % phases);
    }
    const PipelineStep &first = (*steps)[0], &second = (*steps)[phases];
    EXPECT_TRUE(first.tileRow != second.tileRow || first.tileCol != second.tileCol);
}

TEST(TensorCoreKernels, RunsThroughTheRunnerAsTheCommandLineDoes) {
    WS_REQUIRE_GPU();
    const ExperimentSpec* spec = findExperiment("matmul-tc");
    ASSERT_NE(spec, nullptr);
    RunOptions o = options();
    auto r = runExperiment(*spec, {{"variant", "mma-sync"}, {"n", "1024"}}, o);
    ASSERT_TRUE(r.ok()) << r.error();
    EXPECT_TRUE(r->verification.passed) << r->verification.note;
    EXPECT_EQ(r->params.at("output"), "f32");
    EXPECT_GT(r->figures.at("tflops"), 0);
    EXPECT_FALSE(r->texts.at("idea").empty());
}

TEST(TensorCoreKernels, PreparedInputsOfAnotherSizeAreRefused) {
    WS_REQUIRE_GPU();
    auto r = tensorcore::runTensorCore({{"variant", "wmma"}, {"n", "1024"}}, options(), device(),
                                       &inputs(512));
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().find("prepared inputs are 512 x 512"), std::string::npos) << r.error();
}

// No GPU needed: the parameters are refused before anything touches CUDA.
TEST(TensorCoreRefusals, SizesOffSixteenBytesAreRefusedBeforeAnyLaunch) {
    DeviceInfo h100;
    h100.name = "NVIDIA H100 80GB HBM3";
    h100.ccMajor = 9;
    auto r = tensorcore::runTensorCore({{"variant", "mma-sync"}, {"n", "1001"}}, options(), h100);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().find("no multiple of 8"), std::string::npos) << r.error();
    auto small = tensorcore::runTensorCore({{"n", "256"}}, options(), h100);
    ASSERT_FALSE(small.ok());
    EXPECT_NE(small.error().find("out of range [512, 8192]"), std::string::npos) << small.error();
}

TEST(TensorCoreRefusals, WgmmaRunsOnComputeCapability90Alone) {
    // sm_90a code: refused on anything but 9.0, newer GPUs included, in one
    // sentence and before any CUDA call.
    for (auto [major, minor] : {std::pair{8, 0}, {10, 0}, {12, 0}}) {
        DeviceInfo d;
        d.name = "a GPU of " + std::to_string(major) + "." + std::to_string(minor);
        d.ccMajor = major;
        d.ccMinor = minor;
        for (const char* variant :
             {"wgmma", "wgmma-tma", "warp-specialized", "persistent", "clusters"}) {
            auto r = tensorcore::runTensorCore({{"variant", variant}, {"n", "1024"}}, options(), d);
            ASSERT_FALSE(r.ok()) << variant;
            EXPECT_NE(r.error().find("run only on compute capability 9.0"), std::string::npos)
                << r.error();
            EXPECT_EQ(r.error().find('\n'), std::string::npos);
        }
    }
}

TEST(TensorCoreRefusals, WithoutAGpuTheRunnerSaysWhy) {
    const std::string reason = cudaUnavailableReason();
    if (reason.empty()) GTEST_SKIP() << "a CUDA device is present; this checks the refusal";
    auto r = runExperiment(*findExperiment("matmul-tc"), {{"variant", "wmma"}}, options());
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error(), reason);
}

}  // namespace
}  // namespace ws
