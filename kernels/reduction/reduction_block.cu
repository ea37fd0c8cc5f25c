// One block reduces the whole array (seed 000/003 chapter 4):
// sumCommSingleBlock for commutative operators, sumNoncommSingleBlock for
// operators that must keep their operands in order.
#include <memory>

#include "kernels/common/device_buffer.h"
#include "kernels/common/launch.cuh"
#include "kernels/reduction/reduction_block.cuh"
#include "kernels/reduction/reduction_programs.h"

namespace ws {

namespace dev {

template <bool kRecord, typename T>
__global__ void sumCommSingleBlock(const T* a, std::uint64_t n, T* out, RecordPointers rec) {
    BlockRecorder blockRecorder;
    StepTracer<T> tracer;
    if constexpr (kRecord) {
        blockRecorder.start();
        tracer = StepTracer<T>::firstPass(rec.steps);
    }
    const T sum =
        commBlockSum<kRecord, false>(a, n, threadIdx.x, blockDim.x, sharedSlots<T>(), tracer);
    if (threadIdx.x == 0) *out = sum;
    if constexpr (kRecord) blockRecorder.finish(rec.blocks);
}

template <bool kRecord, typename T>
__global__ void sumNoncommSingleBlock(const T* a, std::uint64_t n, T* out, RecordPointers rec) {
    BlockRecorder blockRecorder;
    StepTracer<T> tracer;
    if constexpr (kRecord) {
        blockRecorder.start();
        tracer = StepTracer<T>::firstPass(rec.steps);
    }
    noncommBlockSum<kRecord, false>(a, n, out, sharedSlots<T>(), tracer);
    if constexpr (kRecord) blockRecorder.finish(rec.blocks);
}

}  // namespace dev

namespace {

template <typename T>
ReductionProgram<T> singleBlockProgram(const ReductionSettings& settings, const char* name,
                                       std::uint32_t slotsPerThread,
                                       void (*plain)(const T*, std::uint64_t, T*, RecordPointers),
                                       void (*recorded)(const T*, std::uint64_t, T*,
                                                        RecordPointers)) {
    const std::uint64_t n = settings.n;
    const std::uint32_t block = settings.block;
    const auto shared = std::uint32_t(slotsPerThread * block * sizeof(T));
    auto out = std::make_shared<DeviceBuffer<T>>();
    ReductionProgram<T> p;
    p.launches.push_back(makeLaunchShape(name, 1, block, shared, treePasses(settings),
                                         settings.tracedBlocks, kindOf<T>(), false));
    p.scratchBytes = sizeof(T);
    p.depthThreads = block;
    p.depthBlocks = 1;
    p.depthNote =
        "each thread's loop over n/" + std::to_string(block) + " elements, then the block's tree";
    p.setup = [out] { return out->allocate(1); };
    p.enqueue = [=](const T* in, bool record, std::span<const RecordPointers> recs,
                    cudaStream_t stream) {
        return launchKernel(name, record ? recorded : plain, 1, block, shared, stream, in, n,
                            out->get(), recordsOf(record, recs, 0));
    };
    p.result = [out] { return out->get(); };
    return p;
}

}  // namespace

template <typename T>
Result<ReductionProgram<T>> makeSingleBlockProgram(const ReductionSettings& settings,
                                                   const DeviceInfo&) {
    return singleBlockProgram<T>(settings, "sumCommSingleBlock", 1,
                                 dev::sumCommSingleBlock<false, T>,
                                 dev::sumCommSingleBlock<true, T>);
}

template <typename T>
Result<ReductionProgram<T>> makeSingleBlockNoncommProgram(const ReductionSettings& settings,
                                                          const DeviceInfo&) {
    return singleBlockProgram<T>(settings, "sumNoncommSingleBlock", 2,
                                 dev::sumNoncommSingleBlock<false, T>,
                                 dev::sumNoncommSingleBlock<true, T>);
}

template Result<ReductionProgram<std::uint32_t>> makeSingleBlockProgram(const ReductionSettings&,
                                                                        const DeviceInfo&);
template Result<ReductionProgram<float>> makeSingleBlockProgram(const ReductionSettings&,
                                                                const DeviceInfo&);
template Result<ReductionProgram<std::uint32_t>> makeSingleBlockNoncommProgram(
    const ReductionSettings&, const DeviceInfo&);
template Result<ReductionProgram<Affine>> makeSingleBlockNoncommProgram(const ReductionSettings&,
                                                                        const DeviceInfo&);

}  // namespace ws
