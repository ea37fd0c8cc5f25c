#pragma once
// The two shapes of the dynamic-parallelism experiment behind one interface:
// the grids the host launches (with their record slots), the records to
// reserve for the grids the device launches, the launch itself and the check
// of its result against the CPU.
#include <cuda_runtime_api.h>

#include <memory>
#include <vector>

#include "core/catalog/catalog.h"
#include "core/common/result.h"
#include "core/concurrency/concurrency_settings.h"
#include "core/run/run.h"
#include "kernels/common/run_options.h"
#include "kernels/concurrency/dynamic/dp_records.h"

namespace ws::concurrency {

class DpExperiment {
public:
    virtual ~DpExperiment() = default;
    virtual std::vector<dp::GridSlot> roots() const = 0;
    virtual std::uint32_t slotCapacity() const = 0;
    virtual std::uint32_t blockCapacity() const = 0;
    // Untimed, before every launch: the output back to a value no run leaves.
    virtual Status clearOutput() = 0;
    // Enqueues the whole experiment in `stream`.
    virtual Status launch(bool record, const dp::TreeRecords& records, cudaStream_t stream) = 0;
    virtual Result<Verification> verify() = 0;
    // Figures of its own (levels, the other driver's time, ...), measured after the run.
    virtual Status addFigures(Run& run, const RunOptions& options) = 0;
};

// Both refuse, before allocating, what the device cannot do: grids beyond its
// limits, more pending device launches than cudaLimitDevRuntimePendingLaunchCount,
// more memory than is free.
Result<std::unique_ptr<DpExperiment>> makeParentChild(const DynamicParallelismSettings& settings,
                                                      const DeviceInfo& device, std::uint64_t seed,
                                                      std::uint64_t pendingLimit);
Result<std::unique_ptr<DpExperiment>> makeRecursiveReduction(
    const DynamicParallelismSettings& settings, const DeviceInfo& device, std::uint64_t seed,
    std::uint64_t pendingLimit);

dp::GridSlot hostGridSlot(dp::GridKernel kernel, std::uint32_t grid, std::uint32_t block,
                          std::uint32_t firstBlock);

// Launch latency: from the host (CUPTI's clock, moved onto %globaltimer by the
// measured offset) and from the device (fire-and-forget and tail, one clock),
// to the first block of the launched grid. Fills the table "launch-latency"
// and the figures "hostLaunchLatencyUs", "fireAndForgetLatencyUs",
// "tailLatencyUs" (medians) with their minima and maxima.
Status measureLaunchLatency(int samples, Run& run);

}  // namespace ws::concurrency
