// Hello from the device (seed 000/003 chapter 1): every thread prints its
// block, thread, warp, lane and SM. The recording build also notes, per
// greeting, %globaltimer and a ticket drawn with atomicAdd just before the
// printf, so the order the greetings came in can be drawn; the real printf
// text is captured around each launch (kernels/common/stdout_capture.h).
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>

#include "core/basics/greetings.h"
#include "core/timing/cpu_timing.h"
#include "core/timing/timing_spread.h"
#include "kernels/basics/basics_experiments.h"
#include "kernels/common/cuda_check.h"
#include "kernels/common/device_buffer.h"
#include "kernels/common/device_record.cuh"
#include "kernels/common/event_timing.h"
#include "kernels/common/launch.cuh"
#include "kernels/common/memory_launch.h"
#include "kernels/common/stdout_capture.h"

namespace ws {

namespace dev {

struct GreetingPointers {
    std::uint32_t* sm = nullptr;
    std::uint64_t* timeNs = nullptr;
    std::uint32_t* ticket = nullptr;
    std::uint32_t* counter = nullptr;
};

// The format must stay equal to core/basics/greetings.cpp's greetingLine (a test
// compares the captured lines with it).
template <bool kRecord>
__global__ void helloKernel(GreetingPointers greetings, BlockRecordPointers blocks) {
    BlockRecorder recorder;
    if constexpr (kRecord) recorder.start();
    const unsigned thread = threadIdx.x;
    const unsigned sm = smId();
    if constexpr (kRecord) {
        const std::uint64_t g = std::uint64_t(blockIdx.x) * blockDim.x + thread;
        greetings.sm[g] = sm;
        greetings.timeNs[g] = globalTimerNs();
        greetings.ticket[g] = atomicAdd(greetings.counter, 1u);
    }
    printf("Hello from block %u, thread %u (warp %u, lane %u) on SM %u\n", blockIdx.x, thread,
           thread / 32u, thread % 32u, sm);
    if constexpr (kRecord) recorder.finish(blocks);
}

}  // namespace dev

namespace basics {

namespace {

// Lines a launch leaves in the printf buffer, with room for the record
// headers (the CUDA guide: arguments are stored with their format pointer).
constexpr std::size_t kPrintfBytesPerLine = 128;

Status ensurePrintfBuffer(std::uint64_t lines) {
    std::size_t size = 0;
    WS_CUDA_TRY(cudaDeviceGetLimit(&size, cudaLimitPrintfFifoSize));
    const std::uint64_t needed = lines * kPrintfBytesPerLine;
    if (size >= needed) return {};
    // Only possible before the first kernel with printf ran in this process.
    if (cudaDeviceSetLimit(cudaLimitPrintfFifoSize, needed) != cudaSuccess) {
        cudaGetLastError();
        return makeError("hello: " + std::to_string(lines) + " greetings need " +
                         std::to_string(needed) + " B of printf buffer, the device has " +
                         std::to_string(size) +
                         " B and it cannot grow once a kernel has printed (fewer threads)");
    }
    return {};
}

struct GreetingBuffers {
    DeviceBuffer<std::uint32_t> sm, ticket, counter;
    DeviceBuffer<std::uint64_t> timeNs;
    Status allocate(std::uint64_t n) {
        for (Status s :
             {sm.allocate(n), ticket.allocate(n), counter.allocate(1), timeNs.allocate(n)})
            if (!s) return s;
        return {};
    }
    dev::GreetingPointers pointers() const {
        return {sm.get(), timeNs.get(), ticket.get(), counter.get()};
    }
    Result<std::vector<Greeting>> download(std::uint32_t blockDim) const {
        const std::size_t n = sm.size();
        std::vector<std::uint32_t> smHost(n), ticketHost(n);
        std::vector<std::uint64_t> timeHost(n);
        if (n > 0) {
            WS_CUDA_TRY(cudaMemcpy(smHost.data(), sm.get(), sm.bytes(), cudaMemcpyDeviceToHost));
            WS_CUDA_TRY(cudaMemcpy(ticketHost.data(), ticket.get(), ticket.bytes(),
                                   cudaMemcpyDeviceToHost));
            WS_CUDA_TRY(
                cudaMemcpy(timeHost.data(), timeNs.get(), timeNs.bytes(), cudaMemcpyDeviceToHost));
        }
        std::vector<Greeting> out(n);
        for (std::size_t g = 0; g < n; ++g) {
            out[g].block = std::uint32_t(g / blockDim);
            out[g].thread = std::uint32_t(g % blockDim);
            out[g].warp = out[g].thread / kWarpSize;
            out[g].lane = out[g].thread % kWarpSize;
            out[g].sm = smHost[g];
            out[g].timeNs = timeHost[g];
            out[g].ticket = ticketHost[g];
        }
        return out;
    }
};

// The CPU's greeting: the same lines formatted into memory, one thread (the
// output is one ordered stream, so it does not parallelise).
double cpuGreetingsMs(std::uint32_t grid, std::uint32_t block) {
    return timeCpuMs([&] {
        std::string text;
        text.reserve(std::size_t(grid) * block * 64);
        for (std::uint32_t b = 0; b < grid; ++b)
            for (std::uint32_t t = 0; t < block; ++t)
                text += greetingLine(b, t, t / kWarpSize, t % kWarpSize, 0) + "\n";
        keepResult(text.size());
    });
}

}  // namespace

Result<Run> runHello(const BasicsSettings& settings, const RunOptions& options,
                     const DeviceInfo& device) {
    const std::uint32_t grid = settings.hello.grid;
    const std::uint32_t block = settings.hello.block;
    const int repeats = settings.hello.repeats;
    const std::uint64_t n = std::uint64_t(grid) * block;
    if (Status s = memory::checkShape(device, "hello_kernel", dim3(grid), dim3(block), 0); !s)
        return makeError(s.error());
    if (n > std::uint64_t(kMaxGreetings))
        return makeError("hello: " + std::to_string(n) + " greetings per launch; at most " +
                         std::to_string(kMaxGreetings));
    if (Status s = ensurePrintfBuffer(n); !s) return makeError(s.error());

    GreetingBuffers buffers;
    if (Status s = buffers.allocate(n); !s) return makeError(s.error());
    memory::TraceStorage blocks;
    if (Status s = blocks.allocate({grid, 0, 0, 0, 0}); !s) return makeError(s.error());

    Run run;
    memory::fillRunHeader(run, "hello", settings.resolved, device);
    // Timed launches without recording; their lines are captured and counted.
    std::vector<double> plainMs;
    auto timed = captureStdout([&]() -> Status {
        auto ms = timeRuns(std::max(1, options.repetitions), nullptr, [&] {
            return launchKernel("hello_kernel", dev::helloKernel<false>, dim3(grid), dim3(block), 0,
                                nullptr, dev::GreetingPointers{}, BlockRecordPointers{});
        });
        if (!ms) return makeError(ms.error());
        plainMs = std::move(*ms);
        WS_CUDA_TRY(cudaDeviceSynchronize());
        return {};
    });
    if (!timed) return makeError(timed.error());
    if (!timed->status) return makeError(timed->status.error());
    const std::size_t plainLines =
        std::size_t(std::count(timed->text.begin(), timed->text.end(), '\n'));
    const std::size_t plainExpected = n * (plainMs.size() + 1);  // + the warm-up

    std::vector<double> recordedMs;
    Verification verdict;
    for (int r = 0; r < repeats; ++r) {
        if (Status s = blocks.clear(); !s) return makeError(s.error());
        if (Status s = buffers.counter.fill(0); !s) return makeError(s.error());
        CudaEvent start, stop;
        if (Status s = start.create(); !s) return makeError(s.error());
        if (Status s = stop.create(); !s) return makeError(s.error());
        auto printed = captureStdout([&]() -> Status {
            WS_CUDA_TRY(cudaEventRecord(start.get()));
            if (Status s =
                    launchKernel("hello_kernel", dev::helloKernel<true>, dim3(grid), dim3(block), 0,
                                 nullptr, buffers.pointers(), blocks.trace().blocks);
                !s)
                return s;
            WS_CUDA_TRY(cudaEventRecord(stop.get()));
            WS_CUDA_TRY(cudaDeviceSynchronize());  // flushes the printf buffer
            return {};
        });
        if (!printed) return makeError(printed.error());
        if (!printed->status) return makeError(printed->status.error());
        float ms = 0;
        WS_CUDA_TRY(cudaEventElapsedTime(&ms, start.get(), stop.get()));
        recordedMs.push_back(ms);

        auto greetings = buffers.download(block);
        if (!greetings) return makeError(greetings.error());
        const PrintfMatch match = matchPrintf(printed->text, *greetings);
        Verification v = verifyGreetings(*greetings, grid, block, match);
        if (r == 0 || (verdict.passed && !v.passed)) verdict = v;

        Launch launch = memory::makeLaunch("hello_kernel", dim3(grid), dim3(block), 0);
        if (Status s = blocks.download(launch); !s) return makeError(s.error());
        launch.tables.push_back(greetingsTable(*greetings));
        run.launches.push_back(std::move(launch));
        run.texts[printfTextKey(std::size_t(r))] = printed->text;
    }
    if (plainLines != plainExpected && verdict.passed) {
        verdict.passed = false;
        verdict.note = "the launches without recording printed " + std::to_string(plainLines) +
                       " lines, expected " + std::to_string(plainExpected);
    }
    run.verification = verdict;

    Timing& t = run.timing;
    setKernelSamples(t, plainMs);
    t.recordedKernelMs = medianOf(recordedMs);
    if (t.kernelMs > 0) t.overheadPercent = (t.recordedKernelMs - t.kernelMs) / t.kernelMs * 100;
    if (options.timeCpu) {
        t.cpuMs = cpuGreetingsMs(grid, block);
        t.cpuThreads = 1;
    }
    run.figures["greetings"] = double(n);
    return run;
}

}  // namespace basics
}  // namespace ws
