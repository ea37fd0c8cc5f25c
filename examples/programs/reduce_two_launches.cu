// A sum in two launches, as a first reduction is often written: the first
// launch leaves one partial sum per block (each thread adding a strided
// share first), the second adds the partials in a single block, and the CPU
// checks the result.
//
//   nvcc -arch=sm_90 -o reduce_two_launches reduce_two_launches.cu && ./reduce_two_launches [n]
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define THREADS 256
#define BLOCKS 256

#define CHECK(call)                                                                   \
    do {                                                                              \
        cudaError_t e = (call);                                                       \
        if (e != cudaSuccess) {                                                       \
            std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e)); \
            std::exit(2);                                                             \
        }                                                                             \
    } while (0)

// Each block adds its share of `in` into out[blockIdx.x]: a strided loop,
// then the interleaved tree in shared memory.
__global__ void reduce_sum(const float* in, float* out, int n)
{
    __shared__ float s[THREADS];
    float sum = 0;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        sum += in[i];
    s[threadIdx.x] = sum;
    __syncthreads();
    for (int stride = 1; stride < blockDim.x; stride *= 2) {
        if (threadIdx.x % (2 * stride) == 0) s[threadIdx.x] += s[threadIdx.x + stride];
        __syncthreads();
    }
    if (threadIdx.x == 0) out[blockIdx.x] = s[0];
}

int main(int argc, char** argv)
{
    const int n = argc > 1 ? std::atoi(argv[1]) : 1 << 24;
    std::vector<float> host(n);
    double want = 0;
    for (int i = 0; i < n; i++) {
        host[i] = float(i % 17) * 0.25f;
        want += host[i];
    }
    float *in, *partial, *total;
    CHECK(cudaMalloc(&in, n * sizeof(float)));
    CHECK(cudaMalloc(&partial, BLOCKS * sizeof(float)));
    CHECK(cudaMalloc(&total, sizeof(float)));
    CHECK(cudaMemcpy(in, host.data(), n * sizeof(float), cudaMemcpyHostToDevice));
    reduce_sum<<<BLOCKS, THREADS>>>(in, partial, n);
    CHECK(cudaGetLastError());
    reduce_sum<<<1, THREADS>>>(partial, total, BLOCKS);
    CHECK(cudaGetLastError());
    float got = 0;
    CHECK(cudaMemcpy(&got, total, sizeof(float), cudaMemcpyDeviceToHost));
    CHECK(cudaFree(in));
    CHECK(cudaFree(partial));
    CHECK(cudaFree(total));
    const bool ok = std::fabs(got - want) <= 1e-5 * want;
    std::printf("sum of %d: %.1f (expected %.1f) %s\n", n, got, want, ok ? "ok" : "WRONG");
    return ok ? 0 : 1;
}
