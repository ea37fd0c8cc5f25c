// l2-distance on the host. The chase of `bytes` is written once; a census
// finds the SMs' ids (%smid need not run 0 .. smCount - 1); then for each SM
// in id order one launch of one-warp blocks, each holding all the shared
// memory a block may have so that no SM takes two: the block that lands on
// the target SM chases through L2 (warm-up pass, then `loads` timed loads),
// the others leave. Where no block landed there (another process holding
// SMs), the grid grows fourfold, twice; an SM still missed is named in the
// run's texts. The run's timed kernel is the first SM's launch, repeated.
#include <algorithm>

#include "core/memkinds/chase_reference.h"
#include "core/memkinds/l2_partitions.h"
#include "core/memkinds/memkinds_tables.h"
#include "kernels/common/memory_launch.h"
#include "kernels/memkinds/chase_kernels.h"
#include "kernels/memkinds/memkinds_experiments.h"
#include "kernels/memkinds/memkinds_launch.h"

namespace ws::memkinds {

namespace {

constexpr std::uint64_t kCensusHoldNs = 20000;
constexpr std::uint32_t kGridGrowth = 4;
constexpr int kGridTries = 3;

struct Probe {
    DeviceBuffer<std::uint32_t> array, claimed, seen;
    DeviceBuffer<ChaseResult> result;
    atomics::BlockRecordStorage blocks;
    SmChaseArgs args;
    std::uint32_t sharedBytes = 0;

    // The SMs' ids a grid of one block per SM finds, at most `tries` grids.
    Result<std::vector<std::uint32_t>> census(std::uint32_t smCount) {
        std::vector<std::uint32_t> ids;
        std::uint32_t grid = smCount;
        for (int t = 0; t < kGridTries && ids.size() < smCount; ++t, grid *= kGridGrowth) {
            if (Status s = seen.fill(0); !s) return makeError(s.error());
            if (Status s = launchSmCensus(grid, sharedBytes, seen.get(), kCensusHoldNs, nullptr);
                !s)
                return makeError(s.error());
            std::vector<std::uint32_t> bits;
            if (Status s = atomics::toHost(seen, bits); !s) return makeError(s.error());
            ids.clear();
            for (std::uint32_t sm = 0; sm < kSmIdLimit; ++sm)
                if (bits[sm / 32] >> (sm % 32) & 1u) ids.push_back(sm);
        }
        return ids;
    }
    Status reset() { return claimed.fill(0); }
    Status launch(bool record, std::uint32_t grid) {
        return launchSmChase(record, grid, sharedBytes, args, blocks.pointers(), nullptr);
    }
    // Whether a block claimed the chase, and what it found.
    Result<std::pair<bool, ChaseResult>> read() const {
        std::uint32_t flag = 0;
        ChaseResult r;
        WS_CUDA_TRY(cudaMemcpy(&flag, claimed.get(), sizeof flag, cudaMemcpyDeviceToHost));
        WS_CUDA_TRY(cudaMemcpy(&r, result.get(), sizeof r, cudaMemcpyDeviceToHost));
        return std::pair{flag != 0, r};
    }
};

}  // namespace

Result<Run> runL2Distance(const MemkindsSettings& settings, const RunOptions& options,
                          const DeviceInfo& device) {
    const std::uint64_t bytes = settings.l2.bytes;
    const std::uint32_t stride = settings.l2.strideBytes;
    const std::uint64_t loads = settings.l2.loads;
    const ChaseShape shape{bytes, stride};
    if (Status s = checkChaseShape(shape); !s) return makeError(s.error());
    DeviceInfo limits = device;
    if (Status s = memory::completeLimits(limits, options.device); !s) return makeError(s.error());
    const auto smCount = std::uint32_t(std::max(limits.smCount, 1));
    const std::uint32_t largestGrid = smCount * kGridGrowth * kGridGrowth;
    if (Status s = memory::checkShape(limits, "smChase", dim3(largestGrid), dim3(kSmChaseThreads),
                                      std::uint64_t(limits.sharedMemPerBlockOptin), true);
        !s)
        return makeError(s.error());
    if (Status s = memory::checkFreeMemory(
            "bytes=" + bytesText(bytes),
            bytes + sizeof(ChaseResult) + 8 + kSmIdLimit / 8 +
                std::uint64_t(largestGrid) * atomics::BlockRecordStorage::kBytesPerBlock);
        !s)
        return makeError(s.error());

    Probe p;
    p.sharedBytes = std::uint32_t(std::max(limits.sharedMemPerBlockOptin, 0));
    for (Status s : {p.array.allocate(shape.elements()), p.claimed.allocate(1),
                     p.seen.allocate(kSmIdLimit / 32), p.result.allocate(1)})
        if (!s) return makeError(s.error());
    if (Status s = allowOneBlockPerSm(p.sharedBytes); !s) return makeError(s.error());
    if (Status s = fillChase(p.array.get(), shape, nullptr); !s) return makeError(s.error());
    p.args.array = p.array.get();
    p.args.claimed = p.claimed.get();
    p.args.result = p.result.get();
    p.args.warmupLoads = chaseWarmupLoads(shape);
    p.args.loads = loads;
    const std::uint32_t expected = chaseFinalIndex(shape, p.args.warmupLoads + loads);

    auto ids = p.census(smCount);
    if (!ids) return makeError(ids.error());
    if (ids->empty()) return makeError("smCensus: no block reported its SM");

    Run run;
    memory::fillRunHeader(run, "l2-distance", settings.resolved, device);
    Checks checks;
    std::vector<SmLatency> points;
    std::vector<std::uint32_t> missed;
    std::uint32_t firstGrid = 0, regrown = 0;
    for (std::uint32_t sm : *ids) {
        p.args.targetSm = sm;
        std::uint32_t grid = smCount;
        bool landed = false;
        ChaseResult r;
        for (int t = 0; t < kGridTries && !landed; ++t) {
            if (t > 0) {
                grid *= kGridGrowth;
                ++regrown;
            }
            for (Status s : {p.reset(), p.launch(false, grid)})
                if (!s) return makeError(s.error());
            auto got = p.read();
            if (!got) return makeError(got.error());
            landed = got->first;
            r = got->second;
        }
        if (!landed) {
            missed.push_back(sm);
            continue;
        }
        if (points.empty()) firstGrid = grid;
        SmLatency point;
        point.sm = sm;
        point.cyclesPerLoad = double(r.cycles) / double(loads);
        point.nsPerLoad = spanNs(r.ns, r.cycles, limits) / double(loads);
        point.finalIndex = r.finalIndex;
        point.expectedIndex = expected;
        checks.add(r.finalIndex == expected && r.sm == sm,
                   "SM " + std::to_string(sm) + ": the chase ended at index " +
                       std::to_string(r.finalIndex) + " on SM " + std::to_string(r.sm) +
                       ", expected " + std::to_string(expected) + " on SM " + std::to_string(sm));
        points.push_back(point);
    }
    if (points.empty())
        return makeError("l2-distance: no launch placed a block on any of the " +
                         std::to_string(ids->size()) + " SMs the census found");

    // The first measured SM again, timed and recorded.
    p.args.targetSm = points.front().sm;
    if (Status s = p.blocks.allocate(firstGrid); !s) return makeError(s.error());
    TimedLaunch work;
    work.launch = [&](bool record) { return p.launch(record, firstGrid); };
    work.before = [&] { return p.reset(); };
    work.check = [&]() -> Result<std::string> {
        auto got = p.read();
        if (!got) return makeError(got.error());
        if (!got->first) return "no block landed on SM " + std::to_string(p.args.targetSm);
        if (got->second.finalIndex != expected)
            return "SM " + std::to_string(p.args.targetSm) + " ended at index " +
                   std::to_string(got->second.finalIndex) + ", expected " +
                   std::to_string(expected);
        return std::string();
    };
    Launch launch = memory::makeLaunch("smChase (SM " + std::to_string(p.args.targetSm) + ")",
                                       dim3(firstGrid), dim3(kSmChaseThreads), p.sharedBytes);
    if (Status s = timeAndRecord(options, work, p.blocks, 0, launch, run, checks); !s)
        return makeError(s.error());
    run.launches.push_back(std::move(launch));

    run.verification = checks.verification(
        "every SM's chase ends where chaseFinalIndex puts it (warm-up + " + std::to_string(loads) +
            " loads from index 0), on the SM it was sent to",
        "exact: every SM's final index and %smid");
    run.tables.push_back(smLatencyTable(points));
    std::string placement = std::to_string(ids->size()) + " SMs found by the census (" +
                            std::to_string(smCount) + " reported by the device); " +
                            std::to_string(points.size()) + " measured";
    if (regrown) placement += "; " + std::to_string(regrown) + " launches retried on a larger grid";
    if (!missed.empty()) {
        placement += "; no block landed on SM";
        for (std::uint32_t sm : missed) placement += " " + std::to_string(sm);
    }
    run.texts["placement"] = placement;
    run.figures["sms_measured"] = double(points.size());
    run.figures["sms_missed"] = double(missed.size());
    run.figures["grid_retries"] = double(regrown);

    const L2Split split = splitL2Partitions(points);
    run.figures["l2_split"] = split.split ? 1 : 0;
    run.figures["l2_min_cycles"] = split.minCycles;
    run.figures["l2_max_cycles"] = split.maxCycles;
    run.figures["l2_near_cycles"] = split.nearCycles;
    run.figures["l2_near_ns"] = split.nearNs;
    run.figures["l2_near_sms"] = double(split.nearSms.size());
    if (split.split) {
        run.figures["l2_far_cycles"] = split.farCycles;
        run.figures["l2_far_ns"] = split.farNs;
        run.figures["l2_far_sms"] = double(split.farSms.size());
    }
    return run;
}

}  // namespace ws::memkinds
