// Fixture of cubin_line_table_test: code inlined four calls deep (a lambda,
// then level1, level2, level3), an operator, and a function kept apart
// (__noinline__) whose code ptxas places in the kernel's own section.
struct Sum {
    float v;
    __device__ __forceinline__ Sum& operator+=(float x) {
        v = v * 0.5f + x;
        return *this;
    }
};
__device__ __forceinline__ float level3(float x) { return x * x + 1.0f; }
__device__ __forceinline__ float level2(float x) {
    float y = level3(x);
    return y > 4.0f ? y : -y;
}
__device__ __forceinline__ float level1(float x) { return level2(x) + level2(x + 1.0f); }
__device__ __noinline__ float apart(float x) { return level3(x) * 2.0f; }

__global__ void deep(const float* in, float* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    auto twice = [&](float x) { return level1(x) * 2.0f; };
    Sum a{in[i]};
    a += twice(in[i]);
    a += apart(a.v);
    out[i] = a.v;
}
