#pragma once
// Host entry points of the kernels library: what the device is, and running
// one experiment of the catalog on it. Errors come back as values; nothing
// here prints or exits.
#include <string>

#include "core/catalog.h"
#include "core/result.h"
#include "core/run.h"

namespace ws {

struct RunOptions {
    int device = 0;
    int repetitions = 20;         // timed launches per configuration (median reported)
    bool measureOverhead = true;  // also time the recording build of the kernel
    std::uint64_t seed = 1;       // input data seed
    // Also time the CPU doing the same work and the copies a GPU run needs
    // (Timing::cpuMs, cpuParallelMs, transferMs).
    bool timeCpu = true;
};

// Empty string when a CUDA device is usable, else a one-line reason.
std::string cudaUnavailableReason();

// deviceQuery-like facts plus the %globaltimer tick measured now.
Result<DeviceInfo> queryDevice(int device = 0);

// queryDevice once per device and process (it launches a kernel to measure
// the timer tick), then from memory.
Result<DeviceInfo> cachedDeviceInfo(int device);

// Checks `params` (already resolved by the catalog) against the device,
// runs, verifies against the CPU reference and returns the trace.
Result<Run> runExperiment(const ExperimentSpec& spec, const ParamValues& params,
                          const RunOptions& options);

}  // namespace ws

namespace ws {
// False after a fault that left this process's CUDA context unusable (a
// sticky error such as an illegal address): only a new process can recover.
bool deviceStillUsable();
}  // namespace ws
