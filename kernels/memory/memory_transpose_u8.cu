// The uint8 image transposes of seed 001, as written there: naive, through a
// 16x16 shared tile, and through the tile padded by 4 bytes per row.
#include <cuda_runtime.h>

#include <cstdint>

#include "core/catalog/catalog.h"
#include "core/memory/memory_reference.h"
#include "kernels/common/cuda_check.h"
#include "kernels/common/memory_launch.h"
#include "kernels/memory/memory_experiments.h"

namespace ws::memory {

namespace {

constexpr int kTile = 16;

// Swapping x and y is all it takes; the reads are coalesced, but neighbouring
// threads write bytes `height` apart, one sector each.
template <Recording kRec>
__global__ void transposeNaive(const std::uint8_t* src, std::uint8_t* dst, int width, int height,
                               __grid_constant__ const AccessTrace trace) {
    BlockScope<kRec, BlockStart::AfterFirstLoad> block(trace);
    Tracer<kRec> t(trace);
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    const bool inside = x < width && y < height;
    const std::size_t from = x + std::size_t(y) * width, to = y + std::size_t(x) * height;
    const std::uint8_t v = t.loadGlobal(&src[from], src, inside, std::uint8_t(0));
    block.started();
    t.storeGlobal(&dst[to], v, dst, inside);
    block.finish();
}

// kPad = 0: sbuf[16][16]. Reading down a column, lane (tx, ty) reads byte
// tx * 16 + ty: rows are 16 bytes = 4 banks apart, so rows tx and tx + 8 meet
// in one bank with different words: 2 passes (the two half-warps' columns ty
// and ty + 1 share each word, a broadcast). kPad = 4: rows are 20 bytes = 5
// banks apart; 5 and 32 share no factor, so the 16 rows land in 16 banks. Four bytes is the
// smallest padding that moves a row by a whole bank, because banks are 4 bytes wide: one byte of
// padding would leave most rows in the same word's bank.
template <Recording kRec, int kPad>
__global__ void transposeShared(const std::uint8_t* src, std::uint8_t* dst, int width, int height,
                                __grid_constant__ const AccessTrace trace) {
    BlockScope<kRec, BlockStart::AfterFirstLoad> block(trace);
    Tracer<kRec> t(trace);
    int tx = threadIdx.x;
    int ty = threadIdx.y;
    int xbase = blockIdx.x * blockDim.x;
    int ybase = blockIdx.y * blockDim.y;
    __shared__ std::uint8_t sbuf[kTile][kTile + kPad];
    {
        int x = xbase + tx;
        int y = ybase + ty;
        const bool inside = x < width && y < height;
        const std::uint8_t v =
            t.loadGlobal(&src[x + std::size_t(y) * width], src, inside, std::uint8_t(0));
        block.started();
        t.storeShared(&sbuf[ty][tx], v, sbuf, inside);
    }
    __syncthreads();
    {
        int x = xbase + ty;
        int y = ybase + tx;
        const bool inside = x < width && y < height;
        const std::uint8_t v = t.loadShared(&sbuf[tx][ty], sbuf, inside, std::uint8_t(0));
        t.storeGlobal(&dst[y + std::size_t(x) * height], v, dst, inside);
    }
    block.finish();
}

using Kernel = void (*)(const std::uint8_t*, std::uint8_t*, int, int, AccessTrace);

struct Variant {
    const char* name;  // kernel name as the seed calls it
    KernelBuilds<Kernel> kernels;
    std::uint32_t sharedBytes;
};

Variant variantOf(TransposeVariant name) {
    if (name == TransposeVariant::Naive)
        return {"transpose (naive)",
                {transposeNaive<Recording::Off>, transposeNaive<Recording::Blocks>,
                 transposeNaive<Recording::Accesses>},
                0};
    if (name == TransposeVariant::Shared)
        return {"transpose (Shared Memory)",
                {transposeShared<Recording::Off, 0>, transposeShared<Recording::Blocks, 0>,
                 transposeShared<Recording::Accesses, 0>},
                kTile * kTile};
    return {"transpose (padded sbuf[16][16+4])",
            {transposeShared<Recording::Off, 4>, transposeShared<Recording::Blocks, 4>,
             transposeShared<Recording::Accesses, 4>},
            kTile * (kTile + 4)};
}

}  // namespace

Result<MemoryRun> runTransposeU8(const MemorySettings& settings, const RunOptions& options,
                                 const DeviceInfo& device) {
    const int width = int(settings.width), height = int(settings.height);
    const Variant variant = variantOf(settings.variant);
    const dim3 block(kTile, kTile);
    const dim3 grid((width + kTile - 1) / kTile, (height + kTile - 1) / kTile);
    if (Status s = checkShape(device, variant.name, grid, block, variant.sharedBytes); !s)
        return makeError(s.error());

    const std::size_t pixels = std::size_t(width) * height;
    TraceStorage::Shape shape{.blocks = std::uint64_t(grid.x) * grid.y,
                              .warpsPerBlock = kTile * kTile / 32,
                              .tracedBlocks = settings.tracedBlocks,
                              .maxShared = 2,
                              .maxGlobal = 2,
                              .blockSlots = true};
    if (Status s =
            checkFreeMemory("a " + std::to_string(width) + "x" + std::to_string(height) + " image",
                            2 * pixels + TraceStorage::deviceBytes(shape));
        !s)
        return makeError(s.error());

    const std::vector<std::uint8_t> image = makeImageU8(width, height, options.seed);
    DeviceBuffer<std::uint8_t> src, dst;
    if (Status s = src.allocate(pixels); !s) return makeError(s.error());
    if (Status s = dst.allocate(pixels); !s) return makeError(s.error());
    WS_CUDA_TRY(cudaMemcpy(src.get(), image.data(), pixels, cudaMemcpyHostToDevice));
    TraceStorage storage;
    if (Status s = storage.allocate(shape); !s) return makeError(s.error());

    const AccessTrace none{};
    auto launchWith = [&](Kernel kernel, const AccessTrace& trace) -> Status {
        kernel<<<grid, block>>>(src.get(), dst.get(), width, height, trace);
        WS_CUDA_TRY_LAUNCH(variant.name);
        return {};
    };
    std::vector<std::uint8_t> out(pixels);
    // The check copies the output back and compares every byte: a transpose
    // only moves bytes, so it must be exact.
    auto verify = [&]() -> Result<Verification> {
        WS_CUDA_TRY(cudaDeviceSynchronize());
        WS_CUDA_TRY(cudaMemcpy(out.data(), dst.get(), pixels, cudaMemcpyDeviceToHost));
        Verification v;
        v.checked = true;
        const std::size_t bad = firstTransposeMismatch(image, out, width, height);
        v.passed = bad == out.size();
        v.tolerance = 0;
        v.note = "exact: every byte of dst equals the byte of src it was moved from";
        if (!v.passed) {
            const std::size_t x = bad / height, y = bad % height;
            v.expected = "dst[" + std::to_string(bad) + "] = src(" + std::to_string(x) + ", " +
                         std::to_string(y) + ") = " + std::to_string(image[x + y * width]);
            v.actual = "dst[" + std::to_string(bad) + "] = " + std::to_string(out[bad]);
            v.absError = std::abs(int(out[bad]) - int(image[x + y * width]));
            v.note = "first mismatch at dst[" + std::to_string(bad) + "]";
        }
        // Clear the output, so the next launches cannot pass on old results.
        if (Status s = dst.fill(0); !s) return makeError(s.error());
        return v;
    };

    const MeasureSteps steps{
        .plain = [&] { return launchWith(variant.kernels.off, none); },
        .recorded =
            [&] { return launchWith(variant.kernels[storage.recording()], storage.trace()); },
        .verify = verify,
        .before = {},
    };
    MemoryRun result;
    // The launch record holds the dynamic shared memory the launch passes
    // (none: the tile is static, the cubin's own); the occupancy ceiling adds
    // the cubin's static bytes to it, so the tile must not be counted twice.
    Launch launch = makeLaunch(variant.name, grid, block, 0);
    TimedRuns times;
    if (Status s = measure(options.repetitions, options.measureOverhead, steps, storage, launch,
                           times, result.run.verification);
        !s)
        return makeError(s.error());
    fillRunHeader(result.run, "transpose-u8", settings.resolved, device);
    result.run.launches.push_back(std::move(launch));
    fillTiming(result.run.timing, times,
               2.0 * double(pixels));  // each byte read once, written once
    result.plainMs = std::move(times.plainMs);
    result.recordedMs = std::move(times.recordedMs);
    return result;
}

}  // namespace ws::memory
