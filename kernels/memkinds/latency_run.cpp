// memory-latency on the host: for each working set of the sweep, the chase
// written on the device (or into __constant__ memory), then one launch of
// one thread: the warm-up pass, then `loads` timed dependent loads. One
// LatencyPoint per set, each checked against chaseFinalIndex. The run's
// timed kernel is the largest set's chase without its warm-up (the sweep's
// launch left the set where it stays): `loads` loads, repeated; its
// recording build gives the block record.
#include <algorithm>
#include <bit>

#include "core/memkinds/chase_reference.h"
#include "core/memkinds/latency_plateaus.h"
#include "core/memkinds/memkinds_tables.h"
#include "kernels/common/memory_launch.h"
#include "kernels/memkinds/chase_kernels.h"
#include "kernels/memkinds/memkinds_experiments.h"
#include "kernels/memkinds/memkinds_launch.h"
#include "kernels/memkinds/texture_kernels.h"

namespace ws::memkinds {

namespace {

// Refusals that need nothing but the device's facts: before any CUDA call.
Status checkPath(LoadPath path, std::uint64_t maxBytes, const DeviceInfo& limits) {
    if (path == LoadPath::Shared) {
        const auto allowed = std::uint64_t(std::max(limits.sharedMemPerBlockOptin, 0));
        if (maxBytes > allowed)
            return makeError("path=shared: a working set of " + bytesText(maxBytes) +
                             " needs as much shared memory in one block; the device allows " +
                             std::to_string(allowed) +
                             " B per block with opt-in, so use max_bytes <= " +
                             std::to_string(std::bit_floor(allowed)));
        return memory::checkShape(limits, "chase (shared)", dim3(1), dim3(chaseThreads(path)),
                                  maxBytes, true);
    }
    if (path == LoadPath::Constant && maxBytes > kConstantChaseBytes)
        return makeError("path=constant: __constant__ memory holds " +
                         bytesText(kConstantChaseBytes) +
                         "; use max_bytes <= " + std::to_string(kConstantChaseBytes));
    return {};
}

struct Chase {
    LoadPath path = LoadPath::Global;
    DeviceBuffer<std::uint32_t> array;
    DeviceBuffer<ChaseResult> result;
    atomics::BlockRecordStorage blocks;
    TextureObject texture;
    ChaseArgs args;

    // Writes the set's chase where the path reads it.
    Status prepare(const ChaseShape& shape) {
        args.sharedWords = 0;
        if (path == LoadPath::Constant) {
            const std::vector<std::uint32_t> host = chaseArray(shape);
            return uploadConstantChase(host.data(), shape.workingSetBytes);
        }
        if (Status s = fillChase(array.get(), shape, nullptr); !s) return s;
        if (path == LoadPath::Shared) args.sharedWords = std::uint32_t(shape.elements());
        if (path == LoadPath::Texture) {
            if (Status s = texture.linearWords(array.get(), shape.elements()); !s) return s;
            args.texture = texture.get();
        }
        return {};
    }
    Status launch(bool record) {
        return launchChase(path, record, args, blocks.pointers(), nullptr);
    }
    Result<ChaseResult> read() const {
        ChaseResult r;
        WS_CUDA_TRY(cudaMemcpy(&r, result.get(), sizeof r, cudaMemcpyDeviceToHost));
        return r;
    }
};

}  // namespace

Result<Run> runLatency(const MemkindsSettings& settings, const RunOptions& options,
                       const DeviceInfo& device) {
    const LatencySweepSettings& sweep = settings.latency;
    const LoadPath path = sweep.path;
    const std::uint32_t stride = sweep.strideBytes;
    const std::uint64_t minBytes = sweep.minBytes;
    const std::uint64_t maxBytes = sweep.maxBytes;
    const std::uint64_t loads = sweep.loads;
    const std::uint32_t perOctave = sweep.pointsPerOctave;
    const std::vector<std::uint64_t> sets = workingSetSweep(minBytes, maxBytes, perOctave, stride);
    if (sets.empty())
        return makeError("no working set lies between min_bytes=" + std::to_string(minBytes) +
                         " and max_bytes=" + std::to_string(maxBytes));
    for (std::uint64_t set : sets)
        if (Status s = checkChaseShape({set, stride}); !s) return makeError(s.error());
    const std::uint64_t largest = sets.back();

    DeviceInfo limits = device;
    if (Status s = memory::completeLimits(limits, options.device); !s) return makeError(s.error());
    if (Status s = checkPath(path, largest, limits); !s) return makeError(s.error());
    if (path == LoadPath::Texture) {
        auto texels = linearTextureLimit(options.device);
        if (!texels) return makeError(texels.error());
        if (largest / 4 > *texels)
            return makeError("path=texture: a linear texture holds at most " +
                             std::to_string(*texels) + " 32-bit texels on this device, " +
                             bytesText(largest) + " is " + std::to_string(largest / 4) +
                             "; use a smaller max_bytes");
    }
    const std::uint64_t arrayBytes = path == LoadPath::Constant ? 4 : largest;
    if (Status s = memory::checkFreeMemory(
            "max_bytes=" + bytesText(largest),
            arrayBytes + sizeof(ChaseResult) + atomics::BlockRecordStorage::kBytesPerBlock);
        !s)
        return makeError(s.error());

    Chase c;
    c.path = path;
    for (Status s : {c.array.allocate(arrayBytes / 4), c.result.allocate(1), c.blocks.allocate(1)})
        if (!s) return makeError(s.error());
    c.args.array = c.array.get();
    c.args.result = c.result.get();
    c.args.loads = loads;
    if (c.path == LoadPath::Shared)
        if (Status s = allowSharedChase(largest); !s) return makeError(s.error());

    Run run;
    memory::fillRunHeader(run, "memory-latency", settings.resolved, device);
    Checks checks;
    std::vector<LatencyPoint> points;
    for (std::uint64_t set : sets) {
        const ChaseShape shape{set, stride};
        if (Status s = c.prepare(shape); !s) return makeError(s.error());
        c.args.warmupLoads = chaseWarmupLoads(shape);
        // 0xff in the result first: a launch that wrote nothing fails its check.
        for (Status s : {c.result.fill(0xff), c.launch(false)})
            if (!s) return makeError(s.error());
        auto r = c.read();
        if (!r) return makeError(r.error());
        LatencyPoint p;
        p.workingSetBytes = set;
        p.strideBytes = stride;
        p.loads = std::uint32_t(loads);
        p.cyclesPerLoad = double(r->cycles) / double(loads);
        p.nsPerLoad = spanNs(r->ns, r->cycles, limits) / double(loads);
        p.finalIndex = r->finalIndex;
        p.expectedIndex = chaseFinalIndex(shape, c.args.warmupLoads + loads);
        checks.add(p.finalIndex == p.expectedIndex,
                   "set " + bytesText(set) + ": the chase ended at index " +
                       std::to_string(p.finalIndex) + ", expected " +
                       std::to_string(p.expectedIndex));
        points.push_back(p);
    }

    // The largest set is still in place: its timed loads again, from index 0.
    const ChaseShape largestShape{largest, stride};
    c.args.warmupLoads = 0;
    const std::uint32_t expected = chaseFinalIndex(largestShape, loads);
    TimedLaunch work;
    work.launch = [&](bool record) { return c.launch(record); };
    work.before = [&] { return c.result.fill(0xff); };
    work.check = [&]() -> Result<std::string> {
        auto r = c.read();
        if (!r) return makeError(r.error());
        if (r->finalIndex == expected) return std::string();
        return "set " + bytesText(largest) + " ended at index " + std::to_string(r->finalIndex) +
               ", expected " + std::to_string(expected);
    };
    const std::uint32_t threads = chaseThreads(c.path);
    const std::uint32_t shared = c.path == LoadPath::Shared ? std::uint32_t(largest) : 0;
    Launch launch = memory::makeLaunch(std::string("chase (") + loadPathName(c.path) + ")", dim3(1),
                                       dim3(threads), shared);
    if (Status s = timeAndRecord(options, work, c.blocks, 0, launch, run, checks); !s)
        return makeError(s.error());
    run.launches.push_back(std::move(launch));

    run.verification =
        checks.verification("every chase ends where chaseFinalIndex puts it (warm-up + " +
                                std::to_string(loads) + " loads from index 0)",
                            "exact: every working set's final index");
    run.tables.push_back(latencyTable(points));
    run.figures["sets"] = double(points.size());
    run.figures["largest_set_cycles"] = points.back().cyclesPerLoad;
    run.figures["largest_set_ns"] = points.back().nsPerLoad;
    run.figures["smallest_set_cycles"] = points.front().cyclesPerLoad;
    const std::vector<Plateau> plateaus = findPlateaus(points, cacheSizes(limits), c.path);
    run.figures["plateaus"] = double(plateaus.size());
    for (const Plateau& p : plateaus) {
        const std::string key = figureKey(p.level);
        if (run.figures.count(key + "_cycles")) continue;  // the first plateau of a level
        run.figures[key + "_cycles"] = p.cyclesPerLoad;
        run.figures[key + "_ns"] = p.nsPerLoad;
    }
    return run;
}

}  // namespace ws::memkinds
