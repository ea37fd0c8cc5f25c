#pragma once
// The two special registers every recording reads: %globaltimer (ns, shared by
// all SMs; on H100 it advances in 32 ns steps, on many GeForce cards in
// 1.024 us steps, so queryDevice measures the tick) and %smid (the SM this
// thread runs on; ids need not be contiguous).
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

}  // namespace ws::dev
