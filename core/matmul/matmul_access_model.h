#pragma once
// The matrix multiply kernels' shared-memory reads as the memory lab's access
// model states them, so the bank view names each recorded instruction and
// predicts what another block_dim or variant would do before it runs.
#include <cstdint>

#include "core/access/warp_accesses.h"
#include "core/run/run.h"

namespace ws {

// Warp `warp`'s reads in the first k-steps of phase 0 (none for the kernels
// without shared tiles, the CPU variants and cuBLAS). `params` resolved.
ModelledWarp matmulWarpAccesses(const ParamValues& params, std::uint32_t warp);

}  // namespace ws
