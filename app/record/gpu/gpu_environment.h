#pragma once
// The GPU's state from NVML around one measured run, for Run::environment:
// a snapshot before (other processes, utilization, modes, MIG, link), the
// clocks sampled while the run computes, and a snapshot after. Nothing here
// fails: what NVML cannot tell stays at its "unknown" value, and without NVML
// the environment says why in unavailableReason.
#include <cstdint>
#include <memory>
#include <string>

#include "app/record/gpu/nvml_api.h"
#include "core/common/result.h"
#include "core/run/run.h"

namespace ws::record {

// The NVML handles of the CUDA device with this UUID ("GPU-..." as
// kernels/device/device_uuid.h writes it; a MIG slice is found as "MIG-...").
struct NvmlDevice {
    nvml::Device handle = nullptr;  // the device CUDA runs on: the GPU or its MIG slice
    nvml::Device gpu = nullptr;     // the whole GPU (clocks, link, utilization)
    bool isMigSlice = false;
    std::string uuid;  // as NVML spells it
};
Result<NvmlDevice> openNvmlDevice(const std::string& cudaUuid);

GpuEnvironment snapshotEnvironment(const std::string& cudaUuid);

// What the clocks did while the GPU computed (samples that NVML did not mark
// "GPU idle"): the highest SM and memory clock and link, every reason named.
struct BusyClocks {
    int samples = 0, busySamples = 0;
    int smClockMHz = 0, memClockMHz = 0;
    int pcieGeneration = 0, pcieWidth = 0;
    std::uint64_t reasons = 0;
};

// Samples the clocks on a thread of its own every few milliseconds from
// construction until stop(): a snapshot after the run would often see the
// clock already falling back to idle.
class ClockSampler {
public:
    explicit ClockSampler(const std::string& cudaUuid);
    ~ClockSampler();
    BusyClocks stop();

private:
    struct State;
    std::unique_ptr<State> m_state;
};

// One environment from the three looks: processes seen before or after (a
// process that started during the run counts), utilization and modes from
// before, clocks and reasons from the busy samples (from `after` if none).
GpuEnvironment mergeEnvironment(GpuEnvironment before, const BusyClocks& busy,
                                const GpuEnvironment& after);

}  // namespace ws::record
