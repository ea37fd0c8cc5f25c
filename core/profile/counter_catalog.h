#pragma once
// The hardware counters warpscope records (Perfworks metrics, as Nsight
// Compute names them), each in plain words with its unit, and the table a
// view shows: what was measured, what a model predicted, and their ratio.
// The recorder asks CUPTI for recordedCounterNames(), so adding a counter
// here is all it takes to record and show one more.
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/run/run_profile.h"

namespace ws {

enum class CounterUnit { Bytes, Percent, Count, Nanoseconds };

struct CounterInfo {
    std::string_view metric;  // "dram__bytes_read.sum"
    std::string_view words;   // "bytes read from device memory (DRAM)"
    CounterUnit unit;
};

// In the order a table shows them: memory traffic from DRAM inwards, then
// how busy the SMs were, then the time and the work done.
const std::vector<CounterInfo>& recordedCounters();
std::vector<std::string> recordedCounterNames();
const CounterInfo* findCounter(std::string_view metric);

// A counter's value added over the profile's ranges (warpscope records one,
// the timed work), 0 where it was not measured: what a lesson, the compare
// table and the roofline read out of a profile.
double counterTotal(const RunProfile& profile, std::string_view metric);

// The bytes the counters measured at each level of the memory, for a
// roofline point per level: DRAM (read and written), L2 and L1. Empty where
// the profile holds no DRAM counters.
struct LevelBytes {
    double dram = 0, l2 = 0, l1 = 0;
};
std::optional<LevelBytes> measuredLevelBytes(const RunProfile& profile);

// Rows a table adds from counters it was given, under the names Nsight
// Compute (and nvprof before it) use for them: all of DRAM's bytes, read and
// written; and single-precision FLOPs, two per FMA (ffma, fadd and fmul
// counted with their predicate on, per thread).
inline constexpr std::string_view kDramBytesMetric = "dram__bytes.sum";
inline constexpr std::string_view kFlopsMetric = "flop_count_sp";

// "4.19 MB" (decimal units, as GB/s elsewhere), "78.4 %", "2.62 M",
// "1,234", "14.3 µs".
std::string formatCounterValue(double value, CounterUnit unit);

struct CounterRow {
    std::string metric;
    std::string words;
    CounterUnit unit = CounterUnit::Count;
    double measured = 0;
    std::optional<double> predicted;
    // measured / predicted, where a prediction above 0 was given.
    std::optional<double> ratio() const;
};

// The kernels the profile holds counters of, in the order it lists them.
std::vector<std::string> profiledKernels(const RunProfile& profile);

// One kernel's counters: the catalog's in its order, each derived row after
// the last of its parts where they were all measured, then any counter the
// catalog lacks (its name as its words). `predicted` maps a metric (derived ones included) to the
// value a model expects.
std::vector<CounterRow> counterTable(const RunProfile& profile, const std::string& kernel,
                                     const std::map<std::string, double>& predicted = {});

}  // namespace ws
