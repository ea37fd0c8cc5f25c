#pragma once
// The pointer chase as the host sees it (kernels/memkinds/chase_kernels.cu):
// the fill kernel that writes a working set's chase on the device, the chase
// itself along each load path, and the l2-distance probes that place a
// chase on one chosen SM.
#include <cuda_runtime_api.h>

#include <cstdint>

#include "core/common/result.h"
#include "core/memkinds/chase_reference.h"
#include "core/memkinds/memkinds_tables.h"
#include "kernels/common/record_pointers.h"

namespace ws::memkinds {

// What the chasing thread writes: where it ended, on which SM, and the
// clock64 and %globaltimer spans of its timed loads.
struct ChaseResult {
    std::uint32_t finalIndex = 0;
    std::uint32_t sm = 0;
    std::int64_t cycles = 0;
    std::uint64_t ns = 0;
};

struct ChaseArgs {
    std::uint32_t* array = nullptr;   // the chase in global memory (all paths but constant)
    cudaTextureObject_t texture = 0;  // path texture: a linear texture over `array`
    std::uint32_t sharedWords = 0;    // path shared: the words copied into shared memory
    std::uint64_t warmupLoads = 0;    // loads before the timed ones
    std::uint64_t loads = 0;          // timed dependent loads
    ChaseResult* result = nullptr;
};

// Threads of the chase's one block: the shared path's block copies the set
// together before its thread 0 chases; every other path is one thread.
std::uint32_t chaseThreads(LoadPath path);

// Writes the chase of `shape` into array[0, shape.elements()).
Status fillChase(std::uint32_t* array, const ChaseShape& shape, cudaStream_t stream);
// Path constant: the chase into the __constant__ array (at most
// kConstantChaseBytes).
inline constexpr std::uint64_t kConstantChaseBytes = 64 * 1024;
Status uploadConstantChase(const std::uint32_t* host, std::uint64_t bytes);
// Path shared: lets both builds take `bytes` of dynamic shared memory.
Status allowSharedChase(std::uint64_t bytes);

Status launchChase(LoadPath path, bool record, const ChaseArgs& args,
                   const BlockRecordPointers& blocks, cudaStream_t stream);

// l2-distance. Its probes take `sharedBytes` of dynamic shared memory per
// block, the most a block may have, so no SM holds two of them: a grid of one
// block per SM puts one block on every SM of an idle GPU.
Status allowOneBlockPerSm(std::uint32_t sharedBytes);

// A census of the SMs' ids: each block marks its %smid in a 1024-bit map and
// holds its SM for `holdNs`.
inline constexpr std::uint32_t kSmIdLimit = 1024;
Status launchSmCensus(std::uint32_t grid, std::uint32_t sharedBytes, std::uint32_t* seen,
                      std::uint64_t holdNs, cudaStream_t stream);

// The chase through L2 (ld.global.cg) from one SM: of the grid's one-warp
// blocks the first to find itself on `targetSm` claims the flag and chases;
// the others leave at once.
struct SmChaseArgs {
    std::uint32_t* array = nullptr;
    std::uint32_t targetSm = 0;
    std::uint32_t* claimed = nullptr;  // 0 before the launch
    std::uint64_t warmupLoads = 0;
    std::uint64_t loads = 0;
    ChaseResult* result = nullptr;
};
inline constexpr std::uint32_t kSmChaseThreads = 32;
Status launchSmChase(bool record, std::uint32_t grid, std::uint32_t sharedBytes,
                     const SmChaseArgs& args, const BlockRecordPointers& blocks,
                     cudaStream_t stream);

}  // namespace ws::memkinds
