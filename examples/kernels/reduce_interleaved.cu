// Sum reduction, interleaved addressing (the first step of the
// reduction ladder, seed 000). Each block loads blockDim.x ints into
// shared memory and adds them in a tree: at step s, every thread whose
// id is a multiple of 2*s adds the element s places to its right.
// The block writes one partial sum; adding the partial sums is left to
// a second launch (or to the host).
//
// `tid % (2 * s)` is the lesson here: the active threads are spread out
// over all warps, so most warps diverge, and `%` itself is slow.

#define BLOCK_SIZE 256

/* warpscope
kernel: reduce_interleaved
title: Reduction, interleaved addressing
params:
  n: {default: 1048576, min: 1, max: 67108864, unit: elements,
      help: "Number of ints to sum"}
grid: ceil(n / 256)
block: 256                 # BLOCK_SIZE, a power of two
shared: 256 * 4            # sdata: one int per thread
args:
  - in:      {buffer: int, length: n, fill: random, seed: 1, range: [0, 100]}
  - partial: {buffer: int, length: ceil(n / 256), output: true}
  - n:       {scalar: int, value: n}
check:
  reference: reduce_interleaved_reference
  grid: ceil(n / 256)
  block: 1                 # one thread per block of the kernel
  shared: 0
  tolerance: 0
*/

__global__ void reduce_interleaved(const int* in, int* partial, int n)
{
    extern __shared__ int sdata[];  // blockDim.x ints, set by the launch

    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;

    // each thread loads one element (0 past the end of the input)
    sdata[tid] = (i < n) ? in[i] : 0;
    __syncthreads();

    // tree in shared memory
    for (unsigned int s = 1; s < blockDim.x; s *= 2) {
        if (tid % (2 * s) == 0)
            sdata[tid] += sdata[tid + s];
        __syncthreads();
    }

    // thread 0 writes this block's sum
    if (tid == 0)
        partial[blockIdx.x] = sdata[0];
}

// Reference: a single thread per block adds up, one by one, the
// BLOCK_SIZE elements that block blockIdx.x of the kernel reduced.
__global__ void reduce_interleaved_reference(const int* in, int* partial, int n)
{
    if (threadIdx.x != 0)
        return;
    int begin = blockIdx.x * BLOCK_SIZE;
    int end = min(begin + BLOCK_SIZE, n);
    int sum = 0;
    for (int i = begin; i < end; i++)
        sum += in[i];
    partial[blockIdx.x] = sum;
}
