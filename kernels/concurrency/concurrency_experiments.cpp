// Dispatch of the concurrency lab's experiment ids to their launchers.
#include "kernels/concurrency/concurrency_experiments.h"

#include <unistd.h>

#include "core/concurrency/concurrency_tables.h"
#include "kernels/common/cuda_check.h"
#include "kernels/common/launch_limits.h"

namespace ws {

namespace {
constexpr std::string_view kIds[] = {"streams", "dynamic-parallelism", "unified-memory"};
}  // namespace

bool isConcurrencyExperiment(std::string_view id) {
    for (auto known : kIds)
        if (known == id) return true;
    return false;
}

Result<Run> runConcurrencyExperiment(const ExperimentSpec& spec, const ParamValues& params,
                                     const RunOptions& options, const DeviceInfo& device) {
    // Defaults filled in and every value checked again: callers may pass only
    // the parameters a user changed.
    auto resolved = resolveParams(spec, params);
    if (!resolved) return makeError(resolved.error());
    WS_CUDA_TRY(cudaSetDevice(options.device));
    // The records are held to the lab's own rules before anyone sees them.
    auto unwrap = [](Result<concurrency::TimedRun>&& r) -> Result<Run> {
        if (!r) return makeError(r.error());
        if (Status s = tables::checkConcurrencyRecords(r->run); !s)
            return makeError("the run's records are inconsistent: " + s.error());
        return std::move(r->run);
    };
    if (spec.id == "streams") {
        auto plan = planStreams(*resolved);
        if (!plan) return makeError(plan.error());
        return unwrap(plan->dot
                          ? concurrency::runStreamsDot(*plan, *resolved, options, device)
                          : concurrency::runStreamsPipeline(*plan, *resolved, options, device));
    }
    if (spec.id == "dynamic-parallelism")
        return unwrap(concurrency::runDynamicParallelism(*resolved, options, device));
    if (spec.id == "unified-memory")
        return unwrap(concurrency::runUnifiedMemory(*resolved, options, device));
    return makeError("experiment " + spec.id + " is not part of the concurrency lab");
}

namespace concurrency {

Status checkHostMemory(const std::string& what, std::uint64_t bytes) {
    const long pages = sysconf(_SC_PHYS_PAGES), pageSize = sysconf(_SC_PAGESIZE);
    if (pages <= 0 || pageSize <= 0) return {};  // unknown: the allocation itself will say
    const std::uint64_t half = std::uint64_t(pages) * std::uint64_t(pageSize) / 2;
    if (bytes <= half) return {};
    return makeError(what + " needs " + gigabytesText(bytes) +
                     " of host memory, more than half of " + "this machine's " +
                     gigabytesText(2 * half));
}

}  // namespace concurrency
}  // namespace ws
