#include "kernels/common/paired_timing.h"

#include "kernels/common/event_timing.h"
#include "kernels/common/kernel_observer.h"

namespace ws {

namespace {

Result<Verification> launchAndVerify(const PairedLaunches& l, const std::function<Status()>& run) {
    if (l.before)
        if (Status s = l.before(); !s) return makeError(s.error());
    if (Status s = run(); !s) return makeError(s.error());
    return l.verify();
}

}  // namespace

Result<PairedTimes> timePlainAndRecorded(int repetitions, bool measureOverhead,
                                         const PairedLaunches& l) {
    PairedTimes out;
    if (!measureOverhead) {
        // The plain build timed, its last launch (or the profiler's) checked;
        // then the recording build once, for its records.
        auto plain = timePlainRuns(repetitions, nullptr, l.plain, l.before);
        if (!plain) return makeError(plain.error());
        out.plainMs = std::move(*plain);
        auto plainCheck = l.verify();
        if (!plainCheck) return makeError(plainCheck.error());
        out.plainCheck = std::move(*plainCheck);
        auto once = timeRuns(1, nullptr, l.recorded, l.before);
        if (!once) return makeError(once.error());
        out.recordedMs = std::move(*once);
        auto recordedCheck = l.verify();
        if (!recordedCheck) return makeError(recordedCheck.error());
        out.recordedCheck = std::move(*recordedCheck);
        return out;
    }
    // One block of plain launches and then one of recording ones put the
    // GPU's drift on one side: a CAS loop over 2^20 values read 25 to 28 %
    // "overhead" with no block traced. By turns, each build is then checked
    // from a launch of its own, the recording one last.
    auto turns = timeRunsByTurns(repetitions, nullptr, l.plain, l.recorded, l.before, l.before);
    if (!turns) return makeError(turns.error());
    out.plainMs = std::move(turns->first);
    out.recordedMs = std::move(turns->second);
    if (Status s = observeTimedWork({nullptr, l.plain, l.before, medianOf(out.plainMs)}); !s)
        return makeError(s.error());
    auto plainCheck = launchAndVerify(l, l.plain);
    if (!plainCheck) return makeError(plainCheck.error());
    out.plainCheck = std::move(*plainCheck);
    auto recordedCheck = launchAndVerify(l, l.recorded);
    if (!recordedCheck) return makeError(recordedCheck.error());
    out.recordedCheck = std::move(*recordedCheck);
    return out;
}

}  // namespace ws
