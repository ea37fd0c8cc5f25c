// A kernel that writes far past its buffer: an illegal address, reported as
// the run's error.
/* warpscope
kernel: wild
grid: 1
block: 32
args:
  - p: {buffer: int, length: 32}
*/
__global__ void wild(int* p) { p[threadIdx.x + (1 << 28)] = 1; }
