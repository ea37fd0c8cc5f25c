#include "kernels/common/kernel_observer.h"

#include "kernels/common/event_timing.h"

namespace ws {
namespace {

thread_local KernelObserver* tObserver = nullptr;
// Only the first timed work of a run is observed: a run that times several
// configurations (a sweep inside one run) is profiled on its first.
thread_local bool tObserved = false;

}  // namespace

KernelObserver* kernelObserver() { return tObserver; }

ObserverScope::ObserverScope(KernelObserver* observer) : previous_(tObserver) {
    tObserver = observer;
    tObserved = false;
}

ObserverScope::~ObserverScope() {
    tObserver = previous_;
    tObserved = false;
}

Status observeTimedWork(const TimedWork& work) {
    if (!tObserver || tObserved) return {};
    tObserved = true;
    return tObserver->observe(work);
}

Result<std::vector<double>> timePlainRuns(int count, cudaStream_t stream,
                                          const std::function<Status()>& run,
                                          const std::function<Status()>& before) {
    auto ms = timeRuns(count, stream, run, before);
    if (!ms) return ms;
    if (Status s = observeTimedWork({stream, run, before, medianOf(*ms)}); !s)
        return makeError(s.error());
    return ms;
}

}  // namespace ws
