// The atomics lab: blocks cooperating through atomics. The global work queue
// of seed 000/003 chapter 3, the minimum and its index in one 64-bit atomicCAS
// (seed 002), and what contention on one address costs.
#include <string>

#include "core/catalog/catalog_block_param.h"
#include "core/catalog/catalog_entries.h"

namespace ws {

namespace {

ParamSpec blockParam(const std::string& defaultBlock, const std::string& help) {
    return threadsPerBlockParam(defaultBlock, help);
}

ExperimentSpec workQueue() {
    return {
        .id = "work-queue",
        .title = "A global work queue: blocks fetch items with atomicAdd",
        .group = "atomics",
        .seed = "000/003 ch. 3, global work queue (WorkQueue::fetch)",
        .summary =
            "Items of uneven cost, done three ways: a static split (block b takes items b, "
            "b+G, ...), one block per item, or persistent blocks that take the next item "
            "with atomicAdd on a global counter until the queue is empty. With a few heavy "
            "items the static split leaves most SMs idle while one block finishes its share; "
            "the queue keeps every SM busy to the end.",
        .params = {{.name = "items",
                    .type = ParamType::Int,
                    .min = 1,
                    .max = 65536,
                    .defaultValue = "2048",
                    .unit = "items",
                    .help = "Work items in the queue. Each is done by a whole block.",
                    .logScale = true},
                   {.name = "cost_us",
                    .type = ParamType::Float,
                    .min = 0.5,
                    .max = 500,
                    .defaultValue = "10",
                    .unit = "µs",
                    .help = "Busy time of a light item, while every slot of the GPU is busy. "
                            "The run first measures how many loop iterations a block does per µs "
                            "and gives each item that many per µs of its cost."},
                   {.name = "distribution",
                    .type = ParamType::Choice,
                    .defaultValue = "heavy",
                    .choices = {"equal", "ramp", "heavy", "random"},
                    .help = "equal: every item costs the scale. ramp: item i costs 2 * scale * "
                            "(i + 0.5) / items, from almost nothing to twice the scale. heavy: one "
                            "item in 64 (at least one, placed by the seed) costs 32 times the "
                            "scale. random: exponentially distributed, mean the scale, capped at "
                            "20 times it."},
                   {.name = "strategy",
                    .type = ParamType::Choice,
                    .defaultValue = "queue",
                    .choices = {"static", "per-item", "queue"},
                    .help =
                        "static: G persistent blocks, block b takes items b, b+G, b+2G, ... "
                        "per-item: one block per item; the hardware starts a block as a slot "
                        "frees. queue: G persistent blocks, thread 0 fetches the next item with "
                        "atomicAdd(&next, 1) until it passes the end."},
                   blockParam("128",
                              "Threads per block: every thread of the block works on the item."),
                   {.name = "blocks_per_sm",
                    .type = ParamType::Int,
                    .min = 0,
                    .max = 32,
                    .defaultValue = "1",
                    .unit = "blocks",
                    .help = "Slots per SM. G = this times the SM count; 0 means as many as fit "
                            "(cudaOccupancyMaxActiveBlocksPerMultiprocessor), as the seed's "
                            "persistent blocks. The per-item grid is held to the same slots with "
                            "shared memory, so all strategies get the same GPU."}},
        .records = {"blocks", "items"},
        .views = {"grid", "timeline", "queue-timeline", "sm-busy"},
    };
}

Status argminRules(const ParamValues& v) {
    const std::string& input = paramChoice(v, "input");
    if (input == "descending" && paramInt(v, "n") > (1 << 24))
        return makeError(
            "input=descending counts down from n-1, which floats hold exactly only up to 2^24; "
            "use n <= 2^24");
    return {};
}

ExperimentSpec argmin() {
    return {
        .id = "argmin",
        .title = "The minimum and its index in one 64-bit atomic",
        .group = "atomics",
        .seed = "002, AtomicMinValueAndIndex Original, Modified, ModifiedNew",
        .summary =
            "A float and its int index packed into 64 bits and updated with atomicCAS. The "
            "original loop always makes at least two CAS; the Modified loop one; ModifiedNew "
            "breaks ties on the smallest index, so the GPU agrees with the CPU. A block-wide "
            "shuffle reduction with one 64-bit atomicMin per block, and CUB, for comparison.",
        .params = {{.name = "n",
                    .type = ParamType::Int,
                    .min = 1,
                    .max = double(1 << 28),
                    .defaultValue = "50000",
                    .unit = "elements",
                    .help = "Number of floats (the blog's 50,000 by default).",
                    .logScale = true},
                   {.name = "variant",
                    .type = ParamType::Choice,
                    .defaultValue = "cas-modified-new",
                    .choices = {"cas-original", "cas-modified", "cas-modified-new",
                                "shuffle-atomicmin", "cub"},
                    .help = "cas-original: while (v < old.v) old = atomicCAS(...). "
                            "cas-modified: the lock-free update of the CUDA guide, one CAS "
                            "at least. cas-modified-new: also CAS on an equal value with a "
                            "smaller index. shuffle-atomicmin: each block reduces with "
                            "shuffles, then one atomicMin on (order-preserving value bits << "
                            "32 | index). cub: cub::DeviceReduce::ArgMin."},
                   {.name = "input",
                    .type = ParamType::Choice,
                    .defaultValue = "blog",
                    .choices = {"blog", "distinct", "descending"},
                    .help = "blog: integers drawn from 0..10000, so the minimum occurs many "
                            "times. distinct: floats in [1, 2) and one 0.5 somewhere, a "
                            "unique minimum. descending: n-1, n-2, ..., 0: every later thread "
                            "holds a smaller value, the most CAS contention."},
                   blockParam("256", "Threads per block (the blog's 256)."),
                   {.name = "traced_blocks",
                    .type = ParamType::Int,
                    .min = 0,
                    .max = 256,
                    .defaultValue = "32",
                    .unit = "blocks",
                    .help = "How many blocks, evenly spread over the grid, record every "
                            "thread's CAS attempts and every warp's start and end. The "
                            "histogram of attempts counts all threads regardless."}},
        .records = {"blocks", "casThreads", "casWarps", "casHistogram", "blockMins"},
        .views = {"grid", "timeline", "cas-attempts", "cas-heatmap", "throughput"},
        .crossCheck = argminRules,
    };
}

// 2^26 atomics take tens of milliseconds on one address; the run times the
// whole curve up to this point several times, and counters stay below 2^32.
constexpr long long kMaxContentionAtomics = 1LL << 26;

Status contentionRules(const ParamValues& v) {
    const long long atomics = paramInt(v, "threads") * paramInt(v, "per_thread");
    if (atomics > kMaxContentionAtomics)
        return makeError("threads x per_thread = " + std::to_string(atomics) +
                         " atomics; at most 2^26 = " + std::to_string(kMaxContentionAtomics) +
                         " (one address serves them one by one)");
    if (paramInt(v, "addresses") > paramInt(v, "threads"))
        return makeError("addresses=" + std::to_string(paramInt(v, "addresses")) +
                         " exceeds threads=" + std::to_string(paramInt(v, "threads")) +
                         ": thread t adds to address t % addresses, so only " +
                         std::to_string(paramInt(v, "threads")) + " could be touched");
    return {};
}

ExperimentSpec contention() {
    return {
        .id = "atomic-contention",
        .title = "What contention costs: atomicAdd to one address or to many",
        .group = "atomics",
        .seed = "000/003 ch. 3 (atomicAdd on one counter) and 002 (atomicCAS on one word)",
        .summary =
            "Every thread adds 1 to counter[t % addresses] several times and keeps what "
            "atomicAdd returned. On one address the additions are served one after another; "
            "spread over many they run in parallel. The run measures atomics per second "
            "for 32 threads up to the chosen number.",
        .params = {{.name = "threads",
                    .type = ParamType::Int,
                    .min = 32,
                    .max = double(1 << 24),
                    .defaultValue = "65536",
                    .unit = "threads",
                    .help = "Threads launched; about 270,000 fit on an H100 at once, more "
                            "run in later waves.",
                    .logScale = true},
                   {.name = "addresses",
                    .type = ParamType::Int,
                    .min = 1,
                    .max = double(1 << 20),
                    .defaultValue = "1",
                    .unit = "addresses",
                    .help = "Distinct counters; thread t adds to counter t % addresses.",
                    .logScale = true},
                   {.name = "per_thread",
                    .type = ParamType::Int,
                    .min = 1,
                    .max = 256,
                    .defaultValue = "16",
                    .unit = "atomics",
                    .help = "atomicAdd calls each thread makes.",
                    .logScale = true},
                   {.name = "spacing",
                    .type = ParamType::Choice,
                    .defaultValue = "word",
                    .choices = {"word", "line"},
                    .help = "word: counters 4 bytes apart (32 share a 128-byte line). line: "
                            "one counter per 128-byte line."},
                   blockParam("256", "Threads per block.")},
        .records = {"blocks", "curve"},
        .views = {"grid", "timeline", "atomic-throughput"},
        .crossCheck = contentionRules,
    };
}

}  // namespace

std::vector<ExperimentSpec> atomicsExperiments() { return {workQueue(), argmin(), contention()}; }

}  // namespace ws
