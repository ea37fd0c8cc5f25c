// Minimum value AND its index in one atomic operation (seed 002).
// CUDA has no atomicMin for a (value, index) pair, so we pack the pair
// into one 64-bit word and update it with an atomicCAS loop.
//
// The key: value bits in the high 32 bits, index + 1 in the low 32 bits.
//   key = (__float_as_uint(value) << 32) | (index + 1)
// For non-negative floats the bit patterns compare as unsigned integers
// in the same order as the floats, so a smaller key means a smaller value,
// and for equal values the smaller index (the CPU's answer, the blog's
// "ModifiedNew" loop). The result is deterministic.
//
// Why index + 1: the result buffer starts as 0 (fill: zeros), and 0 means
// "no candidate yet". A real key is never 0 because its low half is at
// least 1. (The other choice, filling the buffer with 0xFFFFFFFFFFFFFFFF,
// needs a 64-bit number in the description, which is easy to get wrong:
// 18446744073709551615 does not fit in an int64 or a double.)
// To read the result: value = __uint_as_float(key >> 32),
//                     index = (key & 0xFFFFFFFF) - 1.

/* warpscope
kernel: argmin_cas
title: Argmin with atomicCAS
params:
  n: {default: 1048576, min: 1, max: 67108864, unit: elements,
      help: "Number of values to search"}
grid: ceil(n / 256)
block: 256
shared: 0
args:
  - values: {buffer: float, length: n, fill: random, seed: 1, range: [0, 10000]}
  - result: {buffer: unsigned long long, length: 1, fill: zeros, output: true}   # 0 = empty
  - n:      {scalar: int, value: n}
check:
  reference: argmin_reference
  grid: 1
  block: 256
  shared: 0                # its shared array is static
  tolerance: 0
*/

// Pack (value, index) into one key; value must be >= 0.
__device__ unsigned long long make_key(float value, int index)
{
    unsigned long long bits = __float_as_uint(value);
    return (bits << 32) | (unsigned int)(index + 1);
}

__global__ void argmin_cas(const float* values, unsigned long long* result, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;

    unsigned long long key = make_key(values[i], i);

    // Lock-free update: try to swap our key in while it is smaller than
    // what is there. atomicCAS returns the word it found: if that is what
    // we assumed, our key went in; otherwise someone else changed it first,
    // and we try again against the new word.
    unsigned long long old = *result;
    while (old == 0 || key < old) {
        unsigned long long assumed = old;
        old = atomicCAS(result, assumed, key);
        if (old == assumed)
            break;  // success, in one CAS when nobody interferes
    }
}

// Reference: one block of 256 threads. Each thread scans every 256th
// value and keeps its smallest key, then the block takes the smallest
// of the 256 keys with a tree in shared memory. No atomics.
__global__ void argmin_reference(const float* values, unsigned long long* result, int n)
{
    __shared__ unsigned long long best[256];
    unsigned int tid = threadIdx.x;

    unsigned long long mine = 0xFFFFFFFFFFFFFFFFull;  // larger than any key
    for (int i = tid; i < n; i += blockDim.x) {
        unsigned long long key = make_key(values[i], i);
        if (key < mine)
            mine = key;
    }
    best[tid] = mine;
    __syncthreads();

    for (unsigned int s = blockDim.x / 2; s > 0; s /= 2) {
        if (tid < s && best[tid + s] < best[tid])
            best[tid] = best[tid + s];
        __syncthreads();
    }

    if (tid == 0)
        result[0] = best[0];
}
