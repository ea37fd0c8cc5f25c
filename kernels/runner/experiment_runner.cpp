// runExperiment: from an experiment id and its parameters to the family of
// the lab that owns it (kernels/runner/lab_families.cpp), its run profiled
// where the options ask why, and the CPU's cost added.
#include "kernels/runner/experiment_runner.h"

#include <functional>

#include "core/catalog/gpu_requirements.h"
#include "core/kernelfile/kernel_file_spec.h"
#include "core/profile/counter_catalog.h"
#include "kernels/common/cuda_check.h"
#include "kernels/common/kernel_observer.h"
#include "kernels/profile/why_recorder.h"
#include "kernels/runner/cpu_against_gpu.h"
#include "kernels/runner/experiment_families.h"

namespace ws {

namespace {

// A run, with its timed work profiled where the options ask why.
Result<Run> runObserved(const std::function<Result<Run>()>& runIt, const RunOptions& options,
                        const DeviceInfo& device) {
    if (options.why == WhyMode::Never) return runIt();
    profile::prepareWhyProfiling();  // too late for code loaded already, see its header
    profile::WhySettings settings{options.device, device.smCount, device.smClockKHz,
                                  recordedCounterNames()};
    settings.onlyWhenCheap = options.why == WhyMode::WhenCheap;
    profile::WhyRecorder recorder(settings);
    ObserverScope scope(&recorder);
    auto run = runIt();
    if (run) run->profile = recorder.take();
    return run;
}

}  // namespace

Result<Run> runExperiment(const ExperimentSpec& spec, const ParamValues& params,
                          const RunOptions& options) {
    if (auto reason = cudaUnavailableReason(); !reason.empty()) return makeError(reason);
    for (const ExperimentFamily& family : experimentFamilies()) {
        if (!family.owns(spec.id)) continue;
        auto device = cachedDeviceInfo(options.device);
        if (!device) return makeError(device.error());
        // Refused in one line before any launch, not left to fail as "no
        // kernel image is available for execution on the device".
        if (auto refusal = buildRefusal(WS_CUDA_ARCHITECTURES, *device)) return makeError(*refusal);
        if (auto refusal = requirementRefusal(spec, *device)) return makeError(*refusal);
        // Every lab's launches go to the GPU whose turn it is, whether or not
        // the lab sets the device itself.
        WS_CUDA_TRY(cudaSetDevice(options.device));
        auto run = runObserved([&] { return family.run(spec, params, options, *device); }, options,
                               *device);
        if (run && options.timeCpu) {
            if (Status s = addCpuAgainstGpu(*run, options); !s) return makeError(s.error());
        }
        return run;
    }
    return makeError("experiment " + spec.id + " has no launcher in this build");
}

Result<Run> runOwnKernel(const kernelfile::KernelFileSource& file,
                         const std::vector<std::string>& assignments, const RunOptions& options,
                         const kernelfile::KernelFileOptions& fileOptions) {
    if (auto reason = cudaUnavailableReason(); !reason.empty()) return makeError(reason);
    auto device = cachedDeviceInfo(options.device);
    if (!device) return makeError(device.error());
    WS_CUDA_TRY(cudaSetDevice(options.device));
    auto run = runObserved(
        [&] { return kernelfile::runKernelFile(file, assignments, options, fileOptions, *device); },
        options, *device);
    // The stalls name the file's lines: its text goes with them, as the
    // built-in kernels' embedded sources do.
    if (run) kernelfile::attachSourceToProfile(*run, file.fileName, file.source);
    return run;
}

}  // namespace ws
