// The parallel reductions of seed 000/003 chapter 4 and the classic
// optimization ladder, as catalog entries.
#include "core/catalog/catalog_block_param.h"
#include "core/catalog/catalog_entries.h"

namespace ws {

namespace {

ParamSpec sizeParam(double defaultN, double maxN) {
    return {.name = "n",
            .type = ParamType::Int,
            .min = 1,
            .max = maxN,
            .defaultValue = std::to_string((long long)defaultN),
            .unit = "elements",
            .help = "Number of input elements.",
            .logScale = true};
}

ParamSpec blockParam(const std::string& defaultBlock, bool powerOfTwo) {
    return threadsPerBlockParam(defaultBlock,
                                powerOfTwo ? "Threads per block. The tree halves the block each "
                                             "step, so it must be a power of two."
                                           : "Threads per block, whole warps.",
                                {.powerOfTwo = powerOfTwo});
}

ParamSpec gridParam() {
    return {.name = "grid",
            .type = ParamType::Int,
            .min = 0,
            .max = 65535,
            .defaultValue = "0",
            .unit = "blocks",
            .help =
                "Blocks in the first launch; 0 means twice the number of SMs, as the "
                "seed recommends."};
}

ParamSpec typeParam() {
    return {.name = "type",
            .type = ParamType::Choice,
            .defaultValue = "int32",
            .choices = {"int32", "float"},
            .help =
                "Element type. int32 sums wrap modulo 2^32, so every order gives the "
                "same bits; float sums are checked against a rounding bound."};
}

ParamSpec operatorParam() {
    return {.name = "op",
            .type = ParamType::Choice,
            .defaultValue = "affine",
            .choices = {"add", "affine"},
            .help =
                "add: integer sum. affine: composition of maps x -> a*x + b modulo 97 "
                "(two-digit numbers, to follow by hand; the tree writes a map as a,b), which "
                "is associative but not commutative: a reduction that reorders operands "
                "gives a wrong result. No two neighbouring inputs commute, and the check "
                "composes a second input too, so a wrong order passes with probability "
                "at most about 1/97^2."};
}

ParamSpec tracedBlocksParam() {
    return {.name = "traced_blocks",
            .type = ParamType::Int,
            .min = 0,
            .max = 8,
            .defaultValue = "2",
            .unit = "blocks",
            .help =
                "How many blocks record every reduction step (values, active lanes, "
                "clock64). Every block records its SM and start/end time regardless."};
}

const std::vector<std::string> kBlockViews = {"grid", "timeline", "warps", "tree", "throughput"};

Status needsCommutativeOrInt(const ParamValues& v) {
    const auto& variant = paramChoice(v, "variant");
    const auto& op = paramChoice(v, "op");
    if (op == "affine" && (variant == "comm" || variant == "comm-compact"))
        return makeError("variant " + variant +
                         " reorders operands, so it needs a commutative operator (op=add)");
    if (op == "affine" && paramChoice(v, "type") == "float")
        return makeError("op=affine composes integer maps modulo 97; use type=int32");
    return {};
}

Status ladderRules(const ParamValues& v) {
    const auto& variant = paramChoice(v, "variant");
    const bool unrollsLastWarp =
        variant == "unroll-last-warp" || variant == "complete-unroll" || variant == "multi-element";
    if (unrollsLastWarp && paramInt(v, "block") < 64)
        return makeError("variant " + variant +
                         " unrolls the last warp, which reads sdata[tid + 32]; block must be "
                         ">= 64");
    return {};
}

}  // namespace

std::vector<ExperimentSpec> reductionExperiments() {
    std::vector<ExperimentSpec> list;
    list.push_back({
        .id = "reduce-single-block",
        .title = "One block sums an array (commutative)",
        .group = "reduction",
        .seed = "000/003 ch. 4, sumCommSingleBlock",
        .summary = "A single block strides over the array, then halves its shared array each "
                   "step (threads tid < size add r[tid + size]). Sequential addressing keeps "
                   "whole warps busy or idle.",
        .params = {sizeParam(10000, 1 << 24), blockParam("1024", true), typeParam(),
                   tracedBlocksParam()},
        .records = {"blocks", "steps"},
        .views = kBlockViews,
    });
    list.push_back({
        .id = "reduce-single-block-noncomm",
        .title = "One block reduces in order (non-commutative)",
        .group = "reduction",
        .seed = "000/003 ch. 4, sumNoncommSingleBlock",
        .summary = "Pairs neighbours 2*tid and 2*tid+1 while loading, then combines "
                   "shArr[2*s*tid] with shArr[2*s*tid + s]: operands never swap sides, so a "
                   "non-commutative operator such as matrix or affine-map products works.",
        .params = {sizeParam(10000, 1 << 24), blockParam("1024", true), operatorParam(),
                   tracedBlocksParam()},
        .records = {"blocks", "steps"},
        .views = kBlockViews,
    });
    list.push_back({
        .id = "reduce-multi-block",
        .title = "Many blocks, two launches (commutative)",
        .group = "reduction",
        .seed = "000/003 ch. 4, sumCommMultiBlock launched twice",
        .summary = "Each block reduces a grid-strided share to one partial; a second launch "
                   "of one block reduces the partials. The launch boundary is the grid-wide "
                   "barrier.",
        .params = {sizeParam(1 << 20, 1 << 28), blockParam("1024", true), gridParam(), typeParam(),
                   tracedBlocksParam()},
        .records = {"blocks", "steps"},
        .views = kBlockViews,
    });
    list.push_back({
        .id = "reduce-last-block",
        .title = "Many blocks, one launch, last-block guard",
        .group = "reduction",
        .seed = "000/003 ch. 3 lastBlock + ch. 4 sumCommMultiBlock",
        .summary = "Every block writes its partial, fences, and takes a ticket with atomicAdd; "
                   "the block that draws the last ticket merges all partials. Which block "
                   "that is changes from run to run.",
        .params = {sizeParam(1 << 20, 1 << 28), blockParam("1024", true), gridParam(), typeParam(),
                   tracedBlocksParam()},
        .records = {"blocks", "steps", "arrivals"},
        .views = kBlockViews,
    });
    list.push_back({
        .id = "reduce-multi-block-noncomm",
        .title = "Many blocks in order (non-commutative)",
        .group = "reduction",
        .seed = "000/003 ch. 4, sumNoncommMultiBlock",
        .summary = "Each block reduces one contiguous section in order; the last block to "
                   "arrive combines the partials in block order. (The seed's lastBlock "
                   "compares with the right bound, gridDim.x - 1.)",
        .params = {sizeParam(1 << 20, 1 << 28), blockParam("1024", true), gridParam(),
                   operatorParam(), tracedBlocksParam()},
        .records = {"blocks", "steps", "arrivals"},
        .views = kBlockViews,
    });
    list.push_back({
        .id = "reduce-warp",
        .title = "Warp-level reductions: volatile shared memory and shuffles",
        .group = "reduction",
        .seed = "000/003 ch. 4, sumCommSingleWarp, sumNoncommSingleWarp(Padded), "
                "sumSingleWarpReg",
        .summary = "One block: each thread folds a contiguous chunk, each warp reduces its 32 "
                   "values without __syncthreads (volatile shared memory or __shfl_down_sync), "
                   "then the first warp reduces the warp results.",
        .params = {sizeParam(1 << 16, 1 << 24),
                   blockParam("1024", false),
                   {.name = "variant",
                    .type = ParamType::Choice,
                    .defaultValue = "shuffle",
                    .choices = {"comm", "comm-compact", "noncomm", "noncomm-padded", "shuffle"},
                    .help = "comm: if (idx < 16..1) shArr[idx] += shArr[idx + k]. comm-compact: "
                            "lanes < 16 do all five adds. noncomm: if (idx % 2k == 0) "
                            "shArr[idx] += shArr[idx + k]. noncomm-padded: no conditions, "
                            "shArr[32..47] holds the identity. shuffle: registers only, "
                            "__shfl_down_sync."},
                   operatorParam(),
                   typeParam(),
                   tracedBlocksParam()},
        .records = {"blocks", "steps"},
        .views = kBlockViews,
        .crossCheck = needsCommutativeOrInt,
    });
    list.push_back({
        .id = "reduce-ladder",
        .title = "Optimizing a reduction, step by step",
        .group = "reduction",
        .seed = "000/003 ch. 4 (optimizations named there), Harris's ladder",
        .summary = "Seven classic steps from interleaved addressing with divergent branches to "
                   "many elements per thread, then a modern kernel (16-byte loads, grid-stride "
                   "loop, warp shuffles, one atomic per block) measured against CUB.",
        .params = {sizeParam(1 << 24, 1 << 28),
                   blockParam("256", true),
                   {.name = "variant",
                    .type = ParamType::Choice,
                    .defaultValue = "sequential",
                    .choices = {"interleaved-divergent", "interleaved-strided", "sequential",
                                "first-add", "unroll-last-warp", "complete-unroll", "multi-element",
                                "best", "cub"},
                    .help = "The rungs of the ladder; cub is cub::DeviceReduce::Sum, the vendor "
                            "library, for reference."},
                   {.name = "per_thread",
                    .type = ParamType::Int,
                    .min = 1,
                    .max = 4096,
                    .defaultValue = "32",
                    .unit = "elements",
                    .help = "Elements each thread adds while loading (multi-element); the best "
                            "variant sizes its grid-stride loop from it.",
                    .logScale = true},
                   typeParam(),
                   tracedBlocksParam()},
        .records = {"blocks", "steps"},
        .views = kBlockViews,
        .crossCheck = ladderRules,
    });
    return list;
}

}  // namespace ws
