// The memory lab of seed 001: image transposes (naive, shared tile, padded
// tile), the axis reductions, and a probe that measures bank conflicts, plus
// the float transpose ladder measured against a copy.
#include <string>

#include "core/catalog/catalog_block_param.h"
#include "core/catalog/catalog_entries.h"
#include "core/memory/bank_conflict_prediction.h"
#include "core/memory/memory_reference.h"

namespace ws {

std::vector<ExperimentSpec> memoryExperiments();

namespace {

// The bank conflicts the access model predicts, as the hardware counts
// them on loads and on stores (core/memory/bank_conflict_prediction.h).
std::map<std::string, double> predictedBankConflicts(const std::string& experiment,
                                                     const ParamValues& params) {
    const auto c = predictSharedConflicts(experiment, params);
    if (!c) return {};
    return {{"l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum", c->loads},
            {"l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum", c->stores}};
}

ParamSpec extentParam(const std::string& name, int defaultValue, const std::string& unit,
                      const std::string& help) {
    return {.name = name,
            .type = ParamType::Int,
            .min = 1,
            .max = 32768,
            .defaultValue = std::to_string(defaultValue),
            .unit = unit,
            .help = help,
            .logScale = true};
}

ParamSpec tracedBlocksParam() {
    return {.name = "traced_blocks",
            .type = ParamType::Int,
            .min = 0,
            .max = 8,
            .defaultValue = "2",
            .unit = "blocks",
            .help =
                "How many blocks record the addresses of their warps' shared and global "
                "accesses (block 0, the last block with its partial tile, and blocks "
                "between). Every block records its SM and start/end time regardless."};
}

ParamSpec reduceBlockParam(const std::string& defaultBlock, bool powerOfTwo,
                           const std::string& help) {
    return threadsPerBlockParam(defaultBlock, help,
                                {.min = powerOfTwo ? 64.0 : 32.0, .powerOfTwo = powerOfTwo});
}

const std::vector<std::string> kAccessRecords = {"blocks", "sharedAccesses", "globalAccesses"};

Status probeRules(const ParamValues& v) {
    auto p = bankProbePattern(
        std::uint32_t(paramInt(v, "stride")), std::uint32_t(std::stoul(paramChoice(v, "width"))),
        std::uint32_t(paramInt(v, "padding")), paramChoice(v, "tile"), paramChoice(v, "pattern"));
    if (!p) return makeError(p.error());
    return {};
}

}  // namespace

std::vector<ExperimentSpec> memoryExperiments() {
    std::vector<ExperimentSpec> list;
    list.push_back({
        .id = "transpose-u8",
        .title = "Transposing an 8-bit image",
        .group = "memory",
        .seed = "001, transpose: naive, Shared Memory 16x16, padding sbuf[16][16+4]",
        .summary = "Swapping x and y makes the reads coalesced but the writes land a whole "
                   "column apart. Staging a 16x16 tile in shared memory makes both sides "
                   "coalesced, but reading a column finds two rows of the tile in each bank; four "
                   "bytes of padding per row (one bank) spread them out.",
        .params = {extentParam("width", 1920, "pixels", "Image width (the seed's width)."),
                   extentParam("height", 1080, "pixels",
                               "Image height; 1080 is not a "
                               "multiple of 16, so the last row of "
                               "blocks holds partial tiles."),
                   {.name = "variant",
                    .type = ParamType::Choice,
                    .defaultValue = "padded",
                    .choices = {"naive", "shared", "padded"},
                    .help = "naive: dst[y + x * height] = src[x + y * width]. shared: "
                            "__shared__ uint8_t sbuf[16][16]. padded: sbuf[16][16 + 4]: "
                            "banks are 4 bytes wide, so 4 bytes move each row one bank on."},
                   tracedBlocksParam()},
        .records = kAccessRecords,
        .views = {"grid", "timeline", "banks", "coalescing", "image", "throughput"},
        .predictCounters =
            [](const ParamValues& p) { return predictedBankConflicts("transpose-u8", p); },
    });
    list.push_back({
        .id = "transpose-f32",
        .title = "Transposing a float matrix, up to copy speed",
        .group = "memory",
        .seed = "001, transpose (the same steps with 4-byte elements)",
        .summary = "A copy sets the bar. The naive transpose writes one sector per lane; a "
                   "32x32 shared tile coalesces both sides but reads a column from one bank; "
                   "+1 float of padding removes that; 64x64 tiles moved as float4 reach the "
                   "copy's bandwidth.",
        .params = {extentParam("width", 4096, "elements", "Matrix columns."),
                   extentParam("height", 4096, "elements", "Matrix rows."),
                   {.name = "variant",
                    .type = ParamType::Choice,
                    .defaultValue = "padded",
                    .choices = {"copy", "naive", "tiled", "padded", "best"},
                    .help = "copy: float4 grid-stride copy, the device's copy bandwidth. naive: "
                            "coalesced reads, strided writes. tiled: 32x32 shared tile. padded: "
                            "tile[32][32 + 1]. best: 64x64 tiles, float4 loads and stores, "
                            "padded and laid out so neither side conflicts."},
                   {.name = "rows_per_thread",
                    .type = ParamType::Choice,
                    .defaultValue = "4",
                    .choices = {"1", "2", "4", "8"},
                    .help = "For naive, tiled and padded: each thread moves this many rows of "
                            "its 32x32 tile (block 32 x 32/rows). More rows per thread keep more "
                            "loads in flight per thread.",
                    .usedWith = "variant=naive|tiled|padded"},
                   tracedBlocksParam()},
        .records = kAccessRecords,
        .views = {"grid", "timeline", "banks", "coalescing", "image", "throughput"},
        .predictCounters =
            [](const ParamValues& p) { return predictedBankConflicts("transpose-f32", p); },
    });
    list.push_back({
        .id = "reduce-columns",
        .title = "Summing each column (Y-axis reduction)",
        .group = "memory",
        .seed = "001, ReduceHKernelSimple",
        .summary = "One thread per column walks down the image. Neighbouring threads read "
                   "neighbouring bytes of each row, so every load is coalesced: the simple "
                   "kernel is already fast.",
        .params = {extentParam("width", 4096, "pixels", "Image width: one thread per column."),
                   extentParam("height", 4096, "pixels", "Image height: the loop length."),
                   reduceBlockParam("256", false, "Threads per block, whole warps."),
                   tracedBlocksParam()},
        .records = {"blocks", "globalAccesses"},
        .views = {"grid", "timeline", "coalescing", "image", "throughput"},
    });
    list.push_back({
        .id = "reduce-rows-atomic",
        .title = "Summing each row in 128-pixel chunks with atomicAdd",
        .group = "memory",
        .seed = "001, ReduceWKernelSimple",
        .summary = "One thread per row adds a 128-pixel chunk and atomically adds it to the "
                   "row's sum. Neighbouring threads read bytes a whole row apart: each lane "
                   "touches its own sector, so the reads are not coalesced.",
        .params = {extentParam("width", 4096, "pixels",
                               "Image width: split into 128-pixel "
                               "chunks, one per grid row."),
                   extentParam("height", 4096, "pixels", "Image height: one thread per row."),
                   reduceBlockParam("256", false, "Threads per block, whole warps."),
                   tracedBlocksParam()},
        .records = {"blocks", "globalAccesses"},
        .views = {"grid", "timeline", "coalescing", "image", "throughput"},
    });
    list.push_back({
        .id = "reduce-rows-block",
        .title = "Summing each row with one block per row",
        .group = "memory",
        .seed = "001, one 512-thread block per row + shared-memory reduction",
        .summary = "Each block strides along its row (coalesced), writes per-thread sums to "
                   "shared memory and reduces them with a tree, halving the active threads "
                   "each step.",
        .params = {extentParam("width", 4096, "pixels", "Image width."),
                   extentParam("height", 4096, "pixels", "Image height: one block per row."),
                   reduceBlockParam("512", true,
                                    "Threads per block (the seed uses 512). The tree halves "
                                    "the block each step, so it is a power of two."),
                   tracedBlocksParam()},
        .records = kAccessRecords,
        .views = {"grid", "timeline", "banks", "coalescing", "image", "throughput"},
    });
    list.push_back({
        .id = "bank-probe",
        .title = "Bank-conflict probe: one warp, one access pattern",
        .group = "memory",
        .seed = "001, padding: shared-memory banks are 4 bytes interleaved",
        .summary = "One warp reads (and writes) shared memory 1024 times with the chosen "
                   "pattern, each load depending on the one before, timed with clock64. The "
                   "measured cycles per access climb with the passes the bank analysis "
                   "predicts.",
        .params = {{.name = "stride",
                    .type = ParamType::Int,
                    .min = 0,
                    .max = 64,
                    .defaultValue = "32",
                    .unit = "elements",
                    .help = "Lane i accesses element i * stride, in elements of the chosen "
                            "width (words for 4-byte elements). 0: all lanes read one word, "
                            "a broadcast."},
                   {.name = "width",
                    .type = ParamType::Choice,
                    .defaultValue = "4",
                    .choices = {"1", "4", "8", "16"},
                    .help = "Bytes per access: uint8_t, float, float2/double, float4. 8- and "
                            "16-byte accesses are served in half- and quarter-warp phases."},
                   {.name = "padding",
                    .type = ParamType::Int,
                    .min = 0,
                    .max = 64,
                    .defaultValue = "0",
                    .unit = "bytes",
                    .help = "Bytes added to each row of the tile (4 for the seed's uint8 tile, "
                            "one float for a float tile)."},
                   {.name = "tile",
                    .type = ParamType::Choice,
                    .defaultValue = "none",
                    .choices = {"none", "8x8", "16x16", "32x32", "64x64"},
                    .help = "none: a flat array. RxC: a tile of R rows of C elements whose rows "
                            "are padded."},
                   {.name = "pattern",
                    .type = ParamType::Choice,
                    .defaultValue = "stride",
                    .choices = {"stride", "column"},
                    .help = "stride: element i * stride of the (padded) tile. column: the "
                            "transpose's read, lane (tx, ty) of a C-wide block reads "
                            "tile[tx][ty]."}},
        .records = {"blocks", "sharedAccesses"},
        .views = {"banks", "throughput"},
        .crossCheck = probeRules,
        .predictCounters =
            [](const ParamValues& p) { return predictedBankConflicts("bank-probe", p); },
    });
    return list;
}

}  // namespace ws
