#include "kernels/program/clock_mailbox.h"

#include <atomic>
#include <chrono>
#include <mutex>

#include "core/program/clock_mailbox_ptx.h"
#include "core/program/timeline_log.h"
#include "core/timing/clock_mailbox.h"
#include "kernels/program/driver_entry_points.h"

namespace ws::program {

namespace {

using Mailbox = ClockMailbox;  // core/timing/clock_mailbox.h
constexpr std::uint32_t kGaveUp = kClockMailboxGaveUp;
constexpr std::uint32_t kStop = kClockMailboxStop;

std::string driverError(const char* call, CUresult r) {
    return std::string(call) + " failed: " + driverErrorName(r);
}

#define WS_DRIVER_TRY(call)                                        \
    do {                                                           \
        const CUresult wsDriverResult_ = (call);                   \
        if (wsDriverResult_ != CUDA_SUCCESS)                       \
            return makeError(driverError(#call, wsDriverResult_)); \
    } while (0)

// The mailbox kernel of the current context, loaded once per context.
Result<CUfunction> mailboxKernel() {
    // Never destroyed: the clock is read again as the program exits.
    static auto* lock = new std::mutex;
    static auto* loaded = new std::vector<std::pair<CUcontext, CUfunction>>;
    CUcontext context = nullptr;
    WS_DRIVER_TRY(REAL_DRIVER(cuCtxGetCurrent)(&context));
    std::lock_guard guard(*lock);
    for (const auto& [c, f] : *loaded)
        if (c == context) return f;
    CUmodule module = nullptr;
    WS_DRIVER_TRY(REAL_DRIVER(cuModuleLoadData)(&module, clockMailboxPtx().c_str()));
    CUfunction function = nullptr;
    WS_DRIVER_TRY(REAL_DRIVER(cuModuleGetFunction)(&function, module, kClockKernelName));
    loaded->emplace_back(context, function);
    return function;
}

}  // namespace

Result<std::vector<ClockSample>> sampleClockMailbox(CUstream stream, int samples,
                                                    HostClock hostClock, double timeoutMs) {
    auto kernel = mailboxKernel();
    if (!kernel) return makeError(kernel.error());
    void* host = nullptr;
    WS_DRIVER_TRY(REAL_DRIVER(cuMemHostAlloc)(
        &host, sizeof(Mailbox), CU_MEMHOSTALLOC_DEVICEMAP | CU_MEMHOSTALLOC_PORTABLE));
    volatile Mailbox* box = static_cast<Mailbox*>(host);
    box->request = 0;
    box->reply = 0;
    box->deviceNs = 0;
    CUdeviceptr device = 0;
    if (const CUresult r = REAL_DRIVER(cuMemHostGetDevicePointer)(&device, host, 0);
        r != CUDA_SUCCESS) {
        REAL_DRIVER(cuMemFreeHost)(host);
        return makeError(driverError("cuMemHostGetDevicePointer", r));
    }
    std::uint32_t count = std::uint32_t(samples);
    std::uint64_t timeoutNs = std::uint64_t(timeoutMs * 1e6);
    void* args[] = {&device, &count, &timeoutNs};
    if (const CUresult r =
            REAL_DRIVER(cuLaunchKernel)(*kernel, 1, 1, 1, 1, 1, 1, 0, stream, args, nullptr);
        r != CUDA_SUCCESS) {
        REAL_DRIVER(cuMemFreeHost)(host);
        return makeError(driverError("cuLaunchKernel", r));
    }
    std::vector<ClockSample> out;
    std::string failure;
    for (int k = 1; k <= samples && failure.empty(); ++k) {
        auto before = hostClock();
        if (!before) {
            failure = before.error();
            break;
        }
        box->request = std::uint32_t(k);
        const auto waitStart = std::chrono::steady_clock::now();
        std::uint32_t reply = 0;
        while ((reply = box->reply) != std::uint32_t(k)) {
            const std::chrono::duration<double, std::milli> waited =
                std::chrono::steady_clock::now() - waitStart;
            if (reply == kGaveUp || waited.count() > timeoutMs) {
                failure = "no answer from the GPU's clock within " +
                          std::to_string(int(timeoutMs)) + " ms";
                break;
            }
        }
        if (!failure.empty()) break;
        std::atomic_thread_fence(std::memory_order_acquire);
        auto after = hostClock();
        if (!after) {
            failure = after.error();
            break;
        }
        out.push_back({*before, box->deviceNs, *after});
    }
    box->request = kStop;
    REAL_DRIVER(cuStreamSynchronize)(stream);
    REAL_DRIVER(cuMemFreeHost)(host);
    if (!failure.empty()) return makeError(failure);
    return out;
}

}  // namespace ws::program
