// The concurrency lab of seed 004's last chapters: streams overlapping copies
// with kernels (and the dot product driven from several host threads), kernels
// launching kernels (dynamic parallelism), and unified memory migrating pages.
#include <string>

#include "core/catalog/catalog_block_param.h"
#include "core/catalog/catalog_entries.h"
#include "core/concurrency/concurrency_plans.h"

namespace ws {

std::vector<ExperimentSpec> concurrencyExperiments();

namespace {

ParamSpec elementsParam(long long defaultN, long long maxN, const std::string& help) {
    return {.name = "n",
            .type = ParamType::Int,
            .min = 1,
            .max = double(maxN),
            .defaultValue = std::to_string(defaultN),
            .unit = "elements",
            .help = help,
            .logScale = true};
}

ParamSpec blockParam(const std::string& help) {
    return threadsPerBlockParam("256", help, {.powerOfTwo = true, .wholeWarps = false});
}

Status streamsRules(const ParamValues& v) {
    auto plan = planStreams(v);
    if (!plan) return makeError(plan.error());
    return {};
}

Status dynamicRules(const ParamValues& v) {
    if (paramChoice(v, "pattern") == "parent-child") {
        if (paramInt(v, "parent_blocks") > paramInt(v, "n"))
            return makeError("parent_blocks=" + std::to_string(paramInt(v, "parent_blocks")) +
                             " is more than the n=" + std::to_string(paramInt(v, "n")) +
                             " elements they share");
        return {};
    }
    auto plan =
        planRecursiveReduction(std::uint64_t(paramInt(v, "n")), std::uint32_t(paramInt(v, "block")),
                               std::uint32_t(paramInt(v, "max_depth")));
    if (!plan) return makeError(plan.error());
    return {};
}

Status unifiedRules(const ParamValues& v) {
    if (paramChoice(v, "pattern") == "managed-variable" &&
        paramInt(v, "n") > std::int64_t(kManagedVariableElements))
        return makeError("pattern=managed-variable writes a __managed__ array of " +
                         std::to_string(kManagedVariableElements) +
                         " floats, n=" + std::to_string(paramInt(v, "n")) + " does not fit in it");
    return {};
}

ExperimentSpec streamsSpec() {
    return {
        .id = "streams",
        .title = "Streams: copies hiding behind kernels",
        .group = "concurrency",
        .seed =
            "004, Transferts mémoire asynchrones, Grilles de calcul asynchrones, produit "
            "scalaire (dot_async)",
        .summary =
            "N chunks are each copied in with cudaMemcpyAsync, processed and copied out. In "
            "one stream everything waits for everything; in several streams the copy engines "
            "move one chunk while the SMs process another, if the host memory is pinned "
            "(cudaMallocHost). The dot product mode splits the seed's dot product over streams "
            "driven by one std::async thread each. Every operation's time comes from CUPTI.",
        .params = {{.name = "mode",
                    .type = ParamType::Choice,
                    .defaultValue = "pipeline",
                    .choices = {"pipeline", "dot"},
                    .help = "pipeline: chunks copied in, processed by a kernel and copied out, "
                            "chunk k in stream k mod streams. dot: the seed's dot product, the "
                            "vectors split over the streams, one host thread (std::async) per "
                            "stream, the partial sums added on the host."},
                   elementsParam(1 << 24, 1 << 28, "Floats in all (each vector in dot mode)."),
                   {.name = "chunks",
                    .type = ParamType::Int,
                    .min = 1,
                    .max = 256,
                    .defaultValue = "16",
                    .unit = "chunks",
                    .help = "Pieces the data is cut into (pipeline mode).",
                    .logScale = true,
                    .usedWith = "mode=pipeline"},
                   {.name = "streams",
                    .type = ParamType::Int,
                    .min = 1,
                    .max = 8,
                    .defaultValue = "4",
                    .unit = "streams",
                    .help = "CUDA streams (cudaStreamCreate). 1 is the serial reference: each run "
                            "also times one stream for comparison."},
                   {.name = "host_memory",
                    .type = ParamType::Choice,
                    .defaultValue = "pinned",
                    .choices = {"pinned", "pageable"},
                    .help = "pinned: cudaMallocHost, the copy engines read it directly, copies run "
                            "asynchronously. pageable: new float[], the driver stages each copy "
                            "through a buffer of its own and the copy does not overlap."},
                   {.name = "kernel_work",
                    .type = ParamType::Int,
                    .min = 0,
                    .max = 65536,
                    .defaultValue = "0",
                    .unit = "FMAs",
                    .help = "Dependent multiply-adds per element in the chunk kernel. 0: chosen at "
                            "run time so that a chunk's kernel takes about as long as its copy in "
                            "(the overlap is then easiest to see).",
                    .logScale = true},
                   blockParam("Threads per block of the chunk kernel and of the dot product's "
                              "shared-memory tree (a power of two).")},
        .records = {"blocks", "operations", "hostCalls", "figures"},
        .views = {"operations", "figures", "timeline", "grid"},
        .crossCheck = streamsRules,
    };
}

ExperimentSpec dynamicSpec() {
    return {
        .id = "dynamic-parallelism",
        .title = "Dynamic parallelism: kernels launching kernels",
        .group = "concurrency",
        .seed =
            "004, Grilles filles (cudaStreamFireAndForget, cudaStreamTailLaunch), "
            "Réduction parallèle",
        .summary =
            "A parent grid whose blocks each launch a child grid, fire-and-forget or as a tail "
            "launch, and the seed's reduction that launches itself on its partial sums until "
            "one block is left. Every grid records who launched it, from which block, at what "
            "depth, and every block its SM and times; the launch latency on the device is "
            "measured against a launch from the host.",
        .params = {{.name = "pattern",
                    .type = ParamType::Choice,
                    .defaultValue = "parent-child",
                    .choices = {"parent-child", "recursive-reduction"},
                    .help = "parent-child: each parent block doubles its share of the array, "
                            "then its thread 0 launches a child grid that adds one to it. "
                            "recursive-reduction: each level sums blocks of the previous "
                            "level's partial sums and launches the next level."},
                   {.name = "mode",
                    .type = ParamType::Choice,
                    .defaultValue = "fire-and-forget",
                    .choices = {"fire-and-forget", "tail"},
                    .help = "Stream of the child launches (parent-child). fire-and-forget: the "
                            "child may start while the parent runs. tail: the child starts "
                            "after the whole parent grid has finished.",
                    .usedWith = "pattern=parent-child"},
                   {.name = "driver",
                    .type = ParamType::Choice,
                    .defaultValue = "device",
                    .choices = {"device", "host"},
                    .help = "Who launches the reduction's levels (recursive-reduction). "
                            "device: each level tail-launches the next, as in the seed. host: "
                            "the same kernel, each level launched from the host.",
                    .usedWith = "pattern=recursive-reduction"},
                   elementsParam(1 << 20, 1 << 28, "Elements of the array (int32)."),
                   {.name = "parent_blocks",
                    .type = ParamType::Int,
                    .min = 1,
                    .max = 4096,
                    .defaultValue = "8",
                    .unit = "blocks",
                    .help = "Blocks of the parent grid; each launches one child grid.",
                    .logScale = true,
                    .usedWith = "pattern=parent-child"},
                   {.name = "child_blocks",
                    .type = ParamType::Int,
                    .min = 1,
                    .max = 1024,
                    .defaultValue = "4",
                    .unit = "blocks",
                    .help = "Blocks of each child grid.",
                    .logScale = true,
                    .usedWith = "pattern=parent-child"},
                   blockParam("Threads per block of every grid (the reduction's tree halves "
                              "it each step, so a power of two)."),
                   {.name = "max_depth",
                    .type = ParamType::Int,
                    .min = 1,
                    .max = kMaxLaunchDepth,
                    .defaultValue = "8",
                    .unit = "levels",
                    .help = "Deepest level of launches the reduction may reach (the hardware "
                            "nests at most 24). A size that needs more levels is refused.",
                    .usedWith = "pattern=recursive-reduction"}},
        .records = {"blocks", "launchTree", "operations", "figures"},
        .views = {"launch-tree", "operations", "figures", "timeline", "grid"},
        .crossCheck = dynamicRules,
    };
}

ExperimentSpec unifiedSpec() {
    return {
        .id = "unified-memory",
        .title = "Unified memory: pages that move",
        .group = "concurrency",
        .seed = "004, Un même pointeur CPU/GPU (cudaMallocManaged, __managed__)",
        .summary =
            "The seed's add kernel, c = a + b, over arrays from cudaMallocManaged. Touched "
            "first by the GPU, every page faults and migrates while the blocks wait; after "
            "cudaMemPrefetchAsync it arrives in bulk; after the CPU touched it, it moves back "
            "again. Explicit cudaMemcpy is the reference. CUPTI's unified-memory counters show "
            "each migration and fault group.",
        .params = {{.name = "pattern",
                    .type = ParamType::Choice,
                    .defaultValue = "first-touch",
                    .choices = {"first-touch", "prefetch", "cpu-touched", "explicit-copy",
                                "resident", "managed-variable"},
                    .help = "Which pattern's records the trace shows (every run times all "
                            "of them). first-touch: the CPU filled a and b, the kernel faults "
                            "them over. prefetch: cudaMemPrefetchAsync first. cpu-touched: "
                            "resident on the GPU, then read and rewritten by the CPU. "
                            "explicit-copy: cudaMalloc and cudaMemcpy from pinned memory. "
                            "resident: the pages are already on the GPU. managed-variable: "
                            "the seed's __managed__ float c[] as the output."},
                   elementsParam(1 << 24, 1 << 28, "Floats per array (a, b and c)."),
                   {.name = "prefetch_chunks",
                    .type = ParamType::Int,
                    .min = 1,
                    .max = 64,
                    .defaultValue = "4",
                    .unit = "pieces",
                    .help = "cudaMemPrefetchAsync calls per array, each in a stream of its own "
                            "(the driver migrates pieces in parallel; on the H100 4 pieces "
                            "were fastest, 1 about 10 % slower).",
                    .logScale = true},
                   {.name = "block",
                    .type = ParamType::Int,
                    .min = 32,
                    .max = 1024,
                    .defaultValue = "256",
                    .unit = "threads",
                    .help = "Threads per block of the add kernel (the seed's BLOCK_DIM).",
                    .multipleOf = 32,
                    .logScale = true}},
        .records = {"blocks", "operations", "hostCalls", "managedTransfers", "figures"},
        .views = {"pages", "operations", "figures", "timeline", "grid"},
        .crossCheck = unifiedRules,
    };
}

}  // namespace

std::vector<ExperimentSpec> concurrencyExperiments() {
    return {streamsSpec(), dynamicSpec(), unifiedSpec()};
}

}  // namespace ws
