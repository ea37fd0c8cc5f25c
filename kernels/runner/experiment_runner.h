#pragma once
// Host entry point of the kernels library: running one experiment of the
// catalog on the device. It dispatches to each lab's launchers, so it sits
// above the labs' rooms; they take RunOptions (kernels/common/run_options.h)
// and ask the device through kernels/device/device_query.h, both included
// here for the programs that run experiments. Errors come back as values;
// nothing here prints or exits.
#include "core/catalog/catalog.h"
#include "core/common/result.h"
#include "core/run/run.h"
#include "kernels/common/run_options.h"
#include "kernels/device/device_query.h"
#include "kernels/kernelfile/kernel_file_runner.h"

namespace ws {

// Checks `params` (already resolved by the catalog) against the device,
// runs, verifies against the CPU reference and returns the trace.
Result<Run> runExperiment(const ExperimentSpec& spec, const ParamValues& params,
                          const RunOptions& options);

// A kernel file of one's own (kernels/kernelfile/kernel_file_runner.h), run
// as an experiment is: on the options' device, profiled where they ask why.
Result<Run> runOwnKernel(const kernelfile::KernelFileSource& file,
                         const std::vector<std::string>& assignments, const RunOptions& options,
                         const kernelfile::KernelFileOptions& fileOptions);

}  // namespace ws
