#pragma once
// One run of a kernel file, every expression evaluated: the grid and block,
// the shared memory, each buffer's length and each scalar's value, for the
// run's parameters. Checked against the device before anything is launched.
#include <cstdint>
#include <string>
#include <vector>

#include "core/common/result.h"
#include "core/kernelfile/kernel_description.h"
#include "core/run/run.h"

namespace ws::kernelfile {

struct LaunchGeometry {
    Dim3 grid, block;
    std::uint32_t sharedBytes = 0;
};

struct PlannedArgument {
    const KernelArgument* source = nullptr;  // into the description
    std::uint64_t count = 0;                 // a buffer's elements
    long double scalar = 0;                  // a scalar's value
    std::uint64_t bytes() const;             // a buffer's size
};

struct KernelLaunchPlan {
    LaunchGeometry kernel;
    LaunchGeometry reference;  // the check's launch (the kernel's where it names none)
    std::vector<PlannedArgument> args;
    std::uint64_t bufferBytes = 0;  // all buffers together
};

// The largest buffer warpscope allocates for a kernel file, all together.
inline constexpr std::uint64_t kMaxBufferBytes = 16ull << 30;

// Evaluates the description for resolved parameters. Errors name the
// expression and its value ("grid.x = 'n / 3' is 341.3 for n=1024: ...").
Result<KernelLaunchPlan> planLaunch(const KernelDescription& description,
                                    const ParamValues& params);

// A file that says it `requires:` a newer GPU than `device`, in one line:
// "transpose.cu needs a GPU of compute capability 9.0 or newer (requires:
// 9.0); this NVIDIA A100 is 8.0".
Status checkRequiredGpu(const KernelDescription& description, const std::string& fileName,
                        const DeviceInfo& device);

// What the device refuses, said before launch with the limit broken: threads
// per block, block and grid sizes, shared memory per block, memory.
Status checkAgainstDevice(const LaunchGeometry& launch, const std::string& kernel,
                          const DeviceInfo& device);

}  // namespace ws::kernelfile
