// Many blocks (seed 000/003 chapters 3 and 4): sumCommMultiBlock launched twice
// (the launch boundary is the grid-wide barrier), sumCommMultiBlock with the
// last-block guard in one launch, and sumNoncommMultiBlock, whose blocks each
// reduce one contiguous section so that the partials stay in order.
#include <memory>

#include "kernels/common/device_buffer.h"
#include "kernels/common/launch.cuh"
#include "kernels/reduction/reduction_block.cuh"
#include "kernels/reduction/reduction_programs.h"

namespace ws {

namespace dev {

// Each block writes its sum to gOut[blockIdx.x]. Launched a second time with
// one block over the partials, it writes the total to gOut[0].
template <bool kRecord, typename T>
__global__ void sumCommMultiBlock(const T* gArr, std::uint64_t arraySize, T* gOut,
                                  RecordPointers rec) {
    BlockRecorder blockRecorder;
    StepTracer<T> tracer;
    if constexpr (kRecord) {
        blockRecorder.start();
        tracer = StepTracer<T>::firstPass(rec.steps);
    }
    const std::uint64_t first = std::uint64_t(blockIdx.x) * blockDim.x + threadIdx.x;
    const std::uint64_t stride = std::uint64_t(blockDim.x) * gridDim.x;
    const T sum =
        commBlockSum<kRecord, false>(gArr, arraySize, first, stride, sharedSlots<T>(), tracer);
    if (threadIdx.x == 0) gOut[blockIdx.x] = sum;
    if constexpr (kRecord) blockRecorder.finish(rec.blocks);
}

// One launch: the block that draws the last ticket merges all partials. The
// seed's merge reads one partial per thread, which needs gridDim.x <=
// blockDim.x; this one strides, so any grid works. The merging block also
// resets the counter, so the next launch needs no cudaMemset.
template <bool kRecord, typename T>
__global__ void sumCommMultiBlockLastBlock(const T* gArr, std::uint64_t arraySize, T* gOut,
                                           unsigned* lastBlockCounter, RecordPointers rec) {
    BlockRecorder blockRecorder;
    StepTracer<T> tracer;
    if constexpr (kRecord) {
        blockRecorder.start();
        tracer = StepTracer<T>::firstPass(rec.steps);
    }
    T* shArr = sharedSlots<T>();
    const std::uint32_t tid = threadIdx.x;
    const std::uint64_t first = std::uint64_t(blockIdx.x) * blockDim.x + tid;
    const std::uint64_t stride = std::uint64_t(blockDim.x) * gridDim.x;
    const T sum = commBlockSum<kRecord, false>(gArr, arraySize, first, stride, shArr, tracer);
    if (tid == 0) gOut[blockIdx.x] = sum;
    if (lastBlock<kRecord>(lastBlockCounter, rec.arrivals)) {
        StepTracer<T> merge;
        if constexpr (kRecord) merge = StepTracer<T>::secondPass(rec.steps);
        // Partials of other blocks: read from L2 (loadFromL2), where their
        // __threadfence made them visible; this SM's L1 might hold stale lines.
        const T total = commBlockSum<kRecord, true>(gOut, gridDim.x, tid, blockDim.x, shArr, merge);
        if (tid == 0) {
            gOut[0] = total;
            *lastBlockCounter = 0;
        }
    }
    if constexpr (kRecord) blockRecorder.finish(rec.blocks);
}

// Block b reduces the section [b * n/grid, (b+1) * n/grid) in order (the last
// block also takes the remainder); the last block to arrive reduces the
// partials, again in order. The seed's lastBlock compares the ticket with
// gridDim.x - 1, as ours does.
template <bool kRecord, typename T>
__global__ void sumNoncommMultiBlock(const T* gArr, std::uint64_t wholeArraySize, T* out,
                                     unsigned* lastBlockCounter, RecordPointers rec) {
    BlockRecorder blockRecorder;
    StepTracer<T> tracer;
    if constexpr (kRecord) {
        blockRecorder.start();
        tracer = StepTracer<T>::firstPass(rec.steps);
    }
    T* shArr = sharedSlots<T>();
    const std::uint64_t arraySizePerBlock = wholeArraySize / gridDim.x;
    const T* gArrForBlock = gArr + blockIdx.x * arraySizePerBlock;
    std::uint64_t arraySize = arraySizePerBlock;
    if (blockIdx.x == gridDim.x - 1) arraySize = wholeArraySize - blockIdx.x * arraySizePerBlock;
    noncommBlockSum<kRecord, false>(gArrForBlock, arraySize, &out[blockIdx.x], shArr, tracer);
    if (lastBlock<kRecord>(lastBlockCounter, rec.arrivals)) {
        StepTracer<T> merge;
        if constexpr (kRecord) merge = StepTracer<T>::secondPass(rec.steps);
        // shArr is reused: lastBlock's barrier has every thread past the first tree.
        noncommBlockSum<kRecord, true>(out, gridDim.x, out, shArr, merge);
        if (threadIdx.x == 0) *lastBlockCounter = 0;
    }
    if constexpr (kRecord) blockRecorder.finish(rec.blocks);
}

}  // namespace dev

std::uint64_t defaultedGrid(const ReductionSettings& settings, const DeviceInfo& device) {
    const std::uint64_t grid = settings.grid;
    return grid > 0 ? grid : std::uint64_t(2 * std::max(1, device.smCount));
}

namespace {

struct MultiBlockScratch {
    DeviceBuffer<unsigned char> partials;  // grid elements
    DeviceBuffer<unsigned> counter;
};

template <typename T>
void describe(ReductionProgram<T>& p, std::uint64_t n, std::uint32_t block, std::uint64_t grid,
              const std::string& merge) {
    p.depthThreads = block;
    p.depthBlocks = grid;
    p.depthNote = "each thread's loop over n/" + std::to_string(block * grid) +
                  " elements, the block's tree, then " + merge + " of " + std::to_string(grid) +
                  " partials bounded as a chain";
    (void)n;
}

}  // namespace

template <typename T>
Result<ReductionProgram<T>> makeMultiBlockProgram(const ReductionSettings& settings,
                                                  const DeviceInfo& device) {
    const std::uint64_t n = settings.n;
    const std::uint32_t block = settings.block;
    const std::uint32_t traced = settings.tracedBlocks;
    const std::uint64_t grid = defaultedGrid(settings, device);
    const auto shared = std::uint32_t(block * sizeof(T));
    const TreePasses passes = treePasses(settings);
    auto scratch = std::make_shared<MultiBlockScratch>();
    ReductionProgram<T> p;
    p.launches.push_back(makeLaunchShape("sumCommMultiBlock", grid, block, shared, passes, traced,
                                         kindOf<T>(), false));
    p.launches.push_back(
        makeLaunchShape("sumCommMultiBlock", 1, block, shared, passes, traced, kindOf<T>(), false));
    p.scratchBytes = grid * sizeof(T);
    describe(p, n, block, grid, "a second launch");
    p.setup = [=] { return scratch->partials.allocate(grid * sizeof(T)); };
    p.enqueue = [=](const T* in, bool record, std::span<const RecordPointers> recs,
                    cudaStream_t stream) -> Status {
        auto kernel = record ? dev::sumCommMultiBlock<true, T> : dev::sumCommMultiBlock<false, T>;
        T* partials = reinterpret_cast<T*>(scratch->partials.get());
        if (Status s = launchKernel("sumCommMultiBlock", kernel, std::uint32_t(grid), block, shared,
                                    stream, in, n, partials, recordsOf(record, recs, 0));
            !s)
            return s;
        // dev_out now holds the partial results; the second launch reduces
        // them in place into dev_out[0].
        return launchKernel("sumCommMultiBlock", kernel, 1, block, shared, stream,
                            static_cast<const T*>(partials), grid, partials,
                            recordsOf(record, recs, 1));
    };
    p.result = [=] { return reinterpret_cast<const T*>(scratch->partials.get()); };
    return p;
}

namespace {

template <typename T, typename Kernel>
ReductionProgram<T> lastBlockProgram(const ReductionSettings& settings, const DeviceInfo& device,
                                     const char* name, std::uint32_t slotsPerThread, Kernel plain,
                                     Kernel recorded) {
    const std::uint64_t n = settings.n;
    const std::uint32_t block = settings.block;
    const std::uint32_t traced = settings.tracedBlocks;
    const std::uint64_t grid = defaultedGrid(settings, device);
    const auto shared = std::uint32_t(slotsPerThread * block * sizeof(T));
    auto scratch = std::make_shared<MultiBlockScratch>();
    ReductionProgram<T> p;
    p.launches.push_back(makeLaunchShape(name, grid, block, shared, treePasses(settings), traced,
                                         kindOf<T>(), true));
    p.scratchBytes = grid * sizeof(T) + sizeof(unsigned);
    describe(p, n, block, grid, "the last block's merge");
    p.setup = [=]() -> Status {
        if (Status s = scratch->partials.allocate(grid * sizeof(T)); !s) return s;
        if (Status s = scratch->counter.allocate(1); !s) return s;
        // The counter starts at 0; afterwards the merging block resets it.
        if (Status s = scratch->counter.fill(0); !s) return s;
        WS_CUDA_TRY(cudaDeviceSynchronize());
        return {};
    };
    p.enqueue = [=](const T* in, bool record, std::span<const RecordPointers> recs,
                    cudaStream_t stream) {
        return launchKernel(name, record ? recorded : plain, std::uint32_t(grid), block, shared,
                            stream, in, n, reinterpret_cast<T*>(scratch->partials.get()),
                            scratch->counter.get(), recordsOf(record, recs, 0));
    };
    p.result = [=] { return reinterpret_cast<const T*>(scratch->partials.get()); };
    return p;
}

}  // namespace

template <typename T>
Result<ReductionProgram<T>> makeLastBlockProgram(const ReductionSettings& settings,
                                                 const DeviceInfo& device) {
    return lastBlockProgram<T>(settings, device, "sumCommMultiBlock", 1,
                               dev::sumCommMultiBlockLastBlock<false, T>,
                               dev::sumCommMultiBlockLastBlock<true, T>);
}

template <typename T>
Result<ReductionProgram<T>> makeMultiBlockNoncommProgram(const ReductionSettings& settings,
                                                         const DeviceInfo& device) {
    return lastBlockProgram<T>(settings, device, "sumNoncommMultiBlock", 2,
                               dev::sumNoncommMultiBlock<false, T>,
                               dev::sumNoncommMultiBlock<true, T>);
}

template Result<ReductionProgram<std::uint32_t>> makeMultiBlockProgram(const ReductionSettings&,
                                                                       const DeviceInfo&);
template Result<ReductionProgram<float>> makeMultiBlockProgram(const ReductionSettings&,
                                                               const DeviceInfo&);
template Result<ReductionProgram<std::uint32_t>> makeLastBlockProgram(const ReductionSettings&,
                                                                      const DeviceInfo&);
template Result<ReductionProgram<float>> makeLastBlockProgram(const ReductionSettings&,
                                                              const DeviceInfo&);
template Result<ReductionProgram<std::uint32_t>> makeMultiBlockNoncommProgram(
    const ReductionSettings&, const DeviceInfo&);
template Result<ReductionProgram<Affine>> makeMultiBlockNoncommProgram(const ReductionSettings&,
                                                                       const DeviceInfo&);

}  // namespace ws
