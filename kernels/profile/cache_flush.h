#pragma once
// Emptying the L2 cache before each counter pass, as Nsight Compute does by
// default, so DRAM bytes count what the kernel itself brings in. The buffer
// is written once and then only read: reading leaves clean lines, which the
// kernel can evict without writing anything back to DRAM (a memset per pass
// left dirty lines whose write-backs were counted as the kernel's).
#include <cuda_runtime_api.h>

#include <cstddef>

#include "core/common/result.h"
#include "kernels/common/device_buffer.h"

namespace ws::profile {

class CacheFlush {
public:
    // A buffer of four times the device's L2 (at least 8 MiB), written once:
    // twice the L2 left a few dirty lines of the work's `before` step behind.
    Status prepare(int device, cudaStream_t stream);
    // Reads the whole buffer and waits for it.
    Status flush(cudaStream_t stream);

private:
    DeviceBuffer<unsigned> lines_;
    DeviceBuffer<unsigned> sink_;
    std::size_t words_ = 0;
};

}  // namespace ws::profile
