#pragma once
// The input of argmin runs, made once: the values on the host and the
// device, the CPU's answer, and what the CPU and the copies cost, so the
// benchmark runs every variant over the same data and a student sees where
// the GPU starts to pay off.
#include <cstdint>
#include <string>
#include <vector>

#include "core/atomics/argmin_reference.h"
#include "kernels/atomics/atomics_experiments.h"
#include "kernels/common/device_buffer.h"

namespace ws::atomics {

class ArgminInput {
public:
    std::string input;  // "blog", "distinct", "descending"
    std::uint64_t n = 0;
    std::uint64_t seed = 0;
    std::vector<float> host;
    DeviceBuffer<float> device;
    ArgminReference reference;
    double cpuMs = 0;          // the blog's loop, one thread, median
    double cpuParallelMs = 0;  // the same over every core
    int cpuThreads = 0;
    double uploadMs = 0;  // the values from pageable memory to the device, as the blog copies them
};

}  // namespace ws::atomics
