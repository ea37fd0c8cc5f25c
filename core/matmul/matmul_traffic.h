#pragma once
// The matrix multiply kernels' memory accesses, computed on the CPU from
// their index arithmetic: the global loads of one block in one phase (how
// much each FLOP costs in loads and in 32-byte sectors: the reuse view and
// the roofline), and the shared-memory reads of one warp in the first
// k-steps of the inner loop, in the order the kernel makes them and with the
// byte offsets it records (the bank view shows them; the GPU tests hold the
// recorded ones to these).
#include <cstdint>
#include <string>
#include <vector>

#include "core/access/bank_conflicts.h"
#include "core/matmul/matmul_variants.h"

namespace ws {

struct MatmulTraffic {
    double flops = 0;         // of the block's phase
    double loadedFloats = 0;  // floats its threads load from global memory
    double sectors = 0;       // distinct 32-byte sectors per warp request, summed
    double floatsPerFlop() const { return flops > 0 ? loadedFloats / flops : 0; }
    double bytesPerFlop() const { return 4 * floatsPerFlop(); }
    double sectorBytesPerFlop() const { return flops > 0 ? 32 * sectors / flops : 0; }
    // FLOP per byte the kernel loads: the x of the roofline's modelled points.
    double intensity() const { return loadedFloats > 0 ? flops / (4 * loadedFloats) : 0; }
};

// Block 0 in phase 0 (one k-step for the untiled kernels), clipped to n.
// Zero for the CPU variants and cuBLAS.
MatmulTraffic matmulTraffic(MatmulVariant v, std::uint32_t blockDim, std::uint32_t n);
MatmulTraffic warptileTraffic(const WarptileConfig& c, std::uint32_t n);

struct MatmulSharedRead {
    std::string what;  // "As[k][row] float4 (A fragment 0)", ...
    WarpAccess access;
};

// Warp `warp`'s shared-memory reads in the first `kSteps` k-steps of phase 0
// of a block whose phase holds `depth` = min(tileK, n) k-steps: what the
// recording build times and stores as Launch::sharedAccesses.
std::vector<MatmulSharedRead> matmulSharedReads(MatmulVariant v, std::uint32_t blockDim,
                                                std::uint32_t warp, std::uint32_t kSteps,
                                                std::uint32_t depth);
std::vector<MatmulSharedRead> warptileSharedReads(const WarptileConfig& c, std::uint32_t warp,
                                                  std::uint32_t kSteps);

}  // namespace ws
