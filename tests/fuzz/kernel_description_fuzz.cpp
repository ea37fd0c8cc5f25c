// A kernel file's launch description must be read or refused with the file's
// name, never crash, hang or recurse without bound, on any text; one it
// accepts must survive what a run does next before the GPU: its parameters
// resolved, its launch planned and held to a device's limits, its buffers
// filled (small ones only, so a fuzzed length cannot ask for gigabytes).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/kernelfile/buffer_contents.h"
#include "core/kernelfile/kernel_description.h"
#include "core/kernelfile/kernel_file_spec.h"
#include "core/kernelfile/kernel_launch_plan.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace ws;
    using namespace ws::kernelfile;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    auto description = parseKernelDescription(text, "fuzz.cu");
    if (!description) {
        if (description.error().rfind("fuzz.cu", 0) != 0) __builtin_trap();
        return 0;
    }
    if (description->kernel.empty()) __builtin_trap();
    auto params = resolveParams(kernelFileSpec(*description), std::vector<std::string>{});
    if (!params) return 0;
    auto plan = planLaunch(*description, *params);
    if (!plan) return 0;
    DeviceInfo device;
    device.name = "fuzz";
    device.maxThreadsPerBlock = 1024;
    device.maxGridX = 2147483647;
    device.sharedMemPerBlock = 49152;
    (void)checkAgainstDevice(plan->kernel, description->kernel, device);
    for (const PlannedArgument& a : plan->args)
        if (a.source->isBuffer && a.bytes() <= 4096) {
            const HostBuffer buffer = filledBuffer(a.source->buffer, a.count);
            if (buffer.size() != a.bytes()) __builtin_trap();
            if (!compareBuffers(a.source->buffer.type, buffer, buffer, 0).passed() &&
                !isFloatingPoint(a.source->buffer.type))
                __builtin_trap();  // integers always equal themselves
        }
    return 0;
}
