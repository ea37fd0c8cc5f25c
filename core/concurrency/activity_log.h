#pragma once
// CUPTI's activity records as plain data, still on CUPTI's clock: what the
// kernels library copies out of CUPTI's buffers (kernels/concurrency/cupti_activity.cpp)
// and core turns into the trace's operations and host calls
// (core/concurrency/activity_convert.h). Plain structs, so the conversion is tested with
// hand-made records on machines without CUPTI or a GPU.
#include <cstdint>
#include <string>
#include <vector>

#include "core/run/run.h"

namespace ws {

struct KernelActivity {
    std::uint64_t startNs = 0, endNs = 0;
    std::uint32_t stream = 0;  // CUPTI's stream id
    std::uint32_t correlation = 0;
    std::string name;
    std::uint32_t gridX = 1, gridY = 1, gridZ = 1;
    bool deviceLaunched = false;
};

struct CopyActivity {
    std::uint64_t startNs = 0, endNs = 0;
    std::uint64_t bytes = 0;
    OperationKind kind = OperationKind::CopyHostToDevice;  // one of the Copy* kinds
    HostMemoryKind hostMemory = HostMemoryKind::None;
    std::uint32_t stream = 0;
    std::uint32_t correlation = 0;  // of the runtime call that asked for it
    std::uint32_t channel = 0;      // the hardware channel CUPTI reports
    bool copyChannel = false;       // the channel belongs to an asynchronous copy engine
};

struct MemsetActivity {
    std::uint64_t startNs = 0, endNs = 0;
    std::uint64_t bytes = 0;
    std::uint32_t stream = 0;
    std::uint32_t correlation = 0;
};

struct ApiActivity {
    std::uint64_t startNs = 0, endNs = 0;
    std::uint32_t threadId = 0;  // the operating system's id of the calling thread
    std::uint32_t correlation = 0;
    std::string name;  // as CUPTI names it, "cudaMemcpyAsync_v3020"
};

enum class UnifiedMemoryCounter : std::uint8_t {
    BytesHostToDevice,
    BytesDeviceToHost,
    GpuPageFaultGroups,
    CpuPageFault,
    Other,
};

struct UnifiedMemoryActivity {
    UnifiedMemoryCounter counter = UnifiedMemoryCounter::Other;
    std::uint64_t startNs = 0, endNs = 0;
    std::uint64_t value = 0;    // bytes for transfers, fault groups for GPU faults
    std::uint64_t address = 0;  // virtual address of the first page concerned
    std::uint32_t cause = 0;    // CUPTI's migration cause (1 user, 2 coherence, 3 prefetch, ...)
};

struct ActivityLog {
    std::vector<KernelActivity> kernels;
    std::vector<CopyActivity> copies;
    std::vector<MemsetActivity> memsets;
    std::vector<ApiActivity> calls;
    std::vector<UnifiedMemoryActivity> unifiedMemory;
    std::uint64_t dropped = 0;  // records CUPTI could not store
    bool empty() const {
        return kernels.empty() && copies.empty() && memsets.empty() && calls.empty() &&
               unifiedMemory.empty();
    }
};

}  // namespace ws
