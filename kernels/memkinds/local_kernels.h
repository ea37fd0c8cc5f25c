#pragma once
// The local-memory experiment's kernels as the host sees them: the same
// per-thread work over an array of 32 floats kept in registers, in local
// memory (indexed by a permutation read at run time) and spilled (compiled
// under a register cap); and the occupancy sweep's kernel, one body compiled
// under several register caps, each block busy for a fixed time.
// kernels/memkinds/local_kernels.cu holds the first two, capped_kernels.cu
// (built without -warn-spills: its spills are the point) the others.
#include <cuda_runtime_api.h>

#include <cstdint>
#include <string>
#include <vector>

#include "core/common/result.h"
#include "core/memkinds/memkinds_tables.h"
#include "kernels/common/record_pointers.h"

namespace ws::memkinds {

inline constexpr std::uint32_t kLocalWords = 32;  // floats per thread
inline constexpr std::uint32_t kLocalRounds = 4;  // passes over them
// The permutation the rounds read through: (5 k + 3) mod 32. The registers
// and spilled kernels know it at compile time; the local-indexed kernel
// reads it from memory.
constexpr std::uint32_t localPermutation(std::uint32_t k) { return (k * 5u + 3u) % kLocalWords; }
// The register cap of the spilled kernel (__maxnreg__): fewer than the
// array's 32 floats, so the compiler must spill.
inline constexpr std::uint32_t kSpilledRegisters = 32;

struct LocalArgs {
    float* out = nullptr;                        // one result per thread
    const std::uint32_t* permutation = nullptr;  // kLocalWords entries, for local-indexed
    std::uint32_t n = 0;
};

// What the compiler gave a kernel (cudaFuncGetAttributes).
struct KernelResources {
    std::uint32_t registers = 0;
    std::uint32_t localBytes = 0;
};

Result<KernelResources> localResources(LocalKind kind);
Status launchLocal(LocalKind kind, bool record, std::uint32_t grid, std::uint32_t block,
                   const LocalArgs& args, const BlockRecordPointers& blocks, cudaStream_t stream);
// capped_kernels.cu's half of the dispatch.
Result<KernelResources> spilledResources();
Status launchSpilled(bool record, std::uint32_t grid, std::uint32_t block, const LocalArgs& args,
                     const BlockRecordPointers& blocks, cudaStream_t stream);

// The occupancy sweep's register caps, most registers first; 255 is no cap.
std::vector<std::uint32_t> occupancyCaps();
Result<KernelResources> busyResources(std::uint32_t cap);
// Blocks of `block` threads with `sharedBytes` of dynamic shared memory one
// SM holds, from the occupancy API (after allowing that much shared memory).
Result<int> busyBlocksPerSm(std::uint32_t cap, std::uint32_t block, std::uint32_t sharedBytes);
// Every block is busy for `holdNs` (%globaltimer) and writes its record.
Status launchBusy(std::uint32_t cap, std::uint32_t grid, std::uint32_t block,
                  std::uint32_t sharedBytes, std::uint64_t holdNs, std::uint32_t* sink,
                  const BlockRecordPointers& blocks, cudaStream_t stream);

// The sweep on the host (kernels/memkinds/occupancy_run.cpp): one point per
// cap whose kernel fits at least one block on an SM; the caps that fit none
// are said in `skipped`.
struct OccupancySweep {
    std::vector<OccupancyPoint> points;
    std::string skipped;
};
Result<OccupancySweep> sweepOccupancy(const DeviceInfo& limits, std::uint32_t block,
                                      std::uint32_t sharedBytes);

}  // namespace ws::memkinds
