// Naive matrix product C = A * B (seed 004, "Noyau de calcul").
// One thread computes one element of C with a loop over k, reading
// A and B straight from global memory. Square matrices, n x n floats.
//
// As in the course, threadIdx.x picks the ROW i and threadIdx.y the
// COLUMN j: the threads of a warp (consecutive x) read A[i][k] n floats
// apart, so those loads are not coalesced.

#define BLOCK_DIM 16

/* warpscope
kernel: matmul_naive
title: Naive matrix product
params:
  n: {default: 512, min: 16, max: 4096, multiple_of: 16, unit: elements,
      help: "Side of the square matrices"}
grid: [ceil(n / 16), ceil(n / 16)]   # 16 = BLOCK_DIM
block: [16, 16]                      # BLOCK_DIM x BLOCK_DIM
shared: 0
args:
  - lda:   {scalar: int, value: n}   # rows of A (and of C)
  - ncola: {scalar: int, value: n}   # columns of A = rows of B
  - a:     {buffer: float, length: n * n, fill: random, seed: 1}
  - ncolb: {scalar: int, value: n}   # columns of B (and of C)
  - b:     {buffer: float, length: n * n, fill: random, seed: 2}
  - c:     {buffer: float, length: n * n, output: true}
check:
  reference: matmul_naive_reference
  grid: [ceil(n / 16), ceil(n / 16)]
  block: [16, 16]
  shared: 0
  tolerance: 0.0001           # relative: |got - want| <= 1e-4 * max(1, |want|)
*/

__global__ void matmul_naive(int lda, int ncola, const float* a, int ncolb, const float* b,
                             float* c)
{
    // indices in the matrix
    int i = threadIdx.x + blockIdx.x * blockDim.x;  // row
    int j = threadIdx.y + blockIdx.y * blockDim.y;  // column
    if (i < lda && j < ncolb) {  // check validity of thread
        float s = 0.0f;
        for (int k = 0; k < ncola; k++)  // accumulate products
            s += a[i * ncola + k] * b[k * ncolb + j];
        c[i * ncolb + j] = s;
    }
}

// Reference: still one thread per element, but the other way round:
// x walks the columns and y the rows (so a warp writes one row of C),
// and the k loop runs backwards. Different rounding order, hence the
// small tolerance.
__global__ void matmul_naive_reference(int lda, int ncola, const float* a, int ncolb,
                                       const float* b, float* c)
{
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (row < lda && col < ncolb) {
        float s = 0.0f;
        for (int k = ncola - 1; k >= 0; k--)
            s += a[row * ncola + k] * b[k * ncolb + col];
        c[row * ncolb + col] = s;
    }
}
