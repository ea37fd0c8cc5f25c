// A reduction of 256 floats a block with marks: when each warp has loaded,
// and when it has finished the tree (WS_MARK, include/warpscope/probe.cuh).
#include <warpscope/probe.cuh>

/* warpscope
kernel: block_sums
params:
  n: {default: 65536, min: 256, max: 16777216, multiple_of: 256}
grid: n / 256
block: 256
args:
  - in: {buffer: float, length: n, fill: iota}
  - out: {buffer: float, length: n / 256, output: true}
check:
  reference: block_sums_reference
  tolerance: 0.0001
*/
__global__ void block_sums(const float* in, float* out)
{
    __shared__ float s[256];
    s[threadIdx.x] = in[blockIdx.x * 256 + threadIdx.x];
    WS_MARK(1);
    __syncthreads();
    for (int half = 128; half > 0; half /= 2) {
        if (threadIdx.x < half) s[threadIdx.x] += s[threadIdx.x + half];
        __syncthreads();
    }
    WS_MARK(2);
    if (threadIdx.x == 0) out[blockIdx.x] = s[0];
}

__global__ void block_sums_reference(const float* in, float* out)
{
    if (threadIdx.x != 0) return;
    float sum = 0;
    for (int i = 0; i < 256; ++i) sum += in[blockIdx.x * 256 + i];
    out[blockIdx.x] = sum;
}
