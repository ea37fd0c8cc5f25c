#include "widgets/tensorcore/tensor_tile_shape.h"

namespace ws {

std::optional<TensorTileShape> tensorTileShape(TensorCoreVariant v) {
    const auto tiling = tensorCoreTiling(v);
    if (!tiling) return std::nullopt;
    TensorTileShape s;
    s.variant = tensorCoreVariantInfo(v).id;
    s.tileM = tiling->tileM;
    s.tileN = tiling->tileN;
    s.tileK = tiling->tileK;
    s.instrK = 16;
    switch (v) {
        case TensorCoreVariant::Wmma:
        case TensorCoreVariant::MmaSync:
            // 8 warps of 64 x 32: two down, four across.
            s.unitName = "warp";
            s.unitRows = 2;
            s.unitCols = 4;
            s.unitM = 64;
            s.unitN = 32;
            s.threadsPerUnit = 32;
            if (v == TensorCoreVariant::Wmma) {
                s.instruction = "wmma::mma_sync 16x16x16";
                s.instrM = s.instrN = 16;
                s.layoutKnown = false;
            } else {
                s.instruction = "mma.sync m16n8k16";
                s.instrM = 16;
                s.instrN = 8;
            }
            break;
        default:
            // Two consumer warpgroups of 64 rows by the whole tile's width,
            // one wgmma covering a warpgroup's 64 x N each k16 step.
            s.unitName = "warpgroup";
            s.unitRows = 2;
            s.unitCols = 1;
            s.unitM = 64;
            s.unitN = s.tileN;
            s.threadsPerUnit = 128;
            s.instrM = 64;
            s.instrN = s.tileN;
            s.instruction = "wgmma.mma_async m64n" + std::to_string(s.tileN) + "k16";
            s.producer = tiling->block.x > 256;
            break;
    }
    s.accumulatorsPerThread = s.unitM * s.unitN / s.threadsPerUnit;
    return s;
}

TensorInstruction tensorInstruction(const TensorTileShape& s, std::uint32_t unit,
                                    std::uint32_t index) {
    TensorInstruction in;
    in.unit = unit;
    in.index = index;
    const std::uint32_t perK = s.instrRows() * s.instrCols();
    in.kStep = index / perK;
    const std::uint32_t within = index % perK;
    const std::uint32_t row = (unit / s.unitCols) * s.unitM + (within / s.instrCols()) * s.instrM;
    const std::uint32_t col = (unit % s.unitCols) * s.unitN + (within % s.instrCols()) * s.instrN;
    in.a = {row, in.kStep * s.instrK, s.instrM, s.instrK};
    in.b = {in.kStep * s.instrK, col, s.instrK, s.instrN};
    in.c = {row, col, s.instrM, s.instrN};
    return in;
}

std::vector<TileCell> accumulatorCells(const TensorTileShape& s, const TensorInstruction& in,
                                       std::uint32_t thread) {
    std::vector<TileCell> cells;
    if (!s.layoutKnown || thread >= s.threadsPerUnit) return cells;
    // The D fragment of m16n8 (and of m64nN, built from it): warp w of the
    // instruction's rows owns rows 16 w .. 16 w + 15; lane l holds rows l / 4
    // and l / 4 + 8 of them, columns 2 (l % 4) and the next of every 8.
    const std::uint32_t warp = thread / 32, lane = thread % 32;
    const std::uint32_t perInstruction = s.instrM * s.instrN / s.threadsPerUnit;
    for (std::uint32_t v = 0; v < perInstruction; ++v)
        cells.push_back({in.c.row + warp * 16 + lane / 4 + 8 * ((v / 2) % 2),
                         in.c.col + 8 * (v / 4) + 2 * (lane % 4) + v % 2});
    return cells;
}

}  // namespace ws
