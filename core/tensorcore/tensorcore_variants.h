#pragma once
// The tensor-core product's variants (catalog id matmul-tc): C = A x B for
// square n x n row-major BF16 matrices, accumulated in FP32, written as
// FP32 or BF16. A ladder on Hopper from the portable WMMA API to cuBLAS's
// speed, one idea a rung; the catalog's choice list follows the table
// below, in ladder order.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/common/result.h"
#include "core/matmul/matmul_variants.h"

namespace ws {

// The catalog id of the tensor-core product, for every place that asks.
inline constexpr const char* kTensorCoreExperiment = "matmul-tc";

enum class TensorCoreVariant {
    Wmma,             // nvcuda::wmma 16x16x16 BF16 fragments from padded shared tiles
    MmaSync,          // mma.sync m16n8k16 from ldmatrix on swizzled tiles, cp.async pipeline
    Wgmma,            // wgmma.mma_async m64n128k16 from shared-memory descriptors (sm_90a)
    WgmmaTma,         // TMA loads into a 4-stage mbarrier ring, m64n256k16, 128 x 256 tiles
    WarpSpecialized,  // + a producer warpgroup, setmaxnreg to the two consumers
    Persistent,       // + one block per SM walking the tiles in grouped order
    Clusters,         // + 2-block clusters sharing B through TMA multicast
    Cublas,           // cublasGemmEx, BF16 in, FP32 compute, the library's tensor-core kernel
};

struct TensorCoreVariantInfo {
    TensorCoreVariant variant;
    const char* id;    // catalog value: "wmma", "mma-sync", ..., "clusters", "cublas"
    const char* idea;  // the one idea this step adds
    bool ownKernel = true;
    bool sm90a = false;  // built for sm_90a: runs on compute capability 9.0 only
};

const std::vector<TensorCoreVariantInfo>& tensorCoreVariants();
const TensorCoreVariantInfo& tensorCoreVariantInfo(TensorCoreVariant v);
std::optional<TensorCoreVariant> parseTensorCoreVariant(std::string_view id);

enum class TensorCoreOutput { F32, Bf16 };
std::optional<TensorCoreOutput> parseTensorCoreOutput(std::string_view id);  // "f32", "bf16"
const char* tensorCoreOutputId(TensorCoreOutput o);
inline std::uint32_t outputBytes(TensorCoreOutput o) { return o == TensorCoreOutput::F32 ? 4 : 2; }

// n from 512 to 8192, a multiple of 8: the kernels move 8 BF16 values (16
// bytes) at a time, and a row of A or B starts on a 16-byte boundary only
// when n is a multiple of 8. Tiles need no more: partial tiles at the edges
// are loaded as zeros and stored in part.
inline constexpr std::uint32_t kTensorCoreMinN = 512;
inline constexpr std::uint32_t kTensorCoreMaxN = 8192;
inline constexpr std::uint32_t kTensorCoreNMultiple = 8;
// Why the kernels cannot take this n, in words; nothing when they can.
Status tensorCoreSizeCheck(std::uint32_t n);

// wmma and mma-sync: 128 x 128 tiles of C, k-phases of 32, 8 warps of 64 x 32;
// wmma's A and B tiles padded by 8 BF16 a row, mma-sync's unpadded in three
// stages. The kernels hold their constants to these at compile time.
inline constexpr std::uint32_t kTensorCoreTileM = 128, kTensorCoreTileN = 128;
inline constexpr std::uint32_t kTensorCoreTileK = 32, kTensorCoreThreads = 256;
inline constexpr std::uint32_t kWmmaSharedBytes =
    (kTensorCoreTileM * (kTensorCoreTileK + 8) + kTensorCoreTileK * (kTensorCoreTileN + 8)) * 2;
inline constexpr std::uint32_t kMmaSyncStages = 3;
inline constexpr std::uint32_t kMmaSyncSharedBytes =
    kMmaSyncStages * (kTensorCoreTileM * kTensorCoreTileK + kTensorCoreTileK * kTensorCoreTileN) *
    2;
// wgmma: the same 128 x 128 tiles and 256 threads (two warpgroups of 64 x
// 128), k-phases of 64 (one 128-byte swizzle row of A), three stages of
// 32 KiB plus 1 KiB to align them on the swizzle's 1024-byte pattern. Its
// code is sm_90a, which runs on compute capability 9.0 alone.
inline constexpr std::uint32_t kWgmmaTileK = 64;
inline constexpr std::uint32_t kWgmmaStages = 3;
inline constexpr std::uint32_t kWgmmaSharedBytes =
    kWgmmaStages * (kTensorCoreTileM * kWgmmaTileK + kWgmmaTileK * kTensorCoreTileN) * 2 + 1024;
// The TMA rungs: 128 x 256 tiles, k-phases of 64, two consumer warpgroups
// (plus a producer warpgroup from warp-specialized on), four stages of
// 48 KiB, 2 KiB for each of the eight consumer warps to stage C through,
// and 1 KiB to align them (kernels/tensorcore/tensorcore_tma_layout.h).
inline constexpr std::uint32_t kTmaTileN = 256;
inline constexpr std::uint32_t kTmaStages = 4;
inline constexpr std::uint32_t kTmaSharedBytes =
    kTmaStages * (kTensorCoreTileM * kWgmmaTileK + kWgmmaTileK * kTmaTileN) * 2 + 8 * 2048 + 1024;
// Why a variant built for sm_90a cannot run on a device of this compute
// capability, in one sentence; nothing on 9.0 or for other variants.
Status wgmmaDeviceCheck(TensorCoreVariant v, int ccMajor, int ccMinor,
                        const std::string& deviceName);

// Dense BF16 tensor-core FLOPs per clock per SM with FP32 accumulation
// (vendor datasheets: 2048 on 8.0, 4096 on 9.0, 8192 on 10.0), 0 where
// not known; and the peak: SMs x that x the SM clock, in GFLOP/s (on an
// H100 at 1830 MHz, 989 TFLOP/s, the datasheet's figure).
int bf16TensorFlopsPerClockPerSm(int ccMajor, int ccMinor);
double bf16TensorPeakGflops(const DeviceInfo& device);

// How the variant's kernel cuts C (MatmulTiling's fields: block tile, k per
// phase, threads, entries per thread, shared bytes); nullopt for cuBLAS.
std::optional<MatmulTiling> tensorCoreTiling(TensorCoreVariant v);

}  // namespace ws
