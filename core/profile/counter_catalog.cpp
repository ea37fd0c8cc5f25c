#include "core/profile/counter_catalog.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/common/digit_groups.h"

namespace ws {

namespace {

std::string printed(const char* format, double value) {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, format, value);
    return buffer;
}

// Three significant digits: "4.19", "41.9", "419".
std::string threeDigits(double value) {
    const double a = std::fabs(value);
    return printed(a >= 100 ? "%.0f" : a >= 10 ? "%.1f" : "%.2f", value);
}

// `value` in the largest of `units` (steps of 1000, each with its leading
// space) that keeps it at 1 or more; whole numbers of the first unit stay
// whole ("512 B", not "512.00 B").
std::string scaled(double value, const std::vector<const char*>& units) {
    std::size_t i = 0;
    while (i + 1 < units.size() && std::fabs(value) >= 1000) {
        value /= 1000;
        ++i;
    }
    if (i == 0 && value == std::floor(value)) return printed("%.0f", value) + units[0];
    return threeDigits(value) + units[i];
}

const ProfileCounter* findMeasured(const RunProfile& profile, const std::string& kernel,
                                   std::string_view metric) {
    for (const ProfileCounter& c : profile.counters)
        if (c.kernel == kernel && c.metric == metric) return &c;
    return nullptr;
}

CounterUnit unitFromName(std::string_view metric) {
    if (metric.find("pct") != std::string_view::npos) return CounterUnit::Percent;
    if (metric.find("bytes") != std::string_view::npos) return CounterUnit::Bytes;
    if (metric.find("time_duration") != std::string_view::npos) return CounterUnit::Nanoseconds;
    return CounterUnit::Count;
}

}  // namespace

const std::vector<CounterInfo>& recordedCounters() {
    static const std::vector<CounterInfo> counters = {
        {"dram__bytes_read.sum", "bytes read from device memory (DRAM)", CounterUnit::Bytes},
        {"dram__bytes_write.sum", "bytes written to device memory (DRAM)", CounterUnit::Bytes},
        {"lts__t_bytes.sum", "bytes through the L2 cache", CounterUnit::Bytes},
        {"l1tex__t_bytes.sum", "bytes through the L1 cache", CounterUnit::Bytes},
        {"l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum",
         "shared-memory bank conflicts on loads (extra passes)", CounterUnit::Count},
        {"l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum",
         "shared-memory bank conflicts on stores (extra passes)", CounterUnit::Count},
        {"sm__warps_active.avg.pct_of_peak_sustained_active", "achieved occupancy",
         CounterUnit::Percent},
        {"sm__throughput.avg.pct_of_peak_sustained_elapsed", "SM throughput, of its peak",
         CounterUnit::Percent},
        {"gpu__compute_memory_throughput.avg.pct_of_peak_sustained_elapsed",
         "memory throughput, of its peak", CounterUnit::Percent},
        {"gpu__time_duration.sum", "kernel time (under the profiler)", CounterUnit::Nanoseconds},
        {"smsp__inst_executed.sum", "warp instructions executed", CounterUnit::Count},
        {"smsp__sass_thread_inst_executed_op_ffma_pred_on.sum",
         "fused multiply-adds (FFMA), per thread", CounterUnit::Count},
        {"smsp__sass_thread_inst_executed_op_fadd_pred_on.sum", "adds (FADD), per thread",
         CounterUnit::Count},
        {"smsp__sass_thread_inst_executed_op_fmul_pred_on.sum", "multiplies (FMUL), per thread",
         CounterUnit::Count},
    };
    return counters;
}

std::vector<std::string> recordedCounterNames() {
    std::vector<std::string> names;
    for (const CounterInfo& c : recordedCounters()) names.emplace_back(c.metric);
    return names;
}

double counterTotal(const RunProfile& profile, std::string_view metric) {
    double total = 0;
    for (const ProfileCounter& c : profile.counters)
        if (c.metric == metric) total += c.value;
    return total;
}

std::optional<LevelBytes> measuredLevelBytes(const RunProfile& profile) {
    LevelBytes b;
    b.dram = counterTotal(profile, "dram__bytes_read.sum") +
             counterTotal(profile, "dram__bytes_write.sum");
    if (b.dram <= 0) return std::nullopt;
    b.l2 = counterTotal(profile, "lts__t_bytes.sum");
    b.l1 = counterTotal(profile, "l1tex__t_bytes.sum");
    return b;
}

const CounterInfo* findCounter(std::string_view metric) {
    for (const CounterInfo& c : recordedCounters())
        if (c.metric == metric) return &c;
    return nullptr;
}

std::string formatCounterValue(double value, CounterUnit unit) {
    switch (unit) {
        case CounterUnit::Bytes:
            return scaled(value, {" B", " KB", " MB", " GB", " TB"});
        case CounterUnit::Percent:
            return printed("%.1f %%", value);
        case CounterUnit::Nanoseconds:
            return scaled(value, {" ns", " µs", " ms", " s"});
        case CounterUnit::Count:
            break;
    }
    // Exact below ten thousand, where every digit still reads at a glance.
    if (std::fabs(value) < 10000 && value == std::floor(value)) {
        std::string digits = groupedDigits(std::uint64_t(std::fabs(value)));
        if (value < 0) digits.insert(digits.begin(), '-');
        return digits;
    }
    if (std::fabs(value) < 10000) return threeDigits(value);
    return scaled(value, {"", " k", " M", " G", " T"});
}

std::optional<double> CounterRow::ratio() const {
    if (!predicted || *predicted <= 0) return std::nullopt;
    return measured / *predicted;
}

std::vector<std::string> profiledKernels(const RunProfile& profile) {
    std::vector<std::string> kernels;
    for (const ProfileCounter& c : profile.counters)
        if (std::find(kernels.begin(), kernels.end(), c.kernel) == kernels.end())
            kernels.push_back(c.kernel);
    return kernels;
}

std::vector<CounterRow> counterTable(const RunProfile& profile, const std::string& kernel,
                                     const std::map<std::string, double>& predicted) {
    std::vector<CounterRow> rows;
    auto add = [&](std::string_view metric, std::string_view words, CounterUnit unit,
                   double measured) {
        CounterRow row{std::string(metric), std::string(words), unit, measured, std::nullopt};
        if (const auto p = predicted.find(row.metric); p != predicted.end())
            row.predicted = p->second;
        rows.push_back(std::move(row));
    };
    auto measured = [&](std::string_view metric) { return findMeasured(profile, kernel, metric); };

    // The derived rows follow the last of their parts.
    auto addDerived = [&](std::string_view after) {
        const ProfileCounter* read = measured("dram__bytes_read.sum");
        const ProfileCounter* write = measured("dram__bytes_write.sum");
        if (after == "dram__bytes_write.sum" && read && write && !measured(kDramBytesMetric))
            add(kDramBytesMetric, "bytes to and from device memory (DRAM)", CounterUnit::Bytes,
                read->value + write->value);
        const ProfileCounter* ffma =
            measured("smsp__sass_thread_inst_executed_op_ffma_pred_on.sum");
        const ProfileCounter* fadd =
            measured("smsp__sass_thread_inst_executed_op_fadd_pred_on.sum");
        const ProfileCounter* fmul =
            measured("smsp__sass_thread_inst_executed_op_fmul_pred_on.sum");
        if (after == "smsp__sass_thread_inst_executed_op_fmul_pred_on.sum" && ffma && fadd &&
            fmul && !measured(kFlopsMetric))
            add(kFlopsMetric, "single-precision FLOPs (two per FMA)", CounterUnit::Count,
                2 * ffma->value + fadd->value + fmul->value);
    };
    for (const CounterInfo& c : recordedCounters()) {
        if (const ProfileCounter* m = measured(c.metric)) add(c.metric, c.words, c.unit, m->value);
        addDerived(c.metric);
    }
    for (const ProfileCounter& c : profile.counters)
        if (c.kernel == kernel && !findCounter(c.metric))
            add(c.metric, c.metric, unitFromName(c.metric), c.value);
    return rows;
}

}  // namespace ws
