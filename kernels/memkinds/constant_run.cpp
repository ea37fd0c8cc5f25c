// constant-memory on the host: the __constant__ array and its global copy
// hold constantValue(word); for each distinct count (1, 2, 4 ... 32) and each
// path one launch of one warp, its clock64 span per load a ConstantPoint,
// every lane's sums checked against expectedLaneSum. The run's timed kernel
// is the constant path at the `distinct` parameter, repeated; its recording
// build gives the block record.
#include "core/memkinds/constant_broadcast.h"
#include "core/memkinds/memkinds_tables.h"
#include "kernels/common/memory_launch.h"
#include "kernels/memkinds/constant_kernels.h"
#include "kernels/memkinds/memkinds_experiments.h"
#include "kernels/memkinds/memkinds_launch.h"

namespace ws::memkinds {

namespace {

struct WarpReads {
    DeviceBuffer<std::uint32_t> words;
    DeviceBuffer<std::uint64_t> sums, warmSums;
    DeviceBuffer<std::int64_t> cycles;
    atomics::BlockRecordStorage blocks;
    WarpReadArgs args;

    // 0xff in every output first: a launch that wrote nothing fails its check.
    Status reset() {
        for (Status s : {sums.fill(0xff), warmSums.fill(0xff), cycles.fill(0xff)})
            if (!s) return s;
        return {};
    }
    Status launch(ConstantPath path, bool record) {
        return launchWarpReads(path, record, args, blocks.pointers(), nullptr);
    }
    // What is wrong with the last launch's sums ("" when right), and its cycles.
    Result<std::string> check(ConstantPath path) const {
        std::vector<std::uint64_t> got, warm;
        if (Status s = atomics::toHost(sums, got); !s) return makeError(s.error());
        if (Status s = atomics::toHost(warmSums, warm); !s) return makeError(s.error());
        for (std::uint32_t lane = 0; lane < 32; ++lane) {
            const std::uint64_t want = expectedLaneSum(lane, args.distinct, args.loads);
            const std::uint64_t wantWarm = expectedLaneSum(lane, args.distinct, warmupSteps());
            if (got[lane] == want && warm[lane] == wantWarm) continue;
            return std::string(constantPathName(path)) + ", " + std::to_string(args.distinct) +
                   " distinct: lane " + std::to_string(lane) + " summed " +
                   std::to_string(got[lane]) + " (warm-up " + std::to_string(warm[lane]) +
                   "), expected " + std::to_string(want) + " (" + std::to_string(wantWarm) + ")";
        }
        return std::string();
    }
    Result<std::int64_t> span() const {
        std::int64_t c = 0;
        WS_CUDA_TRY(cudaMemcpy(&c, cycles.get(), sizeof c, cudaMemcpyDeviceToHost));
        return c;
    }
};

}  // namespace

Result<Run> runConstant(const MemkindsSettings& settings, const RunOptions& options,
                        const DeviceInfo& device) {
    const std::uint32_t chosen = settings.constant.distinct;
    const std::uint32_t loads = settings.constant.loads;
    if (chosen < 1 || chosen > 32) return makeError("distinct must be 1 to 32");

    WarpReads w;
    std::vector<std::uint32_t> values(kConstantWords);
    for (std::uint32_t i = 0; i < kConstantWords; ++i) values[i] = constantValue(i);
    if (Status s = atomics::toDevice(w.words, values); !s) return makeError(s.error());
    if (Status s = uploadConstantWords(values.data()); !s) return makeError(s.error());
    for (Status s :
         {w.sums.allocate(32), w.warmSums.allocate(32), w.cycles.allocate(1), w.blocks.allocate(1)})
        if (!s) return makeError(s.error());
    w.args.words = w.words.get();
    w.args.sums = w.sums.get();
    w.args.warmSums = w.warmSums.get();
    w.args.cycles = w.cycles.get();
    w.args.loads = loads;

    Run run;
    memory::fillRunHeader(run, "constant-memory", settings.resolved, device);
    Checks checks;
    std::vector<ConstantPoint> points;
    for (ConstantPath path : {ConstantPath::Constant, ConstantPath::Global, ConstantPath::ReadOnly})
        for (std::uint32_t distinct : distinctCounts()) {
            w.args.distinct = distinct;
            for (Status s : {w.reset(), w.launch(path, false)})
                if (!s) return makeError(s.error());
            auto wrong = w.check(path);
            if (!wrong) return makeError(wrong.error());
            auto cycles = w.span();
            if (!cycles) return makeError(cycles.error());
            checks.add(wrong->empty(), *wrong);
            ConstantPoint p;
            p.path = path;
            p.distinct = distinct;
            p.cyclesPerLoad = double(*cycles) / double(loads);
            p.verified = wrong->empty();
            points.push_back(p);
            run.figures[std::string(constantPathName(path)) + "_cycles_" +
                        std::to_string(distinct)] = p.cyclesPerLoad;
        }

    // The chosen count on the constant path, timed and recorded.
    w.args.distinct = chosen;
    TimedLaunch work;
    work.launch = [&](bool record) { return w.launch(ConstantPath::Constant, record); };
    work.before = [&] { return w.reset(); };
    work.check = [&] { return w.check(ConstantPath::Constant); };
    Launch launch = memory::makeLaunch(
        "warpReads (constant, " + std::to_string(chosen) + " distinct)", dim3(1), dim3(32), 0);
    if (Status s = timeAndRecord(options, work, w.blocks, 0, launch, run, checks); !s)
        return makeError(s.error());
    run.launches.push_back(std::move(launch));
    auto cycles = w.span();
    if (!cycles) return makeError(cycles.error());

    run.verification = checks.verification(
        "every lane's sum of constantValue over its words (expectedLaneSum), timed loop and "
        "warm-up pass",
        "exact: all 32 lanes of every path and distinct count");
    run.tables.push_back(constantTable(points));
    const std::vector<std::uint32_t> lanes = laneIndices(chosen);
    run.figures["constant_passes"] = constantPasses(lanes);
    run.figures["sectors_touched"] = sectorsTouched(lanes);
    run.figures["constant_cycles"] = double(*cycles) / double(loads);
    const double one = run.figures["constant_cycles_1"];
    if (one > 0) run.figures["constant_slowdown_32"] = run.figures["constant_cycles_32"] / one;
    return run;
}

}  // namespace ws::memkinds
