#include "core/lesson/run_figures.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/common/digit_groups.h"
#include "core/figures/block_stats.h"
#include "core/figures/run_comparison.h"
#include "core/memory/bank_probe_cycles.h"
#include "core/profile/counter_catalog.h"
#include "core/profile/stall_lines.h"
#include "core/profile/stall_reasons.h"
#include "core/reduction/step_costs.h"

namespace ws::lesson {

namespace {

// A stored figure's unit from its name's ending, as the labs name them
// ("maxBusyNs", "mul24Ms", "overheadPercent", "copyKernelGBs",
// "overlapFraction"); times in nanoseconds read in microseconds and
// fractions in percent, as the views print them.
RunFigure stored(const std::string& name, double value) {
    auto endsWith = [&](const char* suffix) {
        const std::string s(suffix);
        return name.size() > s.size() && name.compare(name.size() - s.size(), s.size(), s) == 0;
    };
    if (endsWith("Ns")) return {value / 1000, "µs"};
    if (endsWith("Us")) return {value, "µs"};
    if (endsWith("Ms")) return {value, "ms"};
    if (endsWith("Percent")) return {value, "%"};
    if (endsWith("Fraction")) return {value * 100, "%"};
    if (endsWith("GBs")) return {value, "GB/s"};
    if (endsWith("Gflops")) return {value, "GFLOP/s"};
    if (endsWith("Elements") && value >= 1000) {
        // An interpolated size, read as the CPU-against-GPU chart writes it:
        // three significant digits ("about 30,800", where the caption said
        // "30,802" beside it), millions in words.
        const double step = std::pow(10.0, std::floor(std::log10(value)) - 2);
        const double rounded = std::round(value / step) * step;
        return {rounded, "", rounded < 1e6};
    }
    const bool whole = std::floor(value) == value && std::fabs(value) < 1e15;
    return {value, "", whole};
}

// First start to last end of every block record of the run, in µs.
double spanUs(const Run& run) {
    std::uint64_t first = 0, last = 0;
    bool any = false;
    for (const Launch& l : run.launches)
        for (std::size_t i = 0; i < l.blocks.size(); ++i) {
            if (!any || l.blocks.startNs[i] < first) first = l.blocks.startNs[i];
            if (!any || l.blocks.endNs[i] > last) last = l.blocks.endNs[i];
            any = true;
        }
    return any && last > first ? double(last - first) / 1000 : 0;
}

// The idle time between the first two launches: the second's first block
// start after the first's last block end (0 where they overlap).
std::optional<double> launchGapUs(const Run& run) {
    if (run.launches.size() < 2) return std::nullopt;
    const BlockRecords& a = run.launches[0].blocks;
    const BlockRecords& b = run.launches[1].blocks;
    if (a.size() == 0 || b.size() == 0) return std::nullopt;
    const auto lastEnd = *std::max_element(a.endNs.begin(), a.endNs.end());
    const auto firstStart = *std::min_element(b.startNs.begin(), b.startNs.end());
    return firstStart > lastEnd ? double(firstStart - lastEnd) / 1000 : 0.0;
}

// The last-block guard of the first launch that recorded arrivals: which
// blocks drew the first two tickets and the last, and how close together
// all arrivals fell.
void addArrivalFigures(const Run& run, std::map<std::string, RunFigure>& f) {
    for (const Launch& l : run.launches) {
        const ArrivalRecords& a = l.arrivals;
        if (a.size() == 0) continue;
        std::vector<std::size_t> order(a.size());
        for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
        std::sort(order.begin(), order.end(),
                  [&](std::size_t x, std::size_t y) { return a.counter[x] < a.counter[y]; });
        f["first_ticket_block"] = {double(a.block[order.front()]), "", true};
        if (order.size() > 1) f["second_ticket_block"] = {double(a.block[order[1]]), "", true};
        f["last_ticket"] = {double(a.counter[order.back()]), "", true};
        f["merging_block"] = {double(a.block[order.back()]), "", true};
        f["arrivals"] = {double(a.size()), "", true};
        const auto [lo, hi] = std::minmax_element(a.timeNs.begin(), a.timeNs.end());
        f["arrival_spread_us"] = {double(*hi - *lo) / 1000, "µs"};
        return;
    }
}

// The fewest and the most blocks one SM ran in the launch of most blocks,
// of the SMs that ran any, as the statistics view counts them.
std::optional<std::pair<std::uint32_t, std::uint32_t>> blocksPerSmRange(const Run& run) {
    const Launch* busiest = nullptr;
    for (const Launch& l : run.launches)
        if (!busiest || l.blocks.size() > busiest->blocks.size()) busiest = &l;
    if (!busiest || busiest->blocks.size() == 0) return std::nullopt;
    std::optional<std::pair<std::uint32_t, std::uint32_t>> range;
    for (std::uint32_t n : blockStats(busiest->blocks).blocksPerSm) {
        if (n == 0) continue;
        if (!range) range = std::pair{n, n};
        range->first = std::min(range->first, n);
        range->second = std::max(range->second, n);
    }
    return range;
}

}  // namespace

const std::vector<std::string>& standardFigureNames() {
    static const std::vector<std::string> names = {
        "kernel_ms", "kernel_us",     "recorded_ms", "overhead",   "cv",     "throughput",
        "gflops",    "cpu_ms",        "transfer_ms", "launches",   "blocks", "sms",
        "waves",     "blocks_per_sm", "span_us",     "repetitions"};
    return names;
}

// A run recorded with --why: each stall reason's share of the kernel's
// samples ("stall_long_scoreboard", CUPTI's name without its prefix), what
// sampling cost, and the counters a lesson reads out (bytes in MB, bank
// conflicts, achieved occupancy).
static void addProfileFigures(const RunProfile& p, std::map<std::string, RunFigure>& f) {
    const auto functions = sampledFunctions(p);
    if (!functions.empty()) {
        for (const ReasonShare& r : reasonShares(p, functions.front()))
            f["stall_" + stallReasonKey(r.cuptiName)] = {100 * r.share, "%"};
        f["stall_samples"] = {double(p.totalSamples), "", true};
        f["sampling_cost"] = {p.samplingOverheadPercent(), "%"};
    }
    if (!p.hasCounters()) return;
    auto c = [&](std::string_view metric) { return counterTotal(p, metric); };
    f["dram_read_mb"] = {c("dram__bytes_read.sum") / 1e6, "MB"};
    f["dram_write_mb"] = {c("dram__bytes_write.sum") / 1e6, "MB"};
    f["l2_mb"] = {c("lts__t_bytes.sum") / 1e6, "MB"};
    f["l1_mb"] = {c("l1tex__t_bytes.sum") / 1e6, "MB"};
    f["bank_conflicts"] = {c("l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum") +
                               c("l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum"),
                           "", true};
    f["occupancy"] = {c("sm__warps_active.avg.pct_of_peak_sustained_active"), "%"};
}

std::map<std::string, RunFigure> runFigures(const Run& run) {
    std::map<std::string, RunFigure> f;
    for (const auto& [name, value] : run.figures) f[name] = stored(name, value);
    const Timing& t = run.timing;
    f["kernel_ms"] = {t.kernelMs, "ms"};
    f["kernel_us"] = {t.kernelMs * 1000, "µs"};
    f["recorded_ms"] = {t.recordedKernelMs, "ms"};
    f["overhead"] = {t.overheadPercent, "%"};
    f["cv"] = {t.kernelCvPercent, "%"};
    f["throughput"] = {t.gbPerS(), "GB/s"};
    f["gflops"] = {t.gflopPerS(), "GFLOP/s"};
    f["cpu_ms"] = {t.cpuMs, "ms"};
    f["transfer_ms"] = {t.transferMs, "ms"};
    f["repetitions"] = {double(t.repetitions), "", true};
    f["launches"] = {double(run.launches.size()), "", true};
    std::size_t blocks = 0;
    for (const Launch& l : run.launches) blocks += l.blocks.size();
    f["blocks"] = {double(blocks), "", true};
    f["sms"] = {double(run.device.smCount), "", true};
    f["waves"] = {double(waveCount(run)), "", true};
    f["blocks_per_sm"] = {meanBlocksPerSm(run), ""};
    // Blocks of unequal times leave SMs with unequal counts, and the busiest
    // slots with more waves than blocks over slots: the range says so.
    if (const auto range = blocksPerSmRange(run)) {
        f["blocks_per_sm_min"] = {double(range->first), "", true};
        f["blocks_per_sm_max"] = {double(range->second), "", true};
    }
    f["span_us"] = {spanUs(run), "µs"};
    f["timer_tick_ns"] = {double(run.device.timerTickNs), "ns", true};
    f["sm_clock_mhz"] = {double(run.device.smClockKHz) / 1000, "MHz", true};
    f["peak_gbs"] = {run.device.memBandwidthGBs, "GB/s"};
    // Block 0's traced reduction steps in the first launch, as the
    // divergence view counts them: clock64 cycles from its first step to
    // its end, and how many steps had warps with some lanes idle.
    if (!run.launches.empty()) {
        const std::vector<StepCost> steps = stepCosts(run.launches.front(), 0);
        if (!steps.empty()) {
            double cycles = 0, divergent = 0;
            for (const StepCost& s : steps) {
                cycles += double(std::max<std::int64_t>(0, s.cycles));
                divergent += s.divergentWarps > 0;
            }
            f["step_cycles"] = {cycles, "cycles", true};
            f["steps"] = {double(steps.size()), "", true};
            f["divergent_steps"] = {divergent, "", true};
            // The first traced step alone: in a kernel that sums many inputs
            // per thread first, the loading loop.
            f["first_step_cycles"] = {double(std::max<std::int64_t>(0, steps.front().cycles)),
                                      "cycles", true};
        }
    }
    if (const auto gap = launchGapUs(run)) f["launch_gap_us"] = {*gap, "µs"};
    addProfileFigures(run.profile, f);
    addArrivalFigures(run, f);
    // A bank probe's measured cycles per shared-memory access, and the
    // passes the bank analysis gives its pattern, as the throughput plot shows them.
    if (const auto probe = probeCycles(run)) {
        f["load_cycles"] = {probe->loadCycles, "cycles"};
        f["store_cycles"] = {probe->storeCycles, "cycles"};
        f["passes"] = {double(probe->passes), "", true};
        f["ideal_passes"] = {double(probe->idealPasses), "", true};
    }
    return f;
}

std::string formatFigure(const RunFigure& figure, std::optional<int> decimals) {
    const double v = figure.value;
    int d = 0;
    if (decimals) {
        d = std::max(0, *decimals);
    } else if (!figure.whole) {
        // Three significant digits, never fewer than the whole part.
        const double a = std::fabs(v);
        d = a == 0 || a >= 100 ? 0 : a >= 10 ? 1 : a >= 1 ? 2 : 2 - int(std::floor(std::log10(a)));
        d = std::min(d, 6);
    }
    if (figure.unit == "GFLOP/s" && std::fabs(v) >= 1e5) {
        // The tensor cores' rates, hundreds of thousands of GFLOP/s, as
        // their datasheets say them: "866 TFLOP/s".
        return formatFigure(RunFigure{v / 1000, "TFLOP/s"}, decimals);
    }
    if (figure.unit.empty() && !figure.whole && !decimals && std::fabs(v) >= 1e6) {
        // Rates of millions and billions as people say them: "1.35 billion".
        const bool billions = std::fabs(v) >= 1e9;
        RunFigure scaled{v / (billions ? 1e9 : 1e6), ""};
        return formatFigure(scaled) + (billions ? " billion" : " million");
    }
    std::string number;
    if (d == 0 && std::fabs(v) >= 1000 && std::fabs(v) < 1.8e19) {
        // Whole numbers as people read them: 1,048,576.
        if (v < 0) number = "-";
        number += groupedDigits(std::uint64_t(std::llround(std::fabs(v))));
    } else {
        char text[64];
        std::snprintf(text, sizeof text, "%.*f", d, v);
        number = text;
    }
    if (figure.unit.empty()) return number;
    if (figure.unit == "×") return number + "×";
    // A no-break space keeps a number and its unit on one line of a caption.
    return number + "\u00a0" + figure.unit;
}

}  // namespace ws::lesson
