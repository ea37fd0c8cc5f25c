// Float matrix transposes, from naive to copy speed, and the copy that sets
// the bar. in is `height` rows of `width` floats; out[x * height + y] = in[y * width + x].
#include <cuda_runtime.h>

#include <cstdint>
#include <cstring>

#include "core/catalog/catalog.h"
#include "core/memory/memory_reference.h"
#include "kernels/common/cuda_check.h"
#include "kernels/common/memory_launch.h"
#include "kernels/memory/memory_experiments.h"

namespace ws::memory {

namespace {

constexpr int kTile = 32;
constexpr int kBigTile = 64;

// The device's copy bandwidth: 16-byte loads and stores, grid-stride loop.
// The loop bound is the same for the whole block, so traced warps stay converged.
template <Recording kRec>
__global__ void copyFloat4(const float* in, float* out, std::size_t n,
                           __grid_constant__ const AccessTrace trace) {
    BlockScope<kRec> block(trace);
    Tracer<kRec> t(trace);
    const std::size_t n4 = n / 4, stride = std::size_t(gridDim.x) * blockDim.x;
    const auto* in4 = reinterpret_cast<const float4*>(in);
    auto* out4 = reinterpret_cast<float4*>(out);
    for (std::size_t base = std::size_t(blockIdx.x) * blockDim.x; base < n4; base += stride) {
        const std::size_t i = base + threadIdx.x;
        const bool inside = i < n4;
        const float4 v = t.loadGlobal(&in4[i], in, inside, make_float4(0, 0, 0, 0));
        t.storeGlobal(&out4[i], v, out, inside);
    }
    // The last n % 4 floats, by the first threads of block 0.
    const std::size_t tail = n4 * 4 + threadIdx.x;
    if (blockIdx.x == 0 && tail < n) out[tail] = in[tail];
    block.finish();
}

// Reads coalesced, writes `height` floats apart: every lane of a store
// touches its own 32-byte sector.
template <Recording kRec, int kRows>
__global__ void transposeNaive(const float* in, float* out, int width, int height,
                               __grid_constant__ const AccessTrace trace) {
    BlockScope<kRec, BlockStart::AfterFirstLoad> block(trace);
    Tracer<kRec> t(trace);
    constexpr int kStep = kTile / kRows;
    const int x = blockIdx.x * kTile + threadIdx.x;
#pragma unroll
    for (int j = 0; j < kRows; ++j) {
        const int y = blockIdx.y * kTile + threadIdx.y + j * kStep;
        const bool inside = x < width && y < height;
        const float v = t.loadGlobal(&in[std::size_t(y) * width + x], in, inside, 0.0f);
        if (j == 0) block.started();
        t.storeGlobal(&out[std::size_t(x) * height + y], v, out, inside);
    }
    block.finish();
}

// Through a 32x32 tile: rows in, columns out, both sides coalesced. Without
// padding (kPad = 0) a column of the tile is 32 words 128 bytes apart, all in
// one bank: 32 passes per read. kPad = 1 makes the row pitch 33 words; 33 and
// 32 share no factor, so lane i's word i * 33 lands in bank i: one pass.
//
// With one row per thread a block is 1024 threads; its record stores the
// start at once (BlockStart, kernels/common/memory_trace.h, says what each way cost).
template <Recording kRec, int kRows, int kPad>
__global__ void transposeTiled(const float* in, float* out, int width, int height,
                               __grid_constant__ const AccessTrace trace) {
    constexpr BlockStart kStart =
        kRows == 1 ? BlockStart::StoredAfterFirstLoad : BlockStart::AfterFirstLoad;
    BlockScope<kRec, kStart> block(trace);
    Tracer<kRec> t(trace);
    constexpr int kStep = kTile / kRows;
    __shared__ float tile[kTile][kTile + kPad];
    const int tx = threadIdx.x, ty = threadIdx.y;
    {
        const int x = blockIdx.x * kTile + tx;
#pragma unroll
        for (int j = 0; j < kRows; ++j) {
            const int y = blockIdx.y * kTile + ty + j * kStep;
            const bool inside = x < width && y < height;
            const float v = t.loadGlobal(&in[std::size_t(y) * width + x], in, inside, 0.0f);
            if (j == 0) block.started();
            t.storeShared(&tile[ty + j * kStep][tx], v, tile, inside);
        }
    }
    __syncthreads();
    {
        const int x = blockIdx.y * kTile + tx;  // out column = in row
#pragma unroll
        for (int j = 0; j < kRows; ++j) {
            const int y = blockIdx.x * kTile + ty + j * kStep;  // out row = in column
            const bool inside = x < height && y < width;
            const float v = t.loadShared(&tile[tx][ty + j * kStep], tile, inside, 0.0f);
            t.storeGlobal(&out[std::size_t(y) * height + x], v, out, inside);
        }
    }
    block.finish();
}

// 64x64 tiles, block 8x32: each thread moves four float4 in and four out, so
// a block has 16 KB in flight and the memory system stays busy. The tile is
// padded to 65 floats and the threads are laid out so that both shared-memory
// sides are conflict-free: a warp is 8 float4 columns (tx) x 4 rows (ty);
// storing element k of its float4 it writes word row * 65 + 4 tx + k, bank
// (row + 4 tx + k) % 32, which the 4 rows and 8 columns make all different;
// reading column ty of rows 4 tx + k it hits bank (4 tx + k + ty) % 32, again
// all different. float4 needs 16-byte aligned rows: with a width (height) that
// is not a multiple of 4 the kernel falls back to scalar loads (stores).
template <Recording kRec>
__global__ void transposeBest(const float* in, float* out, int width, int height,
                              __grid_constant__ const AccessTrace trace) {
    BlockScope<kRec, BlockStart::AfterFirstLoad> block(trace);
    Tracer<kRec> t(trace);
    __shared__ float tile[kBigTile][kBigTile + 1];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int bx = blockIdx.x * kBigTile, by = blockIdx.y * kBigTile;
    const bool vectorIn = width % 4 == 0, vectorOut = height % 4 == 0;
#pragma unroll
    for (int r = 0; r < 2; ++r)
#pragma unroll
        for (int c = 0; c < 2; ++c) {
            const int row = ty + 32 * r, col = 4 * (tx + 8 * c);
            const int y = by + row, x = bx + col;
            const std::size_t at = std::size_t(y) * width + x;
            if (vectorIn) {
                const bool inside = y < height && x < width;
                const float4 v = t.loadGlobal(reinterpret_cast<const float4*>(in + at), in, inside,
                                              make_float4(0, 0, 0, 0));
                if (r == 0 && c == 0) block.started();
                t.storeShared(&tile[row][col + 0], v.x, tile, inside);
                t.storeShared(&tile[row][col + 1], v.y, tile, inside);
                t.storeShared(&tile[row][col + 2], v.z, tile, inside);
                t.storeShared(&tile[row][col + 3], v.w, tile, inside);
            } else {
#pragma unroll
                for (int k = 0; k < 4; ++k) {
                    const bool inside = y < height && x + k < width;
                    const float v = t.loadGlobal(in + at + k, in, inside, 0.0f);
                    if (r == 0 && c == 0 && k == 0) block.started();
                    t.storeShared(&tile[row][col + k], v, tile, inside);
                }
            }
        }
    __syncthreads();
#pragma unroll
    for (int r = 0; r < 2; ++r)
#pragma unroll
        for (int c = 0; c < 2; ++c) {
            const int row = ty + 32 * r;       // out row bx + row = in column
            const int col = 4 * (tx + 8 * c);  // out columns by + col .. + 3 = in rows
            const int y = bx + row, x = by + col;
            const std::size_t at = std::size_t(y) * height + x;
            if (vectorOut) {
                const bool inside = y < width && x < height;
                float4 v;
                v.x = t.loadShared(&tile[col + 0][row], tile, inside, 0.0f);
                v.y = t.loadShared(&tile[col + 1][row], tile, inside, 0.0f);
                v.z = t.loadShared(&tile[col + 2][row], tile, inside, 0.0f);
                v.w = t.loadShared(&tile[col + 3][row], tile, inside, 0.0f);
                t.storeGlobal(reinterpret_cast<float4*>(out + at), v, out, inside);
            } else {
#pragma unroll
                for (int k = 0; k < 4; ++k) {
                    const bool inside = y < width && x + k < height;
                    const float v = t.loadShared(&tile[col + k][row], tile, inside, 0.0f);
                    t.storeGlobal(out + at + k, v, out, inside);
                }
            }
        }
    block.finish();
}

using Kernel = void (*)(const float*, float*, int, int, AccessTrace);

struct Variant {
    std::string name;
    KernelBuilds<Kernel> kernels;
    dim3 grid, block;
    std::uint32_t sharedBytes = 0;
};

template <int kRows>
Variant tiledVariant(TransposeVariant variant, int width, int height) {
    Variant v;
    v.block = dim3(kTile, kTile / kRows);
    v.grid = dim3((width + kTile - 1) / kTile, (height + kTile - 1) / kTile);
    const std::string rows = " (" + std::to_string(kRows) + " rows per thread)";
    if (variant == TransposeVariant::Naive) {
        v.name = "transposeNaive" + rows;
        v.kernels = {transposeNaive<Recording::Off, kRows>,
                     transposeNaive<Recording::Blocks, kRows>,
                     transposeNaive<Recording::Accesses, kRows>};
    } else if (variant == TransposeVariant::Tiled) {
        v.name = "transposeTiled tile[32][32]" + rows;
        v.kernels = {transposeTiled<Recording::Off, kRows, 0>,
                     transposeTiled<Recording::Blocks, kRows, 0>,
                     transposeTiled<Recording::Accesses, kRows, 0>};
        v.sharedBytes = kTile * kTile * 4;
    } else {
        v.name = "transposeTiled tile[32][32 + 1]" + rows;
        v.kernels = {transposeTiled<Recording::Off, kRows, 1>,
                     transposeTiled<Recording::Blocks, kRows, 1>,
                     transposeTiled<Recording::Accesses, kRows, 1>};
        v.sharedBytes = kTile * (kTile + 1) * 4;
    }
    return v;
}

Variant variantOf(TransposeVariant variant, int rows, int width, int height) {
    if (variant == TransposeVariant::Best) {
        Variant v;
        v.name = "transposeBest (64x64 tiles, float4)";
        v.kernels = {transposeBest<Recording::Off>, transposeBest<Recording::Blocks>,
                     transposeBest<Recording::Accesses>};
        v.block = dim3(8, 32);
        v.grid = dim3((width + kBigTile - 1) / kBigTile, (height + kBigTile - 1) / kBigTile);
        v.sharedBytes = kBigTile * (kBigTile + 1) * 4;
        return v;
    }
    switch (rows) {
        case 1:
            return tiledVariant<1>(variant, width, height);
        case 2:
            return tiledVariant<2>(variant, width, height);
        case 8:
            return tiledVariant<8>(variant, width, height);
        default:
            return tiledVariant<4>(variant, width, height);
    }
}

}  // namespace

Result<MemoryRun> runTransposeF32(const MemorySettings& settings, const RunOptions& options,
                                  const DeviceInfo& device) {
    const int width = int(settings.width), height = int(settings.height);
    const TransposeVariant variantName = settings.variant;
    const int rows = int(settings.rowsPerThread);
    const bool copy = variantName == TransposeVariant::Copy;
    const std::size_t n = std::size_t(width) * height;

    Variant variant;
    if (copy) {
        variant.name = "copyFloat4";
        variant.block = dim3(256);
        // Enough blocks to fill every SM several times over; the loop does the rest.
        const std::size_t blocks = (n / 4 + 255) / 256;
        const std::size_t cap = std::size_t(std::max(device.smCount, 1)) * 16;
        variant.grid = dim3(unsigned(std::max<std::size_t>(1, std::min(blocks, cap))));
    } else {
        variant = variantOf(variantName, rows, width, height);
    }
    if (Status s =
            checkShape(device, variant.name, variant.grid, variant.block, variant.sharedBytes);
        !s)
        return makeError(s.error());

    const std::uint32_t threads = variant.block.x * variant.block.y;
    TraceStorage::Shape shape{
        .blocks = std::uint64_t(variant.grid.x) * variant.grid.y,
        .warpsPerBlock = (threads + 31) / 32,
        .tracedBlocks = settings.tracedBlocks,
        .maxShared = copy || variantName == TransposeVariant::Naive ? 0u : 64u,
        .maxGlobal = 64,
        .blockSlots = true};
    if (Status s = checkFreeMemory(
            "a " + std::to_string(width) + "x" + std::to_string(height) + " float matrix",
            2 * n * sizeof(float) + TraceStorage::deviceBytes(shape));
        !s)
        return makeError(s.error());

    const std::vector<float> matrix = makeMatrixF32(width, height, options.seed);
    DeviceBuffer<float> in, out;
    if (Status s = in.allocate(n); !s) return makeError(s.error());
    if (Status s = out.allocate(n); !s) return makeError(s.error());
    WS_CUDA_TRY(cudaMemcpy(in.get(), matrix.data(), n * sizeof(float), cudaMemcpyHostToDevice));
    TraceStorage storage;
    if (Status s = storage.allocate(shape); !s) return makeError(s.error());

    const AccessTrace none{};
    using CopyKernel = void (*)(const float*, float*, std::size_t, AccessTrace);
    const KernelBuilds<CopyKernel> copies{copyFloat4<Recording::Off>, copyFloat4<Recording::Blocks>,
                                          copyFloat4<Recording::Accesses>};
    auto launchWith = [&](Recording level) -> Status {
        const AccessTrace& trace = level == Recording::Off ? none : storage.trace();
        if (copy) {
            copies[level]<<<variant.grid, variant.block>>>(in.get(), out.get(), n, trace);
        } else {
            variant.kernels[level]<<<variant.grid, variant.block>>>(in.get(), out.get(), width,
                                                                    height, trace);
        }
        WS_CUDA_TRY_LAUNCH(variant.name);
        return {};
    };

    std::vector<float> result(n);
    auto verify = [&]() -> Result<Verification> {
        WS_CUDA_TRY(cudaDeviceSynchronize());
        WS_CUDA_TRY(
            cudaMemcpy(result.data(), out.get(), n * sizeof(float), cudaMemcpyDeviceToHost));
        Verification v;
        v.checked = true;
        v.tolerance = 0;
        std::size_t bad = n;
        if (copy) {
            for (std::size_t i = 0; i < n && bad == n; ++i)
                if (std::memcmp(&result[i], &matrix[i], sizeof(float)) != 0) bad = i;
            v.note = "exact: the copy equals the input bit for bit";
        } else {
            bad = firstTransposeMismatch(matrix, result, width, height);
            v.note = "exact: every float of out has the bits of the element it was moved from";
        }
        v.passed = bad == n;
        if (!v.passed) {
            const std::size_t from = copy ? bad : (bad % height) * width + bad / height;
            v.expected = "out[" + std::to_string(bad) + "] = " + std::to_string(matrix[from]);
            v.actual = "out[" + std::to_string(bad) + "] = " + std::to_string(result[bad]);
            v.absError = std::abs(double(result[bad]) - double(matrix[from]));
            v.note = "first mismatch at out[" + std::to_string(bad) + "]";
        }
        if (Status s = out.fill(0); !s) return makeError(s.error());
        return v;
    };

    const MeasureSteps steps{
        .plain = [&] { return launchWith(Recording::Off); },
        .recorded = [&] { return launchWith(storage.recording()); },
        .verify = verify,
        .before = {},
    };
    MemoryRun run;
    // The launch record holds the dynamic shared memory the launch passes
    // (none: the tile is static, the cubin's own); the occupancy ceiling adds
    // the cubin's static bytes to it, so the tile must not be counted twice.
    Launch launch = makeLaunch(variant.name, variant.grid, variant.block, 0);
    TimedRuns times;
    if (Status s = measure(options.repetitions, options.measureOverhead, steps, storage, launch,
                           times, run.run.verification);
        !s)
        return makeError(s.error());
    fillRunHeader(run.run, "transpose-f32", settings.resolved, device);
    run.run.launches.push_back(std::move(launch));
    // Every float is read once and written once.
    fillTiming(run.run.timing, times, 2.0 * double(n) * sizeof(float));
    run.plainMs = std::move(times.plainMs);
    run.recordedMs = std::move(times.recordedMs);
    return run;
}

}  // namespace ws::memory
