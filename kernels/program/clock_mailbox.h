#pragma once
// CUPTI's clock read against %globaltimer from inside the traced program,
// with the driver alone: a one-thread kernel of the interception's own
// (core/program/clock_mailbox_ptx.h) answers
// the host's requests through mapped pinned memory with its %globaltimer,
// each answer bracketed by two readings of CUPTI's clock on the host, as the
// concurrency lab's clock probe does with the runtime.
#include <cuda.h>

#include <cstdint>
#include <string>
#include <vector>

#include "core/common/result.h"
#include "core/timing/clock_alignment.h"

namespace ws::program {

using HostClock = Result<std::uint64_t> (*)();

// `samples` readings in `stream` of the current context. Gives up after
// `timeoutMs` without an answer (the GPU busy with the program's kernels).
Result<std::vector<ClockSample>> sampleClockMailbox(CUstream stream, int samples,
                                                    HostClock hostClock, double timeoutMs);

}  // namespace ws::program
