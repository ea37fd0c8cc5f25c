#pragma once
// Host entry points of the memory kinds lab (catalog group "memory-kinds"):
// the latency staircase, the L2's distance from each SM, the bandwidth
// staircase, __constant__ memory's broadcast, the rotated window through a
// texture, and registers against local memory and spills with the occupancy
// they buy. Each launcher refuses parameters the device cannot run with the
// limit they break (before any launch), times the plain build of its main
// kernel through timePlainRuns, records the block records of one launch,
// verifies every GPU result against its CPU reference (core/memkinds/) and
// fills the lab's tables (core/memkinds/memkinds_tables.h); nothing here
// prints or exits.
#include <string_view>

#include "core/catalog/catalog.h"
#include "core/common/result.h"
#include "core/memkinds/memkinds_settings.h"
#include "core/run/run.h"
#include "kernels/common/run_options.h"

namespace ws {

bool isMemoryKindsExperiment(std::string_view id);

Result<Run> runMemoryKindsExperiment(const ExperimentSpec& spec, const ParamValues& params,
                                     const RunOptions& options, const DeviceInfo& device);

namespace memkinds {

// Each takes its run's settings, parsed once by the caller
// (core/memkinds/memkinds_settings.h), and the device's facts; limits left at
// 0 in `device` are asked of the runtime.
Result<Run> runLatency(const MemkindsSettings& settings, const RunOptions& options,
                       const DeviceInfo& device);
Result<Run> runL2Distance(const MemkindsSettings& settings, const RunOptions& options,
                          const DeviceInfo& device);
Result<Run> runBandwidth(const MemkindsSettings& settings, const RunOptions& options,
                         const DeviceInfo& device);
Result<Run> runConstant(const MemkindsSettings& settings, const RunOptions& options,
                        const DeviceInfo& device);
Result<Run> runTexture(const MemkindsSettings& settings, const RunOptions& options,
                       const DeviceInfo& device);
Result<Run> runLocal(const MemkindsSettings& settings, const RunOptions& options,
                     const DeviceInfo& device);

}  // namespace memkinds
}  // namespace ws
