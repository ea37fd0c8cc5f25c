// memory-bandwidth on the host: the data written once on the device (the
// largest set; every smaller set is its first bytes), then for each working
// set of the sweep one plan (kernels/memkinds/bandwidth_plan.h) with passes
// enough for a launch of about kLaunchMs, timed as the median of a few
// launches and checked by its checksum; then the shared-memory point. The
// grid is every SM times the blocks of `block` threads one SM holds. The
// run's timed kernel is the largest set's, repeated; its recording build
// gives the block records.
#include <algorithm>
#include <functional>
#include <numeric>

#include "core/memkinds/chase_reference.h"
#include "core/memkinds/latency_plateaus.h"
#include "core/memkinds/memkinds_tables.h"
#include "kernels/common/event_timing.h"
#include "kernels/common/memory_launch.h"
#include "kernels/memkinds/bandwidth_kernels.h"
#include "kernels/memkinds/memkinds_experiments.h"
#include "kernels/memkinds/memkinds_launch.h"

namespace ws::memkinds {

namespace {

// Each point's launch lasts about this long: a launch's few microseconds of
// start are lost in it, and a sweep to 4 GiB takes well under a second. The
// passes are found by timing launches of 1, 8, 64 ... passes until one lasts
// kCalibratedMs, so a slow run (under compute-sanitizer) keeps to one pass.
// At most kMostBytes per launch (2 ms of L1 at 32 TB/s): 2^34 words below
// 2^25 each, so the checksum stays below 2^59.
constexpr double kLaunchMs = 2.0;
constexpr double kCalibratedMs = 0.2;
constexpr std::uint64_t kMostBytes = std::uint64_t(64) << 30;
constexpr int kPointRepetitions = 5;

// Passes for a launch of about kLaunchMs, `launch(passes)` making one.
Result<std::uint32_t> calibratePasses(std::uint64_t bytesPerPass,
                                      const std::function<Status(std::uint32_t)>& launch) {
    const std::uint64_t most =
        std::max<std::uint64_t>(1, kMostBytes / std::max<std::uint64_t>(bytesPerPass, 1));
    std::uint64_t passes = 1;
    while (true) {
        auto ms = timeRuns(1, nullptr, [&] { return launch(std::uint32_t(passes)); });
        if (!ms) return makeError(ms.error());
        const double took = ms->front();
        if (took >= kCalibratedMs || passes >= most) {
            const double scaled = took > 0 ? double(passes) * kLaunchMs / took : double(passes);
            const auto found = std::clamp<std::uint64_t>(std::uint64_t(scaled), 1, most);
            // An idle GPU raises its clocks over the first launches (an H200
            // idles at 345 MHz): a launch of the passes found, timed again,
            // that is far short of kLaunchMs was calibrated on slow clocks.
            auto check = timeRuns(1, nullptr, [&] { return launch(std::uint32_t(found)); });
            if (!check) return makeError(check.error());
            const double again = check->front();
            if (again <= 0 || again >= kLaunchMs / 2) return std::uint32_t(found);
            return std::uint32_t(std::clamp<std::uint64_t>(
                std::uint64_t(double(found) * kLaunchMs / again), 1, most));
        }
        passes = std::min(passes * 8, most);
    }
}

double gbPerS(std::uint64_t bytes, double ms) { return ms > 0 ? double(bytes) / (ms * 1e6) : 0; }

struct Reader {
    DeviceBuffer<std::uint32_t> words;
    DeviceBuffer<std::uint64_t> partials;
    atomics::BlockRecordStorage blocks;

    // What is wrong with the last launch's block sums ("" when right).
    Result<std::string> check(std::uint32_t grid, std::uint64_t expected,
                              const std::string& what) const {
        std::vector<std::uint64_t> sums(grid);
        WS_CUDA_TRY(cudaMemcpy(sums.data(), partials.get(), grid * sizeof(std::uint64_t),
                               cudaMemcpyDeviceToHost));
        const std::uint64_t total = std::accumulate(sums.begin(), sums.end(), std::uint64_t(0));
        if (total == expected) return std::string();
        return what + ": the blocks' sums add up to " + std::to_string(total) + ", expected " +
               std::to_string(expected);
    }
};

void addLevelFigures(Run& run, const std::vector<BandwidthPoint>& points, const CacheSizes& sizes,
                     double peakGBs) {
    // L1 from plain loads of sets an SM's L1 holds; L2 from the loads that
    // skip L1, over sets from 1 MiB to half the L2; HBM from plain loads of
    // the largest set four times the L2. Below 1 MiB a set has fewer than 32
    // slices and the blocks an SM holds read the same lines at once, which
    // the SM can merge into one request: 17 TB/s at 32 KiB on the H100,
    // against 15.5 at 1 MiB.
    double l1 = 0, l2 = 0, hbm = 0;
    for (const BandwidthPoint& p : points) {
        if (p.level == BandwidthLevel::L2Only && p.workingSetBytes >= (1u << 20) &&
            p.workingSetBytes * 2 <= sizes.l2Bytes)
            l2 = std::max(l2, p.gbPerS);
        if (p.level != BandwidthLevel::Global) continue;
        if (p.workingSetBytes * 2 <= sizes.l1Bytes) l1 = std::max(l1, p.gbPerS);
        if (sizes.l2Bytes > 0 && p.workingSetBytes >= 4 * sizes.l2Bytes) hbm = p.gbPerS;
    }
    if (l1 > 0) run.figures["l1_gbs"] = l1;
    if (l2 > 0) run.figures["l2_gbs"] = l2;
    if (hbm > 0) {
        run.figures["hbm_gbs"] = hbm;
        if (peakGBs > 0) run.figures["hbm_percent_of_peak"] = hbm / peakGBs * 100;
    }
}

}  // namespace

Result<Run> runBandwidth(const MemkindsSettings& settings, const RunOptions& options,
                         const DeviceInfo& device) {
    const std::uint64_t minBytes = settings.bandwidth.minBytes;
    const std::uint64_t maxBytes = settings.bandwidth.maxBytes;
    const std::uint32_t block = settings.bandwidth.block;
    const std::vector<std::uint64_t> sets = workingSetSweep(minBytes, maxBytes);
    if (sets.empty())
        return makeError("no power of two lies between min_bytes=" + std::to_string(minBytes) +
                         " and max_bytes=" + std::to_string(maxBytes));
    const std::uint64_t largest = sets.back();
    if (sets.front() < kVectorBytes)
        return makeError("working sets start at " + std::to_string(kVectorBytes) + " bytes");

    DeviceInfo limits = device;
    if (Status s = memory::completeLimits(limits, options.device); !s) return makeError(s.error());
    if (Status s = memory::checkShape(limits, "readSet", dim3(1), dim3(block), 0); !s)
        return makeError(s.error());
    auto setPerSm = readSetBlocksPerSm(block);
    if (!setPerSm) return makeError(setPerSm.error());
    auto sharedPerSm = readSharedBlocksPerSm(block);
    if (!sharedPerSm) return makeError(sharedPerSm.error());
    if (*setPerSm < 1 || *sharedPerSm < 1)
        return makeError("block=" + std::to_string(block) +
                         ": the occupancy API fits no block of the reading kernels on an SM");
    const auto sms = std::uint32_t(std::max(limits.smCount, 1));
    const std::uint32_t setGrid = sms * std::uint32_t(*setPerSm);
    const std::uint32_t sharedGrid = sms * std::uint32_t(*sharedPerSm);
    const std::uint32_t mostBlocks = std::max(setGrid, sharedGrid);
    if (Status s = memory::checkFreeMemory(
            "max_bytes=" + bytesText(largest),
            largest +
                std::uint64_t(mostBlocks) * (8 + atomics::BlockRecordStorage::kBytesPerBlock));
        !s)
        return makeError(s.error());

    Reader r;
    for (Status s : {r.words.allocate(largest / 4), r.partials.allocate(mostBlocks),
                     r.blocks.allocate(setGrid)})
        if (!s) return makeError(s.error());
    if (Status s = fillBandwidthData(r.words.get(), largest / kVectorBytes, nullptr); !s)
        return makeError(s.error());

    Run run;
    memory::fillRunHeader(run, "memory-bandwidth", settings.resolved, device);
    Checks checks;
    std::vector<BandwidthPoint> points;
    for (std::uint64_t set : sets) {
        BandwidthPlan plan = planBandwidth(set, setGrid, block, 0);
        auto passes = calibratePasses(planBytesRead(plan), [&](std::uint32_t n) {
            BandwidthPlan trial = plan;
            trial.passes = n;
            return launchReadSet(false, false, trial, r.words.get(), r.partials.get(), {}, nullptr);
        });
        if (!passes) return makeError(passes.error());
        plan.passes = *passes;
        const std::uint64_t expected = planWordSum(plan);
        BandwidthPoint p;
        p.level = BandwidthLevel::Global;
        p.workingSetBytes = set;
        p.bytesRead = planBytesRead(plan);
        const std::string what = "set " + bytesText(set);
        auto launch = [&, plan](bool record) {
            return launchReadSet(record, false, plan, r.words.get(), r.partials.get(),
                                 r.blocks.pointers(), nullptr);
        };
        if (set == largest) {
            int failed = 0;
            TimedLaunch work;
            work.launch = launch;
            // Every launch's sums checked on their own: a launch that wrote
            // none would otherwise pass on the launch before's.
            work.before = [&]() -> Status { return r.partials.fill(0xff); };
            work.check = [&]() -> Result<std::string> {
                auto c = r.check(setGrid, expected, what);
                if (c && !c->empty()) ++failed;
                return c;
            };
            Launch recorded = memory::makeLaunch("readSet (" + bytesText(set) + ")", dim3(setGrid),
                                                 dim3(block), 0);
            if (Status s = timeAndRecord(options, work, r.blocks, double(p.bytesRead), recorded,
                                         run, checks);
                !s)
                return makeError(s.error());
            run.launches.push_back(std::move(recorded));
            p.ms = run.timing.kernelMs;
            p.verified = failed == 0;
        } else {
            if (Status s = r.partials.fill(0xff); !s) return makeError(s.error());
            auto ms = timeRuns(kPointRepetitions, nullptr, [&] { return launch(false); });
            if (!ms) return makeError(ms.error());
            auto c = r.check(setGrid, expected, what);
            if (!c) return makeError(c.error());
            checks.add(c->empty(), *c);
            p.ms = medianOf(*ms);
            p.verified = c->empty();
        }
        p.gbPerS = gbPerS(p.bytesRead, p.ms);
        points.push_back(p);
    }

    // The same reads skipping L1, up to twice the L2's size: L2 alone, then HBM.
    const std::uint64_t l2Bytes = std::uint64_t(std::max(limits.l2CacheBytes, 0));
    for (std::uint64_t set : sets) {
        if (set > 2 * l2Bytes) break;
        BandwidthPlan plan = planBandwidth(set, setGrid, block, 0);
        auto launch = [&](const BandwidthPlan& pl) {
            return launchReadSet(false, true, pl, r.words.get(), r.partials.get(), {}, nullptr);
        };
        auto passes = calibratePasses(planBytesRead(plan), [&](std::uint32_t n) {
            BandwidthPlan trial = plan;
            trial.passes = n;
            return launch(trial);
        });
        if (!passes) return makeError(passes.error());
        plan.passes = *passes;
        if (Status s = r.partials.fill(0xff); !s) return makeError(s.error());
        auto ms = timeRuns(kPointRepetitions, nullptr, [&] { return launch(plan); });
        if (!ms) return makeError(ms.error());
        auto c = r.check(setGrid, planWordSum(plan), "set " + bytesText(set) + " through L2 only");
        if (!c) return makeError(c.error());
        checks.add(c->empty(), *c);
        BandwidthPoint p;
        p.level = BandwidthLevel::L2Only;
        p.workingSetBytes = set;
        p.bytesRead = planBytesRead(plan);
        p.ms = medianOf(*ms);
        p.gbPerS = gbPerS(p.bytesRead, p.ms);
        p.verified = c->empty();
        points.push_back(p);
    }

    // Shared memory: every block its own 32 KiB.
    auto calibrated =
        calibratePasses(std::uint64_t(sharedGrid) * kSharedReadBytes, [&](std::uint32_t n) {
            return launchReadShared(false, sharedGrid, block, n, r.partials.get(), {}, nullptr);
        });
    if (!calibrated) return makeError(calibrated.error());
    const std::uint32_t passes = *calibrated;
    const std::uint64_t sharedExpected = sharedBlockSum(passes) * sharedGrid;
    if (Status s = r.partials.fill(0xff); !s) return makeError(s.error());
    auto ms = timeRuns(kPointRepetitions, nullptr, [&] {
        return launchReadShared(false, sharedGrid, block, passes, r.partials.get(), {}, nullptr);
    });
    if (!ms) return makeError(ms.error());
    auto c = r.check(sharedGrid, sharedExpected, "shared memory");
    if (!c) return makeError(c.error());
    checks.add(c->empty(), *c);
    BandwidthPoint shared;
    shared.level = BandwidthLevel::Shared;
    shared.workingSetBytes = kSharedReadBytes;
    shared.bytesRead = std::uint64_t(sharedGrid) * passes * kSharedReadBytes;
    shared.ms = medianOf(*ms);
    shared.gbPerS = gbPerS(shared.bytesRead, shared.ms);
    shared.verified = c->empty();
    points.push_back(shared);

    run.verification = checks.verification(
        "every launch's block sums add up to the words it read (word i = i * 2654435761 >> 7, "
        "summed in closed form)",
        "exact: every working set's checksum and the shared-memory point's");
    run.tables.push_back(bandwidthTable(points));
    run.figures["grid"] = setGrid;
    run.figures["blocks_per_sm"] = *setPerSm;
    run.figures["shared_gbs"] = shared.gbPerS;
    for (const BandwidthPoint& p : points)
        if (p.level == BandwidthLevel::Global && p.workingSetBytes == largest)
            run.figures["largest_set_gbs"] = p.gbPerS;
    addLevelFigures(run, points, cacheSizes(limits), limits.memBandwidthGBs);
    return run;
}

}  // namespace ws::memkinds
