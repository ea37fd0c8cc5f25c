#pragma once
// How a tensor-core variant's block tile splits among its warps or
// warpgroups and into tensor-core instructions per k-phase, and which
// elements of C each thread's accumulator registers hold: the kernels'
// layout facts (kernels/tensorcore/tensorcore_wgmma_layout.h and
// tensorcore_tma_layout.h, PTX ISA "Register Fragments") restated for the
// GUI, which links no kernel code. Qt-free, tested alone.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/matmul/matmul_variants.h"
#include "core/tensorcore/tensorcore_variants.h"

namespace ws {

struct TensorTileShape {
    std::string variant;
    std::uint32_t tileM = 0, tileN = 0, tileK = 0;  // the block tile and its k-phase
    // The units that multiply (warpgroups, or warps for wmma and mma-sync),
    // laid out unitRows x unitCols over the tile, each unitM x unitN of C.
    std::string unitName;
    std::uint32_t unitRows = 1, unitCols = 1, unitM = 0, unitN = 0, threadsPerUnit = 0;
    // One instruction: instrM x instrN of C from instrM x instrK of A and
    // instrK x instrN of B.
    std::string instruction;
    std::uint32_t instrM = 0, instrN = 0, instrK = 0;
    std::uint32_t accumulatorsPerThread = 0;
    bool producer = false;    // a producer warpgroup beside the consumers
    bool layoutKnown = true;  // false: the WMMA API hides its fragments' registers

    std::uint32_t units() const { return unitRows * unitCols; }
    std::uint32_t kSteps() const { return tileK / instrK; }  // instructions deep in a phase
    std::uint32_t instrRows() const { return unitM / instrM; }
    std::uint32_t instrCols() const { return unitN / instrN; }
    // Instructions one unit issues in a k-phase.
    std::uint32_t perPhase() const { return kSteps() * instrRows() * instrCols(); }
};

// Nothing for cuBLAS: its kernel is not ours.
std::optional<TensorTileShape> tensorTileShape(TensorCoreVariant v);

// Instruction `index` (0 .. perPhase - 1) of unit `unit` in a k-phase, k
// step outermost: what it covers of the phase's A (tileM x tileK), B
// (tileK x tileN) and the block's C (tileM x tileN).
struct TensorInstruction {
    std::uint32_t unit = 0, index = 0, kStep = 0;
    MatrixRect a, b, c;
};
TensorInstruction tensorInstruction(const TensorTileShape& s, std::uint32_t unit,
                                    std::uint32_t index);

struct TileCell {
    std::uint32_t row = 0, col = 0;
    bool operator==(const TileCell&) const = default;
};
// The elements of C (block-tile coordinates) that thread `thread` of the
// instruction's unit holds in its accumulators for that instruction, in
// register order; empty where the layout is not documented.
std::vector<TileCell> accumulatorCells(const TensorTileShape& s, const TensorInstruction& in,
                                       std::uint32_t thread);

}  // namespace ws
