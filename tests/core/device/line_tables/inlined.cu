// Fixture of cubin_line_table_test: a kernel calling the same helper from two
// lines and another helper straight, and a template kernel: two sequences in
// one line table. make_fixtures.sh builds inlined.cubin and inlined.ptx.
#include "store.h"

__global__ void inlined(const float* in, float* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float v = in[i];
    store(out, i, v);
    store(out, i + n, v * 2.0f);
    out[i + 2 * n] = scale(v, i + 1);
}

template <int K>
__global__ void twice(float* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    store(out, i, float(K));
    if (i < n) store(out, i + n, float(K) * i);
}
template __global__ void twice<4>(float*, int);
