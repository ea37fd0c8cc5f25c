// A modern single-pass sum, the top of the ladder: 16-byte vector loads, a
// grid-stride loop over a grid sized to fill the GPU exactly once, several
// independent accumulators so many loads are in flight per thread, a
// __shfl_down_sync tree per warp and one atomicAdd per block. On an H100 it
// reads 2^28 floats at the speed of cub::DeviceReduce::Sum (GPU-FACTS.md).
#include <cstdint>
#include <memory>

#include "kernels/common/device_buffer.h"
#include "kernels/common/launch.cuh"
#include "kernels/reduction/reduction_programs.h"
#include "kernels/reduction/reduction_tree.cuh"

namespace ws {

namespace dev {

template <typename T>
struct Vector4;
template <>
struct Vector4<float> {
    using type = float4;
};
template <>
struct Vector4<std::uint32_t> {
    using type = uint4;
};

template <typename V>
__device__ __forceinline__ auto sumOfLanes(const V& v) {
    return (v.x + v.y) + (v.z + v.w);
}

// Loads in flight per thread and trip: kUnroll vectors of 16 bytes.
inline constexpr int kBestUnroll = 4;

// (1024, 2): at most 32 registers, so the recording build keeps the plain
// build's occupancy (8 blocks of 256 per SM) and both run the same grid.
// The recording instances then spill 16 bytes (ptxas says so as it builds
// them); the plain ones, which every timing comes from, do not.
template <bool kRecord, typename T>
__global__ void __launch_bounds__(1024, 2)
    reduceBest(const T* __restrict__ in, std::uint64_t n, T* out, RecordPointers rec) {
    using V = typename Vector4<T>::type;
    // The step tracer is bound only after the load loop: state held across
    // the hot loop costs registers, fewer resident blocks, and would make the
    // recording build slower than the block records themselves (GPU-FACTS.md:
    // +0.08 %). The load step's clock is the block's start clock.
    BlockRecorder blockRecorder;
    std::int64_t loadStartClock = 0;
    if constexpr (kRecord) {
        blockRecorder.start();
        loadStartClock = clock64();
    }
    // Vector loads need 16-byte alignment: up to three elements before the
    // first boundary (head) and after the last whole vector (tail) are read
    // one by one. cudaMalloc'd arrays start aligned; an offset view may not.
    const auto address = reinterpret_cast<std::uintptr_t>(in);
    const std::uint64_t head = std::min<std::uint64_t>(((16 - address % 16) % 16) / sizeof(T), n);
    const V* vin = reinterpret_cast<const V*>(in + head);
    const std::uint64_t vectors = (n - head) / 4;
    const std::uint64_t tailStart = head + vectors * 4;
    const std::uint64_t thread = std::uint64_t(blockIdx.x) * blockDim.x + threadIdx.x;
    const std::uint64_t threads = std::uint64_t(gridDim.x) * blockDim.x;

    T acc[kBestUnroll];
#pragma unroll
    for (int u = 0; u < kBestUnroll; ++u) acc[u] = T(0);
    std::uint64_t i = thread;
    // kUnroll independent loads first, then kUnroll independent adds: the
    // loads do not wait for each other, which hides the memory latency.
    for (; i + (kBestUnroll - 1) * threads < vectors; i += kBestUnroll * threads) {
        V v[kBestUnroll];
#pragma unroll
        for (int u = 0; u < kBestUnroll; ++u) v[u] = __ldg(vin + i + u * threads);
#pragma unroll
        for (int u = 0; u < kBestUnroll; ++u) acc[u] += sumOfLanes(v[u]);
    }
    for (; i < vectors; i += threads) acc[0] += sumOfLanes(__ldg(vin + i));
    if (thread < head) acc[0] += in[thread];
    if (thread < n - tailStart) acc[0] += in[tailStart + thread];
    T sum = acc[0];
#pragma unroll
    for (int u = 1; u < kBestUnroll; ++u) sum += acc[u];

    const std::uint32_t lane = threadIdx.x % 32;
    const std::uint32_t warp = threadIdx.x / 32;
    StepTracer<T> tracer;
    if constexpr (kRecord) {
        tracer = StepTracer<T>::firstPass(rec.steps);
        tracer.beginAt(loadStartClock);
        const bool loaded = thread < vectors || thread < head || thread < n - tailStart;
        tracer.record(0, warp, loaded, sum);
    }
    sum = warpTreeShuffle<false, kRecord>(sum, lane, warp, tracer);

    __shared__ T warpSums[32];
    if (lane == 0) warpSums[warp] = sum;
    __syncthreads();
    if (warp == 0) {
        StepTracer<T> second;
        if constexpr (kRecord) {
            second = StepTracer<T>::secondPass(rec.steps, /*everyBlockRunsIt=*/true);
            second.begin();
        }
        const bool loads = lane < blockDim.x / 32;
        T partial = loads ? warpSums[lane] : T(0);
        if constexpr (kRecord) second.record(0, 0, loads, partial);
        partial = warpTreeShuffle<false, kRecord>(partial, lane, 0, second);
        if (lane == 0) atomicAdd(out, partial);  // unsigned for int32: wraps like the reference
    }
    if constexpr (kRecord) blockRecorder.finish(rec.blocks);
}

}  // namespace dev

template <typename T>
Result<ReductionProgram<T>> makeBestProgram(const ReductionSettings& settings,
                                            const DeviceInfo& device) {
    const std::uint64_t n = settings.n;
    const std::uint32_t block = settings.block;
    const std::uint32_t traced = settings.tracedBlocks;
    const std::uint64_t perThread = std::max<std::uint64_t>(1, settings.perThread);
    // One full wave: as many blocks as fit on all SMs at once. More blocks
    // only add scheduling and atomics; the grid-stride loop covers any n.
    int perSm = 0;
    WS_CUDA_TRY(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSm, dev::reduceBest<false, T>,
                                                              int(block), 0));
    const std::uint64_t wave = std::uint64_t(std::max(perSm, 1)) * std::max(device.smCount, 1);
    // per_thread: at least that many elements per thread before the grid shrinks below a wave.
    const std::uint64_t needed = (n + std::uint64_t(block) * perThread - 1) / (block * perThread);
    const std::uint64_t grid = std::max<std::uint64_t>(1, std::min(wave, needed));

    auto out = std::make_shared<DeviceBuffer<T>>();
    ReductionProgram<T> p;
    p.launches.push_back(makeLaunchShape("reduceBest", grid, block, 32 * sizeof(T),
                                         treePasses(settings), traced, kindOf<T>(), false));
    p.scratchBytes = sizeof(T);
    p.depthThreads = block;
    p.depthBlocks = grid;
    p.depthNote = "each thread's grid-stride loop, two warp trees, then " + std::to_string(grid) +
                  " atomicAdds in arrival order";
    p.setup = [out] { return out->allocate(1); };
    p.prepare = [out](cudaStream_t stream) { return out->fill(0, stream); };
    p.enqueue = [=](const T* in, bool record, std::span<const RecordPointers> recs,
                    cudaStream_t stream) {
        return launchKernel(
            "reduceBest", record ? dev::reduceBest<true, T> : dev::reduceBest<false, T>,
            std::uint32_t(grid), block, 0, stream, in, n, out->get(), recordsOf(record, recs, 0));
    };
    p.result = [out] { return out->get(); };
    return p;
}

template Result<ReductionProgram<std::uint32_t>> makeBestProgram(const ReductionSettings&,
                                                                 const DeviceInfo&);
template Result<ReductionProgram<float>> makeBestProgram(const ReductionSettings&,
                                                         const DeviceInfo&);

}  // namespace ws
