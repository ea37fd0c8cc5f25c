// Transpose of an 8-bit image through a 16x16 tile in shared memory
// (seed 001). The naive transpose reads rows but writes columns, so its
// writes are not coalesced. Here a block first copies a 16x16 tile into
// shared memory (coalesced reads), then writes it out transposed, again
// along rows (coalesced writes).
//
// Each tile row is padded by 4 bytes (sbuf[16][16 + 4]): shared memory
// banks are 4 bytes wide, so reading a column of an unpadded 16-byte-wide
// tile hits the same bank twice per warp. Set PAD to 0 to see the bank
// conflicts come back.

#define TILE 16
#define PAD 4

/* warpscope
kernel: transpose_uint8
title: Transpose uint8 (shared tile)
params:
  width:  {default: 1024, min: 16, max: 8192, multiple_of: 16, unit: pixels,
           help: "Image width (columns)"}
  height: {default: 1024, min: 16, max: 8192, multiple_of: 16, unit: pixels,
           help: "Image height (rows)"}
grid: [ceil(width / 16), ceil(height / 16)]   # 16 = TILE
block: [16, 16]                               # TILE x TILE
shared: 0                                     # the tile is a static __shared__ array
args:
  - src:    {buffer: uint8, length: width * height, fill: random, seed: 1, range: [0, 256]}
  - dst:    {buffer: uint8, length: width * height, output: true}
  - width:  {scalar: int, value: width}
  - height: {scalar: int, value: height}
check:
  reference: transpose_uint8_reference
  grid: [ceil(width / 16), ceil(height / 16)]
  block: [16, 16]
  shared: 0
  tolerance: 0
*/

// src is height rows of width bytes; dst is width rows of height bytes.
__global__ void transpose_uint8(const unsigned char* src, unsigned char* dst, int width,
                                int height)
{
    int tx = threadIdx.x;
    int ty = threadIdx.y;
    int xbase = blockIdx.x * blockDim.x;
    int ybase = blockIdx.y * blockDim.y;
    __shared__ unsigned char sbuf[TILE][TILE + PAD];
    {
        // read the tile: neighbouring threads read neighbouring bytes of a row
        int x = xbase + tx;
        int y = ybase + ty;
        if (x < width && y < height)
            sbuf[ty][tx] = src[x + y * width];
    }
    __syncthreads();
    {
        // write it transposed: swap the roles of tx and ty, so that
        // neighbouring threads again write neighbouring bytes
        int x = xbase + ty;
        int y = ybase + tx;
        if (x < width && y < height)
            dst[y + x * height] = sbuf[tx][ty];
    }
}

// Reference: the naive transpose of the seed, "just swap x and y".
__global__ void transpose_uint8_reference(const unsigned char* src, unsigned char* dst,
                                          int width, int height)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < width && y < height)
        dst[y + x * height] = src[x + y * width];
}
