// The contention experiment on the host: the chosen point timed plain and
// recording and checked, then the curve from 32 threads up to it, each point
// timed and checked too, kept in Run::tables "curve".
#include <numeric>

#include "core/atomics/contention_model.h"
#include "kernels/atomics/atomics_experiments.h"
#include "kernels/atomics/atomics_records.h"
#include "kernels/atomics/atomics_timing.h"
#include "kernels/atomics/contention_kernels.h"
#include "kernels/common/event_timing.h"
#include "kernels/common/kernel_observer.h"
#include "kernels/common/memory_launch.h"
#include "kernels/common/paired_timing.h"

namespace ws::atomics {

namespace {

constexpr int kCurveRepetitions = 7;

struct Contention {
    DeviceBuffer<std::uint32_t> counters;
    DeviceBuffer<std::uint64_t> tickets;
    BlockRecordStorage blocks;
    ContentionArgs args;
    std::uint32_t block = 256;

    std::uint32_t grid() const { return (args.threads + block - 1) / block; }
    Status reset() { return counters.fill(0); }
    Status launch(bool record) {
        return launchContention(record, grid(), block, args, blocks.pointers(), nullptr);
    }
    Result<Verification> verify() {
        std::vector<std::uint32_t> all;
        std::vector<std::uint64_t> sums;
        if (Status s = toHost(counters, all); !s) return makeError(s.error());
        if (Status s = toHost(tickets, sums); !s) return makeError(s.error());
        std::vector<std::uint32_t> used(args.addresses);
        for (std::uint32_t a = 0; a < args.addresses; ++a)
            used[a] = all[std::size_t(a) * args.spacingWords];
        const std::uint64_t ticketSum =
            std::accumulate(sums.begin(), sums.begin() + grid(), std::uint64_t(0));
        return verifyContention(used, ticketSum, args.threads, args.perThread);
    }
};

double atomicsPerSecond(const Contention& c, double ms) {
    return ms > 0 ? double(c.args.threads) * c.args.perThread / (ms * 1e-3) : 0;
}

}  // namespace

Result<TimedRun> runContention(const AtomicsSettings& settings, const RunOptions& options,
                               const DeviceInfo& device) {
    const ContentionSettings& s = settings.contention;
    Contention c;
    c.block = s.block;
    c.args.threads = s.threads;
    c.args.addresses = s.addresses;
    c.args.perThread = s.perThread;
    c.args.spacingWords = s.spacingWords;
    DeviceInfo limits = device;
    if (Status s = memory::completeLimits(limits, options.device); !s) return makeError(s.error());
    if (Status s = memory::checkShape(limits, "contend", dim3(c.grid()), dim3(c.block), 0); !s)
        return makeError(s.error());
    const std::uint64_t words = std::uint64_t(c.args.addresses) * c.args.spacingWords;
    if (Status s = memory::checkFreeMemory(
            "addresses=" + std::to_string(c.args.addresses),
            words * 4 + std::uint64_t(c.grid()) * (8 + BlockRecordStorage::kBytesPerBlock));
        !s)
        return makeError(s.error());
    for (Status s :
         {c.counters.allocate(words), c.tickets.allocate(c.grid()), c.blocks.allocate(c.grid())})
        if (!s) return makeError(s.error());
    c.args.counters = c.counters.get();
    c.args.blockTickets = c.tickets.get();

    const int repetitions = std::max(1, options.repetitions);
    auto before = [&] { return c.reset(); };
    TimedRun out;
    auto times = timePlainAndRecorded(repetitions, options.measureOverhead,
                                      {.plain = [&] { return c.launch(false); },
                                       .recorded = [&] { return c.launch(true); },
                                       .before = before,
                                       .verify = [&] { return c.verify(); }});
    if (!times) return makeError(times.error());
    out.plainMs = std::move(times->plainMs);
    out.recordedMs = std::move(times->recordedMs);
    const Verification* plainCheck = &times->plainCheck;
    const Verification* check = &times->recordedCheck;

    Run& run = out.run;
    memory::fillRunHeader(run, "atomic-contention", settings.resolved, device);
    run.verification = *check;
    if (!plainCheck->passed) {
        run.verification.passed = false;
        run.verification.note = "the launches without recording failed: " + plainCheck->note;
    }
    // Its 256 bytes of warp tickets are static shared memory: the launch passes
    // none, and the record holds what the launch passes.
    Launch launch = memory::makeLaunch("contend", dim3(c.grid()), dim3(c.block), 0);
    if (Status s = c.blocks.download(launch.blocks); !s) return makeError(s.error());
    run.launches.push_back(std::move(launch));
    fillKernelTiming(run.timing, out.plainMs, out.recordedMs, options.measureOverhead);

    // The curve: the same addresses and spacing for fewer threads, each
    // point checked before its time counts.
    std::vector<ContentionPoint> curve;
    const std::uint32_t chosen = c.args.threads;
    for (std::uint32_t threads : curveThreadCounts(chosen)) {
        c.args.threads = threads;
        std::vector<double> ms;
        if (threads == chosen) {
            ms = out.plainMs;
        } else {
            auto times = timeRuns(
                kCurveRepetitions, nullptr, [&] { return c.launch(false); }, before);
            if (!times) return makeError(times.error());
            ms = std::move(*times);
            auto v = c.verify();
            if (!v) return makeError(v.error());
            if (!v->passed) {
                run.verification.passed = false;
                run.verification.note += "; the curve's point at " + std::to_string(threads) +
                                         " threads failed: " + v->note;
            }
        }
        const auto [lo, hi] = std::minmax_element(ms.begin(), ms.end());
        const double median = medianOf(ms);
        curve.push_back({threads, atomicsPerSecond(c, median), median, *lo, *hi});
    }
    c.args.threads = chosen;
    run.tables.push_back(contentionCurveTable(curve));
    run.figures["atomicsPerSecond"] = atomicsPerSecond(c, run.timing.kernelMs);
    const double perAddress = double(chosen) * c.args.perThread / c.args.addresses;
    run.figures["nsPerAtomicPerAddress"] = run.timing.kernelMs * 1e6 / perAddress;
    return out;
}

}  // namespace ws::atomics
