#pragma once
// The PTX of Hopper's asynchronous pipeline, one wrapper per instruction,
// for the TMA rungs (tensorcore_tma.cu): mbarriers in shared memory (a
// count of arrivals plus a count of bytes still to land, completing a
// phase when both reach zero, its parity flipping), the Tensor Memory
// Accelerator's 2-D tile loads that complete on such a barrier (alone or
// multicast to every block of a cluster), cluster ranks and barriers, and
// setmaxnreg, which hands registers from one warpgroup to another. The
// "memory" clobbers keep the compiler from moving ordinary loads and
// stores across them; the hardware orders the rest.
#include <cstdint>

namespace ws::tensorcore {

__device__ __forceinline__ void mbarrierInit(std::uint32_t bar, std::uint32_t arrivals) {
    asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;\n" ::"r"(bar), "r"(arrivals) : "memory");
}

// Makes the barriers' initialisation visible to the async proxy (the TMA
// unit) and to the other blocks of the cluster.
__device__ __forceinline__ void fenceBarrierInit() {
    asm volatile("fence.mbarrier_init.release.cluster;\n" ::: "memory");
}

// One arrival that also announces `bytes` more to land in this phase.
__device__ __forceinline__ void mbarrierArriveExpectTx(std::uint32_t bar, std::uint32_t bytes) {
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;\n" ::"r"(bar), "r"(bytes)
                 : "memory");
}

__device__ __forceinline__ void mbarrierArrive(std::uint32_t bar) {
    asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];\n" ::"r"(bar) : "memory");
}

// One arrival on the barrier at the same shared offset in block `rank` of
// the cluster (this block's own included). The arrival's default release
// semantics suffice: what it hands over is a stage the tensor cores have
// finished reading (wgmma.wait_group returned), not data this thread wrote.
__device__ __forceinline__ void mbarrierArriveCluster(std::uint32_t bar, std::uint32_t rank) {
    asm volatile(
        "{\n"
        ".reg .b32 remote;\n"
        "mapa.shared::cluster.u32 remote, %0, %1;\n"
        "mbarrier.arrive.shared::cluster.b64 _, [remote];\n"
        "}\n" ::"r"(bar),
        "r"(rank)
        : "memory");
}

// True once the phase of parity `parity` has completed (a fresh barrier
// is in phase 0, so waiting for parity 1 returns at once: "the phase
// before the first", which lets a producer fill every stage before any
// consumer has released one).
__device__ __forceinline__ bool mbarrierTryWait(std::uint32_t bar, std::uint32_t parity) {
    std::uint32_t done;
    asm volatile(
        "{\n"
        ".reg .pred p;\n"
        "mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\n"
        "selp.u32 %0, 1, 0, p;\n"
        "}\n"
        : "=r"(done)
        : "r"(bar), "r"(parity)
        : "memory");
    return done != 0;
}

__device__ __forceinline__ void mbarrierWait(std::uint32_t bar, std::uint32_t parity) {
    while (!mbarrierTryWait(bar, parity)) {
    }
}

// The TMA unit copies the box at element (x, y) of the tensor `map`
// describes (x the contiguous dimension) to shared address `dst`, in the
// map's swizzle, and completes its bytes on barrier `bar`. Elements outside
// the tensor arrive as zeros and count as bytes all the same.
__device__ __forceinline__ void tmaLoad2d(std::uint32_t dst, const void* map, std::uint32_t bar,
                                          int x, int y) {
    asm volatile(
        "cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes "
        "[%0], [%1, {%3, %4}], [%2];\n" ::"r"(dst),
        "l"(map), "r"(bar), "r"(x), "r"(y)
        : "memory");
}

// The same box written at `dst` in every block of the cluster whose bit is
// set in `blocks`, each block's barrier at offset `bar` completing its bytes.
__device__ __forceinline__ void tmaLoad2dMulticast(std::uint32_t dst, const void* map,
                                                   std::uint32_t bar, int x, int y,
                                                   std::uint16_t blocks) {
    asm volatile(
        "cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes"
        ".multicast::cluster [%0], [%1, {%3, %4}], [%2], %5;\n" ::"r"(dst),
        "l"(map), "r"(bar), "r"(x), "r"(y), "h"(blocks)
        : "memory");
}

__device__ __forceinline__ void prefetchTensorMap(const void* map) {
    asm volatile("prefetch.tensormap [%0];\n" ::"l"(map) : "memory");
}

__device__ __forceinline__ std::uint32_t clusterRank() {
    std::uint32_t r;
    asm volatile("mov.u32 %0, %%cluster_ctarank;\n" : "=r"(r));
    return r;
}

// Every thread of every block of the cluster: no block goes on (or exits)
// before all have arrived, and each sees the others' earlier writes.
__device__ __forceinline__ void clusterSync() {
    asm volatile(
        "barrier.cluster.arrive.release.aligned;\n"
        "barrier.cluster.wait.acquire.aligned;\n" ::
            : "memory");
}

// Register budgets a warpgroup gives up or takes (sm_90a; counts multiple
// of 8): the kernel must start under a cap (__launch_bounds__ with a
// minimum of blocks), and each role must be one branch of an if/else.
template <int kRegisters>
__device__ __forceinline__ void releaseRegisters() {
    asm volatile("setmaxnreg.dec.sync.aligned.u32 %0;\n" ::"n"(kRegisters));
}
template <int kRegisters>
__device__ __forceinline__ void claimRegisters() {
    asm volatile("setmaxnreg.inc.sync.aligned.u32 %0;\n" ::"n"(kRegisters));
}

}  // namespace ws::tensorcore
