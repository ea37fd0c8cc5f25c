#pragma once
// Runs with hand-made operations for the concurrency lab's tests: every time
// and size known, so the figures and pixels can be checked exactly.
#include <cstdint>

#include "core/run/run.h"

namespace ws::test {

inline constexpr std::uint64_t kOrigin = 1'700'000'000'000'000'000ull;

inline void addOperation(Run& run, OperationKind kind, std::uint32_t stream, std::uint64_t start,
                         std::uint64_t end, std::uint32_t engine = 0, std::uint64_t bytes = 0,
                         std::uint32_t correlation = 0, std::int32_t launch = -1,
                         HostMemoryKind host = HostMemoryKind::None) {
    OperationRecords& o = run.operations;
    o.kind.push_back(std::uint8_t(kind));
    o.stream.push_back(stream);
    o.engine.push_back(engine);
    o.hostMemory.push_back(std::uint8_t(host));
    o.bytes.push_back(bytes);
    o.startNs.push_back(kOrigin + start);
    o.endNs.push_back(kOrigin + end);
    o.correlation.push_back(correlation);
    o.launch.push_back(launch);
}

inline void addHostCall(Run& run, const std::string& name, std::uint32_t thread,
                        std::uint64_t start, std::uint64_t end, std::uint32_t correlation) {
    HostCallRecords& h = run.hostCalls;
    std::uint32_t index = 0;
    while (index < h.names.size() && h.names[index] != name) ++index;
    if (index == h.names.size()) h.names.push_back(name);
    h.name.push_back(index);
    h.thread.push_back(thread);
    h.startNs.push_back(kOrigin + start);
    h.endNs.push_back(kOrigin + end);
    h.correlation.push_back(correlation);
}

// Two streams, two chunks each: copy in (1 us), kernel (2 us), copy out
// (1 us). Stream 7's chunk starts at 0, stream 8's at 1 us, so stream 8's copy
// in hides behind stream 7's kernel. Host thread 0 enqueues stream 7's work,
// thread 1 stream 8's. Launch k has 2 blocks of 128 threads on SMs k and k+1.
inline Run twoStreamPipeline() {
    Run run;
    run.experiment = "streams";
    run.device.name = "test GPU";
    run.device.smCount = 4;
    run.device.timerTickNs = 32;
    run.clocks = {.measured = true, .offsetNs = -500'000, .spreadNs = 800, .samples = 12};
    for (std::uint32_t k = 0; k < 2; ++k) {
        Launch l;
        l.kernel = "processChunk";
        l.grid = {2, 1, 1};
        l.block = {128, 1, 1};
        l.stream = 7 + k;
        l.blocks.resize(2);
        for (std::uint32_t b = 0; b < 2; ++b) {
            l.blocks.block[b] = b;
            l.blocks.sm[b] = k + b;
            l.blocks.startNs[b] = kOrigin + 1000 + 1000 * k + 100;
            l.blocks.endNs[b] = kOrigin + 3000 + 1000 * k - 100;
            l.blocks.startClock[b] = 0;
            l.blocks.endClock[b] = 3000;
        }
        run.launches.push_back(std::move(l));
    }
    for (std::uint32_t k = 0; k < 2; ++k) {
        const std::uint64_t t = 1000 * k;
        const std::uint32_t c = 10 * (k + 1);
        addHostCall(run, "cudaMemcpyAsync", k, t - (k ? 900 : 0), t - (k ? 900 : 0) + 50, c);
        addHostCall(run, "cudaLaunchKernel", k, t + 60, t + 90, c + 1);
        addHostCall(run, "cudaMemcpyAsync", k, t + 100, t + 150, c + 2);
        addOperation(run, OperationKind::CopyHostToDevice, 7 + k, t, t + 1000, 0, 1 << 20, c, -1,
                     HostMemoryKind::Pinned);
        addOperation(run, OperationKind::Kernel, 7 + k, t + 1000, t + 3000, 0, 0, c + 1,
                     std::int32_t(k));
        addOperation(run, OperationKind::CopyDeviceToHost, 7 + k, t + 3000, t + 4000, 1, 1 << 20,
                     c + 2, -1, HostMemoryKind::Pinned);
    }
    return run;
}

}  // namespace ws::test
