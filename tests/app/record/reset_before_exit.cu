// A program that resets the device right after its launch, without waiting
// for it, as many first programs end: the traced launch's records and
// CUPTI's timeline must be in before the context goes.
#include <cstdio>

__global__ void fill(int* out, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = i;
}

int main()
{
    const int n = 64 * 128;
    int* out = nullptr;
    if (cudaMalloc(&out, n * sizeof(int)) != cudaSuccess) return 2;
    fill<<<64, 128>>>(out, n);
    if (cudaGetLastError() != cudaSuccess) return 2;
    if (cudaDeviceReset() != cudaSuccess) return 3;
    std::printf("reset\n");
    return 0;
}
