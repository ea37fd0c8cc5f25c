// y = a * x + y, with x and y read from NumPy files and the result compared
// with a third: a kernel file's data from .npy (docs/your-kernel.md).
/* warpscope
kernel: saxpy
params:
  a: {type: float, default: 2, min: -10, max: 10}
grid: ceil(1000 / 128)
block: 128
args:
  - x: {buffer: float, length: 1000, fill: x.npy}
  - y: {buffer: float, length: 1000, fill: y.npy, output: true}
  - a: {scalar: float, value: a}
  - n: {scalar: int, value: 1000}
check:
  expected: {y: expected.npy}
  tolerance: 0
*/
__global__ void saxpy(const float* x, float* y, float a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = a * x[i] + y[i];
}
