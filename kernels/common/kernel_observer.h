#pragma once
// A hook at the one place each lab times its kernel's plain build: after the
// timed launches, an observer installed on this thread may launch the same
// kernel again, untimed (the profile a run records with --why, in
// kernels/profile/). The labs call timePlainRuns instead of timeRuns for
// that one timing, so nothing else is ever launched under a profiler.
#include <cuda_runtime_api.h>

#include <functional>
#include <vector>

#include "core/common/result.h"

namespace ws {

// One launch of the timed work, and what must happen before each launch
// (zeroing an accumulator): the same two closures timeRuns took.
struct TimedWork {
    cudaStream_t stream = nullptr;
    std::function<Status()> run;
    std::function<Status()> before;
    double plainMs = 0;  // the median of the timed launches
};

class KernelObserver {
public:
    virtual ~KernelObserver() = default;
    // Called once per run, after the first timed work; an error here is the
    // run's error only where the device itself failed (the observer records
    // its own refusals in what it gathers and returns Status{}).
    virtual Status observe(const TimedWork& work) = 0;
};

// The observer of this thread's runs, or nullptr; installed for one run by
// ObserverScope.
KernelObserver* kernelObserver();

class ObserverScope {
public:
    explicit ObserverScope(KernelObserver* observer);
    ~ObserverScope();
    ObserverScope(const ObserverScope&) = delete;
    ObserverScope& operator=(const ObserverScope&) = delete;

private:
    KernelObserver* previous_;
};

// The observer's turn, once per ObserverScope (later calls do nothing): for
// a lab whose timing is its own loop.
Status observeTimedWork(const TimedWork& work);

// timeRuns (kernels/common/event_timing.h), then observeTimedWork.
Result<std::vector<double>> timePlainRuns(int count, cudaStream_t stream,
                                          const std::function<Status()>& run,
                                          const std::function<Status()>& before = {});

}  // namespace ws
