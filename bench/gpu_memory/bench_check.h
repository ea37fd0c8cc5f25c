#pragma once
// The memory benches stop at the first CUDA error, naming where it came from:
// a figure measured after a failed call would be meaningless.
#include <cuda_runtime.h>

#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(call)                                                                          \
    do {                                                                                     \
        cudaError_t e_ = (call);                                                             \
        if (e_ != cudaSuccess) {                                                             \
            std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); \
            std::exit(1);                                                                    \
        }                                                                                    \
    } while (0)

// Whether `out` (n x n, read back from the device) is the transpose of `in`;
// names the run and the first wrong element where it is not.
template <typename T>
bool isTranspose(const std::vector<T>& out, const std::vector<T>& in, std::size_t n,
                 const char* title, const char* way) {
    for (std::size_t y = 0; y < n; ++y)
        for (std::size_t x = 0; x < n; ++x)
            if (out[x * n + y] != in[y * n + x]) {
                std::printf("%s, %s: wrong output at (%zu, %zu)\n", title, way, x, y);
                return false;
            }
    return true;
}

// The milliseconds between two events around `launch()` on `stream`; a
// failed launch stops the bench.
template <typename Launch>
float timedMs(cudaEvent_t start, cudaEvent_t stop, Launch&& launch, cudaStream_t stream = 0) {
    CHECK(cudaEventRecord(start, stream));
    launch();
    CHECK(cudaEventRecord(stop, stream));
    CHECK(cudaEventSynchronize(stop));
    CHECK(cudaGetLastError());
    float ms = 0;
    CHECK(cudaEventElapsedTime(&ms, start, stop));
    return ms;
}
