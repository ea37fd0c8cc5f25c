// Kernels compiled to a cubin of their own (tests/kernels/profile/CMakeLists.txt),
// with ptxas's report of their registers and shared memory beside it, for
// cubin_resources_test: one small, one that keeps many values live, one with
// a static shared tile, one with dynamic shared memory only.
__global__ void fewRegisters(float* out) { out[threadIdx.x] = 1.0f; }

__global__ void manyRegisters(const float* in, float* out, int n) {
    float live[48];
    for (int i = 0; i < 48; ++i) live[i] = in[i * n + threadIdx.x];
    float sum = 0;
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < 48; ++i) sum += live[i] * live[(i + j) % 48];
    out[threadIdx.x] = sum;
}

__global__ void sharedTile(const float* in, float* out) {
    __shared__ float tile[32][33];
    tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
    __syncthreads();
    out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}

// Dynamic shared memory only: none of it is static.
extern __shared__ float dynamicWindow[];
__global__ void dynamicShared(float* out) {
    dynamicWindow[threadIdx.x] = out[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = dynamicWindow[31 - threadIdx.x];
}
