// The axis reductions of seed 001 over a uint8 image: column sums with one
// thread per column, row sums in 128-pixel chunks with atomicAdd, and row sums
// with one block per row and a shared-memory tree.
#include <cuda_runtime.h>

#include <cstdint>

#include "core/catalog/catalog.h"
#include "core/memory/memory_reference.h"
#include "kernels/common/cuda_check.h"
#include "kernels/common/memory_launch.h"
#include "kernels/memory/memory_experiments.h"

namespace ws::memory {

namespace {

constexpr int kChunk = 128;  // ReduceWKernelSimple's chunk of a row

// Traced warps note the first trips of a loop (every trip has the same access
// pattern); the remaining trips run as in the plain build, so the recording
// build's loop stays unrolled and keeps its loads in flight.
constexpr int kTracedTrips = 4;

// Y-axis: lanes read neighbouring bytes of one row, so each load of a warp
// is 32 contiguous bytes, one sector.
template <Recording kRec>
__global__ void ReduceHKernelSimple(const std::uint8_t* src, float* dst, int width, int height,
                                    __grid_constant__ const AccessTrace trace) {
    BlockScope<kRec, BlockStart::StoredAtEntry> block(trace);  // a long loop follows
    Tracer<kRec> t(trace);
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    const bool inside = x < width;
    float sum = 0;
    int y = 0;  // same trip count for every lane: warps stay converged
    if constexpr (kRec == Recording::Accesses)
        for (; y < min(height, kTracedTrips); ++y)
            sum += t.loadGlobal(&src[x + std::size_t(y) * width], src, inside, std::uint8_t(0));
    for (; y < height; ++y) sum += inside ? src[x + std::size_t(y) * width] : std::uint8_t(0);
    t.storeGlobal(&dst[x], sum, dst, inside);
    block.finish();
}

// X-axis, seed version: lane y reads row y, so the 32 bytes of a warp's load
// lie `width` bytes apart, 32 sectors for 32 useful bytes.
template <Recording kRec>
__global__ void ReduceWKernelSimple(const std::uint8_t* src, float* dst, int width, int height,
                                    __grid_constant__ const AccessTrace trace) {
    BlockScope<kRec, BlockStart::StoredAtEntry> block(trace);  // a long loop follows
    Tracer<kRec> t(trace);
    int y = blockIdx.x * blockDim.x + threadIdx.x;
    int x = blockIdx.y * kChunk;
    const bool inside = y < height;
    float sum = 0;
    const int xend = min(x + kChunk, width);
    if constexpr (kRec == Recording::Accesses)
        for (const int traced = min(x + kTracedTrips, xend); x < traced; ++x)
            sum += t.loadGlobal(&src[x + std::size_t(y) * width], src, inside, std::uint8_t(0));
    for (; x < xend; ++x) sum += inside ? src[x + std::size_t(y) * width] : std::uint8_t(0);
    t.noteGlobal(&dst[y], dst, sizeof(float), inside, true);
    if (inside) atomicAdd(&dst[y], sum);
    block.finish();
}

// One block per row (blockIdx.y): threads stride along the row, coalesced,
// then the block's sums meet in a tree over shared memory. Sequential
// addressing (tid and tid + s) keeps the tree conflict-free: a warp reads 32
// consecutive words.
template <Recording kRec>
__global__ void ReduceWKernelBlock(const std::uint8_t* src, float* dst, int width,
                                   __grid_constant__ const AccessTrace trace) {
    BlockScope<kRec, BlockStart::StoredAtEntry> block(trace);  // a long loop follows
    Tracer<kRec> t(trace);
    extern __shared__ float sbuf[];
    const int tid = threadIdx.x;
    const int y = blockIdx.y;
    float sum = 0;
    int x0 = 0;  // block-uniform trip count
    if constexpr (kRec == Recording::Accesses)
        for (int trip = 0; trip < kTracedTrips && x0 < width; ++trip, x0 += blockDim.x) {
            const int x = x0 + tid;
            sum += t.loadGlobal(&src[x + std::size_t(y) * width], src, x < width, std::uint8_t(0));
        }
    for (; x0 < width; x0 += blockDim.x) {
        const int x = x0 + tid;
        sum += x < width ? src[x + std::size_t(y) * width] : std::uint8_t(0);
    }
    t.storeShared(&sbuf[tid], sum, sbuf, true);
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        const bool active = tid < s;
        const float other = t.loadShared(&sbuf[tid + s], sbuf, active, 0.0f);
        const float mine = t.loadShared(&sbuf[tid], sbuf, active, 0.0f);
        t.storeShared(&sbuf[tid], mine + other, sbuf, active);
        __syncthreads();
    }
    t.storeGlobal(&dst[y], sbuf[0], dst, tid == 0);
    block.finish();
}

using Kernel = void (*)(const std::uint8_t*, float*, int, int, AccessTrace);
using BlockKernel = void (*)(const std::uint8_t*, float*, int, AccessTrace);

}  // namespace

Result<MemoryRun> runAxisReduce(const MemorySettings& settings, const RunOptions& options,
                                const DeviceInfo& device) {
    const int width = int(settings.width), height = int(settings.height);
    const int threads = int(settings.block);
    const bool columns = settings.is(MemoryExperiment::ReduceColumns);
    const bool atomics = settings.is(MemoryExperiment::ReduceRowsAtomic);
    const std::size_t pixels = std::size_t(width) * height;
    const std::size_t outputs = columns ? width : height;

    std::string name;
    dim3 grid, block(threads);
    std::uint32_t sharedBytes = 0;
    std::uint64_t depth = 0;  // longest chain of dependent additions, for the bound
    if (columns) {
        name = "ReduceHKernelSimple";
        grid = dim3((width + threads - 1) / threads);
        depth = height;
    } else if (atomics) {
        name = "ReduceWKernelSimple";
        grid = dim3((height + threads - 1) / threads, (width + kChunk - 1) / kChunk);
        depth = kChunk + grid.y;
    } else {
        name = "ReduceWKernelBlock";
        grid = dim3(1, height);
        sharedBytes = threads * sizeof(float);
        depth = (width + threads - 1) / threads + 10;  // loop, then log2(1024) tree levels
    }
    if (Status s = checkShape(device, name, grid, block, sharedBytes); !s)
        return makeError(s.error());

    TraceStorage::Shape shape{.blocks = std::uint64_t(grid.x) * grid.y,
                              .warpsPerBlock = std::uint32_t(threads + 31) / 32,
                              .tracedBlocks = settings.tracedBlocks,
                              .maxShared = columns || atomics ? 0u : 64u,
                              .maxGlobal = 64,
                              .blockSlots = true};
    if (Status s =
            checkFreeMemory("a " + std::to_string(width) + "x" + std::to_string(height) + " image",
                            pixels + outputs * 4 + TraceStorage::deviceBytes(shape));
        !s)
        return makeError(s.error());

    const std::vector<std::uint8_t> image = makeImageU8(width, height, options.seed);
    const std::vector<double> expected = columns ? columnSumsReference(image, width, height)
                                                 : rowSumsReference(image, width, height);
    DeviceBuffer<std::uint8_t> src;
    DeviceBuffer<float> dst;
    if (Status s = src.allocate(pixels); !s) return makeError(s.error());
    if (Status s = dst.allocate(outputs); !s) return makeError(s.error());
    WS_CUDA_TRY(cudaMemcpy(src.get(), image.data(), pixels, cudaMemcpyHostToDevice));
    TraceStorage storage;
    if (Status s = storage.allocate(shape); !s) return makeError(s.error());

    const AccessTrace none{};
    const KernelBuilds<Kernel> columnSums{ReduceHKernelSimple<Recording::Off>,
                                          ReduceHKernelSimple<Recording::Blocks>,
                                          ReduceHKernelSimple<Recording::Accesses>};
    const KernelBuilds<Kernel> chunkSums{ReduceWKernelSimple<Recording::Off>,
                                         ReduceWKernelSimple<Recording::Blocks>,
                                         ReduceWKernelSimple<Recording::Accesses>};
    const KernelBuilds<BlockKernel> rowSums{ReduceWKernelBlock<Recording::Off>,
                                            ReduceWKernelBlock<Recording::Blocks>,
                                            ReduceWKernelBlock<Recording::Accesses>};
    auto launchWith = [&](Recording level) -> Status {
        const AccessTrace& trace = level == Recording::Off ? none : storage.trace();
        if (columns)
            columnSums[level]<<<grid, block>>>(src.get(), dst.get(), width, height, trace);
        else if (atomics)
            chunkSums[level]<<<grid, block>>>(src.get(), dst.get(), width, height, trace);
        else
            rowSums[level]<<<grid, block, sharedBytes>>>(src.get(), dst.get(), width, trace);
        WS_CUDA_TRY_LAUNCH(name);
        return {};
    };

    std::vector<float> sums(outputs);
    auto verify = [&]() -> Result<Verification> {
        WS_CUDA_TRY(cudaDeviceSynchronize());
        WS_CUDA_TRY(
            cudaMemcpy(sums.data(), dst.get(), outputs * sizeof(float), cudaMemcpyDeviceToHost));
        return verifySums(expected, sums, depth, columns ? "colsum" : "rowsum");
    };

    MeasureSteps steps{
        .plain = [&] { return launchWith(Recording::Off); },
        .recorded = [&] { return launchWith(storage.recording()); },
        .verify = verify,
        .before = {},
    };
    // The atomic kernel accumulates into dst: every launch starts from zero.
    // The others overwrite every output; zeroing them too keeps a kernel that
    // skipped an output from passing on an old value (the cost is not timed).
    steps.before = [&] { return dst.fill(0); };

    MemoryRun run;
    Launch launch = makeLaunch(name, grid, block, sharedBytes);
    TimedRuns times;
    if (Status s = measure(options.repetitions, options.measureOverhead, steps, storage, launch,
                           times, run.run.verification);
        !s)
        return makeError(s.error());
    fillRunHeader(run.run, std::string(settings.id()), settings.resolved, device);
    run.run.launches.push_back(std::move(launch));
    fillTiming(run.run.timing, times, double(pixels) + 4.0 * double(outputs));
    run.plainMs = std::move(times.plainMs);
    run.recordedMs = std::move(times.recordedMs);
    return run;
}

}  // namespace ws::memory
