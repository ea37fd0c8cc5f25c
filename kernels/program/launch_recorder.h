#pragma once
// A launch of the traced program, as the interception makes it: the probed
// build of a probed kernel is passed the probes' buffers after the program's
// own arguments (real ones for the first launches of each kernel the book
// keeps, a null address after them), events around it time it, and a
// recorded launch is waited for, its records copied into
// DIR/launch-N.records and its line logged. The other launches' lines are
// logged once their events have passed, at the latest as the program exits.
#include <cuda.h>

#include <functional>

#include "core/run/run.h"

namespace ws::program {

struct LaunchCall {
    CUfunction function = nullptr;
    Dim3 grid, block;
    unsigned sharedBytes = 0;
    CUstream stream = nullptr;
    bool perThreadStream = false;  // the _ptsz entry point: stream 0 is the thread's
    void** params = nullptr;
    void** extra = nullptr;
};

using DriverLaunch = std::function<CUresult(void** params, void** extra)>;

CUresult interceptLaunch(const LaunchCall& call, const DriverLaunch& launch);

}  // namespace ws::program
