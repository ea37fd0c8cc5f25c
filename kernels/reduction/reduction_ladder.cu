// Harris's optimisation ladder ("Optimizing Parallel Reduction in CUDA"),
// seven kernels that each reduce a block's share to one partial. The host
// launches the same kernel again on the partials until one value remains.
//   reduce0 interleaved addressing, divergent branch (tid % 2s)
//   reduce1 interleaved addressing, strided index: no divergence, bank conflicts
//   reduce2 sequential addressing: conflict-free
//   reduce3 first add during load: half the blocks, no idle threads at load
//   reduce4 last warp unrolled: no barriers for the last six steps
//   reduce5 completely unrolled (block size a template parameter)
//   reduce6 many elements per thread: a grid-stride loop, two loads per trip
#include <memory>

#include "kernels/common/device_buffer.h"
#include "kernels/common/launch.cuh"
#include "kernels/reduction/reduction_programs.h"
#include "kernels/reduction/reduction_tree.cuh"

namespace ws {

namespace dev {

enum class Rung { Reduce0, Reduce1, Reduce2, Reduce3, Reduce4, Reduce5, Reduce6 };

// kBlock: the block size as a constant for reduce5/reduce6, 0 otherwise.
template <Rung kRung, std::uint32_t kBlock, bool kRecord, typename T>
__global__ void ladderKernel(const T* in, std::uint64_t n, T* out, RecordPointers rec) {
    BlockRecorder blockRecorder;
    StepTracer<T> tracer;
    if constexpr (kRecord) {
        blockRecorder.start();
        tracer = StepTracer<T>::firstPass(rec.steps);
        tracer.begin();
    }
    T* sdata = sharedSlots<T>();
    const std::uint32_t tid = threadIdx.x;
    const std::uint32_t blockSize = kBlock ? kBlock : blockDim.x;

    // Load phase (step 0).
    T v = identityOf<T>();
    bool loaded;
    if constexpr (kRung <= Rung::Reduce2) {
        // One element per thread.
        const std::uint64_t i = std::uint64_t(blockIdx.x) * blockSize + tid;
        loaded = i < n;
        if (loaded) v = in[i];
    } else if constexpr (kRung <= Rung::Reduce5) {
        // Two elements per thread, added while loading: half the blocks, and
        // no thread idles during the first tree step.
        const std::uint64_t i = std::uint64_t(blockIdx.x) * (blockSize * 2) + tid;
        loaded = i < n;
        if (loaded) v = in[i];
        if (i + blockSize < n) v = reduceOp(v, in[i + blockSize]);
    } else {
        // As many elements as the grid leaves per thread, two per trip, with
        // a stride of the whole grid so every trip's loads are coalesced.
        std::uint64_t i = std::uint64_t(blockIdx.x) * (blockSize * 2) + tid;
        const std::uint64_t gridSize = std::uint64_t(blockSize) * 2 * gridDim.x;
        loaded = i < n;
        while (i < n) {
            v = reduceOp(v, in[i]);
            if (i + blockSize < n) v = reduceOp(v, in[i + blockSize]);
            i += gridSize;
        }
    }
    sdata[tid] = v;
    __syncthreads();
    if constexpr (kRecord) tracer.recordBlockStep(0, tid / 32, loaded, sdata[tid]);

    // Combining phase.
    if constexpr (kRung == Rung::Reduce0)
        treeInterleavedDivergent<kRecord>(sdata, tid, blockSize, tracer);
    else if constexpr (kRung == Rung::Reduce1)
        treeInterleavedStrided<kRecord>(sdata, tid, blockSize, tracer);
    else if constexpr (kRung == Rung::Reduce2 || kRung == Rung::Reduce3)
        treeSequential<kRecord>(sdata, tid, blockSize, tracer);
    else if constexpr (kRung == Rung::Reduce4)
        treeSequentialUnrolledWarp<kRecord>(sdata, tid, blockSize, tracer);
    else
        treeCompleteUnroll<kBlock, kRecord>(sdata, tid, tracer);

    if (tid == 0) out[blockIdx.x] = sdata[0];
    if constexpr (kRecord) blockRecorder.finish(rec.blocks);
}

}  // namespace dev

namespace {

template <typename T>
using LadderKernel = void (*)(const T*, std::uint64_t, T*, RecordPointers);

template <typename T>
struct LadderKernels {
    LadderKernel<T> plain = nullptr;
    LadderKernel<T> recorded = nullptr;
};

template <dev::Rung kRung, std::uint32_t kBlock, typename T>
LadderKernels<T> kernelsFor() {
    return {dev::ladderKernel<kRung, kBlock, false, T>, dev::ladderKernel<kRung, kBlock, true, T>};
}

// reduce5 and reduce6 are instantiated for each block size they may run with.
template <dev::Rung kRung, typename T>
LadderKernels<T> unrolledKernelsFor(std::uint32_t block) {
    switch (block) {
        case 64:
            return kernelsFor<kRung, 64, T>();
        case 128:
            return kernelsFor<kRung, 128, T>();
        case 256:
            return kernelsFor<kRung, 256, T>();
        case 512:
            return kernelsFor<kRung, 512, T>();
        case 1024:
            return kernelsFor<kRung, 1024, T>();
        default:
            return {};
    }
}

struct RungInfo {
    dev::Rung rung;
    const char* kernel;
};

Result<RungInfo> rungOf(ReductionVariant variant) {
    using dev::Rung;
    using V = ReductionVariant;
    switch (variant) {
        case V::InterleavedDivergent:
            return RungInfo{Rung::Reduce0, "reduce0"};
        case V::InterleavedStrided:
            return RungInfo{Rung::Reduce1, "reduce1"};
        case V::Sequential:
            return RungInfo{Rung::Reduce2, "reduce2"};
        case V::FirstAdd:
            return RungInfo{Rung::Reduce3, "reduce3"};
        case V::UnrollLastWarp:
            return RungInfo{Rung::Reduce4, "reduce4"};
        case V::CompleteUnroll:
            return RungInfo{Rung::Reduce5, "reduce5"};
        case V::MultiElement:
            return RungInfo{Rung::Reduce6, "reduce6"};
        default:
            break;
    }
    return makeError("reduce-ladder has no Harris kernel for variant '" +
                     std::string(reductionVariantName(variant)) + "'");
}

template <typename T>
LadderKernels<T> ladderKernels(dev::Rung rung, std::uint32_t block) {
    using dev::Rung;
    switch (rung) {
        case Rung::Reduce0:
            return kernelsFor<Rung::Reduce0, 0, T>();
        case Rung::Reduce1:
            return kernelsFor<Rung::Reduce1, 0, T>();
        case Rung::Reduce2:
            return kernelsFor<Rung::Reduce2, 0, T>();
        case Rung::Reduce3:
            return kernelsFor<Rung::Reduce3, 0, T>();
        case Rung::Reduce4:
            return kernelsFor<Rung::Reduce4, 0, T>();
        case Rung::Reduce5:
            return unrolledKernelsFor<Rung::Reduce5, T>(block);
        case Rung::Reduce6:
            return unrolledKernelsFor<Rung::Reduce6, T>(block);
    }
    return {};
}

struct LadderScratch {
    DeviceBuffer<unsigned char> ping, pong;  // partials of alternate launches
};

// Elements one block of the rung reduces in one launch.
std::uint64_t ladderElementsPerBlock(dev::Rung rung, std::uint32_t block, std::uint64_t perThread) {
    if (rung <= dev::Rung::Reduce2) return block;
    if (rung <= dev::Rung::Reduce5) return 2ull * block;
    return std::uint64_t(block) * std::max<std::uint64_t>(perThread, 1);
}

}  // namespace

template <typename T>
Result<ReductionProgram<T>> makeLadderProgram(const ReductionSettings& settings,
                                              const DeviceInfo&) {
    const std::uint64_t n = settings.n;
    const std::uint32_t block = settings.block;
    const std::uint32_t traced = settings.tracedBlocks;
    const std::uint64_t perThread = settings.perThread;
    auto info = rungOf(settings.variant);
    if (!info) return makeError(info.error());
    const LadderKernels<T> kernels = ladderKernels<T>(info->rung, block);
    if (!kernels.plain)
        return makeError(std::string(info->kernel) +
                         " is instantiated for block sizes 64 to "
                         "1024 (powers of two), not block=" +
                         std::to_string(block));
    const TreePasses passes = treePasses(settings);
    const auto shared = std::uint32_t(block * sizeof(T));

    // Launch k reduces counts[k] values to counts[k+1] partials, until one remains.
    std::vector<std::uint64_t> counts{n};
    do {
        const std::uint64_t per = ladderElementsPerBlock(info->rung, block, perThread);
        counts.push_back(std::max<std::uint64_t>(1, (counts.back() + per - 1) / per));
    } while (counts.back() > 1);

    ReductionProgram<T> p;
    for (std::size_t k = 0; k + 1 < counts.size(); ++k)
        p.launches.push_back(makeLaunchShape(info->kernel, counts[k + 1], block, shared, passes,
                                             traced, kindOf<T>(), false));
    const std::uint64_t pingCount = counts[1];
    const std::uint64_t pongCount = counts.size() > 2 ? counts[2] : 1;
    p.scratchBytes = (pingCount + pongCount) * sizeof(T);
    p.depthThreads = block;
    p.depthBlocks = counts[1];
    p.depthNote = "each thread's " +
                  std::to_string(ladderElementsPerBlock(info->rung, block, perThread) / block) +
                  " loads, the block's tree, then " + std::to_string(counts.size() - 2) +
                  " further launches over the partials bounded as a chain";
    auto scratch = std::make_shared<LadderScratch>();
    p.setup = [=]() -> Status {
        if (Status s = scratch->ping.allocate(pingCount * sizeof(T)); !s) return s;
        return scratch->pong.allocate(pongCount * sizeof(T));
    };
    const char* name = info->kernel;
    p.enqueue = [=](const T* in, bool record, std::span<const RecordPointers> recs,
                    cudaStream_t stream) -> Status {
        const T* source = in;
        for (std::size_t k = 0; k + 1 < counts.size(); ++k) {
            T* target =
                reinterpret_cast<T*>(k % 2 == 0 ? scratch->ping.get() : scratch->pong.get());
            if (Status s = launchKernel(name, record ? kernels.recorded : kernels.plain,
                                        std::uint32_t(counts[k + 1]), block, shared, stream, source,
                                        counts[k], target, recordsOf(record, recs, k));
                !s)
                return s;
            source = target;
        }
        return {};
    };
    const bool endsInPing = (counts.size() - 1) % 2 == 1;
    p.result = [=] {
        return reinterpret_cast<const T*>(endsInPing ? scratch->ping.get() : scratch->pong.get());
    };
    return p;
}

template Result<ReductionProgram<std::uint32_t>> makeLadderProgram(const ReductionSettings&,
                                                                   const DeviceInfo&);
template Result<ReductionProgram<float>> makeLadderProgram(const ReductionSettings&,
                                                           const DeviceInfo&);

}  // namespace ws
