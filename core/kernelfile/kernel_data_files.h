#pragma once
// The .npy files a kernel file's run reads (inputs and expected outputs),
// read from the kernel file's folder and held to the run's plan: each file's
// element type and element count must be its buffer's.
#include <optional>
#include <string>
#include <vector>

#include "core/common/result.h"
#include "core/kernelfile/buffer_contents.h"
#include "core/kernelfile/kernel_launch_plan.h"

namespace ws::kernelfile {

struct KernelDataFiles {
    std::vector<std::optional<HostBuffer>> inputs;    // by argument index
    std::vector<std::optional<HostBuffer>> expected;  // by argument index
};

// `directory` is the kernel file's folder; empty where the file came without
// one (a bundled example, a file sent to a class server), which then reads no
// files and says so.
Result<KernelDataFiles> readDataFiles(const KernelDescription& description,
                                      const KernelLaunchPlan& plan, const std::string& fileName,
                                      const std::string& directory);

}  // namespace ws::kernelfile
