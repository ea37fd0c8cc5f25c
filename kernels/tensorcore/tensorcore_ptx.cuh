#pragma once
// The PTX the mma-sync kernel is written in, one wrapper per instruction
// (all from compute capability 8.0 on, nothing of sm_90a): cp.async copies
// 16 bytes from global to shared memory without passing through registers,
// ldmatrix hands each lane of a warp its part of four 8 x 8 matrices of
// 16-bit values, mma.sync multiplies a 16 x 16 BF16 fragment by a 16 x 8
// one into 16 x 8 FP32 accumulators.
#include <cstdint>

namespace ws::tensorcore {

__device__ __forceinline__ std::uint32_t sharedAddress(const void* p) {
    return static_cast<std::uint32_t>(__cvta_generic_to_shared(p));
}

// 16 bytes from `src` to shared address `dst`, cached in L2 only (.cg).
// With `inside` false no byte is read and the 16 bytes are zeros: a chunk
// beyond the matrix's edge (`src` must still be a valid address).
__device__ __forceinline__ void cpAsync16(std::uint32_t dst, const void* src, bool inside) {
    const int srcBytes = inside ? 16 : 0;
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;\n" ::"r"(dst), "l"(src),
                 "r"(srcBytes)
                 : "memory");
}

// Closes the group of copies issued since the last commit.
__device__ __forceinline__ void cpAsyncCommit() {
    asm volatile("cp.async.commit_group;\n" ::: "memory");
}

// Waits until at most `kPending` groups of this thread's copies are still
// in flight (their data is then visible to this thread; a barrier makes it
// visible to the block).
template <int kPending>
__device__ __forceinline__ void cpAsyncWait() {
    asm volatile("cp.async.wait_group %0;\n" ::"n"(kPending) : "memory");
}

// The "memory" clobbers keep the compiler from moving these past the
// barriers and waits that order them; the hardware's own ordering is theirs.
//
// Four 8 x 8 matrices of 16-bit values: lanes 8j .. 8j+7 give the shared
// addresses of matrix j's eight rows (16 bytes each); register j of lane t
// holds row t / 4, columns 2 (t % 4) and 2 (t % 4) + 1 of matrix j (low
// half first). .trans: column t / 4, rows 2 (t % 4) and 2 (t % 4) + 1.
__device__ __forceinline__ void ldmatrixX4(std::uint32_t (&r)[4], std::uint32_t address) {
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];\n"
                 : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
                 : "r"(address)
                 : "memory");
}

__device__ __forceinline__ void ldmatrixX4Trans(std::uint32_t (&r)[4], std::uint32_t address) {
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0, %1, %2, %3}, [%4];\n"
                 : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
                 : "r"(address)
                 : "memory");
}

// d += a * b for one warp: a 16 x 16 of A (row-major fragment: a0 rows
// g = lane / 4, k 0..7; a1 rows g + 8, k 0..7; a2 rows g, k 8..15; a3
// rows g + 8, k 8..15), b 16 x 8 of B (b0 k 0..7, b1 k 8..15, column g),
// d 16 x 8 (d0, d1 row g, d2, d3 row g + 8; columns 2 (lane % 4) and +1).
__device__ __forceinline__ void mmaBf16(float (&d)[4], const std::uint32_t (&a)[4],
                                        const std::uint32_t (&b)[2]) {
    asm volatile(
        "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, "
        "{%8, %9}, {%0, %1, %2, %3};\n"
        : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
}

}  // namespace ws::tensorcore
