#include <cuda_runtime.h>

#include <atomic>
#include <chrono>
#include <cstdint>

#include "core/timing/clock_mailbox.h"
#include "kernels/common/cuda_check.h"
#include "kernels/common/device_buffer.h"
#include "kernels/common/device_clocks.cuh"
#include "kernels/concurrency/clock_probe.h"
#include "kernels/concurrency/cupti_activity.h"

namespace ws {

namespace {

using Mailbox = ClockMailbox;  // core/timing/clock_mailbox.h
constexpr std::uint32_t kGaveUp = kClockMailboxGaveUp;
constexpr std::uint32_t kStop = kClockMailboxStop;

// One thread. It gives up (and says so) if the host stops asking, so a host
// that failed half-way never leaves it spinning on the GPU.
__global__ void answerClockRequests(Mailbox* box, int samples, std::uint64_t timeoutNs) {
    volatile Mailbox* v = box;
    for (int k = 1; k <= samples; ++k) {
        const std::uint64_t deadline = dev::globalTimerNs() + timeoutNs;
        while (v->request != std::uint32_t(k)) {
            if (v->request == kStop) return;
            if (dev::globalTimerNs() > deadline) {
                v->reply = kGaveUp;
                return;
            }
        }
        v->deviceNs = dev::globalTimerNs();
        __threadfence_system();  // the reading reaches the host before the reply does
        v->reply = std::uint32_t(k);
    }
}

class MappedMailbox {
public:
    MappedMailbox() = default;
    MappedMailbox(const MappedMailbox&) = delete;
    MappedMailbox& operator=(const MappedMailbox&) = delete;
    ~MappedMailbox() {
        if (m_host) cudaFreeHost(m_host);
    }
    Status allocate() {
        void* p = nullptr;
        WS_CUDA_TRY(cudaHostAlloc(&p, sizeof(Mailbox), cudaHostAllocMapped));
        m_host = static_cast<Mailbox*>(p);
        *m_host = {};
        void* d = nullptr;
        WS_CUDA_TRY(cudaHostGetDevicePointer(&d, p, 0));
        m_device = static_cast<Mailbox*>(d);
        return {};
    }
    volatile Mailbox* host() const { return m_host; }
    Mailbox* device() const { return m_device; }

private:
    Mailbox* m_host = nullptr;
    Mailbox* m_device = nullptr;
};

// Whatever way sampleClocks leaves, the kernel is told to stop and waited
// for before the mailbox it reads is freed.
struct StopResponder {
    volatile Mailbox* host;
    cudaStream_t stream;
    ~StopResponder() {
        host->request = kStop;
        cudaStreamSynchronize(stream);
    }
};

}  // namespace

Result<std::vector<ClockSample>> sampleClocks(const ClockProbeOptions& options) {
    MappedMailbox box;
    if (Status s = box.allocate(); !s) return makeError(s.error());
    CudaStream stream;
    if (Status s = stream.create(); !s) return makeError(s.error());
    const auto timeoutNs = std::uint64_t(options.timeoutMs * 1e6);
    answerClockRequests<<<1, 1, 0, stream.get()>>>(box.device(), options.samples, timeoutNs);
    WS_CUDA_TRY_LAUNCH("answerClockRequests");
    volatile Mailbox* host = box.host();
    const StopResponder stop{host, stream.get()};
    std::vector<ClockSample> samples;
    for (int k = 1; k <= options.samples; ++k) {
        auto before = cupti::timestampNs();
        if (!before) return makeError(before.error());
        host->request = std::uint32_t(k);
        const auto waitStart = std::chrono::steady_clock::now();
        std::uint32_t reply = 0;
        while ((reply = host->reply) != std::uint32_t(k)) {
            if (reply == kGaveUp) return makeError("clock probe: the device stopped waiting");
            const std::chrono::duration<double, std::milli> waited =
                std::chrono::steady_clock::now() - waitStart;
            if (waited.count() > options.timeoutMs)
                return makeError("clock probe: no answer from the device within " +
                                 std::to_string(int(options.timeoutMs)) + " ms");
        }
        std::atomic_thread_fence(std::memory_order_acquire);
        auto after = cupti::timestampNs();
        if (!after) return makeError(after.error());
        samples.push_back({*before, host->deviceNs, *after});
    }
    WS_CUDA_TRY(cudaStreamSynchronize(stream.get()));
    return samples;
}

Result<ClockFit> measureClockOffset(const ClockProbeOptions& options) {
    auto samples = sampleClocks(options);
    if (!samples) return makeError(samples.error());
    return fitClockOffset(*samples, options.warmup);
}

}  // namespace ws
