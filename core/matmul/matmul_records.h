#pragma once
// The matrix multiply lab's records in a trace, and what they must mean.
//
// Launch table "phases", one row per k-phase of each traced block: block
// (u32, linear id), phase (u32), aRow, aCol, bRow, bCol (u32: the top-left
// element of the A and B tiles the block loaded), clock (i64: clock64 of
// thread 0 when the phase began). Run figures tileM, tileN, tileK, threads,
// threadM, threadN (and warpM, warpN, stages for the warp-tiled kernels) say
// how the run cut C, so a trace stays readable when the catalog's
// configuration changes. Run table "mismatches" and figures checkedEntries,
// wrongEntries: core/matmul/matmul_reference.h.
#include <cstdint>
#include <optional>
#include <vector>

#include "core/common/result.h"
#include "core/matmul/matmul_variants.h"
#include "core/run/run.h"

namespace ws {

struct MatmulRunShape {
    MatmulVariant variant = MatmulVariant::SeedTiled;
    std::uint32_t n = 0;
    std::uint32_t blockDim = 8;
    std::optional<MatmulTiling> tiling;  // none for the CPU variants and cuBLAS
};

// The variant, n and tiling of a matmul run (the figures it stores win over
// the catalog's current configuration); an error naming the parameter or
// figure that is missing or out of range.
Result<MatmulRunShape> matmulRunShape(const Run& run);
// The figures matmulRunShape reads back.
void storeMatmulTiling(Run& run, const MatmulTiling& tiling);

struct MatmulPhase {
    std::uint32_t block = 0, phase = 0;
    MatrixRect a, b;  // clipped to n, extents from the tiling
    std::int64_t clock = 0;
};

// The "phases" table's columns while they are filled (a launcher's slots, the
// model's phases), then stored as one table.
struct PhaseColumns {
    std::vector<std::uint32_t> block, phase, aRow, aCol, bRow, bCol;
    std::vector<std::int64_t> clock;
    void push(std::uint32_t b, std::uint32_t p, std::uint32_t ar, std::uint32_t ac,
              std::uint32_t br, std::uint32_t bc, std::int64_t c);
    void storeInto(std::vector<RecordTable>& tables);  // moves the columns out
};

// The "phases" table of a launch (empty when it has none), checked: types,
// block ids below the grid, phases below the phase count, tiles inside the
// matrices, clocks not going back within a block. Errors say which row.
Result<std::vector<MatmulPhase>> readMatmulPhases(const MatmulRunShape& shape,
                                                  const Launch& launch);

// Everything above for a whole run, and the mismatches table's rows inside C.
Status validateMatmulRun(const Run& run);

// The phases of one block, in phase order (pointers into `phases`).
std::vector<const MatmulPhase*> phasesOfBlock(const std::vector<MatmulPhase>& phases,
                                              std::uint32_t block);

}  // namespace ws
