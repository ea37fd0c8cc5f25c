#pragma once
// The kernel-file lab as runExperiment sees it: the catalog's "kernel-file"
// runs the bundled example its `example` parameter names, with that file's
// defaults. A file of one's own runs through runKernelFile
// (kernel_file_runner.h): warpscope-record run-kernel, the worker, the lab's
// editor.
#include <string_view>

#include "core/catalog/catalog.h"
#include "core/common/result.h"
#include "core/run/run.h"
#include "kernels/common/run_options.h"

namespace ws {

bool isKernelFileExperiment(std::string_view id);
Result<Run> runKernelFileExperiment(const ExperimentSpec& spec, const ParamValues& params,
                                    const RunOptions& options, const DeviceInfo& device);

}  // namespace ws
