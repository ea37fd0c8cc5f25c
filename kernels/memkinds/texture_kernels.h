#pragma once
// The texture paths as the host sees them (kernels/memkinds/texture_kernels.cu):
// owning handles for the texture objects the lab reads through (a linear
// texture of 32-bit words for the latency chase, a 2D float array sampled at
// texel centres for the rotated window), destroyed on every path; and the
// rotated window's kernels: each thread writes one output pixel from the
// texel the window puts there (sourceTexel), read through the texture, with
// plain loads or with __ldg.
#include <cuda_runtime_api.h>

#include <cstdint>

#include "core/common/result.h"
#include "core/memkinds/memkinds_tables.h"
#include "core/memkinds/rotated_window.h"
#include "kernels/common/record_pointers.h"

namespace ws::memkinds {

class TextureObject {
public:
    TextureObject() = default;
    TextureObject(const TextureObject&) = delete;
    TextureObject& operator=(const TextureObject&) = delete;
    ~TextureObject() { release(); }

    // tex1Dfetch<unsigned int> over `words` 32-bit words at `data`.
    Status linearWords(std::uint32_t* data, std::uint64_t words);
    // tex2D<float> over `array`: point sampling, unnormalised coordinates,
    // zero outside (border).
    Status pointSampled(cudaArray_t array);
    cudaTextureObject_t get() const { return m_texture; }

private:
    void release();
    cudaTextureObject_t m_texture = 0;
};

// A side x side array of floats, the texture's storage.
class FloatArray2D {
public:
    FloatArray2D() = default;
    FloatArray2D(const FloatArray2D&) = delete;
    FloatArray2D& operator=(const FloatArray2D&) = delete;
    ~FloatArray2D() {
        if (m_array) cudaFreeArray(m_array);
    }

    Status allocate(std::uint32_t width, std::uint32_t height);
    // Rows of `width` floats from device memory.
    Status copyFromDevice(const float* rows);
    cudaArray_t get() const { return m_array; }

private:
    cudaArray_t m_array = nullptr;
    std::uint32_t m_width = 0, m_height = 0;
};

// The most 32-bit texels a linear texture may hold on `device`.
Result<std::uint64_t> linearTextureLimit(int device);

struct WindowArgs {
    RotatedWindow window;
    cudaTextureObject_t texture = 0;  // path texture
    float* image = nullptr;           // paths global and ldg: side x side, row by row
    float* out = nullptr;             // side x side
};

// A 2D block of `threads` threads, as square as a power-of-two width that
// divides it allows: 256 -> 16 x 16, 512 -> 32 x 16, 96 -> 16 x 6.
dim3 windowBlock(std::uint32_t threads);
dim3 windowGrid(std::uint32_t side, dim3 block);

// Block records are indexed by the linear block (blockIdx.y * gridDim.x +
// blockIdx.x) and written by thread (0, 0).
Status launchWindow(TexturePath path, bool record, dim3 grid, dim3 block, const WindowArgs& args,
                    const BlockRecordPointers& blocks, cudaStream_t stream);

}  // namespace ws::memkinds
