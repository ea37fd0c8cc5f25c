#pragma once
// The accesses the memory-lab kernels make, computed on the CPU from their
// index arithmetic for one warp of one block: the first shared- and
// global-memory instructions of each kernel with the addresses every lane
// uses. The views compare variants with it (the naive transpose's writes
// against the tiled one's) and show what a run would record where it has no
// record; tests and documentation build runs from it. The types a modelled
// warp is made of are in core/access/warp_accesses.h, shared with the
// matrix multiply lab.
#include <cstdint>
#include <string>

#include "core/access/warp_accesses.h"
#include "core/memory/memory_settings.h"
#include "core/run/run.h"

namespace ws {

// Known experiments: transpose-u8, transpose-f32 (naive, tiled, padded),
// reduce-columns, reduce-rows-atomic, reduce-rows-block, bank-probe, and
// matmul's shared-memory reads (core/matmul/matmul_access_model.h). Missing
// parameters take the catalog defaults; unknown experiments give nothing.
ModelledWarp modelWarpAccesses(const std::string& experiment, const ParamValues& params,
                               std::uint32_t linearBlock = 0, std::uint32_t warp = 0);
// The same for a memory-lab run's settings, parsed once by the caller.
ModelledWarp modelWarpAccesses(const MemorySettings& settings, std::uint32_t linearBlock = 0,
                               std::uint32_t warp = 0);

// The grid and block the launchers use for the transposes and axis
// reductions (one warp for the probe).
struct LaunchShape {
    Dim3 grid, block;
};
LaunchShape modelledLaunchShape(const MemorySettings& settings);

// A run as the kernels would record it with block records laid out in waves,
// the traced blocks' warps' accesses from the model, and `kernelMs` as the
// measured time. For tests and documentation images: no GPU involved.
Run modelledMemoryRun(const std::string& experiment, const ParamValues& params, double kernelMs);

}  // namespace ws
