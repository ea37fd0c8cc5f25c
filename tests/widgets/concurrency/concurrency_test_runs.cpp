#include "tests/widgets/concurrency/concurrency_test_runs.h"

#include <algorithm>

#include "core/concurrency/concurrency_tables.h"
#include "tests/widgets/concurrency/operation_test_runs.h"

namespace ws::test {

namespace {

Launch kernelLaunch(const std::string& name, std::uint32_t blocks, std::uint64_t start,
                    std::uint64_t end, std::uint32_t stream) {
    Launch l;
    l.kernel = name;
    l.grid = {blocks, 1, 1};
    l.block = {256, 1, 1};
    l.stream = stream;
    l.blocks.resize(blocks);
    const std::uint64_t half = (end - start) / 2;
    for (std::uint32_t b = 0; b < blocks; ++b) {
        l.blocks.block[b] = b;
        l.blocks.sm[b] = b % 4;
        // Two waves on four SMs.
        l.blocks.startNs[b] = kOrigin + start + (b / 4) * half;
        l.blocks.endNs[b] = l.blocks.startNs[b] + half - 20;
        l.blocks.startClock[b] = 0;
        l.blocks.endClock[b] = std::int64_t(half);
    }
    return l;
}

}  // namespace

Run streamsRun(std::uint32_t streams, std::uint32_t chunks, std::uint64_t copyNs,
               std::uint64_t kernelNs) {
    Run run;
    run.experiment = "streams";
    run.params = {{"streams", std::to_string(streams)}, {"chunks", std::to_string(chunks)}};
    run.device.name = "hand-made GPU";
    run.device.smCount = 4;
    run.device.timerTickNs = 32;
    run.clocks = {.measured = true, .offsetNs = -510'000, .spreadNs = 900, .samples = 26};
    std::vector<std::uint64_t> streamFree(streams, 2000);
    std::uint64_t inFree = 2000, outFree = 2000, kernelFree = 2000;
    std::uint32_t correlation = 100;
    std::uint64_t hostT = 100;
    for (std::uint32_t c = 0; c < chunks; ++c) {
        const std::uint32_t s = c % streams, id = 20 + s;
        addHostCall(run, "cudaMemcpyAsync", 0, hostT, hostT + 40, correlation);
        const std::uint64_t in0 = std::max(inFree, streamFree[s]);
        addOperation(run, OperationKind::CopyHostToDevice, id, in0, in0 + copyNs, 0, 4 << 20,
                     correlation++, -1, HostMemoryKind::Pinned);
        addHostCall(run, "cudaLaunchKernel", 0, hostT + 50, hostT + 80, correlation);
        const std::uint64_t k0 = std::max(in0 + copyNs, kernelFree);
        run.launches.push_back(kernelLaunch("processChunk", 8, k0, k0 + kernelNs, id));
        addOperation(run, OperationKind::Kernel, id, k0, k0 + kernelNs, 0, 0, correlation++,
                     std::int32_t(c));
        addHostCall(run, "cudaMemcpyAsync", 0, hostT + 90, hostT + 130, correlation);
        const std::uint64_t o0 = std::max(k0 + kernelNs, outFree);
        addOperation(run, OperationKind::CopyDeviceToHost, id, o0, o0 + copyNs, 1, 4 << 20,
                     correlation++, -1, HostMemoryKind::Pinned);
        inFree = in0 + copyNs;
        kernelFree = k0 + kernelNs;
        outFree = streamFree[s] = o0 + copyNs;
        hostT += 150;
    }
    // Operations sorted by start, as CUPTI's conversion leaves them.
    OperationRecords& o = run.operations;
    std::vector<std::size_t> order(o.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(),
                     [&](auto a, auto b) { return o.startNs[a] < o.startNs[b]; });
    OperationRecords sorted;
    for (auto i : order) {
        sorted.kind.push_back(o.kind[i]);
        sorted.stream.push_back(o.stream[i]);
        sorted.engine.push_back(o.engine[i]);
        sorted.hostMemory.push_back(o.hostMemory[i]);
        sorted.bytes.push_back(o.bytes[i]);
        sorted.startNs.push_back(o.startNs[i]);
        sorted.endNs.push_back(o.endNs[i]);
        sorted.correlation.push_back(o.correlation[i]);
        sorted.launch.push_back(o.launch[i]);
    }
    o = std::move(sorted);
    std::uint64_t last = 0;
    for (auto e : o.endNs) last = std::max(last, e - kOrigin);
    addHostCall(run, "cudaStreamSynchronize", 0, hostT, last + 50, correlation);
    run.figures = {{"endToEndMs", double(last - 2000) / 1e6},
                   {"oneStreamMs", 0.0},
                   {"overlapFraction", 0.4},
                   {"copyBehindKernelFraction", 0.6}};
    return run;
}

Run dynamicRun() {
    Run run;
    run.experiment = "dynamic-parallelism";
    run.params = {{"pattern", "parent-child"}, {"mode", "fire-and-forget"}};
    run.device.name = "hand-made GPU";
    run.device.smCount = 4;
    run.device.timerTickNs = 32;
    run.launches.push_back(kernelLaunch("parentDoubles", 4, 0, 2000, 7));
    std::vector<std::uint32_t> launch;
    std::vector<std::uint64_t> request;
    for (std::uint32_t b = 0; b < 4; ++b) {
        Launch child = kernelLaunch("childAddsOne", 2, 1500 + 300 * b, 3000 + 300 * b, 7);
        child.parentLaunch = 0;
        child.parentBlock = b;
        child.depth = 1;
        child.launchMode = "fire-and-forget";
        launch.push_back(std::uint32_t(run.launches.size()));
        request.push_back(kOrigin + 1000 + 300 * b);
        run.launches.push_back(child);
    }
    Launch grandchild = kernelLaunch("childAddsOne", 1, 4000, 5000, 7);
    grandchild.parentLaunch = 2;
    grandchild.parentBlock = 1;
    grandchild.depth = 2;
    grandchild.launchMode = "tail";
    launch.push_back(5);
    request.push_back(kOrigin + 2700);
    run.launches.push_back(grandchild);
    RecordTable& t = addTable(run.tables, tables::kDeviceLaunches);
    t.add<std::uint32_t>("launch") = launch;
    t.add<std::uint64_t>("requestNs") = request;
    run.figures = {{"hostLaunchLatencyUs", 6.1},
                   {"hostLaunchLatencyMinUs", 5.2},
                   {"hostLaunchLatencyMaxUs", 8.0},
                   {"fireAndForgetLatencyUs", 3.4},
                   {"fireAndForgetLatencyMinUs", 3.0},
                   {"fireAndForgetLatencyMaxUs", 4.1},
                   {"tailLatencyUs", 4.0}};
    return run;
}

Run unifiedRun() {
    Run run;
    run.experiment = "unified-memory";
    run.params = {{"pattern", "first-touch"}};
    run.device.name = "hand-made GPU";
    run.device.smCount = 4;
    run.device.timerTickNs = 32;
    run.clocks = {.measured = true, .offsetNs = -510'000, .spreadNs = 900, .samples = 26};
    Launch add = kernelLaunch("add", 64, 1000, 9000, 7);
    // Block b starts when the migration of its 16 KiB quarter has ended.
    for (std::uint32_t b = 0; b < 64; ++b) {
        add.blocks.startNs[b] = kOrigin + 1000 + 2000 * (b / 16) + 10 * (b % 16);
        add.blocks.endNs[b] = add.blocks.startNs[b] + 1900;
    }
    run.launches.push_back(add);
    addOperation(run, OperationKind::Kernel, 7, 900, 9000, 0, 0, 5, 0);
    std::vector<std::uint32_t> op, array;
    std::vector<std::uint64_t> offset;
    for (std::uint32_t q = 0; q < 4; ++q) {
        const std::uint64_t t = 1000 + 2000 * q;
        // c was never on the host: each of its pages is populated where the
        // first fault hits it, nothing moves.
        for (std::uint32_t page = 0; page < 4; ++page) {
            addOperation(run, OperationKind::GpuPageFaults, 0, t + 50 * page, t + 50 * page + 40, 0,
                         1, 0, -1, HostMemoryKind::Managed);
            op.push_back(std::uint32_t(run.operations.size() - 1));
            array.push_back(2);
            offset.push_back(q * (16 << 10) + page * 4096);
        }
        for (std::uint32_t a = 0; a < 2; ++a) {
            addOperation(run, OperationKind::GpuPageFaults, 0, t, t + 100, 0, 2, 0, -1,
                         HostMemoryKind::Managed);
            op.push_back(std::uint32_t(run.operations.size() - 1));
            array.push_back(a);
            offset.push_back(q * (16 << 10));
            addOperation(run, OperationKind::MigrationHostToDevice, 0, t + 100, t + 900, 0,
                         16 << 10, 0, -1, HostMemoryKind::Managed);
            op.push_back(std::uint32_t(run.operations.size() - 1));
            array.push_back(a);
            offset.push_back(q * (16 << 10));
        }
    }
    RecordTable& arrays = addTable(run.tables, tables::kManagedArrays);
    arrays.add<std::uint32_t>("array") = {0, 1, 2};
    arrays.add<std::uint64_t>("bytes") = {64 << 10, 64 << 10, 64 << 10};
    arrays.add<std::uint32_t>("elementBytes") = {4, 4, 4};
    arrays.add<std::uint8_t>("initial") = {1, 1, 0};
    RecordTable& transfers = addTable(run.tables, tables::kManagedTransfers);
    transfers.add<std::uint32_t>("operation") = op;
    transfers.add<std::uint32_t>("array") = array;
    transfers.add<std::uint64_t>("offset") = offset;
    run.figures = {{"firstTouchGBs", 8.5},  {"prefetchGBs", 47.0},  {"explicitCopyGBs", 52.0},
                   {"residentGBs", 2900.0}, {"cpuTouchedGBs", 9.1}, {"prefetchToExplicit", 1.1},
                   {"firstTouchMs", 127.0}, {"prefetchMs", 22.8},   {"explicitCopyMs", 20.6}};
    return run;
}

}  // namespace ws::test
