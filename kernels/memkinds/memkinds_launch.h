#pragma once
// What the memory kinds launchers share: the checks a run gathers over its
// points and says as one Verification, the timed work of a run (plain build
// through timePlainRuns, then the recording build and its block records),
// and the words they refuse with.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/common/result.h"
#include "core/run/run.h"
#include "kernels/atomics/atomics_records.h"
#include "kernels/common/run_options.h"

namespace ws::memkinds {

// Every point of a run is checked; the first few failures are named.
class Checks {
public:
    void add(bool passed, const std::string& failure);
    bool passed() const { return m_failures.empty(); }
    int count() const { return m_count; }
    // `expected` and `actual` in words; the note is `exactNote` when every
    // check passed, else the failures.
    Verification verification(const std::string& expected, const std::string& exactNote) const;

private:
    int m_count = 0;
    std::vector<std::string> m_failures;
};

// "96 B", "4 KiB", "256 MiB", "1 GiB" (whole units), else bytes.
std::string bytesText(std::uint64_t bytes);

// A plateau's or level's name as a figure's key: "L1" -> "l1",
// "HBM, TLB misses" -> "hbm_tlb_misses".
std::string figureKey(const std::string& level);

// The timed work of a run. `launch(record)` makes one launch of the plain or
// the recording build; `before` runs untimed before each; `check` says what
// is wrong with the last launch's output ("" when right).
struct TimedLaunch {
    std::function<Status(bool record)> launch;
    std::function<Status()> before;
    std::function<Result<std::string>()> check;
};

// options.repetitions plain launches through timePlainRuns (after timeRuns'
// untimed warm-up), checked; the recording build as many times where
// options.measureOverhead, else once, checked, its block records into
// `blocks` of `launch`; run.timing filled from both (bytesMoved per launch).
Status timeAndRecord(const RunOptions& options, const TimedLaunch& work,
                     const atomics::BlockRecordStorage& storage, double bytesMoved, Launch& launch,
                     Run& run, Checks& checks);

// Where %globaltimer did not move over a span (a 1 us timer on some GPUs),
// its nanoseconds from clock64 at the SM's clock.
double spanNs(std::uint64_t ns, std::int64_t cycles, const DeviceInfo& device);

}  // namespace ws::memkinds
