#pragma once
// A launch of the traced program, as the interception makes it: the probed
// build of a probed kernel is passed the probes' buffers after the program's
// own arguments (real ones for the first launches of each kernel the book
// keeps, a null address after them), events around it time it, and a
// recorded launch's records are copied back behind it into pinned memory
// (the program does not wait) and written to DIR/launch-N.records once they
// are in. Each launch's line is logged once its events have passed, at the
// latest as the program exits or resets the context.
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

// Before the program resets or destroys a context (cudaDeviceReset, say):
// its pending launches are waited for and logged, the clock read and CUPTI's
// buffers handed over, and the interception's streams, clock kernels and
// pinned memory of it forgotten.
void beforeContextEnds();

}  // namespace ws::program
