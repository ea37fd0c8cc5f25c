// The first lecture: hello from the device, adding two arrays, set0 with
// __mul24 (seed 000/003 chapters 1-2) and the bandwidthTest sample, as
// catalog entries. The device view and the CPU-against-GPU figures go with
// every experiment; these four are where a course starts.
#include "core/basics/greetings.h"
#include "core/catalog/catalog_entries.h"

namespace ws {

namespace {

ParamSpec intParam(std::string name, double min, double max, std::string defaultValue,
                   std::string unit, std::string help, bool logScale = false) {
    return {.name = std::move(name),
            .type = ParamType::Int,
            .min = min,
            .max = max,
            .defaultValue = std::move(defaultValue),
            .unit = std::move(unit),
            .help = std::move(help),
            .logScale = logScale};
}

ParamSpec usedWith(ParamSpec p, std::string condition) {
    p.usedWith = std::move(condition);
    return p;
}

ParamSpec choiceParam(std::string name, std::string defaultValue, std::vector<std::string> choices,
                      std::string help) {
    return {.name = std::move(name),
            .type = ParamType::Choice,
            .defaultValue = std::move(defaultValue),
            .choices = std::move(choices),
            .help = std::move(help)};
}

ParamSpec bytesParam(std::string name, long long defaultBytes, std::string help) {
    ParamSpec p = intParam(std::move(name), 1, double(1LL << 30), std::to_string(defaultBytes),
                           "bytes", std::move(help), true);
    p.powerOfTwo = true;
    return p;
}

ExperimentSpec helloEntry() {
    return {
        .id = "hello",
        .title = "Hello from the device",
        .group = "basics",
        .seed = "000/003 ch. 1, hello_kernel<<<1,1>>> and printf on the device",
        .summary =
            "Every thread prints its block, thread, warp, lane and SM, and draws a ticket "
            "with atomicAdd. The lines come out a whole warp at a time, the warps and "
            "blocks interleave, and the order changes from launch to launch.",
        .params = {intParam("grid", 1, 64, "2", "blocks",
                            "Blocks in the grid (the seed launches <<<1,1>>>)."),
                   intParam("block", 1, 1024, "64", "threads",
                            "Threads per block; not a multiple of 32 leaves the last warp "
                            "partly empty.",
                            true),
                   intParam("repeats", 1, 4, "2", "launches",
                            "Launches recorded, so their orders can be compared.")},
        .records = {"blocks", "greetings", "printf"},
        .views = {"greetings", "grid", "timeline", "device"},
        .crossCheck = [](const ParamValues& v) -> Status {
            const long long lines = paramInt(v, "grid") * paramInt(v, "block");
            if (lines > kMaxGreetings)
                return makeError("grid x block = " + std::to_string(lines) +
                                 " greetings per launch; at most " + std::to_string(kMaxGreetings) +
                                 " fit the device's printf buffer and a readable view");
            return {};
        },
    };
}

ExperimentSpec vectorAddEntry() {
    return {
        .id = "vector-add",
        .title = "Adding two arrays",
        .group = "basics",
        .seed = "000/003 ch. 1, addKernel<<<2, (size + 1) / 2>>>; 004, vector add",
        .summary =
            "Each thread computes i = blockIdx.x * blockDim.x + threadIdx.x and adds "
            "a[i] + b[i]. The seed's 2 blocks of (size + 1) / 2 threads start one thread "
            "too many for odd sizes: the bounds check i < size masks it off. Without the "
            "check that thread writes past the end of c.",
        .params = {intParam("n", 1, double(1 << 28), "5", "elements",
                            "Array length (the seed's arraySize is 5).", true),
                   choiceParam("launch", "seed", {"seed", "grid-block"},
                               "seed: <<<2, (n + 1) / 2>>> as in the seed (at most 2047 elements, "
                               "a block holds 1024 threads). grid-block: the grid and block "
                               "parameters below."),
                   usedWith(intParam("block", 1, 1024, "256", "threads",
                                     "Threads per block when launch=grid-block.", true),
                            "launch=grid-block"),
                   usedWith(
                       intParam("grid", 0, double(1 << 24), "0", "blocks",
                                "Blocks when launch=grid-block; 0 launches ceil(n / block).", true),
                       "launch=grid-block"),
                   choiceParam("variant", "bounds-check", {"bounds-check", "no-bounds-check"},
                               "bounds-check: if (i < n) c[i] = a[i] + b[i], as the seed. "
                               "no-bounds-check: every thread writes c[i]; guard zones around "
                               "the arrays catch the writes past the end."),
                   intParam("traced_blocks", 0, 8, "4", "blocks",
                            "Blocks that record every thread's index and element (the first "
                            "and the last ones, where the bounds check masks threads off)."),
                   choiceParam("crossover_sweep", "off", {"off", "on"},
                               "on: also time the CPU and the GPU (with and without the "
                               "copies) at sizes from 2^8 to 2^26 and find where the GPU "
                               "starts to pay off.")},
        .records = {"blocks", "steps", "threads", "overruns", "crossover"},
        .views = {"indexing", "grid", "warps", "timeline", "cpu-gpu", "device"},
        .failsByDesign =
            [](const ParamValues& v) {
                // Only where a thread lands past the end: then the guard zones see it.
                if (paramChoice(v, "variant") != "no-bounds-check") return false;
                const long long n = paramInt(v, "n");
                long long threads = 0;
                if (paramChoice(v, "launch") == "seed") {
                    threads = 2 * ((n + 1) / 2);
                } else {
                    const long long block = paramInt(v, "block");
                    const long long grid = paramInt(v, "grid");
                    threads = (grid > 0 ? grid : (n + block - 1) / block) * block;
                }
                return threads > n;
            },
    };
}

ExperimentSpec set0Entry() {
    return {
        .id = "set0-mul24",
        .title = "set0 with __mul24 and with a plain multiply",
        .group = "basics",
        .seed = "000/003 ch. 2, set0: index = __mul24(blockIdx.x, blockDim.x) + threadIdx.x",
        .summary =
            "The seed computes the index with __mul24, advice from GPUs before compute "
            "capability 2.0, where 24-bit multiplies were faster. Both versions are timed "
            "in one run, interleaved, and the instructions each compiles to are shown: on "
            "this GPU the 32-bit multiply is native and the kernel is memory bound.",
        .params = {intParam("n", 1, double(1 << 30), std::to_string(1 << 28), "elements",
                            "Array length (the seed's N is 10^6; a large array shows the "
                            "memory-bound time).",
                            true),
                   intParam("block", 1, 1024, "512", "threads",
                            "Threads per block (the seed's numThreads is 512).", true),
                   choiceParam("variant", "mul24", {"mul24", "multiply"},
                               "Which version's records and timing the run shows; both are "
                               "timed.")},
        .records = {"blocks", "sass"},
        .views = {"sass", "grid", "timeline", "throughput", "device"},
    };
}

ExperimentSpec bandwidthEntry() {
    return {
        .id = "host-device-bandwidth",
        .title = "Host-device bandwidth (bandwidthTest)",
        .group = "basics",
        .seed = "000/003 ch. 1, the bandwidthTest sample; 004, cudaMallocHost",
        .summary =
            "Copies host to device, device to host and device to device from 1 KiB up, "
            "from pageable (malloc) and pinned (cudaMallocHost) host memory, timed with "
            "CUDA events. Small copies cost a fixed latency whatever their size; large "
            "pinned copies approach what the PCIe link carries.",
        .params = {bytesParam("min_bytes", 1024, "Smallest copy."),
                   bytesParam("max_bytes", 1LL << 30,
                              "Largest copy (sizes double from the "
                              "smallest)."),
                   choiceParam("host_memory", "both", {"both", "pinned", "pageable"},
                               "Host buffers to copy from and to.")},
        .records = {"transfers"},
        .views = {"bandwidth", "device"},
        .crossCheck = [](const ParamValues& v) -> Status {
            if (paramInt(v, "min_bytes") > paramInt(v, "max_bytes"))
                return makeError("min_bytes=" + std::to_string(paramInt(v, "min_bytes")) +
                                 " is above max_bytes=" + std::to_string(paramInt(v, "max_bytes")));
            return {};
        },
        .launchesNoKernel = [](const ParamValues&) { return true; },
        .timedAs = "Largest host-to-device copy",
        .throughputOverPcie = true,
    };
}

}  // namespace

std::vector<ExperimentSpec> basicsExperiments() {
    return {helloEntry(), vectorAddEntry(), set0Entry(), bandwidthEntry()};
}

}  // namespace ws
