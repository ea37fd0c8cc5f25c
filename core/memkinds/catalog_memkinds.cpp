// The memory kinds lab (seed 000 ch. 1's list of memory kinds, seed 004's
// texture and __constant__ slides): how far each kind of memory is from the
// SM, measured. A pointer chase for latency, all SMs reading for bandwidth,
// a warp reading __constant__ memory, a rotated window through a texture,
// and a per-thread array in registers, local memory and spills.
#include <string>

#include "core/catalog/catalog_block_param.h"
#include "core/catalog/catalog_entries.h"

namespace ws {

namespace {

constexpr double kKiB = 1024.0;
constexpr double kMiB = 1024.0 * 1024.0;
constexpr double kGiB = 1024.0 * kMiB;

ParamSpec bytesParam(const std::string& name, double min, double max, double defaultValue,
                     const std::string& help) {
    return {.name = name,
            .type = ParamType::Int,
            .min = min,
            .max = max,
            .defaultValue = std::to_string(static_cast<long long>(defaultValue)),
            .unit = "bytes",
            .help = help,
            .powerOfTwo = true,
            .logScale = true};
}

ParamSpec loadsParam(const std::string& defaultLoads, const std::string& help) {
    return {.name = "loads",
            .type = ParamType::Int,
            .min = 256,
            .max = 65536,
            .defaultValue = defaultLoads,
            .unit = "loads",
            .help = help,
            .powerOfTwo = true,
            .logScale = true};
}

Status sweepRules(const ParamValues& v) {
    if (paramInt(v, "min_bytes") > paramInt(v, "max_bytes"))
        return makeError("min_bytes must be at most max_bytes");
    return {};
}

Status latencyRules(const ParamValues& v) {
    if (Status s = sweepRules(v); !s) return s;
    if (paramInt(v, "stride") > paramInt(v, "min_bytes"))
        return makeError("stride must be at most min_bytes: every working set needs one slot");
    const std::string& path = paramChoice(v, "path");
    if (path == "constant" && paramInt(v, "max_bytes") > 64 * 1024)
        return makeError("path=constant: __constant__ memory holds 64 KiB; use max_bytes <= 65536");
    if (path == "shared" && paramInt(v, "max_bytes") > 128 * 1024)
        return makeError(
            "path=shared: one block's shared memory; use max_bytes <= 131072 (the next power "
            "of two, 256 KiB, is more than any GPU gives a block)");
    if (path == "texture" && paramInt(v, "max_bytes") > 512 * 1024 * 1024)
        return makeError(
            "path=texture: a linear texture holds 2^27 texels; use max_bytes <= 536870912");
    return {};
}

ExperimentSpec memoryLatency() {
    return {
        .id = "memory-latency",
        .title = "The latency staircase: one thread chasing pointers",
        .group = "memory-kinds",
        .seed = "000 ch. 1, the kinds of memory: global, shared, constant, texture, L1, L2",
        .summary =
            "One thread follows a chain of indices through a working set, each load waiting "
            "for the one before, so every load pays the full trip. As the set outgrows L1, "
            "then L2, the time per load climbs in steps: the distance to each level, in "
            "cycles and nanoseconds.",
        .params = {{.name = "path",
                    .type = ParamType::Choice,
                    .defaultValue = "global",
                    .choices = {"global", "ldg", "cg", "shared", "constant", "texture"},
                    .help = "global: plain loads (L1, L2, HBM). ldg: __ldg, the read-only path. "
                            "cg: ld.global.cg, cached in L2 only. shared: the set in one "
                            "block's shared memory. constant: the set in __constant__ memory. "
                            "texture: tex1Dfetch on a texture object."},
                   bytesParam("stride", 4, 4 * kMiB, 128,
                              "Bytes between two consecutive loads of the chase. 128 (a cache "
                              "line) gives every load its own line; 2 MiB and more give every "
                              "load its own page, so the TLB's reach shows."),
                   bytesParam("min_bytes", 1 * kKiB, 8 * kGiB, 1 * kKiB,
                              "Smallest working set of the sweep."),
                   bytesParam("max_bytes", 1 * kKiB, 8 * kGiB, 256 * kMiB,
                              "Largest working set of the sweep (beyond 1 GiB for the TLB's "
                              "reach with a page-sized stride); the sets between are the "
                              "powers of two and points_per_octave's."),
                   loadsParam("4096",
                              "Dependent loads timed per working set, after one pass "
                              "that brings the set into every level that holds it."),
                   {.name = "points_per_octave",
                    .type = ParamType::Int,
                    .min = 1,
                    .max = 4,
                    .defaultValue = "2",
                    .unit = "sets",
                    .help = "Working sets per doubling: 1 measures the powers of two; 2 adds "
                            "1.5 x each; 4 adds 1.25, 1.5 and 1.75 x, to find where a step "
                            "begins (the H100's far L2 partition between 24 and 48 MiB).",
                    .powerOfTwo = true}},
        .records = {"blocks", "latency"},
        .views = {"latency-staircase"},
        .crossCheck = latencyRules,
    };
}

ExperimentSpec l2Distance() {
    return {
        .id = "l2-distance",
        .title = "How far is L2 from each SM",
        .group = "memory-kinds",
        .seed = "000 ch. 1, L2 cache; the H100's L2 in two partitions",
        .summary =
            "The same chase over a small set held in L2 (loads that skip L1), run from each "
            "SM in turn: the SM's id (%smid) beside its L2 latency. SMs nearer the lines' L2 "
            "slices are served sooner; on the H100 no SM waits for the far partition here "
            "(the staircase finds it, past half the L2).",
        .params = {bytesParam("bytes", 128, 16 * kMiB, 4 * kKiB,
                              "Working set of the chase: a few lines show which SMs sit near "
                              "their partition; megabytes average over both partitions."),
                   bytesParam("stride", 4, 4 * kKiB, 128, "Bytes between consecutive loads."),
                   loadsParam("2048", "Dependent loads timed on each SM.")},
        .records = {"blocks", "l2-distance"},
        .views = {"l2-distance", "grid"},
        .crossCheck = [](const ParamValues& v) -> Status {
            if (paramInt(v, "stride") > paramInt(v, "bytes"))
                return makeError("stride must be at most bytes");
            return {};
        },
    };
}

ExperimentSpec memoryBandwidth() {
    return {
        .id = "memory-bandwidth",
        .title = "The bandwidth staircase: every SM reading",
        .group = "memory-kinds",
        .seed = "000 ch. 1, the memory hierarchy",
        .summary =
            "Every SM reads a working set again and again, each pass starting elsewhere, so a "
            "set that fits in one SM's L1 is read from L1, one that fits in L2 from L2, and a "
            "larger one from HBM. Shared memory read by every block, for the top step.",
        .params = {bytesParam("min_bytes", 16 * kKiB, 4 * kGiB, 16 * kKiB,
                              "Smallest working set of the sweep."),
                   bytesParam("max_bytes", 16 * kKiB, 4 * kGiB, 1 * kGiB,
                              "Largest working set; the sets between are the powers of two."),
                   threadsPerBlockParam("512", "Threads per block of the reading kernel.")},
        .records = {"blocks", "bandwidth"},
        .views = {"bandwidth-staircase", "grid", "timeline"},
        .crossCheck = sweepRules,
    };
}

ExperimentSpec constantMemory() {
    return {
        .id = "constant-memory",
        .title = "__constant__ memory: one broadcast, or one pass per index",
        .group = "memory-kinds",
        .seed = "004, constant memory slides; 000 ch. 1",
        .summary =
            "A warp reads __constant__ memory. When every lane asks for the same word the "
            "constant cache answers all 32 in one pass; each further distinct index costs "
            "another pass. The same reads from global memory and through __ldg are served by "
            "sector: 32 distinct indices cost them a few times one, not 32 times.",
        .params = {{.name = "distinct",
                    .type = ParamType::Int,
                    .min = 1,
                    .max = 32,
                    .defaultValue = "4",
                    .unit = "indices",
                    .help = "Distinct indices among the warp's 32 lanes for the launch that is "
                            "recorded and shown lane by lane; the run measures 1, 2, 4 ... 32.",
                    .powerOfTwo = true,
                    .logScale = true},
                   loadsParam("4096", "Warp loads timed per point.")},
        .records = {"blocks", "constant"},
        .views = {"constant-broadcast"},
    };
}

ExperimentSpec texture() {
    return {
        .id = "texture",
        .title = "A rotated window through a texture",
        .group = "memory-kinds",
        .seed = "004, texture memory slides",
        .summary =
            "Each thread reads the pixel that a rotated window puts at its place: "
            "neighbouring threads read neighbouring pixels, but along a slanted line, so "
            "their loads scatter over rows. The texture path caches in two dimensions; the "
            "same reads as plain and __ldg loads, in the same run.",
        .params = {{.name = "size",
                    .type = ParamType::Int,
                    .min = 256,
                    .max = 16384,
                    .defaultValue = "4096",
                    .unit = "pixels",
                    .help = "Side of the square float image and of the window.",
                    .powerOfTwo = true,
                    .logScale = true},
                   {.name = "angle",
                    .type = ParamType::Float,
                    .min = 0,
                    .max = 90,
                    .defaultValue = "30",
                    .unit = "degrees",
                    .help = "Rotation of the window about the image's centre. 0 reads rows as "
                            "they lie; 90 reads columns."},
                   {.name = "path",
                    .type = ParamType::Choice,
                    .defaultValue = "texture",
                    .choices = {"texture", "global", "ldg"},
                    .help = "The path whose launch is recorded block by block; all three are "
                            "timed."},
                   threadsPerBlockParam("256", "Threads per block (16 x 16 by default).")},
        .records = {"blocks", "texture-paths"},
        .views = {"texture-paths", "grid", "timeline"},
    };
}

ExperimentSpec localMemory() {
    return {
        .id = "local-memory",
        .title = "Registers, local memory and spills",
        .group = "memory-kinds",
        .seed = "000 ch. 1, registers and local memory",
        .summary =
            "Each thread keeps a small array. Indexed by constants it lives in registers; "
            "indexed by a value known only at run time it lives in local memory, which is "
            "global memory behind L1; capped at few registers the compiler spills. Then the "
            "other side of registers: fewer per thread, more blocks per SM.",
        .params = {{.name = "variant",
                    .type = ParamType::Choice,
                    .defaultValue = "local-indexed",
                    .choices = {"registers", "local-indexed", "spilled"},
                    .help = "The variant recorded block by block; all three are timed."},
                   {.name = "n",
                    .type = ParamType::Int,
                    .min = 1024,
                    .max = double(1 << 26),
                    .defaultValue = std::to_string(1 << 22),
                    .unit = "threads",
                    .help = "Threads, each with its own array of 32 floats.",
                    .powerOfTwo = true,
                    .logScale = true},
                   threadsPerBlockParam("256", "Threads per block of every kernel."),
                   {.name = "shared_kib",
                    .type = ParamType::Int,
                    .min = 0,
                    .max = 200,
                    .defaultValue = "0",
                    .unit = "KiB",
                    .help = "Shared memory per block in the occupancy sweep: another limit on "
                            "the blocks an SM holds."}},
        .records = {"blocks", "local", "occupancy"},
        .views = {"local-memory", "occupancy", "grid", "timeline"},
    };
}

}  // namespace

std::vector<ExperimentSpec> memoryKindsExperiments() {
    return {memoryLatency(),  l2Distance(), memoryBandwidth(),
            constantMemory(), texture(),    localMemory()};
}

}  // namespace ws
