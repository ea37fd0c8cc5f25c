// CUPTI's records into the trace's operations and host calls, with hand-made
// records: shifted onto %globaltimer, sorted, engines and threads numbered,
// kernels tied to their launches, managed transfers tied to their arrays.
#include "core/concurrency/activity_convert.h"

#include <gtest/gtest.h>

#include "core/concurrency/concurrency_tables.h"

namespace ws {
namespace {

constexpr std::uint64_t kT = 1'700'000'000'000'000'000ull;  // CUPTI's clock
const ClockAlignment kClock{.measured = true, .offsetNs = -1000, .spreadNs = 300, .samples = 12};

Run twoStreamRun() {
    ws::Run run;
    for (int i = 0; i < 3; ++i) {
        Launch l;
        l.kernel = "processChunk";
        l.grid = {std::uint32_t(4 + i), 1, 1};
        run.launches.push_back(l);
    }
    return run;
}

ActivityLog twoStreamLog() {
    ActivityLog log;
    // Stream 13 ran launches 0 and 2; stream 14 ran launch 1. Out of order on purpose.
    log.kernels.push_back({.startNs = kT + 5000,
                           .endNs = kT + 6000,
                           .stream = 13,
                           .correlation = 30,
                           .name = "processChunk",
                           .gridX = 6});
    log.kernels.push_back({.startNs = kT + 2000,
                           .endNs = kT + 4000,
                           .stream = 13,
                           .correlation = 10,
                           .name = "processChunk",
                           .gridX = 4});
    log.kernels.push_back({.startNs = kT + 3000,
                           .endNs = kT + 4500,
                           .stream = 14,
                           .correlation = 20,
                           .name = "processChunk",
                           .gridX = 5});
    log.copies.push_back({.startNs = kT + 1000,
                          .endNs = kT + 1900,
                          .bytes = 4096,
                          .kind = OperationKind::CopyHostToDevice,
                          .hostMemory = HostMemoryKind::Pinned,
                          .stream = 13,
                          .correlation = 9,
                          .channel = 77,
                          .copyChannel = true});
    log.copies.push_back({.startNs = kT + 2500,
                          .endNs = kT + 2900,
                          .bytes = 4096,
                          .kind = OperationKind::CopyDeviceToHost,
                          .hostMemory = HostMemoryKind::Pinned,
                          .stream = 14,
                          .correlation = 21,
                          .channel = 70,
                          .copyChannel = true});
    log.copies.push_back({.startNs = kT + 4100,
                          .endNs = kT + 4200,
                          .bytes = 4096,
                          .kind = OperationKind::CopyHostToDevice,
                          .hostMemory = HostMemoryKind::Pinned,
                          .stream = 14,
                          .correlation = 19,
                          .channel = 77,
                          .copyChannel = true});
    log.memsets.push_back(
        {.startNs = kT + 100, .endNs = kT + 200, .bytes = 64, .stream = 13, .correlation = 5});
    log.calls.push_back({.startNs = kT + 50,
                         .endNs = kT + 80,
                         .threadId = 4242,
                         .correlation = 5,
                         .name = "cudaMemsetAsync_v3020"});
    log.calls.push_back({.startNs = kT + 60,
                         .endNs = kT + 90,
                         .threadId = 999,
                         .correlation = 9,
                         .name = "cudaMemcpyAsync_v3020"});
    log.calls.push_back({.startNs = kT + 95,
                         .endNs = kT + 99,
                         .threadId = 4242,
                         .correlation = 10,
                         .name = "cudaLaunchKernel_v7000"});
    return log;
}

ActivityLinks streamsOfLaunches() { return {.launchStream = {13, 14, 13}}; }

TEST(ActivityConvert, OperationsAreShiftedSortedAndTiedToTheirLaunches) {
    ws::Run run = twoStreamRun();
    ASSERT_TRUE(applyActivities(twoStreamLog(), kClock, streamsOfLaunches(), run).ok());
    const OperationRecords& o = run.operations;
    ASSERT_EQ(o.size(), 7u);
    for (std::size_t i = 1; i < o.size(); ++i) EXPECT_LE(o.startNs[i - 1], o.startNs[i]);
    EXPECT_EQ(o.kind[0], std::uint8_t(OperationKind::Memset));
    EXPECT_EQ(o.startNs[0], kT + 100 - 1000);
    EXPECT_EQ(o.endNs[0], kT + 200 - 1000);
    // The kernels, in start order: stream 13's first (launch 0), stream 14's (launch 1),
    // stream 13's second (launch 2).
    std::vector<std::int32_t> launches;
    for (std::size_t i = 0; i < o.size(); ++i)
        if (o.kind[i] == std::uint8_t(OperationKind::Kernel))
            launches.push_back(o.launch[i]);
        else
            EXPECT_EQ(o.launch[i], -1);
    EXPECT_EQ(launches, (std::vector<std::int32_t>{0, 1, 2}));
    EXPECT_EQ(run.clocks.offsetNs, -1000);
    EXPECT_EQ(run.clocks.samples, 12);
}

TEST(ActivityConvert, CopyEnginesAreNumberedByFirstUse) {
    ws::Run run = twoStreamRun();
    ASSERT_TRUE(applyActivities(twoStreamLog(), kClock, streamsOfLaunches(), run).ok());
    const OperationRecords& o = run.operations;
    std::vector<std::uint32_t> engines;
    for (std::size_t i = 0; i < o.size(); ++i)
        if (o.kind[i] == std::uint8_t(OperationKind::CopyHostToDevice) ||
            o.kind[i] == std::uint8_t(OperationKind::CopyDeviceToHost))
            engines.push_back(o.engine[i]);
    // Channel 77 was used first (engine 0), then 70 (engine 1), then 77 again.
    EXPECT_EQ(engines, (std::vector<std::uint32_t>{0, 1, 0}));
    EXPECT_EQ(o.hostMemory[1], std::uint8_t(HostMemoryKind::Pinned));
}

TEST(ActivityConvert, HostCallsKeepTheirThreadsAndPlainNames) {
    ws::Run run = twoStreamRun();
    ASSERT_TRUE(applyActivities(twoStreamLog(), kClock, streamsOfLaunches(), run).ok());
    const HostCallRecords& h = run.hostCalls;
    ASSERT_EQ(h.size(), 3u);
    EXPECT_EQ(h.thread, (std::vector<std::uint32_t>{0, 1, 0}));
    EXPECT_EQ(h.names[h.name[0]], "cudaMemsetAsync");
    EXPECT_EQ(h.names[h.name[1]], "cudaMemcpyAsync");
    EXPECT_EQ(h.names[h.name[2]], "cudaLaunchKernel");
    EXPECT_EQ(h.startNs[1], kT + 60 - 1000);
    EXPECT_EQ(h.correlation[2], 10u);
    EXPECT_EQ(apiDisplayName("cudaFree"), "cudaFree");
    EXPECT_EQ(apiDisplayName("cuda_vX"), "cuda_vX");
}

TEST(ActivityConvert, AKernelOfAnotherGridIsNotTiedAndItsLaunchIsMissed) {
    ws::Run run = twoStreamRun();
    run.launches[1].grid = {99, 1, 1};
    Status s = applyActivities(twoStreamLog(), kClock, streamsOfLaunches(), run);
    ASSERT_FALSE(s.ok());
    EXPECT_EQ(s.error(), "CUPTI recorded kernels for 2 of the 3 launches made from the host");
}

TEST(ActivityConvert, DeviceLaunchedKernelsAndForeignStreamsStayUntied) {
    ws::Run run = twoStreamRun();
    ActivityLog log = twoStreamLog();
    // A grid of the same size launched from the device, in the same stream, first.
    log.kernels.push_back({.startNs = kT + 1500,
                           .endNs = kT + 1700,
                           .stream = 13,
                           .gridX = 4,
                           .deviceLaunched = true});
    log.kernels.push_back({.startNs = kT + 10, .endNs = kT + 20, .stream = 99, .gridX = 1});
    ASSERT_TRUE(applyActivities(log, kClock, streamsOfLaunches(), run).ok());
    std::vector<std::int32_t> launches;
    for (std::size_t i = 0; i < run.operations.size(); ++i)
        if (run.operations.kind[i] == std::uint8_t(OperationKind::Kernel))
            launches.push_back(run.operations.launch[i]);
    // The foreign kernel and the device-launched one stay -1.
    EXPECT_EQ(launches, (std::vector<std::int32_t>{-1, -1, 0, 1, 2}));
    EXPECT_EQ(run.figures.at("unlinkedKernels"), 2);
}

TEST(ActivityConvert, ManagedTransfersNameTheirArrayAndOffset) {
    ws::Run run;
    ActivityLog log;
    const std::uint64_t a = 0x7f0000000000ull, b = 0x7f0000400000ull;
    log.unifiedMemory.push_back({.counter = UnifiedMemoryCounter::BytesHostToDevice,
                                 .startNs = kT + 10,
                                 .endNs = kT + 90,
                                 .value = 65536,
                                 .address = b + 131072});
    log.unifiedMemory.push_back({.counter = UnifiedMemoryCounter::GpuPageFaultGroups,
                                 .startNs = kT + 5,
                                 .endNs = kT + 8,
                                 .value = 3,
                                 .address = a});
    log.unifiedMemory.push_back({.counter = UnifiedMemoryCounter::CpuPageFault,
                                 .startNs = kT + 7,
                                 .value = 0x1234,
                                 .address = a});
    log.unifiedMemory.push_back({.counter = UnifiedMemoryCounter::BytesDeviceToHost,
                                 .startNs = kT + 100,
                                 .endNs = kT + 200,
                                 .value = 4096,
                                 .address = 0x100});  // not in a followed array
    log.dropped = 2;
    ActivityLinks links{.arrays = {{a, 1 << 20}, {b, 1 << 20}}};
    ASSERT_TRUE(applyActivities(log, kClock, links, run).ok());
    const OperationRecords& o = run.operations;
    ASSERT_EQ(o.size(), 3u);  // CPU faults have no operation kind
    EXPECT_EQ(o.kind[0], std::uint8_t(OperationKind::GpuPageFaults));
    EXPECT_EQ(o.bytes[0], 3u);
    EXPECT_EQ(o.kind[1], std::uint8_t(OperationKind::MigrationHostToDevice));
    EXPECT_EQ(o.hostMemory[1], std::uint8_t(HostMemoryKind::Managed));
    const RecordTable* t = findTable(run.tables, tables::kManagedTransfers);
    ASSERT_NE(t, nullptr);
    EXPECT_EQ(*t->get<std::uint32_t>("operation"), (std::vector<std::uint32_t>{0, 1}));
    EXPECT_EQ(*t->get<std::uint32_t>("array"), (std::vector<std::uint32_t>{0, 1}));
    EXPECT_EQ(*t->get<std::uint64_t>("offset"), (std::vector<std::uint64_t>{0, 131072}));
    EXPECT_EQ(run.figures.at("cuptiDroppedRecords"), 2);
    EXPECT_EQ(run.figures.at("cpuPageFaults"), 1);
}

}  // namespace
}  // namespace ws
