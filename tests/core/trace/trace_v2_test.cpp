// Format version 2: what it added round-trips exactly, step values are stored
// in their narrowest exact type, and bad v2 fields are reported with what and
// where. trace_versions_test.cpp loads the files of every earlier version.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <limits>
#include <nlohmann/json.hpp>

#include "core/run/synthetic_run.h"
#include "core/trace/trace_io.h"
#include "tests/core/support/rich_run.h"

namespace ws {
namespace {

Run makeVersion2Run() {
    Run run = test::makeRichRun();
    Launch& l = run.launches[0];
    RecordTable& items = addTable(l.tables, "items");
    items.add<std::uint32_t>("block") = {0, 1, 2};
    items.add<std::uint64_t>("startNs") = {10, 20, 30};
    items.add<float>("cost") = {1.5f, 2.25f, -0.0f};
    items.add<std::int64_t>("clock") = {-1, 0, std::numeric_limits<std::int64_t>::max()};
    RecordTable& flags = addTable(l.tables, "flags");
    flags.add<std::uint8_t>("taken") = {1, 0};
    flags.add<std::int32_t>("attempts") = {-3, 7};
    flags.add<double>("value") = {0.1, 1e300};
    run.launches[1].parentLaunch = 0;
    run.launches[1].parentBlock = 39;
    run.launches[1].depth = 1;
    run.launches[1].launchMode = "tail";
    addTable(run.tables, "bandwidth").add<double>("gbPerS") = {54.8, 55.1};
    run.texts = {{"printf", "Hello from block 0, thread 0\n"}, {"sass.mul24", "IMAD ..."}};
    run.figures = {{"imbalance", 1.25}, {"crossoverElements", 65536}};
    GpuEnvironment& e = run.environment;
    e.queried = true;
    e.uuid = "GPU-0b1c";
    e.otherPids = {4242, 77};
    e.otherProcessNames = {"python3", "a.out"};
    e.gpuUtilizationPercent = 93;
    e.memoryUtilizationPercent = 12;
    e.computeMode = "Default";
    e.migEnabled = true;
    e.migProfile = "1g.10gb";
    e.migSmCount = 16;
    e.smClockMHz = 1755;
    e.maxSmClockMHz = 1980;
    e.memClockMHz = 2619;
    e.throttleReasons = 0x4;
    e.throttleReasonNames = {"SW power cap"};
    e.pcieGeneration = 5;
    e.pcieWidth = 16;
    e.pcieMaxGeneration = 5;
    e.pcieMaxWidth = 16;
    e.lockWaitMs = 812.5;
    e.runsAheadAtStart = 2;
    OperationRecords& o = run.operations;
    o.kind = {0, 1, 6};
    o.stream = {7, 13, 0};
    o.engine = {0, 2, 0};
    o.hostMemory = {0, 2, 3};
    o.bytes = {0, 1 << 20, 65536};
    o.startNs = {100, 50, 70};
    o.endNs = {200, 90, 70};
    o.correlation = {5, 6, 0};
    o.launch = {0, -1, -1};
    HostCallRecords& h = run.hostCalls;
    h.names = {"cudaLaunchKernel", "cudaMemcpyAsync"};
    h.name = {0, 1};
    h.thread = {0, 1};
    h.startNs = {90, 40};
    h.endNs = {95, 45};
    h.correlation = {5, 6};
    run.clocks = {.measured = true, .offsetNs = -512345.5, .spreadNs = 1800, .samples = 5};
    Timing& t = run.timing;
    t.kernelMinMs = 0.012;
    t.kernelMaxMs = 0.02;
    t.kernelCvPercent = 3.5;
    t.kernelSamplesMs = {0.012, 0.0123, 0.02};
    t.cpuMs = 0.04;
    t.cpuParallelMs = 0.011;
    t.cpuThreads = 2;
    t.transferMs = 0.3;
    return run;
}

Run roundTrip(const Run& run) {
    auto decoded = decodeTrace(encodeTrace(run));
    EXPECT_TRUE(decoded) << decoded.error();
    return decoded ? *decoded : Run{};
}

template <typename T>
void expectColumn(const RecordTable& table, const char* name, const std::vector<T>& expected) {
    const auto* values = table.get<T>(name);
    ASSERT_NE(values, nullptr) << table.name << "." << name;
    EXPECT_EQ(*values, expected) << table.name << "." << name;
}

TEST(TraceVersion2, EveryNewFieldRoundTrips) {
    const ws::Run run = makeVersion2Run();
    ASSERT_TRUE(validateRun(run)) << validateRun(run).error();
    const ws::Run back = roundTrip(run);
    EXPECT_EQ(back.formatVersion, kTraceFormatVersion);
    ASSERT_EQ(back.launches.size(), 2u);
    const auto& tables = back.launches[0].tables;
    ASSERT_EQ(tables.size(), 2u);
    const RecordTable* items = findTable(tables, "items");
    ASSERT_NE(items, nullptr);
    EXPECT_EQ(items->rows(), 3u);
    expectColumn<std::uint32_t>(*items, "block", {0, 1, 2});
    expectColumn<std::uint64_t>(*items, "startNs", {10, 20, 30});
    expectColumn<float>(*items, "cost", {1.5f, 2.25f, -0.0f});
    expectColumn<std::int64_t>(*items, "clock", {-1, 0, std::numeric_limits<std::int64_t>::max()});
    const RecordTable* flags = findTable(tables, "flags");
    ASSERT_NE(flags, nullptr);
    expectColumn<std::uint8_t>(*flags, "taken", {1, 0});
    expectColumn<std::int32_t>(*flags, "attempts", {-3, 7});
    expectColumn<double>(*flags, "value", {0.1, 1e300});
    EXPECT_EQ(back.launches[1].parentLaunch, 0);
    EXPECT_EQ(back.launches[1].parentBlock, 39u);
    EXPECT_EQ(back.launches[1].depth, 1u);
    EXPECT_EQ(back.launches[1].launchMode, "tail");
    EXPECT_EQ(back.launches[0].parentLaunch, -1);
    ASSERT_NE(findTable(back.tables, "bandwidth"), nullptr);
    expectColumn<double>(*findTable(back.tables, "bandwidth"), "gbPerS", {54.8, 55.1});
    EXPECT_EQ(back.texts, run.texts);
    EXPECT_EQ(back.figures, run.figures);
    const GpuEnvironment& e = back.environment;
    EXPECT_TRUE(e.queried);
    EXPECT_EQ(e.uuid, "GPU-0b1c");
    EXPECT_EQ(e.otherPids, (std::vector<std::uint32_t>{4242, 77}));
    EXPECT_EQ(e.otherProcessNames, run.environment.otherProcessNames);
    EXPECT_EQ(e.gpuUtilizationPercent, 93);
    EXPECT_EQ(e.memoryUtilizationPercent, 12);
    EXPECT_EQ(e.computeMode, "Default");
    EXPECT_TRUE(e.migEnabled);
    EXPECT_EQ(e.migProfile, "1g.10gb");
    EXPECT_EQ(e.migSmCount, 16);
    EXPECT_EQ(e.smClockMHz, 1755);
    EXPECT_EQ(e.maxSmClockMHz, 1980);
    EXPECT_EQ(e.memClockMHz, 2619);
    EXPECT_EQ(e.throttleReasons, 0x4u);
    EXPECT_EQ(e.throttleReasonNames, run.environment.throttleReasonNames);
    EXPECT_EQ(e.pcieGeneration, 5);
    EXPECT_EQ(e.pcieWidth, 16);
    EXPECT_EQ(e.pcieMaxGeneration, 5);
    EXPECT_EQ(e.pcieMaxWidth, 16);
    EXPECT_EQ(e.lockWaitMs, 812.5);
    EXPECT_EQ(e.runsAheadAtStart, 2);
    const OperationRecords& o = back.operations;
    EXPECT_EQ(o.kind, run.operations.kind);
    EXPECT_EQ(o.stream, run.operations.stream);
    EXPECT_EQ(o.engine, run.operations.engine);
    EXPECT_EQ(o.hostMemory, run.operations.hostMemory);
    EXPECT_EQ(o.bytes, run.operations.bytes);
    EXPECT_EQ(o.startNs, run.operations.startNs);
    EXPECT_EQ(o.endNs, run.operations.endNs);
    EXPECT_EQ(o.correlation, run.operations.correlation);
    EXPECT_EQ(o.launch, run.operations.launch);
    const HostCallRecords& h = back.hostCalls;
    EXPECT_EQ(h.names, run.hostCalls.names);
    EXPECT_EQ(h.name, run.hostCalls.name);
    EXPECT_EQ(h.thread, run.hostCalls.thread);
    EXPECT_EQ(h.startNs, run.hostCalls.startNs);
    EXPECT_EQ(h.endNs, run.hostCalls.endNs);
    EXPECT_EQ(h.correlation, run.hostCalls.correlation);
    EXPECT_TRUE(back.clocks.measured);
    EXPECT_EQ(back.clocks.offsetNs, -512345.5);
    EXPECT_EQ(back.clocks.spreadNs, 1800);
    EXPECT_EQ(back.clocks.samples, 5);
    const Timing& t = back.timing;
    EXPECT_EQ(t.kernelMinMs, 0.012);
    EXPECT_EQ(t.kernelMaxMs, 0.02);
    EXPECT_EQ(t.kernelCvPercent, 3.5);
    EXPECT_EQ(t.kernelSamplesMs, run.timing.kernelSamplesMs);
    EXPECT_EQ(t.cpuMs, 0.04);
    EXPECT_EQ(t.cpuParallelMs, 0.011);
    EXPECT_EQ(t.cpuThreads, 2);
    EXPECT_EQ(t.transferMs, 0.3);
}

// Values each step type must keep exactly, and the type they should be stored in.
struct NarrowCase {
    std::vector<double> values;
    const char* type;
};

TEST(TraceVersion2, StepValuesKeepTheirValuesInTheNarrowestType) {
    const NarrowCase cases[] = {
        {{0, 1, 4294967295.0, 7}, "u32"},
        {{-2147483648.0, 5, 2147483647.0}, "i32"},
        {{0.5, -3.25, 1e-3f, 3.0e38f}, "f32"},
        {{0.1, 4294967296.0, -1}, "f64"},  // no 32-bit type holds all
        {{std::numeric_limits<double>::infinity(), 1.5}, "f32"},
    };
    for (const auto& c : cases) {
        ws::Run run = makeSyntheticRun(4, 1, 1);
        StepRecords& s = run.launches[0].steps;
        s.components = 1;
        s.block = {0};
        s.warp = {0};
        s.step = {0};
        s.activeMask = {~0u};
        s.clock = {0};
        for (int lane = 0; lane < 32; ++lane) {
            s.before.push_back(c.values[lane % c.values.size()]);
            s.after.push_back(c.values[(lane + 1) % c.values.size()]);
        }
        const ws::Run back = roundTrip(run);
        ASSERT_EQ(back.launches.size(), 1u);
        EXPECT_EQ(back.launches[0].steps.before, s.before);
        EXPECT_EQ(back.launches[0].steps.after, s.after);
        const auto doc = nlohmann::json::from_cbor(encodeTrace(run));
        EXPECT_EQ(doc["launches"][0]["steps"]["valueType"], c.type) << c.values[0];
    }
}

std::string decodeError(const Run& run) {
    auto decoded = decodeTrace(encodeTrace(run));
    return decoded ? std::string("decoded") : decoded.error();
}

TEST(TraceVersion2, BadNewFieldsAreReportedWithWhatAndWhere) {
    {
        ws::Run run = makeVersion2Run();
        findTable(run.launches[0].tables, "items");
        run.launches[0].tables[0].add<std::uint32_t>("extra") = {1};
        EXPECT_EQ(decodeError(run),
                  "launch 1: table 'items': column 'extra' has 1 rows, column 'block' has 3");
    }
    {
        ws::Run run = makeVersion2Run();
        run.operations.kind[2] = 42;
        EXPECT_EQ(decodeError(run), "operations[2]: kind 42 is not below 10");
    }
    {
        ws::Run run = makeVersion2Run();
        run.operations.launch[1] = 9;
        EXPECT_EQ(decodeError(run),
                  "operations[1]: launch index 9 is not -1 or the index of one of the 2 launches");
    }
    {
        ws::Run run = makeVersion2Run();
        run.hostCalls.name[1] = 2;
        EXPECT_EQ(decodeError(run), "hostCalls.name[1] = 2 is not below the 2 names");
    }
    {
        ws::Run run = makeVersion2Run();
        run.launches[1].parentLaunch = 1;
        EXPECT_EQ(decodeError(run), "launch 2: parentLaunch 1 is not another launch of the 2");
    }
    {
        ws::Run run = makeVersion2Run();
        run.operations.endNs.pop_back();
        EXPECT_EQ(decodeError(run), "operations.endNs has 2 values, operations.kind has 3");
    }
}

}  // namespace
}  // namespace ws
