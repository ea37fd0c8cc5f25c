#pragma once
// The traced program's timeline through CUPTI (core/program/timeline_log.h):
// the driver calls InitializeInjection as cuInit runs (warpscope-record
// trace names this library in CUDA_INJECTION64_PATH as well as in
// LD_PRELOAD); it opens CUPTI, found at run time, and records kernels,
// copies, memsets and runtime calls, written to DIR/timeline.jsonl as CUPTI
// hands its buffers over. Where CUPTI cannot be opened or refuses, the
// program runs on, its launches are probed as before, and the log says why
// there is no timeline.
#include <cuda.h>

namespace ws::program {

// The stream the interception does its own work in (zeroing and copying
// the probes' records, reading the clock), one per context, made on first
// use and its CUPTI id logged so that its work is left out of the
// program's timeline; nullptr where it cannot be made.
CUstream ownStream();

// Eight readings of CUPTI's clock against %globaltimer, logged; nothing
// where CUPTI is not recording.
void sampleTimelineClocks();

// Hands CUPTI's buffers over now (at exit).
void flushTimeline();

}  // namespace ws::program
