#include "kernels/common/transfer_timing.h"

#include <algorithm>
#include <cstring>

#include "kernels/common/cuda_check.h"
#include "kernels/common/event_timing.h"

namespace ws {

std::uint64_t TransferPlan::largest() const {
    std::uint64_t m = 0;
    for (auto b : toDevice) m = std::max(m, b);
    for (auto b : toHost) m = std::max(m, b);
    return m;
}

PinnedTransfers::~PinnedTransfers() {
    if (m_host) cudaFreeHost(m_host);  // cannot fail usefully in a destructor
}

Status PinnedTransfers::reserve(std::uint64_t bytes) {
    if (bytes <= m_bytes && m_host) return {};
    if (m_host) cudaFreeHost(m_host);
    m_host = nullptr;
    m_bytes = 0;
    WS_CUDA_TRY(cudaMallocHost(&m_host, std::max<std::uint64_t>(bytes, 1)));
    // Touch the pages once so the first timed copy does not pay for them.
    std::memset(m_host, 0x5a, std::max<std::uint64_t>(bytes, 1));
    if (Status s = m_device.allocate(std::max<std::uint64_t>(bytes, 1)); !s) return s;
    // A plan of results only ("toHost", set0's) copies this buffer back without
    // anything copied in first: give it defined bytes, so the copy reads what
    // a kernel's results would be and compute-sanitizer's initcheck has no
    // uninitialized read to report (docs/reliability.md). Not timed.
    if (Status s = m_device.fill(0); !s) return s;
    WS_CUDA_TRY(cudaStreamSynchronize(nullptr));
    m_bytes = bytes;
    return {};
}

Result<double> PinnedTransfers::timeMs(const TransferPlan& plan, int repetitions) {
    if (plan.toDevice.empty() && plan.toHost.empty()) return 0.0;
    if (Status s = reserve(plan.largest()); !s) return makeError(s.error());
    auto copies = [&]() -> Status {
        for (auto bytes : plan.toDevice)
            WS_CUDA_TRY(cudaMemcpyAsync(m_device.get(), m_host, bytes, cudaMemcpyHostToDevice, 0));
        for (auto bytes : plan.toHost)
            WS_CUDA_TRY(cudaMemcpyAsync(m_host, m_device.get(), bytes, cudaMemcpyDeviceToHost, 0));
        return {};
    };
    auto ms = timeRuns(std::max(1, repetitions), nullptr, copies);
    if (!ms) return makeError(ms.error());
    return medianOf(*ms);
}

Result<double> timeTransfers(const TransferPlan& plan, int repetitions) {
    PinnedTransfers transfers;
    return transfers.timeMs(plan, repetitions);
}

}  // namespace ws
