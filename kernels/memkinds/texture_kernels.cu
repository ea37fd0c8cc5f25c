// The rotated window (seed 004's texture slides): output pixel (ox, oy)
// takes the texel that the rotation about the centre puts there, or 0
// outside the image. Neighbouring threads read neighbouring texels along a
// slanted line, so a warp's loads spread over several rows: the texture
// cache keeps 2D neighbourhoods, plain and __ldg loads keep lines. The texel
// is chosen in 16.16 fixed point (windowTexel, the CPU's sourceTexel), so
// every path reads the same texel bit for bit; the texture is sampled at the
// texel's centre (x + 0.5, y + 0.5) with point filtering.
#include <cuda_runtime.h>

#include <cstring>
#include <string>

#include "kernels/common/cuda_check.h"
#include "kernels/common/device_record.cuh"
#include "kernels/memkinds/device_rules.h"
#include "kernels/memkinds/texture_kernels.h"

namespace ws::memkinds {

namespace {

template <TexturePath kPath>
__device__ __forceinline__ float readTexel(const WindowArgs& a, std::int32_t x, std::int32_t y) {
    if constexpr (kPath == TexturePath::Texture)
        return tex2D<float>(a.texture, float(x) + 0.5f, float(y) + 0.5f);
    else if constexpr (kPath == TexturePath::Global)
        return a.image[std::size_t(y) * a.window.side + std::size_t(x)];
    else
        return __ldg(a.image + std::size_t(y) * a.window.side + std::size_t(x));
}

template <TexturePath kPath, bool kRecord>
__global__ void rotateWindow(WindowArgs a, BlockRecordPointers blocks) {
    std::int64_t startClock = 0;
    std::uint64_t startNs = 0;
    if constexpr (kRecord) {
        if (dev::firstThread()) {
            startClock = clock64();
            startNs = dev::globalTimerNs();
        }
    }
    const std::int32_t ox = std::int32_t(blockIdx.x * blockDim.x + threadIdx.x);
    const std::int32_t oy = std::int32_t(blockIdx.y * blockDim.y + threadIdx.y);
    const auto side = std::int32_t(a.window.side);
    if (ox < side && oy < side) {
        std::int32_t x = 0, y = 0;
        float v = 0.0f;
        if (windowTexel(a.window.side, a.window.cosQ16, a.window.sinQ16, ox, oy, x, y))
            v = readTexel<kPath>(a, x, y);
        a.out[std::size_t(oy) * a.window.side + std::size_t(ox)] = v;
    }
    if constexpr (kRecord) {
        // The bar covers the whole block: thread (0, 0) ends after all.
        __syncthreads();
        if (dev::firstThread() && blocks.block != nullptr) {
            const std::uint32_t b = blockIdx.y * gridDim.x + blockIdx.x;
            blocks.block[b] = b;
            blocks.sm[b] = dev::smId();
            blocks.startNs[b] = startNs;
            blocks.endNs[b] = dev::globalTimerNs();
            blocks.startClock[b] = startClock;
            blocks.endClock[b] = clock64();
        }
    }
}

using WindowKernel = void (*)(WindowArgs, BlockRecordPointers);

template <TexturePath kPath>
WindowKernel windowKernel(bool record) {
    return record ? rotateWindow<kPath, true> : rotateWindow<kPath, false>;
}

}  // namespace

dim3 windowBlock(std::uint32_t threads) {
    std::uint32_t width = 1;
    while (width * width < threads) width *= 2;
    while (width > 1 && threads % width != 0) width /= 2;
    return dim3(width, threads / width);
}

dim3 windowGrid(std::uint32_t side, dim3 block) {
    return dim3((side + block.x - 1) / block.x, (side + block.y - 1) / block.y);
}

Status launchWindow(TexturePath path, bool record, dim3 grid, dim3 block, const WindowArgs& args,
                    const BlockRecordPointers& blocks, cudaStream_t stream) {
    WindowKernel kernel = path == TexturePath::Texture ? windowKernel<TexturePath::Texture>(record)
                          : path == TexturePath::Global
                              ? windowKernel<TexturePath::Global>(record)
                              : windowKernel<TexturePath::ReadOnly>(record);
    kernel<<<grid, block, 0, stream>>>(args, record ? blocks : BlockRecordPointers{});
    WS_CUDA_TRY_LAUNCH(std::string("rotateWindow (") + texturePathName(path) + ")");
    return {};
}

void TextureObject::release() {
    if (m_texture) cudaDestroyTextureObject(m_texture);  // cannot fail usefully here
    m_texture = 0;
}

Status TextureObject::linearWords(std::uint32_t* data, std::uint64_t words) {
    release();
    // cudaMalloc's blocks start on the texture alignment; say so if one did not.
    int device = 0, alignment = 0;
    WS_CUDA_TRY(cudaGetDevice(&device));
    WS_CUDA_TRY(cudaDeviceGetAttribute(&alignment, cudaDevAttrTextureAlignment, device));
    if (alignment > 0 && reinterpret_cast<std::uintptr_t>(data) % std::uintptr_t(alignment) != 0)
        return makeError("a linear texture must start on " + std::to_string(alignment) +
                         " bytes; the chase's buffer does not");
    cudaResourceDesc resource;
    std::memset(&resource, 0, sizeof resource);
    resource.resType = cudaResourceTypeLinear;
    resource.res.linear.devPtr = data;
    resource.res.linear.desc = cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindUnsigned);
    resource.res.linear.sizeInBytes = words * 4;
    cudaTextureDesc texture;
    std::memset(&texture, 0, sizeof texture);
    texture.readMode = cudaReadModeElementType;
    WS_CUDA_TRY(cudaCreateTextureObject(&m_texture, &resource, &texture, nullptr));
    return {};
}

Status TextureObject::pointSampled(cudaArray_t array) {
    release();
    cudaResourceDesc resource;
    std::memset(&resource, 0, sizeof resource);
    resource.resType = cudaResourceTypeArray;
    resource.res.array.array = array;
    cudaTextureDesc texture;
    std::memset(&texture, 0, sizeof texture);
    texture.addressMode[0] = cudaAddressModeBorder;
    texture.addressMode[1] = cudaAddressModeBorder;
    texture.filterMode = cudaFilterModePoint;
    texture.readMode = cudaReadModeElementType;
    texture.normalizedCoords = 0;
    WS_CUDA_TRY(cudaCreateTextureObject(&m_texture, &resource, &texture, nullptr));
    return {};
}

Status FloatArray2D::allocate(std::uint32_t width, std::uint32_t height) {
    if (m_array) cudaFreeArray(m_array);
    m_array = nullptr;
    const cudaChannelFormatDesc desc =
        cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindFloat);
    WS_CUDA_TRY(cudaMallocArray(&m_array, &desc, width, height));
    m_width = width;
    m_height = height;
    return {};
}

Status FloatArray2D::copyFromDevice(const float* rows) {
    const std::size_t pitch = std::size_t(m_width) * sizeof(float);
    WS_CUDA_TRY(
        cudaMemcpy2DToArray(m_array, 0, 0, rows, pitch, pitch, m_height, cudaMemcpyDeviceToDevice));
    return {};
}

Result<std::uint64_t> linearTextureLimit(int device) {
    const cudaChannelFormatDesc desc =
        cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindUnsigned);
    std::size_t texels = 0;
    WS_CUDA_TRY(cudaDeviceGetTexture1DLinearMaxWidth(&texels, &desc, device));
    return std::uint64_t(texels);
}

}  // namespace ws::memkinds
