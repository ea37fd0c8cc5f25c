#pragma once
// The copies a GPU run needs, timed: its inputs to the device and its results
// back, from pinned host memory (the fastest a program can do), each copy its
// own cudaMemcpyAsync as the program would issue it, the whole sequence
// bracketed by CUDA events. What Timing::transferMs holds.
#include <cstdint>
#include <vector>

#include "core/common/result.h"
#include "kernels/common/device_buffer.h"

namespace ws {

struct TransferPlan {
    std::vector<std::uint64_t> toDevice;  // bytes of each input
    std::vector<std::uint64_t> toHost;    // bytes of each result
    std::uint64_t largest() const;
};

// Pinned host and device buffers reused across plans (allocating pinned
// memory costs far more than the copies of a small plan).
class PinnedTransfers {
public:
    PinnedTransfers() = default;
    PinnedTransfers(const PinnedTransfers&) = delete;
    PinnedTransfers& operator=(const PinnedTransfers&) = delete;
    ~PinnedTransfers();
    // Room for the largest single copy of the plans to come.
    Status reserve(std::uint64_t bytes);
    // Median milliseconds of the plan, after one untimed warm-up.
    Result<double> timeMs(const TransferPlan& plan, int repetitions);

private:
    void* m_host = nullptr;
    DeviceBuffer<unsigned char> m_device;
    std::uint64_t m_bytes = 0;
};

Result<double> timeTransfers(const TransferPlan& plan, int repetitions = 5);

}  // namespace ws
