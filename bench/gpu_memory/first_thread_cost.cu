// first_thread_cost: how asking "is this thread 0?" changes the column sums'
// record cost. The lab's column sums cost +20 % with block records while a
// copy of the kernel in block_record_cost.cu cost 0.1 %; the one difference
// left was how the record's scope found thread 0: linearThread() == 0 (the
// products of threadIdx and blockDim) or threadIdx.x == 0 && threadIdx.y == 0
// && threadIdx.z == 0. Each way runs with and without the null check of the
// slot pointer and with the loop counter declared outside or inside the loop
// (as the lab's kernel and the bench's copy had it), 31 interleaved rounds,
// median % over the kernel without a record. The sums are checked.
//
//   first_thread_cost
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <vector>

#include "kernels/common/memory_trace.h"

namespace {

using namespace ws::memory;

// The record of BlockScope<Blocks, BlockStart::StoredAtEntry>, with the
// thread-0 question and the null check chosen.
template <bool kCompareEachIndex, bool kNullCheck>
struct Scope {
    const AccessTrace& trace;
    __device__ static bool first() {
        if constexpr (kCompareEachIndex)
            return threadIdx.x == 0 && threadIdx.y == 0 && threadIdx.z == 0;
        else
            return linearThread() == 0;
    }
    __device__ ulonglong2* slot() const {
        return reinterpret_cast<ulonglong2*>(trace.blockSlots + linearBlock());
    }
    __device__ explicit Scope(const AccessTrace& t) : trace(t) {
        if (first() && (!kNullCheck || trace.blockSlots != nullptr)) {
            const std::int64_t clock = clock64();
            slot()[0] = make_ulonglong2(globalTimerNs(), packStartClock(clock, smId()));
        }
    }
    __device__ void finish() {
        __syncthreads();
        if (!first() || (kNullCheck && trace.blockSlots == nullptr)) return;
        const std::uint64_t endNs = globalTimerNs();
        const std::int64_t endClock = cycleCounter();
        slot()[1] = make_ulonglong2(endNs, std::uint64_t(endClock));
    }
};

// kForm 0: no record; 1: the lab's BlockScope; 2..5: Scope as named in kNames.
template <int kForm, bool kCounterInLoop>
__global__ void columnSums(const std::uint8_t* src, float* dst, int width, int height,
                           __grid_constant__ const AccessTrace trace) {
    auto body = [&](auto& block) {
        const int x = blockIdx.x * blockDim.x + threadIdx.x;
        const bool inside = x < width;
        float sum = 0;
        if constexpr (kCounterInLoop) {
            for (int y = 0; y < height; ++y)
                sum += inside ? src[x + std::size_t(y) * width] : std::uint8_t(0);
        } else {
            int y = 0;
            for (; y < height; ++y)
                sum += inside ? src[x + std::size_t(y) * width] : std::uint8_t(0);
        }
        if (inside) dst[x] = sum;
        block.finish();
    };
    if constexpr (kForm == 0) {
        BlockScope<Recording::Off> b(trace);
        body(b);
    } else if constexpr (kForm == 1) {
        BlockScope<Recording::Blocks, BlockStart::StoredAtEntry> b(trace);
        body(b);
    } else {
        Scope<kForm == 3 || kForm == 5, kForm <= 3> b(trace);
        body(b);
    }
}

const char* const kNames[] = {"no record",
                              "BlockScope (the lab's)",
                              "linearThread() == 0, null check",
                              "each index == 0, null check",
                              "linearThread() == 0",
                              "each index == 0"};
constexpr int kForms = 6;

using Kernel = void (*)(const std::uint8_t*, float*, int, int, AccessTrace);

template <bool kCounterInLoop, int... F>
std::vector<Kernel> kernels(std::integer_sequence<int, F...>) {
    return {columnSums<F, kCounterInLoop>...};
}

}  // namespace

int main() {
    const int n = 16384;
    const std::size_t pixels = std::size_t(n) * n;
    std::uint8_t* src = nullptr;
    float* dst = nullptr;
    BlockSlot* slots = nullptr;
    if (cudaMalloc(&src, pixels) != cudaSuccess || cudaMalloc(&dst, n * 4) != cudaSuccess ||
        cudaMalloc(&slots, (n / 256) * sizeof(BlockSlot)) != cudaSuccess) {
        std::fprintf(stderr, "first_thread_cost: %s\n", cudaGetErrorString(cudaGetLastError()));
        return 1;
    }
    cudaMemset(src, 3, pixels);
    AccessTrace trace{};
    trace.blockSlots = slots;
    std::vector<Kernel> all = kernels<false>(std::make_integer_sequence<int, kForms>{});
    for (Kernel k : kernels<true>(std::make_integer_sequence<int, kForms>{})) all.push_back(k);

    std::vector<std::vector<float>> ms(all.size());
    cudaEvent_t start, stop;
    cudaEventCreate(&start);
    cudaEventCreate(&stop);
    for (int round = -1; round < 31; ++round)
        for (std::size_t k = 0; k < all.size(); ++k) {
            cudaEventRecord(start);
            all[k]<<<n / 256, 256>>>(src, dst, n, n, trace);
            cudaEventRecord(stop);
            cudaEventSynchronize(stop);
            float t = 0;
            cudaEventElapsedTime(&t, start, stop);
            if (round >= 0) ms[k].push_back(t);
        }
    std::vector<float> out(n);
    cudaMemcpy(out.data(), dst, n * 4, cudaMemcpyDeviceToHost);
    bool sumsRight = true;
    for (float v : out) sumsRight = sumsRight && v == 3.0f * n;
    const cudaError_t error = cudaGetLastError();

    for (auto& m : ms) std::sort(m.begin(), m.end());
    std::printf("column sums, 64 blocks of 256, 16384 rows; median of 31, %% over no record\n");
    for (std::size_t k = 0; k < all.size(); ++k) {
        const bool inLoop = k >= std::size_t(kForms);
        const float base = ms[inLoop ? kForms : 0][15];
        std::printf("  %-34s counter %-7s %.4f ms %+7.2f %%\n", kNames[k % kForms],
                    inLoop ? "in loop" : "outside", ms[k][15], (ms[k][15] - base) / base * 100);
    }
    std::printf("sums %s; %s\n", sumsRight ? "verified" : "WRONG", cudaGetErrorString(error));
    return sumsRight && error == cudaSuccess ? 0 : 1;
}
