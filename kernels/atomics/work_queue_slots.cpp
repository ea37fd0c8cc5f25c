#include "kernels/atomics/work_queue_slots.h"

#include <cuda_runtime_api.h>

#include <algorithm>

#include "kernels/atomics/work_queue_kernels.h"
#include "kernels/common/cuda_check.h"

namespace ws::atomics {

namespace {

constexpr Strategy kStrategies[] = {Strategy::Static, Strategy::PerItem, Strategy::Queue};
constexpr std::uint32_t kStaticShared = 128 + 4;  // warp sums and the fetched ticket

struct Occupancy {
    int least = 0, most = 0;
};

Result<Occupancy> occupancy(std::uint32_t block, std::uint32_t dynamicShared) {
    Occupancy o{1 << 30, 0};
    for (Strategy s : kStrategies)
        for (bool record : {false, true}) {
            int perSm = 0;
            WS_CUDA_TRY(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
                &perSm, workQueueKernel(s, record), int(block), dynamicShared));
            o.least = std::min(o.least, perSm);
            o.most = std::max(o.most, perSm);
        }
    return o;
}

Status allowDynamicShared(std::uint32_t bytes) {
    for (Strategy s : kStrategies)
        for (bool record : {false, true})
            WS_CUDA_TRY(cudaFuncSetAttribute(workQueueKernel(s, record),
                                             cudaFuncAttributeMaxDynamicSharedMemorySize,
                                             int(bytes)));
    return {};
}

}  // namespace

Result<QueueSlots> chooseQueueSlots(std::uint32_t wanted, std::uint32_t block,
                                    const DeviceInfo& device, int ordinal) {
    auto fit = occupancy(block, 0);
    if (!fit) return makeError(fit.error());
    if (fit->least <= 0)
        return makeError("work-queue: a block of " + std::to_string(block) +
                         " threads does not fit on an SM");
    const auto sms = std::uint32_t(std::max(device.smCount, 1));
    if (wanted == 0 || wanted == std::uint32_t(fit->least))
        return QueueSlots{std::uint32_t(fit->least), std::uint32_t(fit->least) * sms, 0};
    if (wanted > std::uint32_t(fit->least))
        return makeError("blocks_per_sm=" + std::to_string(wanted) + " exceeds the " +
                         std::to_string(fit->least) + " blocks of " + std::to_string(block) +
                         " threads that fit on an SM at once");

    int perSmShared = 0, optIn = 0, reserved = 0;
    WS_CUDA_TRY(
        cudaDeviceGetAttribute(&perSmShared, cudaDevAttrMaxSharedMemoryPerMultiprocessor, ordinal));
    WS_CUDA_TRY(cudaDeviceGetAttribute(&optIn, cudaDevAttrMaxSharedMemoryPerBlockOptin, ordinal));
    WS_CUDA_TRY(
        cudaDeviceGetAttribute(&reserved, cudaDevAttrReservedSharedMemoryPerBlock, ordinal));
    const std::int64_t ceiling = std::int64_t(optIn) - kStaticShared;
    std::int64_t bytes = std::int64_t(perSmShared) / wanted - reserved - kStaticShared;
    bytes = std::clamp<std::int64_t>(bytes / 128 * 128, 0, ceiling / 128 * 128);
    if (Status s = allowDynamicShared(std::uint32_t(ceiling)); !s) return makeError(s.error());
    // The allocation granularity decides the exact count: step until every
    // kernel holds exactly `wanted`.
    for (int guard = 0; guard < 4096; ++guard) {
        auto o = occupancy(block, std::uint32_t(bytes));
        if (!o) return makeError(o.error());
        if (o->least == int(wanted) && o->most == int(wanted))
            return QueueSlots{wanted, wanted * sms, std::uint32_t(bytes)};
        if (o->most > int(wanted) && bytes + 128 <= ceiling)
            bytes += 128;
        else if (o->least < int(wanted) && bytes >= 128)
            bytes -= 128;
        else
            break;
    }
    return makeError("blocks_per_sm=" + std::to_string(wanted) +
                     ": shared memory cannot hold every work-queue kernel at exactly that many "
                     "blocks per SM");
}

}  // namespace ws::atomics
