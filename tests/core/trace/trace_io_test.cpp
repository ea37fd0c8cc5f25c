#include "core/trace/trace_io.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "core/run/synthetic_run.h"
#include "tests/core/support/rich_run.h"

namespace ws {
namespace {

void expectSameBlocks(const BlockRecords& a, const BlockRecords& b) {
    EXPECT_EQ(a.block, b.block);
    EXPECT_EQ(a.sm, b.sm);
    EXPECT_EQ(a.startNs, b.startNs);
    EXPECT_EQ(a.endNs, b.endNs);
    EXPECT_EQ(a.startClock, b.startClock);
    EXPECT_EQ(a.endClock, b.endClock);
}

void expectSameRun(const Run& a, const Run& b) {
    EXPECT_EQ(a.formatVersion, b.formatVersion);
    EXPECT_EQ(a.experiment, b.experiment);
    EXPECT_EQ(a.params, b.params);
    EXPECT_EQ(a.recordedAt, b.recordedAt);
    EXPECT_EQ(a.tool, b.tool);
    const auto& d = a.device;
    const auto& e = b.device;
    EXPECT_EQ(d.name, e.name);
    EXPECT_EQ(d.ccMajor, e.ccMajor);
    EXPECT_EQ(d.ccMinor, e.ccMinor);
    EXPECT_EQ(d.smCount, e.smCount);
    EXPECT_EQ(d.smClockKHz, e.smClockKHz);
    EXPECT_EQ(d.memClockKHz, e.memClockKHz);
    EXPECT_EQ(d.memBusWidthBits, e.memBusWidthBits);
    EXPECT_EQ(d.memBandwidthGBs, e.memBandwidthGBs);
    EXPECT_EQ(d.maxThreadsPerBlock, e.maxThreadsPerBlock);
    EXPECT_EQ(d.maxThreadsPerSm, e.maxThreadsPerSm);
    EXPECT_EQ(d.maxBlocksPerSm, e.maxBlocksPerSm);
    EXPECT_EQ(d.sharedMemPerBlock, e.sharedMemPerBlock);
    EXPECT_EQ(d.sharedMemPerBlockOptin, e.sharedMemPerBlockOptin);
    EXPECT_EQ(d.sharedMemPerSm, e.sharedMemPerSm);
    EXPECT_EQ(d.regsPerSm, e.regsPerSm);
    EXPECT_EQ(d.l2CacheBytes, e.l2CacheBytes);
    EXPECT_EQ(d.globalMemBytes, e.globalMemBytes);
    EXPECT_EQ(d.maxGridX, e.maxGridX);
    EXPECT_EQ(d.driverVersion, e.driverVersion);
    EXPECT_EQ(d.runtimeVersion, e.runtimeVersion);
    EXPECT_EQ(d.timerTickNs, e.timerTickNs);
    const auto& v = a.verification;
    const auto& w = b.verification;
    EXPECT_EQ(v.checked, w.checked);
    EXPECT_EQ(v.passed, w.passed);
    EXPECT_EQ(v.expected, w.expected);
    EXPECT_EQ(v.actual, w.actual);
    EXPECT_EQ(v.absError, w.absError);
    EXPECT_EQ(v.tolerance, w.tolerance);
    EXPECT_EQ(v.note, w.note);
    EXPECT_EQ(a.timing.kernelMs, b.timing.kernelMs);
    EXPECT_EQ(a.timing.recordedKernelMs, b.timing.recordedKernelMs);
    EXPECT_EQ(a.timing.overheadPercent, b.timing.overheadPercent);
    EXPECT_EQ(a.timing.repetitions, b.timing.repetitions);
    EXPECT_EQ(a.timing.bytesMoved, b.timing.bytesMoved);
    EXPECT_EQ(a.timing.flops, b.timing.flops);
    ASSERT_EQ(a.launches.size(), b.launches.size());
    for (std::size_t i = 0; i < a.launches.size(); ++i) {
        const Launch& l = a.launches[i];
        const Launch& m = b.launches[i];
        EXPECT_EQ(l.kernel, m.kernel);
        EXPECT_EQ(l.grid, m.grid);
        EXPECT_EQ(l.block, m.block);
        EXPECT_EQ(l.sharedBytes, m.sharedBytes);
        EXPECT_EQ(l.stream, m.stream);
        expectSameBlocks(l.blocks, m.blocks);
        EXPECT_EQ(l.steps.components, m.steps.components);
        EXPECT_EQ(l.steps.block, m.steps.block);
        EXPECT_EQ(l.steps.warp, m.steps.warp);
        EXPECT_EQ(l.steps.step, m.steps.step);
        EXPECT_EQ(l.steps.activeMask, m.steps.activeMask);
        EXPECT_EQ(l.steps.clock, m.steps.clock);
        EXPECT_EQ(l.steps.before, m.steps.before);
        EXPECT_EQ(l.steps.after, m.steps.after);
        EXPECT_EQ(l.sharedAccesses.block, m.sharedAccesses.block);
        EXPECT_EQ(l.sharedAccesses.warp, m.sharedAccesses.warp);
        EXPECT_EQ(l.sharedAccesses.instruction, m.sharedAccesses.instruction);
        EXPECT_EQ(l.sharedAccesses.widthBytes, m.sharedAccesses.widthBytes);
        EXPECT_EQ(l.sharedAccesses.activeMask, m.sharedAccesses.activeMask);
        EXPECT_EQ(l.sharedAccesses.address, m.sharedAccesses.address);
        EXPECT_EQ(l.sharedAccesses.cycles, m.sharedAccesses.cycles);
        EXPECT_EQ(l.globalAccesses.block, m.globalAccesses.block);
        EXPECT_EQ(l.globalAccesses.warp, m.globalAccesses.warp);
        EXPECT_EQ(l.globalAccesses.instruction, m.globalAccesses.instruction);
        EXPECT_EQ(l.globalAccesses.widthBytes, m.globalAccesses.widthBytes);
        EXPECT_EQ(l.globalAccesses.activeMask, m.globalAccesses.activeMask);
        EXPECT_EQ(l.globalAccesses.isWrite, m.globalAccesses.isWrite);
        EXPECT_EQ(l.globalAccesses.address, m.globalAccesses.address);
        EXPECT_EQ(l.arrivals.block, m.arrivals.block);
        EXPECT_EQ(l.arrivals.counter, m.arrivals.counter);
        EXPECT_EQ(l.arrivals.timeNs, m.arrivals.timeNs);
    }
}

TEST(TraceIo, RichRunRoundTrips) {
    const ws::Run run = test::makeRichRun();
    ASSERT_TRUE(validateRun(run)) << validateRun(run).error();
    const auto bytes = encodeTrace(run);
    auto decoded = decodeTrace(bytes);
    ASSERT_TRUE(decoded) << decoded.error();
    expectSameRun(run, *decoded);
    EXPECT_EQ(encodeTrace(*decoded), bytes);
}

TEST(TraceIo, EmptyRunRoundTrips) {
    ws::Run run;
    auto decoded = decodeTrace(encodeTrace(run));
    ASSERT_TRUE(decoded) << decoded.error();
    expectSameRun(run, *decoded);
}

TEST(TraceIo, MillionBlocksAreCompactAndQuick) {
    const ws::Run run = makeSyntheticRun(1'000'000, 132, 1);
    const auto bytes = encodeTrace(run);
    // 40 bytes of payload per block, plus a few hundred bytes of header.
    EXPECT_LT(bytes.size(), 40'000'000u + 4096u);
    // Load time is measured by bench/render (render_bench), not asserted here.
    auto decoded = decodeTrace(bytes);
    ASSERT_TRUE(decoded) << decoded.error();
    expectSameBlocks(run.launches[0].blocks, decoded->launches[0].blocks);
}

}  // namespace
}  // namespace ws
