// Tiled matrix product C = A * B with shared memory (seed 004, "Codage").
// Each block computes a BLOCK_DIM x BLOCK_DIM tile of C. It walks along
// k one tile at a time: every thread loads one element of the A tile and
// one of the B tile into shared memory, the block waits, and then each
// thread multiplies a row of the A tile by a column of the B tile.
// Every element loaded from global memory is used BLOCK_DIM times.
//
// The course's code advances its A offset with `sa += sa` (a bug: the A
// tile never moves). Here the A tile is indexed directly with k instead.
// As in the course, threadIdx.x is the row and threadIdx.y the column.

#define BLOCK_DIM 16

/* warpscope
kernel: matmul_tiled
title: Tiled matrix product (shared memory)
params:
  n: {default: 512, min: 16, max: 4096, multiple_of: 16, unit: elements,
      help: "Side of the square matrices"}
grid: [ceil(n / 16), ceil(n / 16)]   # 16 = BLOCK_DIM
block: [16, 16]                      # BLOCK_DIM x BLOCK_DIM, must match the tile
shared: 0                            # the two tiles are static __shared__ arrays
args:
  - lda:   {scalar: int, value: n}   # rows of A (and of C)
  - ncola: {scalar: int, value: n}   # columns of A = rows of B
  - a:     {buffer: float, length: n * n, fill: random, seed: 1}
  - ncolb: {scalar: int, value: n}   # columns of B (and of C)
  - b:     {buffer: float, length: n * n, fill: random, seed: 2}
  - c:     {buffer: float, length: n * n, output: true}
check:
  reference: matmul_tiled_reference
  grid: [ceil(n / 16), ceil(n / 16)]
  block: [16, 16]
  shared: 0
  tolerance: 0.0001           # relative: |got - want| <= 1e-4 * max(1, |want|)
*/

__global__ void matmul_tiled(int lda, int ncola, const float* a, int ncolb, const float* b,
                             float* c)
{
    __shared__ float blockA[BLOCK_DIM][BLOCK_DIM];
    __shared__ float blockB[BLOCK_DIM][BLOCK_DIM];

    int tx = threadIdx.x;
    int ty = threadIdx.y;
    int i = blockIdx.x * BLOCK_DIM + tx;  // row of C
    int j = blockIdx.y * BLOCK_DIM + ty;  // column of C
    float s = 0.0f;

    for (int k = 0; k < ncola; k += BLOCK_DIM) {
        // load one element of each tile; outside the matrix, 0
        if (i < lda && k + ty < ncola)
            blockA[tx][ty] = a[i * ncola + (k + ty)];        // A[i][k + ty]
        else
            blockA[tx][ty] = 0.0f;
        if (j < ncolb && k + tx < ncola)
            blockB[tx][ty] = b[(k + tx) * ncolb + j];        // B[k + tx][j]
        else
            blockB[tx][ty] = 0.0f;
        __syncthreads();  // wait until both tiles are complete

        // product of the two tiles
        for (int l = 0; l < BLOCK_DIM; l++)
            s += blockA[tx][l] * blockB[l][ty];
        __syncthreads();  // wait until everyone is done before overwriting the tiles
    }

    if (i < lda && j < ncolb)
        c[i * ncolb + j] = s;
}

// Reference: the plain product, one thread per element of C, no shared
// memory; x walks the columns and y the rows, and k runs backwards.
__global__ void matmul_tiled_reference(int lda, int ncola, const float* a, int ncolb,
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
