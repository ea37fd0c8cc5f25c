#pragma once
// Hand-made runs of the concurrency lab for the view tests: a streams
// pipeline scheduled the way the hardware does it (one copy engine each way,
// kernels one after another), a dynamic-parallelism tree and a first-touch
// unified-memory run. Every number is known, so pixels and models can be
// checked; none of it claims to be a measurement.
#include "core/run/run.h"

namespace ws::test {

// `streams` streams, `chunks` chunks; copies take `copyNs`, kernels
// `kernelNs`; each kernel has 8 blocks on 4 SMs. Host thread 0 enqueues
// everything, then waits in cudaStreamSynchronize.
Run streamsRun(std::uint32_t streams, std::uint32_t chunks, std::uint64_t copyNs = 1000,
               std::uint64_t kernelNs = 1200);

// A parent of 4 blocks; each block launched a child of 2 blocks
// (fire-and-forget); child 1 launched a grandchild of 1 block (tail).
Run dynamicRun();

// a and b (64 KiB each, on the host) and c (never touched); a kernel of 64
// blocks of 256 threads (16 blocks touch each 16 KiB) whose blocks fault
// a's, b's and c's pages in 16 KiB migrations as they start.
Run unifiedRun();

}  // namespace ws::test
