// What the device is (deviceQuery's facts) and how fine its %globaltimer is,
// measured now: the tick differs between GPUs and with a profiler attached,
// and every trace stores it so a view never claims a finer resolution.
#include <cuda_runtime.h>
#include <dlfcn.h>

#include <algorithm>
#include <cstdint>

#include "kernels/common/cuda_check.h"
#include "kernels/common/device_buffer.h"
#include "kernels/common/device_record.cuh"
#include "kernels/device/device_query.h"

namespace ws {

namespace dev {

// One thread reads the timer back to back and keeps the smallest non-zero
// step between consecutive readings; 64 steps are plenty, the iteration cap
// only bounds the time on a timer that never moves.
__global__ void measureTimerTick(std::uint64_t* smallest, int maxIterations) {
    if (threadIdx.x != 0 || blockIdx.x != 0) return;
    std::uint64_t best = ~0ull;
    std::uint64_t previous = globalTimerNs();
    int steps = 0;
    for (int i = 0; i < maxIterations && steps < 64; ++i) {
        const std::uint64_t now = globalTimerNs();
        if (now != previous) {
            best = min(best, now - previous);
            previous = now;
            ++steps;
        }
    }
    *smallest = steps > 0 ? best : 0;
}

}  // namespace dev

namespace {

std::string versionText(int version) {  // 13000 -> "13.0"
    return std::to_string(version / 1000) + "." + std::to_string(version % 1000 / 10);
}

Result<std::uint64_t> measureTimerTickNs() {
    DeviceBuffer<std::uint64_t> result;
    if (Status s = result.allocate(1); !s) return makeError(s.error());
    dev::measureTimerTick<<<1, 32>>>(result.get(), 1 << 22);
    WS_CUDA_TRY_LAUNCH("measureTimerTick");
    std::uint64_t tick = 0;
    WS_CUDA_TRY(cudaMemcpy(&tick, result.get(), sizeof tick, cudaMemcpyDeviceToHost));
    return tick;
}

// Why cudaGetDeviceCount failed, in words that say what to do. The runtime
// says "driver version is insufficient" also where no driver is installed at
// all (a laptop without an NVIDIA GPU, most of a class's): whether libcuda
// loads tells the two apart.
std::string unavailableBecause(cudaError_t status) {
    const std::string traces = "; recorded traces still open";
    if (status == cudaErrorNoDevice)
        return "no NVIDIA GPU found (the driver is installed but sees no device)" + traces;
    if (status == cudaErrorInsufficientDriver) {
        void* driver = dlopen("libcuda.so.1", RTLD_LAZY | RTLD_LOCAL);
        if (!driver)
            return "no NVIDIA driver found (libcuda.so.1 is not installed): runs need an NVIDIA "
                   "GPU and its driver" +
                   traces;
        int driverVersion = 0, runtimeVersion = 0;
        using GetVersion = int (*)(int*);
        if (auto get = reinterpret_cast<GetVersion>(dlsym(driver, "cuDriverGetVersion")))
            get(&driverVersion);
        dlclose(driver);
        cudaRuntimeGetVersion(&runtimeVersion);
        if (driverVersion > 0 && runtimeVersion > driverVersion)
            return "the NVIDIA driver supports CUDA " + versionText(driverVersion) +
                   ", older than the CUDA " + versionText(runtimeVersion) +
                   " this build needs: update the driver" + traces;
    }
    return std::string("no usable CUDA device: ") + cudaGetErrorString(status);
}

}  // namespace

std::string cudaUnavailableReason() {
    int count = 0;
    const cudaError_t status = cudaGetDeviceCount(&count);
    if (status != cudaSuccess) return unavailableBecause(status);
    if (count == 0) return "no CUDA device found";
    return {};
}

Result<DeviceInfo> queryDevice(int device) {
    WS_CUDA_TRY(cudaSetDevice(device));
    cudaDeviceProp prop{};
    WS_CUDA_TRY(cudaGetDeviceProperties(&prop, device));
    DeviceInfo info;
    info.name = prop.name;
    info.ccMajor = prop.major;
    info.ccMinor = prop.minor;
    info.smCount = prop.multiProcessorCount;
    // Clock rates left cudaDeviceProp in CUDA 13; the attributes remain.
    WS_CUDA_TRY(cudaDeviceGetAttribute(&info.smClockKHz, cudaDevAttrClockRate, device));
    WS_CUDA_TRY(cudaDeviceGetAttribute(&info.memClockKHz, cudaDevAttrMemoryClockRate, device));
    WS_CUDA_TRY(
        cudaDeviceGetAttribute(&info.memBusWidthBits, cudaDevAttrGlobalMemoryBusWidth, device));
    // Double data rate: two transfers per memory clock over the whole bus.
    info.memBandwidthGBs = 2.0 * info.memClockKHz * 1e3 * (info.memBusWidthBits / 8.0) / 1e9;
    info.maxThreadsPerBlock = prop.maxThreadsPerBlock;
    info.maxThreadsPerSm = prop.maxThreadsPerMultiProcessor;
    info.maxBlocksPerSm = prop.maxBlocksPerMultiProcessor;
    info.sharedMemPerBlock = int(prop.sharedMemPerBlock);
    info.sharedMemPerBlockOptin = int(prop.sharedMemPerBlockOptin);
    info.sharedMemPerSm = int(prop.sharedMemPerMultiprocessor);
    info.regsPerSm = prop.regsPerMultiprocessor;
    info.l2CacheBytes = prop.l2CacheSize;
    info.globalMemBytes = static_cast<long long>(prop.totalGlobalMem);
    info.maxGridX = prop.maxGridSize[0];
    int driver = 0, runtime = 0;
    WS_CUDA_TRY(cudaDriverGetVersion(&driver));
    WS_CUDA_TRY(cudaRuntimeGetVersion(&runtime));
    info.driverVersion = versionText(driver);
    info.runtimeVersion = versionText(runtime);
    auto tick = measureTimerTickNs();
    if (!tick) return makeError(tick.error());
    info.timerTickNs = *tick;
    return info;
}

}  // namespace ws
