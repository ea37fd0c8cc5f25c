// Warp-level reductions in one block (seed 000/003 chapter 4,
// sumCommSingleBlockWithWarps generalised): each thread folds a contiguous
// chunk in order, each warp reduces its 32 values with one of the seed's warp
// trees (volatile shared memory, now with __syncwarp, or register shuffles),
// then the first warp reduces the warp results with the same tree.
#include <memory>

#include "kernels/common/device_buffer.h"
#include "kernels/common/launch.cuh"
#include "kernels/reduction/reduction_programs.h"
#include "kernels/reduction/reduction_tree.cuh"

namespace ws {

namespace dev {

// kShuffle selects the register tree (sumSingleWarpReg, offsets 1, 2, 4, 8, 16,
// which keeps operand order); otherwise kTree picks the shared-memory tree.
template <bool kRecord, bool kShuffle, WarpTree kTree, typename T>
__global__ void sumWithWarps(const T* a, std::uint64_t n, T* out, RecordPointers rec) {
    BlockRecorder blockRecorder;
    StepTracer<T> tracer;
    if constexpr (kRecord) {
        blockRecorder.start();
        tracer = StepTracer<T>::firstPass(rec.steps);
        tracer.begin();
    }
    T* r = sharedSlots<T>();
    const std::uint32_t tid = threadIdx.x;
    const std::uint32_t lane = tid % 32;
    const std::uint32_t warp = tid / 32;
    const std::uint32_t warps = blockDim.x / 32;

    // Contiguous chunks keep the input order: thread t's value covers
    // elements before thread t+1's.
    const std::uint64_t chunk = (n + blockDim.x - 1) / blockDim.x;
    const std::uint64_t begin = std::min<std::uint64_t>(tid * chunk, n);
    const std::uint64_t end = std::min<std::uint64_t>(begin + chunk, n);
    T v = identityOf<T>();
    for (std::uint64_t i = begin; i < end; ++i) v = reduceOp(v, a[i]);

    constexpr std::uint32_t kSlots = kShuffle ? 1 : kWarpSlots<kTree>;
    if constexpr (kShuffle) {
        if constexpr (kRecord) tracer.record(0, warp, begin < end, v);
        v = warpTreeShuffle<true, kRecord>(v, lane, warp, tracer);
        if (lane == 0) r[warp] = v;  // one result per warp
    } else {
        // r + warp * kSlots is the seed's &r[idx & ~(warpSize-1)]: each warp
        // gets its own 32 slots (48 when padded with the identity).
        T* w = r + warp * kSlots;
        w[lane] = v;
        if (kSlots > 32 && lane < kSlots - 32) w[32 + lane] = identityOf<T>();
        __syncwarp();
        if constexpr (kRecord) tracer.record(0, warp, begin < end, w[lane]);
        warpTreeShared<kTree, kRecord>(w, lane, warp, tracer);
    }
    __syncthreads();

    if (warp == 0) {  // first warp only
        StepTracer<T> second;
        if constexpr (kRecord) {
            second = StepTracer<T>::secondPass(rec.steps);
            second.begin();
        }
        const bool loads = lane < warps;
        T partial = loads ? r[lane * kSlots] : identityOf<T>();
        T total;
        if constexpr (kShuffle) {
            if constexpr (kRecord) second.record(0, 0, loads, partial);
            total = warpTreeShuffle<true, kRecord>(partial, lane, 0, second);
        } else {
            __syncwarp();       // lane l reads slot l * kSlots before lane l' writes slot l'
            r[lane] = partial;  // slots 32..47 of warp 0 still hold the padding
            __syncwarp();
            if constexpr (kRecord) second.record(0, 0, loads, r[lane]);
            total = warpTreeShared<kTree, kRecord>(r, lane, 0, second);
        }
        if (lane == 0) *out = total;
    }
    if constexpr (kRecord) blockRecorder.finish(rec.blocks);
}

}  // namespace dev

namespace {

template <typename T>
using WarpKernel = void (*)(const T*, std::uint64_t, T*, RecordPointers);

template <typename T>
struct WarpKernels {
    WarpKernel<T> plain;
    WarpKernel<T> recorded;
    std::uint32_t slotsPerWarp;  // shared slots per warp
    const char* name;
};

template <bool kShuffle, dev::WarpTree kTree, typename T>
WarpKernels<T> warpKernels(const char* name) {
    return {dev::sumWithWarps<false, kShuffle, kTree, T>,
            dev::sumWithWarps<true, kShuffle, kTree, T>, kShuffle ? 1u : dev::kWarpSlots<kTree>,
            name};
}

template <typename T>
WarpKernels<T> pickWarpKernels(ReductionVariant variant) {
    using dev::WarpTree;
    if constexpr (!std::is_same_v<T, Affine>) {  // commutative trees: never for affine maps
        if (variant == ReductionVariant::Comm)
            return warpKernels<false, WarpTree::Comm, T>("sumCommSingleWarp");
        if (variant == ReductionVariant::CommCompact)
            return warpKernels<false, WarpTree::CommCompact, T>("sumCommSingleWarp (compact)");
    }
    if (variant == ReductionVariant::Noncomm)
        return warpKernels<false, WarpTree::Noncomm, T>("sumNoncommSingleWarp");
    if (variant == ReductionVariant::NoncommPadded)
        return warpKernels<false, WarpTree::NoncommPadded, T>("sumNoncommSingleWarpPadded");
    return warpKernels<true, WarpTree::Comm, T>("sumSingleWarpReg");
}

}  // namespace

template <typename T>
Result<ReductionProgram<T>> makeWarpProgram(const ReductionSettings& settings, const DeviceInfo&) {
    const std::uint64_t n = settings.n;
    const std::uint32_t block = settings.block;
    const ReductionVariant variant = settings.variant;
    if (std::is_same_v<T, Affine> &&
        (variant == ReductionVariant::Comm || variant == ReductionVariant::CommCompact))
        return makeError("variant " + std::string(reductionVariantName(variant)) +
                         " reorders operands; it needs op=add");
    const WarpKernels<T> k = pickWarpKernels<T>(variant);
    const std::uint32_t warps = block / 32;
    // The shuffle variant needs one slot per warp for the second level.
    const auto shared = std::uint32_t(std::max(warps * k.slotsPerWarp, 32u) * sizeof(T));
    auto out = std::make_shared<DeviceBuffer<T>>();
    ReductionProgram<T> p;
    p.launches.push_back(makeLaunchShape(k.name, 1, block, shared, treePasses(settings),
                                         settings.tracedBlocks, kindOf<T>(), false));
    p.scratchBytes = sizeof(T);
    p.depthThreads = block;
    p.depthBlocks = 1;
    p.depthNote =
        "each thread's chunk of n/" + std::to_string(block) + " elements, then two warp trees";
    p.setup = [out] { return out->allocate(1); };
    p.enqueue = [=](const T* in, bool record, std::span<const RecordPointers> recs,
                    cudaStream_t stream) {
        return launchKernel(k.name, record ? k.recorded : k.plain, 1, block, shared, stream, in, n,
                            out->get(), recordsOf(record, recs, 0));
    };
    p.result = [out] { return out->get(); };
    return p;
}

template Result<ReductionProgram<std::uint32_t>> makeWarpProgram(const ReductionSettings&,
                                                                 const DeviceInfo&);
template Result<ReductionProgram<float>> makeWarpProgram(const ReductionSettings&,
                                                         const DeviceInfo&);
template Result<ReductionProgram<Affine>> makeWarpProgram(const ReductionSettings&,
                                                          const DeviceInfo&);

}  // namespace ws
