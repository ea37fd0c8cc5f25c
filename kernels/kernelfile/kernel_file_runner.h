#pragma once
// A kernel file run on the GPU: compiled (NVRTC), probed in its PTX, its
// buffers filled as its description says, its reference kernel run for the
// check, then the probed build once for its warps' records and the plain
// build once for its output, both checked, and the two timed by turns for
// what the probes cost. docs/your-kernel.md describes the whole.
#include <string>
#include <vector>

#include "core/common/result.h"
#include "core/kernelfile/ptx_probe.h"
#include "core/run/run.h"
#include "kernels/common/run_options.h"

namespace ws::kernelfile {

struct KernelFileSource {
    std::string fileName;  // as messages, the line table and the trace name it
    std::string source;
    // The file's folder, where the .npy files it names are read; empty for
    // a file that came without one (it then reads none).
    std::string directory = {};
};

struct KernelFileOptions {
    // A launch that has not finished after this long is reported as hung
    // (the caller ends its process: a running kernel cannot be stopped).
    double timeLimitSeconds = 10;
    // Blocks: each block's start, end (its warp 0's) and SM, two memory
    // operations a block; Warps: each warp's too, exact ends, at a cost
    // (core/kernelfile/ptx_probe.h).
    ProbeLevel probeLevel = ProbeLevel::Blocks;
};

// `assignments` are "name=value" over the description's defaults.
Result<Run> runKernelFile(const KernelFileSource& file, const std::vector<std::string>& assignments,
                          const RunOptions& options, const KernelFileOptions& fileOptions,
                          const DeviceInfo& device);

// A bundled example (examples/kernels/<name>.cu, compiled into the program),
// or an error naming the ones there are.
Result<KernelFileSource> bundledExample(const std::string& name);

// Whether an error of runKernelFile is a compile error (the command line's
// exit status 2) or a launch that did not finish in time (the worker is
// ended and started again).
bool isCompileError(const std::string& message);
bool isHungLaunch(const std::string& message);

}  // namespace ws::kernelfile
