#pragma once
// What the dynamic-parallelism kernels record, shared by the device code and
// the host that reads it back. Every grid gets a slot, taken with atomicAdd by
// the thread that launches it (the host fills the slots of the grids it
// launches itself); every block writes one record at its grid's base. The
// host sizes both arrays exactly from the parameters before launching.
#include <cstdint>

namespace ws::dp {

inline constexpr std::uint32_t kNoSlot = 0xffffffffu;

enum class GridKernel : std::uint32_t { Parent = 0, Child = 1, ReduceLevel = 2 };
enum class GridMode : std::uint32_t { Host = 0, FireAndForget = 1, Tail = 2 };

struct GridSlot {
    std::uint32_t parentSlot;   // kNoSlot for a grid the host launched
    std::uint32_t parentBlock;  // the launching thread's block
    std::uint32_t depth;        // 0 for the host's grids
    std::uint32_t mode;         // GridMode
    std::uint32_t kernel;       // GridKernel
    std::uint32_t grid, block;  // blocks and threads per block (1D)
    std::uint32_t firstBlockRecord;
    std::uint32_t launchError;  // cudaError_t of the device-side launch, 0 = fine
    std::uint32_t written;      // 1 once the launching thread filled the slot
    std::uint64_t requestNs;    // %globaltimer just before the launch call
};

struct BlockRecord {
    std::uint32_t slot;
    std::uint32_t block;
    std::uint32_t sm;
    std::uint32_t written;  // 1: this record was written (the rest is zero otherwise)
    std::uint64_t startNs, endNs;
    std::int64_t startClock, endClock;
};

// Passed by value to every recording kernel; null pointers in the plain build.
struct TreeRecords {
    GridSlot* slots = nullptr;
    std::uint32_t* slotCount = nullptr;  // atomicAdd ticket for a new slot
    std::uint32_t slotCapacity = 0;
    BlockRecord* blocks = nullptr;
    std::uint32_t* blockCount = nullptr;  // atomicAdd ticket for a grid's block records
    std::uint32_t blockCapacity = 0;
};

// Where a grid's blocks write: its slot and the first of its block records.
struct GridPlace {
    std::uint32_t slot = kNoSlot;
    std::uint32_t firstBlock = 0;
};

}  // namespace ws::dp
