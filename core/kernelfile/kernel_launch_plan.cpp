#include "core/kernelfile/kernel_launch_plan.h"

#include <cmath>
#include <limits>

#include "core/kernelfile/launch_expression.h"

namespace ws::kernelfile {

namespace {

constexpr long long kMaxDimension = std::numeric_limits<std::int32_t>::max();

Result<Dim3> evaluateShape(const std::vector<std::string>& parts, const ParamValues& params,
                           const std::string& what) {
    static const char* const kAxes[] = {"x", "y", "z"};
    std::uint32_t sizes[3] = {1, 1, 1};
    for (std::size_t i = 0; i < parts.size() && i < 3; ++i) {
        auto size = evaluateCount(parts[i], params, what + "." + kAxes[i], 1, kMaxDimension);
        if (!size) return makeError(size.error());
        sizes[i] = static_cast<std::uint32_t>(*size);
    }
    return Dim3{sizes[0], sizes[1], sizes[2]};
}

Result<LaunchGeometry> evaluateLaunch(const LaunchShape& shape, const LaunchGeometry* fallback,
                                      const ParamValues& params, const std::string& prefix) {
    LaunchGeometry geometry;
    if (shape.grid.empty() && fallback) {
        geometry.grid = fallback->grid;
    } else {
        auto grid = evaluateShape(shape.grid, params, prefix + "grid");
        if (!grid) return makeError(grid.error());
        geometry.grid = *grid;
    }
    if (shape.block.empty() && fallback) {
        geometry.block = fallback->block;
    } else {
        auto block = evaluateShape(shape.block, params, prefix + "block");
        if (!block) return makeError(block.error());
        geometry.block = *block;
    }
    auto shared = evaluateCount(shape.sharedBytes, params, prefix + "shared", 0, 1ll << 30);
    if (!shared) return makeError(shared.error());
    geometry.sharedBytes = static_cast<std::uint32_t>(*shared);
    return geometry;
}

}  // namespace

std::uint64_t PlannedArgument::bytes() const {
    return source && source->isBuffer ? count * elementSize(source->buffer.type) : 0;
}

Result<KernelLaunchPlan> planLaunch(const KernelDescription& description,
                                    const ParamValues& params) {
    KernelLaunchPlan plan;
    auto kernel = evaluateLaunch(description.launch, nullptr, params, "");
    if (!kernel) return makeError(kernel.error());
    plan.kernel = *kernel;
    auto reference = evaluateLaunch(description.check.launch, &plan.kernel, params, "check.");
    if (!reference) return makeError(reference.error());
    plan.reference = *reference;
    for (const KernelArgument& arg : description.args) {
        PlannedArgument planned;
        planned.source = &arg;
        if (arg.isBuffer) {
            const std::string what = "args." + arg.name + ".length";
            auto count = evaluateCount(arg.buffer.length, params, what, 1,
                                       static_cast<long long>(kMaxBufferBytes));
            if (!count) return makeError(count.error());
            planned.count = static_cast<std::uint64_t>(*count);
            plan.bufferBytes += planned.bytes();
            if (plan.bufferBytes > kMaxBufferBytes)
                return makeError("the buffers need " + std::to_string(plan.bufferBytes >> 20) +
                                 " MiB by args." + arg.name + ": at most " +
                                 std::to_string(kMaxBufferBytes >> 30) + " GiB are allocated");
        } else {
            const std::string what = "args." + arg.name + ".value";
            auto value = evaluateExpression(arg.scalar.value, params, what);
            if (!value) return makeError(value.error());
            const ElementType type = arg.scalar.type;
            if (!isFloatingPoint(type)) {
                if (*value != std::floor(*value))
                    return makeError(what + " = '" + arg.scalar.value + "' is " +
                                     std::to_string(*value) + ": not a whole number for " +
                                     elementTypeName(type));
                if (*value < double(lowestValue(type)) || *value > double(highestValue(type)))
                    return makeError(what + " = '" + arg.scalar.value + "' is " +
                                     std::to_string(*value) + ": it does not fit in " +
                                     elementTypeName(type));
            }
            planned.scalar = *value;
        }
        plan.args.push_back(planned);
    }
    return plan;
}

Status checkRequiredGpu(const KernelDescription& description, const std::string& fileName,
                        const DeviceInfo& device) {
    const int need = description.requiresMajor * 10 + description.requiresMinor;
    const int have = device.ccMajor * 10 + device.ccMinor;
    if (need == 0 || have >= need) return {};
    const std::string cc =
        std::to_string(description.requiresMajor) + "." + std::to_string(description.requiresMinor);
    return makeError(fileName + " needs a GPU of compute capability " + cc +
                     " or newer (requires: " + cc + "); this " + device.name + " is " +
                     std::to_string(device.ccMajor) + "." + std::to_string(device.ccMinor));
}

Status checkAgainstDevice(const LaunchGeometry& launch, const std::string& kernel,
                          const DeviceInfo& device) {
    const std::uint64_t threads = launch.block.count();
    if (device.maxThreadsPerBlock > 0 && threads > std::uint64_t(device.maxThreadsPerBlock))
        return makeError(kernel + ": a block of " + std::to_string(launch.block.x) + " x " +
                         std::to_string(launch.block.y) + " x " + std::to_string(launch.block.z) +
                         " = " + std::to_string(threads) + " threads is more than the " +
                         std::to_string(device.maxThreadsPerBlock) + " a block may have on " +
                         device.name);
    if (launch.block.z > 64)
        return makeError(kernel + ": block.z is " + std::to_string(launch.block.z) +
                         ": a block is at most 64 threads deep");
    if (launch.grid.y > 65535 || launch.grid.z > 65535)
        return makeError(kernel + ": grid.y and grid.z are at most 65535 (grid.y " +
                         std::to_string(launch.grid.y) + ", grid.z " +
                         std::to_string(launch.grid.z) + ")");
    if (device.maxGridX > 0 && launch.grid.x > std::uint32_t(device.maxGridX))
        return makeError(kernel + ": grid.x " + std::to_string(launch.grid.x) +
                         " is more than the device's " + std::to_string(device.maxGridX));
    const int sharedLimit = std::max(device.sharedMemPerBlockOptin, device.sharedMemPerBlock);
    if (sharedLimit > 0 && launch.sharedBytes > std::uint32_t(sharedLimit))
        return makeError(kernel + ": " + std::to_string(launch.sharedBytes) +
                         " bytes of dynamic shared memory is more than the " +
                         std::to_string(sharedLimit) + " a block may have on " + device.name);
    return {};
}

}  // namespace ws::kernelfile
