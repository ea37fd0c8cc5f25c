#pragma once
// Emptying the L2 cache before each counter pass and each sampled launch, as
// Nsight Compute does by default, so DRAM bytes count what the kernel itself
// moves and its warps wait as they do on a cold L2. A buffer of four times
// the L2 is written, which makes the L2 write back every line the work left
// dirty, and its own lines are then dropped without a write-back
// (discard.global.L2). The counters run it inside each pass, after the range
// profiler started (kernels/profile/counter_collection.cpp): run before the
// start, an H200's kernels wrote 17 to 26 MB of lines to DRAM that were not
// theirs (docs/why-slow.md, "Against Nsight Compute").
#include <cuda_runtime_api.h>

#include <cstddef>

#include "core/common/result.h"
#include "kernels/common/device_buffer.h"

namespace ws::profile {

class CacheFlush {
public:
    // The kernels one flush launches (write, then discard): a range each
    // where a range profiler sees them.
    static constexpr std::size_t kKernels = 2;
    // A buffer of four times the device's L2 (at least 8 MiB).
    Status prepare(int device, cudaStream_t stream);
    // Writes the whole buffer, discards it from the L2 and waits for both.
    Status flush(cudaStream_t stream);

private:
    DeviceBuffer<unsigned> lines_;
    std::size_t words_ = 0;
};

}  // namespace ws::profile
