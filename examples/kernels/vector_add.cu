// Vector add: c[i] = a[i] + b[i], one thread per element.
// The first example of seed 000 (addKernel), grown to n elements.

/* warpscope
kernel: vector_add
title: Vector add
params:
  n: {default: 1048576, min: 1, max: 67108864, unit: elements,
      help: "Number of elements in each vector"}
grid: ceil(n / 256)
block: 256
shared: 0
args:
  - a: {buffer: float, length: n, fill: random, seed: 1}
  - b: {buffer: float, length: n, fill: random, seed: 2}
  - c: {buffer: float, length: n, output: true}
  - n: {scalar: int, value: n}
check:
  reference: vector_add_reference
  grid: 64
  block: 256
  shared: 0
  tolerance: 0
*/

// One thread per element. The grid is rounded up to whole blocks,
// so the last block may have threads past the end: they do nothing.
__global__ void vector_add(const float* a, const float* b, float* c, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)  // bounds check
        c[i] = a[i] + b[i];
}

// Reference: a grid-stride loop. A small fixed grid (64 x 256 threads)
// walks the whole vector, each thread jumping by the total thread count.
__global__ void vector_add_reference(const float* a, const float* b, float* c, int n)
{
    int stride = gridDim.x * blockDim.x;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
        c[i] = a[i] + b[i];
}
