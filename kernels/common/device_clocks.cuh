#pragma once
// What every recording reads: %globaltimer (ns, shared by all SMs; on H100
// it advances in 32 ns steps, on many GeForce cards in 1.024 us steps, so
// queryDevice measures the tick), %smid (the SM this thread runs on; ids need
// not be contiguous) and clock64; and which thread of a block writes the
// block's record.
#include <cstdint>

namespace ws::dev {

__device__ __forceinline__ std::uint64_t globalTimerNs() {
    std::uint64_t t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
    return t;
}

__device__ __forceinline__ std::uint32_t smId() {
    std::uint32_t id;
    asm volatile("mov.u32 %0, %%smid;" : "=r"(id));
    return id;
}

// clock64 with a memory clobber: the compiler keeps memory operations on the
// side of the reading where the source puts them.
__device__ __forceinline__ std::int64_t cycleCounter() {
    std::int64_t t;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t)::"memory");
    return t;
}

// Thread (0, 0, 0), asked by comparing each index: the linear index's
// products, asked at a block's start and end, can stay live through the
// kernel's loop; in the memory lab's column sums `linear index == 0` cost
// the sum loop a load in flight and the kernel 27 %, this comparison 0.1 %
// (docs/performance.md, "Cost of recording").
__device__ __forceinline__ bool firstThread() {
    return threadIdx.x == 0 && threadIdx.y == 0 && threadIdx.z == 0;
}

}  // namespace ws::dev
