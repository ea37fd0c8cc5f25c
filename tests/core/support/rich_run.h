#pragma once
// A small Run with every record kind, parameter and field filled, so that a
// round trip that drops anything shows up as a difference.
#include "core/run/synthetic_run.h"

namespace ws::test {

inline Run makeRichRun() {
    Run run = makeSyntheticRun(40, 4, 7);
    run.experiment = "reduce-last-block";
    run.params = {{"n", "1048576"}, {"block", "256"}, {"type", "float"}, {"grid", "0"}};
    run.recordedAt = "2025-10-09T13:14:15Z";
    run.tool = "warpscope-record 0.1.0";
    run.verification = {.checked = true,
                        .passed = false,
                        .expected = "524288.5",
                        .actual = "524288.25",
                        .absError = 0.25,
                        .tolerance = 0.125,
                        .note = "depth 42, u = 2^-24"};
    run.timing = {.kernelMs = 0.0123,
                  .recordedKernelMs = 0.0131,
                  .overheadPercent = 6.5,
                  .repetitions = 20,
                  .bytesMoved = 4194304,
                  .flops = 1048576};
    Launch& l = run.launches[0];
    l.sharedBytes = 1024;
    l.stream = 3;
    StepRecords& s = l.steps;
    s.components = 2;
    for (std::uint32_t i = 0; i < 3; ++i) {
        s.block.push_back(1);
        s.warp.push_back(i % 8);
        s.step.push_back(i);
        s.activeMask.push_back(0xffffffffu >> i);
        s.clock.push_back(-5 + 1000 * i);
        for (std::uint32_t k = 0; k < 32 * 2; ++k) {
            s.before.push_back(k * 0.5 + i);
            s.after.push_back(-double(k) * 0.25 + i);
        }
    }
    SharedAccessRecords& a = l.sharedAccesses;
    for (std::uint32_t i = 0; i < 2; ++i) {
        a.block.push_back(2);
        a.warp.push_back(i);
        a.instruction.push_back(10 + i);
        a.widthBytes.push_back(i == 0 ? 4 : 16);
        a.activeMask.push_back(0x0000ffffu);
        a.cycles.push_back(70 + i);
        for (std::uint32_t k = 0; k < 32; ++k) a.address.push_back(k * 132 + i);
    }
    GlobalAccessRecords& g = l.globalAccesses;
    for (std::uint32_t i = 0; i < 3; ++i) {
        g.block.push_back(5);
        g.warp.push_back(7 - i);
        g.instruction.push_back(i);
        g.widthBytes.push_back(i == 2 ? 8 : 4);
        g.activeMask.push_back(0xfffffff0u | i);
        g.isWrite.push_back(i == 1 ? 1 : 0);
        for (std::uint64_t k = 0; k < 32; ++k) g.address.push_back((k << 33) + i * 4);
    }
    ArrivalRecords& r = l.arrivals;
    for (std::uint32_t i = 0; i < 5; ++i) {
        r.block.push_back(39 - i);
        r.counter.push_back(i);
        r.timeNs.push_back(l.blocks.endNs[39 - i] + 32);
    }
    Launch second;
    second.kernel = "merge";
    second.grid = {1, 1, 1};
    second.block = {32, 2, 1};
    second.blocks.resize(1);
    second.blocks.startNs[0] = 100;
    second.blocks.endNs[0] = 50;  // clock skew happens; not rejected
    run.launches.push_back(second);
    // A small profile (format version 4), so every damage done to a rich
    // trace reaches it too.
    RunProfile& p = run.profile;
    p.requested = true;
    p.stallReasons = {"smsp__pcsamp_warps_issue_stalled_long_scoreboard",
                      "smsp__pcsamp_warps_issue_stalled_barrier"};
    p.functions = {{.name = "_Z6reducePfj",
                    .displayName = "reduce(float*, unsigned int)",
                    .sourceFile = "kernels/reduce.cu",
                    .pcOffset = {0, 16, 32},
                    .line = {7, 8, 0},
                    .sass = {"LDG.E R2, [R2.64]", "BAR.SYNC.DEFER_BLOCKING 0x0", "EXIT"}}};
    p.stalls = {.function = {0, 0}, .pcOffset = {0, 16}, .reason = {0, 1}, .samples = {120, 45}};
    p.totalSamples = 165;
    p.droppedSamples = 2;
    p.samplingPeriodLog2 = 12;
    p.sampledLaunches = 2;
    p.sampledKernelMs = 0.0125;
    p.unsampledKernelMs = 0.0123;
    p.counters = {{"reduce(float*, unsigned int)", "dram__bytes_read.sum", 4194304}};
    p.counterPasses = 1;
    p.sources = {{"kernels/reduce.cu", "__global__ void reduce(float* x, unsigned n) {}\n"}};
    return run;
}

}  // namespace ws::test
