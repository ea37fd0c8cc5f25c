// Dispatch of the concurrency lab's experiment ids to their launchers.
#include "kernels/concurrency/concurrency_experiments.h"

#include <unistd.h>

#include "core/concurrency/concurrency_tables.h"
#include "kernels/common/cuda_check.h"
#include "kernels/common/launch_limits.h"

namespace ws {

bool isConcurrencyExperiment(std::string_view id) {
    return parseConcurrencyExperiment(id).has_value();
}

Result<Run> runConcurrencyExperiment(const ExperimentSpec& spec, const ParamValues& params,
                                     const RunOptions& options, const DeviceInfo& device) {
    // The run's one parse of its parameters (defaults filled in, every value
    // checked: callers may pass only the parameters a user changed).
    auto settings = concurrencySettings(spec.id, params);
    if (!settings) return makeError(settings.error());
    WS_CUDA_TRY(cudaSetDevice(options.device));
    // The records are held to the lab's own rules before anyone sees them.
    auto unwrap = [](Result<concurrency::TimedRun>&& r) -> Result<Run> {
        if (!r) return makeError(r.error());
        if (Status s = tables::checkConcurrencyRecords(r->run); !s)
            return makeError("the run's records are inconsistent: " + s.error());
        return std::move(r->run);
    };
    switch (settings->experiment) {
        case ConcurrencyExperiment::Streams:
            return unwrap(settings->streams.dot
                              ? concurrency::runStreamsDot(*settings, options, device)
                              : concurrency::runStreamsPipeline(*settings, options, device));
        case ConcurrencyExperiment::DynamicParallelism:
            return unwrap(concurrency::runDynamicParallelism(*settings, options, device));
        case ConcurrencyExperiment::UnifiedMemory:
            return unwrap(concurrency::runUnifiedMemory(*settings, options, device));
    }
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
