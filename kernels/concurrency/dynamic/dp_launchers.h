#pragma once
// Host entry points of the dynamic-parallelism library. This library alone is
// compiled with relocatable device code (-rdc=true) and linked against the
// device runtime (cudadevrt), so a kernel can launch kernels; every other
// kernel of warpscope stays whole-program compiled. These functions only
// launch and return the launch's error: checking, timing and verification
// live with the callers (kernels/concurrency/dynamic_parallelism.cpp).
#include <cuda_runtime_api.h>

#include <cstdint>

#include "kernels/concurrency/dynamic/dp_records.h"

namespace ws::dp {

// Each parent block b doubles its part of `in` into `doubled` (parts of
// `segment` elements), then its thread 0 launches a child grid of
// `childBlocks` blocks in the stream `mode` names (FireAndForget or Tail) that
// writes out[i] = doubled[i] + 1 over that part.
struct ParentChildArgs {
    const std::uint32_t* in = nullptr;
    std::uint32_t* doubled = nullptr;
    std::uint32_t* out = nullptr;
    std::uint64_t n = 0;
    std::uint32_t segment = 0;
    std::uint32_t parentBlocks = 0;
    std::uint32_t childBlocks = 0;
    std::uint32_t block = 0;
    GridMode mode = GridMode::FireAndForget;
};
cudaError_t launchParentChild(bool record, const ParentChildArgs& args, const TreeRecords& records,
                              GridPlace place, cudaStream_t stream);

// One level of the seed's reduction: block k sums src[k * block ...] into
// dst[k]. With `recurse`, block 0's thread 0 then tail-launches the next level
// over dst (into spare, with dst as the next spare) until one block is left or
// `maxDepth` is reached. Needs block * 4 bytes of dynamic shared memory.
struct ReduceLevelArgs {
    const std::uint32_t* src = nullptr;
    std::uint32_t* dst = nullptr;
    std::uint32_t* spare = nullptr;
    std::uint64_t count = 0;
    std::uint32_t block = 0;
    std::uint32_t depth = 0;
    std::uint32_t maxDepth = 0;
    bool recurse = true;
};
cudaError_t launchReduceLevel(bool record, const ReduceLevelArgs& args, const TreeRecords& records,
                              GridPlace place, cudaStream_t stream);

// Launch latency probes: a one-block grid whose first thread writes
// %globaltimer to *firstBlockNs as it starts. From the host, or from a
// one-thread parent grid that notes %globaltimer in *requestNs just before it
// launches the probe in the stream `mode` names.
cudaError_t launchStampFromHost(std::uint64_t* firstBlockNs, cudaStream_t stream);
cudaError_t launchStampFromDevice(GridMode mode, std::uint64_t* requestNs,
                                  std::uint64_t* firstBlockNs, cudaStream_t stream);

}  // namespace ws::dp
