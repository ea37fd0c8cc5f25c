#pragma once
// Device buffers the atomics lab's launchers share: the per-block records
// (thread 0's SM and %globaltimer/clock64 at start and end), and copies of
// host vectors to the device and back.
#include <cuda_runtime_api.h>

#include <vector>

#include "core/common/result.h"
#include "core/run/run.h"
#include "kernels/common/cuda_check.h"
#include "kernels/common/device_buffer.h"
#include "kernels/common/record_pointers.h"

namespace ws::atomics {

template <typename T>
Status toDevice(DeviceBuffer<T>& buffer, const std::vector<T>& host) {
    if (Status s = buffer.allocate(host.size()); !s) return s;
    if (!host.empty())
        WS_CUDA_TRY(
            cudaMemcpy(buffer.get(), host.data(), host.size() * sizeof(T), cudaMemcpyHostToDevice));
    return {};
}

template <typename T>
Status toHost(const DeviceBuffer<T>& buffer, std::vector<T>& host) {
    host.resize(buffer.size());
    if (!host.empty())
        WS_CUDA_TRY(cudaMemcpy(host.data(), buffer.get(), buffer.bytes(), cudaMemcpyDeviceToHost));
    return {};
}

class BlockRecordStorage {
public:
    // Block ids start as 0xffffffff, so a block that never wrote its record
    // fails the trace's validation instead of passing as block 0.
    Status allocate(std::uint64_t grid);
    Status clear();
    BlockRecordPointers pointers() const;
    Status download(BlockRecords& out) const;
    static constexpr std::uint64_t kBytesPerBlock = 4 + 4 + 8 + 8 + 8 + 8;

private:
    DeviceBuffer<std::uint32_t> m_block, m_sm;
    DeviceBuffer<std::uint64_t> m_startNs, m_endNs;
    DeviceBuffer<std::int64_t> m_startClock, m_endClock;
};

}  // namespace ws::atomics
